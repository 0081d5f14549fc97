import pytest

from pipeline.scoring import FieldCounts, Scoreboard, same_value


def test_same_value_by_meaning():
    assert same_value("12.50", "12.5")
    assert same_value("2024-01-05", "2024-01-05")
    assert same_value("ACME  GmbH", "acme gmbh")
    assert same_value("L\u2019art d\u2019innover", "L'art d'innover")  # TeX typesets the apostrophe
    assert not same_value("L'art", "Lart")
    assert not same_value("12.50", "12.05")
    assert not same_value(None, "x")
    assert same_value(None, None)


def test_counts_and_f1():
    c = FieldCounts()
    c.add("1", "1")      # tp
    c.add("2", "3")      # fp + fn
    c.add(None, "4")     # fn
    c.add("5", None)     # fp
    assert (c.tp, c.fp, c.fn) == (1, 2, 2)
    assert abs(c.f1 - 1 / 3) < 1e-9


def test_rows_and_exact_match_and_calibration():
    b = Scoreboard()
    truth = {"total": "10", "line_items": [{"amount": "4"}, {"amount": "6"}]}
    assert b.add({"total": "10", "line_items": [{"amount": "4"}, {"amount": "6"}]}, truth,
                 {"total": 0.99, "line_items[0].amount": 0.97, "line_items[1].amount": 0.2})
    assert not b.add({"total": "10", "line_items": [{"amount": "4"}]}, truth, {"total": 0.99})
    s = b.summary()
    assert s["exact_match"] == 0.5
    assert s["fields"]["line_items.amount"]["fn"] == 1
    assert s["confident_fields"] == 3 and s["confident_accuracy"] == 1.0
    # the one field below the pipeline's review threshold (0.4) was right: review would have checked it for nothing
    assert s["review_below_0.4"] == {"right_sent_to_review": 1, "wrong_caught": 0, "wrong_let_through": 0}


def test_triage_counts_what_a_review_threshold_catches_and_misses():
    b = Scoreboard()
    truth = {"a": "1", "b": "2", "c": "3", "d": "4"}
    b.add({"a": "1", "b": "9", "c": "9", "d": "4"}, truth, {"a": 0.1, "b": 0.3, "c": 0.97, "d": 0.6})
    assert b.calibration.triage(0.4) == {"right_sent_to_review": 1, "wrong_caught": 1, "wrong_let_through": 1}
    assert b.calibration.triage(0.5) == {"right_sent_to_review": 1, "wrong_caught": 1, "wrong_let_through": 1}
    assert b.calibration.triage(0.8) == {"right_sent_to_review": 2, "wrong_caught": 1, "wrong_let_through": 1}
    with pytest.raises(ValueError):
        b.calibration.triage(0.45)
    # partial truth: only the row fields the truth gives are compared
    p = Scoreboard()
    assert p.add({"line_items": [{"amount": "4", "quantity": "9"}]}, {"line_items": [{"amount": "4"}]},
                 partial=True)


def test_rows_are_aligned_in_order_so_one_extra_row_shifts_nothing():
    truth = {"line_items": [{"description": d, "amount": a} for d, a in (("A", "1"), ("B", "2"), ("C", "3"))]}
    pred = {"line_items": [{"description": "A", "amount": "1"}, {"description": "note", "amount": "9"},
                           {"description": "B", "amount": "2"}, {"description": "C", "amount": "3"}]}
    b = Scoreboard()
    assert not b.add(pred, truth)
    f = b.summary()["fields"]
    assert (f["line_items.amount"]["tp"], f["line_items.amount"]["fp"], f["line_items.amount"]["fn"]) == (3, 1, 0)
    assert (f["line_items.description"]["tp"], f["line_items.description"]["fp"]) == (3, 1)
    # a missing row: the rows after it still match
    b = Scoreboard()
    b.add({"line_items": truth["line_items"][1:]}, truth)
    f = b.summary()["fields"]
    assert (f["line_items.amount"]["tp"], f["line_items.amount"]["fp"], f["line_items.amount"]["fn"]) == (2, 0, 1)
    # partial truth: an extra predicted row counts only on the fields the true rows give
    p = Scoreboard()
    p.add({"line_items": [{"description": "A", "quantity": "5"}, {"description": "Z", "quantity": "1"}]},
          {"line_items": [{"description": "A"}]}, partial=True)
    f = p.summary()["fields"]
    assert "line_items.quantity" not in f and f["line_items.description"]["fp"] == 1
