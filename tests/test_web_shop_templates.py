"""Documents as the templates of web shops and open-source ERPs print them through PHP's PDF libraries and
wkhtmltopdf: WooCommerce, PrestaShop, Dolibarr, InvoicePlane and Odoo invoices, point-of-sale tickets, and claim
forms of insurance portals."""

from __future__ import annotations

from schemas import ClaimForm, Invoice, Receipt
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


def test_labels_left_in_their_cells_over_figures_right_in_them_with_a_rates_column() -> None:
    """InvoicePlane's table: each label at its cell's left, each figure at its right, nearer to the next label;
    the rate under "VAT" is a figure of its cell too."""
    rows = [[(0.05, "Bluewater Limited")], [(0.5, "Invoice"), (0.7, "INV-2044")], [(0.5, "Date"), (0.7, "03/02/2025")],
            [(0.07, "Description"), (0.475, "Qty"), (0.541, "Unit Price"), (0.698, "VAT"), (0.779, "Amount")],
            [(0.07, "Wireless mouse – premium"), (0.525, "2"), (0.645, "264.33"), (0.741, "20%"), (0.883, "528.66")],
            [(0.07, "Monitor 27\" IPS"), (0.525, "1"), (0.632, "1,539.49"), (0.741, "20%"), (0.871, "1,539.49")],
            [(0.6, "Subtotal"), (0.871, "2,068.15")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in items] == [
        ("2", "264.33", "528.66"), ("1", "1539.49", "1539.49")]


def test_a_logos_one_word_gives_way_to_the_name_its_company_block_prints_whole() -> None:
    rows = [[(0.55, "Northgate Ltd")], [(0.05, "NORTHGATE"), (0.55, "150 Maple Avenue")], [(0.55, "Dublin D02 X285")],
            [(0.05, "Kestrel Ltd")], [(0.05, "41 Maple Avenue")], [(0.05, "Cork T12 W8PK")],
            [(0.05, "Invoice"), (0.2, "RE-42042")], [(0.05, "Invoice Date:")], [(0.05, "12/01/2025")],
            [(0.05, "Description"), (0.5, "Qty"), (0.6, "Unit Price"), (0.8, "Amount")],
            [(0.05, "Toner cartridge black"), (0.5, "12"), (0.6, "92.49"), (0.8, "1,109.88")],
            [(0.6, "Total"), (0.8, "1,109.88")]]
    big = {1: 0.03}  # the logo's word set large
    assert _read(layout(rows, heights=big), Invoice)["vendor_name"] == "Northgate Ltd"
    # an Austrian partnership's "OG" is a legal form
    rows[0], rows[1] = [(0.55, "Alpenblick OG")], [(0.05, "Alpenblick"), (0.55, "150 Maple Avenue")]
    assert _read(layout(rows, heights=big), Invoice)["vendor_name"] == "Alpenblick OG"


def test_a_caption_its_cell_wrapped_reads_the_value_under_its_second_line() -> None:
    """PrestaShop's info grid: "Fecha de" over "vencimiento", the values on the line after."""
    rows = [[(0.05, "Iberprint S.L.U."), (0.7, "FACTURA")],
            [(0.05, "Nº de factura"), (0.2, "Fecha de factura"), (0.35, "Fecha de"), (0.5, "Nº de pedido")],
            [(0.35, "vencimiento")],
            [(0.05, "#2845"), (0.2, "17/08/2025"), (0.35, "16/09/2025"), (0.5, "SO48403")],
            [(0.05, "Producto"), (0.55, "Cant."), (0.65, "Precio unit."), (0.8, "Importe")],
            [(0.05, "Café en grano 1 kg"), (0.55, "1"), (0.65, "201,50 €"), (0.8, "201,50 €")],
            [(0.6, "Total"), (0.8, "201,50 €")]]
    data = _read(layout(rows), Invoice)
    assert (data["invoice_date"], data["due_date"]) == ("2025-08-17", "2025-09-16")


def test_a_vat_number_among_the_parts_of_a_footers_line_names_the_currency() -> None:
    rows = [[(0.05, "Nordlicht e.K."), (0.7, "RECHNUNG")], [(0.05, "Rechnungsnummer"), (0.3, "FV/896/06/2025")],
            [(0.05, "Artikel"), (0.55, "Menge"), (0.65, "Einzelpreis"), (0.8, "Betrag")],
            [(0.05, "Kaffeebohnen 1 kg"), (0.55, "1"), (0.65, "201,50"), (0.8, "201,50")],
            [(0.6, "Gesamt"), (0.8, "201,50")],
            [(0.05, "Nordlicht e.K. · Am Markt 167 · 20095 Hamburg · DE310180673 · +49 55 500 8428")]]
    assert _read(layout(rows), Invoice)["currency"] == "EUR"


def test_a_cafes_address_on_one_line_parted_by_a_middle_dot_is_read_as_its_parts() -> None:
    rows = [[(0.1, "Café De Molen")], [(0.1, "Stationsweg 73 · 2011 RD Haarlem")],
            [(0.05, "Tafel 18"), (0.3, "Gasten:"), (0.45, "2")], [(0.05, "12-03-2026"), (0.3, "13:05")],
            [(0.05, "Cappuccino"), (0.8, "3,80")],
            [(0.05, "Totaal"), (0.8, "3,80")]]
    data = _read(layout(rows), Receipt)
    assert (data["merchant_name"], data["merchant_address"]) == ("Café De Molen", "Stationsweg 73, 2011 RD Haarlem")


def test_an_article_reference_shaped_like_a_business_terms_code_is_an_items() -> None:
    """"BT-2533" is a PrestaShop reference, not an e-invoice's business term (numbered up to BT-165, in brackets)."""
    rows = [[(0.05, "Nordlicht GmbH")],
            [(0.098, "Referenz"), (0.214, "Artikel"), (0.614, "Einzelpreis"), (0.713, "Menge"), (0.852, "Betrag")],
            [(0.096, "HW-7138"), (0.21, "Kaffeebohnen 1 kg"), (0.637, "255,44 €"), (0.734, "7,5"),
             (0.828, "1.915,80 €")],
            [(0.096, "BT-2533"), (0.21, "Funkmaus"), (0.637, "229,39 €"), (0.734, "10"), (0.828, "2.293,90 €")],
            [(0.5, "Gesamtbetrag"), (0.828, "4.209,70 €")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Kaffeebohnen 1 kg", "Funkmaus"]


def test_an_items_code_with_its_label_under_its_name_is_no_part_of_the_description() -> None:
    rows = [[(0.05, "Nordlicht AG")], [(0.5, "Rechnung"), (0.7, "RE-2044")],
            [(0.115, "Artikel"), (0.463, "Menge"), (0.581, "Einzelpreis"), (0.763, "Preis")],
            [(0.112, "Schulung (halbtags)"), (0.557, "4"), (0.703, "815.86"), (0.83, "3'263.44")],
            [(0.113, "Art.-Nr.:"), (0.16, "DH-2926")],
            [(0.111, "Schulung (halbtags) - XL"), (0.557, "1"), (0.704, "236.69"), (0.839, "236.69")],
            [(0.111, "Art.-Nr.:"), (0.16, "TB-5452")],
            [(0.113, "Netzwerk-Switch 24 Port"), (0.557, "2"), (0.704, "121.57"), (0.842, "243.14")],
            [(0.113, "Art.-Nr.:"), (0.16, "323920")],
            [(0.6, "Gesamt"), (0.83, "3'743.27")]]
    items = _read(layout(rows, heights={4: 0.008, 6: 0.008, 8: 0.008}, leading=1.2), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Schulung (halbtags)", "Schulung (halbtags) - XL",
                                                 "Netzwerk-Switch 24 Port"]


def test_an_item_code_or_a_bare_numbered_code_under_a_name_is_no_part_of_the_description() -> None:
    rows = [[(0.07, "Kestrel Estúdio Lda.")], [(0.07, "Fatura n.º"), (0.25, "F-49336")],
            [(0.076, "Descrição"), (0.635, "Qtd."), (0.738, "Preço unit."), (0.889, "Valor")],
            [(0.079, "Desenvolvimento de website"), (0.654, "1"), (0.752, "1 245,72"), (0.871, "1 245,72")],
            [(0.079, "#199-8713")],
            [(0.079, "Tinteiro preto +"), (0.647, "20"), (0.771, "26,00"), (0.882, "520,00")],
            [(0.079, "Item code 413-8968")],
            [(0.079, "Ação de formação"), (0.654, "1"), (0.763, "585,62"), (0.882, "585,62")],
            [(0.6, "Total"), (0.871, "2 351,34 €")]]
    items = _read(layout(rows, heights={4: 0.008, 6: 0.008}, leading=1.2), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Desenvolvimento de website", "Tinteiro preto +",
                                                 "Ação de formação"]


def test_a_policy_number_headed_by_a_currencys_code_is_no_amount() -> None:
    """`MVR` is the Maldivian rufiyaa's code, but `MVR 9892 9406` (figures in groups of four, no cents) is no
    amount: the policy number is read whole, not `MVR 9892` and a stray `9406`."""
    rows = [[(0.1, "CLAIM FORM")], [(0.1, "Claimant name:"), (0.38, "Jane Doe")],
            [(0.1, "Policy number:"), (0.38, "MVR 9892 9406")], [(0.1, "Date of incident:"), (0.38, "03/01/2024")],
            [(0.1, "Amount claimed:"), (0.38, "EUR 1 234,50")]]
    data = _read(layout(rows), ClaimForm)
    assert (data["policy_number"], data["claim_amount"]) == ("MVR 9892 9406", "1234.50")
