"""``extract review``: list the queue, export it, resolve an item with corrected data."""

from __future__ import annotations

import getpass
import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from pipeline.cli_common import EXIT_BROKEN, cli_settings, emit_json, fail, stderr, stdout
from pipeline.review import (
    CorrectionInvalidError,
    ExportFormat,
    ReviewError,
    ReviewQueue,
    ReviewState,
    database_url,
    resolve_item,
)
from schemas import SchemaRegistryError, load_modules

__all__ = ["app"]

app = typer.Typer(help="The review queue: list, export, resolve.", no_args_is_help=True)

OutOpt = Annotated[Path | None, typer.Option("--out", "-o", help="The run's output folder (its review.sqlite).")]
DbOpt = Annotated[str | None, typer.Option("--db", help="Review database URL (overrides --out and settings).")]
ConfigOpt = Annotated[Path | None, typer.Option("--config", "-c", help="TOML settings file.")]
StateOpt = Annotated[str, typer.Option("--state", help="open, resolved, superseded or all.")]


def _queue(out: Path | None, db: str | None, config: Path | None) -> tuple[ReviewQueue, Path | None]:
    """The queue, and the output folder to filter rows by (only when the database is shared, not OUT's own)."""
    settings = cli_settings(config)
    try:
        url = database_url(out, settings, db)
    except ReviewError as exc:
        fail(exc.message)
    own = out is not None and url == database_url(out)
    if own and not out.is_dir():  # type: ignore[union-attr]
        fail(f"output folder not found: {out}")
    try:
        return ReviewQueue(url), (None if own else out)
    except ReviewError as exc:
        fail(exc.message)


def _state(value: str) -> ReviewState | None:
    if value == "all":
        return None
    try:
        return ReviewState(value)
    except ValueError:
        fail(f"unknown state {value!r}; use open, resolved, superseded or all")


@app.command("list")
def list_cmd(
    out: OutOpt = None,
    db: DbOpt = None,
    config: ConfigOpt = None,
    state: StateOpt = "open",
    as_json: Annotated[bool, typer.Option("--json", help="JSON on stdout.")] = False,
) -> None:
    """Items in the queue (default: the open ones)."""
    queue, only = _queue(out, db, config)
    with queue:
        items = queue.items(_state(state), out_dir=only)
    if as_json:
        emit_json([i.model_dump(mode="json") for i in items])
        return
    if not items:
        stderr.print(f"no {state if state != 'all' else ''} review items".replace("  ", " "))
        return
    table = Table(title=f"review queue ({len(items)})")
    for col in ("id", "source", "type", "state", "reasons", "created"):
        table.add_column(col, overflow="fold")
    for i in items:
        codes = sorted({r.code for r in i.reasons})
        table.add_row(str(i.id), i.source, i.doc_type or "", i.state.value, ", ".join(codes),
                      i.created_at.strftime("%Y-%m-%d %H:%M"))
    stdout.print(table)


@app.command("export")
def export_cmd(
    output: Annotated[Path, typer.Option("--output", help="File to write.")],
    fmt: Annotated[ExportFormat, typer.Option("--format", "-f", help="csv, parquet or jsonl.")] = ExportFormat.CSV,
    out: OutOpt = None,
    db: DbOpt = None,
    config: ConfigOpt = None,
    state: StateOpt = "all",
) -> None:
    """Export the queue with polars (CSV with nested values as JSON strings, Parquet, JSON Lines)."""
    queue, only = _queue(out, db, config)
    with queue:
        n = queue.export(output, fmt, _state(state), only)
    stderr.print(f"{n} review item(s) written to {output}")


def _read_data(path: str) -> object:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"{path} is not valid JSON: {exc}")


@app.command("resolve")
def resolve_cmd(
    item_id: Annotated[int, typer.Argument(help="The review item id (see `extract review list`).")],
    data: Annotated[str, typer.Option("--data", help="Corrected data: a JSON file, or - for stdin.")],
    out: OutOpt = None,
    db: DbOpt = None,
    config: ConfigOpt = None,
    by: Annotated[str | None, typer.Option("--by", help="Who resolves (default: the login name).")] = None,
    note: Annotated[str | None, typer.Option("--note", help="A note kept with the resolution.")] = None,
    doc_type: Annotated[str | None, typer.Option("--doc-type", help="Correct the document type too.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The new record as JSON on stdout.")] = False,
) -> None:
    """Validate corrected data and accept the document; the original stays in the queue for audit.

    Exit code 1 when the correction does not validate (nothing is changed), 2 for usage errors.
    """
    settings = cli_settings(config)
    try:
        load_modules(settings.schemas.modules)
    except SchemaRegistryError as exc:
        fail(str(exc))
    payload = _read_data(data)
    who = by or os.environ.get("EXTRACT_REVIEWER") or _login()
    queue, _ = _queue(out, db, config)
    with queue:
        try:
            record = resolve_item(queue, item_id, payload, settings, by=who, note=note, out_dir=out,
                                  doc_type=doc_type)
        except CorrectionInvalidError as exc:
            for e in exc.errors:
                stderr.print(f"  [red]{e.code}[/] {e.message}", highlight=False)
            fail(exc.message.split(":")[0], EXIT_BROKEN)
        except ReviewError as exc:
            fail(exc.message)
        except KeyError as exc:  # an unknown --doc-type
            fail(str(exc).strip("'\""))
    if as_json:
        emit_json(record.model_dump(mode="json"))
    else:
        stderr.print(f"review item {item_id} resolved: {record.source} accepted (by {who})")


def _login() -> str:
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name in some containers
        return "unknown"
