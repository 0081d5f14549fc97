"""The ``extract`` command line: exit codes, the --json summary, schemas, engines, review commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner  # typer.testing only takes a Typer app, not the assembled command

from pipeline import runner as runner_module
from pipeline.cli import add_lazy_subapp, get_command
from tests.conftest import INVOICE_TEXT, RECEIPT_TEXT

BAD_TOTAL = INVOICE_TEXT.replace("total: 120.00", "total: 130.00")


def invoke(*args: str, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(get_command(), list(args), input=input, catch_exceptions=False)


@pytest.fixture
def docs(make_docs) -> Path:
    return make_docs({"a.txt": INVOICE_TEXT, "b.txt": BAD_TOTAL, "c.txt": RECEIPT_TEXT, "z.pdf": b""})


def test_run_json_summary_and_exit_0(docs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = invoke("run", str(docs), "--out", str(out), "--engine", "kv", "--workers", "1", "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["total"], summary["accepted"], summary["review"], summary["failed"]) == (4, 2, 1, 1)
    assert summary["results"] == str((out / "results.jsonl").resolve())
    assert len((out / "results.jsonl").read_text().splitlines()) == 4
    assert "accepted" in result.stderr  # the summary table goes to stderr


def test_run_without_json_keeps_stdout_clean(docs: Path, tmp_path: Path) -> None:
    result = invoke("run", str(docs), "--out", str(tmp_path / "out"), "-e", "kv", "-w", "1")
    assert result.exit_code == 0 and result.stdout == ""


def test_doc_type_flag_forces_the_type(docs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = invoke("run", str(docs / "c.txt"), "--out", str(out), "-e", "kv", "--doc-type", "invoice", "--json")
    assert result.exit_code == 0
    (record,) = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert record["source"] == "c.txt" and record["doc_type"] == "invoice" and record["status"] == "review"


@pytest.mark.parametrize("args", [
    ["run", "{missing}", "--out", "{out}", "-e", "kv"],
    ["run", "{docs}", "--out", "{out}", "--engine", "no-such-engine"],
    ["run", "{docs}", "--out", "{out}", "-e", "kv", "--doc-type", "no_such_type"],
    ["run", "{docs}", "--out", "{out}", "-e", "kv", "--config", "{missing}"],
    ["run", "{docs}", "--out", "{out}", "-e", "kv", "--config", "{badconfig}"],
    ["run", "{docs}", "--out", "{out}", "-e", "kv", "--workers", "0"],
    ["run", "{docs}", "--out", "{out}", "--config", "{typo_options}"],
    ["run", "{docs}", "--out", "{docs}/a.txt", "-e", "kv"],
    ["run", "{docs}"],
    ["schemas", "show", "no_such_type"],
    ["review", "list"],
    ["review", "list", "--out", "{missing}"],
])
def test_usage_errors_exit_2(docs: Path, tmp_path: Path, args: list[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[engine]\nnmae = 'typo'\n")
    typo = tmp_path / "typo.toml"
    typo.write_text('[engine]\nname = "kv"\n[engine.options]\nconfidenc = 0.3\n')
    values = {"docs": str(docs), "out": str(tmp_path / "out"), "missing": str(tmp_path / "missing"),
              "badconfig": str(bad), "typo_options": str(typo)}
    result = invoke(*[a.format(**values) for a in args])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert not (tmp_path / "out" / "results.jsonl").exists()


def test_config_file_is_read(docs: Path, tmp_path: Path) -> None:
    config = tmp_path / "extract.toml"
    config.write_text('workers = 1\n[engine]\nname = "kv"\n[engine.options]\nconfidence = 0.1\n')
    result = invoke("run", str(docs), "--out", str(tmp_path / "out"), "--config", str(config), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["accepted"] == 0  # every field below min_confidence


def test_broken_run_exits_1(docs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*a, **k):  # noqa: ANN002, ANN003, ANN202
        raise OSError("disk on fire")

    monkeypatch.setattr(runner_module, "run", broken)
    result = invoke("run", str(docs), "--out", str(tmp_path / "out"), "-e", "kv")
    assert result.exit_code == 1
    assert "disk on fire" in result.stderr


def test_schemas_and_engines() -> None:
    listed = json.loads(invoke("schemas", "list", "--json").stdout)
    assert {"invoice", "receipt", "claim_form"} <= {s["doc_type"] for s in listed}
    shown = invoke("schemas", "show", "invoice")
    schema = json.loads(shown.stdout)
    assert shown.exit_code == 0 and schema["x-doc-type"] == "invoice" and "total" in schema["properties"]
    engines = json.loads(invoke("engines", "--json").stdout)
    names = {e["name"] for e in engines}
    assert {"baseline", "kv"} <= names
    assert [e["name"] for e in engines if e["default"]] == ["embedded"]


def test_review_commands(docs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert invoke("run", str(docs), "--out", str(out), "-e", "kv", "-w", "1").exit_code == 0
    listed = invoke("review", "list", "--out", str(out), "--json")
    (item,) = json.loads(listed.stdout)
    assert item["source"] == "b.txt" and item["state"] == "open"
    assert "b.txt" in invoke("review", "list", "--out", str(out)).stdout

    for fmt in ("csv", "parquet", "jsonl"):
        target = tmp_path / f"queue.{fmt}"
        result = invoke("review", "export", "--out", str(out), "--format", fmt, "--output", str(target))
        assert result.exit_code == 0 and target.stat().st_size > 0

    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(dict(item["data"], total="125.00")))
    refused = invoke("review", "resolve", str(item["id"]), "--out", str(out), "--data", str(wrong))
    assert refused.exit_code == 1 and "rule.total_mismatch" in refused.stderr

    assert invoke("review", "resolve", "999", "--out", str(out), "--data", str(wrong)).exit_code == 2
    not_json = tmp_path / "not.json"
    not_json.write_text("{nope")
    assert invoke("review", "resolve", str(item["id"]), "--out", str(out), "--data", str(not_json)).exit_code == 2

    fixed = json.dumps(dict(item["data"], total="120.00"))
    done = invoke("review", "resolve", str(item["id"]), "--out", str(out), "--data", "-", "--by", "ana",
                  "--note", "checked", "--json", input=fixed)
    assert done.exit_code == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["status"] == "accepted" and record["audit"]["resolved_by"] == "ana"
    assert (out / "accepted" / "b.txt.json").is_file()
    assert json.loads(invoke("review", "list", "--out", str(out), "--json").stdout) == []
    resolved = json.loads(invoke("review", "list", "--out", str(out), "--state", "resolved", "--json").stdout)
    assert resolved[0]["data"]["total"] == "130.00" and resolved[0]["resolved_data"]["total"] == "120.00"


def test_lazy_subapp_is_listed_and_runs(tmp_path: Path) -> None:
    add_lazy_subapp("kvdemo", "tests.test_cli:_demo_app", "a demo sub-app")
    assert "kvdemo" in invoke("--help").stdout
    result = invoke("kvdemo", "hello", "--name", "ana")
    assert result.exit_code == 0 and result.stdout.strip() == "hello ana"


def _make_demo_app():  # noqa: ANN202
    import typer

    demo = typer.Typer()

    @demo.command()
    def hello(name: str = "world") -> None:
        typer.echo(f"hello {name}")

    @demo.command()
    def other() -> None:
        typer.echo("other")

    return demo


_demo_app = _make_demo_app()
