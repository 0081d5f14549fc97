"""Line-item tables headed and wrapped as invoicing tools print them, and totals' labels as OCR cuts them: a
"G-Preis" or "Prestation" column, a description a narrow column wraps onto a second line, a rate in brackets
split from its percent sign, a reference number beside a "#" column."""

from __future__ import annotations

import pytest

import engine.tables as tables
from engine.base import SIGNATURE_MARK, EngineRequest, Word
from engine.registry import create_engine
from engine.spans import find_spans
from pipeline.layout import RawWord, split_glued_word
from schemas import Invoice, Receipt
from tests.layout import CHAR_W, layout

_ENGINE = create_engine("baseline")


def _read_words(words: list[Word], target=Invoice) -> dict:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=words, target=target)])
    return result.data


def _read(rows: list, target=Invoice, leading: float | None = None) -> dict:
    return _read_words(layout(rows, leading=leading), target)


def _invoice(header: tuple[str, str, str, str, str], items: list, totals: list) -> list:
    """A PDF-library invoice: code, description, unit price, quantity, amount (price before quantity)."""
    xs = (0.05, 0.2, 0.55, 0.7, 0.82)
    return [[(0.05, "Fliegner GmbH")], [(0.05, "Meral-Barth-Ring 9, 31803 Weimar")], [(0.05, "Rechnung")],
            [(0.05, "Rechnungsnummer"), (0.3, "1972")], [(0.05, "Belegdatum"), (0.3, "29.12.2024")],
            [(x, h) for x, h in zip(xs, header, strict=True)],
            *[[(x, c) for x, c in zip(xs, row, strict=True) if c] for row in items], *totals]


_TOTALS = [[(0.6, "Nettobetrag"), (0.82, "346,84 €")], [(0.6, "zzgl. 19 % MwSt."), (0.82, "65,90 €")],
           [(0.6, "Zu zahlen"), (0.82, "412,74 €")]]


@pytest.mark.parametrize("amount", ["G-Preis", "Gesamtpreis", "Ges.-Preis"])
def test_an_abbreviated_amount_column_is_read(amount: str) -> None:
    items = [("K-43230", "Fotoshooting", "40,70 €", "8", "325,60 €"), ("A-60627", "Schulung", "21,24 €", "1", "21,24 €")]
    data = _read(_invoice(("Art.-Nr.", "Bezeichnung", "Einzelpreis", "Anzahl", amount), items, _TOTALS))
    assert [(i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in data["line_items"]] == [
        ("Fotoshooting", "8", "40.70", "325.60"), ("Schulung", "1", "21.24", "21.24")]


@pytest.mark.parametrize("header", ["Prestation", "Beschrijving", "Bezeichnung"])
def test_a_description_wrapped_under_its_column_heading_is_read_whole(header: str) -> None:
    items = [("HW-96376", "Fauteuil de bureau ergonomique,", "325,60 €", "1", "325,60 €"),
             ("", "dossier résille", "", "", ""), ("A-60627", "Multiprise 4 prises", "21,24 €", "1", "21,24 €")]
    data = _read(_invoice(("Code", header, "PU", "Qté.", "Total"), items, _TOTALS), leading=1.3)  # lines set close
    assert [i["description"] for i in data["line_items"]] == ["Fauteuil de bureau ergonomique, dossier résille",
                                                              "Multiprise 4 prises"]


def test_two_descriptions_wrapped_where_their_column_ends_are_read_whole() -> None:
    """Two lines under rows, neither reading on from its line (a German noun after an adjective), but neither first
    word would have fitted on the line above within the table's widest description, and each would have run into
    the column's last sixth: each is its row's rest."""
    items = [("X-1", "Sechskantschrauben M8 verzinkt", "1,99 €", "4", "7,96 €"),
             ("X-2", "Fotoshooting mit einer digitaler", "75,30 €", "2", "150,60 €"),
             ("", "Übergabe", "", "", ""),
             ("X-3", "Gartenpflege inkl. Entsorgung", "94,14 €", "2", "188,28 €"),
             ("", "Grünschnitt", "", "", "")]
    data = _read(_invoice(("Art.-Nr.", "Bezeichnung", "Einzelpreis", "Anzahl", "Betrag"), items, _TOTALS),
                 leading=1.3)
    assert [i["description"] for i in data["line_items"]] == [
        "Sechskantschrauben M8 verzinkt", "Fotoshooting mit einer digitaler Übergabe",
        "Gartenpflege inkl. Entsorgung Grünschnitt"]


def test_a_rate_in_brackets_read_apart_from_its_percent_sign_labels_the_tax() -> None:
    """OCR gives "TVA (21 %):" as "TVA", "(21" and "%):"; the three are one label."""
    words = layout([[(0.05, "Bazin SPRL")], [(0.05, "Facture")], [(0.05, "Réf. facture:"), (0.25, "8599")],
                    [(0.05, "Date de facture:"), (0.25, "19/07/2023")],
                    [(0.05, "N°"), (0.1, "Libellé"), (0.55, "Qté"), (0.65, "Prix unitaire"), (0.82, "Montant HT")],
                    [(0.05, "1"), (0.1, "Prestation de conseil"), (0.55, "4"), (0.65, "368,71 €"), (0.82, "1 474,84 €")],
                    [(0.6, "Total hors taxes:"), (0.82, "1 474,84 €")], [(0.6, "TVA"), (0.82, "309,72 €")],
                    [(0.6, "Net à payer:"), (0.82, "1 784,56 €")]])
    tax_line = [w for w in words if w.text == "TVA"][0]
    rate = [Word(text="(21", page=0, line=tax_line.line, bbox=(0.64, tax_line.bbox[1], 0.64 + 3 * CHAR_W,
                                                                 tax_line.bbox[3])),
            Word(text="%):", page=0, line=tax_line.line, bbox=(0.64 + 4 * CHAR_W, tax_line.bbox[1],
                                                                 0.64 + 7 * CHAR_W, tax_line.bbox[3]))]
    k = words.index(tax_line) + 1
    words = words[:k] + rate + words[k:]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=words, target=Invoice)])
    assert (result.data["invoice_number"], result.data["tax"], result.data["total"]) == ("8599", "309.72", "1784.56")


def test_a_reference_label_is_read_before_a_number_columns_sign() -> None:
    """ "Réf. facture" names the number; the table's "#" column and its row number "1" do not."""
    data = _read([[(0.05, "Facture"), (0.5, "Pineau Sanchez SARL")], [(0.5, "6000 Charleroi")],
                  [(0.05, "Réf. facture"), (0.25, "RE-660536")], [(0.05, "Date de facture"), (0.25, "02.07.2022")],
                  [(0.05, "#"), (0.1, "Prestation"), (0.55, "Qté"), (0.65, "Prix unitaire"), (0.82, "Montant")],
                  [(0.05, "1"), (0.1, "Ensemble clavier et souris"), (0.55, "2"), (0.65, "45,99"), (0.82, "91,98")],
                  [(0.6, "Total TTC"), (0.82, "91,98 €")]])
    assert data["invoice_number"] == "RE-660536"


def test_a_phone_line_under_a_shops_address_is_not_part_of_it() -> None:
    data = _read([[(0.3, "Gaspar")], [(0.3, "Rua Simões, 12")], [(0.3, "2676-486 Almada")],
                  [(0.3, "Telef. (351) 938 155 972")], [(0.3, "24 de maio de 2024 11:57:44")],
                  [(0.05, "Azeite 1 L"), (0.7, "10,22")], [(0.05, "TOTAL"), (0.7, "10,22")],
                  [(0.05, "Multibanco"), (0.7, "10,22")]], target=Receipt)
    assert data["merchant_address"] == "Rua Simões, 12, 2676-486 Almada"


@pytest.mark.parametrize(("glued", "parts"), [("Belegdatum23.08.2021", ["Belegdatum", "23.08.2021"]),
                                              ("Date12/03/2024", ["Date", "12/03/2024"]),
                                              ("Lieferdatum1.234,56", ["Lieferdatum1.234,56"]),
                                              ("ABC23.08.2021", ["ABC23.08.2021"])])
def test_a_dates_label_ocr_ran_into_the_date_is_split(glued: str, parts: list[str]) -> None:
    assert [w.text for w in split_glued_word(RawWord(glued, 0, 0, 100, 10))] == parts


def test_two_rates_and_a_charge_between_the_subtotal_and_the_total_make_the_tax() -> None:
    """Zwischensumme, then "Porto und Verpackung", then one VAT line per rate: the rates' sum is the tax."""
    items = [("K-1", "Fotoshooting", "40,70 €", "8", "325,60 €"), ("A-2", "Schulung", "21,24 €", "1", "21,24 €")]
    totals = [[(0.6, "Zwischensumme:"), (0.82, "346,84 EUR")], [(0.6, "Porto und Verpackung:"), (0.82, "9,99 EUR")],
              [(0.6, "USt. 20 %:"), (0.82, "65,12 EUR")], [(0.6, "USt. 10 %:"), (0.82, "2,12 EUR")],
              [(0.6, "MwSt. gesamt:"), (0.82, "67,24 EUR")], [(0.6, "Gesamtbetrag:"), (0.82, "424,07 EUR")]]
    data = _read(_invoice(("Art.-Nr.", "Bezeichnung", "Einzelpreis", "Anzahl", "Betrag"), items, totals))
    assert (data["subtotal"], data["tax"], data["total"]) == ("346.84", "67.24", "424.07")


def test_an_abbreviated_number_label_written_as_one_word_names_the_number() -> None:
    """ "Inv.No. A37878 | Invoice date …" on one line: "Inv.No." is the label, not a word of a text with the number."""
    data = _read([[(0.05, "Sales Invoice"), (0.6, "Bell Inc")], [(0.6, "123 Davila Circles, New Monicaville")],
                  [(0.05, "Inv.No. A37878 | Invoice date 04/29/2024 | Due 06/28/2024")],
                  [(0.05, "Pos."), (0.15, "Services"), (0.55, "Units"), (0.65, "Unit Price"), (0.82, "Line Total")],
                  [(0.05, "1"), (0.15, "Project management"), (0.55, "1"), (0.65, "3.11"), (0.82, "3.11")],
                  [(0.6, "Total"), (0.82, "3.11")]])
    assert data["invoice_number"] == "A37878"


def test_a_documents_piece_number_is_its_number_not_a_rows_position() -> None:
    data = _read([[(0.05, "GS Garcia S.A.R.L."), (0.7, "Facture")], [(0.05, "89, rue Agnès Regnier, 97150 Traorenec")],
                  [(0.05, "N° pièce"), (0.3, "N° client"), (0.5, "Date d'émission")],
                  [(0.05, "INV-2024-7470"), (0.3, "C-58260"), (0.5, "18 mars 2024")],
                  [(0.05, "N°"), (0.1, "Libellé"), (0.55, "Qté/h"), (0.65, "Prix unitaire"), (0.82, "Total HT")],
                  [(0.05, "1"), (0.1, "Écran 27 pouces"), (0.55, "4,5"), (0.65, "11,15"), (0.82, "50,18")],
                  [(0.6, "Total TTC"), (0.82, "50,18 €")]])
    assert data["invoice_number"] == "INV-2024-7470"


def test_a_logos_monogram_before_a_joined_name_is_left_out() -> None:
    """ "OG O'Hara-Groogan": the monogram's letters are the initials of the name's parts."""
    data = _read([[(0.05, "OG O'Hara-Groogan"), (0.6, "T (336)284-2517")], [(0.05, "31 May Street")],
                  [(0.05, "Drogheda A92 KX23")], [(0.05, "Sales Invoice")], [(0.05, "Invoice No."), (0.3, "7731")],
                  [(0.05, "Invoice Date"), (0.3, "05/11/2022")],
                  [(0.05, "Item"), (0.2, "Description"), (0.55, "Unit Cost"), (0.7, "Quantity"), (0.82, "Line Total")],
                  [(0.05, "K-1"), (0.2, "Printer paper"), (0.55, "€5.00"), (0.7, "2"), (0.82, "€10.00")],
                  [(0.6, "Total"), (0.82, "€10.00")]])
    assert data["vendor_name"] == "O'Hara-Groogan"


def _polish(number_label: str) -> list:
    return [[(0.05, "Faktura")], [(0.05, "Sprzedawca"), (0.5, "Kupujący")],
            [(0.05, "Kowalczyk & Grabowski S.A."), (0.5, "Kwiatkowski S.A.")],
            [(0.05, "Data wystawienia"), (0.38, number_label), (0.65, "Termin zapłaty")],
            [(0.05, "05.06.2025"), (0.38, "FA202518729"), (0.65, "19.06.2025")],
            [(0.05, "Nr"), (0.1, "Kod"), (0.2, "Towar/usługa"), (0.6, "Ilość"), (0.7, "Cena jedn."),
             (0.82, "Wartość netto")],
            [(0.05, "1"), (0.1, "TZ-8633"), (0.2, "Usługa doradcza"), (0.6, "8,5"), (0.7, "284,67"), (0.82, "2 419,70")],
            [(0.05, "2"), (0.1, "75818"), (0.2, "Robocizna"), (0.6, "1"), (0.7, "103,31"), (0.82, "103,31")],
            [(0.55, "Razem do zapłaty"), (0.82, "2 523,01")]]


@pytest.mark.parametrize("label", ["Nr dokumentu", "Numer dokumentu"])
def test_a_polish_document_number_is_the_invoice_number(label: str) -> None:
    assert _read(_polish(label))["invoice_number"] == "FA202518729"


def test_a_row_number_under_an_item_tables_number_column_is_no_invoice_number() -> None:
    """With no label naming the document's number, the "Nr" heading an item table's column of positions does not
    name it either: the "1" under it is the first row's."""
    assert _read(_polish("Odbiorca"))["invoice_number"] != "1"


def test_a_descriptions_rest_beside_a_sidebars_line_is_read() -> None:
    """A sidebar runs down the page's left beside the table: its "Compte 5322639" stands on the line of a
    description's wrapped rest, which is still the row's."""
    data = _read([[(0.04, "Lachance SENC"), (0.7, "Facture")], [(0.3, "Réf. facture INV-36640")],
                  [(0.04, "RT0001"), (0.3, "CODE"), (0.395, "DÉSIGNATION"), (0.73, "P.U."), (0.776, "QTÉ"),
                   (0.87, "MONTANT")],
                  [(0.04, "Transit 50868"), (0.3, "AX15464"), (0.395, "Rédaction de la plaquette commerciale,"),
                   (0.706, "1409,60"), (0.8, "1,00"), (0.887, "1409,60")],
                  [(0.04, "Compte 5322639"), (0.395, "deux allers-retours inclus")],
                  [(0.04, "Banque"), (0.3, "AX27832"), (0.395, "Licence logiciel 12 mois"), (0.733, "5,00"),
                   (0.8, "1,00"), (0.914, "5,00")],
                  [(0.61, "Total HT"), (0.894, "1414,60")]], leading=1.3)
    assert [i["description"] for i in data["line_items"]] == [
        "Rédaction de la plaquette commerciale, deux allers-retours inclus", "Licence logiciel 12 mois"]


@pytest.mark.parametrize(("price", "quantity"), [("Ansatz", "Anzahl"), ("Einzelpreis", "Hoev.")])
def test_a_swiss_rate_and_a_dutch_abbreviated_quantity_head_their_columns(price: str, quantity: str) -> None:
    items = [("K-43230", "Fotoshooting", "40,70 €", "8", "325,60 €"), ("A-60627", "Schulung", "21,24 €", "1", "21,24 €")]
    data = _read(_invoice(("Art.-Nr.", "Bezeichnung", price, quantity, "Betrag"), items, _TOTALS))
    assert [(i["quantity"], i["unit_price"]) for i in data["line_items"]] == [("8", "40.70"), ("1", "21.24")]


def test_a_price_label_set_close_after_the_quantitys_keeps_its_last_word_and_unit() -> None:
    """"Qté  Prix unitaire HT (EUR)" in one cell: "HT" and the currency after it are the price's label, so the
    prices under the currency are no decoy column's."""
    rows = [[(0.05, "Pixelhafen SARL")], [(0.05, "Facture"), (0.5, "N° F-2024-118")], [(0.5, "Date 04/01/2024")],
            [(0.05, "Réf."), (0.2, "Désignation"), (0.55, "Qté"), (0.586, "Prix unitaire HT"), (0.715, "(EUR)"),
             (0.8, "Montant HT")],
            [(0.05, "13806"), (0.2, "Laser printer A4"), (0.56, "1"), (0.707, "318,06"), (0.82, "318,06")],
            [(0.05, "51329"), (0.2, "Notebook Korvex"), (0.56, "5"), (0.699, "1173,63"), (0.82, "5868,15")],
            [(0.6, "Total HT"), (0.82, "6186,21")]]
    data = _read(rows)
    assert [(i["quantity"], i["unit_price"]) for i in data["line_items"]] == [("1", "318.06"), ("5", "1173.63")]
    # the two labels alone in their cell, no word left over ("Qté  Prix")
    rows[3] = [(0.05, "Réf."), (0.2, "Désignation"), (0.55, "Qté"), (0.586, "Prix"), (0.8, "Montant HT")]
    assert [i["quantity"] for i in _read(rows)["line_items"]] == ["1", "5"]



def test_a_label_of_two_header_lines_read_as_one_lends_no_word_to_its_neighbour() -> None:
    """A text layer's header "Prix" over "unitaire HT (EUR)", with "Qté" set between them in one line of words: the
    labels overlap, so "unitaire HT" is no rest of "Qté" (which would make the prices counts)."""
    lines = [(0.06, [("Kabelwerk", 0.08, 0.15), ("Systems", 0.155, 0.21), ("EURL", 0.215, 0.25)]),
             (0.15, [("N°", 0.6, 0.62), ("de", 0.625, 0.64), ("facture", 0.645, 0.7), ("RE-2025-06177", 0.75, 0.86)]),
             (0.376, [("Réf.", 0.091, 0.121), ("Code", 0.134, 0.172), ("Désignation", 0.231, 0.322),
                      ("Prix", 0.621, 0.651), ("Qté", 0.629, 0.656), ("unitaire", 0.656, 0.715), ("HT", 0.72, 0.74),
                      ("(EUR)", 0.745, 0.784), ("Montant", 0.792, 0.846), ("HT", 0.851, 0.871),
                      ("(EUR)", 0.876, 0.919)]),
             (0.3945, [("1", 0.091, 0.1), ("82889-87", 0.134, 0.203), ("Wall-mount", 0.231, 0.313),
                       ("rack", 0.318, 0.348), ("3", 0.648, 0.657), ("190,53", 0.74, 0.79), ("571,59", 0.872, 0.922)]),
             (0.4277, [("2", 0.091, 0.1), ("60589-47", 0.134, 0.203), ("SSD", 0.231, 0.26), ("10", 0.639, 0.657),
                       ("126,65", 0.741, 0.79), ("1", 0.859, 0.868), ("266,50", 0.872, 0.922)]),
             (0.47, [("Total", 0.75, 0.79), ("HT", 0.795, 0.81), ("1", 0.859, 0.868), ("838,09", 0.872, 0.922)])]
    words = [Word(text=t, line=k, bbox=(x0, top, x1, top + 0.0117)) for k, (top, line) in enumerate(lines)
             for t, x0, x1 in line]
    items = _read_words(words)["line_items"]
    assert [(i["quantity"], i["unit_price"]) for i in items] == [("3", "190.53"), ("10", "126.65")]


def test_labels_going_on_under_the_header_are_no_totals_line() -> None:
    """A header whose labels wrap in their cells ("Cena jedn." over "netto", "Wartość" over "netto (PLN)"): the
    second line reads like a totals line, yet is the rest of the labels, so the rows under it are the items."""
    rows = [[(0.08, "Wisła Serwis S.A.")], [(0.57, "Numer faktury"), (0.73, "202507-607")],
            [(0.57, "Data wystawienia"), (0.73, "07.07.2025")],
            [(0.086, "Nazwa towaru lub usługi"), (0.618, "Ilość"), (0.689, "Cena jedn."), (0.847, "Wartość")]]
    rows += [[(0.73, "netto"), (0.816, "netto (PLN)")],
             [(0.085, "Krzesło biurowe ergonomiczne"), (0.646, "5"), (0.713, "1 070,40"), (0.846, "5 352,00")],
             [(0.084, "Kabel sieciowy Cat6 5 m"), (0.644, "3"), (0.739, "35,89"), (0.861, "107,67")],
             [(0.669, "Razem netto"), (0.803, "5 459,67 PLN")], [(0.696, "VAT 23 %"), (0.803, "1 255,72 PLN")],
             [(0.633, "Razem brutto"), (0.803, "6 715,39 PLN")]]
    items = _read(rows, leading=1.4)["line_items"]  # the labels' lines a line's leading apart
    assert [(i["description"], i["quantity"], i["amount"]) for i in items] == [
        ("Krzesło biurowe ergonomiczne", "5", "5352.00"), ("Kabel sieciowy Cat6 5 m", "3", "107.67")]


def _gst_invoice(qty_x: float, items: list) -> list:
    """An Indian GST invoice's table: the HSN/SAC code's label set close before the quantity's."""
    return [[(0.05, "Indus Valley Infotech LLP")], [(0.05, "131, FC Road, Bengaluru - 560054")],
            [(0.55, "Invoice No."), (0.75, "INV/2024/7808")], [(0.55, "Invoice Date"), (0.75, "25-10-2024")],
            [(0.05, "Description"), (0.5, "HSN/SAC Qty"), (0.68, "Unit Price"), (0.85, "Amount")],
            *[[(0.05, d), (0.5, code), (qty_x, q), (0.7, p), (0.85, a)] for d, code, q, p, a in items],
            [(0.6, "Subtotal"), (0.85, "6,339.55")], [(0.6, "CGST @ 9%"), (0.85, "570.56")],
            [(0.6, "SGST @ 9%"), (0.85, "570.56")], [(0.6, "Total"), (0.85, "7,480.67")]]


def test_a_codes_label_set_close_before_the_quantitys_heads_a_column_of_its_own() -> None:
    """`HSN/SAC Qty` is two labels: the codes under `HSN/SAC` are no quantities, whatever the quantity is written
    as (`1,000`, `2.5`)."""
    items = [("Safety gloves size L", "998313", "15", "416.69", "6,250.35"),
             ("Website maintenance", "9403", "1,000", "0.0892", "89.20")]
    data = _read(_gst_invoice(0.56, items))
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in data["line_items"]] == [
        ("15", "416.69", "6250.35"), ("1000", "0.0892", "89.20")]


def test_a_quantity_whose_thousands_a_space_sets_apart_is_one_number() -> None:
    """`5 000` and `1 000` in the quantity column (a French invoice's thousands) are five and one thousand, not
    `000`."""
    xs = (0.05, 0.55, 0.68, 0.85)
    rows = [[(0.05, "Atelier Services SAS")], [(0.05, "136 rue Victor Hugo, 69006 Lyon")],
            [(0.55, "N° de facture:"), (0.75, "2024-7403")], [(0.55, "Date de facture:"), (0.75, "21/03/2024")],
            [(x, h) for x, h in zip(xs, ("Désignation", "Qté", "Prix unitaire HT", "Montant HT"), strict=True)],
            [(0.05, "Formation du personnel"), (0.555, "21"), (0.68, "12,00"), (0.85, "252,00")],
            [(0.05, "Étiquettes adhésives"), (0.55, "5 000"), (0.68, "0,0533"), (0.85, "266,50")],
            [(0.05, "Maintenance annuelle"), (0.55, "1 000"), (0.68, "0,0598"), (0.85, "59,80")],
            [(0.6, "Total HT"), (0.85, "578,30")], [(0.6, "TVA 20%"), (0.85, "115,66")],
            [(0.6, "Total TTC"), (0.85, "693,96")]]
    data = _read(rows)
    assert [(i["quantity"], i["unit_price"]) for i in data["line_items"]] == [
        ("21", "12.00"), ("5000", "0.0533"), ("1000", "0.0598")]


def test_a_row_centred_on_a_two_line_description_under_a_centred_label_is_read() -> None:
    """An HTML table: `#` over the position numbers, "Bezeichnung" centred over a description set left in its cell
    (left of the label), and a row whose description holds the article's code on a second line, its figures set
    to the cell's middle, between the two lines: one row, named by the first line. A description whose end
    reaches under the label ("Cable Ties" left of it, "200 mm 76x76 (12)" under it) is one description."""
    rows = [[(0.1, "Becker & Schneider SA")], [(0.55, "Rechnungsnummer"), (0.75, "FV/9349/05/2025")],
            [(0.55, "Rechnungsdatum"), (0.75, "12.05.2025")],
            [(0.11, "#"), (0.24, "Bezeichnung"), (0.49, "Menge"), (0.64, "Einzelpreis"), (0.86, "Betrag")],
            [(0.145, "Whiteboard 120x90")],
            [(0.1, "1"), (0.53, "3"), (0.675, "140.57"), (0.826, "CHF 421.71")],
            [(0.145, "SKU PR-912")],
            [(0.1, "2"), (0.145, "Cable Ties"), (0.23, "200 mm 76x76 (12)"), (0.53, "2"), (0.69, "9.50"),
             (0.834, "CHF 19.00")],
            [(0.2, "Nettobetrag"), (0.826, "CHF 440.71")], [(0.2, "Gesamtbetrag"), (0.826, "CHF 440.71")]]
    words = layout(rows)
    top = {w.line: w.bbox[1] for w in words}
    shift = {5: top[4] + 0.6 * 0.012 - top[5], 6: top[4] + 1.2 * 0.012 - top[6]}  # the cell's three lines close
    words = [w.model_copy(update={"bbox": (w.bbox[0], w.bbox[1] + shift[w.line], w.bbox[2], w.bbox[3] + shift[w.line])})
             if w.line in shift else w for w in words]
    data = _ENGINE.extract_batch([EngineRequest(id="d", words=words, target=Invoice)])[0].data
    assert [(i["description"], i["quantity"], i["amount"]) for i in data["line_items"]] == [
        ("Whiteboard 120x90", "3", "421.71"), ("Cable Ties 200 mm 76x76 (12)", "2", "19.00")]



@pytest.mark.parametrize("code", ["Art.-Nr. 41366", "Art .-Nr. 21464", "Art.Nr. 10600", "SKU PR-912"])
def test_an_article_number_whose_stop_a_text_layer_set_apart_is_a_code(code: str) -> None:
    """ "Art .-Nr. 21464" under an item (a PostScript print's text layer put a space before the stop) is the
    item's code, as "Art.-Nr. 41366" is: no rest of its description where its figures' line is joined to it."""
    assert tables._article_code(find_spans(layout([[(0.1, code)]])))



def _at(lines: list[tuple[float, list[tuple[str, float, float]]]], height: float = 0.01) -> list[Word]:
    """Words at their places: each line's top, and its words with their left and right edges."""
    return [Word(text=t, line=n, bbox=(x0, top, x1, top + height))
            for n, (top, words) in enumerate(lines) for t, x0, x1 in words]


def test_figures_set_right_between_labels_set_left_fall_in_the_cells_the_labels_start() -> None:
    """An HTML table whose labels stand at the left of their cells and whose figures at the right, nearer the next
    label than their own, or under none ("Menge" over "4 h" set right, past its label; "Einzelpreis (CHF)" over
    "77.57" set right, short of "Gesamt"): each figure is the column's whose label starts its cell."""
    figures = {"4 h": "310.28", "3.5 h": "185.19", "16.5 h": "641.85", "10 Stück": "389.00", "12 h": "730.80"}
    starts = {"4 h": 0.569, "3.5 h": 0.557, "16.5 h": 0.548, "10 Stück": 0.532, "12 h": 0.561}
    prices = {"4 h": "77.57", "3.5 h": "52.91", "16.5 h": "38.90", "10 Stück": "38.90", "12 h": "60.90"}
    lines = [(0.05, [("Alpina", 0.1, 0.15), ("AG", 0.155, 0.175)]),
             (0.1, [("Rechnung", 0.6, 0.67), ("RE-118", 0.8, 0.85)]),
             (0.12, [("Datum", 0.6, 0.64), ("14.03.2025", 0.8, 0.87)]),
             (0.30, [("Bezeichnung", 0.096, 0.172), ("Menge", 0.499, 0.541), ("Einzelpreis", 0.607, 0.671),
                     ("(CHF)", 0.674, 0.708), ("Gesamt", 0.777, 0.823), ("(CHF)", 0.826, 0.86)]),
             (0.327, [("Wartungsvertrag", 0.096, 0.211), ("Heizung", 0.214, 0.27), ("277.90", 0.857, 0.904)])]
    for k, (count, amount) in enumerate(figures.items()):
        n, unit = count.split()
        x = starts[count]
        lines.append((0.352 + 0.025 * k, [("Service", 0.096, 0.15), (n, x, 0.578), (unit, 0.582, 0.59),
                                           (prices[count], 0.722, 0.761), (amount, 0.857, 0.904)]))
    lines.append((0.5, [("Total", 0.6, 0.64), ("2534.57", 0.857, 0.904)]))
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=_at(lines), target=Invoice)])
    assert [(i["quantity"], i["unit_price"]) for i in result.data["line_items"]] == [
        (None, None), *((c.split()[0], prices[c]) for c in figures)]


@pytest.mark.parametrize("unit", ["Unit", "UoM", "Einheit", "J.m.", "Un.", "Eenh."])
def test_a_unit_label_set_close_between_two_columns_labels_is_a_column_of_its_own(unit: str) -> None:
    """ "Qty  Unit Unit Price Amount (USD)", the labels less than two spaces apart (Graphviz's table cells), so one
    span that two columns' labels share: the units under the unit's label ("pcs", "hrs") are no item's description."""
    cw = CHAR_W
    x_unit = 0.6
    x_price = x_unit + (len(unit) + 1.6) * cw  # 1.6 characters apart; a span's words are 0.7 apart
    x_amount = x_price + (len("Unit Price") + 1.6) * cw
    rows = [[(0.05, "Prairie Oak Inc."), (0.7, "INVOICE")], [(0.05, "94 Old Mill Rd, 27616 Raleigh, NC")],
            [(0.55, "Invoice No.: F2025/0666")], [(0.55, "Invoice Date: 01/11/2025")],
            [(0.05, "#"), (0.08, "Description"), (0.52, "Qty"), (x_unit, unit), (x_price, "Unit Price"),
             (x_amount, "Amount (USD)")],
            [(0.05, "1"), (0.08, "Emulsion paint matt white 10 L"), (0.54, "8"), (0.6, "pcs"), (x_price, "52.99"),
             (x_amount + 0.02, "423.92")],
            [(0.05, "2"), (0.08, "Annual software maintenance licence"), (0.54, "1"), (x_price, "895.27"),
             (x_amount + 0.02, "895.27")],
            [(0.05, "3"), (0.08, "Consulting services"), (0.54, "4"), (0.6, "hrs"), (x_price, "135.72"),
             (x_amount + 0.02, "542.88")],
            [(0.62, "Subtotal"), (0.85, "1,862.07")], [(0.62, "Total"), (0.85, "1,862.07")]]
    data = _read(rows)
    assert [(i["description"], i["quantity"]) for i in data["line_items"]] == [
        ("Emulsion paint matt white 10 L", "8"), ("Annual software maintenance licence", "1"),
        ("Consulting services", "4")]


def _placed(lines: list[tuple[float, list[tuple[str, float, float]]]]) -> list[Word]:
    """Words at their places: each line's top, and its words with their left and right edges (0.01 high)."""
    return [Word(text=t, line=n, bbox=(x0, top, x1, top + 0.01)) for n, (top, words) in enumerate(lines)
            for t, x0, x1 in words]


#: pdfjs's table, as its text layer places the words: counts set right past the end of "Qty", units set left a little
#: before the unit's label
_COUNTS_AND_UNITS = [
    (0.321, [("1", 0.077, 0.086), ("Screws", 0.114, 0.168), ("stainless", 0.173, 0.239), ("4x40", 0.244, 0.281),
             ("(box", 0.286, 0.32), ("of", 0.325, 0.339), ("200)", 0.344, 0.379), ("7", 0.621, 0.63),
             ("box", 0.644, 0.67), ("17.36", 0.755, 0.798), ("121.52", 0.87, 0.923)]),
    (0.349, [("2", 0.077, 0.086), ("Gravel", 0.114, 0.164), ("20", 0.169, 0.188), ("mm", 0.193, 0.222),
             ("997", 0.602, 0.63), ("kg", 0.644, 0.661), ("0.079", 0.755, 0.798), ("78.76", 0.879, 0.923)]),
    (0.376, [("3", 0.077, 0.086), ("Skip", 0.114, 0.146), ("hire", 0.151, 0.18), ("incl.", 0.185, 0.216),
             ("disposal", 0.221, 0.283), ("244.73", 0.87, 0.923)]),
    (0.404, [("4", 0.077, 0.086), ("Copper", 0.114, 0.159), ("pipe", 0.163, 0.189), ("15", 0.192, 0.207),
             ("mm", 0.211, 0.235), ("31", 0.615, 0.63), ("m", 0.644, 0.655), ("8.22", 0.772, 0.798),
             ("254.82", 0.881, 0.923)]),
    (0.449, [("5", 0.077, 0.086), ("Plasterboard", 0.114, 0.21), ("12.5", 0.215, 0.249), ("mm,", 0.253, 0.288),
             ("moisture", 0.292, 0.359), ("resistant", 0.364, 0.43), ("28", 0.611, 0.63), ("pcs", 0.644, 0.668),
             ("12.88", 0.755, 0.798), ("360.64", 0.87, 0.923)]),
    (0.482, [("Subtotal", 0.703, 0.77), ("1,059.96", 0.858, 0.929)]),
    (0.501, [("Total", 0.724, 0.77), ("1,059.96", 0.858, 0.929)])]


@pytest.mark.parametrize(("unit", "unit_x"), [("Unit", 0.657), ("J.m.", 0.665)])
def test_a_count_set_right_past_its_label_with_its_unit_before_the_units_label_is_the_quantity(
        unit: str, unit_x: float) -> None:
    """The counts end past the end of "Qty", and a unit starts a little before the unit's label ("997 kg" reaching
    under "Unit" by a letter, "31 m" under no label at all): the count is the row's quantity, not a figure of the
    unit's column."""
    lines = [(0.07, [("Ironclad", 0.08, 0.15), ("Inc.", 0.155, 0.19), ("INVOICE", 0.8, 0.92)]),
             (0.1, [("Invoice", 0.6, 0.66), ("No.:", 0.665, 0.7), ("2025-0417", 0.72, 0.8)]),
             (0.12, [("Invoice", 0.6, 0.66), ("Date:", 0.665, 0.7), ("03/14/2025", 0.72, 0.8)]),
             (0.294, [("#", 0.077, 0.089), ("Description", 0.114, 0.207), ("Qty", 0.567, 0.595),
                      (unit, unit_x, unit_x + 0.034), ("Unit", 0.719, 0.753), ("Price", 0.758, 0.798),
                      ("Amount", 0.86, 0.923)]), *_COUNTS_AND_UNITS]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=_placed(lines), target=Invoice)])
    assert [i["quantity"] for i in result.data["line_items"]] == ["7", "997", None, "31", "28"]


def test_a_description_ending_open_goes_on_however_short_its_table_wraps_it() -> None:
    """XSL-FO sets some descriptions a word short of the column's widest line ("Translation of technical manual
    into" over "three languages"): a line under a description that cannot end there (on "into", a comma) and that
    starts in lower case or with a count ("2,000 copies") is its rest. Under a description that ends closed, a
    count's line or a capitalised line is none."""
    head = [[(0.05, "Tiskárna Vltava s.r.o.")], [(0.55, "Invoice"), (0.7, "F2023/0316")],
            [(0.55, "Date"), (0.7, "16.08.2023")],
            [(0.05, "Code"), (0.15, "Description"), (0.6, "Qty"), (0.68, "Price"), (0.82, "Amount")]]
    body = [[(0.05, "20-5345"), (0.15, "Translation of technical manual into"), (0.6, "4"), (0.68, "120.00"),
             (0.82, "480.00")], [(0.15, "three languages")],
            [(0.05, "99-7777"), (0.15, "Printed brochures A5, 16 pages, colour,"), (0.6, "7"), (0.68, "25.00"),
             (0.82, "175.00")], [(0.15, "2,000 copies")],
            [(0.05, "80-2536"), (0.15, "Installation and commissioning of heat pump"), (0.6, "1"), (0.68, "900.00"),
             (0.82, "900.00")],
            [(0.05, "12-1501"), (0.15, "Poster print"), (0.6, "2"), (0.68, "45.00"), (0.82, "90.00")],
            [(0.15, "Delivered to site")],
            [(0.05, "12-1502"), (0.15, "Copy paper"), (0.6, "1"), (0.68, "10.00"), (0.82, "10.00")],
            [(0.15, "2,000 sheets")]]
    rows = [*head, *body, [(0.6, "Total"), (0.82, "1,655.00")]]
    items = _read(rows)["line_items"]
    assert [i["description"] for i in items] == [
        "Translation of technical manual into three languages", "Printed brochures A5, 16 pages, colour, 2,000 copies",
        "Installation and commissioning of heat pump", "Poster print", "Copy paper"]


@pytest.mark.parametrize(("first", "rest"), [
    ("Mobile tower 8.2 m working height incl. outriggers –", "Hyresperiod 4 × 7 d"),
    ("Mobile tower 8.2 m working height incl. outriggers — 4 ×", "7 d")])
def test_a_description_ending_on_a_dash_or_a_times_sign_goes_on(first: str, rest: str) -> None:
    """A scaffolding firm's description runs on after a dash to its hire period ("… outriggers –" over "Hyresperiod
    4 × 7 d"), or after a multiplication sign to its second factor ("… 4 ×" over "7 d"): a line that ends on an en or
    em dash or on a times sign cannot end there, and the line under it is its rest."""
    head = [[(0.05, "Bergqvist Ställningar HB")], [(0.55, "Faktura"), (0.7, "B27-2281")],
            [(0.55, "Datum"), (0.7, "2023-10-03")],
            [(0.05, "Benämning"), (0.6, "Antal"), (0.68, "À-pris"), (0.82, "Belopp")]]
    body = [[(0.05, first), (0.6, "3"), (0.68, "276,48"), (0.82, "829,44")], [(0.05, rest)],
            [(0.05, "Wall tie with eye bolt 350 mm"), (0.6, "48"), (0.68, "2,04"), (0.82, "97,92")]]
    items = _read([*head, *body, [(0.6, "Att betala"), (0.82, "927,36")]])["line_items"]
    assert [i["description"] for i in items] == [f"{first} {rest}", "Wall tie with eye bolt 350 mm"]


def test_a_date_inside_a_description_and_its_range_wrapped_onto_the_next_line_are_the_descriptions() -> None:
    """A kennel's rows name the nights they bill ("Boarding Nala (Beagle), nights 08.02.2026 -" over "27.02.2026"):
    a date after the words of its cell is part of the description, and so is a date on the next line where the line
    above ends open (on the range's dash) or where the dash opens it under a date. A date in a column of its own
    stays out."""
    head = [[(0.05, "Hundepension Waldesruh GmbH")], [(0.55, "Rechnungsnummer"), (0.75, "2026-390")],
            [(0.55, "Rechnungsdatum"), (0.75, "28.02.2026")],
            [(0.05, "Datum"), (0.17, "Bezeichnung"), (0.6, "Menge"), (0.68, "Preis"), (0.82, "Betrag")]]
    body = [[(0.05, "28.02.2026"), (0.17, "Boarding Nala (Beagle), nights 08.02.2026 -"), (0.6, "19"), (0.68, "28.00"),
             (0.82, "532.00")], [(0.17, "27.02.2026")],
            [(0.05, "28.02.2026"), (0.17, "Grooming and bath"), (0.6, "1"), (0.68, "39.00"), (0.82, "39.00")]]
    items = _read([*head, *body, [(0.6, "Zwischensumme"), (0.82, "571.00")]])["line_items"]
    assert [i["description"] for i in items] == ["Boarding Nala (Beagle), nights 08.02.2026 - 27.02.2026",
                                                 "Grooming and bath"]
    body[0][1], body[1] = (0.17, "Boarding Nala (Beagle), nights 08.02.2026"), [(0.17, "- 27.02.2026")]
    items = _read([*head, *body, [(0.6, "Zwischensumme"), (0.82, "571.00")]])["line_items"]
    assert items[0]["description"] == "Boarding Nala (Beagle), nights 08.02.2026 - 27.02.2026"  # the dash under it


def test_a_typed_tables_bars_part_its_labels_and_its_rules_box_each_rows_lines() -> None:
    """mandoc sets a tbl table in a text layer with ``|`` glued to the cells' words (``|Qte|  |Prix unit.|``) and
    typed rules between the rows: a glued bar parts two labels as a bar alone does, and every line between the
    rules over and under a row is that row's, however short ("|Grooming and bath |" over "|Luna |")."""
    rule = "+-------------------------------------------+-----+-----------+-----------+"
    head = [[(0.05, "Pension canine Les Pins SAS")], [(0.55, "Facture"), (0.7, "000321")],
            [(0.55, "Date"), (0.7, "26/09/2025")], [(0.05, rule)],
            [(0.05, "|Designation"), (0.49, "|"), (0.5, "|Qte|"), (0.55, "|Prix unit.|"), (0.68, "| Montant |")],
            [(0.05, rule)]]
    body = [[(0.05, "|Grooming and bath"), (0.49, "|"), (0.51, "1|"), (0.6, "39,00|"), (0.7, "39,00 |")],
            [(0.05, "|Luna"), (0.49, "|"), (0.5, "|"), (0.59, "|"), (0.68, "|")], [(0.05, rule)],
            [(0.05, "|Boarding Maja (Beagle)"), (0.49, "|"), (0.51, "7|"), (0.6, "41,00|"), (0.7, "287,00 |")],
            [(0.05, rule)]]
    items = _read([*head, *body, [(0.5, "Total"), (0.7, "326,00")]])["line_items"]
    assert [(i["description"], i["quantity"], i["unit_price"]) for i in items] == [
        ("Grooming and bath Luna", "1", "39.00"), ("Boarding Maja (Beagle)", "7", "41.00")]


@pytest.mark.parametrize("covers", ["couverts", "Gedecke", "coperti", "pax"])
def test_a_caterers_count_of_covers_is_the_rows_quantity(covers: str) -> None:
    """A caterer bills per head: "83 couverts" under "Qté" is the row's count and its unit, not the description."""
    head = [[(0.05, "Traiteur Les Saisons SARL")], [(0.55, "N° de facture:"), (0.7, "F2026/46665")],
            [(0.55, "Date de facture:"), (0.7, "27/11/2025")],
            [(0.05, "Désignation"), (0.596, "Qté"), (0.7, "Prix unitaire"), (0.85, "Montant")]]
    body = [[(0.05, "Finger food reception, 8 pieces per guest"), (0.61 - 0.008 * (3 + len(covers)), f"83 {covers}"),
             (0.72, "23,31"),
             (0.86, "1 934,73")],
            [(0.05, "Service staff"), (0.57, "16 h"), (0.72, "42,21"), (0.86, "675,36")]]
    items = _read([*head, *body, [(0.7, "Total HT"), (0.86, "2 610,09")]])["line_items"]
    assert [(i["description"], i["quantity"]) for i in items] == [
        ("Finger food reception, 8 pieces per guest", "83"), ("Service staff", "16")]


def test_a_measure_wrapped_under_a_counted_row_is_its_description() -> None:
    """A wine merchant's table wraps a bottle's size onto the next line ("…, Maison Derville, magnum" over
    "1.5 l"): in a row that has its count, a volume, a mass or a length is the size its item's name states, part of
    the description."""
    head = [[(0.05, "Garrafeira Lda.")], [(0.55, "Invoice"), (0.7, "2026-99296")],
            [(0.55, "Date"), (0.7, "19.03.2026")],
            [(0.05, "Code"), (0.15, "Description"), (0.55, "Qty"), (0.68, "Price"), (0.82, "Amount")]]
    body = [[(0.05, "31992"), (0.15, "Champagne Brut Réserve, Maison Derville, magnum"), (0.55, "24"), (0.68, "61.95"),
             (0.82, "1,486.80")], [(0.15, "1.5 l")],
            [(0.05, "37663"), (0.15, "Vinho Verde Quinta da Ribeirinha 2023"), (0.55, "18"), (0.68, "24.79"),
             (0.82, "446.22")]]
    items = _read([*head, *body, [(0.6, "Total"), (0.82, "1,933.02")]])["line_items"]
    assert [(i["description"], i["quantity"]) for i in items] == [
        ("Champagne Brut Réserve, Maison Derville, magnum 1.5 l", "24"),
        ("Vinho Verde Quinta da Ribeirinha 2023", "18")]


def test_a_small_type_widely_led_wraps_its_descriptions_a_types_height_down() -> None:
    """GLE sets 6.5-point Courier two type heights apart: the line under a description is a type's height below it,
    as far as every line of the page is from the next, and is its rest, not a line of its own. A standard's number
    in it ("per EN 1993-1-1") is no date that would end the description."""
    rows = [[(0.1, "Tejo Ingenieurbüro ASA")], [(0.56, "Fakturanr.:"), (0.7, "INV-2024-04016")],
            [(0.56, "Fakturadato:"), (0.7, "03.05.2024")],
            [(0.1, "Beskrivelse"), (0.6, "Antall"), (0.7, "Enhetspris"), (0.85, "Beløp")],
            [(0.1, "Structural calculation for steel"), (0.6, "1"), (0.7, "2 597,73"), (0.85, "2 597,73")],
            [(0.1, "mezzanine, incl. load combinations")], [(0.1, "per EN 1993-1-1")],
            [(0.1, "Vibration measurement on footbridge"), (0.6, "1"), (0.7, "3 365,01"), (0.85, "3 365,01")],
            [(0.1, "deck with report")],
            [(0.6, "Totalt NOK"), (0.85, "5 962,74")]]
    heights = dict.fromkeys(range(len(rows)), 0.0066)
    items = _read_words(layout(rows, heights=heights, leading=2.06))["line_items"]
    assert [i["description"] for i in items] == [
        "Structural calculation for steel mezzanine, incl. load combinations per EN 1993-1-1",
        "Vibration measurement on footbridge deck with report"]


def test_ocr_boxing_a_line_without_descenders_shorter_is_no_smaller_type() -> None:
    """OCR boxes the ink: "written recommendations" reaches below the baseline nowhere, so its box is a fifth
    shorter than the description's line over it in the same type. It is the description's rest (the line above
    ends on "incl."), not a note in a smaller type; a line shorter than that is one."""
    rows = [[(0.1, "Atelier Conseil SARL")], [(0.55, "Facture"), (0.7, "F-2024-118")],
            [(0.55, "Date"), (0.7, "12.03.2024")],
            [(0.1, "Description"), (0.6, "Qté"), (0.7, "Prix"), (0.85, "Montant")],
            [(0.1, "Review of the target operating model, incl."), (0.6, "4"), (0.7, "85,00"), (0.85, "340,00")],
            [(0.1, "written recommendations")],
            [(0.1, "Remote support"), (0.6, "2"), (0.7, "50,00"), (0.85, "100,00")],
            [(0.6, "Total"), (0.85, "440,00")]]
    for rest_height, description in ((0.0105, "Review of the target operating model, incl. written recommendations"),
                                     (0.008, "Review of the target operating model, incl.")):
        words = [w.model_copy(update={"confidence": 0.9, "bbox": (w.bbox[0], w.bbox[1], w.bbox[2], w.bbox[1] + (
            rest_height if w.line == 5 else 0.013))}) for w in layout(rows)]
        assert _read_words(words)["line_items"][0]["description"] == description


def test_a_row_ocr_boxed_taller_than_its_type_leaves_its_rest_no_smaller_type() -> None:
    """OCR boxes one line a tenth or more taller than the next in the same type ("Annual sweeping of solid-fuel
    chimney" over "including flue pipe and soot door clean-out"): the rest is as tall as the table's other
    descriptions and is joined; a line clearly shorter than those is a note."""
    rows = [[(0.1, "Schoorsteenveegbedrijf B.V.")], [(0.55, "Factuurnummer:"), (0.7, "2026/08/382")],
            [(0.55, "Factuurdatum:"), (0.7, "07-08-2026")],
            [(0.1, "Omschrijving"), (0.53, "Aantal"), (0.68, "Prijs"), (0.86, "Bedrag")],
            [(0.1, "Annual sweeping of solid-fuel chimney"), (0.56, "5"), (0.66, "119,21"), (0.87, "596,05")],
            [(0.1, "including flue pipe and soot door clean-out")],
            [(0.1, "Fireclay mortar repair of chimney crown"), (0.56, "8"), (0.67, "20,80"), (0.87, "166,40")],
            [(0.1, "Sweeping of wood-burning stove"), (0.56, "1"), (0.67, "76,77"), (0.87, "76,77")],
            [(0.6, "Totaal"), (0.87, "839,17")]]
    for rest_height, description in ((0.0146, "Annual sweeping of solid-fuel chimney including flue pipe and soot "
                                               "door clean-out"), (0.011, "Annual sweeping of solid-fuel chimney")):
        words = [w.model_copy(update={"confidence": 0.99, "bbox": (w.bbox[0], w.bbox[1], w.bbox[2], w.bbox[1] + (
            0.0170 if w.line == 4 else rest_height if w.line == 5 else 0.0154))}) for w in layout(rows)]
        assert _read_words(words)["line_items"][0]["description"] == description


def _cleaning_invoice() -> list:
    """A Danish cleaning company's invoice: a unit (``timer``, ``md.``) set after each count under no label of its
    own, and the VAT rate's label set close after the unit price's (``Stk.pris Moms %``)."""
    return [[(0.05, "Mortensen Rengøring I/S")], [(0.55, "Fakturanr."), (0.7, "257118")],
            [(0.55, "Fakturadato"), (0.7, "17.07.2025")],
            [(0.05, "Nr."), (0.1, "Beskrivelse"), (0.52, "Antal"), (0.64, "Stk.pris Moms %"), (0.84, "Beløb DKK")],
            [(0.05, "1"), (0.1, "Slutrengøring efter renovering, fjernelse af"), (0.525, "4,5"), (0.56, "timer"),
             (0.65, "31,48"), (0.745, "25"), (0.85, "141,66")],
            [(0.1, "gipsstøv og malingrester")],
            [(0.05, "2"), (0.1, "Rabat 5 % på linje 1"), (0.745, "25"), (0.85, "-7,08")],
            [(0.05, "3"), (0.1, "Trappe- og elevatorvask, ugentlig"), (0.525, "1"), (0.56, "md."),
             (0.65, "203,55"), (0.745, "0"), (0.85, "203,55")],
            [(0.05, "4"), (0.1, "Weekendtillæg pr. time"), (0.525, "3"), (0.56, "timer"), (0.65, "11,54"),
             (0.745, "0"), (0.85, "34,62")],
            [(0.55, "Subtotal ekskl. moms"), (0.85, "372,74")]]


def test_a_unit_set_after_its_count_under_no_label_is_not_the_description() -> None:
    """``4,5 timer``: the unit stands past the description's column, behind the count, where the count's label
    heads both. The description is the words before the count, on both its lines."""
    items = _read(_cleaning_invoice())["line_items"]
    assert [i["description"] for i in items] == [
        "Slutrengøring efter renovering, fjernelse af gipsstøv og malingrester", "Rabat 5 % på linje 1",
        "Trappe- og elevatorvask, ugentlig", "Weekendtillæg pr. time"]
    assert [i["quantity"] for i in items] == ["4.5", None, "1", "3"]


def test_a_vat_rates_label_set_close_after_the_unit_prices_heads_a_column_of_its_own() -> None:
    """``Stk.pris Moms %`` is one span: the rates under ``Moms %`` are no unit price, and the discount row, which
    has a rate and its amount only, has no unit price."""
    items = _read(_cleaning_invoice())["line_items"]
    assert [i["unit_price"] for i in items] == ["31.48", None, "203.55", "11.54"]


@pytest.mark.parametrize("amount", ["Suma EUR", "Spolu", "Celkom"])
def test_a_slovak_fee_list_headed_by_its_description_and_sum_is_a_table(amount: str) -> None:
    """An architect's letter lists fees under ``Popis`` and ``Suma EUR`` (or ``Spolu``, ``Celkom``), two columns
    only: each line is an item with its amount."""
    rows = [[(0.1, "Ateliér Šimko a.s.")], [(0.1, "FAKTÚRA")], [(0.1, "Číslo faktúry: 246181")],
            [(0.1, "Dátum vyhotovenia: 1. 11. 2024")],
            [(0.1, "Popis"), (0.75, amount)],
            [(0.1, "Kontrolné dni na stavbe a porady so statikom"), (0.75, "688,50")],
            [(0.1, "Pracovný model 1:200, kartón a drevo"), (0.75, "2 012,51")],
            [(0.45, "Spolu na úhradu EUR"), (0.75, "2 701,01")]]
    items = _read(rows)["line_items"]
    assert [(i["description"], i["amount"]) for i in items] == [
        ("Kontrolné dni na stavbe a porady so statikom", "688.50"), ("Pracovný model 1:200, kartón a drevo", "2012.51")]


def test_a_slovak_invoices_rate_sum_and_totals_are_read() -> None:
    """``Sadzba`` (rate) heads the unit price; the totals block ``Základ spolu``, ``DPH 23 % zo základu 1 084,80``
    (the rate's base after ``zo základu``) and ``Spolu na úhradu EUR`` ends the table, its tax no row."""
    rows = [[(0.1, "Kolárová architekti s.r.o.")], [(0.1, "FAKTÚRA")], [(0.1, "Číslo faktúry: 2024-246799")],
            [(0.1, "Dátum vyhotovenia: 27.9.2024")],
            [(0.1, "Popis"), (0.5, "Množstvo"), (0.65, "Sadzba"), (0.8, "Suma (EUR)")],
            [(0.1, "Kontrolné dni na stavbe"), (0.5, "2,5 hod."), (0.65, "102,83"), (0.8, "257,08")],
            [(0.1, "Pracovný model 1:200"), (0.5, "1 paušál"), (0.65, "827,72"), (0.8, "827,72")],
            [(0.45, "Základ spolu"), (0.8, "1 084,80")],
            [(0.45, "DPH 23 % zo základu 1 084,80"), (0.8, "249,50")],
            [(0.45, "Spolu na úhradu EUR"), (0.8, "1 334,30")]]
    data = _read(rows)
    assert [(i["description"], i["unit_price"], i["amount"]) for i in data["line_items"]] == [
        ("Kontrolné dni na stavbe", "102.83", "257.08"), ("Pracovný model 1:200", "827.72", "827.72")]
    assert (data["subtotal"], data["tax"], data["total"]) == ("1084.80", "249.50", "1334.30")


def test_a_heading_over_the_rows_below_is_no_part_of_either_row() -> None:
    """``Expenses`` alone on a line, set closer to the row under it than to the wrapped row above: a heading over
    the rows below, not the first line of the next row's description (whose own words would have fitted beside it),
    nor a rest of the row above."""
    from tests.layout import layout_at

    rows = [[(0.1, "Harbour Photo Studio Ltd")], [(0.55, "Invoice no."), (0.7, "PH-2291")],
            [(0.55, "Date"), (0.7, "12/03/2025")],
            [(0.1, "Description"), (0.55, "Qty"), (0.65, "Rate"), (0.82, "Amount")],
            [(0.1, "Product shoot on location, half day with"), (0.55, "1"), (0.65, "450.00"), (0.82, "450.00")],
            [(0.1, "retouching of twenty images")],
            [(0.1, "Expenses")],
            [(0.1, "Fine-art prints 30 x 40 cm"), (0.55, "4"), (0.65, "25.00"), (0.82, "100.00")],
            [(0.1, "Mileage"), (0.55, "60"), (0.65, "0.45"), (0.82, "27.00")],
            [(0.55, "Total"), (0.82, "577.00")]]
    tops = [0.05, 0.1, 0.12, 0.3, 0.33, 0.345, 0.366, 0.381, 0.405, 0.45]
    items = _read_words(layout_at(rows, tops, 0.012))["line_items"]
    assert [i["description"] for i in items] == [
        "Product shoot on location, half day with retouching of twenty images", "Fine-art prints 30 x 40 cm",
        "Mileage"]


def test_a_mark_a_scan_read_over_the_header_heads_no_column() -> None:
    """A handwritten note in the margin leaves specks the ink finder reads as marks (``✍``): one between the
    header's labels heads no column; the description's column reaches on to the next label, and a description
    running past the mark wraps its rest under it."""
    rows = [[(0.08, "Carpintaria Ferreira Lda.")], [(0.55, "Fatura n.º"), (0.7, "FT 2026/118")],
            [(0.55, "Data"), (0.7, "12/06/2026")],
            [(0.05, "Ref.ª"), (0.12, "Descrição"), (0.45, SIGNATURE_MARK), (0.55, "IVA"), (0.62, "Qtd."),
             (0.7, "Preço unit."), (0.86, "Valor")],
            [(0.05, "73256"), (0.12, "Sash window refurbishment, draught-proofing and"), (0.55, "23%"), (0.63, "3"),
             (0.73, "141,69"), (0.865, "425,07")],
            [(0.12, "new cords"), (0.214, SIGNATURE_MARK)],
            [(0.05, "34184"), (0.12, "Bespoke staircase handrail in ash"), (0.55, "6%"), (0.63, "5"),
             (0.73, "111,21"), (0.865, "556,05")],
            [(0.6, "Total"), (0.865, "981,12")]]
    items = _read(rows)["line_items"]
    assert [i["description"] for i in items] == [
        "Sash window refurbishment, draught-proofing and new cords", "Bespoke staircase handrail in ash"]
