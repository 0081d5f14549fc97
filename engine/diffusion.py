"""The DiffusionGemma backend (``diffusiongemma``): JSON canvases filled by ``DiffusionGemmaForBlockDiffusion``.

For each batch of requests: compile each target's canvas plan (cached), build the image + text chat prompt, and
fill canvases block by block with ``generate()``: the skeleton is the starting canvas, a
:class:`~engine.logits.CanvasLogitsProcessor` pins it and restricts slots, and the encoder cache is reused from
canvas to canvas (each call encodes only the canvas committed before it). Rows leave the batch when their
document is complete. Per-field confidence is the probability of the decoded tokens at the step where the row
stopped. ``decoding="autoregressive"`` fills the same canvases left to right instead (:mod:`engine.ar`).

On a GPU with the real checkpoint::

    extract run INBOX --engine diffusiongemma --model google/diffusiongemma-26B-A4B-it   # or a local path

Subclasses with their own tokenizer or prompt (the embedded model) override :meth:`load_model`,
:meth:`build_messages` / :meth:`prepare_prompt`, and for the POINTER strategy :meth:`pointer_ids`,
:meth:`resolve_pointer` and :meth:`pointer_null_id`.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import logging
import random
import time
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

import torch
from pydantic import BaseModel, Field, model_validator

from engine.ar import AutoregressiveDecoder
from engine.base import Engine, EngineOptions, EngineRequest, EngineResult, EngineStats, Provenance
from engine.canvas_binding import CanvasConstraint, bind
from engine.canvas_decode import DecodeIssue, decode
from engine.canvas_layout import CanvasLayout, PlacedSlot, first_layout, next_layout
from engine.canvas_plan import CanvasPlan, SlotKind, SlotStrategy, Strategy, TextMode, compile_plan
from engine.errors import CanvasOverflowError, EngineError, EngineOptionsError, ModelLoadError
from engine.logits import CanvasLogitsProcessor

__all__ = ["Decoding", "DiffusionGemmaEngine", "DiffusionGemmaOptions", "FilledDocument", "PreparedPrompt"]

logger = logging.getLogger(__name__)


class Decoding(enum.StrEnum):
    DIFFUSION = "diffusion"
    AUTOREGRESSIVE = "autoregressive"


#: the kernels transformers runs a MoE layer's experts with
ExpertsImplementation = Literal["eager", "grouped_mm", "batched_mm"]


class DiffusionGemmaOptions(EngineOptions):
    """Options of the DiffusionGemma backend (sampler defaults are the model's published ones)."""

    model: str = Field("google/diffusiongemma-26B-A4B-it", description="local checkpoint directory or hub id")
    revision: str | None = None
    local_files_only: bool = False
    dtype: Literal["auto", "float32", "bfloat16", "float16"] = "auto"
    device: str = Field("auto", description="'auto' (cuda if available), 'cpu', 'cuda', 'cuda:1'...")
    attn_implementation: str | None = None
    experts_implementation: ExpertsImplementation | None = Field(
        None, description="MoE experts kernel; default transformers' choice (grouped_mm where torch has it). eager "
                          "runs the experts one by one: 11-13x slower per denoising step on an H200 (bench/engine.py "
                          "--gpu); batched_mm copies each token's experts and ran out of memory on a page's prompt")
    canvas_length: int | None = Field(None, ge=16, description="default: the model's canvas_length")
    max_denoising_steps: int = Field(48, ge=1)
    entropy_bound: float = Field(0.1, gt=0)
    stability_threshold: int = Field(1, ge=0)
    confidence_threshold: float = Field(0.005, gt=0)
    t_min: float = Field(0.4, ge=0)
    t_max: float = Field(0.8, gt=0)
    max_canvases: int = Field(24, ge=1, description="per document; more list rows than fit is flagged, not cut")
    batch_size: int = Field(4, ge=1)
    strategy: SlotStrategy = SlotStrategy.SPELLED
    text_mode: TextMode = TextMode.FREE
    filler_token: str | None = Field(None, description="token used after a value ends; default the pad token")
    max_prompt_tokens: int = Field(6144, ge=256)
    use_images: bool = True
    max_images: int = Field(2, ge=0)
    image_soft_tokens: Literal[70, 140, 280, 560, 1120] | None = None
    decoding: Decoding = Decoding.DIFFUSION
    seed: int | None = 0
    seed_fill: Literal["random", "filler"] = "random"
    num_threads: int | None = Field(None, ge=1, description="torch CPU threads (default: torch's choice)")

    @model_validator(mode="after")
    def _temperatures(self) -> DiffusionGemmaOptions:
        if self.t_max <= self.t_min:
            raise ValueError(f"t_max ({self.t_max}) must be greater than t_min ({self.t_min})")
        return self


@dataclasses.dataclass
class PreparedPrompt:
    """One request's prompt as model inputs (no batch dimension)."""

    input_ids: list[int]
    pixel_values: torch.Tensor | None = None
    image_position_ids: torch.Tensor | None = None
    truncated: bool = False


@dataclasses.dataclass
class FilledDocument:
    """One request's filled canvases before decoding: token ids, per-position probabilities of the decoded
    tokens, the log-probabilities of choice slots, denoising steps per canvas, and whether the canvas budget ran
    out (``overflow``). ``forward_passes`` counts decoder and encoder passes."""

    index: int
    request: EngineRequest
    plan: CanvasPlan
    prompt: PreparedPrompt
    layout: CanvasLayout | None
    bind_cache: dict[Any, frozenset[int]] = dataclasses.field(default_factory=dict, repr=False)
    canvases: list[list[int]] = dataclasses.field(default_factory=list)
    probs: list[list[float]] = dataclasses.field(default_factory=list)
    #: per canvas: the probability of each decoded token before any draft prior (see ``StepRecord.own``)
    own_probs: list[list[float]] = dataclasses.field(default_factory=list)
    choices: list[dict[int, dict[int, float]]] = dataclasses.field(default_factory=list)
    steps: list[int] = dataclasses.field(default_factory=list)
    overflow: bool = False
    forward_passes: int = 0
    seconds: float = 0.0

    def rng(self, seed: int | None) -> random.Random:
        """The random source of this request's starting canvases (by request id, not batch position)."""
        return random.Random(((seed or 0) << 32) ^ zlib.crc32(self.request.id.encode()))


def _experts_implementation(model: Any) -> str | None:
    """The kernel the text model's MoE experts run with (None for a model without experts)."""
    text = model.config.get_text_config(decoder=True)
    if not getattr(text, "num_experts", None):
        return None
    return getattr(text, "_experts_implementation", None)


def _resolve_device(name: str) -> torch.device:
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(name)


def _resolve_dtype(name: str, device: torch.device) -> torch.dtype:
    if name == "auto":
        return torch.bfloat16 if device.type == "cuda" else torch.float32
    return {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}[name]


class DiffusionGemmaEngine(Engine):
    """JSON canvases filled by DiffusionGemma through ``transformers``."""

    name: ClassVar[str] = "diffusiongemma"
    Options: ClassVar[type[EngineOptions]] = DiffusionGemmaOptions

    def __init__(self, options: EngineOptions, *, model: Any = None, tokenizer: Any = None,
                 image_processor: Any = None) -> None:
        super().__init__(options)
        self.options: DiffusionGemmaOptions = options  # type: ignore[assignment]
        if self.options.num_threads is not None:
            torch.set_num_threads(self.options.num_threads)
        if model is None:
            model, tokenizer, image_processor = self.load_model()
        elif tokenizer is None:
            raise EngineOptionsError("a model given directly needs its tokenizer")
        self.model = model
        self.tokenizer = tokenizer
        self.image_processor = image_processor if self.options.use_images else None
        self.device = next(model.parameters()).device
        self.canvas_length = int(self.options.canvas_length or model.config.canvas_length)
        self.vocab_size = int(model.config.get_text_config().vocab_size)
        self._plans: dict[type[BaseModel], CanvasPlan] = {}
        self._revision = self._model_revision()
        self._metrics = {"documents": 0.0, "canvases": 0.0, "denoising_steps": 0.0, "forward_passes": 0.0,
                         "overflows": 0.0, "seconds": 0.0}

    # -- loading (overridable) ---------------------------------------------------------------------------------
    def load_model(self) -> tuple[Any, Any, Any]:
        """Load (model, tokenizer, image processor) named by the options; raises :class:`ModelLoadError`."""
        from transformers import AutoImageProcessor, AutoTokenizer, DiffusionGemmaForBlockDiffusion

        opts = self.options
        name = opts.model
        looks_local = name.startswith((".", "/", "~")) or Path(name).expanduser().exists()
        if looks_local and not (Path(name).expanduser() / "config.json").is_file():
            raise ModelLoadError(f"no DiffusionGemma checkpoint at {name!r} (config.json missing)",
                                 hint="pass --model a directory saved with save_pretrained, or a hub id such as "
                                      "google/diffusiongemma-26B-A4B-it")
        if looks_local:
            name = str(Path(name).expanduser())
        device = _resolve_device(opts.device)
        dtype = _resolve_dtype(opts.dtype, device)
        common: dict[str, Any] = {"revision": opts.revision, "local_files_only": opts.local_files_only}
        try:
            kwargs: dict[str, Any] = {"dtype": dtype, **common}
            if opts.attn_implementation:
                kwargs["attn_implementation"] = opts.attn_implementation
            if opts.experts_implementation:
                kwargs["experts_implementation"] = opts.experts_implementation
            if device.type == "cuda":  # straight to the GPU: a 26B checkpoint does not go through CPU memory
                kwargs["device_map"] = str(device)
            model = DiffusionGemmaForBlockDiffusion.from_pretrained(name, **kwargs)
            tokenizer = AutoTokenizer.from_pretrained(name, **common)
        except (OSError, ValueError, ImportError, KeyError, RuntimeError) as exc:
            raise ModelLoadError(f"cannot load DiffusionGemma model {opts.model!r}: {exc}",
                                 hint="a hub id needs network access and, for gated models, a token; offline, pass "
                                      "a local directory (--model PATH)") from exc
        image_processor = None
        if opts.use_images:
            try:
                image_processor = AutoImageProcessor.from_pretrained(name, **common)
            except (OSError, ValueError, ImportError, KeyError) as exc:
                logger.warning("no image processor for %s (%s): page images are not sent", opts.model, exc)
        if device.type != "cuda":
            model.to(device)
        model.eval()
        experts = _experts_implementation(model)
        logger.info("loaded %s on %s (%s), canvas %d, MoE experts %s", opts.model, device, dtype,
                    model.config.canvas_length, experts or "none")
        if device.type == "cuda" and experts == "eager":
            logger.warning("the MoE experts run one by one (eager), 11-13x slower per denoising step than grouped_mm "
                           "on an H200; torch %s lacks grouped_mm, or experts_implementation=eager was asked for",
                           torch.__version__)
        return model, tokenizer, image_processor

    def _model_revision(self) -> str | None:
        commit = getattr(self.model.config, "_commit_hash", None)
        if commit:
            return str(commit)
        path = Path(str(getattr(self.model.config, "_name_or_path", "") or ""))
        if path.is_dir():
            digest = hashlib.sha256()
            for f in sorted(path.glob("*")):
                if f.is_file():
                    digest.update(f"{f.name}:{f.stat().st_size}".encode())
            return "local-" + digest.hexdigest()[:16]
        return None

    def provenance(self) -> Provenance:
        return Provenance(engine=self.name, model=self.options.model, revision=self._revision,
                          settings=self.options.model_dump(mode="json"))

    def run_metrics(self) -> dict[str, float]:
        """Documents, canvases, denoising steps, forward passes, overflows and engine seconds since creation."""
        return dict(self._metrics)

    def close(self) -> None:
        self.model = None
        self._plans.clear()
        if torch.cuda.is_available():
            torch.cuda.empty_cache()

    # -- plans and strategy ---------------------------------------------------------------------------------------
    def strategy(self) -> Strategy:
        """The slot strategy from the options (filler token resolved, null id from :meth:`pointer_null_id`)."""
        filler = None
        if self.options.filler_token is not None:
            filler = self.tokenizer.convert_tokens_to_ids(self.options.filler_token)
            if filler is None or filler == self.tokenizer.unk_token_id:
                raise EngineOptionsError(f"filler token {self.options.filler_token!r} is not in the vocabulary")
        null_id = self.pointer_null_id() if self.options.strategy is SlotStrategy.POINTER else None
        if self.options.strategy is SlotStrategy.POINTER and null_id is None:
            raise EngineOptionsError("the POINTER strategy needs an engine that names its null token "
                                     "(a subclass overriding pointer_null_id)")
        return Strategy(kind=self.options.strategy, filler_id=filler, null_id=null_id,
                        text_mode=self.options.text_mode)

    def plan_for(self, target: type[BaseModel]) -> CanvasPlan:
        """The compiled plan of ``target`` (cached)."""
        plan = self._plans.get(target)
        if plan is None:
            plan = self._plans[target] = compile_plan(target, self.tokenizer, canvas_length=self.canvas_length,
                                                      strategy=self.strategy())
        return plan

    def pointer_null_id(self) -> int | None:
        """POINTER strategy: the token meaning "no value"."""
        return None

    def pointer_ids(self, slot: PlacedSlot, request: EngineRequest) -> Sequence[int]:
        """POINTER strategy: the token ids a slot may take for this request (pointers to document spans)."""
        raise EngineOptionsError("the POINTER strategy needs a subclass that maps document spans to token ids")

    def resolve_pointer(self, slot: PlacedSlot, token_id: int, request: EngineRequest) -> Any:
        """POINTER strategy: the value (or ``(value, word_indices)``) a pointer token stands for."""
        raise EngineOptionsError("the POINTER strategy needs a subclass that resolves pointer tokens")

    def constrain(self, row_request: EngineRequest, plan: CanvasPlan, layout: CanvasLayout,
                  cache: dict[Any, frozenset[int]], rng: random.Random) -> CanvasConstraint:
        """The constraint of one canvas of one request (override to force or narrow slots)."""
        return bind(plan, layout, request=row_request, text_mode=self.options.text_mode,
                    pointer_ids=(lambda s, r: self.pointer_ids(s, r)) if plan.pointer else None,
                    seed_fill=self.options.seed_fill, rng=rng, _cache=cache)

    # -- prompts (overridable) ------------------------------------------------------------------------------------
    def instruction(self, request: EngineRequest, plan: CanvasPlan) -> str:
        """The task text before the document: what to extract and how values are written."""
        target = plan.target
        what = getattr(target, "description", "") or target.__name__
        lines = [f"Extract the fields of this document ({what}) as JSON.", "Fields:"]
        for unit in plan.head:
            for slot in unit.slots:
                lines.append(f"- {slot.name}: {_describe(slot)}")
        for spec in plan.lists:
            lines.append(f"- {spec.key}: a list, one entry per line item, each with:")
            for slot in spec.first.slots:
                lines.append(f"  - {slot.name or 'value'}: {_describe(slot, in_list=True)}")
        lines.append("Copy values as written in the document. Numbers without thousands separators and with '.' as "
                     "decimal point; dates as YYYY-MM-DD; leave a field empty when the document does not show it.")
        return "\n".join(lines)

    def build_messages(self, request: EngineRequest, plan: CanvasPlan, text: str, n_images: int) -> list[dict]:
        """Chat messages: the page images, then the instruction and the document text."""
        content: list[dict[str, Any]] = [{"type": "image"} for _ in range(n_images)]
        content.append({"type": "text", "text": f"{self.instruction(request, plan)}\n\nDocument text:\n{text}"})
        return [{"role": "user", "content": content}]

    def _render(self, messages: list[dict]) -> str:
        if getattr(self.tokenizer, "chat_template", None):
            return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        parts = []
        for m in messages:
            for c in m["content"]:
                parts.append(self._image_token() if c["type"] == "image" else c.get("text", ""))
        bos = self.tokenizer.bos_token or ""
        return bos + "\n".join(parts) + "\n"

    def _image_token(self) -> str:
        token = getattr(self.tokenizer, "image_token", None)
        if token:
            return token
        return self.tokenizer.convert_ids_to_tokens(int(self.model.config.image_token_id))

    def _images(self, request: EngineRequest) -> tuple[torch.Tensor | None, torch.Tensor | None, list[int]]:
        if self.image_processor is None or not request.images or self.options.max_images == 0:
            return None, None, []
        from PIL import Image

        images = []
        for blob in request.images[: self.options.max_images]:
            with Image.open(io.BytesIO(blob)) as img:
                images.append(img.convert("RGB"))
        kwargs: dict[str, Any] = {"return_tensors": "pt"}
        if self.options.image_soft_tokens is not None:
            kwargs["max_soft_tokens"] = self.options.image_soft_tokens
        out = self.image_processor(images=images, **kwargs)
        counts = [int(n) for n in out["num_soft_tokens_per_image"]]
        return out["pixel_values"], out["image_position_ids"], counts

    def _sanitize(self, text: str) -> str:
        """The document text without the tokenizer's control-token strings (an image or turn marker typed in a
        document must not become one)."""
        specials = getattr(self.tokenizer, "all_special_tokens", []) or []
        added = [t.content for t in getattr(self.tokenizer, "added_tokens_decoder", {}).values()
                 if getattr(t, "special", False)]
        for token in sorted({*specials, *added}, key=len, reverse=True):
            if token and token in text:
                text = text.replace(token, " ")
        return text

    def prepare_prompt(self, request: EngineRequest, plan: CanvasPlan) -> PreparedPrompt:
        """Token ids (and image tensors) of one request's prompt, the document text cut to ``max_prompt_tokens``."""
        pixel_values, positions, counts = self._images(request)
        image_token = self._image_token()
        cfg = self.model.config
        boi = self.tokenizer.convert_ids_to_tokens(int(cfg.boi_token_id))
        eoi = self.tokenizer.convert_ids_to_tokens(int(cfg.eoi_token_id))
        text = self._sanitize(request.text)
        rendered = self._render(self.build_messages(request, plan, "", len(counts)))
        if counts and rendered.count(image_token) != len(counts):
            logger.warning("the chat template did not place %d image tokens; sending text only", len(counts))
            pixel_values, positions, counts = None, None, []
            rendered = self._render(self.build_messages(request, plan, "", 0))
        overhead = len(self.tokenizer.encode(rendered, add_special_tokens=False)) + sum(c + 1 for c in counts)
        budget = self.options.max_prompt_tokens - overhead
        text_ids = self.tokenizer.encode(text, add_special_tokens=False)
        truncated = False
        if len(text_ids) > max(budget, 0):
            keep = max(budget - 8, 0)
            head, tail = int(keep * 0.7), keep - int(keep * 0.7)
            text = (self.tokenizer.decode(text_ids[:head]) + "\n…\n" +
                    (self.tokenizer.decode(text_ids[-tail:]) if tail else ""))
            truncated = True
            logger.warning("request %s: document text cut from %d to about %d tokens", request.id, len(text_ids),
                           keep)
        rendered = self._render(self.build_messages(request, plan, text, len(counts)))
        for n in counts:  # as Gemma 4's processor: one placeholder becomes boi + n soft tokens + eoi
            rendered = rendered.replace(image_token, "\x00IMG\x00", 1)
        for n in counts:
            rendered = rendered.replace("\x00IMG\x00", boi + image_token * n + eoi, 1)
        ids = self.tokenizer.encode(rendered, add_special_tokens=False)
        if pixel_values is not None:
            pixel_values = pixel_values.to(self.device, self.model.dtype)
            positions = positions.to(self.device)
        return PreparedPrompt(ids, pixel_values, positions, truncated)

    def collate(self, prompts: Sequence[PreparedPrompt]) -> dict[str, torch.Tensor]:
        """Left-padded batch tensors for ``generate`` (images concatenated in row order)."""
        pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else 0
        width = max(len(p.input_ids) for p in prompts)
        ids = torch.full((len(prompts), width), pad, dtype=torch.long)
        mask = torch.zeros((len(prompts), width), dtype=torch.long)
        for b, p in enumerate(prompts):
            ids[b, width - len(p.input_ids):] = torch.tensor(p.input_ids, dtype=torch.long)
            mask[b, width - len(p.input_ids):] = 1
        batch: dict[str, torch.Tensor] = {"input_ids": ids.to(self.device), "attention_mask": mask.to(self.device)}
        image_id = int(self.model.config.image_token_id)
        batch["mm_token_type_ids"] = ((ids == image_id) & (mask == 1)).long().to(self.device)
        pixels = [p.pixel_values for p in prompts if p.pixel_values is not None]
        if pixels:
            batch["pixel_values"] = torch.cat(pixels)
            batch["image_position_ids"] = torch.cat([p.image_position_ids for p in prompts
                                                     if p.image_position_ids is not None])
        return batch

    # -- extraction ---------------------------------------------------------------------------------------------------
    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        return [item if isinstance(item, EngineResult) else self.to_result(item) for item in self.fill(requests)]

    def fill(self, requests: list[EngineRequest]) -> list[FilledDocument | EngineResult]:
        """Fill the canvases of each request (an :class:`EngineResult` with the error for a request that cannot
        start: a schema the canvas cannot express, unreadable images)."""
        out: list[FilledDocument | EngineResult | None] = [None] * len(requests)
        docs: list[FilledDocument] = []
        for i, request in enumerate(requests):
            try:
                plan = self.plan_for(request.target)
                prompt = self.prepare_prompt(request, plan)
            except EngineOptionsError:
                raise
            except EngineError as exc:
                out[i] = EngineResult(id=request.id, error_code=exc.code, error=str(exc))
                continue
            except (OSError, ValueError) as exc:  # unreadable image bytes and the like: this document only
                out[i] = EngineResult(id=request.id, error_code="engine.prompt", error=str(exc))
                continue
            docs.append(FilledDocument(i, request, plan, prompt, first_layout(plan)))
            out[i] = docs[-1]
        if self.options.decoding is Decoding.AUTOREGRESSIVE:
            for doc in docs:
                self._fill_ar(doc)
        else:
            size = self.options.batch_size
            for start in range(0, len(docs), size):
                chunk = docs[start:start + size]
                t0 = time.perf_counter()
                self._fill_diffusion(chunk)
                seconds = (time.perf_counter() - t0) / len(chunk)
                for doc in chunk:  # batch time shared evenly
                    doc.seconds = seconds
                    doc.forward_passes = sum(doc.steps) + len(doc.canvases)
        return [item for item in out if item is not None]

    def _generate_kwargs(self) -> dict[str, Any]:
        from transformers.models.diffusion_gemma.generation_diffusion_gemma import EntropyBoundSamplerConfig

        o = self.options
        return {
            "max_new_tokens": self.canvas_length,
            "max_denoising_steps": o.max_denoising_steps,
            "sampler_config": EntropyBoundSamplerConfig(entropy_bound=float(o.entropy_bound)),
            "stability_threshold": o.stability_threshold,
            "confidence_threshold": float(o.confidence_threshold),
            "t_min": float(o.t_min),
            "t_max": float(o.t_max),
            "pad_token_id": self._pad_id(),
            "disable_compile": True,
            "return_dict_in_generate": True,
        }

    def _pad_id(self) -> int:
        return int(self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else 0)

    @torch.no_grad()
    def _fill_diffusion(self, rows: list[FilledDocument]) -> None:
        """Fill canvases for a batch of rows, block by block, until each document is complete or capped."""
        from transformers import LogitsProcessorList

        if self.options.seed is not None:
            torch.manual_seed(self.options.seed)
        # generate() reads the canvas length from the config; engines sharing a model may use different ones.
        self.model.config.canvas_length = self.canvas_length
        rngs = [row.rng(self.options.seed) for row in rows]
        batch = self.collate([r.prompt for r in rows])
        mask = batch["attention_mask"]
        active = list(range(len(rows)))
        cache = None
        previous: torch.Tensor | None = None
        pad = self._pad_id()
        common = self._generate_kwargs()
        while active:
            constraints = [self.constrain(rows[i].request, rows[i].plan, rows[i].layout, rows[i].bind_cache,
                                          rngs[i]) for i in active]  # type: ignore[arg-type]
            watch = [[p for s in c.layout.slots if s.slot.kind in (SlotKind.ENUM, SlotKind.BOOL)
                      for p in s.positions] for c in constraints]
            prior = [self.slot_prior(rows[i].request, c) for i, c in zip(active, constraints, strict=True)]
            processor = CanvasLogitsProcessor(constraints, self.vocab_size, self.device, watch=watch, prior=prior)
            seed = torch.tensor([c.seed for c in constraints], dtype=torch.long, device=self.device)
            kwargs = dict(common, decoder_input_ids=seed, logits_processor=LogitsProcessorList([processor]))
            if cache is None:
                model_inputs = {k: v for k, v in batch.items() if k != "attention_mask"}
                out = self.model.generate(attention_mask=mask, cache_implementation="dynamic", **model_inputs,
                                          **kwargs)
            else:
                out = self.model.generate(input_ids=previous, attention_mask=mask, past_key_values=cache,
                                          cache_implementation=None, **kwargs)
            cache = out.past_key_values
            canvases = out.sequences[:, -self.canvas_length:]
            tpf = out.tokens_per_forward
            keep: list[int] = []
            for j, i in enumerate(active):
                row = rows[i]
                ids = canvases[j]
                valid = int((ids != pad).sum())
                rate = float(tpf[j]) if tpf is not None else 0.0
                steps = max(1, round(valid / rate)) if rate > 0 else self.options.max_denoising_steps
                record = processor.final_record(j, steps, ids)
                ids_list = ids.tolist()
                row.canvases.append(ids_list)
                row.steps.append(steps)
                row.probs.append(record.prob.tolist() if record is not None else [1.0] * len(ids_list))
                row.own_probs.append(record.own.tolist() if record is not None and record.own is not None
                                     else row.probs[-1])
                row.choices.append(record.choices[0] if record is not None and record.choices else {})
                assert row.layout is not None
                nxt = next_layout(row.plan, row.layout, ids_list)
                if nxt is not None and len(row.canvases) >= self.options.max_canvases:
                    row.overflow = True
                    nxt = None
                row.layout = nxt
                if nxt is not None:
                    keep.append(j)
            if not keep:
                break
            if len(keep) < len(active):
                index = torch.tensor(keep, device=self.device)
                self.select_cache_rows(cache, index)
                mask = mask[index]
                canvases = canvases[index]
                active = [active[j] for j in keep]
            previous = canvases
            mask = torch.cat([mask, torch.ones_like(canvases)], dim=-1)

    def slot_prior(self, request: EngineRequest, constraint: CanvasConstraint) -> dict[int, tuple[int, float]]:
        """Position → (token, logit bonus) for a canvas (none here; the embedded engine favours its draft)."""
        return {}

    def select_cache_rows(self, cache: Any, index: torch.Tensor) -> None:
        """Keep only the batch rows ``index`` of the KV cache (rows whose documents are complete leave)."""
        cache.batch_select_indices(index)

    def _fill_ar(self, doc: FilledDocument) -> None:
        decoder = AutoregressiveDecoder(self.model)
        batch = self.collate([doc.prompt])
        rng = doc.rng(self.options.seed)
        out = decoder.decode(batch, doc.plan,
                             lambda layout: self.constrain(doc.request, doc.plan, layout, doc.bind_cache, rng),
                             max_canvases=self.options.max_canvases)
        doc.canvases, doc.probs = out.canvases, out.probs
        doc.overflow = not out.complete
        doc.forward_passes, doc.seconds = out.forward_passes, out.seconds

    def to_result(self, doc: FilledDocument) -> EngineResult:
        """Decode a filled document into an :class:`EngineResult` (lenient: a slot that does not convert keeps its
        raw text with confidence 0, for validation to flag)."""
        issues: list[DecodeIssue] = []
        request = doc.request
        raw = [self._raw(doc.plan, c) for c in doc.canvases]
        try:
            data, fields = decode(doc.plan, doc.canvases, scores=doc.probs, strict=False, issues=issues,
                                  choice_logprobs=doc.choices if doc.choices else None,
                                  resolve_pointer=(lambda s, t: self.resolve_pointer(s, t, request))
                                  if doc.plan.pointer else None)
        except EngineError as exc:
            return EngineResult(id=request.id, error_code=exc.code, error=str(exc), raw=raw)
        tokens = len(doc.canvases) * self.canvas_length
        passes = doc.forward_passes
        stats = EngineStats(canvases=len(doc.canvases), denoising_steps=list(doc.steps), forward_passes=passes,
                            tokens_per_forward=tokens / passes if passes else 0.0, seconds=doc.seconds)
        result = EngineResult(id=request.id, data=data, fields=fields, raw=raw, stats=stats)
        for key, value in (("documents", 1), ("canvases", len(doc.canvases)), ("denoising_steps", sum(doc.steps)),
                           ("forward_passes", passes), ("overflows", int(doc.overflow)), ("seconds", doc.seconds)):
            self._metrics[key] += value
        if doc.overflow:
            result.error_code = CanvasOverflowError.code
            result.error = (f"a list still had rows after {len(doc.canvases)} canvases (max_canvases): the data "
                            "holds the rows read so far")
        elif issues:
            logger.info("request %s: %s", request.id, "; ".join(f"{i.path}: {i.message}" for i in issues))
        return result

    def _raw(self, plan: CanvasPlan, ids: Sequence[int]) -> str:
        return plan.tokenizer.decode([t for t in ids if t not in (plan.filler_id, plan.pad_id)])


def _describe(slot: Any, in_list: bool = False) -> str:
    kind = slot.kind
    if kind is SlotKind.ENUM:
        members = [str(m) for m in slot.members]
        text = "one of " + ", ".join(members) if len(members) <= 12 else "a code such as " + ", ".join(members[:6])
    else:
        text = {SlotKind.TEXT: "text", SlotKind.DECIMAL: "number", SlotKind.INTEGER: "whole number",
                SlotKind.DATE: "date", SlotKind.BOOL: "true or false"}[kind]
    if slot.optional and not in_list:
        text += ", or empty"
    return text
