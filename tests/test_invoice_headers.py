"""Invoice headers and totals as web apps print them: bank details under a "Remit to", an issuer's name wrapped
over two or three lines of a narrow column (beside a monogram too), a subtotal labelled only as a sum, a bare "$"
of Mexico, and more labels of dates, balances and titles."""

from __future__ import annotations

import pytest

from engine.base import EngineRequest
from engine.registry import create_engine
from schemas import Invoice
from tests.layout import layout

_ENGINE = create_engine("baseline")


def _read(rows: list, heights: dict[int, float] | None = None) -> dict:
    words = layout(rows, heights=heights)
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=words, target=Invoice)])
    return result.data


_ITEMS = [[(0.05, "Description"), (0.6, "Qty"), (0.7, "Price"), (0.85, "Total")],
          [(0.05, "Data recovery"), (0.6, "2"), (0.7, "50.00"), (0.85, "100.00")]]


def test_bank_details_under_remit_to_are_no_issuer() -> None:
    data = _read([[(0.05, "Invoice"), (0.6, "Document No.: 2024/84")], [(0.6, "Invoice date: July 9, 2024")],
                  [(0.05, "CLIENT")], [(0.05, "James Jenkins")], [(0.05, "265 Castaneda Keys")], *_ITEMS,
                  [(0.6, "Total:"), (0.85, "$100.00")], [(0.05, "Remit to")], [(0.05, "Routing 844864880")],
                  [(0.05, "Account 3304779364")]])
    assert data["vendor_name"] not in ("Routing 844864880", "Account 3304779364")


@pytest.mark.parametrize("code", ["BIC BCOMPTPL", "SWIFT: COBADEFFXXX", "BIC/SWIFT DABADKKK"])
def test_a_banks_code_after_remit_to_is_no_issuer(code: str) -> None:
    """"Pixelhafen Corp.  Remit to: IBAN NL12 4952 …  BIC BCOMPTPL" in the footer: the bank's code is the words
    nearest the caption, and no name."""
    data = _read([[(0.05, "Pixelhafen Corp."), (0.6, "INVOICE")], [(0.6, "Invoice # HW-714")],
                  [(0.6, "Invoice Date 06/22/2025")], [(0.05, "Marlow & Finch Corp.")], *_ITEMS,
                  [(0.6, "Total:"), (0.85, "$100.00")],
                  [(0.05, "Pixelhafen Corp."), (0.3, "Remit to:"), (0.4, "IBAN NL12 4952 3980 8484 5944 23"),
                   (0.75, code)]])
    assert data["vendor_name"] == "Pixelhafen Corp."


def test_a_name_wrapped_over_three_lines_of_a_narrow_column_is_read_whole() -> None:
    data = _read([[(0.05, "Lachance,")], [(0.05, "Gauthier and"), (0.6, "Facture")], [(0.05, "Blouin")],
                  [(0.05, "67842 montée Alain"), (0.6, "Réf. facture INV-36640")],
                  [(0.05, "Montréal (QC) H2X 1Y4"), (0.6, "Date 2024-04-26")], *_ITEMS,
                  [(0.6, "Total"), (0.85, "100,00")]], heights={0: 0.02, 1: 0.02, 2: 0.02})
    assert data["vendor_name"] == "Lachance, Gauthier and Blouin"


def test_a_name_wrapped_after_its_ampersand_beside_a_monogram_is_read_whole() -> None:
    words = [[(0.05, "ER Eckbauer Rudolph AG &"), (0.75, "RECHNUNG")],
             [(0.0716, "Co. KGaA"), (0.57, "Rechnungsnummer: F246816")],
             [(0.0716, "Biggenweg 240"), (0.57, "Belegdatum: 15.08.2024")], [(0.0716, "34876 Rathenow")], *_ITEMS,
             [(0.6, "Gesamt"), (0.85, "100,00")]]
    assert _read(words)["vendor_name"] == "Eckbauer Rudolph AG & Co. KGaA"


def _mexican(sum_label: str, total_label: str) -> list:
    return [[(0.05, "Linares-Nieves S.A. de C.V."), (0.7, "Factura")],
            [(0.05, "Privada Granada 605"), (0.55, "Expedida el: 14/10/2023")],
            [(0.05, "C.P. 72000, Puebla, Pue."), (0.55, "N.º factura: B-2023-01480")],
            [(0.55, "Fecha de pago: 29/10/2023")], [(0.05, "CLIENTE")], [(0.05, "Montoya, Díaz y Vargas")],
            [(0.05, "C.P. 97000, Mérida, Yuc.")],
            [(0.05, "Descripción"), (0.6, "Cant."), (0.7, "Precio"), (0.85, "Importe")],
            [(0.05, "Mensajería urgente"), (0.6, "8"), (0.7, "124.00"), (0.85, "992.00")],
            [(0.05, "Envío"), (0.6, "1"), (0.7, "15.00"), (0.85, "15.00")],
            [(0.6, sum_label), (0.85, "$1,007.00")], [(0.6, "IVA (16%):"), (0.85, "$161.12")],
            [(0.6, total_label), (0.85, "$1,168.12")], [(0.05, "RFC: WMU115010D8P")]]


@pytest.mark.parametrize("total_label", ["Importe total:", "Saldo pendiente:"])
def test_a_sum_over_the_tax_and_the_total_is_the_subtotal(total_label: str) -> None:
    data = _read(_mexican("Suma:", total_label))
    assert (data["subtotal"], data["tax"], data["total"]) == ("1007.00", "161.12", "1168.12")


def test_a_mexican_invoices_dollar_and_its_issue_date_are_read() -> None:
    data = _read(_mexican("Suma:", "Importe total:"))
    assert data["currency"] == "MXN"
    assert data["invoice_date"] == "2023-10-14"
    assert data["due_date"] == "2023-10-29"


def test_a_sum_that_does_not_add_up_with_the_tax_stays_the_total() -> None:
    """A sum borrowed as the subtotal must add up: "Suma" alone over a tax that does not make a total is the total."""
    rows = [r for r in _mexican("Suma:", "Importe total:") if not any(t == "Importe total:" for _, t in r)]
    data = _read(rows)
    assert data["total"] == "1007.00"
    assert data["subtotal"] is None


@pytest.mark.parametrize(("label", "date"), [("Fällig:", "05.10.2022"), ("Förfaller", "2022-10-05"),
                                             ("Payable le", "2022-10-05"), ("À payer le", "2022-10-05")])
def test_more_due_date_labels_are_read(label: str, date: str) -> None:
    data = _read([[(0.05, "Caspar KG"), (0.6, "Rechnungsdatum: 28.09.2022")], [(0.6, label), (0.8, date)],
                  *_ITEMS, [(0.6, "Gesamt"), (0.85, "100,00")]])
    assert data["due_date"] == "2022-10-05"


@pytest.mark.parametrize("sentence", ["Zahlbar innerhalb von 30 Tagen (fällig am 05.10.2022).",
                                      "Zahlbar innerhalb von 30 Tagen (fällig am 5. Oktober 2022).",
                                      "Payable within 30 days (due 5 October 2022)."])
def test_a_due_date_in_brackets_in_a_footer_sentence_is_read(sentence: str) -> None:
    data = _read([[(0.05, "Caspar KG"), (0.6, "Rechnungsdatum: 05.09.2022")], *_ITEMS,
                  [(0.6, "Gesamt"), (0.85, "100,00")], [(0.05, sentence)]])
    assert data["due_date"] == "2022-10-05"


def test_a_brazilian_title_is_no_issuer() -> None:
    data = _read([[(0.05, "Esteves"), (0.6, "NOTA FISCAL DE SERVIÇO")],
                  [(0.05, "Alameda Araújo, 9, 2972-956 Almada")], [(0.6, "N.º documento 2023-8045")], *_ITEMS,
                  [(0.6, "Valor dos serviços"), (0.85, "100,00 €")], [(0.6, "IVA 23%"), (0.85, "23,00 €")],
                  [(0.6, "Valor total"), (0.85, "123,00 €")]])
    assert data["vendor_name"] == "Esteves"
    assert data["subtotal"] == "100.00"


def test_an_addressed_to_caption_is_no_issuer() -> None:
    data = _read([[(0.05, "Facture")], [(0.05, "Réf. facture"), (0.3, "Émise le")],
                  [(0.05, "366992"), (0.3, "2023-01-16")], [(0.05, "Émetteur"), (0.5, "Adressé à")],
                  [(0.05, "Pelletier and Sons"), (0.5, "Caroline Carrier")],
                  [(0.05, "1481 boulevard Jacques"), (0.5, "863 rue Lalonde")], *_ITEMS,
                  [(0.6, "Total"), (0.85, "100,00")]])
    assert data["vendor_name"] == "Pelletier and Sons"


def test_a_norwegian_table_and_subtotal_and_a_swiss_gp_column_are_read() -> None:
    data = _read([[(0.05, "Berg Elektro AS"), (0.7, "FAKTURA")], [(0.6, "Fakturanr. 2024-118")],
                  [(0.6, "Fakturadato 12.03.2024")],
                  [(0.05, "Beskrivelse"), (0.5, "Ant."), (0.6, "Pris"), (0.7, "MVA %"), (0.85, "GP")],
                  [(0.05, "Tonerkassett svart"), (0.5, "5,00"), (0.6, "39,13"), (0.7, "25%"), (0.85, "195,65")],
                  [(0.6, "Delsum:"), (0.85, "195,65 kr")], [(0.6, "MVA 25 %:"), (0.85, "48,91 kr")],
                  [(0.6, "Totalt:"), (0.85, "244,56 kr")]])
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in data["line_items"]] == [("5.00", "39.13", "195.65")]
    assert data["subtotal"] == "195.65"


def test_a_tax_registration_under_remit_to_is_no_issuer() -> None:
    data = _read([[(0.05, "Mody Prabhakar"), (0.6, "Invoice No BL202305-198")], [(0.6, "Date 25/05/2023")], *_ITEMS,
                  [(0.6, "Amount Due"), (0.85, "₹100.00")],
                  [(0.05, "Remit to: IFSC CKEH0232444 · A/c 696756924174")], [(0.05, "GSTIN 82EGRZN5735A1ZB")]])
    assert data["vendor_name"] == "Mody Prabhakar"


@pytest.mark.parametrize("header", ["# Oggetto", "Descrizione"])
def test_a_rate_in_a_descriptions_own_cell_is_the_descriptions(header: str) -> None:
    data = _read([[(0.05, "Rossi S.r.l."), (0.7, "FATTURA")], [(0.6, "N. fattura 2024/118")],
                  [(0.05, header), (0.5, "Quantità"), (0.62, "P.U."), (0.7, "IVA %"), (0.85, "Importo")],
                  [(0.05, "Corriere espresso"), (0.5, "2"), (0.62, "121,45"), (0.7, "22%"), (0.85, "242,90")],
                  [(0.05, "Sconto 5%"), (0.5, "1"), (0.62, "-12,15"), (0.7, "22%"), (0.85, "-12,15")],
                  [(0.6, "Totale"), (0.85, "230,75")]])
    assert [i["description"] for i in data["line_items"]] == ["Corriere espresso", "Sconto 5%"]


@pytest.mark.parametrize(("second", "name"), [
    ("Malhotra H.No. 890 Shanker Zila, Bengaluru 560001", "Mody, Prabhakar and Malhotra"),
    ("Pederiva Strada Sommaruga, 56", "Pasqua, Tuzzolino e Pederiva")])
def test_a_name_that_goes_on_into_the_address_line_under_it_ends_before_the_address(second: str, name: str) -> None:
    data = _read([[(0.05, name.rsplit(" ", 1)[0]), (0.75, "BILL")], [(0.05, second)], [(0.05, "Tel 05787360289")],
                  [(0.55, "Invoice No BL202305-198")], [(0.55, "Date 25/05/2023")], *_ITEMS,
                  [(0.6, "Amount Due"), (0.85, "100.00")]], heights={0: 0.02})
    assert data["vendor_name"] == name


def test_bars_between_a_rows_fields_end_their_cells_however_close() -> None:
    """ "Belegdatum 23.08.2021 | Beleg-Nr. RE-175422 | Zahlbar bis 13.09.2021", a scan's OCR setting the words
    around each bar as close as a sentence's."""
    from engine.base import Word

    line = "Belegdatum 23.08.2021 | Beleg-Nr. RE-175422 | Zahlbar bis 13.09.2021 | Kunden-Nr. 107299"
    words, x = [], 0.05
    for token in line.split():
        w = 0.002 if token == "|" else len(token) * 0.008  # a bar is a thin stroke
        words.append(Word(text=token, page=0, line=2, bbox=(x, 0.3, x + w, 0.312)))
        x += w + 0.004
    head = layout([[(0.05, "Holl & Böhm AG")], [(0.05, "Rechnung")]])
    rows = layout([[], [], [], *_ITEMS, [(0.6, "Gesamt"), (0.85, "100,00")]], top=0.35)
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=[*head, *words, *[
        w.model_copy(update={"line": w.line + 3}) for w in rows]], target=Invoice)])
    data = result.data
    assert (data["invoice_number"], data["invoice_date"], data["due_date"]) == ("RE-175422", "2021-08-23",
                                                                                 "2021-09-13")


@pytest.mark.parametrize(("label", "number"), [("Reference:", "TL2448"), ("Folio:", "691683")])
def test_a_bare_reference_or_a_folio_names_the_invoice_number_where_nothing_else_does(label: str, number: str) -> None:
    data = _read([[(0.05, "Ruiz-Berry"), (0.7, "BILL")], [(0.05, "Issue date: 2024-09-04")],
                  [(0.05, label), (0.2, number)], [(0.05, "Account #: K0748"), (0.5, "Work order: P-1565")],
                  *_ITEMS, [(0.6, "Total"), (0.85, "100.00")]])
    assert data["invoice_number"] == number


@pytest.mark.parametrize("label", ["Your reference:", "Customer reference:", "Job no.:"])
def test_a_customers_reference_or_a_job_number_is_no_invoice_number(label: str) -> None:
    data = _read([[(0.05, "Ruiz-Berry"), (0.7, "INVOICE")], [(0.05, "Invoice No. 2024-118")],
                  [(0.05, label), (0.25, "P-8645")], *_ITEMS, [(0.6, "Total"), (0.85, "100.00")]])
    assert data["invoice_number"] == "2024-118"


def test_a_date_ocr_cut_into_two_cells_of_its_line_is_read_whole() -> None:
    from engine.base import Word

    base = layout([[(0.05, "Tozzi, Matteotti e Interiano SPA"), (0.75, "FATTURA")],
                   [(0.593, "N. documento:"), (0.8605, "INV-19478")]])
    y = base[-1].bbox[1] + 0.022
    cut = [Word(text="Emessa", page=0, line=2, bbox=(0.593, y, 0.63, y + 0.014)),
           Word(text="il:", page=0, line=2, bbox=(0.636, y, 0.658, y + 0.014)),
           Word(text="23", page=0, line=2, bbox=(0.835, y, 0.849, y + 0.014)),
           Word(text="marzo", page=0, line=2, bbox=(0.866, y, 0.9005, y + 0.014)),
           Word(text="2024", page=0, line=2, bbox=(0.9055, y, 0.9345, y + 0.014))]
    # the next line's cells start where the cut date's parts do (a grid the OCR stage cuts lines on)
    rows = [w.model_copy(update={"line": w.line + 3}) for w in layout([
        [(0.593, "Data scadenza:"), (0.835, "22 aprile 2024")], *_ITEMS, [(0.6, "Totale"), (0.85, "100,00")]],
        top=y + 0.022)]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=[*base, *cut, *rows], target=Invoice)])
    assert result.data["invoice_date"] == "2024-03-23"


def test_a_brazilian_service_invoices_taker_is_the_customer() -> None:
    """ "Emitente | Tomador": the taker of the services is who is billed, the issuer is under "Emitente"."""
    data = _read([[(0.05, "Fatura-Recibo"), (0.7, "da Luz")], [(0.05, "Número"), (0.3, "Data de emissão")],
                  [(0.05, "352.855.365"), (0.3, "12 de outubro de 2022")], [(0.05, "Emitente"), (0.5, "Tomador")],
                  [(0.05, "da Luz"), (0.5, "Alves")], [(0.05, "Feira Moura, 480"), (0.5, "Chácara Macedo, 4")],
                  *_ITEMS, [(0.6, "Total"), (0.85, "R$ 100,00")]])
    assert data["vendor_name"] == "da Luz"


def _footer_invoice(title: str, bill_to: str, grid: list[tuple[str, str]], footer: str, rows: list | None = None
                    ) -> list:
    """An invoice that names its issuer only in its footer: a title, the customer, a grid of references whose
    small captions stand over their values, the items, the totals."""
    out: list = [[(0.05, title)], [(0.05, bill_to)], [(0.05, "Skyline Software A/S")], [(0.05, "Nørregade 177")],
                 [(0.05, "5000 Odense C")]]
    heights: dict[int, float] = {}
    for k in range(0, len(grid), 2):
        pair = grid[k:k + 2]
        heights[len(out)] = 0.008
        out.append([(0.5 + 0.2 * j, caption) for j, (caption, _) in enumerate(pair)])
        out.append([(0.5 + 0.2 * j, value) for j, (_, value) in enumerate(pair)])
    out += [[(0.05, "Beskrivelse"), (0.6, "Antal"), (0.7, "Pris"), (0.85, "Beløb")], *(rows or [
        [(0.05, "Kaffebønner 1 kg"), (0.6, "10"), (0.7, "180,00"), (0.85, "1.800,00")]]),
        [(0.6, "I alt ekskl. moms"), (0.85, "1.800,00")], [(0.6, "Moms 25%"), (0.85, "450,00")],
        [(0.6, "Total inkl. moms"), (0.85, "2.250,00 kr.")], [(0.05, footer)]]
    return [out, heights]


def test_an_issuer_named_only_in_the_footer_is_no_caption_of_the_references_grid() -> None:
    """"Kundenr." and "Ordrenr." are small captions over their values, no name; the footer names the issuer."""
    rows, heights = _footer_invoice("Faktura", "Kunde", [("Fakturanr.", "772542"), ("Fakturadato", "15.06.2023"),
                                                         ("Kundenr.", "47510"), ("Ordrenr.", "PO39316")],
                                    "Grossisten Nord A/S · Vestergade 100, 9000 Aalborg · CVR-nr. 97503081",
                                    rows=[[(0.05, "Servietter 33 cm"), (0.6, "10"), (0.7, "180,00"),
                                           (0.85, "1.800,00")]] * 20)
    data = _read(rows, heights)
    assert data["vendor_name"] == "Grossisten Nord A/S"
    assert data["invoice_number"] == "772542"


def test_an_item_weighed_in_a_unit_that_reads_as_a_legal_form_is_no_footers_name() -> None:
    """"Kaffebønner 1 kg": KG is a German company's form, but here a unit after a figure, on a priced row."""
    rows, heights = _footer_invoice("Faktura", "Kunde", [("Fakturanr.", "772542"), ("Fakturadato", "15.06.2023")],
                                    "Tak for handlen · Vestergade 100, 9000 Aalborg",
                                    rows=[[(0.05, "Servietter 33 cm"), (0.6, "10"), (0.7, "180,00"),
                                           (0.85, "1.800,00")]] * 20
                                    + [[(0.05, "Kaffebønner 1 kg"), (0.6, "10"), (0.7, "180,00"), (0.85, "1.800,00")]])
    assert _read(rows, heights)["vendor_name"] != "Kaffebønner 1 kg"


@pytest.mark.parametrize(("title", "bill_to"), [("Nota de Serviço", "Destinatário"), ("Factura", "Receptor"),
                                              ("CFDI – Comprobante", "Cliente")])
def test_a_service_notes_title_and_a_receiver_are_no_issuer(title: str, bill_to: str) -> None:
    rows, heights = _footer_invoice(title, bill_to, [("Fatura nº", "INV-53628"), ("Data de emissão", "03/01/2025")],
                                    "Nuvem Sistemas Ltda. · Avenida Brasil 175, 80010-000 Curitiba - PR")
    assert _read(rows, heights)["vendor_name"] == "Nuvem Sistemas Ltda."


def test_swiss_totals_wordings_are_read() -> None:
    data = _read([[(0.05, "Helvetic Cloud GmbH")], [(0.05, "Rechnung")], [(0.6, "Rechnungsnummer:"), (0.8, "INV-84570")],
                  [(0.6, "Rechnungsdatum:"), (0.8, "19.10.2023")], *_ITEMS,
                  [(0.6, "Zwischentotal"), (0.85, "CHF 100.00")], [(0.6, "MWST 8.1%"), (0.85, "CHF 8.10")],
                  [(0.6, "Rechnungstotal"), (0.85, "CHF 108.10")]])
    assert (data["subtotal"], data["tax"], data["total"]) == ("100.00", "8.10", "108.10")


def test_a_mark_of_ink_in_a_description_cell_is_no_description() -> None:
    """A scan's line of print OCR lost, taken for a mark of ink: the row keeps its figures and no description, so
    that it goes to review, never with the mark as its text."""
    data = _read([[(0.05, "Nuvola Software S.r.l.")], [(0.05, "Fattura n."), (0.3, "INV-54452")],
                  [(0.05, "Data fattura"), (0.3, "05/11/2023")],
                  [(0.05, "Descrizione"), (0.6, "Q.tà"), (0.7, "Prezzo"), (0.85, "Totale")],
                  [(0.05, "Piano Team"), (0.6, "33"), (0.7, "14,35"), (0.85, "473,55")],
                  [(0.05, "\u270d"), (0.6, "9"), (0.7, "13,96"), (0.85, "125,64")],
                  [(0.6, "Totale"), (0.85, "599,19")]])
    assert [i.get("description") for i in data["line_items"]] == ["Piano Team", None]
