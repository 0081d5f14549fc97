"""The ``extract`` command line.

::

    extract run DIR --out OUT [--doc-type T] [--engine NAME] [--model PATH] [--url URL ...] [--config FILE]
                              [--workers N] [--json] [-v/-vv]
    extract schemas list | show TYPE
    extract review list | export | resolve
    extract engines

Exit codes: 0 when every input got a record (whatever its status), 2 for usage errors (missing input folder,
bad config, unknown engine or document type), 1 for a broken run. Progress and the summary go to stderr;
``--json`` puts the summary on stdout.

Other packages add sub-commands with ``app.add_typer(their_app, name="...")``, or, to keep start-up fast when
their module imports heavy libraries, with :func:`add_lazy_subapp` (imported only when the command is used).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from pipeline import cli_review, cli_schemas
from pipeline.cli_common import (
    EXIT_BROKEN,
    EXIT_OK,
    EXIT_USAGE,
    cli_settings,
    emit_json,
    fail,
    setup_logging,
    stderr,
    stdout,
)
from pipeline.errors import ConfigError
from pipeline.models import Record, Status
from pipeline.runner import RunObserver, RunSummary

__all__ = ["add_lazy_subapp", "app", "get_command", "main", "report_run", "summary_table"]

logger = logging.getLogger(__name__)

app = typer.Typer(
    name="extract",
    help="Validated JSON from invoices, receipts and forms; a review queue for the rest.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(cli_schemas.app, name="schemas")
app.add_typer(cli_review.app, name="review")

#: name -> ("module:attribute" of a Typer app or click command, help text); imported on first use
_LAZY: dict[str, tuple[str, str]] = {}


def add_lazy_subapp(name: str, target: str, help: str = "") -> None:  # noqa: A002 - click's own word
    """Register ``extract NAME ...`` served by the Typer app at ``"module:attribute"``, imported on first use."""
    _LAZY[name] = (target, help)


class _LazyGroup(TyperGroup):
    """A sub-command group whose real implementation is imported only when it is invoked or listed.

    The real app's sub-commands are served as they are; options of its top-level callback are not.
    """

    def __init__(self, name: str, target: str, help_text: str) -> None:
        super().__init__(name=name, help=help_text, short_help=help_text, no_args_is_help=True)
        self._target = target
        self._loaded = False

    def _load(self) -> None:
        if self._loaded:
            return
        module_name, _, attr = self._target.partition(":")
        obj: Any = getattr(importlib.import_module(module_name), attr)
        real = typer.main.get_command(obj) if isinstance(obj, typer.Typer) else obj
        if isinstance(real, TyperGroup):
            self.commands.update(real.commands)
        else:
            self.commands[real.name or self.name or "run"] = real
        self._loaded = True

    def list_commands(self, ctx: Any) -> list[str]:
        self._load()
        return super().list_commands(ctx)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        self._load()
        return super().get_command(ctx, cmd_name)


def get_command() -> Any:
    """The command object of the whole CLI, lazy sub-apps included (what :func:`main` runs; tests use it)."""
    command = typer.main.get_command(app)
    if isinstance(command, TyperGroup):
        for name, (target, help_text) in _LAZY.items():
            if name not in command.commands:
                command.add_command(_LazyGroup(name, target, help_text), name)
    return command


class _ProgressObserver(RunObserver):
    """Rich progress on stderr: documents done of total, pages, rate."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress = progress
        self.task: Any = None
        self.pages = 0

    def started(self, total: int, reused: int) -> None:
        if self.progress is not None:
            label = f"extracting ({reused} unchanged)" if reused else "extracting"
            self.task = self.progress.add_task(label, total=total, pages=0)

    def finished_document(self, record: Record, *, reused: bool) -> None:
        if not reused and record.duplicate_of is None:
            self.pages += int(record.metrics.get("pages", 0) or 0)
        if record.status is Status.FAILED:
            logger.info("%s: failed (%s)", record.source, ", ".join(e.code for e in record.errors))
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, advance=1, pages=self.pages)


class _RateColumn(ProgressColumn):
    """Documents per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f} docs/s" if speed else "– docs/s", style="progress.data.speed")


def _progress() -> Progress | None:
    """A progress bar on stderr when it is a terminal (logs and CI get the summary only)."""
    if not stderr.is_terminal:
        return None
    return Progress(
        SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("docs · {task.fields[pages]} pages ·"), _RateColumn(), TimeElapsedColumn(),
        console=stderr, transient=True,
    )


def summary_table(summary: RunSummary) -> Table:
    """The run summary as the table `extract run` prints (the flows print the same)."""
    table = Table(title="extract run", show_header=False, title_justify="left")
    table.add_column(style="bold")
    table.add_column(justify="right")
    rows = [
        ("inputs", summary.total),
        ("accepted", f"[green]{summary.accepted}[/]"),
        ("review", f"[yellow]{summary.review}[/]"),
        ("failed", f"[red]{summary.failed}[/]"),
        ("processed / unchanged", f"{summary.processed} / {summary.reused}"),
        ("duplicates", summary.duplicates),
        ("pages", summary.pages),
        ("seconds", f"{summary.seconds:.1f}"),
        ("documents / s", f"{summary.docs_per_second:.2f}"),
    ]
    if summary.ignored:
        rows.append(("ignored (.extractignore)", summary.ignored))
    for name, value in rows:
        table.add_row(name, str(value))
    if summary.stage_seconds:
        table.add_row("seconds by stage", ", ".join(f"{k} {v:.1f}" for k, v in summary.stage_seconds.items()))
    if summary.errors:
        top = list(summary.errors.items())[:6]
        table.add_row("reasons", ", ".join(f"{code} ×{n}" for code, n in top))
    if summary.engine_metrics:
        table.add_row("engine", ", ".join(f"{k} {v:g}" for k, v in list(summary.engine_metrics.items())[:6]))
    table.add_row("results", summary.results)
    table.add_row("review queue", summary.review_db)
    return table


@app.command("run")
def run_cmd(
    input_dir: Annotated[Path, typer.Argument(help="Folder (searched recursively) or a single file.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder (created).")],
    doc_type: Annotated[str | None, typer.Option("--doc-type", help="Force a document type.")] = None,
    engine: Annotated[str | None, typer.Option("--engine", "-e", help="Engine name (see `extract engines`).")] = None,
    model: Annotated[str | None, typer.Option("--model", help="Model path or hub id for the engine.")] = None,
    url: Annotated[list[str] | None, typer.Option("--url", help="Engine server URL (repeatable).")] = None,
    config: Annotated[Path | None, typer.Option("--config", "-c", help="TOML settings file.")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", min=1, help="Worker processes.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Summary as JSON on stdout.")] = False,
    verbose: Annotated[int, typer.Option("--verbose", "-v", count=True, help="-v info, -vv debug.")] = 0,
) -> None:
    """Extract every document under INPUT_DIR into OUT: results.jsonl, accepted/, the review queue."""
    from pipeline import runner

    setup_logging(verbose)
    if not input_dir.exists():
        fail(f"input folder does not exist: {input_dir}")
    settings = cli_settings(
        config,
        engine={"name": engine, "model": model, "urls": list(url) if url else None},
        schemas={"doc_type": doc_type},
        workers=workers,
    )
    progress = _progress()
    observer = _ProgressObserver(progress)

    def call() -> RunSummary:
        if progress is None:
            return runner.run(input_dir, out, settings, observer)
        with progress:
            return runner.run(input_dir, out, settings, observer)

    report_run(call, as_json=as_json)


def report_run(call: Callable[[], RunSummary], *, as_json: bool,
               fail_with: Callable[[str, int], NoReturn] = fail) -> NoReturn:
    """Run ``call`` (a whole batch), map its failures to exit codes, print the summary; shared by
    ``extract run`` and ``extract flows run``."""
    try:
        summary = call()
    except ConfigError as exc:
        fail_with(exc.message, EXIT_USAGE)
    except KeyboardInterrupt:
        stderr.print("[yellow]interrupted[/]: finished documents are stored; run again to complete")
        raise typer.Exit(130) from None
    except Exception as exc:  # noqa: BLE001 - a broken run: say so, keep the trace in the log
        logger.debug("run failed", exc_info=True)
        fail_with(f"the run broke: {type(exc).__name__}: {exc} (-vv for the trace; rerun to resume)", EXIT_BROKEN)
    stderr.print(summary_table(summary))
    if as_json:
        emit_json(summary.model_dump(mode="json"))
    raise typer.Exit(EXIT_OK)


@app.command("engines")
def engines_cmd(as_json: Annotated[bool, typer.Option("--json", help="JSON on stdout.")] = False) -> None:
    """The known extraction engines (the default is marked)."""
    from engine.registry import known_engines
    from pipeline.config import EngineSettings

    default = EngineSettings().name
    names = known_engines()
    if as_json:
        emit_json([{"name": n, "default": n == default} for n in names])
        return
    for n in names:
        stdout.print(f"{n}{'  (default)' if n == default else ''}", highlight=False)


add_lazy_subapp("flows", "flows.cli:app", "Run as Prefect flows: once, over an inbox, or on a schedule.")
add_lazy_subapp("train", "pipeline.cli_train:app", "Train the embedded model: generate a corpus, fit, install.")


def main() -> None:
    """Console-script entry point."""
    get_command().main(prog_name="extract")


if __name__ == "__main__":  # python -m pipeline.cli
    main()
