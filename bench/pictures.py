"""Text in the pictures of born-digital pages: what it costs and what it adds, side by side in one process.

Every PDF of the folders given is loaded through the pipeline's own text/OCR stage twice per round, with the
pictures of its text-layer pages read (``ocr.image_text_max``, the default) and without (``image_text_max = 0``),
the two runs interleaved so that both see the same machine. The script reports per document the words read from
pictures and the issuer the baseline engine reads with each, and overall the load seconds per document (text
layer, rendering and picture OCR; engine excluded) of both and their ratio.

    python bench/pictures.py                                     # ../shared/real-invoices and sample_data
    python bench/pictures.py DIR [DIR ...] --rounds 3 --json bench/results/pictures.json
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", type=Path,
                    default=[ROOT.parent / "shared" / "real-invoices", ROOT / "sample_data"])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    from bench.quality import save_report
    from engine.base import EngineRequest
    from engine.registry import create_engine
    from pipeline.config import Settings
    from pipeline.ingest import identify
    from pipeline.ocr import load_document
    from schemas import get_schema

    on = Settings()
    off = Settings()
    off.ocr.image_text_max = 0
    files = sorted(f for folder in args.folders if folder.is_dir() for f in folder.rglob("*.pdf"))
    baseline = create_engine("baseline", {})
    seconds: dict[str, list[float]] = {"pictures": [], "text_layer_only": []}
    rows: list[dict[str, Any]] = []
    for path in files:
        source = identify(path, path.parent, on.limits)
        per: dict[str, list[float]] = {"pictures": [], "text_layer_only": []}
        docs = {}
        for _ in range(args.rounds):
            for name, settings in (("pictures", on), ("text_layer_only", off)):
                started = time.perf_counter()
                docs[name] = load_document(source, settings)
                per[name].append(time.perf_counter() - started)
        vendors = {}
        for name, doc in docs.items():
            (result,) = baseline.extract_batch([EngineRequest(id=path.name, words=doc.words,
                                                              target=get_schema("invoice"))])
            vendors[name] = (result.data or {}).get("vendor_name")
        for name in seconds:
            seconds[name].append(statistics.median(per[name]))
        rows.append({
            "document": str(path.relative_to(path.parent.parent)),
            "picture_words": sum(p.image_words for p in docs["pictures"].pages),
            "seconds_pictures": round(statistics.median(per["pictures"]), 3),
            "seconds_text_layer_only": round(statistics.median(per["text_layer_only"]), 3),
            "vendor_pictures": vendors["pictures"],
            "vendor_text_layer_only": vendors["text_layer_only"],
        })
    baseline.close()

    print("| document | picture words | s (pictures) | s (text layer only) | issuer read (pictures) | "
          "issuer read (text layer only) |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['document']} | {r['picture_words']} | {r['seconds_pictures']} | "
              f"{r['seconds_text_layer_only']} | {r['vendor_pictures']} | {r['vendor_text_layer_only']} |")
    mean_on = statistics.mean(seconds["pictures"]) if files else 0.0
    mean_off = statistics.mean(seconds["text_layer_only"]) if files else 0.0
    ratio = mean_on / mean_off if mean_off else None
    print(f"\n{len(files)} PDFs; load seconds per document (median of {args.rounds} rounds, then mean): "
          f"pictures {mean_on:.3f}, text layer only {mean_off:.3f}, ratio {ratio:.2f}" if ratio else "")
    print(f"documents with picture words: {sum(r['picture_words'] > 0 for r in rows)}; issuers that changed: "
          f"{sum(r['vendor_pictures'] != r['vendor_text_layer_only'] for r in rows)}")
    save_report(args.json, {"documents": rows, "seconds_per_document": {
        "pictures": round(mean_on, 4), "text_layer_only": round(mean_off, 4),
        "ratio": round(ratio, 3) if ratio else None}, "rounds": args.rounds})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
