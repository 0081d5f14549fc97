"""The results store and the files written from it."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.models import ErrorItem, Record, Status
from pipeline.store import ResultStore, accepted_path, safe_relpath, sync_accepted, write_results


def _record(source: str, status: Status = Status.ACCEPTED, **kw) -> Record:
    data = kw.pop("data", {"total": "1.00"} if status is not Status.FAILED else None)
    return Record(source=source, sha256="a" * 64, status=status, data=data, cache_key=kw.pop("cache_key", "k1"), **kw)


def test_put_get_replace(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "s.sqlite") as store:
        assert store.get("a.pdf") is None
        store.put(_record("a.pdf"), final=True, run_id="r1", position=0)
        got = store.get("a.pdf")
        assert got is not None and got.cache_key == "k1" and got.final and got.run_id == "r1"
        store.put(_record("a.pdf", Status.REVIEW, cache_key="k2"), final=True)
        got = store.get("a.pdf")
        assert got.record.status is Status.REVIEW and got.cache_key == "k2"
        assert got.run_id == "r1"  # not given: kept
        assert len(store.all_records()) == 1


def test_run_records_follow_input_order_and_latest_run(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "s.sqlite") as store:
        r1 = store.begin_run()
        for pos, name in enumerate(["b", "a", "c"]):
            store.put(_record(name), run_id=r1, position=pos)
        assert [r.source for r in store.run_records()] == ["b", "a", "c"]
        r2 = store.begin_run()
        store.touch("c", r2, 0)
        store.put(_record("a"), run_id=r2, position=1)
        assert store.last_run() == r2
        assert [r.source for r in store.run_records()] == ["c", "a"]  # "b" was not part of the new run
    with ResultStore(tmp_path / "s.sqlite") as again:  # persisted
        assert [r.source for r in again.run_records()] == ["c", "a"]


def test_accepted_path_mirrors_folders_and_stays_inside(tmp_path: Path) -> None:
    assert accepted_path(tmp_path, "sub/dir/a.pdf") == tmp_path / "accepted" / "sub" / "dir" / "a.pdf.json"
    assert accepted_path(tmp_path, "Rechnung März.pdf").name == "Rechnung März.pdf.json"
    assert str(safe_relpath("../../etc/passwd")) == "etc/passwd"
    assert tmp_path / "accepted" in accepted_path(tmp_path, "/abs/x.png").parents


def test_sync_accepted_writes_and_removes(tmp_path: Path) -> None:
    rec = _record("sub/a.pdf", data={"total": "12.50", "vendor_name": "Café"})
    path = sync_accepted(tmp_path, rec)
    assert path is not None and json.loads(path.read_text(encoding="utf-8")) == rec.data
    sync_accepted(tmp_path, rec.model_copy(update={"status": Status.REVIEW}))
    assert not path.exists() and not (tmp_path / "accepted" / "sub").exists()


def test_duplicates_get_no_accepted_file(tmp_path: Path) -> None:
    rec = _record("copy.pdf", duplicate_of="a.pdf",
                  errors=[ErrorItem(stage="ingest", code="input.duplicate", message="copy")])
    assert sync_accepted(tmp_path, rec) is None
    assert not accepted_path(tmp_path, "copy.pdf").exists()


def test_write_results_is_one_line_per_record(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("stale\n")
    n = write_results(out, [_record("a"), _record("b", Status.FAILED)])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert n == 2 and len(lines) == 2
    assert [json.loads(line)["source"] for line in lines] == ["a", "b"]
    assert json.loads(lines[1])["data"] is None
    assert not list(tmp_path.glob(".results.jsonl.*"))  # no temporary file left behind
