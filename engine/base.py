"""The engine contract: a batch of typed requests in, a batch of typed results out.

An engine turns a prompt (the document's words in reading order, its page images, the target Pydantic model)
into values for that model, with per-field confidence and statistics of the decoding. It knows nothing of files,
OCR or orchestration. Backends subclass :class:`Engine`, declare an options model (``extra="forbid"``) and register
by name in :mod:`engine.registry`.
"""

from __future__ import annotations

import abc
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "SIGNATURE_MARK",
    "Engine",
    "EngineOptions",
    "EngineRequest",
    "EngineResult",
    "EngineStats",
    "FieldResult",
    "Provenance",
    "Word",
]


#: the word the OCR stage writes where it finds handwriting that is no text (a signature signed in ink or drawn in
#: pen strokes): a signature caption with it beside or over it is signed
SIGNATURE_MARK = "\u270d"


class Word(BaseModel):
    """One word of the document as the engine sees it.

    ``line`` numbers lines across the whole document in reading order (page by page); ``bbox`` is
    (x0, y0, x1, y1) in page coordinates normalised to 0..1 so layout is comparable across page sizes.
    """

    model_config = ConfigDict(frozen=True)

    text: str
    page: int = 0
    line: int = 0
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    confidence: float = 1.0


class EngineRequest(BaseModel):
    """What to extract from one document."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    id: str
    words: list[Word]
    #: PNG-encoded page images, first page first; backends without vision ignore them.
    images: list[bytes] = Field(default_factory=list, repr=False)
    #: The target document type (a :class:`schemas.base.DocumentSchema` subclass).
    target: type[BaseModel]

    @property
    def text(self) -> str:
        """The words joined line by line (the OCR text in reading order)."""
        lines: list[str] = []
        current = None
        for w in self.words:
            key = (w.page, w.line)
            if key != current:
                lines.append(w.text)
                current = key
            else:
                lines[-1] += " " + w.text
        return "\n".join(lines)


class FieldResult(BaseModel):
    """One extracted scalar: its value, confidence and where it came from.

    ``path`` is dotted with list indices (``line_items[2].amount``). ``canvas``/``positions`` locate the slot on
    the canvas; ``word_indices`` point into ``EngineRequest.words`` when the engine knows its source words
    (pointer and pattern engines do), which gives grounding by construction.
    """

    path: str
    value: Any = None
    confidence: float = Field(ge=0.0, le=1.0)
    canvas: int | None = None
    positions: tuple[int, int] | None = None
    word_indices: list[int] | None = None
    #: what the confidence was made from, when an engine calibrates it (the embedded model: its raw probability
    #: and whether it kept the draft), for fitting and auditing the calibration
    signals: dict[str, float] | None = None


class EngineStats(BaseModel):
    """How the decoding went for one document."""

    canvases: int = 0
    denoising_steps: list[int] = Field(default_factory=list)
    forward_passes: int = 0
    tokens_per_forward: float = 0.0
    seconds: float = 0.0


class Provenance(BaseModel):
    """What produced a result: engine, model id and revision or content hash, sampler settings."""

    engine: str
    model: str | None = None
    revision: str | None = None
    settings: dict[str, Any] = Field(default_factory=dict)
    #: version of the document type's schema the result was validated against (set by the pipeline)
    schema_version: str | None = None


class EngineResult(BaseModel):
    """The engine's answer for one request.

    ``data`` is the JSON-ready dict the canvas decoded to (it may still fail the schema's validation, which is
    the pipeline's job); ``error`` is set instead when nothing usable came out.
    """

    id: str
    data: dict[str, Any] | None = None
    fields: dict[str, FieldResult] = Field(default_factory=dict)
    raw: list[str] = Field(default_factory=list, description="raw canvas text, one entry per canvas")
    stats: EngineStats = Field(default_factory=EngineStats)
    error_code: str | None = None
    error: str | None = None


class EngineOptions(BaseModel):
    """Base of backend options; a typo in a setting fails when the engine is created."""

    model_config = ConfigDict(extra="forbid")


class Engine(abc.ABC):
    """A backend. Construct through :func:`engine.registry.create_engine`."""

    name: ClassVar[str]
    Options: ClassVar[type[EngineOptions]] = EngineOptions

    def __init__(self, options: EngineOptions) -> None:
        self.options = options

    @abc.abstractmethod
    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        """One result per request, in order. Per-document failures go in ``EngineResult.error``; raise only
        for failures of the engine itself (model missing, server down)."""

    def provenance(self) -> Provenance:
        """Engine name, model and settings, recorded with every result."""
        return Provenance(engine=self.name, settings=self.options.model_dump(mode="json"))

    def run_metrics(self) -> dict[str, float]:
        """Counters of the engine since it was created, for the run summary (a remote backend reports its
        servers' counters here); empty by default."""
        return {}

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release models, sessions, servers."""
