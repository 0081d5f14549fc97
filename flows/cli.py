"""``extract flows``: the pipeline as Prefect flows — run once, run the inbox once, serve the inbox on a schedule.

::

    extract flows run DIR --out OUT [--runner threads|dask|ray] [--address tcp://...] [run options]
    extract flows inbox INBOX --out OUT [--settle S] [--max-attempts N] [run options]
    extract flows serve --inbox INBOX --out OUT --cron "0 2 * * *" [--name NAME] [run options]
    extract flows deploy --inbox INBOX --out OUT --pool POOL --cron "0 2 * * *" [run options]

Run options are those of ``extract run`` (``--doc-type``, ``--engine``, ``--model``, ``--url``, ``--config``,
``--workers``) plus where the tasks run and how they retry. Without ``PREFECT_API_URL`` ``run`` and ``inbox``
start a temporary local Prefect server for the duration of the command; ``serve`` and ``deploy`` need a real
one (the temporary server runs no scheduler): ``prefect server start`` and
``PREFECT_API_URL=http://127.0.0.1:4200/api``.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from pydantic import ValidationError
from rich.markup import escape

from flows.runners import RunnerKind, RunnerSpec
from flows.tasks import TaskPolicy
from pipeline.cli_common import (
    EXIT_BROKEN,
    EXIT_OK,
    EXIT_USAGE,
    cli_settings,
    emit_json,
    fail,
    setup_logging,
    stderr,
)
from pipeline.config import Settings
from pipeline.errors import ConfigError

__all__ = ["app"]

logger = logging.getLogger(__name__)

app = typer.Typer(help="Run the pipeline as Prefect flows: once, over an inbox, or on a schedule.",
                  no_args_is_help=True)

OutOpt = Annotated[Path, typer.Option("--out", "-o", help="Output folder (created).")]
DocTypeOpt = Annotated[str | None, typer.Option("--doc-type", help="Force a document type.")]
EngineOpt = Annotated[str | None, typer.Option("--engine", "-e", help="Engine name (see `extract engines`).")]
ModelOpt = Annotated[str | None, typer.Option("--model", help="Model path or hub id for the engine.")]
UrlOpt = Annotated[list[str] | None, typer.Option("--url", help="Engine server URL, e.g. a vLLM server (repeatable).")]
ConfigOpt = Annotated[Path | None, typer.Option("--config", "-c", help="TOML settings file.")]
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", "-w", min=1, help="Documents at once: thread-pool size, or local Dask/Ray workers.")]
RunnerOpt = Annotated[RunnerKind, typer.Option("--runner", help="Where the document tasks run.")]
AddressOpt = Annotated[str | None, typer.Option(
    "--address", help="A running cluster: tcp://scheduler:8786 (Dask), ray://head:10001 (Ray).")]
RetriesOpt = Annotated[int, typer.Option("--retries", min=0, max=10, help="Retries for retryable errors.")]
NoCacheOpt = Annotated[bool, typer.Option("--no-cache", help="Do not reuse cached task results.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Summary as JSON on stdout.")]
VerboseOpt = Annotated[int, typer.Option("--verbose", "-v", count=True, help="-v info, -vv debug.")]
SettleOpt = Annotated[float, typer.Option(
    "--settle", min=0, help="Seconds a new file must be unchanged before it is claimed.")]
AttemptsOpt = Annotated[int, typer.Option(
    "--max-attempts", min=1, help="Runs a document is retried over while the engine is unavailable.")]


def _settings(config: Path | None, doc_type: str | None, engine: str | None, model: str | None,
              url: list[str] | None, workers: int | None) -> Settings:
    return cli_settings(
        config,
        engine={"name": engine, "model": model, "urls": list(url) if url else None},
        schemas={"doc_type": doc_type},
        workers=workers,
    )


def _fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """:func:`fail` with the message taken literally (``docextract[dask]`` is no rich markup)."""
    fail(escape(message), code)


def _brief(exc: ValueError) -> str:
    """A validation error's messages without pydantic's boilerplate."""
    if isinstance(exc, ValidationError):
        return "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in exc.errors())
    return str(exc)


def _runner(kind: RunnerKind, address: str | None, settings: Settings) -> RunnerSpec:
    try:
        return RunnerSpec(kind=kind, address=address, max_workers=settings.workers)
    except ValidationError as exc:
        _fail(_brief(exc))


def _check(settings: Settings, spec: RunnerSpec, *, start_engine: bool = True) -> None:
    """Usage errors before Prefect starts (its temporary server alone takes 10-25 s): settings, the runner's
    extra, and the engine itself when the run will use it in this process."""
    from flows.batch import check_run_settings
    from flows.runners import make_task_runner
    from pipeline.runner import check_settings

    try:
        make_task_runner(spec)
        if start_engine:
            check_run_settings(settings, spec)
        else:
            check_settings(settings)
    except ConfigError as exc:
        _fail(exc.message)


def _api_url() -> str | None:
    """The configured Prefect API (``PREFECT_API_URL`` or a profile), or None when flows would use a temporary
    server."""
    from prefect.settings import PREFECT_API_URL

    return PREFECT_API_URL.value() or None


def _policy(retries: int, no_cache: bool) -> TaskPolicy:
    return TaskPolicy(retries=retries, cache=not no_cache)


@app.command("run")
def run_cmd(
    input_dir: Annotated[Path, typer.Argument(help="Folder (searched recursively) or a single file.")],
    out: OutOpt,
    doc_type: DocTypeOpt = None,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    url: UrlOpt = None,
    config: ConfigOpt = None,
    workers: WorkersOpt = None,
    runner: RunnerOpt = RunnerKind.THREADS,
    address: AddressOpt = None,
    retries: RetriesOpt = 2,
    no_cache: NoCacheOpt = False,
    as_json: JsonOpt = False,
    verbose: VerboseOpt = 0,
) -> None:
    """Run the batch flow once: the same outputs as `extract run` (results.jsonl, accepted/, review queue)."""
    from flows.batch import run_batch
    from pipeline.cli import report_run  # the same exit codes and summary table as `extract run`

    setup_logging(verbose)
    if not input_dir.exists():
        _fail(f"input folder does not exist: {input_dir}")
    settings = _settings(config, doc_type, engine, model, url, workers)
    spec = _runner(runner, address, settings)
    _check(settings, spec)
    report_run(lambda: run_batch(input_dir, out, settings, spec, _policy(retries, no_cache)), as_json=as_json,
               fail_with=_fail)


@app.command("inbox")
def inbox_cmd(
    inbox: Annotated[Path, typer.Argument(help="The watched folder (processing/, processed/, failed/ inside).")],
    out: OutOpt,
    settle: SettleOpt = 30.0,
    max_attempts: AttemptsOpt = 3,
    doc_type: DocTypeOpt = None,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    url: UrlOpt = None,
    config: ConfigOpt = None,
    workers: WorkersOpt = None,
    runner: RunnerOpt = RunnerKind.THREADS,
    address: AddressOpt = None,
    retries: RetriesOpt = 2,
    no_cache: NoCacheOpt = False,
    as_json: JsonOpt = False,
    verbose: VerboseOpt = 0,
) -> None:
    """Run the inbox flow once: claim what is new, process it, move it to processed/ or failed/."""
    from flows.inbox import InboxOptions, run_inbox

    setup_logging(verbose)
    if not inbox.is_dir():
        _fail(f"inbox folder does not exist: {inbox}")
    settings = _settings(config, doc_type, engine, model, url, workers)
    spec = _runner(runner, address, settings)
    _check(settings, spec)
    options = InboxOptions(settle_seconds=settle, max_attempts=max_attempts)
    try:
        summary = run_inbox(inbox, out, settings, spec, options, _policy(retries, no_cache))
    except ConfigError as exc:
        _fail(exc.message, EXIT_USAGE)
    except KeyboardInterrupt:
        stderr.print("[yellow]interrupted[/]: committed documents are kept; run again to complete")
        raise typer.Exit(130) from None
    except Exception as exc:  # noqa: BLE001
        logger.debug("inbox run failed", exc_info=True)
        _fail(f"the inbox run broke: {type(exc).__name__}: {exc} (rerun to resume)", EXIT_BROKEN)
    if summary.busy:
        stderr.print("[yellow]another run is working on this inbox; nothing done[/]")
    else:
        stderr.print(
            f"inbox {summary.inbox}: {summary.claimed} new, {summary.resumed} resumed "
            f"({summary.recovered} already committed), {summary.processed} processed; moved "
            f"{', '.join(f'{n} to {folder}/' for folder, n in summary.moved.items()) or 'nothing'}; "
            f"{summary.waiting} waiting for the next run",
            highlight=False,
        )
    if as_json:
        emit_json(summary.model_dump(mode="json"))
    raise typer.Exit(EXIT_OK)


InboxOpt = Annotated[Path, typer.Option("--inbox", help="The watched folder.")]
CronOpt = Annotated[str | None, typer.Option("--cron", help='Schedule, e.g. "0 2 * * *" (02:00 daily).')]
EveryOpt = Annotated[float | None, typer.Option("--every", min=1, help="Or: run every N minutes.")]
NameOpt = Annotated[str, typer.Option("--name", help="Deployment name.")]


class _Scheduled:
    """What ``serve`` and ``deploy`` share: the checked configuration of a scheduled inbox flow."""

    def __init__(self, inbox: Path, cron: str | None, every: float | None, settings: Settings, spec: RunnerSpec,
                 settle: float, max_attempts: int, retries: int, no_cache: bool) -> None:
        from flows.inbox import InboxOptions

        if not _api_url():
            _fail("scheduling needs a running Prefect server (the temporary one has no scheduler): start one "
                  "with `prefect server start` and set PREFECT_API_URL=http://127.0.0.1:4200/api")
        if (cron is None) == (every is None):
            _fail("give exactly one schedule: --cron EXPR or --every MINUTES")
        if not inbox.is_dir():
            _fail(f"inbox folder does not exist: {inbox}")
        _check(settings, spec, start_engine=False)  # scheduled runs start their own engine
        self.cron = cron
        self.interval = timedelta(minutes=every) if every else None
        self.label = cron or f"every {every:g} min"
        self.options = InboxOptions(settle_seconds=settle, max_attempts=max_attempts)
        self.policy = _policy(retries, no_cache)


@app.command("serve")
def serve_cmd(
    inbox: InboxOpt,
    out: OutOpt,
    cron: CronOpt = None,
    every: EveryOpt = None,
    name: NameOpt = "docextract-inbox",
    settle: SettleOpt = 30.0,
    max_attempts: AttemptsOpt = 3,
    doc_type: DocTypeOpt = None,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    url: UrlOpt = None,
    config: ConfigOpt = None,
    workers: WorkersOpt = None,
    runner: RunnerOpt = RunnerKind.THREADS,
    address: AddressOpt = None,
    retries: RetriesOpt = 2,
    no_cache: NoCacheOpt = False,
    verbose: VerboseOpt = 0,
) -> None:
    """Serve the inbox flow on a schedule (flow.serve) from this process, until stopped with Ctrl-C."""
    from prefect import serve

    from flows.inbox import inbox_deployment

    setup_logging(verbose)
    settings = _settings(config, doc_type, engine, model, url, workers)
    spec = _runner(runner, address, settings)
    plan = _Scheduled(inbox, cron, every, settings, spec, settle, max_attempts, retries, no_cache)
    try:
        deployment = inbox_deployment(inbox, out, settings, cron=plan.cron, interval=plan.interval, name=name,
                                      runner=spec, options=plan.options, policy=plan.policy)
    except ValueError as exc:  # e.g. a cron expression that does not parse
        _fail(f"invalid schedule: {_brief(exc)}")
    stderr.print(f"serving {name!r} ({plan.label}); Ctrl-C to stop", highlight=False)
    try:
        serve(deployment)
    except KeyboardInterrupt:
        raise typer.Exit(EXIT_OK) from None


@app.command("deploy")
def deploy_cmd(
    inbox: InboxOpt,
    out: OutOpt,
    pool: Annotated[str, typer.Option("--pool", help="Work pool (e.g. created with "
                                      "`prefect work-pool create NAME --type process`).")],
    cron: CronOpt = None,
    every: EveryOpt = None,
    name: NameOpt = "docextract-inbox",
    source: Annotated[Path | None, typer.Option(
        "--source", help="Project folder the workers run the flow from (default: this checkout).")] = None,
    settle: SettleOpt = 30.0,
    max_attempts: AttemptsOpt = 3,
    doc_type: DocTypeOpt = None,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    url: UrlOpt = None,
    config: ConfigOpt = None,
    workers: WorkersOpt = None,
    runner: RunnerOpt = RunnerKind.THREADS,
    address: AddressOpt = None,
    retries: RetriesOpt = 2,
    no_cache: NoCacheOpt = False,
    verbose: VerboseOpt = 0,
) -> None:
    """Register the inbox flow with a work pool on a schedule; `prefect worker start --pool NAME` runs it."""
    from flows.inbox import deploy_inbox

    setup_logging(verbose)
    settings = _settings(config, doc_type, engine, model, url, workers)
    spec = _runner(runner, address, settings)
    plan = _Scheduled(inbox, cron, every, settings, spec, settle, max_attempts, retries, no_cache)
    try:
        deployment_id = deploy_inbox(inbox, out, settings, work_pool=pool, cron=plan.cron, interval=plan.interval,
                                     name=name, source=source, runner=spec, options=plan.options,
                                     policy=plan.policy)
    except ValueError as exc:
        _fail(f"invalid deployment: {_brief(exc)}")
    except Exception as exc:  # noqa: BLE001 - e.g. the work pool does not exist, the server is unreachable
        _fail(f"could not deploy: {type(exc).__name__}: {exc}", EXIT_BROKEN)
    stderr.print(f"deployed {name!r} ({plan.label}) to work pool {pool!r}: start a worker with "
                 f"`prefect worker start --pool {pool}`", highlight=False)
    emit_json({"deployment_id": str(deployment_id), "name": name, "work_pool": pool})
