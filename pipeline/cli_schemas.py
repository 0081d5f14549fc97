"""``extract schemas``: the registered document types and their JSON Schemas."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from pipeline.cli_common import cli_settings, emit_json, fail, stdout
from schemas import SchemaRegistryError, get_schema, json_schema, list_schemas, load_modules, schema_fingerprint

__all__ = ["app"]

app = typer.Typer(help="Document types: list them, show one's JSON Schema.", no_args_is_help=True)

ConfigOpt = Annotated[Path | None, typer.Option("--config", "-c", help="TOML settings file (schemas.modules).")]
ModuleOpt = Annotated[list[str] | None, typer.Option("--module", "-m", help="Extra module with document types.")]


def _load(config: Path | None, modules: list[str] | None) -> None:
    settings = cli_settings(config)
    try:
        load_modules([*settings.schemas.modules, *(modules or [])])
    except SchemaRegistryError as exc:
        fail(str(exc))


@app.command("list")
def list_cmd(
    config: ConfigOpt = None,
    module: ModuleOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON on stdout.")] = False,
) -> None:
    """The registered document types."""
    _load(config, module)
    rows = [{"doc_type": m.doc_type, "version": m.schema_version, "fingerprint": schema_fingerprint(m),
             "description": m.description, "fields": list(m.model_fields), "model": f"{m.__module__}.{m.__name__}"}
            for m in list_schemas()]
    if as_json:
        emit_json(rows)
        return
    table = Table(title="document types")
    for col in ("type", "version", "fields", "description"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["doc_type"], r["version"], ", ".join(r["fields"]), r["description"])
    stdout.print(table)


@app.command("show")
def show_cmd(
    doc_type: Annotated[str, typer.Argument(help="A document type (see `extract schemas list`).")],
    config: ConfigOpt = None,
    module: ModuleOpt = None,
) -> None:
    """The JSON Schema (draft 2020-12) of a document type, on stdout."""
    _load(config, module)
    try:
        model = get_schema(doc_type)
    except KeyError as exc:
        fail(str(exc))
    emit_json(json_schema(model))
