"""Confidence calibration of the embedded model: isotonic fit, groups, field paths, samples from results."""

from __future__ import annotations

import random
from pathlib import Path

from engine.base import EngineResult, FieldResult
from engine.embedded.calibration import ConfidenceMap, calibration_samples, fit_isotonic, value_at


def test_isotonic_fit_is_monotone_smoothed_and_tracks_accuracy():
    rng = random.Random(0)
    # right with probability equal to the raw confidence squared: raw 0.99 is right ~98% of the time
    pairs = [(x, rng.random() < x * x) for x in (rng.random() for _ in range(4000))]
    steps = fit_isotonic(pairs)
    ys = [s[1] for s in steps]
    assert ys == sorted(ys)
    assert sum(s[2] for s in steps) == 4000
    assert all(0.0 < y < 1.0 for y in ys)  # add-one smoothing never claims certainty
    cmap = ConfidenceMap.fit([("agree", x, r) for x, r in pairs])
    assert abs(cmap.apply(0.5, "agree") - 0.25) < 0.08
    assert abs(cmap.apply(0.95, "agree") - 0.9) < 0.08
    assert cmap.apply(0.7, "unseen") == 0.7


def test_groups_are_fitted_apart_and_saved(tmp_path: Path):
    samples = [("agree", 0.9, True)] * 50 + [("differ", 0.9, False)] * 30 + [("differ", 0.9, True)] * 10
    cmap = ConfidenceMap.fit(samples, fitted_on="x")
    assert cmap.apply(0.9, "agree") > 0.95
    assert abs(cmap.apply(0.9, "differ") - 11 / 42) < 1e-3
    cmap.save(tmp_path)
    again = ConfidenceMap.load(tmp_path)
    assert again is not None and again.apply(0.9, "differ") == cmap.apply(0.9, "differ")
    assert ConfidenceMap.load(tmp_path / "none") is None


def test_value_at_paths():
    data = {"total": "1.00", "line_items": [{"amount": "2"}, {"amount": None}], "address": {"city": "Lyon"}}
    assert value_at(data, "total") == "1.00"
    assert value_at(data, "line_items[0].amount") == "2"
    assert value_at(data, "line_items[1].amount") is None
    assert value_at(data, "line_items[5].amount") is None
    assert value_at(data, "address.city") == "Lyon"
    assert value_at(data, "address.street") is None


def test_samples_compare_each_field_with_its_truth():
    fields = {
        "total": FieldResult(path="total", value="10.00", confidence=0.9, signals={"model": 0.9, "draft": 1.0}),
        "tax": FieldResult(path="tax", value="2.00", confidence=0.8, signals={"model": 0.8, "draft": 0.0}),
        "due_date": FieldResult(path="due_date", value=None, confidence=1.0, signals={"model": 1.0, "draft": 1.0}),
        "line_items[0].amount": FieldResult(path="line_items[0].amount", value="10", confidence=0.7,
                                            signals={"model": 0.7, "draft": -1.0}),
    }
    truth = {"total": "10", "tax": "1.90", "line_items": [{"amount": "10.00"}]}
    got = calibration_samples([EngineResult(id="a", data={}, fields=fields)], [truth])
    assert sorted(got) == [("agree", 0.9, True), ("differ", 0.8, False), ("no_draft", 0.7, True)]
