"""The embedded engine: the project's own small DiffusionGemma, filling POINTER canvases on any CPU.

It is the DiffusionGemma backend with three things changed: the model and tokenizer load from the directory
shipped inside the package (or ``--model PATH``), the prompt is the pointer prompt of :mod:`engine.embedded.prompt`
instead of a chat template, and value slots choose a span of the document (or an enum member) instead of spelling
a value — so every value it returns is grounded in the document's words.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field

from engine.base import EngineOptions, EngineRequest, EngineResult
from engine.canvas import CanvasPlan, PlacedSlot, SlotStrategy
from engine.diffusion import DiffusionGemmaEngine, DiffusionGemmaOptions, PreparedPrompt
from engine.embedded.data import encode_prompt
from engine.embedded.pointers import SlotPointers
from engine.embedded.prompt import build_prompt
from engine.embedded.tokenizer import ABSENT_TOKEN, NULL_TOKEN
from engine.errors import ModelLoadError

__all__ = ["DEFAULT_MODEL_DIR", "EmbeddedEngine", "EmbeddedOptions"]

logger = logging.getLogger(__name__)

DEFAULT_MODEL_DIR = Path(__file__).parent / "model"


class EmbeddedOptions(DiffusionGemmaOptions):
    """Options of the embedded engine; sampler settings as the DiffusionGemma backend."""

    model: str = Field(str(DEFAULT_MODEL_DIR), description="directory of an embedded-model checkpoint")
    strategy: SlotStrategy = SlotStrategy.POINTER
    filler_token: str | None = ABSENT_TOKEN
    use_images: bool = False
    max_images: int = 0
    max_prompt_tokens: int = Field(8192, ge=256)
    max_denoising_steps: int = Field(12, ge=1)
    n_pointers: int | None = Field(None, description="default: the number of pointer tokens the tokenizer has")


class EmbeddedEngine(DiffusionGemmaEngine):
    """The default engine: a small DiffusionGemma trained by this project (see engine/embedded/MODEL_CARD.md)."""

    name: ClassVar[str] = "embedded"
    Options: ClassVar[type[EngineOptions]] = EmbeddedOptions

    def __init__(self, options: EngineOptions, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.options: EmbeddedOptions = options  # type: ignore[assignment]
        self.vocab: dict[str, int] = self.tokenizer.get_vocab()
        self.n_pointers = self.options.n_pointers or sum(1 for t in self.vocab if t.startswith("<p") and
                                                         t[2:-1].isdigit())
        self._pointers: dict[str, SlotPointers] = {}

    def load_model(self) -> tuple[Any, Any, Any]:
        import torch
        from transformers import DiffusionGemmaForBlockDiffusion, PreTrainedTokenizerFast

        from engine.diffusion import _resolve_device

        path = Path(self.options.model).expanduser()
        if not (path / "config.json").is_file():
            raise ModelLoadError(f"no embedded model at {path}",
                                 hint="train one with `extract train fit` or pass --model PATH")
        try:
            model = DiffusionGemmaForBlockDiffusion.from_pretrained(str(path), dtype=torch.float32)
            tokenizer = PreTrainedTokenizerFast.from_pretrained(str(path))
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"cannot load the embedded model from {path}: {exc}") from exc
        model.to(_resolve_device(self.options.device)).eval()
        return model, tokenizer, None

    def pointer_null_id(self) -> int | None:
        return int(self.tokenizer.convert_tokens_to_ids(NULL_TOKEN))

    def prepare_prompt(self, request: EngineRequest, plan: CanvasPlan) -> PreparedPrompt:
        prompt = build_prompt(request.words, self.vocab, n_pointers=self.n_pointers)
        if prompt.unpointed:
            logger.warning("request %s: %d spans beyond the model's %d pointers cannot be chosen", request.id,
                           prompt.unpointed, self.n_pointers)
        self._pointers[request.id] = SlotPointers(plan, prompt, self.vocab)
        ids = encode_prompt(self.tokenizer, prompt)
        truncated = len(ids) > self.options.max_prompt_tokens
        if truncated:
            ids = ids[: self.options.max_prompt_tokens]
        return PreparedPrompt(ids, truncated=truncated)

    def pointer_ids(self, slot: PlacedSlot, request: EngineRequest) -> Sequence[int]:
        return self._pointers[request.id].ids_for(slot, request)

    def resolve_pointer(self, slot: PlacedSlot, token_id: int, request: EngineRequest) -> Any:
        return self._pointers[request.id].resolve(slot, token_id)

    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        try:
            return super().extract_batch(requests)
        finally:
            for r in requests:
                self._pointers.pop(r.id, None)
