"""`bench/engine.py --gpu`'s code path on a tiny config on the CPU (`--cpu-dry-run`): every experts implementation
and batch size asked for is timed, and the estimates come from the figures measured."""

from __future__ import annotations

import json

import pytest
import torch

from bench.engine import main


@pytest.fixture
def one_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def test_gpu_benchmark_code_path_times_each_implementation_and_batch(tmp_path, one_thread, capsys):
    out = tmp_path / "gpu.json"
    assert main(["--gpu", "--arch", "tiny", "--cpu-dry-run", "--docs", "1", "--steps-b", "3", "--repeats", "2",
                 "--experts", "eager", "grouped_mm", "--batch-sizes", "1", "2", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    figures = report["figures"]
    assert report["mode"] == "gpu-code-path-on-cpu"
    assert list(figures["by_experts_implementation"]) == ["eager", "grouped_mm"]
    assert figures["experts_implementation"] == "eager" and figures["repeats"] == 2
    for entry in figures["by_experts_implementation"].values():
        assert len(entry["rounds"]) == 2
        assert all(len(r["ms_per_denoising_step_all"]) == 2 for r in entry["rounds"])  # 3 steps, 2 intervals
        for key in ("ms_per_denoising_step", "ms_per_encoder_canvas", "ms_per_ar_token"):
            lo, hi = entry["range"][key]
            assert 0 < lo <= entry[key] <= hi
        assert entry["estimates"]["canvas_3_steps (target)"] > entry["estimates"]["canvas_2_steps (floor, stability 1)"]
    batches = figures["by_batch_size"]
    assert list(batches) == ["1", "2"]
    assert batches["2"]["ms_per_document_step"] == pytest.approx(batches["2"]["ms_per_denoising_step"] / 2)
    printed = capsys.readouterr().out
    assert "eager" in printed and "grouped_mm" in printed and "batch   2" in printed
