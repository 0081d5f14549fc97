"""Writing documents to disk: the committed sample set and training / evaluation datasets.

The sample set (:data:`SAMPLE_SET`) is a fixed list of (type, seed, layout, locale, scan format) specs;
``write_sample`` regenerates it byte for byte. ``write_dataset`` writes ``n`` documents with seeds
``seed .. seed + n - 1``; give a held-out set a seed range and layout families that training never used.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docgen.generate import DOC_TYPES, DocGenError, GeneratedDoc, generate, layouts

__all__ = ["SAMPLE_SET", "DatasetSpec", "SampleSpec", "iter_dataset", "write_dataset", "write_doc", "write_sample"]

logger = logging.getLogger(__name__)

#: Mix of document types when a dataset does not name one.
TYPE_WEIGHTS: dict[str, float] = {"invoice": 0.6, "receipt": 0.25, "claim_form": 0.15}


@dataclass(frozen=True)
class SampleSpec:
    """One document of the committed sample set."""

    doc_type: str
    seed: int
    layout: str
    locale: str
    scanned: bool = False
    fmt: str | None = None
    n_items: int | None = None

    def generate(self) -> GeneratedDoc:
        """Generate this document (scans at 150–200 DPI to keep the sample set small)."""
        return generate(self.doc_type, self.seed, layout=self.layout, scanned=self.scanned, fmt=self.fmt,
                        locale=self.locale, n_items=self.n_items, dpi=(150, 200))


SAMPLE_SET: tuple[SampleSpec, ...] = (
    SampleSpec("invoice", 1, "classic", "en-US"),
    SampleSpec("invoice", 2, "label_above", "de-DE"),
    SampleSpec("invoice", 3, "right_header", "en-GB"),
    SampleSpec("invoice", 4, "boxed", "fr-FR"),
    SampleSpec("invoice", 5, "minimal", "nl-NL"),
    SampleSpec("invoice", 6, "two_column", "es-ES"),
    SampleSpec("invoice", 7, "letter", "de-DE", n_items=30),
    SampleSpec("invoice", 8, "banded", "it-IT"),
    SampleSpec("invoice", 9, "boxed", "en-GB", scanned=True, fmt="png", n_items=4),
    SampleSpec("invoice", 10, "label_above", "de-CH", scanned=True, fmt="jpeg", n_items=6),
    SampleSpec("invoice", 11, "classic", "fr-FR", scanned=True, fmt="tiff", n_items=3),
    SampleSpec("invoice", 12, "two_column", "pl-PL", scanned=True, fmt="pdf", n_items=5),
    SampleSpec("receipt", 1, "till", "en-US"),
    SampleSpec("receipt", 2, "till_mono", "de-DE"),
    SampleSpec("receipt", 3, "card_slip", "fr-FR"),
    SampleSpec("receipt", 4, "till", "nl-NL", scanned=True, fmt="jpeg"),
    SampleSpec("claim_form", 1, "boxed_fields", "en-GB"),
    SampleSpec("claim_form", 2, "lined_form", "de-DE"),
    SampleSpec("claim_form", 3, "table_form", "it-IT", scanned=True, fmt="png"),
)


def write_doc(doc: GeneratedDoc, folder: Path, *, truth_dir: Path | None = None, spans: bool = False) -> Path:
    """Write the file into ``folder`` and its record as ``<truth_dir or folder>/<file name>.json``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / doc.filename
    path.write_bytes(doc.data)
    record = _record(doc, spans)
    target = (truth_dir or folder) / f"{doc.filename}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _record(doc: GeneratedDoc, spans: bool) -> dict[str, Any]:
    record = doc.record()
    if spans:
        record["fields"] = [f.model_dump(mode="json") for f in doc.fields]
    return record


def write_sample(out: Path) -> list[GeneratedDoc]:
    """Regenerate the committed sample set into ``out`` (expected values in ``out/expected``)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / ".extractignore").write_text("expected/\n", encoding="utf-8")
    docs = []
    for spec in SAMPLE_SET:
        doc = spec.generate()
        write_doc(doc, out, truth_dir=out / "expected")
        logger.info("wrote %s (%d page(s))", doc.filename, doc.pages)
        docs.append(doc)
    known = {d.filename for d in docs} | {".extractignore", "expected"}
    stale = sorted(p.name for p in out.iterdir() if p.name not in known)
    if stale:
        logger.warning("files in %s that the sample set does not contain: %s", out, ", ".join(stale))
    return docs


@dataclass(frozen=True)
class DatasetSpec:
    """What a dataset holds: ``n`` documents from ``seed`` on, optionally one type, some layouts, locales."""

    n: int
    seed: int = 0
    doc_type: str | None = None
    layouts: tuple[str, ...] = ()
    locales: tuple[str, ...] = ()
    scanned_fraction: float = 0.2
    dpi: tuple[int, int] = (150, 300)

    def validate(self) -> None:
        """Fail early on names that do not exist (a typo would otherwise surface mid-run)."""
        if self.n < 0:
            raise DocGenError("n must be >= 0")
        if not 0.0 <= self.scanned_fraction <= 1.0:
            raise DocGenError("scanned_fraction must be between 0 and 1")
        types = [self.doc_type] if self.doc_type else list(DOC_TYPES)
        for t in types:
            layouts(t)  # raises on an unknown type
        if self.layouts:
            known = {name for t in types for name in layouts(t)}
            unknown = [name for name in self.layouts if name not in known]
            if unknown:
                raise DocGenError(f"unknown layout(s) {', '.join(unknown)} for {', '.join(types)}; "
                                  f"known: {', '.join(sorted(known))}")
        from docgen.locales import LOCALES

        bad = [code for code in self.locales if code not in LOCALES]
        if bad:
            raise DocGenError(f"unknown locale(s) {', '.join(bad)}; known: {', '.join(sorted(LOCALES))}")

    def job(self, index: int) -> dict[str, Any]:
        """The generate() arguments of document ``index`` (deterministic)."""
        seed = self.seed + index
        rng = random.Random(f"docgen-dataset:{seed}")
        types = [self.doc_type] if self.doc_type else [
            t for t in DOC_TYPES if not self.layouts or set(self.layouts) & set(layouts(t))]
        weights = [TYPE_WEIGHTS[t] for t in types]
        doc_type = rng.choices(types, weights=weights)[0]
        allowed = [name for name in layouts(doc_type) if not self.layouts or name in self.layouts]
        return {
            "doc_type": doc_type, "seed": seed, "layout": rng.choice(allowed),
            "locale": rng.choice(self.locales) if self.locales else None,
            "scanned": rng.random() < self.scanned_fraction, "dpi": self.dpi,
        }


def _run(job: dict[str, Any]) -> GeneratedDoc:
    return generate(**job)


def iter_dataset(spec: DatasetSpec, *, workers: int = 1) -> Iterator[GeneratedDoc]:
    """Generate the dataset's documents in index order (the same set whatever ``workers`` is)."""
    spec.validate()
    jobs = [spec.job(i) for i in range(spec.n)]
    if workers <= 1:
        yield from map(_run, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_run, jobs, chunksize=8)


def write_dataset(out: Path, spec: DatasetSpec, *, manifest: bool = False, spans: bool = True,
                  workers: int = 1) -> int:
    """Write the dataset into ``out``: files plus ``<name>.json`` beside each, or one ``manifest.jsonl``."""
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    manifest_file = (out / "manifest.jsonl").open("w", encoding="utf-8") if manifest else None
    try:
        for doc in iter_dataset(spec, workers=workers):
            if manifest_file is not None:
                (out / doc.filename).write_bytes(doc.data)
                manifest_file.write(json.dumps(_record(doc, spans), ensure_ascii=False) + "\n")
            else:
                write_doc(doc, out, spans=spans)
            count += 1
            if count % 100 == 0:
                logger.info("%d / %d documents", count, spec.n)
    finally:
        if manifest_file is not None:
            manifest_file.close()
    return count

