"""Confidence calibration of the embedded model: isotonic fit, groups, field paths, samples from results."""

from __future__ import annotations

import random
from pathlib import Path

from engine.base import EngineResult, FieldResult
from engine.embedded.calibration import (
    ConfidenceMap,
    calibration_samples,
    fit_isotonic,
    lower_bound,
    value_at,
)


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
    assert sorted(got) == [("agree:total", 0.9, True), ("differ:tax", 0.8, False),
                           ("no_draft:line_items.amount", 0.7, True)]


def test_fields_with_enough_samples_get_their_own_map_and_prior():
    samples = [("agree:total", 0.99, True)] * 60 + [("agree:vendor_name", 0.99, i % 4 != 0) for i in range(60)] \
        + [("agree:tax", 0.99, False)] * 5
    cmap = ConfidenceMap.fit(samples)
    # tax: too few samples of its own; the departures from the draft, never seen, are there at their lower bound
    assert set(cmap.groups) == {"agree", "agree:total", "agree:vendor_name", "differ", "filled"}
    assert cmap.apply(0.99, "agree", "total") > 0.95
    assert abs(cmap.apply(0.99, "agree", "vendor_name") - 46 / 62) < 1e-3
    assert cmap.apply(0.99, "agree", "tax") == cmap.apply(0.99, "agree")  # the plain group's map
    cmap = cmap.model_copy(update={"draft_prior": 5.0, "field_priors": {"vendor_name": 30.0}})
    assert cmap.prior_for("vendor_name") == 30.0 and cmap.prior_for("total") == 5.0


def test_fit_chooses_a_model_wide_prior_and_field_priors_that_save_errors(monkeypatch):
    """The model reads totals clearly better than the draft (4 documents): they keep the model-wide prior. The
    vendor name is read best when the draft stands (30); the due date is read better by the model in one document
    only, not clearly enough to hand it over, so its draft stands too."""
    from types import SimpleNamespace

    import engine.embedded.calibration as cal

    docs = [SimpleNamespace(id=f"d{i}", truth={"total": "1", "vendor_name": "A", "due_date": "2024-01-01"})
            for i in range(12)]

    def data(prior: float, i: int) -> dict:
        return {"total": "1" if prior < 30 or i >= 4 else "2",
                "vendor_name": "A" if prior >= 30 or i >= 3 else "B",
                "due_date": "2024-01-01" if prior < 30 or i >= 1 else "2024-01-02"}

    calls = []

    def fake_run(model_dir, docs_, prior, batch_size, field_priors=None, fill_priors=None):
        calls.append((prior, dict(field_priors or {}), dict(fill_priors or {})))
        return [EngineResult(id=d.id, data=data(prior, i), fields={}) for i, d in enumerate(docs_)]

    monkeypatch.setattr(cal, "_run", fake_run)
    monkeypatch.setattr(cal, "_drafts", lambda docs_: [dict(d.truth) for d in docs_])  # no field left null
    cmap = cal.fit_calibration(Path("unused"), docs, draft_priors=(5.0, 30.0))
    assert cmap.draft_prior == 5.0
    assert cmap.field_priors == {"vendor_name": 30.0, "due_date": 30.0}
    assert cmap.field_fill_priors == {}
    assert cmap.draft_prior_search["5.0"] < 1.0
    assert calls[-1] == (5.0, cmap.field_priors, {})  # the map is fitted on a run with the chosen priors


def test_fields_the_rules_left_null_get_a_fill_prior_of_their_own(monkeypatch):
    """Where the rules found a vendor name the model overrules it wrongly at prior 5 (3 documents), so the draft
    prior is 30; where they found none (5 documents) the model fills it rightly at prior 5, so the fill prior is 5.
    The due date's fills save two values net (three right, one wrong): enough. The currency's fills are right as
    often as wrong: a null draft stands (30)."""
    from types import SimpleNamespace

    import engine.embedded.calibration as cal

    truth = {"vendor_name": "A", "due_date": "2024-01-01", "currency": "EUR", "total": "1"}
    docs = [SimpleNamespace(id=f"d{i}", truth=truth) for i in range(12)]
    drafts = [{"vendor_name": None if i < 5 else "A", "due_date": None if i < 4 else "2024-01-01",
               "currency": None if i < 2 else "EUR", "total": "1"} for i in range(12)]

    def data(prior: float, i: int) -> dict:
        if prior >= 30:
            return dict(drafts[i])
        return {"vendor_name": "B" if 5 <= i < 8 else "A", "due_date": "2024-02-02" if i == 3 else "2024-01-01",
                "currency": "USD" if i == 1 else "EUR", "total": "1"}

    calls = []

    def fake_run(model_dir, docs_, prior, batch_size, field_priors=None, fill_priors=None):
        calls.append((prior, dict(field_priors or {}), dict(fill_priors or {})))
        return [EngineResult(id=d.id, data=data(prior, i), fields={}) for i, d in enumerate(docs_)]

    monkeypatch.setattr(cal, "_run", fake_run)
    monkeypatch.setattr(cal, "_drafts", lambda docs_: drafts)
    cmap = cal.fit_calibration(Path("unused"), docs, draft_priors=(5.0, 30.0))
    assert cmap.prior_for("vendor_name") == 30.0 and cmap.field_fill_priors["vendor_name"] == 5.0
    assert cmap.prior_for("due_date") == 30.0 and cmap.field_fill_priors["due_date"] == 5.0
    assert cmap.field_fill_priors.get("currency", cmap.prior_for("currency")) == 30.0
    assert calls[-1][2] == cmap.field_fill_priors


def test_a_decision_the_fitting_documents_hardly_saw_is_not_trusted_on_their_word():
    """Overruling the rules twice, rightly both times, says little: the block is the accuracy's lower bound (0.37,
    under the review threshold), not its smoothed mean (0.75); a departure never seen is near certain review."""
    samples = [("agree", 0.99, True)] * 50 + [("differ", 0.99, True)] * 2
    cmap = ConfidenceMap.fit(samples)
    assert cmap.apply(0.99, "differ") == lower_bound(2, 2) < 0.4  # the smoothed mean would be 0.75
    assert cmap.apply(0.99, "filled") == lower_bound(0, 0) == 0.05
    assert cmap.apply(0.99, "agree") > 0.95  # a group seen often keeps its map
    many = ConfidenceMap.fit(samples + [("differ", 0.99, True)] * 20)
    assert many.apply(0.99, "differ") == round(23 / 24, 4)  # enough to map: the smoothed accuracy again
    assert lower_bound(10, 10) > lower_bound(9, 10) > lower_bound(5, 10)
