"""Confidence calibration for the embedded model: a monotone map from the model's probability to P(right).

A slot's raw confidence is the probability the model gave its chosen token. How often such a value is right
depends on more than that number, above all on whether the model kept the baseline's draft or overrode it, so the
map is fitted per group ("agree", "differ", "no_draft") by isotonic regression (pool-adjacent-violators) on fields
of documents the model was not trained on, with add-one smoothing per block so that a small block never claims
certainty. The fitted map ships next to the weights as ``calibration.json``; ``extract train calibrate`` writes it.
"""

from __future__ import annotations

import bisect
import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

__all__ = ["CALIBRATION_FILE", "DRAFT_CODES", "ConfidenceMap", "draft_group", "field_f1", "fit_calibration", "fit_isotonic", "value_at"]

CALIBRATION_FILE = "calibration.json"

logger = logging.getLogger(__name__)


#: how a field's ``signals["draft"]`` encodes its calibration group (kept the draft, replaced it, had none)
DRAFT_CODES = {"agree": 1.0, "differ": 0.0, "no_draft": -1.0}
_GROUPS = {code: group for group, code in DRAFT_CODES.items()}


def draft_group(signals: Mapping[str, float]) -> str:
    """The calibration group of a field from its signals."""
    return _GROUPS.get(signals.get("draft", -1.0), "no_draft")


def fit_isotonic(pairs: Iterable[tuple[float, bool]]) -> list[tuple[float, float, int]]:
    """Blocks ``(upper raw confidence, smoothed accuracy, fields)`` of a non-decreasing step function."""
    tied: dict[float, list[float]] = {}
    for x, y in pairs:
        cell = tied.setdefault(float(x), [0.0, 0.0])
        cell[0] += 1.0 if y else 0.0
        cell[1] += 1.0
    blocks: list[list[float]] = []  # [upper x, right, count]; equal raw values always share a block
    for x in sorted(tied):
        blocks.append([x, *tied[x]])
        # pool adjacent violators (compare smoothed means, the values the map will return)
        while len(blocks) > 1 and _mean(blocks[-2]) >= _mean(blocks[-1]):
            last = blocks.pop()
            blocks[-1] = [last[0], blocks[-1][1] + last[1], blocks[-1][2] + last[2]]
    return [(b[0], round(_mean(b), 4), int(b[2])) for b in blocks]


def _mean(block: Sequence[float]) -> float:
    return (block[1] + 1.0) / (block[2] + 2.0)


class ConfidenceMap(BaseModel):
    """Per group, a non-decreasing step function over raw confidence (see :func:`fit_isotonic`)."""

    groups: dict[str, list[tuple[float, float, int]]] = Field(default_factory=dict)
    fitted_on: str = ""
    #: the embedded engine's ``draft_prior`` chosen with this calibration (log-odds bonus of the draft's token)
    draft_prior: float = 0.0
    #: field accuracy on the fitting documents for each draft prior tried
    draft_prior_search: dict[str, float] = Field(default_factory=dict)

    @classmethod
    def fit(cls, samples: Iterable[tuple[str, float, bool]], *, fitted_on: str = "") -> ConfidenceMap:
        by_group: dict[str, list[tuple[float, bool]]] = {}
        for group, raw, right in samples:
            by_group.setdefault(group, []).append((raw, right))
        return cls(groups={g: fit_isotonic(p) for g, p in sorted(by_group.items())}, fitted_on=fitted_on)

    def apply(self, raw: float, group: str) -> float:
        """Calibrated confidence; a group never seen in fitting keeps the raw value."""
        steps = self.groups.get(group)
        if not steps:
            return raw
        uppers = [s[0] for s in steps]
        i = bisect.bisect_left(uppers, raw)
        return steps[min(i, len(steps) - 1)][1]

    def save(self, folder: Path) -> Path:
        path = folder / CALIBRATION_FILE
        path.write_text(self.model_dump_json(indent=1))
        return path

    @classmethod
    def load(cls, folder: Path) -> ConfidenceMap | None:
        path = folder / CALIBRATION_FILE
        if not path.is_file():
            return None
        return cls.model_validate(json.loads(path.read_text()))


def value_at(data: Mapping[str, Any], path: str) -> Any:
    """The value at a field path such as ``line_items[2].amount`` or ``address.city`` (None when absent)."""
    current: Any = data
    for part in path.replace("]", "").replace("[", ".").split("."):
        if isinstance(current, Mapping):
            current = current.get(part)
        elif isinstance(current, list) and part.isdigit():
            current = current[int(part)] if int(part) < len(current) else None
        else:
            return None
        if current is None:
            return None
    return current


def calibration_samples(results: Iterable[Any], truths: Iterable[Mapping[str, Any]]) -> list[tuple[str, float, bool]]:
    """``(group, raw confidence, right)`` for every non-null field of engine results with their truths."""
    from pipeline.scoring import same_value

    out: list[tuple[str, float, bool]] = []
    for result, truth in zip(results, truths, strict=True):
        for path, field in result.fields.items():
            if field.value is None or field.signals is None:
                continue
            out.append((draft_group(field.signals), float(field.signals["model"]), same_value(field.value, value_at(truth, path))))
    return out


def _run(model_dir: Path, docs: Sequence[Any], draft_prior: float, batch_size: int) -> list[Any]:
    from engine.base import EngineRequest
    from engine.registry import create_engine
    from schemas import get_schema

    engine = create_engine("embedded", {"model": str(model_dir), "calibrate": False, "draft_prior": draft_prior})
    results: list[Any] = []
    try:
        for i in range(0, len(docs), batch_size):
            chunk = docs[i:i + batch_size]
            results.extend(engine.extract_batch([EngineRequest(id=d.id, words=d.words, target=get_schema(d.doc_type))
                                                 for d in chunk]))
    finally:
        engine.close()
    return results


def field_f1(results: Sequence[Any], docs: Sequence[Any]) -> float:
    """Micro F1 over every field of every document (header fields and line-item cells alike)."""
    from pipeline.scoring import Scoreboard

    board = Scoreboard()
    for result, doc in zip(results, docs, strict=True):
        board.add(result.data, doc.truth)
    tp = sum(c.tp for c in board.fields.values())
    fp = sum(c.fp for c in board.fields.values())
    fn = sum(c.fn for c in board.fields.values())
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def fit_calibration(model_dir: Path, docs: Sequence[Any], *, batch_size: int = 4, fitted_on: str = "",
                    draft_priors: Sequence[float] = (0.0, 1.0, 2.0, 3.0, 5.0)) -> ConfidenceMap:
    """Choose the draft prior with the best field F1 on corpus documents, then fit the :class:`ConfidenceMap` of
    the model's raw confidences at that prior."""
    best: tuple[float, float, list[Any]] | None = None
    search: dict[str, float] = {}
    for prior in draft_priors:
        results = _run(model_dir, docs, prior, batch_size)
        score = field_f1(results, docs)
        search[str(prior)] = round(score, 4)
        logger.info("draft prior %.1f: field F1 %.4f", prior, score)
        if best is None or score > best[0]:
            best = (score, prior, results)
    assert best is not None
    _, prior, results = best
    cmap = ConfidenceMap.fit(calibration_samples(results, [d.truth for d in docs]), fitted_on=fitted_on)
    return cmap.model_copy(update={"draft_prior": prior, "draft_prior_search": search})
