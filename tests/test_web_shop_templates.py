"""Documents as the templates of web shops and open-source ERPs print them through PHP's PDF libraries and
wkhtmltopdf: WooCommerce, PrestaShop, Dolibarr, InvoicePlane and Odoo invoices, point-of-sale tickets, and claim
forms of insurance portals."""

from __future__ import annotations

from schemas import ClaimForm, Invoice
from tests.layout import layout
from tests.layout import read_baseline as _read


def test_a_woocommerce_price_column_right_of_the_unit_price_is_the_lines_amount() -> None:
    rows = [[(0.05, "Harbour Lane DAC")], [(0.05, "INVOICE")],
            [(0.5, "Invoice No.:"), (0.7, "SZ-2025-01044")], [(0.5, "Invoice Date:"), (0.7, "03/02/2025")],
            [(0.05, "Product"), (0.55, "Qty"), (0.62, "Unit Price"), (0.77, "Price")],
            [(0.05, "Consulting services"), (0.55, "20"), (0.62, "$165.95"), (0.77, "$3,319.00")],
            [(0.05, "SKU:"), (0.1, "BH-417")],
            [(0.05, "Office chair, ergonomic"), (0.55, "6"), (0.62, "$787.18"), (0.77, "$4,723.08")],
            [(0.05, "SKU:"), (0.1, "811106")],
            [(0.55, "Subtotal"), (0.77, "$8,042.08")], [(0.55, "Total"), (0.77, "$8,042.08")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [(i["description"], i["unit_price"], i["amount"]) for i in items] == [
        ("Consulting services", "165.95", "3319.00"), ("Office chair, ergonomic", "787.18", "4723.08")]
    # a price alone beside the quantity is still the unit price
    single = [r for r in rows if r[0][1] != "SKU:"]
    single[4] = [(0.05, "Product"), (0.55, "Qty"), (0.62, "Price"), (0.77, "Total")]
    items = _read(layout(single), Invoice)["line_items"]
    assert [(i["unit_price"], i["amount"]) for i in items] == [("165.95", "3319.00"), ("787.18", "4723.08")]


def test_an_option_lists_radio_button_glyphs_tick_the_option_after_them() -> None:
    rows = [[(0.05, "Insurance Claim Form")], [(0.05, "Policyholder name"), (0.5, "Date of birth")],
            [(0.05, "Liam Walker")], [(0.05, "Type of claim")],
            [(0.05, "○ Motor / Auto ◉ Home / Property ○ Health / Medical ○ Travel")],
            [(0.05, "Was a police report filed?")], [(0.05, "◉ Yes ○ No")]]
    data = _read(layout(rows), ClaimForm)
    assert (data["claim_type"], data["police_report_filed"]) == ("home", True)
    rows[-1] = [(0.05, "○ Yes ● No")]
    rows[-3] = [(0.05, "○ Motor / Auto ○ Home / Property ○ Health / Medical ⦿ Travel")]
    data = _read(layout(rows), ClaimForm)
    assert (data["claim_type"], data["police_report_filed"]) == ("travel", False)


def test_a_name_signed_larger_under_its_caption_past_the_date_beside_it_signs() -> None:
    rows = [[(0.05, "Insurance Claim Form")], [(0.05, "Policyholder name"), (0.5, "Grace Mitchell")],
            [(0.05, "3  Declaration")],
            [(0.05, "I declare that the information given above is true and complete.")],
            [(0.05, "Date"), (0.4, "Signature")], [(0.05, "23/10/2025")], [(0.42, "Grace Mitchell")],
            [(0.05, "Harbourside Mutual Insurance – Insurance Claim Form"), (0.85, "1/1")]]
    assert _read(layout(rows), ClaimForm)["signed"] is True
    del rows[6]  # nothing under the caption: not signed
    assert _read(layout(rows), ClaimForm)["signed"] is False
