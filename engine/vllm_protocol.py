"""Wire format of a DiffusionGemma canvas read on vLLM 0.33: the request body and the parsed answer.

A canvas travels as a *seeded read*: the skeleton's token ids are the seed canvas, the skeleton positions are
pinned, and the server runs up to ``diffusion_max_steps`` denoising steps and answers with one canvas and the
log-probabilities at every position (``diffusion_read_only``). What the server refuses for a diffusion model
(``response_format``/structured outputs, ``temperature != 1``, ``seed``, ``logit_bias``, ``allowed_token_ids``)
and what it silently ignores (``guided_*``) is never sent.

Slot restrictions. vLLM has no per-position vocabulary: ``diffusion_constrained`` restricts *every* position to
the request's ``logprob_token_ids`` (at most 128 ids). So the request asks for the log-probabilities of the
small slot sets (digits, separators, date characters, short enums; smallest first while the union fits in 128
ids), constrains the server only when that union covers every free position, and the client projects each
position onto its own allowed set from the returned log-probabilities: exact for the covered sets; for wider
sets (free or extractive text) the argmax is kept when allowed, else the end-of-value filler; with no small
set at all, the projection runs over the top-20. The emitted token at a pinned position is the model's argmax,
not the pin, so pinned positions are overlaid with the seed before decoding. Temperature, sampler and entropy
settings stay the checkpoint's (``generation_config.json`` on the server).
"""

from __future__ import annotations

import base64
import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from engine.errors import EngineError
from engine.vllm_client import VLLMProtocolError

__all__ = [
    "LOGPROB_TOKEN_IDS_MAX",
    "CanvasRead",
    "CanvasReadResult",
    "VLLMProtocolError",
    "build_chat_body",
    "build_messages",
    "image_data_url",
    "parse_canvas_response",
]

#: vLLM's cap on ``logprob_token_ids`` per request
LOGPROB_TOKEN_IDS_MAX = 128
#: OpenAI's (and vLLM's default) cap on ``top_logprobs``
TOP_LOGPROBS_MAX = 20
#: request fields a diffusion model rejects or ignores; a caller's ``extra_body`` may not set them
FORBIDDEN_FIELDS = frozenset({
    "response_format", "temperature", "seed", "logit_bias", "allowed_token_ids", "structured_outputs",
    "guided_json", "guided_regex", "guided_choice", "guided_grammar", "guided_decoding_backend",
})


@dataclasses.dataclass(frozen=True)
class CanvasRead:
    """One canvas to send: seed ids, pinned positions, and the allowed ids of restricted positions.

    ``allowed`` maps a free position to its allowed ids (frozensets are shared between positions; a text slot's
    set may hold most of the vocabulary). Free positions absent from it are unrestricted.
    """

    seed: Sequence[int]
    pinned: Sequence[int] = ()
    allowed: Mapping[int, frozenset[int]] = dataclasses.field(default_factory=dict)
    #: id put where no allowed candidate came back, when that position allows it (the end-of-value filler)
    fallback: int | None = None

    @classmethod
    def from_constraint(cls, constraint: Any, *, fallback: int | None = None) -> CanvasRead:
        """From a :class:`engine.canvas_binding.CanvasConstraint`."""
        return cls(seed=tuple(constraint.seed), pinned=tuple(constraint.pinned_positions),
                   allowed={i: constraint.allowed[i] for i in constraint.constrained_positions}, fallback=fallback)

    def free_positions(self) -> list[int]:
        pinned = set(self.pinned)
        return [i for i in range(len(self.seed)) if i not in pinned]

    def label_ids(self, cap: int) -> tuple[list[int], bool]:
        """Ids whose log-probabilities to ask for: whole allowed sets, smallest first, while the union stays
        within ``cap``; and whether it covers every free position's set (then the server may constrain the whole
        canvas to it). Positions whose set is not covered get only their argmax back."""
        free = self.free_positions()
        sets = {id(s): s for p in free if (s := self.allowed.get(p)) is not None and len(s) <= cap}
        union: set[int] = set()
        for s in sorted(sets.values(), key=lambda s: (len(s), min(s, default=0))):
            if len(union | s) <= cap:
                union |= s
        covered = bool(union) and all(p in self.allowed and self.allowed[p] <= union for p in free)
        return sorted(union), covered


class CanvasReadResult(BaseModel):
    """The canvas as decoded by the client: pins overlaid, restricted positions projected."""

    ids: list[int]
    #: probability of the chosen id at each position (1.0 at pins; within the allowed set at restricted ones)
    probs: list[float]
    #: entropy (nats) of the returned distribution at each position (0 at pins; top-k only when truncated)
    entropy: list[float]
    #: restricted positions whose argmax was outside the allowed set and got replaced
    projected: int = 0
    #: restricted positions where no allowed id was among the returned candidates (left at the argmax)
    unresolved: list[int] = Field(default_factory=list)
    #: positions the server did not return (it stopped early); they keep the seed
    missing: int = 0
    prompt_tokens: int | None = None
    finish_reason: str | None = None


# ---------------------------------------------------------------------------------------------- request


def _image_mime(data: bytes) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    raise EngineError("page image is not PNG, JPEG, WebP or GIF", hint="the pipeline sends PNG page images")


def image_data_url(data: bytes) -> str:
    """``data:image/png;base64,...`` for a page image (vLLM fetches nothing: the bytes travel in the request)."""
    return f"data:{_image_mime(data)};base64,{base64.b64encode(data).decode('ascii')}"


def build_messages(
    user_text: str,
    *,
    system: str | None = None,
    images: Sequence[bytes] = (),
    turns: Sequence[tuple[str, str]] = (),
    assistant_prefix: str | None = None,
) -> list[dict[str, Any]]:
    """OpenAI chat messages: an optional system message, the user turn (page images first, then the text),
    extra ``(role, text)`` turns (a repair exchange), and an optional final assistant message to continue."""
    messages: list[dict[str, Any]] = []
    if system:
        messages.append({"role": "system", "content": system})
    content: list[dict[str, Any]] = [{"type": "image_url", "image_url": {"url": image_data_url(img)}}
                                     for img in images]
    content.append({"type": "text", "text": user_text})
    messages.append({"role": "user", "content": content})
    for role, text in turns:
        messages.append({"role": role, "content": text})
    if assistant_prefix is not None:
        messages.append({"role": "assistant", "content": assistant_prefix})
    return messages


def build_chat_body(
    model: str,
    messages: list[dict[str, Any]],
    read: CanvasRead,
    *,
    max_steps: int,
    constrained: bool = True,
    top_logprobs: int = TOP_LOGPROBS_MAX,
    max_label_ids: int = LOGPROB_TOKEN_IDS_MAX,
    chat_template_kwargs: Mapping[str, Any] | None = None,
    ignore_eos: bool = False,
    extra_body: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``/v1/chat/completions`` body of one seeded canvas read.

    ``continue_final_message`` is set when the last message is the assistant's (a continuation canvas: the
    committed canvases are the prefix the new canvas follows). ``ignore_eos`` asks the server not to cut the
    returned canvas at an end-of-turn argmax (positions it leaves out keep their seed; see
    :attr:`CanvasReadResult.missing`).
    """
    length = len(read.seed)
    if length == 0:
        raise EngineError("empty canvas")
    if any(not 0 <= p < length for p in read.pinned):
        raise EngineError(f"pinned positions outside the canvas of {length}")
    xargs: dict[str, Any] = {
        "diffusion_seed_canvas": list(read.seed),
        "diffusion_canvas_length": length,
        "diffusion_pinned": sorted(set(read.pinned)),
        "diffusion_max_steps": int(max_steps),
        "diffusion_read_only": True,
    }
    body: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "max_tokens": length,
        "logprobs": True,
        "return_tokens_as_token_ids": True,
        "skip_special_tokens": False,
        "chat_template_kwargs": {"enable_thinking": False, **(chat_template_kwargs or {})},
        "vllm_xargs": xargs,
    }
    if messages and messages[-1].get("role") == "assistant":
        body["continue_final_message"] = True
        body["add_generation_prompt"] = False
    union, covered = read.label_ids(max_label_ids)
    if union:
        # exact log-probabilities of every small-set id at every position: the client projects per position
        body["logprob_token_ids"] = union
        # vLLM returns the logprob_token_ids instead of a top-k (which must stay within its max_logprobs, 20)
        body["top_logprobs"] = 1
        # the server's constraint is one set for the whole canvas: only sound when no free position is wider
        if constrained and covered:
            xargs["diffusion_constrained"] = True
    else:
        body["top_logprobs"] = max(1, min(top_logprobs, TOP_LOGPROBS_MAX))
    if ignore_eos:
        body["ignore_eos"] = True
    if extra_body:
        bad = FORBIDDEN_FIELDS & set(extra_body)
        if bad:
            raise EngineError(f"extra_body sets {sorted(bad)}, which vLLM rejects or ignores for diffusion models")
        body.update(extra_body)
    return body


# ---------------------------------------------------------------------------------------------- response


def _token_id(entry: Mapping[str, Any]) -> int:
    token = entry.get("token")
    if isinstance(token, str) and token.startswith("token_id:"):
        return int(token[len("token_id:"):])
    raise VLLMProtocolError(
        f"logprob token {token!r} is not `token_id:N`",
        hint="the server ignored return_tokens_as_token_ids; vLLM >= 0.33 is required",
    )


def _row_distribution(row: Mapping[str, Any]) -> dict[int, float]:
    dist: dict[int, float] = {}
    for entry in row.get("top_logprobs") or []:
        lp = float(entry.get("logprob", -math.inf))
        dist[_token_id(entry)] = lp if not math.isnan(lp) else -math.inf
    chosen = _token_id(row)
    lp = row.get("logprob")
    if chosen not in dist and lp is not None:
        dist[chosen] = float(lp)
    return dist


def _entropy(logprobs: Sequence[float]) -> float:
    ps = [math.exp(lp) for lp in logprobs if lp > -math.inf]
    z = sum(ps)
    if z <= 0:
        return 0.0
    return max(0.0, -sum((p / z) * math.log(p / z) for p in ps if p > 0))


def parse_canvas_response(data: Mapping[str, Any], read: CanvasRead) -> CanvasReadResult:
    """Turn a chat completion of a canvas read into the client's canvas (see the module docstring); raises
    :class:`VLLMProtocolError` for an answer of another shape."""
    try:
        return _parse(data, read)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise VLLMProtocolError(f"malformed canvas answer: {type(exc).__name__}: {exc}") from exc


def _parse(data: Mapping[str, Any], read: CanvasRead) -> CanvasReadResult:
    try:
        choice = data["choices"][0]
    except (KeyError, IndexError, TypeError) as exc:
        raise VLLMProtocolError("the answer has no choices") from exc
    logprobs = choice.get("logprobs") or {}
    rows = logprobs.get("content")
    if not isinstance(rows, list) or not rows:
        raise VLLMProtocolError("the answer carries no per-position logprobs",
                                hint="the server must honour logprobs for diffusion reads (vLLM >= 0.33)")
    pinned = set(read.pinned)
    length = len(read.seed)
    if len(rows) > length:
        raise VLLMProtocolError(f"the server returned {len(rows)} positions for a canvas of {length}")
    ids: list[int] = []
    probs: list[float] = []
    entropy: list[float] = []
    projected = 0
    unresolved: list[int] = []
    for pos in range(length):
        if pos in pinned:
            ids.append(read.seed[pos])
            probs.append(1.0)
            entropy.append(0.0)
            continue
        if pos >= len(rows):
            ids.append(read.seed[pos])
            probs.append(0.0)
            entropy.append(0.0)
            continue
        row = rows[pos]
        dist = _row_distribution(row)
        chosen = _token_id(row)
        allowed = read.allowed.get(pos)
        if allowed:
            candidates = {i: lp for i, lp in dist.items() if i in allowed}
            if candidates:
                best = max(candidates, key=candidates.__getitem__)
                if best != chosen:
                    projected += 1
                z = sum(math.exp(lp) for lp in candidates.values())
                ids.append(best)
                probs.append(math.exp(candidates[best]) / z if z > 0 else 0.0)
                entropy.append(_entropy(list(candidates.values())))
                continue
            unresolved.append(pos)
            if read.fallback is not None and read.fallback in allowed:
                # nothing allowed came back (a quote in a text slot...): end the value here instead
                ids.append(read.fallback)
                probs.append(0.0)
                entropy.append(_entropy(list(dist.values())))
                continue
        ids.append(chosen)
        probs.append(math.exp(dist.get(chosen, 0.0)) if dist else 0.0)
        entropy.append(_entropy(list(dist.values())))
    usage = data.get("usage") or {}
    return CanvasReadResult(
        ids=ids, probs=probs, entropy=entropy, projected=projected, unresolved=unresolved,
        missing=max(0, length - len(rows) - sum(1 for p in pinned if p >= len(rows))),
        prompt_tokens=usage.get("prompt_tokens"), finish_reason=choice.get("finish_reason"),
    )
