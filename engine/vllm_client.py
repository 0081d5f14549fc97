"""HTTP client for one or more vLLM OpenAI-compatible servers.

One pooled :class:`httpx.Client` serves every thread. Each call picks the next server round-robin, waits for a
free slot on that server (at most ``max_num_seqs`` requests in flight per server, the scheduler's own batch
limit, so requests queue here instead of in the server's waiting queue where they would time out), and retries
with exponential backoff only when a retry can succeed: connection failures, 429 and 502/503/504 (honouring
``Retry-After``). A 4xx is the request's own fault and fails at once, with the server's message.

Endpoints used (vLLM 0.33): ``GET /health``, ``GET /v1/models``, ``GET /metrics`` (Prometheus text),
``POST /tokenize``, ``POST /detokenize`` and ``POST /v1/chat/completions``.

    EngineError
    ├── BackendUnavailableError      no server answered (connection, 5xx after retries, timeouts)
    ├── VLLMRequestError             the server rejected the request (4xx, or a 5xx that is not transient)
    └── VLLMProtocolError            the answer is not what vLLM sends (not JSON, fields missing)
"""

from __future__ import annotations

import itertools
import logging
import random
import re
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import httpx
from pydantic import BaseModel, Field

from engine.errors import BackendUnavailableError, EngineError

__all__ = [
    "DIFFUSION_COUNTERS",
    "ServerMetrics",
    "VLLMClient",
    "VLLMProtocolError",
    "VLLMRequestError",
    "parse_metrics",
]

logger = logging.getLogger(__name__)

#: HTTP statuses worth retrying: overload (429) and a gateway or server that is restarting (502/503/504).
RETRYABLE_STATUS = frozenset({429, 502, 503, 504})
#: transport failures after which the request certainly did not run, or the connection dropped mid-way
_RETRYABLE_TRANSPORT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout, httpx.RemoteProtocolError)

#: Prometheus counter families of a DiffusionGemma server → our field names (server-wide, summed over labels).
DIFFUSION_COUNTERS: dict[str, str] = {
    "vllm:diffusion_num_denoising_steps": "denoising_steps",
    "vllm:diffusion_num_committed_tokens": "committed_tokens",
    "vllm:diffusion_num_canvas_positions": "canvas_positions",
    "vllm:request_success": "requests_succeeded",
    "vllm:prompt_tokens": "prompt_tokens",
}


class VLLMRequestError(EngineError):
    """The server refused the request; retrying the same request cannot help."""

    code = "engine.vllm_rejected"

    def __init__(self, message: str, *, status: int, url: str, hint: str | None = None) -> None:
        super().__init__(f"vLLM {url} answered {status}: {message}", hint=hint, retryable=False)
        self.status = status
        self.url = url
        self.server_message = message


class VLLMProtocolError(EngineError):
    """The server's answer does not have the expected shape (not vLLM, wrong version, or wrong model)."""

    code = "engine.vllm_protocol"


class ServerMetrics(BaseModel):
    """Server-wide diffusion counters from ``/metrics``, summed over every server and label set.

    They count everything the servers did, including other clients' requests: a delta between two snapshots
    taken around a batch is exact only when this process is the servers' only client.
    """

    denoising_steps: float = 0.0
    committed_tokens: float = 0.0
    canvas_positions: float = 0.0
    requests_succeeded: float = 0.0
    prompt_tokens: float = 0.0
    #: servers whose /metrics could not be read (their counters are missing from the sums)
    unreadable: list[str] = Field(default_factory=list)

    def __add__(self, other: ServerMetrics) -> ServerMetrics:
        return ServerMetrics(
            **{k: getattr(self, k) + getattr(other, k) for k in _COUNTER_FIELDS},
            unreadable=sorted(set(self.unreadable) | set(other.unreadable)),
        )

    def __sub__(self, other: ServerMetrics) -> ServerMetrics:
        # A counter that went down means the server restarted; the later value is then the best lower bound.
        return ServerMetrics(
            **{
                k: (a - b if a >= b else a)
                for k in _COUNTER_FIELDS
                for a, b in [(getattr(self, k), getattr(other, k))]
            },
            unreadable=sorted(set(self.unreadable) | set(other.unreadable)),
        )

    @property
    def steps_per_canvas(self) -> float | None:
        """Mean denoising steps per finished request (one canvas each), when the server counted both."""
        if self.requests_succeeded <= 0 or self.denoising_steps <= 0:
            return None
        return self.denoising_steps / self.requests_succeeded

    def as_counters(self) -> dict[str, float]:
        """Flat ``vllm_*`` counters for a run summary."""
        out = {f"vllm_{k}": getattr(self, k) for k in _COUNTER_FIELDS}
        if self.steps_per_canvas is not None:
            out["vllm_steps_per_canvas"] = round(self.steps_per_canvas, 3)
        return out


_COUNTER_FIELDS = ("denoising_steps", "committed_tokens", "canvas_positions", "requests_succeeded", "prompt_tokens")


_SAMPLE = re.compile(
    r"""^(?P<name>[A-Za-z_:][A-Za-z0-9_:]*)"""  # metric name (vLLM's contain colons)
    r"""(?:\{(?P<labels>(?:[^"}]|"(?:[^"\\]|\\.)*")*)\})?"""  # labels; quoted values may hold } and \"
    r"""\s+(?P<value>\S+)(?:\s+\S+)?\s*$"""  # value, optional timestamp
)


def parse_metrics(text: str) -> ServerMetrics:
    """Read the diffusion counters out of a Prometheus text exposition, summing over label sets.

    A counter ``x`` appears as ``x_total`` (its value) and ``x_created`` (a timestamp, ignored); older exporters
    write ``x`` itself. Comment lines are skipped; a sample line that does not parse raises ``ValueError``.
    """
    totals = dict.fromkeys(_COUNTER_FIELDS, 0.0)
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _SAMPLE.match(line)
        if match is None:
            raise ValueError(f"/metrics line {lineno} is not a Prometheus sample: {line[:120]!r}")
        name = match["name"]
        base = name[: -len("_total")] if name.endswith("_total") else name
        field = DIFFUSION_COUNTERS.get(base)
        if field is None:
            continue
        value = float(match["value"])
        if value == value:  # NaN: no data yet
            totals[field] += value
    return ServerMetrics(**totals)


class _Server:
    """One base URL and its in-flight limit."""

    def __init__(self, url: str, max_num_seqs: int) -> None:
        self.url = url.rstrip("/")
        self.slots = threading.BoundedSemaphore(max_num_seqs)
        self.healthy = True


def normalise_url(url: str) -> str:
    """``http://host:8000/v1/`` → ``http://host:8000`` (we add the ``/v1`` ourselves where it belongs)."""
    url = url.strip().rstrip("/")
    if url.endswith("/v1"):
        url = url[: -len("/v1")]
    if not url.startswith(("http://", "https://")):
        url = "http://" + url
    return url


class VLLMClient:
    """Thread-safe client over several vLLM servers serving the same model.

    ``timeout_s`` bounds every read (one canvas on a busy server can take tens of seconds); ``connect_timeout_s``
    is short so a dead server is skipped quickly. ``transport`` replaces the network (tests pass an
    :class:`httpx.MockTransport`).
    """

    def __init__(
        self,
        urls: Sequence[str],
        *,
        max_num_seqs: int = 8,
        timeout_s: float = 300.0,
        connect_timeout_s: float = 5.0,
        max_retries: int = 3,
        backoff_s: float = 0.5,
        backoff_max_s: float = 10.0,
        api_key: str | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if not urls:
            raise EngineError("no vLLM server URL given", hint="pass --url http://HOST:8000 (repeatable)")
        if max_num_seqs < 1:
            raise EngineError(f"max_num_seqs must be at least 1, got {max_num_seqs}")
        self.servers = [_Server(normalise_url(u), max_num_seqs) for u in urls]
        self.max_num_seqs = max_num_seqs
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.backoff_max_s = backoff_max_s
        self._rr = itertools.count()
        self._rr_lock = threading.Lock()
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        capacity = max_num_seqs * len(self.servers)
        self._http = httpx.Client(
            timeout=httpx.Timeout(timeout_s, connect=connect_timeout_s),
            limits=httpx.Limits(max_connections=capacity + 4, max_keepalive_connections=capacity + 4),
            headers=headers,
            transport=transport,
        )

    # ------------------------------------------------------------------ plumbing

    @property
    def capacity(self) -> int:
        """Requests that may be in flight at once over all servers."""
        return self.max_num_seqs * len(self.servers)

    def close(self) -> None:
        self._http.close()

    def _next_server(self) -> _Server:
        with self._rr_lock:
            start = next(self._rr)
        n = len(self.servers)
        # skip servers the last health check found down, unless all are down (then try anyway)
        for i in range(n):
            server = self.servers[(start + i) % n]
            if server.healthy:
                return server
        return self.servers[start % n]

    @contextmanager
    def _slot(self, server: _Server) -> Iterator[None]:
        server.slots.acquire()
        try:
            yield
        finally:
            server.slots.release()

    def _sleep_before_retry(self, attempt: int, retry_after: str | None) -> None:
        delay = min(self.backoff_max_s, self.backoff_s * (2**attempt))
        if retry_after:
            try:
                delay = min(self.backoff_max_s, max(delay, float(retry_after)))
            except ValueError:
                pass  # an HTTP date; the exponential delay will do
        # jitter so that many threads retrying together do not arrive together
        time.sleep(delay * (0.5 + random.random() / 2))

    def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        server: _Server | None = None,
        retries: int | None = None,
    ) -> httpx.Response:
        """Send one request (round-robin unless ``server`` is given), retrying transient failures.

        Returns a 2xx response; raises :class:`VLLMRequestError` for a rejection and
        :class:`BackendUnavailableError` when no attempt got through.
        """
        retries = self.max_retries if retries is None else retries
        last: str = "no attempt made"
        for attempt in range(retries + 1):
            target = server or self._next_server()
            url = target.url + path
            retry_after = None
            try:
                with self._slot(target):
                    response = self._http.request(method, url, json=json)
            except _RETRYABLE_TRANSPORT as exc:
                last = f"{type(exc).__name__}: {exc}"
                if isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout)):
                    # out of the rotation until the next health check (the next batch)
                    target.healthy = False
                logger.warning("vLLM %s %s failed (%s), attempt %d/%d", method, url, last, attempt + 1, retries + 1)
            except httpx.TimeoutException as exc:
                # a read timeout: the server took the request and is too slow; resending only adds load
                raise BackendUnavailableError(
                    f"vLLM {url} did not answer in time ({type(exc).__name__})",
                    hint="raise engine option timeout_s or lower max_num_seqs",
                ) from exc
            except httpx.HTTPError as exc:
                raise BackendUnavailableError(f"vLLM {url}: {type(exc).__name__}: {exc}") from exc
            else:
                if response.is_success:
                    return response
                message = _error_message(response)
                if response.status_code in RETRYABLE_STATUS:
                    last = f"{response.status_code} {message}"
                    retry_after = response.headers.get("retry-after")
                    logger.warning("vLLM %s %s answered %s, attempt %d/%d", method, url, last, attempt + 1,
                                   retries + 1)
                else:
                    raise VLLMRequestError(message, status=response.status_code, url=url,
                                           hint=_hint_for(response.status_code, message))
            if attempt < retries:
                self._sleep_before_retry(attempt, retry_after)
        raise BackendUnavailableError(
            f"vLLM {method} {path} failed after {retries + 1} attempts: {last}",
            hint="is `vllm serve` running and reachable at " + ", ".join(s.url for s in self.servers) + "?",
        )

    # ------------------------------------------------------------------ endpoints

    def health(self) -> dict[str, bool]:
        """``GET /health`` on every server (one retry for a transient failure); marks each up or down for
        round-robin."""
        status: dict[str, bool] = {}
        for server in self.servers:
            try:
                self.request("GET", "/health", server=server, retries=min(1, self.max_retries))
                ok = True
            except EngineError as exc:
                logger.warning("vLLM %s health check failed: %s", server.url, exc)
                ok = False
            server.healthy = ok
            status[server.url] = ok
        return status

    def ensure_healthy(self) -> None:
        """Health-check every server; raise :class:`BackendUnavailableError` when none is up."""
        status = self.health()
        if not any(status.values()):
            raise BackendUnavailableError(
                "no vLLM server is healthy: " + ", ".join(status),
                hint="start it with `vllm serve google/diffusiongemma-26B-A4B-it -dc '{\"canvas_length\":256}'`",
            )
        down = [u for u, ok in status.items() if not ok]
        if down:
            logger.warning("vLLM servers down, skipped until the next health check: %s", ", ".join(down))

    def _json(self, method: str, path: str, body: Any = None) -> Any:
        response = self.request(method, path, json=body)
        try:
            return response.json()
        except ValueError as exc:
            raise VLLMProtocolError(f"vLLM {response.request.url} answered {method} {path} with non-JSON: "
                                    f"{response.text[:200]!r}") from exc

    def models(self) -> list[dict[str, Any]]:
        """``GET /v1/models`` from the first server that answers."""
        data = self._json("GET", "/v1/models")
        if not isinstance(data, dict) or not isinstance(data.get("data"), list):
            raise VLLMProtocolError("GET /v1/models did not answer a model list")
        return list(data["data"])

    def metrics(self) -> ServerMetrics:
        """Diffusion counters summed over all servers (unreadable servers are listed, not fatal)."""
        total = ServerMetrics()
        for server in self.servers:
            try:
                text = self.request("GET", "/metrics", server=server, retries=0).text
                total = total + parse_metrics(text)
            except (EngineError, ValueError) as exc:
                logger.warning("vLLM %s /metrics unreadable: %s", server.url, exc)
                total = total + ServerMetrics(unreadable=[server.url])
        return total

    def tokenize(self, model: str, text: str, *, add_special_tokens: bool = False) -> list[int]:
        """``POST /tokenize``: the ids of ``text``."""
        data = self._json("POST", "/tokenize", {"model": model, "prompt": text,
                                                "add_special_tokens": add_special_tokens})
        try:
            return [int(t) for t in data["tokens"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise VLLMProtocolError("POST /tokenize did not answer a token list") from exc

    def detokenize(self, model: str, ids: Sequence[int]) -> str:
        """``POST /detokenize``: the text of ``ids``."""
        data = self._json("POST", "/detokenize", {"model": model, "tokens": list(ids)})
        if not isinstance(data, dict) or not isinstance(data.get("prompt"), str):
            raise VLLMProtocolError("POST /detokenize did not answer a prompt")
        return data["prompt"]

    def chat(self, body: dict[str, Any]) -> dict[str, Any]:
        """``POST /v1/chat/completions``; returns the decoded JSON response."""
        data = self._json("POST", "/v1/chat/completions", body)
        if not isinstance(data, dict):
            raise VLLMProtocolError("POST /v1/chat/completions did not answer a JSON object")
        return data


def _error_message(response: httpx.Response) -> str:
    """The server's own words: vLLM answers ``{"error": {"message": ...}}`` (older: ``{"message": ...}``)."""
    try:
        data = response.json()
    except ValueError:
        return response.text[:500] or response.reason_phrase
    if isinstance(data, dict):
        err = data.get("error")
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
        if isinstance(err, str):
            return err
        if data.get("message"):
            return str(data["message"])
        if data.get("detail"):
            return str(data["detail"])
    return response.text[:500]


def _hint_for(status: int, message: str) -> str | None:
    if status == 404 and "model" in message.lower():
        return "the served model name differs: set engine option `model` to one of GET /v1/models"
    if status == 401:
        return "set engine option api_key (the server runs with --api-key)"
    if status == 400 and "canvas" in message.lower():
        return "the server's canvas_length differs from engine option canvas_length"
    return None
