"""Pipeline benchmark: run ``extract run`` on a folder as a user would, report throughput and time per stage.

    python bench/pipeline.py [DIR] [--workers N] [--engine NAME] [--rerun] [--json]

DIR defaults to ``sample_data/``. The command runs in a subprocess (imports and process start-up included) into
a temporary output folder. Figures: documents per second over the wall time of the whole command, and from the
records' own timings the mean seconds per document and per stage, split by how the text was obtained
(``born_digital`` text layer, ``scanned`` OCR, ``mixed``, plain ``text``; ``failed`` inputs apart). ``--rerun``
times a second run into the same folder (every input unchanged: nothing should be processed). The table goes to
stderr; ``--json`` prints the figures as JSON on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

STAGES = ("ingest", "load", "ocr", "classify", "engine", "validate")


def extract_command() -> list[str]:
    """The ``extract`` console script next to this interpreter, else ``python -m pipeline.cli``."""
    script = Path(sys.executable).with_name("extract")
    if script.is_file():
        return [str(script)]
    found = shutil.which("extract")
    return [found] if found else [sys.executable, "-m", "pipeline.cli"]


def run_once(input_dir: Path, out: Path, workers: int | None, engine: str | None) -> tuple[float, dict[str, Any]]:
    """Wall seconds of one ``extract run`` and its ``--json`` summary."""
    cmd = [*extract_command(), "run", str(input_dir), "--out", str(out), "--json"]
    if workers:
        cmd += ["--workers", str(workers)]
    if engine:
        cmd += ["--engine", engine]
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit(f"extract run failed with exit code {proc.returncode}")
    return wall, json.loads(proc.stdout)


def group_figures(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per kind of input: documents, pages, statuses, mean seconds per document and per stage."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        if r.get("duplicate_of"):
            continue
        kind = r["metrics"].get("source_kind") or ("failed" if r["status"] == "failed" else "unknown")
        groups[kind].append(r)
    out: dict[str, dict[str, Any]] = {}
    for kind, rows in sorted(groups.items()):
        stage_sum: dict[str, float] = defaultdict(float)
        for r in rows:
            for stage, secs in (r["metrics"].get("seconds") or {}).items():
                stage_sum[stage] += float(secs or 0)
        n = len(rows)
        per_doc = sum(stage_sum.values()) / n if n else 0.0
        out[kind] = {
            "documents": n,
            "pages": sum(int(r["metrics"].get("pages") or 0) for r in rows),
            "accepted": sum(r["status"] == "accepted" for r in rows),
            "review": sum(r["status"] == "review" for r in rows),
            "failed": sum(r["status"] == "failed" for r in rows),
            "seconds_per_document": round(per_doc, 3),
            "documents_per_second_one_core": round(1 / per_doc, 2) if per_doc else None,
            "stage_seconds_per_document": {s: round(stage_sum.get(s, 0.0) / n, 4) for s in
                                           [*STAGES, *sorted(set(stage_sum) - set(STAGES))] if s in stage_sum},
        }
    return out


def print_table(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(stderr=True, width=None if sys.stderr.isatty() else 150)
    head = report["run"]
    console.print(f"[bold]extract run[/] {report['input']}: {head['documents']} documents, {head['pages']} pages "
                  f"in {head['wall_seconds']:.1f} s wall = [bold]{head['documents_per_second']:.2f} documents/s[/] "
                  f"(workers {report['workers'] or 'default'}, engine {report['engine']})")
    table = Table(title="seconds per document, by input kind")
    for col in ("kind", "docs", "pages", "acc/rev/fail", "s/doc", "docs/s 1 core", *STAGES):
        table.add_column(col, justify="right" if col != "kind" else "left")
    for kind, g in report["groups"].items():
        stages = g["stage_seconds_per_document"]
        table.add_row(kind, str(g["documents"]), str(g["pages"]), f"{g['accepted']}/{g['review']}/{g['failed']}",
                      f"{g['seconds_per_document']:.3f}", str(g["documents_per_second_one_core"] or "–"),
                      *(f"{stages[s]:.3f}" if s in stages else "–" for s in STAGES))
    console.print(table)
    if "rerun" in report:
        rr = report["rerun"]
        console.print(f"rerun (nothing changed): {rr['wall_seconds']:.1f} s, {rr['processed']} processed, "
                      f"{rr['reused']} unchanged")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input", nargs="?", default="sample_data", type=Path, help="folder to run on")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: settings)")
    parser.add_argument("--engine", default=None, help="engine name (default: settings)")
    parser.add_argument("--rerun", action="store_true", help="also time an unchanged rerun")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on stdout")
    parser.add_argument("--keep", type=Path, default=None, help="output folder to keep (default: temporary)")
    args = parser.parse_args(argv)
    if not args.input.exists():
        parser.error(f"input folder not found: {args.input}")

    tmp = None
    if args.keep is None:
        tmp = tempfile.TemporaryDirectory(prefix="bench-pipeline-")
        out = Path(tmp.name) / "out"
    else:
        out = args.keep
        if out.exists():
            shutil.rmtree(out)
    try:
        wall, summary = run_once(args.input, out, args.workers, args.engine)
        records = [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
        report: dict[str, Any] = {
            "input": str(args.input), "workers": args.workers, "engine": args.engine or summary.get("engine"),
            "cpu_count": os.cpu_count(),
            "run": {"documents": len(records), "pages": summary["pages"], "wall_seconds": round(wall, 2),
                    "documents_per_second": round(len(records) / wall, 3) if wall else None,
                    "accepted": summary["accepted"], "review": summary["review"], "failed": summary["failed"],
                    "stage_seconds_total": summary["stage_seconds"]},
            "groups": group_figures(records),
        }
        if args.rerun:
            wall2, summary2 = run_once(args.input, out, args.workers, args.engine)
            report["rerun"] = {"wall_seconds": round(wall2, 2), "processed": summary2["processed"],
                               "reused": summary2["reused"]}
    finally:
        if tmp is not None:
            tmp.cleanup()
    print_table(report)
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
