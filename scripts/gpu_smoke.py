#!/usr/bin/env python
"""GPU smoke test of the vLLM backend: one image request against a real DiffusionGemma server, then /metrics.

On a machine with a GPU and vLLM (its own environment or the vLLM container)::

    vllm serve google/diffusiongemma-26B-A4B-it -dc '{"canvas_length":256}' --port 8000 &
    python scripts/gpu_smoke.py --url http://127.0.0.1:8000

or let the script start and stop the server itself (``--serve``, waits up to ``--boot-timeout`` seconds)::

    python scripts/gpu_smoke.py --serve --model google/diffusiongemma-26B-A4B-it

It renders a receipt (or takes ``--image``/``--text``), sends it through :class:`engine.vllm_backend.VLLMEngine`
(the seeded, pinned canvas read the pipeline uses), and prints one JSON report: the served model, the decoded
data and validation outcome, the request latency, and the server's diffusion counters before and after
(denoising steps, committed tokens, steps per canvas). Exit code 0 when the server answered a canvas that
decoded and its denoising counter moved; 1 otherwise.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import shlex
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.base import EngineRequest, Word  # noqa: E402
from engine.errors import EngineError  # noqa: E402
from engine.vllm_backend import VLLMEngine, VLLMOptions  # noqa: E402
from engine.vllm_client import VLLMClient  # noqa: E402
from schemas.registry import get_schema  # noqa: E402

RECEIPT_TEXT = """CORNER BAKERY
12 Market Street, Springfield
Date: 2024-03-05
2 x Croissant 4.80
1 x Coffee 3.20
TOTAL 8.00
Thank you!"""


def render(text: str) -> bytes:
    """A white page with ``text`` in black, as PNG (what the pipeline sends for a scanned page)."""
    from PIL import Image, ImageDraw

    lines = text.splitlines()
    img = Image.new("RGB", (800, 60 + 40 * len(lines)), "white")
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((40, 30 + 40 * i), line, fill="black", font_size=28)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def words_of(text: str) -> list[Word]:
    return [Word(text=w, line=i) for i, line in enumerate(text.splitlines()) for w in line.split()]


def wait_healthy(url: str, timeout: float) -> bool:
    client = VLLMClient([url], max_retries=0, connect_timeout_s=2.0, timeout_s=10.0)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if all(client.health().values()):
                return True
            time.sleep(5)
        return False
    finally:
        client.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--model", default=None, help="served model name (default: ask the server)")
    ap.add_argument("--doc-type", default="receipt")
    ap.add_argument("--text", type=Path, help="document text file (default: a built-in receipt)")
    ap.add_argument("--image", type=Path, help="page image (default: the text rendered)")
    ap.add_argument("--tokenizer-path", default=None)
    ap.add_argument("--canvas-length", type=int, default=256)
    ap.add_argument("--max-steps", type=int, default=16)
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds for the request")
    ap.add_argument("--serve", action="store_true", help="start `vllm serve` here and stop it afterwards")
    ap.add_argument("--serve-args", default="", help="extra arguments for `vllm serve`")
    ap.add_argument("--boot-timeout", type=float, default=1200.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    server = None
    if args.serve:
        model = args.model or "google/diffusiongemma-26B-A4B-it"
        port = args.url.rsplit(":", 1)[-1].strip("/")
        cmd = ["vllm", "serve", model, "-dc", json.dumps({"canvas_length": args.canvas_length}), "--port", port,
               *shlex.split(args.serve_args)]
        print("starting:", shlex.join(cmd), file=sys.stderr)
        server = subprocess.Popen(cmd)
        if not wait_healthy(args.url, args.boot_timeout):
            server.terminate()
            print(json.dumps({"ok": False, "error": f"server not healthy after {args.boot_timeout}s"}))
            return 1
    try:
        return run(args)
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()


def run(args: argparse.Namespace) -> int:
    text = args.text.read_text(encoding="utf-8") if args.text else RECEIPT_TEXT
    image = args.image.read_bytes() if args.image else render(text)
    target = get_schema(args.doc_type)
    options = VLLMOptions(urls=[args.url], model=args.model, tokenizer_path=args.tokenizer_path,
                          canvas_length=args.canvas_length, max_steps=args.max_steps, timeout_s=args.timeout,
                          max_images=1)
    engine = VLLMEngine(options)
    report: dict = {"url": args.url, "doc_type": args.doc_type}
    try:
        before = engine.client.metrics()
        t0 = time.perf_counter()
        [result] = engine.extract_batch([EngineRequest(id="smoke", words=words_of(text), images=[image],
                                                       target=target)])
        report["seconds"] = round(time.perf_counter() - t0, 3)
        after = engine.client.metrics()
    except EngineError as exc:
        report.update(ok=False, error=f"{exc.code}: {exc}")
        print(json.dumps(report, indent=2))
        return 1
    finally:
        engine.close()
    delta = after - before
    report.update(
        model=engine.model_name,
        data=result.data,
        error_code=result.error_code,
        error=result.error,
        canvases=result.stats.canvases,
        raw=result.raw,
        field_confidence={k: round(v.confidence, 3) for k, v in result.fields.items()},
        server_before=before.as_counters(),
        server_delta=delta.as_counters(),
        client=engine.run_metrics(),
    )
    ok = result.data is not None and delta.denoising_steps > 0
    report["ok"] = ok
    print(json.dumps(report, indent=2, default=str))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
