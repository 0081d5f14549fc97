"""Documents as Rails apps (Prawn), Perl ledgers (PDF::API2) and Go services (gofpdf) print them: payment
confirmations, till rolls and bills with a tip, item tables with codes under their names."""

from __future__ import annotations

from pipeline.classify import classify_words
from schemas import ClaimForm, Receipt
from tests.layout import layout
from tests.layout import read_baseline as _read


def test_a_receipts_amount_paid_is_its_total_not_the_sum_before_tax() -> None:
    """The schema's own labels for the amount paid (`Maksettu`) name the total; `Veroton yhteensä` (the sum
    before tax) holds the word for a total but is none."""
    rows = [[(0.37, "Kuitti Horizon Paino Oyj")], [(0.43, "Kuittinumero"), (0.51, "22/12703")],
            [(0.16, "Maksupäivä"), (0.39, "11.12.2025")], [(0.16, "SUMMARY")],
            [(0.18, "Additional storage 100 GB"), (0.77, "12,00 €")], [(0.18, "Starter plan"), (0.77, "99,00 €")],
            [(0.18, "Veroton yhteensä"), (0.76, "111,00 €")], [(0.18, "ALV (25,5%)"), (0.77, "28,31 €")],
            [(0.18, "Maksettu"), (0.75, "139,31 €")],
            [(0.16, "Horizon Paino Oyj, Kauppakatu 48, 33141 Tampere")]]
    assert _read(layout(rows), Receipt)["total"] == "139.31"


def test_a_bills_tip_in_finnish_is_added_to_what_is_paid() -> None:
    rows = [[(0.32, "Brasserie Nord")], [(0.38, "Rantatie 40")], [(0.35, "00162 Helsinki")],
            [(0.04, "10.4.2026"), (0.25, "18:16"), (0.77, "#26/55729")],
            [(0.04, "3 x Voileipä"), (0.86, "12,00")], [(0.04, "Juusto 200g"), (0.88, "2,90")],
            [(0.04, "Korvapuusti"), (0.86, "13,03")], [(0.04, "Yhteensä"), (0.86, "27,93")],
            [(0.04, "Tippi"), (0.88, "2,79")], [(0.04, "MAKSETTU"), (0.79, "30,72"), (0.94, "€")],
            [(0.04, "Korttimaksu"), (0.67, "AMEX **** 7772")]]
    assert _read(layout(rows), Receipt)["total"] == "30.72"


def test_a_danish_payment_confirmation_is_a_receipt() -> None:
    """`Betalt beløb`, `Betalingsmetode`, `Kvitteringsnr.` name a payment's receipt, and the line that prints the
    amount paid, the date and the card is no item row (a date's day and month are no amount with cents), so
    `Maestro **** 5528` counts: a receipt, though it prints a subtotal and VAT as invoices do."""
    rows = [[(0.3, "Kvittering Meridian Rådgivning A/S")], [(0.42, "Kvitteringsnr."), (0.52, "#532172")],
            [(0.14, "BETALT BELØB"), (0.38, "BETALINGSDATO"), (0.62, "BETALINGSMETODE")],
            [(0.14, "1.120,00 kr."), (0.38, "26.08.2025"), (0.62, "Maestro **** 5528")], [(0.14, "SUMMARY")],
            [(0.16, "Business annual"), (0.77, "693,00 kr.")], [(0.16, "API usage overage"), (0.77, "203,00 kr.")],
            [(0.16, "Subtotal"), (0.77, "896,00 kr.")], [(0.16, "Moms (25%)"), (0.77, "224,00 kr.")],
            [(0.16, "Betalt beløb"), (0.75, "1.120,00 kr.")],
            [(0.14, "Meridian Rådgivning A/S, Østerbrogade 31, 1506 København K")]]
    found = classify_words(layout(rows))
    assert (found.doc_type, found.reason) == ("receipt", None)


def _claim(*rows: list[tuple[float, str]]) -> dict:
    return _read(layout([[(0.08, "Harbor Shield Insurance")], [(0.08, "Claim form")],
                         [(0.08, "Claimant name"), (0.38, "Marco Colombo")],
                         [(0.08, "Policy number"), (0.38, "95-7811918")], *rows]), ClaimForm)


def test_a_row_of_options_under_its_caption_runs_past_the_captions_width() -> None:
    """A scan lost the tick of `Casa`: the row under `Tipo di sinistro` is read whole, not only the part under
    the caption, and the one option without an empty box is the ticked one."""
    data = _claim([(0.083, "Tipo di sinistro")],
                  [(0.078, "☐"), (0.1, "Auto"), (0.25, "Casa"), (0.33, "☐"), (0.36, "Salute"), (0.46, "☐"),
                   (0.48, "Viaggio")])
    assert data["claim_type"] == "home"


def test_a_police_report_asked_as_polizeianzeige() -> None:
    data = _claim([(0.1, "Wurde eine Polizeianzeige erstattet?"), (0.364, "[X]"), (0.403, "Ja"), (0.443, "[]"),
                   (0.485, "Nein")])
    assert data["police_report_filed"] is True


def test_a_postal_code_and_city_in_cells_of_their_own_under_one_caption() -> None:
    data = _claim([(0.1, "Street address"), (0.38, "13 Church Lane")],
                  [(0.1, "Postal code / City"), (0.38, "LS9"), (0.42, "3AB"), (0.52, "Leeds")])
    assert data["address"] == {"street": "13 Church Lane", "city": "Leeds", "postal_code": "LS9 3AB"}
