"""The vLLM backend (``vllm``): the JSON canvas sent to DiffusionGemma on one or more vLLM servers over HTTP.

vLLM is CUDA-only and cannot share an environment with Prefect, so the model runs as its own server
(``vllm serve google/diffusiongemma-26B-A4B-it -dc '{"canvas_length":256}'``) and this backend talks to it:

1. the schema is compiled into a canvas plan with the model's tokenizer (:mod:`engine.canvas`; the tokenizer is
   a local copy when ``tokenizer_path`` is set, else the server's ``/tokenize``/``/detokenize``);
2. each canvas is bound to the request (:func:`engine.canvas.bind`) and sent as one seeded read:
   ``diffusion_seed_canvas`` (the skeleton, random ids in the slots), ``diffusion_pinned`` (the skeleton
   positions), ``diffusion_max_steps``, ``diffusion_read_only``, and the small slot sets as
   ``logprob_token_ids`` (``diffusion_constrained`` when they cover every slot), see :mod:`engine.vllm_protocol`;
   the page images travel as base64 data URLs, the prompt is the transformers backend's
   (:meth:`engine.diffusion.DiffusionGemmaEngine.build_messages`);
3. lists longer than one canvas continue in a follow-up request whose final assistant message holds the
   committed canvases (``continue_final_message``): the model sees the same token stream as the transformers
   backend's block-autoregressive cache, re-tokenized from text by the server's chat template;
4. the canvases decode through :func:`engine.canvas.decode`; a result that fails the target model's validation
   gets one repair turn (the decoded JSON and the validation errors fed back, a fresh canvas filled), then
   comes back with the error recorded so the pipeline routes it to review.

Documents of a batch run in parallel threads, at most ``max_num_seqs`` requests in flight per server; the
servers are health-checked before every batch and their ``/metrics`` diffusion counters are summed into
:meth:`VLLMEngine.run_metrics`.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import random
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar, Literal

import httpx
from pydantic import BaseModel, Field, ValidationError, field_validator

from engine.base import Engine, EngineOptions, EngineRequest, EngineResult, EngineStats, Provenance
from engine.canvas import (
    CanvasPlan,
    DecodeIssue,
    SlotStrategy,
    Strategy,
    TextMode,
    bind,
    compile_plan,
    decode,
    first_layout,
    next_layout,
)
from engine.errors import BackendUnavailableError, CanvasOverflowError, EngineError
from engine.vllm_client import ServerMetrics, VLLMClient
from engine.vllm_protocol import (
    LOGPROB_TOKEN_IDS_MAX,
    TOP_LOGPROBS_MAX,
    CanvasRead,
    CanvasReadResult,
    build_chat_body,
    build_messages,
    parse_canvas_response,
)
from engine.vllm_tokenizer import DEFAULT_VOCAB_SIZE, load_tokenizer

__all__ = ["VLLMEngine", "VLLMOptions"]

logger = logging.getLogger(__name__)

#: error code of a result whose data still fails validation after the repair turn
INVALID_OUTPUT = "engine.invalid_output"


class VLLMOptions(EngineOptions):
    """Options of the vLLM backend. ``urls`` and ``model`` come from ``--url`` and ``--model``."""

    urls: list[str] = Field(min_length=1, description="server base URLs (http://host:8000); round-robin")
    model: str | None = Field(None, description="served model name; default: the first of GET /v1/models")
    tokenizer_path: str | None = Field(None, description="local tokenizer directory; default: the server's")
    vocab_size: int = Field(DEFAULT_VOCAB_SIZE, ge=1, description="ids of the model's tokenizer (remote mode)")
    api_key: str | None = Field(None, description="bearer token (vllm serve --api-key); default $VLLM_API_KEY")
    canvas_length: int = Field(256, ge=16, description="at most the server's canvas_length (-dc)")
    max_steps: int = Field(16, ge=1, description="diffusion_max_steps: denoising steps per canvas, at most")
    max_canvases: int = Field(24, ge=1, description="per document; more list rows than fit is flagged, not cut")
    max_num_seqs: int = Field(8, ge=1, description="requests in flight per server (the server's max_num_seqs)")
    timeout_s: float = Field(300.0, gt=0, description="read timeout of one request")
    connect_timeout_s: float = Field(5.0, gt=0)
    max_retries: int = Field(3, ge=0, description="retries of connection errors, 429 and 502/503/504")
    backoff_s: float = Field(0.5, ge=0, description="first retry delay; doubles each retry")
    constrained: bool = Field(True, description="diffusion_constrained when the slot sets cover the canvas")
    top_logprobs: int = Field(TOP_LOGPROBS_MAX, ge=1, le=TOP_LOGPROBS_MAX)
    max_label_ids: int = Field(LOGPROB_TOKEN_IDS_MAX, ge=1, le=LOGPROB_TOKEN_IDS_MAX)
    text_mode: TextMode = TextMode.FREE
    seed: int = Field(0, description="seeds the random slot ids of the starting canvas (client side only)")
    seed_fill: Literal["random", "filler"] = "random"
    use_images: bool = True
    max_images: int = Field(2, ge=0)
    max_prompt_tokens: int = Field(6144, ge=256, description="document text beyond this is cut (head and tail)")
    repair: bool = Field(True, description="one repair turn when the decoded data fails validation")
    health_check: bool = Field(True, description="GET /health on every server before each batch")
    ignore_eos: bool = Field(False, description="ask the server not to cut a canvas at an end-of-turn argmax")
    extra_body: dict[str, Any] = Field(default_factory=dict, description="more request fields (vLLM extras)")

    @field_validator("urls", mode="before")
    @classmethod
    def _one_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [u for u in value.replace(",", " ").split() if u]
        return value


@dataclasses.dataclass
class _Attempt:
    """One pass over a document's canvases."""

    canvases: list[list[int]] = dataclasses.field(default_factory=list)
    probs: list[list[float]] = dataclasses.field(default_factory=list)
    reads: list[CanvasReadResult] = dataclasses.field(default_factory=list)
    overflow: bool = False
    data: dict[str, Any] | None = None
    fields: dict[str, Any] = dataclasses.field(default_factory=dict)
    issues: list[DecodeIssue] = dataclasses.field(default_factory=list)
    errors: list[str] = dataclasses.field(default_factory=list)


class VLLMEngine(Engine):
    """JSON canvases filled by DiffusionGemma on vLLM servers (see the module docstring)."""

    name: ClassVar[str] = "vllm"
    Options: ClassVar[type[EngineOptions]] = VLLMOptions
    #: one engine may be called from several threads: the client bounds what reaches the servers
    thread_safe: ClassVar[bool] = True

    def __init__(self, options: EngineOptions, *, transport: httpx.BaseTransport | None = None) -> None:
        super().__init__(options)
        self.options: VLLMOptions = options  # type: ignore[assignment]
        o = self.options
        self.client = VLLMClient(
            o.urls, max_num_seqs=o.max_num_seqs, timeout_s=o.timeout_s, connect_timeout_s=o.connect_timeout_s,
            max_retries=o.max_retries, backoff_s=o.backoff_s, api_key=o.api_key or os.environ.get("VLLM_API_KEY"),
            transport=transport,
        )
        self._model_name: str | None = o.model
        self._tokenizer: Any = None
        self._plans: dict[type[BaseModel], CanvasPlan] = {}
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()
        self._baseline: ServerMetrics | None = None
        self._latest: ServerMetrics | None = None

    # -- set-up -------------------------------------------------------------------------------------------------
    def _ready(self) -> None:
        """Health check, served model name and tokenizer (the last two once)."""
        if self.options.health_check:
            self.client.ensure_healthy()
        with self._lock:
            if self._model_name is None:
                models = self.client.models()
                if not models:
                    raise BackendUnavailableError("the vLLM server serves no model (GET /v1/models is empty)")
                self._model_name = str(models[0]["id"])
                logger.info("vLLM serves %s", self._model_name)
            if self._tokenizer is None:
                self._tokenizer = load_tokenizer(self.options.tokenizer_path, self.client, self._model_name,
                                                 vocab_size=self.options.vocab_size)

    @property
    def model_name(self) -> str | None:
        """The served model's name (known after the first batch or :meth:`provenance`)."""
        return self._model_name

    @property
    def preferred_batch_size(self) -> int:
        """Documents per :meth:`extract_batch` that keep every server's ``max_num_seqs`` slots busy."""
        return self.client.capacity

    def plan_for(self, target: type[BaseModel]) -> CanvasPlan:
        """The compiled plan of ``target`` (cached; compiled with the served model's tokenizer)."""
        with self._lock:
            plan = self._plans.get(target)
            if plan is None:
                strategy = Strategy(kind=SlotStrategy.SPELLED, text_mode=self.options.text_mode)
                plan = self._plans[target] = compile_plan(target, self._tokenizer,
                                                          canvas_length=self.options.canvas_length,
                                                          strategy=strategy)
            return plan

    def provenance(self) -> Provenance:
        """Engine, served model (asked of the server when not configured) and options, without the API key."""
        if self._model_name is None:
            try:
                models = self.client.models()
                if models:
                    with self._lock:
                        self._model_name = self._model_name or str(models[0]["id"])
            except EngineError as exc:  # provenance must not fail a run; the batch's health check will
                logger.warning("cannot ask the vLLM server for its model name: %s", exc)
        settings = self.options.model_dump(mode="json", exclude={"api_key"})
        return Provenance(engine=self.name, model=self._model_name, settings=settings)

    def run_metrics(self) -> dict[str, float]:
        """Client counters (``client_*``: canvases, continuations, repairs, projected positions) and the servers'
        diffusion counters from before this engine's first batch to after its latest (``vllm_*``: server-wide,
        so they include other clients' work, see :class:`~engine.vllm_client.ServerMetrics`)."""
        with self._lock:
            out = {f"client_{k}": float(v) for k, v in sorted(self._counts.items())}
            if self._baseline is not None and self._latest is not None:
                out.update((self._latest - self._baseline).as_counters())
        return out

    def close(self) -> None:
        self.client.close()

    # -- batch --------------------------------------------------------------------------------------------------
    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        if not requests:
            return []
        self._ready()
        if self._baseline is None:
            snapshot = self.client.metrics()
            with self._lock:
                self._baseline = self._baseline or snapshot
        workers = max(1, min(len(requests), self.client.capacity))
        with ThreadPoolExecutor(workers, thread_name_prefix="vllm") as pool:
            futures = [pool.submit(self._extract_one, r) for r in requests]
            try:
                results = [f.result() for f in futures]
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
        # counters since the first batch, not summed per batch: batches of several threads overlap in time
        latest = self.client.metrics()
        with self._lock:
            self._latest = latest
        return results

    # -- one document -------------------------------------------------------------------------------------------
    def _extract_one(self, request: EngineRequest) -> EngineResult:
        t0 = time.perf_counter()
        try:
            plan = self.plan_for(request.target)
            user_text = self._user_text(request, plan)
            images = list(request.images[: self.options.max_images]) if self.options.use_images else []
            first = self._attempt(request, plan, user_text, images, turns=())
            final = first
            if first.errors and not first.overflow and self.options.repair:
                self._count("repairs")
                logger.info("request %s fails validation (%s); one repair turn", request.id, "; ".join(first.errors))
                turns = (("assistant", json.dumps(first.data, ensure_ascii=False, default=str)),
                         ("user", self._repair_text(request, first.errors)))
                second = self._attempt(request, plan, user_text, images, turns=turns)
                final = second if len(second.errors) <= len(first.errors) else first
                if not second.errors:
                    self._count("repaired")
        except BackendUnavailableError:
            raise
        except EngineError as exc:
            logger.warning("request %s: %s", request.id, exc)
            return EngineResult(id=request.id, error_code=exc.code, error=str(exc))
        return self._result(request, plan, final, time.perf_counter() - t0)

    def _count(self, key: str, n: int = 1) -> None:
        with self._lock:
            self._counts[key] += n

    # The prompt is the transformers backend's: its builders read only the request and the plan, so they are
    # borrowed (not copied) and stay overridable here as there.
    def instruction(self, request: EngineRequest, plan: CanvasPlan) -> str:
        """The task text before the document (:meth:`engine.diffusion.DiffusionGemmaEngine.instruction`)."""
        from engine.diffusion import DiffusionGemmaEngine

        return DiffusionGemmaEngine.instruction(self, request, plan)  # type: ignore[arg-type]

    def build_messages(self, request: EngineRequest, plan: CanvasPlan, text: str, n_images: int) -> list[dict]:
        """Chat messages with image placeholders (:meth:`engine.diffusion.DiffusionGemmaEngine.build_messages`)."""
        from engine.diffusion import DiffusionGemmaEngine

        return DiffusionGemmaEngine.build_messages(self, request, plan, text, n_images)  # type: ignore[arg-type]

    def _user_text(self, request: EngineRequest, plan: CanvasPlan) -> str:
        """The user message's text (instruction + document text), the document cut to the token budget."""
        text = request.text
        ids = plan.tokenizer.encode(text)
        budget = self.options.max_prompt_tokens
        if len(ids) > budget:
            head = int(budget * 0.7)
            tail = budget - head
            text = plan.tokenizer.decode(ids[:head]) + "\n…\n" + plan.tokenizer.decode(ids[-tail:])
            logger.warning("request %s: document text cut from %d to about %d tokens", request.id, len(ids), budget)
        messages = self.build_messages(request, plan, text, 0)
        parts = [c.get("text", "") for m in messages for c in m["content"] if c.get("type") == "text"]
        return "\n".join(parts)

    def _repair_text(self, request: EngineRequest, errors: list[str]) -> str:
        name = getattr(request.target, "__name__", "the target")
        listed = "\n".join(f"- {e}" for e in errors[:12])
        return (f"That JSON does not validate as {name}:\n{listed}\n"
                "Write the JSON again with these fields corrected. Copy values exactly as the document shows them; "
                "leave a field empty when the document does not show it.")

    def _attempt(self, request: EngineRequest, plan: CanvasPlan, user_text: str, images: list[bytes],
                 turns: tuple[tuple[str, str], ...]) -> _Attempt:
        """Fill the document's canvases one after the other, then decode and validate them."""
        o = self.options
        assert self._model_name is not None
        attempt = _Attempt()
        rng = random.Random(f"{o.seed}:{request.id}:{len(turns)}")
        cache: dict[Any, frozenset[int]] = {}
        layout = first_layout(plan)
        while layout is not None:
            constraint = bind(plan, layout, request=request, text_mode=o.text_mode, seed_fill=o.seed_fill,
                              rng=rng, _cache=cache)
            read = CanvasRead.from_constraint(constraint, fallback=plan.filler_id)
            prefix = plan.tokenizer.decode([t for c in attempt.canvases for t in c]) if attempt.canvases else None
            messages = build_messages(user_text, images=images, turns=turns, assistant_prefix=prefix)
            body = build_chat_body(self._model_name, messages, read, max_steps=o.max_steps,
                                   constrained=o.constrained, top_logprobs=o.top_logprobs,
                                   max_label_ids=o.max_label_ids, ignore_eos=o.ignore_eos,
                                   extra_body=o.extra_body)
            result = parse_canvas_response(self.client.chat(body), read)
            self._count("canvases")
            if prefix is not None:
                self._count("continuations")
            self._count("projected_positions", result.projected)
            self._count("unresolved_positions", len(result.unresolved))
            if result.missing:
                self._count("missing_positions", result.missing)
                logger.warning("request %s canvas %d: the server returned %d positions short", request.id,
                               layout.index, result.missing)
            attempt.canvases.append(result.ids)
            attempt.probs.append(result.probs)
            attempt.reads.append(result)
            nxt = next_layout(plan, layout, result.ids)
            if nxt is not None and len(attempt.canvases) >= o.max_canvases:
                attempt.overflow = True
                nxt = None
            layout = nxt
        attempt.data, attempt.fields = decode(plan, attempt.canvases, scores=attempt.probs, strict=False,
                                              issues=attempt.issues)
        attempt.errors = _validation_errors(request.target, attempt.data, attempt.issues)
        return attempt

    def _result(self, request: EngineRequest, plan: CanvasPlan, attempt: _Attempt, seconds: float) -> EngineResult:
        raw = [plan.tokenizer.decode([t for t in c if t not in (plan.filler_id, plan.pad_id)])
               for c in attempt.canvases]
        stats = EngineStats(canvases=len(attempt.canvases), seconds=seconds)
        result = EngineResult(id=request.id, data=attempt.data, fields=attempt.fields, raw=raw, stats=stats)
        if attempt.overflow:
            result.error_code = CanvasOverflowError.code
            result.error = (f"a list still had rows after {len(attempt.canvases)} canvases (max_canvases): the "
                            "data holds the rows read so far")
        elif attempt.errors:
            tried = "after one repair turn" if self.options.repair else "(repair turn disabled)"
            result.error_code = INVALID_OUTPUT
            result.error = f"the extracted data fails validation {tried}: " + "; ".join(attempt.errors[:12])
        return result


def _validation_errors(target: type[BaseModel], data: dict[str, Any] | None, issues: list[DecodeIssue]) -> list[str]:
    """What is wrong with decoded data: slots that did not convert, then the target model's validation."""
    errors = [f"{i.path}: {i.message}" for i in issues if i.code != CanvasOverflowError.code]
    if data is None:
        return errors or ["nothing decoded"]
    try:
        target.model_validate(data)
    except ValidationError as exc:
        for e in exc.errors():
            path = ".".join(str(p) for p in e["loc"]) or "(document)"
            errors.append(f"{path}: {e['msg']}")
    return errors
