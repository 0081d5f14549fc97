"""The embedded engine: the project's own small DiffusionGemma, filling POINTER canvases on any CPU.

It is the DiffusionGemma backend with three things changed: the model and tokenizer load from the directory
shipped inside the package (or ``--model PATH``), the prompt is the pointer prompt of :mod:`engine.embedded.prompt`
instead of a chat template, and value slots choose a span of the document (or an enum member) instead of spelling
a value — so every value it returns is grounded in the document's words.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from engine.base import EngineOptions, EngineRequest, EngineResult, FieldResult
from engine.canvas import CanvasConstraint, CanvasLayout, CanvasPlan, PlacedSlot, SlotStrategy, encode_values
from engine.canvas_layout import CanvasValueError
from engine.diffusion import DiffusionGemmaEngine, DiffusionGemmaOptions, FilledDocument, PreparedPrompt
from engine.embedded.calibration import DRAFT_CODES, ConfidenceMap, field_key, set_value_at
from engine.embedded.data import ANSWERS_KEY, encode_prompt
from engine.embedded.pointers import SlotPointers, fold_text
from engine.embedded.prompt import build_prompt
from engine.embedded.tokenizer import ABSENT_TOKEN, NULL_TOKEN, is_pointer_token
from engine.errors import EngineOptionsError, ModelLoadError

if TYPE_CHECKING:
    from engine.baseline import BaselineEngine

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
    # One token per value: a canvas has only a few dozen slots, each nearly certain once the model has read the
    # document, so the sampler may accept them all in one step (the entropy budget bounds their total entropy),
    # and the canvas counts as settled when the mean entropy per position is below 0.02.
    entropy_bound: float = Field(4.0, gt=0)
    # Extraction wants each slot's most likely value, not a sample: near-zero temperatures make the sampler's
    # draws nearly its argmax. The sampler also renoises the slots it has not accepted with random tokens from one
    # random stream for the whole batch, which an unsure model's answer follows: one document at a time (seeded
    # alike), a document gets the same answer whatever it is batched with; on a CPU it is no slower (no padding).
    batch_size: int = Field(1, ge=1)
    t_min: float = Field(0.05, ge=0)
    t_max: float = Field(0.1, gt=0)
    confidence_threshold: float = Field(0.02, gt=0)
    n_pointers: int | None = Field(None, description="default: the number of pointer tokens the tokenizer has")
    calibrate: bool = Field(True, description="map raw slot probabilities through the model's calibration.json "
                                              "(fitted on held-out documents) when it has one")
    draft_prior: float | None = Field(
        None, ge=0, description="log-odds bonus of the draft's token in each slot, so the model changes the draft "
                                "only on evidence that outweighs it; default: the value fitted with the model's "
                                "calibration (calibration.json), else 0")
    field_draft_priors: dict[str, float] | None = Field(
        None, description="draft prior per field (by path without list indices: line_items.amount), over "
                          "draft_prior; default: the fitted ones in calibration.json when draft_prior is not given")
    field_fill_priors: dict[str, float] | None = Field(
        None, description="bonus of null in a slot the draft leaves null (the rules found nothing), per field; a "
                          "field without one uses its draft prior; default: the fitted ones in calibration.json")
    min_answer_examples: int = Field(
        10, ge=0, description="an enum member the model was trained to write fewer times than this (training.json's "
                              "answers) and that it keeps from the draft is the rules' value: its probability, "
                              "never learnt, is not calibrated as the model's")
    draft: Literal["none", "baseline"] = Field(
        "baseline", description="starting canvas: random tokens (none), or the baseline engine's answer as a draft "
                            "the model keeps where it agrees and re-denoises where it does not")


class EmbeddedEngine(DiffusionGemmaEngine):
    """The default engine: a small DiffusionGemma trained by this project (see engine/embedded/MODEL_CARD.md)."""

    name: ClassVar[str] = "embedded"
    Options: ClassVar[type[EngineOptions]] = EmbeddedOptions

    def __init__(self, options: EngineOptions, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        model_dir = Path(options.model).expanduser() if "model" not in kwargs else None  # type: ignore[attr-defined]
        self.options: EmbeddedOptions = options  # type: ignore[assignment]
        self.vocab: dict[str, int] = self.tokenizer.get_vocab()
        self.n_pointers = self.options.n_pointers or sum(1 for t in self.vocab if is_pointer_token(t))
        self._pointers: dict[str, SlotPointers] = {}
        self._drafts: dict[str, list[list[int]]] = {}
        self._answers: dict[str, EngineResult] = {}  # the baseline's answer behind each draft
        self._baseline: BaselineEngine | None = None
        self._null_id = self.pointer_null_id()
        self.calibration: ConfidenceMap | None = None
        #: how often the model was trained to write each token that is no pointer (None: not recorded)
        self.answers: dict[str, int] | None = None
        if model_dir is not None:
            self.answers = _trained_answers(model_dir)
            fitted = ConfidenceMap.load(model_dir)
            self.calibration = fitted if self.options.calibrate else None
            if self.options.draft_prior is None and fitted is not None:
                update: dict[str, Any] = {"draft_prior": fitted.draft_prior}
                if self.options.field_draft_priors is None:
                    update["field_draft_priors"] = dict(fitted.field_priors)
                if self.options.field_fill_priors is None:
                    update["field_fill_priors"] = dict(fitted.field_fill_priors)
                self.options = self.options.model_copy(update=update)
        from engine.diffusion import Decoding

        if self.options.decoding is Decoding.AUTOREGRESSIVE and getattr(self.model, "pointer_first", None) is not None:
            raise EngineOptionsError("the embedded model's pointer head scores canvas states: it has no "
                                     "autoregressive mode", hint="use --decoding diffusion")

    def load_model(self) -> tuple[Any, Any, Any]:
        import torch
        from transformers import PreTrainedTokenizerFast

        from engine.diffusion import _resolve_device
        from engine.embedded.pointer_head import PointerDiffusionGemma

        path = Path(self.options.model).expanduser()
        if not (path / "config.json").is_file():
            raise ModelLoadError(f"no embedded model at {path}",
                                 hint="train one with `extract train fit` or pass --model PATH")
        try:
            model = PointerDiffusionGemma.from_pretrained(str(path), dtype=torch.float32)
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
        answer, captions = self._baseline_engine().read(request, captions=True)
        pointers = self._pointers[request.id] = SlotPointers(plan, prompt, self.vocab, captions=captions)
        if self.options.draft == "baseline":
            self._answers[request.id] = answer
            self._drafts[request.id] = self._draft(request, answer, plan, pointers)
        ids = encode_prompt(self.tokenizer, prompt)
        truncated = len(ids) > self.options.max_prompt_tokens
        if truncated:
            ids = ids[: self.options.max_prompt_tokens]
        return PreparedPrompt(ids, truncated=truncated)

    def _baseline_engine(self) -> BaselineEngine:
        """The rules engine: it writes the drafts and names the captions no text slot may point at."""
        if self._baseline is None:
            from engine.baseline import BaselineEngine

            self._baseline = BaselineEngine(BaselineEngine.Options())
        return self._baseline

    def _draft(self, request: EngineRequest, answer: EngineResult, plan: CanvasPlan, pointers: SlotPointers
               ) -> list[list[int]]:
        """The baseline engine's answer written as canvases of pointers (empty when it cannot be written)."""
        if not answer.data:
            return []
        def pointer_of(placed: PlacedSlot, value: Any) -> int:
            """The span holding the value; for a value no span holds, the span the baseline read it from (its
            postcode's "28625 Bremen"), else null."""
            tid = pointers.pointer_of(placed, value)
            source = answer.fields.get(placed.path)
            if tid == plan.null_id and value is not None and source is not None and source.word_indices:
                return pointers.pointer_for_words(placed, set(source.word_indices)) or tid
            return tid

        try:
            return encode_values(plan, answer.data, pointer_of=pointer_of, max_canvases=self.options.max_canvases)
        except (CanvasValueError, ValueError, TypeError) as exc:
            logger.debug("request %s: no draft canvas (%s)", request.id, exc)
            return []

    def constrain(self, row_request: EngineRequest, plan: CanvasPlan, layout: CanvasLayout,
                  cache: dict[Any, frozenset[int]], rng: random.Random) -> CanvasConstraint:
        constraint = super().constrain(row_request, plan, layout, cache, rng)
        drafts = self._drafts.get(row_request.id)
        if not drafts or layout.index >= len(drafts):
            return constraint
        draft = drafts[layout.index]
        # A required field the rules did not find is null in the draft. The canvas must be able to say so:
        # otherwise the model is forced to point at some span, and the draft prior cannot hold the null.
        allowed_sets = list(constraint.allowed)
        for p, d in enumerate(draft):
            if d == plan.null_id and not constraint.pinned[p] and d not in allowed_sets[p]:
                key = ("with-null", allowed_sets[p])
                widened = cache.get(key)
                if widened is None:
                    widened = cache[key] = allowed_sets[p] | {d}
                allowed_sets[p] = widened
        seed = [d if not pinned and d in allowed else s
                for s, d, pinned, allowed in zip(constraint.seed, draft, constraint.pinned, allowed_sets,
                                                 strict=True)]
        return dataclasses.replace(constraint, seed=tuple(seed), allowed=tuple(allowed_sets))

    def slot_prior(self, request: EngineRequest, constraint: CanvasConstraint) -> dict[int, tuple[int, float]]:
        """The draft's token in each slot, with the field's draft prior as bonus (its fill prior where the draft
        is null: the rules found nothing there)."""
        default = float(self.options.draft_prior or 0.0)
        per_field = self.options.field_draft_priors or {}
        fill = self.options.field_fill_priors or {}
        drafts = self._drafts.get(request.id)
        index = constraint.layout.index
        if not drafts or index >= len(drafts):
            return {}
        draft = drafts[index]
        bonus: dict[int, float] = {}
        for slot in constraint.layout.slots:
            key = field_key(slot.path)
            own = float(per_field.get(key, default))
            for p in range(slot.start, slot.end):
                bonus[p] = float(fill.get(key, own)) if draft[p] == self._null_id else own
        return {p: (draft[p], bonus.get(p, default)) for p in constraint.constrained_positions
                if draft[p] in constraint.allowed[p] and bonus.get(p, default) > 0}

    def select_cache_rows(self, cache: Any, index: Any) -> None:
        from engine.embedded.pointer_head import select_cache_rows

        select_cache_rows(cache, index)

    def pointer_ids(self, slot: PlacedSlot, request: EngineRequest) -> Sequence[int]:
        return self._pointers[request.id].ids_for(slot, request)

    def resolve_pointer(self, slot: PlacedSlot, token_id: int, request: EngineRequest) -> Any:
        return self._pointers[request.id].resolve(slot, token_id)

    def to_result(self, doc: FilledDocument) -> EngineResult:
        """Decode, then give each field its signals (the model's own probability of the value, before the draft
        prior; the posterior; kept or overrode the draft) and its calibrated confidence.

        Where the model keeps the draft's token, the value is the baseline's own. A draft value no span holds (a
        postcode the baseline split from "28625 Bremen", an address over several lines, a description wrapped
        onto a second line) is written into the draft as the span it was read from (or null); where the model
        keeps it, or points at another span holding the value, the baseline's value stands with the words it was
        read from (group ``rules``). Where the model chooses otherwise, its choice stands."""
        result = super().to_result(doc)
        drafts = self._drafts.get(doc.request.id)
        answer = self._answers.get(doc.request.id)
        pointers = self._pointers.get(doc.request.id)
        unreachable = pointers.unreachable if pointers is not None else set()
        for path, field in list(result.fields.items()):
            group = "no_draft"
            rules: FieldResult | None = None  # the baseline's reading of the field
            if drafts and field.canvas is not None and field.positions is not None and field.canvas < len(drafts) \
                    and field.canvas < len(doc.canvases):
                start, end = field.positions
                chosen = doc.canvases[field.canvas][start:end]
                group = "agree" if list(drafts[field.canvas][start:end]) == list(chosen) else "differ"
                rules = answer.fields.get(path) if answer is not None else None
                if rules is not None and rules.value is not None and rules.value != field.value:
                    held = field.value is not None and fold_text(str(rules.value)) in fold_text(str(field.value))
                    if (field.canvas, start) in unreachable and (group == "agree" or field.value is None or held):
                        group = "rules"  # kept the draft, or a span holding the value the baseline read
                    keep = group in ("agree", "rules") and result.data is not None \
                        and set_value_at(result.data, path, rules.value)
                    if keep:
                        field = result.fields[path] = field.model_copy(update={
                            "value": rules.value, "word_indices": rules.word_indices})
                if group == "differ" and (rules is None or rules.value is None):
                    group = "filled"  # the rules found nothing here; the model's value fills the gap
                if group == "agree" and self._unlearnt(chosen):
                    group = "rules"  # a member the model never learnt to write (a currency it never saw)
            # the model's own belief in the value, without the draft's bonus: under a high prior the posterior is
            # near 1 whatever the model thinks, so it is the own probability that is calibrated
            posterior = own = field.confidence
            if field.canvas is not None and field.positions is not None and field.canvas < len(doc.own_probs):
                row = doc.own_probs[field.canvas]
                own = min((row[i] for i in range(*field.positions)), default=posterior)
            field.signals = {"model": own, "posterior": posterior, "draft": DRAFT_CODES[group]}
            if self.calibration is not None:
                field.confidence = self.calibration.apply(own, group, field_key(field.path))
                if group == "differ" and result.data is not None and rules is not None:
                    field = result.fields[path] = self._overruled(result, field, rules, own)
        return result

    def _overruled(self, result: EngineResult, field: FieldResult, rules: FieldResult, own: float) -> FieldResult:
        """A value the model chose over the rules' value (``rules``, not null), or the rules' value back where the
        calibration trusts the model's overruling less than it would trust the rules' value kept: the value more
        likely right stands. The model's own probability of the rules' value is at most what its choice leaves (1 - own);
        the kept value is calibrated at that, in the group of kept drafts, and signals ``overruled`` (the
        model's probability of the value it would have chosen)."""
        if self.calibration is None:
            return field
        key = field_key(field.path)
        kept = self.calibration.apply(max(0.0, 1.0 - own), "agree", key)
        if kept <= field.confidence or not set_value_at(result.data, field.path, rules.value):
            return field
        return field.model_copy(update={
            "value": rules.value, "word_indices": rules.word_indices, "confidence": kept,
            "signals": {**(field.signals or {}), "model": max(0.0, 1.0 - own), "draft": DRAFT_CODES["agree"],
                        "overruled": own}})

    def _unlearnt(self, ids: Sequence[int]) -> bool:
        """Whether a slot holds a token other than a pointer that training had too few targets of."""
        if self.answers is None:
            return False
        tokens = self.tokenizer.convert_ids_to_tokens([int(i) for i in ids])
        return any(self.answers.get(t, 0) < self.options.min_answer_examples for t in tokens
                   if not is_pointer_token(t))

    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        try:
            return super().extract_batch(requests)
        finally:
            for r in requests:
                self._pointers.pop(r.id, None)
                self._drafts.pop(r.id, None)
                self._answers.pop(r.id, None)


def _trained_answers(model_dir: Path) -> dict[str, int] | None:
    """The answer counts a model's ``training.json`` records (see :func:`engine.embedded.data.answer_counts`)."""
    import json

    path = model_dir / "training.json"
    try:
        answers = json.loads(path.read_text()).get(ANSWERS_KEY) if path.is_file() else None
    except (OSError, ValueError) as exc:
        logger.warning("cannot read %s: %s", path, exc)
        return None
    return {str(k): int(v) for k, v in answers.items()} if isinstance(answers, dict) else None
