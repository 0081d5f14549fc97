"""The runner: one record per input whatever the input, idempotent reruns, duplicates, crash recovery."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pymupdf
import pytest

from pipeline.config import Settings
from pipeline.errors import ConfigError
from pipeline.outputs import RunOutputs
from pipeline.review import ReviewQueue, database_url
from pipeline.runner import run
from pipeline.store import accepted_path
from tests.conftest import INVOICE_TEXT, RECEIPT_TEXT, KeyValueEngine

BAD_TOTAL = INVOICE_TEXT.replace("total: 120.00", "total: 130.00")


def _settings(**kw) -> Settings:
    return Settings(engine={"name": "kv", **kw.pop("engine", {})}, workers=kw.pop("workers", 1), **kw)


def _results(out: Path) -> dict[str, dict]:
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert len({r["source"] for r in records}) == len(records), "one record per source"
    return {r["source"]: r for r in records}


def _pdf_bytes(text: str) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), text, fontsize=11)
    data = doc.tobytes()
    doc.close()
    return data


def test_every_input_of_a_junk_folder_gets_one_record(make_docs, tmp_path: Path) -> None:
    pdf = _pdf_bytes("total: 12.00")
    root = make_docs({
        "good.txt": RECEIPT_TEXT,
        "nested/deeper/invoice.txt": INVOICE_TEXT,
        "Rechnung März €.txt": RECEIPT_TEXT.replace("7.50", "8.50"),
        "empty.pdf": b"",
        "whitespace.txt": "   \n\n  ",
        "random.bin": os.urandom(4096).replace(b"%PDF", b"xxxx"),
        "zip-as.pdf": b"PK\x03\x04" + b"\x00" * 200,
        "truncated.pdf": pdf[: len(pdf) // 3],
        "not-really.png": b"\x89PNG\r\n\x1a\n" + b"garbage" * 50,
        "text-named.pdf": RECEIPT_TEXT.replace("7.50", "9.50"),  # wrong extension: read as text
        "digital.pdf": pdf,
        ".hidden.txt": RECEIPT_TEXT,  # hidden: not an input
        "expected/answer.json": "{}",  # ignored via .extractignore
        ".extractignore": "expected/\n",
    })
    (root / "dangling.pdf").symlink_to(root / "missing-target.pdf")

    summary = run(root, tmp_path / "out", _settings())
    records = _results(tmp_path / "out")
    expected = {"good.txt", "nested/deeper/invoice.txt", "Rechnung März €.txt", "empty.pdf", "whitespace.txt",
                "random.bin", "zip-as.pdf", "truncated.pdf", "not-really.png", "text-named.pdf", "digital.pdf",
                "dangling.pdf"}
    assert set(records) == expected
    assert summary.total == len(expected) and summary.ignored == 1

    def status(name: str) -> tuple[str, list[str]]:
        r = records[name]
        return r["status"], [e["code"] for e in r["errors"]]

    assert status("good.txt") == ("accepted", [])
    assert status("nested/deeper/invoice.txt") == ("accepted", [])
    assert status("Rechnung März €.txt") == ("accepted", [])
    assert status("text-named.pdf") == ("accepted", [])
    assert status("digital.pdf")[0] == "review"  # kv reads "total: 12.00" but no other required invoice field
    assert status("empty.pdf") == ("failed", ["input.empty"])
    assert status("whitespace.txt") == ("failed", ["input.empty"])
    assert status("random.bin") == ("failed", ["input.unsupported_type"])
    assert status("zip-as.pdf") == ("failed", ["input.unsupported_type"])
    assert status("dangling.pdf") == ("failed", ["input.broken_link"])
    for name in ("truncated.pdf", "not-really.png"):
        st, errs = status(name)
        assert st == "failed" and len(errs) == 1 and errs[0].startswith("input."), (name, errs)
    for r in records.values():
        for e in r["errors"]:
            assert e["message"] and e["stage"]
    assert accepted_path(tmp_path / "out", "nested/deeper/invoice.txt").is_file()
    assert json.loads(accepted_path(tmp_path / "out", "Rechnung März €.txt").read_text())["total"] == "8.50"


def test_rerun_is_idempotent(make_docs, tmp_path: Path) -> None:
    root = make_docs({"a.txt": INVOICE_TEXT, "b.txt": BAD_TOTAL, "c.txt": RECEIPT_TEXT, "bad.pdf": b"%PDF-1.4 oops"})
    out = tmp_path / "out"
    first = run(root, out, _settings())
    assert first.processed == 4 and len(KeyValueEngine.calls) == 1  # bad.pdf fails when opened
    results_before = (out / "results.jsonl").read_bytes()
    KeyValueEngine.calls.clear()

    second = run(root, out, _settings())
    assert second.processed == 0 and second.reused == 4  # a broken file stays broken: not retried
    assert KeyValueEngine.calls == []  # the engine was not called
    assert (out / "results.jsonl").read_bytes() == results_before
    with ReviewQueue(database_url(out)) as queue:
        assert [i.source for i in queue.items()] == ["b.txt"]


def test_changed_settings_reprocess_and_replace(make_docs, tmp_path: Path) -> None:
    root = make_docs({"a.txt": INVOICE_TEXT, "b.txt": BAD_TOTAL})
    out = tmp_path / "out"
    run(root, out, _settings())
    assert _results(out)["a.txt"]["status"] == "accepted"

    low = run(root, out, _settings(engine={"options": {"confidence": 0.2}}))
    assert low.processed == 2
    records = _results(out)
    assert records["a.txt"]["status"] == "review"
    assert "confidence.low" in {e["code"] for e in records["a.txt"]["errors"]}
    assert not accepted_path(out, "a.txt").exists()
    with ReviewQueue(database_url(out)) as queue:
        open_items = queue.items("open")
        assert sorted(i.source for i in open_items) == ["a.txt", "b.txt"]
        assert len(queue.items()) == 2  # b.txt's row was updated in place, not duplicated

    # a changed file is reprocessed too
    (root / "a.txt").write_text(INVOICE_TEXT.replace("Hammer drill", "Hammer drill XL"), encoding="utf-8")
    again = run(root, out, _settings(engine={"options": {"confidence": 0.2}}))
    assert again.processed == 1 and again.reused == 1


def test_duplicates_are_processed_once_and_flagged(make_docs, tmp_path: Path) -> None:
    root = make_docs({"a.txt": INVOICE_TEXT, "sub/a copy.txt": INVOICE_TEXT, "z.txt": INVOICE_TEXT})
    out = tmp_path / "out"
    summary = run(root, out, _settings())
    assert summary.duplicates == 2
    assert KeyValueEngine.calls == [["a.txt"]]
    records = _results(out)
    assert records["a.txt"]["duplicate_of"] is None
    for copy in ("sub/a copy.txt", "z.txt"):
        r = records[copy]
        assert r["duplicate_of"] == "a.txt" and r["status"] == "accepted"
        assert [e["code"] for e in r["errors"]] == ["input.duplicate"]
        assert r["data"] == records["a.txt"]["data"]
        assert not accepted_path(out, copy).exists()
    assert accepted_path(out, "a.txt").exists()


def test_engine_crash_fails_one_document_and_is_retried(make_docs, tmp_path: Path) -> None:
    root = make_docs({"a.txt": INVOICE_TEXT, "b.txt": RECEIPT_TEXT, "c.txt": RECEIPT_TEXT.replace("7.50", "1.00")})
    out = tmp_path / "out"
    run(root, out, _settings(engine={"options": {"crash_on": ["b.txt"]}}))
    records = _results(out)
    assert records["b.txt"]["status"] == "failed" and records["b.txt"]["errors"][0]["code"] == "engine.crash"
    assert records["a.txt"]["status"] == records["c.txt"]["status"] == "accepted"
    # engine failures may be transient: the same settings retry them on the next run (and only them)
    KeyValueEngine.calls.clear()
    second = run(root, out, _settings(engine={"options": {"crash_on": ["b.txt"]}}))
    assert second.processed == 1 and KeyValueEngine.calls == [["b.txt"]]


def test_a_crashed_run_is_completed_by_the_rerun(make_docs, tmp_path: Path, monkeypatch) -> None:
    root = make_docs({"a.txt": INVOICE_TEXT, "b.txt": RECEIPT_TEXT})
    out = tmp_path / "out"

    def boom(self):  # noqa: ANN001, ANN202
        raise RuntimeError("disk full")

    monkeypatch.setattr(RunOutputs, "finish", boom)
    with pytest.raises(RuntimeError, match="disk full"):
        run(root, out, _settings())
    assert not (out / "results.jsonl").exists()
    monkeypatch.undo()
    KeyValueEngine.calls.clear()
    summary = run(root, out, _settings())
    assert summary.reused == 2 and KeyValueEngine.calls == []
    assert set(_results(out)) == {"a.txt", "b.txt"}


def test_output_folder_inside_input_is_not_read(make_docs, tmp_path: Path) -> None:
    root = make_docs({"a.txt": RECEIPT_TEXT})
    run(root, root / "out", _settings())
    summary = run(root, root / "out", _settings())
    assert summary.total == 1


def test_parallel_preparation_matches_serial(make_docs, tmp_path: Path) -> None:
    root = make_docs({f"r{i}.txt": RECEIPT_TEXT.replace("7.50", f"{i}.25") for i in range(5)} | {"bad.txt": BAD_TOTAL})
    serial = run(root, tmp_path / "serial", _settings())
    parallel = run(root, tmp_path / "parallel", _settings(workers=2, engine={"batch_size": 2}))
    assert (serial.accepted, serial.review) == (parallel.accepted, parallel.review) == (5, 1)
    a, b = _results(tmp_path / "serial"), _results(tmp_path / "parallel")
    assert list(a) == list(b)
    assert all(a[k]["data"] == b[k]["data"] and a[k]["status"] == b[k]["status"] for k in a)


@pytest.mark.parametrize(("settings", "message"), [
    (Settings(engine={"name": "nope"}), "unknown engine 'nope'"),
    (Settings(engine={"name": "kv"}, schemas={"doc_type": "nope"}), "unknown document type 'nope'"),
    (Settings(engine={"name": "kv"}, schemas={"modules": ["no_such_module_xyz"]}), "no_such_module_xyz"),
    (Settings(engine={"name": "baseline", "urls": ["http://x"]}), None),
])
def test_usage_errors_stop_before_any_output(make_docs, tmp_path: Path, settings: Settings, message) -> None:
    root = make_docs({"a.txt": RECEIPT_TEXT})
    if message is None:  # --url given to an engine that takes none (only known once the engine imports)
        try:
            from engine.registry import engine_class

            engine_class("baseline")
        except ImportError:
            pytest.skip("baseline engine not importable yet")
        message = "takes no urls"
    with pytest.raises(ConfigError, match=message):
        run(root, tmp_path / "out", settings)
    assert not (tmp_path / "out" / "results.jsonl").exists()


def test_missing_input_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        run(tmp_path / "nope", tmp_path / "out", _settings())


def test_a_hanging_document_times_out_without_stopping_the_batch(make_docs, tmp_path: Path) -> None:
    # a timeout no document can meet stands in for a decoder that hangs: the workers are stopped, each suspect
    # is retried alone under the same limit, and each gets its failed record
    root = make_docs({"a.txt": RECEIPT_TEXT, "b.txt": INVOICE_TEXT})
    settings = _settings(workers=2, limits={"document_timeout_s": 0.001})
    summary = run(root, tmp_path / "out", settings)
    records = _results(tmp_path / "out")
    assert summary.failed == 2
    assert {r["errors"][0]["code"] for r in records.values()} == {"prepare.timeout"}


def test_raising_a_limit_retries_what_it_refused(make_docs, tmp_path: Path) -> None:
    doc = pymupdf.open()
    for _ in range(3):
        doc.new_page().insert_text((72, 72), "RECEIPT merchant_name: Corner Cafe", fontsize=11)
    root = make_docs({"three-pages.pdf": doc.tobytes()})
    out = tmp_path / "out"
    run(root, out, _settings(limits={"max_pages": 2}))
    assert _results(out)["three-pages.pdf"]["errors"][0]["code"] == "input.too_many_pages"
    again = run(root, out, _settings(limits={"max_pages": 2}))
    assert again.processed == 0  # same limits: the refusal stands
    raised = run(root, out, _settings(limits={"max_pages": 5}))
    assert raised.processed == 1
    assert _results(out)["three-pages.pdf"]["metrics"]["pages"] == 3


@pytest.mark.parametrize(("window", "batches"), [
    (2, [{"b2.txt", "d4.txt"}, {"a1.txt", "c3.txt"}]),  # pooled and sorted: short ones together, long ones together
    (1, [{"a1.txt", "b2.txt"}, {"c3.txt", "d4.txt"}]),  # arrival order
])
def test_documents_are_batched_by_length_within_the_window(make_docs, tmp_path: Path, window: int,
                                                           batches: list[set[str]]) -> None:
    lengths = {"a1.txt": 40, "b2.txt": 1, "c3.txt": 20, "d4.txt": 2}
    root = make_docs({name: INVOICE_TEXT + "\n" + "filler words " * n for name, n in lengths.items()})
    KeyValueEngine.calls.clear()
    run(root, tmp_path / "out", _settings(engine={"batch_size": 2, "length_window": window}))
    assert len(_results(tmp_path / "out")) == 4
    assert [set(b) for b in KeyValueEngine.calls] == batches
