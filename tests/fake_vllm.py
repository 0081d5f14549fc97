"""A fake vLLM 0.33 server for a DiffusionGemma model: the OpenAI-compatible surface the vLLM backend uses.

It behaves as vLLM does for a diffusion model where our client depends on it: it rejects ``response_format``,
``temperature != 1``, ``seed``, ``logit_bias``, ``allowed_token_ids`` and ``guided_*`` is ignored; it checks that
``diffusion_seed_canvas`` holds exactly one canvas (``diffusion_canvas_length`` ids, at most the served
``canvas_length``), that pinned positions lie inside it and that ids are in the vocabulary, that
``logprob_token_ids`` has at most 128 ids and ``diffusion_constrained`` comes with them; it answers a read
(``diffusion_read_only``) with one canvas and logprobs at every position (as ``token_id:N`` when
``return_tokens_as_token_ids``). Canvases come from a ``responder`` the test supplies (default: the seed back).

Use it in-process through ``fake.transport()`` (an :class:`httpx.MockTransport`, threads welcome) or on
127.0.0.1 through ``with fake.serve() as url:``. Fault injection: ``fail_next(status, n, path=...)``,
``down.add(host)``, ``drift_pinned``, ``truncate_at``; observation: ``calls``, ``chat_bodies``, ``counters``,
``max_in_flight`` (and per host).
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

SPECIALS = ["<pad>", "<eos>", "<bos>", "<unk>", "<mask>", "<turn|>"]
_CHARS = [chr(c) for c in range(32, 127)] + list("\n\t€£¥äöüßéèàçñ°§–—’“”")
LOGPROB_TOKEN_IDS_MAX = 128


def char_tokenizer() -> PreTrainedTokenizerFast:
    """A character-level tokenizer (one id per character, Gemma's special-token names): exact round trips."""
    vocab: dict[str, int] = {}
    for tok in SPECIALS + _CHARS:
        vocab.setdefault(tok, len(vocab))
    tok = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")
    tok.decoder = decoders.Fuse()
    tok.add_special_tokens(SPECIALS)
    return PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", eos_token="<eos>", bos_token="<bos>", unk_token="<unk>",
        mask_token="<mask>",
    )


@dataclass
class ChatCall:
    """What the fake saw in one chat request; given to the responder."""

    body: dict[str, Any]
    seed: list[int]
    pinned: set[int]
    #: every text part of every message, in order (images are replaced by "<image>")
    prompt: str
    images: int
    #: the final assistant message when the request continues it (``continue_final_message``)
    assistant_prefix: str | None


Responder = Callable[[ChatCall], "list[int] | tuple[list[int], list[float]]"]


@dataclass
class FakeVLLM:
    """State of one fake server (one model). Several hosts may share it (round-robin tests)."""

    model: str = "google/diffusiongemma-26B-A4B-it"
    canvas_length: int = 256
    max_model_len: int = 32768
    responder: Responder | None = None
    #: seconds each chat request takes (concurrency tests)
    delay_s: float = 0.0
    #: default denoising steps counted in /metrics when the request sets no diffusion_max_steps
    default_steps: int = 3
    #: return a different token than the seed at pinned positions (the model's argmax need not echo pins)
    drift_pinned: bool = False
    #: answer only the first N positions (as when the server stops the output at an end-of-turn argmax)
    truncate_at: int | None = None
    tokenizer: PreTrainedTokenizerFast = field(default_factory=char_tokenizer)
    down: set[str] = field(default_factory=set)
    calls: list[tuple[str, str, str]] = field(default_factory=list)
    chat_bodies: list[dict[str, Any]] = field(default_factory=list)
    max_in_flight: int = 0
    in_flight_by_host: Counter = field(default_factory=Counter)
    max_in_flight_by_host: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._in_flight = 0
        self._failures: deque[tuple[int | str, str | None]] = deque()
        self.counters = Counter()

    # ------------------------------------------------------------------ control

    def fail_next(self, status: int | str, n: int = 1, *, path: str | None = None) -> None:
        """The next ``n`` requests (to ``path``, or any endpoint) fail with ``status`` (an HTTP code, or
        ``"connect"``)."""
        with self._lock:
            self._failures.extend([(status, path)] * n)

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self.handle)

    @property
    def vocab_size(self) -> int:
        return len(self.tokenizer)

    # ------------------------------------------------------------------ dispatch

    def handle(self, request: httpx.Request) -> httpx.Response:
        host = request.url.host + (f":{request.url.port}" if request.url.port else "")
        path = request.url.path
        with self._lock:
            self.calls.append((host, request.method, path))
            failure = None
            for k, (status, where) in enumerate(self._failures):
                if where is None or where == path:
                    failure = status
                    del self._failures[k]
                    break
        if host in self.down or failure == "connect":
            raise httpx.ConnectError(f"connection refused: {host}", request=request)
        if failure is not None:
            return _error(int(failure), f"injected failure {failure}", "ServiceUnavailableError")
        body: Any = None
        if request.method == "POST":
            try:
                body = json.loads(request.content or b"null")
            except ValueError:
                return _error(400, "body is not JSON")
        routes = {
            ("GET", "/health"): lambda: httpx.Response(200),
            ("GET", "/v1/models"): self._models,
            ("GET", "/metrics"): self._metrics,
            ("POST", "/tokenize"): lambda: self._tokenize(body),
            ("POST", "/detokenize"): lambda: self._detokenize(body),
            ("POST", "/v1/chat/completions"): lambda: self._chat_counted(host, body),
        }
        route = routes.get((request.method, path))
        if route is None:
            return _error(404, f"no route {request.method} {path}", "NotFoundError")
        return route()

    # ------------------------------------------------------------------ endpoints

    def _models(self) -> httpx.Response:
        return httpx.Response(200, json={"object": "list", "data": [
            {"id": self.model, "object": "model", "owned_by": "vllm", "root": self.model,
             "max_model_len": self.max_model_len}]})

    def _metrics(self) -> httpx.Response:
        lines = []
        for name, key in [("vllm:diffusion_num_denoising_steps", "steps"),
                          ("vllm:diffusion_num_committed_tokens", "committed"),
                          ("vllm:diffusion_num_canvas_positions", "positions"),
                          ("vllm:request_success", "success")]:
            lines += [f"# HELP {name} counter", f"# TYPE {name} counter"]
            # two engines, as with data parallelism: the client must sum label sets
            half = self.counters[key] // 2
            for engine, value in (("0", half), ("1", self.counters[key] - half)):
                lines.append(f'{name}_total{{engine="{engine}",model_name="{self.model}"}} {float(value)}')
                lines.append(f'{name}_created{{engine="{engine}",model_name="{self.model}"}} 1.7e9')
        lines += ["# HELP vllm:num_requests_running running", "# TYPE vllm:num_requests_running gauge",
                  f'vllm:num_requests_running{{model_name="{self.model}"}} {float(self._in_flight)}']
        return httpx.Response(200, text="\n".join(lines) + "\n",
                              headers={"content-type": "text/plain; version=0.0.4"})

    def _check_model(self, body: dict[str, Any]) -> httpx.Response | None:
        model = body.get("model")
        if model is not None and model != self.model:
            return _error(404, f"The model `{model}` does not exist.", "NotFoundError")
        return None

    def _tokenize(self, body: dict[str, Any]) -> httpx.Response:
        if (bad := self._check_model(body)) is not None:
            return bad
        if "prompt" not in body:
            return _error(400, "tokenize needs prompt or messages")
        ids = self.tokenizer.encode(body["prompt"], add_special_tokens=bool(body.get("add_special_tokens", True)))
        with self._lock:
            self.counters["tokenize"] += 1
        return httpx.Response(200, json={"count": len(ids), "max_model_len": self.max_model_len, "tokens": ids,
                                         "token_strs": None})

    def _detokenize(self, body: dict[str, Any]) -> httpx.Response:
        if (bad := self._check_model(body)) is not None:
            return bad
        ids = body.get("tokens", [])
        if any(not isinstance(i, int) or not 0 <= i < self.vocab_size for i in ids):
            return _error(400, "token id out of vocabulary")
        with self._lock:
            self.counters["detokenize"] += 1
        return httpx.Response(200, json={"prompt": self.tokenizer.decode(ids)})

    def _chat_counted(self, host: str, body: dict[str, Any]) -> httpx.Response:
        with self._lock:
            self._in_flight += 1
            self.in_flight_by_host[host] += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
            self.max_in_flight_by_host[host] = max(self.max_in_flight_by_host[host], self.in_flight_by_host[host])
        try:
            if self.delay_s:
                time.sleep(self.delay_s)
            return self._chat(body)
        finally:
            with self._lock:
                self._in_flight -= 1
                self.in_flight_by_host[host] -= 1

    def _chat(self, body: dict[str, Any]) -> httpx.Response:
        with self._lock:
            self.chat_bodies.append(body)
        if (bad := self._check_model(body)) is not None:
            return bad
        # what vLLM 0.33 refuses for a diffusion model
        if body.get("response_format") is not None:
            return _error(400, "structured outputs (response_format) are not supported for diffusion models")
        if "temperature" in body and body["temperature"] is not None and float(body["temperature"]) != 1.0:
            return _error(400, "diffusion models only support temperature=1")
        for key in ("seed", "logit_bias", "allowed_token_ids"):
            if body.get(key) is not None:
                return _error(400, f"{key} is not supported for diffusion models")
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            return _error(400, "messages is required")
        prompt, images, prefix, bad_image = _flatten(messages)
        if bad_image:
            return _error(400, bad_image)
        if body.get("continue_final_message") and body.get("add_generation_prompt", True):
            return _error(400, "Cannot set both `continue_final_message` and `add_generation_prompt` to True.")
        if body.get("continue_final_message") and messages[-1].get("role") != "assistant":
            return _error(400, "continue_final_message needs a final assistant message")

        xargs = body.get("vllm_xargs") or {}
        length = int(xargs.get("diffusion_canvas_length", self.canvas_length))
        if not 0 < length <= self.canvas_length:
            return _error(400, f"diffusion_canvas_length {length} exceeds the model's canvas_length "
                               f"{self.canvas_length}")
        seed = xargs.get("diffusion_seed_canvas")
        if seed is None:
            return _error(400, "this fake only answers seeded reads (diffusion_seed_canvas)")
        if len(seed) != length:
            return _error(400, f"diffusion_seed_canvas has {len(seed)} ids; exactly one canvas of {length} "
                               "is required")
        if any(not isinstance(t, int) or not 0 <= t < self.vocab_size for t in seed):
            return _error(400, "diffusion_seed_canvas holds an id outside the vocabulary")
        pinned = xargs.get("diffusion_pinned") or []
        if any(not isinstance(p, int) or not 0 <= p < length for p in pinned):
            return _error(400, f"diffusion_pinned positions must lie in [0, {length})")
        if int(body.get("top_logprobs") or 0) > 20:
            return _error(400, "top_logprobs must be at most max_logprobs (20)")
        label_ids = body.get("logprob_token_ids")
        if label_ids is not None:
            if len(label_ids) > LOGPROB_TOKEN_IDS_MAX:
                return _error(400, f"logprob_token_ids accepts at most {LOGPROB_TOKEN_IDS_MAX} ids")
            if any(not 0 <= i < self.vocab_size for i in label_ids):
                return _error(400, "logprob_token_ids holds an id outside the vocabulary")
        constrained = bool(xargs.get("diffusion_constrained"))
        if constrained and not label_ids:
            return _error(400, "diffusion_constrained needs logprob_token_ids")
        steps = int(xargs.get("diffusion_max_steps", self.default_steps))
        if steps < 1:
            return _error(400, "diffusion_max_steps must be >= 1")

        call = ChatCall(body=body, seed=list(seed), pinned=set(pinned), prompt=prompt, images=images,
                        assistant_prefix=prefix)
        answer = self.responder(call) if self.responder else list(seed)
        canvas, probs = answer if isinstance(answer, tuple) else (answer, [0.9] * len(answer))
        if len(canvas) != length:
            return _error(500, "responder returned a canvas of the wrong length")
        if self.drift_pinned:
            canvas = [(t + 7) % self.vocab_size if i in call.pinned else t for i, t in enumerate(canvas)]
        if constrained:
            allowed = set(label_ids)
            # a constrained read argmaxes over the label set at every position, pinned ones included
            canvas = [t if t in allowed else sorted(allowed)[0] for t in canvas]
        if self.truncate_at is not None and not body.get("ignore_eos"):
            canvas, probs = canvas[: self.truncate_at], probs[: self.truncate_at]
        content = self._logprob_rows(canvas, probs, label_ids, body)
        with self._lock:
            self.counters["steps"] += steps
            self.counters["committed"] += length
            self.counters["positions"] += length * steps
            self.counters["success"] += 1
            self.counters["chat"] += 1
        text = self.tokenizer.decode(canvas, skip_special_tokens=True)
        return httpx.Response(200, json={
            "id": f"chatcmpl-{self.counters['chat']}", "object": "chat.completion", "model": self.model,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text},
                         "logprobs": {"content": content} if body.get("logprobs") else None}],
            "usage": {"prompt_tokens": len(self.tokenizer.encode(prompt)), "completion_tokens": length,
                      "total_tokens": len(self.tokenizer.encode(prompt)) + length},
        })

    def _logprob_rows(self, canvas: list[int], probs: list[float], label_ids: list[int] | None,
                      body: dict[str, Any]) -> list[dict[str, Any]]:
        as_ids = bool(body.get("return_tokens_as_token_ids"))

        def name(t: int) -> str:
            return f"token_id:{t}" if as_ids else self.tokenizer.decode([t])

        rows = []
        k = int(body.get("top_logprobs") or 0)
        for t, p in zip(canvas, probs, strict=True):
            p = min(max(p, 1e-6), 1.0)
            if label_ids:
                others = [i for i in label_ids if i != t]
                rest = (1.0 - p) / max(1, len(others)) if t in label_ids else 1.0 / max(1, len(others))
                top = [{"token": name(i), "logprob": math.log(p if i == t else max(rest, 1e-9))}
                       for i in label_ids]
            else:
                alts = [(t + j) % self.vocab_size for j in range(1, max(k, 1))]
                rest = (1.0 - p) / max(1, len(alts))
                top = [{"token": name(t), "logprob": math.log(p)}][: max(k, 1)] + [
                    {"token": name(i), "logprob": math.log(max(rest, 1e-9))} for i in alts][: max(0, k - 1)]
            rows.append({"token": name(t), "logprob": math.log(p), "bytes": None, "top_logprobs": top})
        return rows

    # ------------------------------------------------------------------ loopback

    @contextmanager
    def serve(self) -> Iterator[str]:
        """Run on 127.0.0.1 (a free port) for code that opens its own connections; yields the base URL."""
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _bridge(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                content = self.rfile.read(length) if length else b""
                req = httpx.Request(self.command, f"http://{self.headers.get('host')}{self.path}",
                                    content=content, headers=dict(self.headers))
                try:
                    resp = fake.handle(req)
                except httpx.ConnectError:
                    self.close_connection = True
                    return
                payload = resp.content
                self.send_response(resp.status_code)
                self.send_header("content-type", resp.headers.get("content-type", "application/json"))
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _bridge

            def log_message(self, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()
            server.server_close()


def _flatten(messages: list[dict[str, Any]]) -> tuple[str, int, str | None, str | None]:
    parts: list[str] = []
    images = 0
    for m in messages:
        content = m.get("content")
        if isinstance(content, str):
            parts.append(content)
            continue
        for part in content or []:
            if part.get("type") == "text":
                parts.append(part["text"])
            elif part.get("type") == "image_url":
                url = (part.get("image_url") or {}).get("url", "")
                if not url.startswith("data:image/") or ";base64," not in url:
                    return "", 0, None, "images must be base64 data URLs (data:image/...;base64,...)"
                images += 1
                parts.append("<image>")
            else:
                return "", 0, None, f"unknown content part type {part.get('type')!r}"
    last = messages[-1]
    prefix = None
    if last.get("role") == "assistant":
        c = last.get("content")
        prefix = c if isinstance(c, str) else "".join(p.get("text", "") for p in c or [])
    return "\n".join(parts), images, prefix, None


def _error(status: int, message: str, kind: str = "BadRequestError") -> httpx.Response:
    return httpx.Response(status, json={"error": {"message": message, "type": kind, "param": None,
                                                  "code": status}})
