from pipeline.scoring import FieldCounts, Scoreboard, same_value


def test_same_value_by_meaning():
    assert same_value("12.50", "12.5")
    assert same_value("2024-01-05", "2024-01-05")
    assert same_value("ACME  GmbH", "acme gmbh")
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
    # partial truth: only the row fields the truth gives are compared
    p = Scoreboard()
    assert p.add({"line_items": [{"amount": "4", "quantity": "9"}]}, {"line_items": [{"amount": "4"}]},
                 partial=True)
