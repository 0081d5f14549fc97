"""Fast tests of the Prefect layer that need no Prefect server: task bodies through ``.fn``, policies, task
runner choice, run reports, inbox bookkeeping and the ``extract flows`` command line (up to where a flow would
start). The flows themselves run in tests/test_flows_prefect.py."""

from __future__ import annotations

import os
import pickle
import sys
import time
import types
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import SimpleNamespace

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from engine.errors import BackendUnavailableError, EngineError
from flows.artifacts import ProgressReporter, RunReport, artifact_key, render_markdown, status_table
from flows.claims import Disposition, Inbox, InboxBusyError
from flows.policies import cache_key_fn, document_cache_key, is_retryable, retry_condition
from flows.prepare_pool import PreparePool
from flows.runners import RunnerKind, RunnerSpec, make_task_runner
from flows.tasks import (
    DocumentOutcome,
    NotFinalError,
    TaskPolicy,
    WorkItem,
    _thread_safe,
    close_engines,
    process_document,
    retryable_codes,
    task_with_policy,
)
from pipeline import stages
from pipeline.config import Settings
from pipeline.errors import ConfigError, CorruptFileError, PipelineError
from pipeline.models import ErrorItem, Record, SourceFile, Status
from tests.conftest import INVOICE_TEXT, RECEIPT_TEXT, KeyValueEngine


def kv_settings(**engine_options: object) -> Settings:
    return Settings(engine={"name": "kv", "options": dict(engine_options)})


def work_item(path: Path, root: Path, settings: Settings) -> WorkItem:
    source = stages.identify(path, root, settings)
    assert isinstance(source, SourceFile), source
    return WorkItem(source=source, cache_key=stages.cache_key(source, settings))


@pytest.fixture(autouse=True)
def _fresh_engines():
    close_engines()
    yield
    close_engines()


# ------------------------------------------------------------------------------------------ task bodies


def test_task_body_runs_the_pipeline_stages(make_docs, tmp_path: Path) -> None:
    root = make_docs({"inv.txt": INVOICE_TEXT, "bad.txt": INVOICE_TEXT.replace("total: 120.00", "total: 130.00")})
    settings = kv_settings()
    good = process_document.fn(work_item(root / "inv.txt", root, settings), settings, str(tmp_path / "pages"))
    assert isinstance(good, DocumentOutcome)
    assert good.record.status is Status.ACCEPTED
    assert good.record.source == "inv.txt" and good.record.doc_type == "invoice"
    assert good.record.data["invoice_number"] == "INV-1001"
    assert good.record.cache_key == work_item(root / "inv.txt", root, settings).cache_key
    # the prepared document comes back without its heavy parts
    assert good.prepared is not None and good.prepared.document.images == [] and good.prepared.document.words == []

    bad = process_document.fn(work_item(root / "bad.txt", root, settings), settings, None)
    assert bad.record.status is Status.REVIEW
    assert "rule.total_mismatch" in {e.code for e in bad.record.errors}
    assert KeyValueEngine.calls == [["inv.txt"], ["bad.txt"]]


def test_task_raises_not_final_with_the_record_and_retryability(make_docs) -> None:
    root = make_docs({"inv.txt": INVOICE_TEXT})
    down = kv_settings(down=True)
    with pytest.raises(NotFinalError) as info:
        process_document.fn(work_item(root / "inv.txt", root, down), down, None)
    assert info.value.retryable is True
    assert info.value.record.status is Status.FAILED
    assert "engine.unavailable" in {e.code for e in info.value.record.errors}

    crashing = kv_settings(crash_on=["inv.txt"])
    with pytest.raises(NotFinalError) as info:
        process_document.fn(work_item(root / "inv.txt", root, crashing), crashing, None)
    assert info.value.retryable is False  # a crash on one document is not worth retrying now


def test_not_final_error_survives_pickling() -> None:
    record = Record(source="a.pdf", sha256="0" * 64, status=Status.FAILED,
                    errors=[ErrorItem(stage="engine", code="engine.unavailable", message="down")])
    copy = pickle.loads(pickle.dumps(NotFinalError(record, retryable=True)))
    assert isinstance(copy, NotFinalError)
    assert copy.record == record and copy.retryable is True


def test_retryable_codes_come_from_the_error_classes() -> None:
    codes = retryable_codes()
    assert "engine.unavailable" in codes
    assert CorruptFileError.code not in codes and "engine.canvas_decode" not in codes


def test_engine_lock_unless_thread_safe() -> None:
    class Plain:
        pass

    class Declared:
        thread_safe = True

    assert _thread_safe(Plain(), Settings()) is False  # type: ignore[arg-type]
    remote = Settings(engine={"name": "vllm", "urls": ["http://h:8000"]})
    assert _thread_safe(Plain(), remote) is True  # type: ignore[arg-type]
    assert _thread_safe(Declared(), Settings()) is True  # type: ignore[arg-type]


class _BrokenPool:
    def submit(self, *args: object, **kwargs: object) -> Future:
        raise BrokenProcessPool("a worker died")

    def shutdown(self, *args: object, **kwargs: object) -> None:
        pass

    def __enter__(self) -> _BrokenPool:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


class _InlinePool(_BrokenPool):
    def submit(self, fn, *args: object) -> Future:  # type: ignore[override]
        future: Future = Future()
        future.set_result(fn(*args))
        return future


@pytest.mark.parametrize("culprit", [False, True])
def test_prepare_pool_isolates_documents_after_a_worker_died(
    make_docs, monkeypatch: pytest.MonkeyPatch, culprit: bool
) -> None:
    root = make_docs({"inv.txt": INVOICE_TEXT})
    settings = kv_settings()
    item = work_item(root / "inv.txt", root, settings)
    isolated = _BrokenPool() if culprit else _InlinePool()
    pools = [_BrokenPool(), _InlinePool(), isolated]
    monkeypatch.setattr(PreparePool, "_new_pool", lambda self, n: pools.pop(0))
    pool = PreparePool(2, [])
    result = pool.prepare(item.source, settings, None, item.cache_key)
    assert isinstance(pool._pool, _InlinePool)  # the broken pool was replaced for the other documents
    if culprit:
        assert isinstance(result, Record) and [e.code for e in result.errors] == ["prepare.worker_died"]
        assert not stages.is_final(result)
    else:
        assert isinstance(result, stages.Prepared) and result.doc_type == "invoice"


def test_prepare_pool_prepares_in_worker_processes(tmp_path: Path) -> None:
    from flows import prepare_pool as pp
    from tests.inputs_factory import write_invoice_pdf

    root = tmp_path / "in"
    root.mkdir()
    write_invoice_pdf(root / "inv.pdf")
    (root / "r.txt").write_text(RECEIPT_TEXT)
    settings = kv_settings()
    with pp.prepare_pool(2, []):
        assert pp._active is not None
        results = [pp.prepare(w.source, settings, tmp_path / "pages" / w.source.source, w.cache_key)
                   for w in (work_item(root / n, root, settings) for n in ("inv.pdf", "r.txt"))]
    assert pp._active is None
    assert [r.doc_type for r in results] == ["invoice", "receipt"]
    assert results[0].document.pages[0].image_path is not None
    assert Path(results[0].document.pages[0].image_path).is_file()  # written by the worker process


# --------------------------------------------------------------------------------------------- policies


class _Plain(Exception):
    pass


def test_is_retryable_reads_the_flag_and_follows_explicit_causes() -> None:
    assert is_retryable(BackendUnavailableError("down"))
    assert not is_retryable(CorruptFileError("bad xref"))
    assert not is_retryable(ValueError("x"))
    assert is_retryable(PipelineError("flaky disk", retryable=True))
    try:
        try:
            raise BackendUnavailableError("down")
        except EngineError as inner:
            raise _Plain("wrapped") from inner
    except _Plain as exc:
        assert is_retryable(exc)  # no flag of its own: the cause decides
    try:
        try:
            raise BackendUnavailableError("down")
        except EngineError as inner:
            raise ConfigError("gave up") from inner
    except ConfigError as exc:
        assert not is_retryable(exc)  # declares itself not retryable


def test_retry_condition_reads_the_failed_state() -> None:
    def state_of(exc: BaseException) -> SimpleNamespace:
        return SimpleNamespace(result=lambda raise_on_failure=True: exc)

    run = SimpleNamespace(name="extract a.pdf")
    assert retry_condition(None, run, state_of(BackendUnavailableError("down"))) is True
    assert retry_condition(None, run, state_of(CorruptFileError("bad"))) is False
    record = Record(source="a", sha256=None, status=Status.FAILED)
    assert retry_condition(None, run, state_of(NotFinalError(record, retryable=True))) is True
    assert retry_condition(None, run, state_of(NotFinalError(record, retryable=False))) is False

    def unreadable(raise_on_failure: bool = True) -> object:
        raise RuntimeError("result storage gone")

    assert retry_condition(None, run, SimpleNamespace(result=unreadable)) is False


def test_cache_key_covers_content_schema_and_engine_settings(make_docs) -> None:
    root = make_docs({"a.txt": INVOICE_TEXT, "b.txt": RECEIPT_TEXT, "copy.txt": INVOICE_TEXT})
    base = kv_settings()

    def key(name: str, settings: Settings) -> str:
        item = work_item(root / name, root, settings)
        k = cache_key_fn(None, {"item": item, "settings": settings})
        assert k is not None and len(k) == 64 and all(c in "0123456789abcdef" for c in k)
        return k

    assert key("a.txt", base) == key("a.txt", base)
    assert key("a.txt", base) == key("copy.txt", base)  # content, not name
    assert key("a.txt", base) != key("b.txt", base)
    assert key("a.txt", base) != key("a.txt", kv_settings(confidence=0.8))
    forced = Settings(engine={"name": "kv"}, schemas={"doc_type": "invoice"})
    assert key("a.txt", base) != key("a.txt", forced)
    assert cache_key_fn(None, {"item": None}) is None
    assert document_cache_key("x") != document_cache_key("y")


def test_task_policy_switches_cache_and_retries(tmp_path: Path) -> None:
    cached = task_with_policy(TaskPolicy(retries=1, retry_delay_seconds=[0]), tmp_path)
    assert cached.retries == 1 and cached.retry_delay_seconds == [0]
    assert cached.cache_key_fn is not None or "CacheKeyFn" in type(cached.cache_policy).__name__
    assert Path(cached.result_storage) == tmp_path
    uncached = task_with_policy(TaskPolicy(cache=False))
    assert uncached.persist_result is False
    assert "CacheKeyFn" not in type(uncached.cache_policy).__name__
    with pytest.raises(ValidationError):
        TaskPolicy(retries=-1)


# ---------------------------------------------------------------------------------------------- runners


def test_thread_runner_is_bounded() -> None:
    from prefect.task_runners import ThreadPoolTaskRunner

    runner = make_task_runner(RunnerSpec(max_workers=3))
    assert isinstance(runner, ThreadPoolTaskRunner)
    assert runner._max_workers == 3
    with pytest.raises(ValidationError):
        RunnerSpec(kind=RunnerKind.THREADS, address="tcp://x:8786")
    with pytest.raises(ValidationError):
        RunnerSpec(max_workers=0)


def test_in_flight_window() -> None:
    assert RunnerSpec(max_workers=1).in_flight == 8
    assert RunnerSpec(max_workers=6).in_flight == 24
    assert RunnerSpec(kind=RunnerKind.DASK, address="tcp://s:8786").in_flight > 1000


@pytest.mark.parametrize(("kind", "module"), [(RunnerKind.DASK, "prefect_dask"), (RunnerKind.RAY, "prefect_ray")])
def test_missing_extra_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, kind: RunnerKind, module: str) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import of it raises ImportError
    with pytest.raises(ConfigError) as info:
        make_task_runner(RunnerSpec(kind=kind))
    assert f"docextract[{kind.value}]" in info.value.message


def test_cluster_runners_get_address_or_local_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, dict]] = []

    def fake(module: str, cls: str) -> None:
        mod = types.ModuleType(module)
        setattr(mod, cls, lambda **kw: made.append((cls, kw)) or (cls, kw))
        monkeypatch.setitem(sys.modules, module, mod)

    fake("prefect_dask", "DaskTaskRunner")
    fake("prefect_ray", "RayTaskRunner")
    make_task_runner(RunnerSpec(kind=RunnerKind.DASK, address="tcp://sched:8786"))
    make_task_runner(RunnerSpec(kind=RunnerKind.DASK, max_workers=4))
    make_task_runner(RunnerSpec(kind=RunnerKind.RAY, address="ray://head:10001"))
    assert made[0] == ("DaskTaskRunner", {"address": "tcp://sched:8786"})
    assert made[1][1]["cluster_kwargs"]["n_workers"] == 4
    assert made[1][1]["cluster_kwargs"]["threads_per_worker"] == 1
    assert made[2] == ("RayTaskRunner", {"address": "ray://head:10001"})


# -------------------------------------------------------------------------------------------- artifacts


def _record(source: str, status: Status, codes: tuple[str, ...] = (), seconds: dict | None = None) -> Record:
    return Record(source=source, sha256="0" * 64, status=status, doc_type="invoice",
                  errors=[ErrorItem(stage="validate", code=c, message=c) for c in codes],
                  metrics={"seconds": seconds or {}})


def test_run_report_counts_rates_reasons_and_stage_seconds() -> None:
    records = [
        _record("a", Status.ACCEPTED, seconds={"load": 1.0, "engine": 2.0}),
        _record("b", Status.ACCEPTED, seconds={"load": 0.5, "engine": 1.0}),
        _record("c", Status.REVIEW, ("rule.total_mismatch", "grounding.not_found"), {"engine": 1.0}),
        _record("d", Status.REVIEW, ("rule.total_mismatch",)),
        _record("e", Status.FAILED, ("input.corrupt",)),
    ]
    report = RunReport.from_records(records, wall_seconds=3.0)
    assert report.total == 5
    assert report.by_status == {"accepted": 2, "review": 2, "failed": 1}
    assert report.accepted_rate == pytest.approx(0.4)
    assert report.review_reasons == {"rule.total_mismatch": 2, "grounding.not_found": 1}
    assert report.failure_reasons == {"input.corrupt": 1}
    assert report.stage_seconds == {"load": 1.5, "engine": 4.0}
    md = render_markdown(report)
    assert "40.0%" in md and "`rule.total_mismatch` | 2" in md and "| engine | 4.00 |" in md
    assert RunReport.from_records([]).accepted_rate == 0.0


def test_status_table_keeps_problems_when_cut() -> None:
    records = [_record(f"ok{i}", Status.ACCEPTED) for i in range(5)] + [_record("bad", Status.FAILED, ("x.y",))]
    rows = status_table(records, max_rows=2)
    assert len(rows) == 2 and rows[0] == {"source": "bad", "status": "failed", "doc_type": "invoice", "errors": "x.y"}
    assert len(status_table(records)) == 6


def test_artifact_keys_follow_prefect_rules() -> None:
    assert artifact_key("DocExtract", "Batch Run_1") == "docextract-batch-run-1"
    assert artifact_key("!!!") == "docextract"


def test_progress_reporter_counts_without_a_server() -> None:
    progress = ProgressReporter(4)
    for _ in range(5):
        progress.advance()
    assert progress.done == 4 and progress.percent == 100.0


# ------------------------------------------------------------------------------------------------ inbox


def _drop(inbox: Path, name: str, text: str = INVOICE_TEXT, age: float = 120.0) -> Path:
    path = inbox / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    old = time.time() - age
    os.utime(path, (old, old))
    return path


def test_inbox_claims_into_day_folders_and_moves_after_commit(tmp_path: Path) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    _drop(root, "a.txt")
    _drop(root, "sub/b.txt")
    _drop(root, ".partial.tmp")
    inbox = Inbox(root)
    found = inbox.new_files()
    assert [p.relative_to(root).as_posix() for p in found] == ["a.txt", "sub/b.txt"]
    claims = [inbox.claim(p, day="2025-01-02") for p in found]
    assert [c.source for c in claims] == ["2025-01-02/a.txt", "2025-01-02/sub/b.txt"]
    assert not (root / "a.txt").exists() and (root / "processing/2025-01-02/a.txt").is_file()
    assert inbox.new_files() == []  # reserved folders and hidden files are not input
    assert [c.source for c in inbox.pending()] == ["2025-01-02/a.txt", "2025-01-02/sub/b.txt"]

    dest = inbox.complete("2025-01-02/a.txt", Disposition.PROCESSED)
    assert dest == root / "processed/2025-01-02/a.txt" and dest.is_file()
    inbox.complete("2025-01-02/sub/b.txt", Disposition.FAILED)
    assert (root / "failed/2025-01-02/sub/b.txt").is_file()
    assert inbox.pending() == []
    assert inbox.complete("2025-01-02/a.txt", Disposition.PROCESSED) is None  # already moved: not an error
    events = [(e["event"], e["source"]) for e in inbox.read_journal()]
    assert events == [("claimed", "2025-01-02/a.txt"), ("claimed", "2025-01-02/sub/b.txt"),
                      ("done", "2025-01-02/a.txt"), ("done", "2025-01-02/sub/b.txt")]


def test_inbox_never_reuses_a_source_name(tmp_path: Path) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    inbox = Inbox(root)
    first = inbox.claim(_drop(root, "scan.pdf"), day="2025-01-02")
    inbox.complete(first.source, Disposition.PROCESSED)
    second = inbox.claim(_drop(root, "scan.pdf"), day="2025-01-02")
    assert second.source == "2025-01-02/scan~2.pdf"
    third = inbox.claim(_drop(root, "scan.pdf"), day="2025-01-02", taken=lambda s: s.endswith("~3.pdf"))
    assert third.source == "2025-01-02/scan~4.pdf"
    other_day = inbox.claim(_drop(root, "scan.pdf"), day="2025-01-03")
    assert other_day.source == "2025-01-03/scan.pdf"


def test_inbox_leaves_files_that_are_still_being_written(tmp_path: Path) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    _drop(root, "old.txt", age=120)
    _drop(root, "fresh.txt", age=0)
    names = [p.name for p in Inbox(root).new_files(settle_seconds=30)]
    assert names == ["old.txt"]


def test_inbox_lock_is_exclusive(tmp_path: Path) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    inbox = Inbox(root)
    with inbox.lock():
        with pytest.raises(InboxBusyError), Inbox(root).lock():
            pass
    with inbox.lock():  # released
        pass


def test_inbox_journal_skips_a_torn_line(tmp_path: Path) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    inbox = Inbox(root)
    inbox.ensure()
    inbox.journal("claimed", source="d/a.txt")
    with inbox.manifest.open("a") as fh:
        fh.write('{"event": "done", "sour')
    assert [e["source"] for e in inbox.read_journal()] == ["d/a.txt"]


def test_inbox_must_exist(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        Inbox(tmp_path / "missing").ensure()


# -------------------------------------------------------------------------------------- deployment, CLI


def test_inbox_deployment_carries_schedule_and_parameters(tmp_path: Path) -> None:
    import json

    from flows.inbox import InboxOptions, inbox_deployment

    settings = kv_settings(confidence=0.7)
    deployment = inbox_deployment(tmp_path / "in", tmp_path / "out", settings, cron="0 2 * * *",
                                  runner=RunnerSpec(max_workers=3), options=InboxOptions(settle_seconds=5))
    assert deployment.entrypoint == "flows.inbox.inbox_flow"
    assert deployment.schedules[0].schedule.cron == "0 2 * * *"
    params = json.loads(json.dumps(deployment.parameters))  # stored as JSON
    assert params["inbox_dir"] == str((tmp_path / "in").resolve())
    assert Settings.model_validate(params["settings"]).engine.options == {"confidence": 0.7}
    assert RunnerSpec.model_validate(params["runner"]).max_workers == 3
    assert params["options"]["settle_seconds"] == 5


def _cli(*args: str):
    from flows.cli import app

    return CliRunner().invoke(app, list(args))


def test_cli_usage_errors_exit_2(tmp_path: Path) -> None:
    result = _cli("run", str(tmp_path / "missing"), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "does not exist" in result.output
    (tmp_path / "in").mkdir()
    result = _cli("run", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--address", "tcp://h:8786")
    assert result.exit_code == 2 and "cluster runner" in result.output
    result = _cli("serve", "--inbox", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--cron", "0 2 * * *")
    assert result.exit_code == 2 and "prefect server start" in result.output  # no scheduler without a server
    from prefect.settings import PREFECT_API_URL, temporary_settings

    with temporary_settings(updates={PREFECT_API_URL: "http://127.0.0.1:9/api"}):
        result = _cli("serve", "--inbox", str(tmp_path / "in"), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "exactly one schedule" in result.output
    result = _cli("inbox", str(tmp_path / "nope"), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2


def test_cli_names_the_missing_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "prefect_dask", None)
    (tmp_path / "in").mkdir()
    result = _cli("run", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--runner", "dask")
    assert result.exit_code == 2 and "docextract[dask]" in result.output
