"""Command line: ``python -m docgen sample|dataset|layouts|one``."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Annotated

import typer

from docgen.dataset import DatasetSpec, write_dataset, write_doc, write_sample
from docgen.generate import DOC_TYPES, DocGenError, generate, layouts, locales

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Synthetic invoices, receipts and claim forms with the values printed on them.")


def _logging(verbose: int) -> None:
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)


def _split(text: str | None) -> tuple[str, ...]:
    return tuple(x.strip() for x in text.split(",") if x.strip()) if text else ()


@app.command()
def sample(out: Annotated[Path, typer.Option(help="folder to write the sample set into")] = Path("sample_data"),
           verbose: Annotated[int, typer.Option("-v", count=True, help="-v info, -vv debug")] = 0) -> None:
    """Regenerate the committed sample set (files + expected/<file>.json)."""
    _logging(verbose)
    docs = write_sample(out)
    size = sum(len(d.data) for d in docs)
    typer.echo(f"wrote {len(docs)} documents ({size / 1e6:.1f} MB) to {out}", err=True)


@app.command()
def dataset(
    out: Annotated[Path, typer.Option(help="output folder")],
    n: Annotated[int, typer.Option("--n", help="number of documents")],
    seed: Annotated[int, typer.Option(help="first seed; documents use seed .. seed+n-1")] = 0,
    doc_type: Annotated[str | None, typer.Option(help=f"one of {', '.join(DOC_TYPES)} (default: a mix)")] = None,
    layouts_: Annotated[str | None, typer.Option("--layouts", help="comma-separated layout families")] = None,
    locales_: Annotated[str | None, typer.Option("--locales", help="comma-separated locale codes")] = None,
    scanned_fraction: Annotated[float, typer.Option(help="share of scanned documents")] = 0.2,
    dpi_min: Annotated[int, typer.Option(help="lowest scan DPI")] = 150,
    dpi_max: Annotated[int, typer.Option(help="highest scan DPI")] = 300,
    manifest: Annotated[bool, typer.Option(help="one manifest.jsonl instead of a .json per file")] = False,
    spans: Annotated[bool, typer.Option(help="include where each value was printed")] = True,
    workers: Annotated[int, typer.Option(help="processes")] = 1,
    verbose: Annotated[int, typer.Option("-v", count=True, help="-v info, -vv debug")] = 0,
) -> None:
    """Write a training or evaluation dataset."""
    _logging(verbose)
    spec = DatasetSpec(n=n, seed=seed, doc_type=doc_type, layouts=_split(layouts_), locales=_split(locales_),
                       scanned_fraction=scanned_fraction, dpi=(dpi_min, dpi_max))
    try:
        count = write_dataset(out, spec, manifest=manifest, spans=spans, workers=workers)
    except DocGenError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"wrote {count} documents to {out}", err=True)


@app.command("layouts")
def list_layouts(as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False) -> None:
    """List layout families per document type, and the locales."""
    table = {t: layouts(t) for t in DOC_TYPES}
    if as_json:
        typer.echo(json.dumps({"layouts": table, "locales": locales()}, indent=2))
        return
    for doc_type, names in table.items():
        typer.echo(f"{doc_type}: {', '.join(names)}")
    typer.echo(f"locales: {', '.join(locales())}")


@app.command()
def one(
    doc_type: Annotated[str, typer.Argument(help=f"one of {', '.join(DOC_TYPES)}")],
    seed: Annotated[int, typer.Argument()],
    out: Annotated[Path, typer.Option(help="output folder")] = Path("."),
    layout: Annotated[str | None, typer.Option()] = None,
    locale: Annotated[str | None, typer.Option()] = None,
    scanned: Annotated[bool, typer.Option()] = False,
    fmt: Annotated[str | None, typer.Option("--format")] = None,
    n_items: Annotated[int | None, typer.Option()] = None,
) -> None:
    """Generate one document and print its record."""
    try:
        doc = generate(doc_type, seed, layout=layout, scanned=scanned, fmt=fmt, locale=locale, n_items=n_items)
    except DocGenError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    path = write_doc(doc, out)
    typer.echo(json.dumps(doc.record(), indent=2, ensure_ascii=False))
    typer.echo(f"wrote {path}", err=True)


def main() -> None:
    """Entry point for ``python -m docgen``."""
    app()


if __name__ == "__main__":
    main()
