"""Extraction quality, side by side for several engines, on documents no engine was trained on.

1. A held-out set is generated with seeds and invoice layout families never used in training (the embedded
   model trains on seeds from 100000 and the layouts listed in `extract train`), rendered and read back through
   the pipeline's own text/OCR stage (born-digital and scanned), and cached.
2. Every engine extracts the same documents; the script reports, per engine: field precision/recall/F1 per
   field and for line items, document exact match, calibration of per-field confidence (accuracy per
   confidence bin; accuracy of fields with confidence >= 0.95), mean denoising steps per canvas, engine seconds
   per document (OCR excluded).
3. The same on the real invoices in ../shared/real-invoices (only the fields their JSON gives; a line item's
   description is compared on its first line, the item's name, where the JSON joins name and details).

    python bench/quality.py                                  # embedded vs baseline, 100 held-out documents
    python bench/quality.py --n 300 --engines embedded,baseline --json bench/results/quality.json
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from docgen.corpus import build_corpus, read_corpus  # noqa: E402
from engine.base import EngineRequest, Word  # noqa: E402
from engine.registry import create_engine  # noqa: E402
from pipeline.scoring import Scoreboard  # noqa: E402
from schemas import get_schema  # noqa: E402

HELD_OUT_INVOICE_LAYOUTS = ["two_column", "banded"]
HELD_OUT_SEED = 900_000
REAL_KEYS = {"issuer": "vendor_name", "invoice_number": "invoice_number", "date": "invoice_date",
             "date_due": "due_date", "amount": "total", "amount_untaxed": "subtotal", "amount_tax": "tax",
             "currency": "currency"}
# the real invoices' JSON names line fields in two ways (name/price_unit, desc/price)
REAL_LINE_KEYS = {"name": "description", "desc": "description", "qty": "quantity", "price_unit": "unit_price",
                  "price": "unit_price", "price_subtotal": "amount"}


def held_out(cache: Path, n: int, workers: int) -> list[Any]:
    """Held-out documents: 60% invoices (unseen layouts), 20% receipts, 20% claim forms; cached."""
    n_inv = max(1, int(n * 0.6))
    n_other = max(1, n - n_inv)
    inv = cache / f"heldout-invoices-{n_inv}.jsonl"
    other = cache / f"heldout-forms-{n_other}.jsonl"
    if not inv.is_file():
        build_corpus(inv, n=n_inv, seed=HELD_OUT_SEED, layouts=HELD_OUT_INVOICE_LAYOUTS, scanned_fraction=0.2,
                     workers=workers)
    if not other.is_file():
        build_corpus(other, n=n_other, seed=HELD_OUT_SEED + 50_000, doc_types=["receipt", "claim_form"],
                     scanned_fraction=0.2, workers=workers)
    return list(read_corpus(inv)) + list(read_corpus(other))


def real_invoices(folder: Path) -> list[tuple[str, list[Word], dict[str, Any], list[str]]]:
    """(name, words, truth in our keys, keys to compare) for each real invoice (PDF, else PNG, else TXT)."""
    from pipeline.config import Settings
    from pipeline.ingest import identify
    from pipeline.ocr import load_document

    settings = Settings()
    out = []
    for truth_file in sorted(folder.glob("*.json")):
        stem = truth_file.stem
        files = [folder / f"{stem}.{ext}" for ext in ("pdf", "png", "txt")]
        doc_file = next((f for f in files if f.is_file()), None)
        if doc_file is None:
            continue
        raw = json.loads(truth_file.read_text())
        raw = raw[0] if isinstance(raw, list) else raw
        truth = {ours: raw[theirs] for theirs, ours in REAL_KEYS.items() if theirs in raw}
        lines = raw.get("lines") or raw.get("line_items")
        # a line is an item when it names one (notes such as a serial number are not); a description the JSON
        # gives as several lines (name, then details) is compared on its first line, the item's name
        items = [{ours: str(ln[theirs]).split("\n")[0] if ours == "description" else ln[theirs]
                  for theirs, ours in REAL_LINE_KEYS.items() if theirs in ln}
                 for ln in lines or [] if ln.get("name") or ln.get("desc")]
        if items:
            truth["line_items"] = items
        source = identify(doc_file, folder, settings.limits)
        words = load_document(source, settings).words
        out.append((doc_file.name, words, truth, list(truth)))
    return out


def run_engine(name: str, docs: list[tuple[str, str, list[Word], dict, list[str] | None]], batch: int,
               options: dict[str, Any] | None = None) -> dict:
    engine = create_engine(name, options or {})
    board = Scoreboard()
    by_type: dict[str, Scoreboard] = {}
    seconds: list[float] = []
    steps: list[int] = []
    for i in range(0, len(docs), batch):
        chunk = docs[i:i + batch]
        reqs = [EngineRequest(id=d[0], words=d[2], target=get_schema(d[1])) for d in chunk]
        t0 = time.perf_counter()
        results = engine.extract_batch(reqs)
        seconds.extend([(time.perf_counter() - t0) / len(chunk)] * len(chunk))
        for (doc_id, doc_type, _words, truth, keys), res in zip(chunk, results, strict=True):
            conf = {k: f.confidence for k, f in res.fields.items()}
            pred = res.data if res.error_code not in ("engine.prompt",) else None
            board.add(pred, truth, conf, keys=keys, partial=keys is not None)
            by_type.setdefault(doc_type, Scoreboard()).add(pred, truth, conf, keys=keys, partial=keys is not None)
            steps.extend(res.stats.denoising_steps)
    engine.close()
    summary = board.summary()
    summary["by_type"] = {t: {k: v for k, v in b.summary().items() if k in ("documents", "exact_match",
                                                                              "header_f1", "line_items_f1")}
                          for t, b in sorted(by_type.items())}
    summary["engine_seconds_per_document"] = round(statistics.mean(seconds), 4) if seconds else None
    summary["mean_denoising_steps_per_canvas"] = round(statistics.mean(steps), 3) if steps else None
    return summary


def print_table(title: str, results: dict[str, dict]) -> None:
    engines = list(results)
    print(f"\n## {title}\n")
    print("| metric | " + " | ".join(engines) + " |")
    print("|---|" + "---|" * len(engines))
    for metric in ("documents", "exact_match", "header_f1", "line_items_f1", "confident_fields",
                   "confident_accuracy", "mean_denoising_steps_per_canvas", "engine_seconds_per_document"):
        print(f"| {metric} | " + " | ".join(str(results[e].get(metric)) for e in engines) + " |")
    for k in ("right_sent_to_review", "wrong_caught", "wrong_let_through"):
        print(f"| confidence < 0.4: {k} | " + " | ".join(str(results[e]["review_below_0.4"][k]) for e in engines)
              + " |")
    fields = sorted({f for r in results.values() for f in r["fields"]})
    for f in fields:
        print(f"| F1 {f} | " + " | ".join(str(results[e]["fields"].get(f, {}).get("f1")) for e in engines) + " |")
    for e in engines:
        print(f"\ncalibration ({e}): " + "; ".join(f"{r['bin']} n={r['fields']} acc={r['accuracy']}"
                                                     for r in results[e]["calibration"]))


def field_comparison(results: dict[str, dict], engine: str, reference: str) -> dict[str, Any]:
    """Per field: ``engine``'s F1 minus ``reference``'s, and which fields it wins, ties and loses."""
    a, b = results[engine]["fields"], results[reference]["fields"]
    delta = {f: round(a.get(f, {}).get("f1", 0.0) - b.get(f, {}).get("f1", 0.0), 4) for f in sorted(set(a) | set(b))}
    return {"delta_f1": delta, "better": [f for f, d in delta.items() if d > 0],
            "equal": [f for f, d in delta.items() if d == 0], "worse": [f for f, d in delta.items() if d < 0]}


def add_engine_arguments(ap: argparse.ArgumentParser) -> None:
    """The options every quality benchmark takes: where its JSON report goes, which embedded model runs."""
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--embedded-model", type=Path, default=None,
                    help="checkpoint folder for the embedded engine (default: the packaged model)")


def engine_options(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    return {"embedded": {"model": str(args.embedded_model)}} if args.embedded_model else {}


def save_report(path: Path | None, report: dict[str, Any]) -> None:
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2, default=str))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100, help="held-out documents to generate")
    ap.add_argument("--engines", default="embedded,baseline")
    ap.add_argument("--cache", type=Path, default=ROOT / "bench" / ".cache")
    ap.add_argument("--real", type=Path, default=ROOT.parent / "shared" / "real-invoices")
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    add_engine_arguments(ap)
    args = ap.parse_args()
    options = engine_options(args)
    logging.basicConfig(level=logging.WARNING)
    args.cache.mkdir(parents=True, exist_ok=True)

    docs = [(d.id, d.doc_type, d.words, d.truth, None) for d in held_out(args.cache, args.n, args.workers)]
    engines = args.engines.split(",")
    report: dict[str, Any] = {"held_out": {}, "real_invoices": {}}
    for name in engines:
        report["held_out"][name] = run_engine(name, docs, args.batch, options.get(name))
    print_table(f"held-out generated documents ({len(docs)}: unseen seeds; invoices in unseen layouts "
                f"{', '.join(HELD_OUT_INVOICE_LAYOUTS)})", report["held_out"])
    if "embedded" in engines and "baseline" in engines:
        report["held_out_comparison"] = cmp = field_comparison(report["held_out"], "embedded", "baseline")
        print(f"\nembedded vs baseline per field: better {len(cmp['better'])}, equal {len(cmp['equal'])}, "
              f"worse {len(cmp['worse'])}: {', '.join(cmp['worse'])}")
    if args.real.is_dir():
        real = [(n, "invoice", w, t, k) for n, w, t, k in real_invoices(args.real)]
        for name in engines:
            report["real_invoices"][name] = run_engine(name, real, args.batch, options.get(name))
        print_table(f"real invoices ({len(real)}, only the fields their JSON gives)", report["real_invoices"])
    save_report(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
