"""The flows end to end against a temporary Prefect server (``prefect_test_harness``, one for the module).

CI-friendly: a temporary ``PREFECT_HOME``, analytics off, a 120 s server start-up timeout. The engine is the
scripted "kv" engine from conftest, so the real pipeline stages and outputs run in a second or two per flow.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path

import pytest

from flows.batch import RESULT_STORAGE_DIR, run_batch
from flows.claims import Inbox, today
from flows.inbox import InboxOptions, run_inbox
from flows.runners import RunnerSpec
from flows.tasks import TaskPolicy, close_engines
from pipeline import runner as cli_runner
from pipeline.config import Settings
from pipeline.models import Record
from pipeline.outputs import RunOutputs
from pipeline.review import ReviewQueue, database_url
from pipeline.store import STATE_FILE, ResultStore
from tests.conftest import INVOICE_TEXT, RECEIPT_TEXT, KeyValueEngine

pytestmark = pytest.mark.prefect

NO_RETRY = TaskPolicy(retries=0, retry_delay_seconds=[0])


@pytest.fixture(scope="module", autouse=True)
def prefect_server(tmp_path_factory: pytest.TempPathFactory):
    """One temporary Prefect server (SQLite) for this module's tests, with CI-friendly settings."""
    from prefect.settings import (
        PREFECT_HOME,
        PREFECT_SERVER_ANALYTICS_ENABLED,
        PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS,
        temporary_settings,
    )
    from prefect.testing.utilities import prefect_test_harness

    home = tmp_path_factory.mktemp("prefect-home")
    env = {"PREFECT_HOME": str(home), "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
           "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120"}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)  # for the server subprocess
    try:
        with temporary_settings(updates={PREFECT_HOME: home, PREFECT_SERVER_ANALYTICS_ENABLED: False,
                                         PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS: 120}):
            with prefect_test_harness(server_startup_timeout=None):
                yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@pytest.fixture(autouse=True)
def _fresh_engines():
    close_engines()
    yield
    close_engines()


def invoice(number: str, total: str = "120.00") -> str:
    return INVOICE_TEXT.replace("INV-1001", number).replace("total: 120.00", f"total: {total}")


def kv(**options: object) -> Settings:
    """Settings for the scripted engine; one worker (no process pools: each flow run stays ~1 s)."""
    return Settings(engine={"name": "kv", "options": dict(options)}, workers=1)


def _comparable(record: dict) -> dict:
    record = dict(record)
    metrics = dict(record.pop("metrics") or {})
    metrics.pop("seconds", None)  # timings differ between any two runs
    return {**record, "metrics": metrics}


def _results(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


def _queue(out: Path) -> list[tuple[str, str, tuple[str, ...]]]:
    with ReviewQueue(database_url(out)) as queue:
        return [(i.source, i.state.value, tuple(r.code for r in i.reasons)) for i in queue.items()]


# ------------------------------------------------------------------------------------------------ batch


def test_batch_flow_writes_what_extract_run_writes(make_docs, tmp_path: Path) -> None:
    root = make_docs({
        "inv.txt": invoice("INV-1"),
        "sub/receipt.txt": RECEIPT_TEXT,
        "mismatch.txt": invoice("INV-2", total="130.00"),
        "empty.txt": "",
        "copy-of-inv.txt": invoice("INV-1"),
        "archive.zip": b"PK\x03\x04" + b"\x00" * 64,
    })
    settings = kv()
    expected = cli_runner.run(root, tmp_path / "out-cli", settings)
    KeyValueEngine.calls.clear()
    # two threads, so preparation goes through the worker-process pool
    summary = run_batch(root, tmp_path / "out-flow", settings, RunnerSpec(max_workers=2), NO_RETRY)

    cli_out, flow_out = tmp_path / "out-cli", tmp_path / "out-flow"
    assert [_comparable(r) for r in _results(flow_out)] == [_comparable(r) for r in _results(cli_out)]
    assert {r["source"]: r["status"] for r in _results(flow_out)} == {
        "archive.zip": "failed", "copy-of-inv.txt": "accepted", "empty.txt": "failed", "inv.txt": "accepted",
        "mismatch.txt": "review", "sub/receipt.txt": "accepted"}
    assert _tree(flow_out / "accepted") == _tree(cli_out / "accepted")
    assert _queue(flow_out) == _queue(cli_out) == [("mismatch.txt", "open", ("rule.total_mismatch",))]
    for field in ("total", "accepted", "review", "failed", "processed", "reused", "duplicates"):
        assert getattr(summary, field) == getattr(expected, field), field
    # byte-identical inputs go to the engine once (the first by name is the original)
    assert sorted(c[0] for c in KeyValueEngine.calls) == ["copy-of-inv.txt", "mismatch.txt", "sub/receipt.txt"]
    assert (flow_out / RESULT_STORAGE_DIR).is_dir()

    from prefect.artifacts import Artifact

    report = Artifact.get("docextract-batch-report")
    assert report is not None and "50.0%" in report.data  # 3 of 6 accepted
    assert "rule.total_mismatch" in report.data and "Seconds per stage" in report.data
    table = Artifact.get("docextract-batch-statuses")
    rows = json.loads(table.data) if isinstance(table.data, str) else table.data
    assert {row["source"]: row["status"] for row in rows}["mismatch.txt"] == "review"
    progress = Artifact.get("docextract-batch-progress")
    assert progress is not None and float(progress.data) == 100.0


def test_rerun_reuses_the_store_and_a_renamed_file_hits_the_content_cache(
    make_docs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_docs({"a.txt": invoice("INV-7"), "b.txt": RECEIPT_TEXT, "c.txt": invoice("INV-8")})
    out = tmp_path / "out"
    monkeypatch.setattr(RunnerSpec, "in_flight", property(lambda self: 1))  # one task run at a time
    first = run_batch(root, out, kv(), policy=NO_RETRY)
    assert first.processed == 3 and len(KeyValueEngine.calls) == 3
    monkeypatch.undo()
    (root / "c.txt").unlink()

    KeyValueEngine.calls.clear()
    again = run_batch(root, out, kv(), policy=NO_RETRY)
    assert again.reused == 2 and again.processed == 0 and KeyValueEngine.calls == []

    (root / "a.txt").rename(root / "renamed.txt")  # new name, same bytes: the store misses, the cache hits
    renamed = run_batch(root, out, kv(), policy=NO_RETRY)
    assert renamed.processed == 1 and KeyValueEngine.calls == []
    records = {r["source"]: r for r in _results(out)}
    assert set(records) == {"renamed.txt", "b.txt"}
    assert records["renamed.txt"]["status"] == "accepted"
    assert json.loads((out / "accepted" / "renamed.txt.json").read_text())["invoice_number"] == "INV-7"

    changed = run_batch(root, out, kv(confidence=0.95), policy=NO_RETRY)  # engine settings are in the key
    assert changed.processed == 2 and len(KeyValueEngine.calls) == 2


def test_batch_flow_over_a_list_of_files(make_docs, tmp_path: Path) -> None:
    root = make_docs({"a.txt": invoice("INV-51"), "sub/b.txt": RECEIPT_TEXT, "not-listed.txt": invoice("INV-52")})
    summary = run_batch(root, tmp_path / "out", kv(), policy=NO_RETRY,
                        files=[root / "sub/b.txt", root / "a.txt", root / "gone.txt", root / "a.txt"])
    assert summary.total == 3
    assert {r["source"]: r["status"] for r in _results(tmp_path / "out")} == {
        "a.txt": "accepted", "gone.txt": "failed", "sub/b.txt": "accepted"}


def test_only_retryable_errors_are_retried(make_docs, tmp_path: Path) -> None:
    root = make_docs({"a.txt": invoice("INV-9")})
    policy = TaskPolicy(retries=2, retry_delay_seconds=[0])
    summary = run_batch(root, tmp_path / "down", kv(down=True), policy=policy)
    assert len(KeyValueEngine.calls) == 3  # first try + two retries: the server may come back
    assert summary.failed == 1
    (record,) = _results(tmp_path / "down")
    assert [e["code"] for e in record["errors"]] == ["engine.unavailable"]
    with ResultStore(tmp_path / "down" / STATE_FILE) as store:
        assert store.get("a.txt").final is False  # a rerun tries again

    KeyValueEngine.calls.clear()
    summary = run_batch(root, tmp_path / "crash", kv(crash_on=["a.txt"]), policy=policy)
    assert len(KeyValueEngine.calls) == 1  # an engine crash on this document: no retry now
    assert summary.failed == 1


# ------------------------------------------------------------------------------------------------ inbox


def _drop(inbox: Path, files: dict[str, str]) -> None:
    old = time.time() - 600
    for name, text in files.items():
        path = inbox / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        os.utime(path, (old, old))


INBOX_FILES = {
    "scan-1.txt": invoice("INV-11"),
    "scan-2.txt": invoice("INV-12"),
    "scan-3.txt": invoice("INV-13", total="999.00"),  # review
    "scan-4.txt": RECEIPT_TEXT,
    "scan-5.txt": invoice("INV-15"),
    "empty.txt": "",  # failed at ingest
}


def _files_under(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.mark.parametrize("crash_point", ["after_commit", "before_commit"])
def test_inbox_crash_and_rerun_give_each_document_exactly_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, crash_point: str
) -> None:
    inbox, out = tmp_path / "inbox", tmp_path / "out"
    inbox.mkdir()
    _drop(inbox, INBOX_FILES)
    settings, options = kv(), InboxOptions(settle_seconds=0)
    calls = Counter()

    def crash_on_third(original):
        def wrapper(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] == 3:
                raise RuntimeError("power cut")
            return original(*args, **kwargs)
        return wrapper

    if crash_point == "after_commit":  # the third record is committed, its file not yet moved
        monkeypatch.setattr(Inbox, "complete", crash_on_third(Inbox.complete))
    else:  # the third document is extracted but its record never committed
        monkeypatch.setattr(RunOutputs, "publish", crash_on_third(RunOutputs.publish))
    with pytest.raises(RuntimeError, match="power cut"):
        run_inbox(inbox, out, settings, options=options, policy=NO_RETRY)
    monkeypatch.undo()

    with ResultStore(out / STATE_FILE) as store:
        committed_first = {r.source for r in store.all_records()}
    assert len(committed_first) == (3 if crash_point == "after_commit" else 2)
    assert len(_files_under(inbox / "processed") + _files_under(inbox / "failed")) == 2
    first_calls = [c[0] for c in KeyValueEngine.calls]
    KeyValueEngine.calls.clear()

    summary = run_inbox(inbox, out, settings, options=options, policy=NO_RETRY)
    day = today()
    assert summary.claimed == 0 and summary.resumed == 4
    assert summary.recovered == (1 if crash_point == "after_commit" else 0)
    # nothing committed by the first run went to the engine again
    assert not {c[0] for c in KeyValueEngine.calls} & committed_first
    assert len(first_calls) == len(set(first_calls))

    # every input exactly once: in the store, in the day's results, in processed/ or failed/
    expected = {f"{day}/{name}" for name in INBOX_FILES}
    with ResultStore(out / STATE_FILE) as store:
        assert sorted(r.source for r in store.all_records()) == sorted(expected)
    day_results = [Record.model_validate_json(line) for line in
                   (out / "exports" / day / "results.jsonl").read_text().splitlines()]
    assert sorted(r.source for r in day_results) == sorted(expected)
    assert {r.source.split("/")[-1]: r.status.value for r in day_results} == {
        "scan-1.txt": "accepted", "scan-2.txt": "accepted", "scan-3.txt": "review", "scan-4.txt": "accepted",
        "scan-5.txt": "accepted", "empty.txt": "failed"}
    assert _files_under(inbox / "processed") == sorted(n for n in INBOX_FILES if n != "empty.txt")
    assert _files_under(inbox / "failed") == ["empty.txt"]
    assert _files_under(inbox / "processing") == []
    assert sorted(p.name for p in inbox.iterdir()) == [".docextract", "failed", "processed", "processing"]
    assert _queue(out) == [(f"{day}/scan-3.txt", "open", ("rule.total_mismatch",))]
    assert (out / "exports" / day / "review-open.csv").is_file()
    assert sorted(p.name for p in (out / "accepted" / day).iterdir()) == [
        "scan-1.txt.json", "scan-2.txt.json", "scan-4.txt.json", "scan-5.txt.json"]
    done = [e["source"] for e in Inbox(inbox).read_journal() if e["event"] == "done"]
    assert sorted(done) == sorted(expected)  # moved once each

    results_before = (out / "results.jsonl").read_text()
    idle = run_inbox(inbox, out, settings, options=options, policy=NO_RETRY)
    assert idle.claimed == 0 and idle.processed == 0 and idle.resumed == 0
    assert (out / "results.jsonl").read_text() == results_before  # an idle run keeps the last run's results


def test_inbox_waits_for_an_unavailable_engine_then_gives_up(tmp_path: Path) -> None:
    inbox, out = tmp_path / "inbox", tmp_path / "out"
    inbox.mkdir()
    _drop(inbox, {"a.txt": invoice("INV-21")})
    options = InboxOptions(settle_seconds=0, max_attempts=2)
    first = run_inbox(inbox, out, kv(down=True), options=options, policy=NO_RETRY)
    assert first.waiting == 1 and _files_under(inbox / "processing") == ["a.txt"]
    second = run_inbox(inbox, out, kv(down=True), options=options, policy=NO_RETRY)
    assert second.resumed == 1 and second.moved == {"failed": 1}
    assert _files_under(inbox / "failed") == ["a.txt"]

    _drop(inbox, {"b.txt": invoice("INV-22")})  # the engine is back: straight through
    third = run_inbox(inbox, out, kv(), options=options, policy=NO_RETRY)
    assert third.claimed == 1 and third.moved == {"processed": 1}


def test_inbox_run_skips_while_another_holds_the_inbox(tmp_path: Path) -> None:
    inbox, out = tmp_path / "inbox", tmp_path / "out"
    inbox.mkdir()
    _drop(inbox, {"a.txt": invoice("INV-31")})
    with Inbox(inbox).lock():
        summary = run_inbox(inbox, out, kv(), options=InboxOptions(settle_seconds=0), policy=NO_RETRY)
    assert summary.busy is True and summary.claimed == 0
    assert (inbox / "a.txt").is_file() and KeyValueEngine.calls == []


def test_cli_runs_the_batch_flow(make_docs, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from flows.cli import app

    root = make_docs({"a.txt": invoice("INV-41"), "b.txt": RECEIPT_TEXT})
    result = CliRunner().invoke(app, ["run", str(root), "--out", str(tmp_path / "out"), "--engine", "kv",
                                      "--workers", "1", "--retries", "0", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert summary["total"] == 2 and summary["accepted"] == 2
    assert sorted(r["source"] for r in _results(tmp_path / "out")) == ["a.txt", "b.txt"]
