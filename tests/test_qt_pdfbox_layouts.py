"""Documents as desktop and point-of-sale apps built on Qt (QTextDocument, QPainter) and Java billing systems
built on Apache PDFBox print them: claim forms with drop-down lists printed as they were filled in."""

from __future__ import annotations

from schemas import ClaimForm, Receipt
from tests.layout import layout
from tests.layout import read_baseline as _read


def _claim(*rows: list[tuple[float, str]]) -> dict:
    return _read(layout([[(0.08, "Nordic Assurance"), (0.75, "Schadenmeldung")],
                         [(0.09, "Name, Vorname"), (0.375, "Tobias Meyer")],
                         [(0.09, "Versicherungsscheinnummer"), (0.375, "KV52773555")], *rows]), ClaimForm)


def test_a_drop_down_lists_arrow_after_the_value_chosen_is_no_second_answer() -> None:
    data = _claim([(0.09, "Schadenart"), (0.375, "Kranken"), (0.597, "v")],
                  [(0.09, "Polizeilich gemeldet?"), (0.375, "Ja")])
    assert data["claim_type"] == "health"
    assert _claim([(0.09, "Schadenart"), (0.375, "Reise"), (0.597, "▼")])["claim_type"] == "travel"


def test_a_compound_caption_its_cell_wrapped_without_a_hyphen() -> None:
    """`Versicherungsscheinnum` over `mer`: a narrow cell broke the compound inside its head; the caption still asks
    for the policy number."""
    rows = [[(0.19, "Nordic Assurance"), (0.63, "Schadenmeldung")],
            [(0.197, "Name, Vorname"), (0.415, "Katharina Schäfer")],
            [(0.201, "Versicherungsscheinnum"), (0.414, "495/48775/TR")], [(0.197, "mer")],
            [(0.197, "Schadendatum"), (0.415, "19. November 2025")]]
    assert _read(layout(rows), ClaimForm)["policy_number"] == "495/48775/TR"


def test_a_receipts_title_between_the_merchants_name_and_its_address() -> None:
    rows = [[(0.167, "Ticketline")], [(0.167, "Receipt")], [(0.167, "154 Dame Street, Limerick D65 E294")],
            [(0.174, "Date"), (0.49, "13 April 2024 21:04")], [(0.174, "Premium plan"), (0.571, "€190.67")],
            [(0.174, "Amount paid"), (0.54, "EUR 190.67")], [(0.174, "Card"), (0.501, "VISA XXXX8265")]]
    data = _read(layout(rows), Receipt)
    assert (data["merchant_name"], data["merchant_address"]) == ("Ticketline", "154 Dame Street, Limerick D65 E294")
