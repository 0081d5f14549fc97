"""Shared fixtures: a scripted engine registered through the real engine registry, and document helpers.

``KeyValueEngine`` ("kv") reads ``path: value`` lines from the document's text (``vendor_name: ACME``,
``line_items[0].amount: 12.00``) and returns them as data, so a plain-text file states what the engine will
"extract" and the rest of the pipeline (validation, grounding, routing, outputs) runs for real.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

import pytest

from engine.base import Engine, EngineOptions, EngineRequest, EngineResult, EngineStats, FieldResult, Word
from engine.errors import BackendUnavailableError
from engine.registry import register_engine

_LINE = re.compile(r"^\s*([a-z_][\w.\[\]]*)\s*:\s*(.*?)\s*$")
_PART = re.compile(r"([a-z_]\w*)(?:\[(\d+)\])?")


def _assign(data: dict[str, Any], path: str, value: str) -> None:
    parts = path.split(".")
    node: Any = data
    for i, part in enumerate(parts):
        m = _PART.fullmatch(part)
        if m is None:
            return
        key, index = m.group(1), m.group(2)
        last = i == len(parts) - 1
        if index is None:
            if last:
                node[key] = value
            else:
                node = node.setdefault(key, {})
        else:
            items = node.setdefault(key, [])
            while len(items) <= int(index):
                items.append({})
            if last:
                items[int(index)] = value
            else:
                node = items[int(index)]


class KeyValueOptions(EngineOptions):
    confidence: float = 0.9
    #: request ids whose call raises (a poisonous document)
    crash_on: list[str] = []
    #: raise BackendUnavailableError for every call
    down: bool = False
    model: str | None = None


class KeyValueEngine(Engine):
    """Test engine: ``path: value`` lines of the text become the data; ``null``/``true``/``false`` are JSON."""

    name: ClassVar[str] = "kv"
    Options: ClassVar[type[EngineOptions]] = KeyValueOptions
    calls: ClassVar[list[list[str]]] = []

    def extract_batch(self, requests: list[EngineRequest]) -> list[EngineResult]:
        opts: KeyValueOptions = self.options  # type: ignore[assignment]
        KeyValueEngine.calls.append([r.id for r in requests])
        if opts.down:
            raise BackendUnavailableError("server down")
        for r in requests:
            if r.id in opts.crash_on:
                raise RuntimeError(f"engine crashed on {r.id}")
        return [self._one(r, opts) for r in requests]

    def _one(self, request: EngineRequest, opts: KeyValueOptions) -> EngineResult:
        data: dict[str, Any] = {}
        fields: dict[str, FieldResult] = {}
        for line in request.text.splitlines():
            m = _LINE.match(line)
            if not m:
                continue
            path, raw = m.groups()
            value: Any = {"null": None, "true": True, "false": False}.get(raw, raw)
            _assign(data, path, value)
            if value is not None:
                fields[path] = FieldResult(path=path, value=value, confidence=opts.confidence)
        if not data:
            return EngineResult(id=request.id, error_code="engine.no_output", error="nothing to extract")
        return EngineResult(id=request.id, data=data, fields=fields,
                            stats=EngineStats(canvases=1, denoising_steps=[3], forward_passes=3,
                                              tokens_per_forward=2.0))


register_engine("kv", KeyValueEngine)

INVOICE_TEXT = """\
INVOICE
vendor_name: Acme Tools Ltd
invoice_number: INV-1001
invoice_date: 2024-03-05
due_date: 2024-04-04
currency: EUR
subtotal: 100.00
tax: 20.00
total: 120.00
line_items[0].description: Hammer drill
line_items[0].quantity: 2
line_items[0].unit_price: 50.00
line_items[0].amount: 100.00
Bill to: Someone, due date in 30 days. Subtotal and VAT shown above.
"""

RECEIPT_TEXT = """\
RECEIPT
merchant_name: Corner Cafe
merchant_address: 1 Main Street
date: 2024-02-01
total: 7.50
Paid by card. Thank you!
"""


def words_of(*lines: str, page: int = 0) -> list[Word]:
    """Words of ``lines`` with simple normalised boxes (one line per row)."""
    out: list[Word] = []
    for li, line in enumerate(lines):
        for wi, text in enumerate(line.split()):
            out.append(Word(text=text, page=page, line=li,
                            bbox=(wi * 0.1, li * 0.05, wi * 0.1 + 0.09, li * 0.05 + 0.04), confidence=0.95))
    return out


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No settings leak in from the developer's environment or from an earlier ``--config``."""
    import os

    for key in list(os.environ):
        if key.startswith("EXTRACT_"):
            monkeypatch.delenv(key, raising=False)
    KeyValueEngine.calls.clear()


@pytest.fixture
def make_docs(tmp_path: Path):
    """Write ``{relative name: text or bytes}`` under a fresh input folder; returns the folder."""

    def make(files: dict[str, str | bytes], folder: str = "in") -> Path:
        root = tmp_path / folder
        root.mkdir(parents=True, exist_ok=True)
        for name, content in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        return root

    return make
