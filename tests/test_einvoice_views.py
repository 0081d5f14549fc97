"""Documents as XSL-FO stylesheets print them: e-invoice viewers (XRechnung with its business-term codes, Peppol,
FatturaPA, Facturae), restaurant, taxi and car-park receipts, and claim forms laid out as grids of captioned cells."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.labels import label_tokens
from engine.rules import yes_or_no
from engine.spandoc import SpanDoc
from pipeline.classify import classify_words
from pipeline.config import Settings
from pipeline.formfields import UNCHECKED
from pipeline.ingest import identify
from pipeline.ocr import load_document
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import CHAR_W, layout
from tests.layout import read_baseline as _read

# --- e-invoice viewers ---


def test_the_business_term_codes_after_an_xrechnung_viewers_labels_are_no_words_nor_values() -> None:
    assert label_tokens("Gesamtbetrag mit USt. (BT-112):") == label_tokens("Gesamtbetrag mit USt.:")
    rows = [[(0.05, "Rechnung")], [(0.05, "Rechnungsnummer"), (0.3, "(BT-1)"), (0.5, "AR653258")],
            [(0.05, "Rechnungsdatum (BT-2)"), (0.5, "21.03.2026")],
            [(0.05, "Verkäufer"), (0.5, "Käufer")],
            [(0.05, "Donau Elektro GmbH"), (0.5, "Huber Industrietechnik GmbH")],
            [(0.05, "Pos."), (0.1, "Artikelname (BT-153)"), (0.5, "Menge"), (0.65, "Nettopreis"),
             (0.85, "Nettobetrag")],
            [(0.05, "1"), (0.1, "Wartungspauschale Klimaanlage"), (0.5, "2"), (0.65, "294,43"), (0.85, "588,86")],
            [(0.4, "Summe Positionen netto (BT-106)"), (0.85, "588,86")],
            [(0.4, "Gesamtbetrag ohne USt. (BT-109)"), (0.85, "588,86")],
            [(0.4, "Summe Umsatzsteuer (BT-110)"), (0.85, "117,77")],
            [(0.4, "Gesamtbetrag mit USt. (BT-112)"), (0.85, "706,63")],
            [(0.4, "Fälliger Betrag (BT-115)"), (0.85, "706,63")], [(0.7, "Seite 1 von 1 · 73766486")]]
    data = _read(layout(rows), Invoice)
    assert data["invoice_number"] == "AR653258"
    assert (data["subtotal"], data["tax"], data["total"]) == ("588.86", "117.77", "706.63")


def test_a_peppol_viewers_seller_is_the_name_under_its_heading_and_its_totals_read_by_their_terms() -> None:
    rows = [[(0.05, "Invoice ID"), (0.25, "F-2026-3677")], [(0.05, "Issue date"), (0.25, "2026-04-09")],
            [(0.05, "Seller"), (0.5, "Buyer")],
            [(0.05, "Name"), (0.2, "Øresund Industri I/S"), (0.5, "Name"), (0.65, "Jensen IT ApS")],
            [(0.05, "Endpoint ID"), (0.2, "0208:27815946"), (0.5, "Endpoint ID"), (0.65, "0208:74446021")],
            [(0.05, "Line ID"), (0.12, "Item name"), (0.5, "Quantity"), (0.65, "Net price"),
             (0.8, "Line net amount")],
            [(0.05, "1"), (0.12, "Toner sort"), (0.5, "250"), (0.65, "415,44"), (0.8, "103.860,00")],
            [(0.05, "2"), (0.12, "Montage på stedet"), (0.5, "4"), (0.65, "767,42"), (0.8, "3.069,68")],
            [(0.4, "Sum of Invoice line net amount"), (0.8, "106.929,68")],
            [(0.4, "Invoice total amount without VAT"), (0.8, "106.929,68")],
            [(0.4, "Invoice total VAT amount"), (0.8, "26.732,42")],
            [(0.4, "Invoice total amount with VAT"), (0.8, "133.662,10")],
            [(0.4, "Amount due for payment"), (0.8, "DKK 133.662,10")]]
    data = _read(layout(rows), Invoice)
    assert data["vendor_name"] == "Øresund Industri I/S"
    assert (data["subtotal"], data["tax"], data["total"]) == ("106929.68", "26732.42", "133662.10")
    assert [i["description"] for i in data["line_items"]] == ["Toner sort", "Montage på stedet"]


def test_a_fatturapa_sheets_supplier_and_its_summary_grid_of_captions_over_values() -> None:
    """Captions at each cell's left, values at its right: a value goes to the caption whose cell holds it."""
    rows = [[(0.3, "FATTURA ELETTRONICA")],
            [(0.05, "Cedente/prestatore (fornitore)"), (0.5, "Cessionario/committente (cliente)")],
            [(0.05, "Identificativo fiscale ai fini IVA:"), (0.3, "IT60036060333")],
            [(0.05, "Codice fiscale:"), (0.3, "60036060333")],
            [(0.05, "Denominazione:"), (0.2, "Imballaggi Adriatica S.r.l.s."), (0.5, "Denominazione:"),
             (0.65, "Elettrica Ferrari S.r.l.")],
            [(0.05, "Cod. articolo"), (0.17, "Descrizione"), (0.5, "Quantità"), (0.62, "Prezzo unitario"),
             (0.85, "Prezzo totale")],
            [(0.05, "AR-964533"), (0.17, "Toner nero"), (0.5, "2,00"), (0.62, "105,58"), (0.85, "211,16")],
            [(0.05, "esigibilità iva"), (0.42, "%IVA"), (0.505, "Spese accessorie"), (0.63, "Totale imponibile"),
             (0.79, "Totale imposta")],
            [(0.05, "I (esigibilità immediata)"), (0.48, "22"), (0.726, "211,16"), (0.897, "46,46")],
            [(0.05, "Importo bollo"), (0.284, "Sconto/Maggiorazione"), (0.505, "Imponibile + Imposta"),
             (0.727, "Totale documento")],
            [(0.05, "0,00"), (0.56, "211,16"), (0.64, "+ 46,46"), (0.885, "257,62")]]
    data = _read(layout(rows), Invoice)
    assert data["vendor_name"] == "Imballaggi Adriatica S.r.l.s."
    assert (data["subtotal"], data["tax"], data["total"]) == ("211.16", "46.46", "257.62")


def test_a_facturae_viewers_tax_is_its_taxes_charged() -> None:
    rows = [[(0.05, "FACTURA")], [(0.05, "Emisor"), (0.5, "Receptor")],
            [(0.05, "Razón social:"), (0.2, "Consultores Ibérica S.A."), (0.5, "Razón social:"),
             (0.65, "Castellana Industrial S.L.")],
            [(0.05, "Descripción"), (0.5, "Cantidad"), (0.65, "Precio unitario"), (0.85, "Importe")],
            [(0.05, "Rodamiento de bolas 6204-2RS"), (0.5, "100,00"), (0.65, "7,78"), (0.85, "778,00")],
            [(0.4, "Total bruto antes de impuestos"), (0.85, "778,00")],
            [(0.4, "Total impuestos repercutidos"), (0.85, "163,38")],
            [(0.4, "Total factura"), (0.85, "941,38 €")], [(0.4, "Total a ejecutar"), (0.85, "941,38 €")]]
    data = _read(layout(rows), Invoice)
    assert data["vendor_name"] == "Consultores Ibérica S.A."
    assert data["tax"] == "163.38"


def test_an_iban_printed_in_spaced_groups_is_one_identifier_and_no_amount() -> None:
    words = layout([[(0.05, "IBAN für Auszahlung")],
                    [(0.05, "DE95"), (0.1, "0578"), (0.15, "3109"), (0.2, "5332"), (0.25, "6541"), (0.3, "28")]])
    (iban,) = [s for s in SpanDoc(words).spans if s.line == 1]
    assert iban.identifier == "DE95057831095332654128" and iban.amount is None


# --- receipts ---


def test_a_restaurants_total_with_the_tip_is_what_was_paid() -> None:
    rows = [[(0.1, "Bar Suministros del Sur S.L.")], [(0.1, "Calle de Alcalá 151")], [(0.1, "46002 Valencia")],
            [(0.05, "Mesa 3"), (0.5, "Comensales 1")], [(0.05, "87329"), (0.3, "13/08/2025"), (0.6, "12:14")],
            [(0.05, "1"), (0.1, "Paella valenciana"), (0.8, "10,10")], [(0.05, "3"), (0.1, "Caña"), (0.8, "39,90")],
            [(0.05, "Subtotal"), (0.8, "50,00")], [(0.05, "Propina"), (0.8, "5,00")],
            [(0.05, "Total con propina"), (0.75, "55,00 €")],
            [(0.05, "IVA"), (0.3, "Base"), (0.55, "IVA"), (0.8, "Total")],
            [(0.05, "10%"), (0.3, "45,45"), (0.55, "4,55"), (0.8, "50,00")], [(0.05, "Efectivo"), (0.8, "55,00")]]
    assert _read(layout(rows), Receipt)["total"] == "55.00"


def test_a_car_parks_ticket_is_headed_by_its_title_and_paid_at_the_exit() -> None:
    rows = [[(0.1, "PARKEERBON")], [(0.1, "P+R Peeters BV")], [(0.1, "Grote Markt 94")], [(0.1, "1000 Brussel")],
            [(0.05, "Inrit"), (0.4, "09-12-2025"), (0.7, "10:56")], [(0.05, "Uitrit"), (0.4, "10-12-2025"), (0.7, "13:04")],
            [(0.05, "Parkeergeld"), (0.8, "36,00")], [(0.05, "Btw"), (0.5, "12%"), (0.8, "3,86")]]
    data = _read(layout(rows), Receipt)
    assert (data["merchant_name"], data["date"]) == ("P+R Peeters BV", "2025-12-10")


def test_a_taxis_receipt_title_is_no_street_and_who_served_is_no_merchant() -> None:
    rows = [[(0.1, "TAXAKVITTERING")], [(0.1, "Radio Taxi Vestkyst")], [(0.1, "Østergade 63")],
            [(0.1, "5000 Odense C")], [(0.05, "Dato"), (0.5, "21.10.2026")], [(0.05, "Startgebyr"), (0.8, "29,25")],
            [(0.05, "I ALT"), (0.8, "29,25")]]
    assert _read(layout(rows), Receipt)["merchant_name"] == "Radio Taxi Vestkyst"
    cafe = [[(0.1, "Kahvila Mäkinen")], [(0.1, "Aleksanterinkatu 62")], [(0.1, "20100 Turku")],
            [(0.05, "Kuitti nro"), (0.3, "63567"), (0.5, "16.10.2025")], [(0.05, "Myyjä"), (0.3, "Sanna")],
            [(0.05, "2"), (0.1, "Lasi talon viiniä"), (0.8, "26,80")], [(0.05, "YHTEENSÄ"), (0.75, "26,80 €")]]
    assert _read(layout(cafe), Receipt)["merchant_name"] == "Kahvila Mäkinen"
    minibar = [[(0.05, "Hotel Normandie"), (0.6, "Minibar")], [(0.05, "165 boulevard Voltaire")],
               [(0.05, "44000 Nantes")], [(0.05, "Payé le"), (0.4, "18 mai 2026")],
               [(0.05, "Red Bull"), (0.8, "8,00")], [(0.05, "Montant payé"), (0.8, "8,00")]]
    assert _read(layout(minibar), Receipt)["merchant_name"] == "Hotel Normandie"
    # a name that ends as a title word may ("Sonnenschein" ends on "Schein", a ticket) is still a name
    bakery = [[(0.1, "BÄCKEREI SONNENSCHEIN")], [(0.1, "27 rue des Lilas")], [(0.1, "69002 Lyon")],
              [(0.05, "23/09/2023"), (0.5, "14:05")], [(0.05, "Toothpaste"), (0.8, "33,14")],
              [(0.05, "TOTAL TTC"), (0.8, "33,14")]]
    assert _read(layout(bakery), Receipt)["merchant_name"] == "BÄCKEREI SONNENSCHEIN"


def test_a_receipts_title_that_names_its_service_is_no_merchant() -> None:
    def rows(title: str, name: str) -> list:
        return [[(0.1, title)], [(0.1, name)], [(0.1, "Corso Vittorio Emanuele II 70")], [(0.1, "00184 Roma")],
                [(0.05, "Data"), (0.5, "18/11/2026")], [(0.05, "Quota fissa"), (0.8, "3,90")],
                [(0.05, "Totale"), (0.8, "3,90")]]

    for title, name in (("RICEVUTA TAXI", "Taxi Tecno"), ("PARKING RECEIPT", "Parking Windsor LLP"),
                        ("REÇU DE TAXI", "Radio Taxi Rhône S.A."), ("REÇU DE TAXI", "Taxi Gagnon"),
                        ("Parkschein", "Parkhaus Altstadt"), ("Talão de estacionamento", "Parque Estacionamento Baixa"),
                        ("Justificante de aparcamiento", "Aparcamientos Sol S.L."),
                        ("Parkeringsbiljett", "Stadsgaraget Centrum")):
        assert _read(layout(rows(title, name)), Receipt)["merchant_name"] == name
    # a name after its title is still the name ("Receipt from Acme")
    assert _read(layout(rows("RECEIPT FROM Tecno Srl", "Corso Italia 2")), Receipt)["merchant_name"] == "Tecno Srl"


def test_a_czech_taxi_receipt_is_a_receipt() -> None:
    rows = [[(0.1, "ÚČTENKA TAXI")], [(0.1, "Moravia Taxi")], [(0.1, "Průmyslová 171")], [(0.1, "110 00 Praha 1")],
            [(0.05, "Řidič:"), (0.4, "Lukáš Svoboda")], [(0.05, "Datum"), (0.4, "28.05.2026")],
            [(0.05, "Nástupní sazba"), (0.8, "93,60")], [(0.05, "Mezisoučet"), (0.8, "93,60")],
            [(0.05, "Celkem"), (0.8, "93,60")], [(0.05, "DPH"), (0.5, "12%"), (0.8, "10,03")],
            [(0.05, "Způsob platby"), (0.5, "Platba kartou")]]
    assert classify_words(layout(rows)).doc_type == "receipt"


# --- claim forms ---


def test_a_claim_forms_two_section_headings_on_one_line_and_its_list_of_costs() -> None:
    rows = [[(0.05, "Schadenanzeige")], [(0.05, "Versicherungsnehmer"), (0.5, "Vertrag")],
            [(0.05, "Name, Vorname"), (0.22, "Sophie Koch"), (0.5, "Versicherungsschein-Nr."), (0.7, "AV159547649")],
            [(0.05, "IBAN für Auszahlung"), (0.22, "DE95"), (0.27, "0578"), (0.32, "3109"), (0.37, "5332"),
             (0.42, "6541"), (0.47, "28")],
            [(0.05, "Aufstellung der Kosten")], [(0.05, "#"), (0.1, "Datum"), (0.3, "Leistung / Beleg"), (0.8, "Betrag")],
            [(0.05, "1"), (0.1, "07.07.2026"), (0.3, "Radiologie #91078"), (0.8, "730,16")],
            [(0.05, "2"), (0.1, "04.07.2026"), (0.3, "Krankenhaus #05871"), (0.8, "791,70")],
            [(0.05, "Gesamtbetrag"), (0.75, "EUR 1.521,86")]]
    data = _read(layout(rows), ClaimForm)
    assert (data["claimant_name"], data["claim_amount"]) == ("Sophie Koch", "1521.86")


def test_a_heading_that_names_the_signature_gives_way_to_the_signatures_own_caption() -> None:
    """"Declaración y firma" heads the form's last fields; the caption under the empty line is the signature's."""
    rows = [[(0.05, "Nombre y apellidos"), (0.5, "Marta Muñoz")], [(0.05, "¿Se presentó denuncia policial?")],
            [(0.05, "Comisaría / nº de atestado")], [(0.05, "Declaración y firma")],
            [(0.05, "Declaro que los datos consignados son ciertos y completos.")],
            [(0.05, "Madrid,"), (0.12, "13-08-2026")], [(0.05, "Lugar y fecha"), (0.55, "Firma del asegurado")]]
    assert _read(layout(rows), ClaimForm)["signed"] is False


def test_a_conformed_signature_set_higher_than_the_place_and_date_beside_it_signs() -> None:
    rows = [[(0.05, "Name, Vorname"), (0.3, "Tobias Brandt")], [(0.05, "Erklärung und Unterschrift")],
            [(0.55, "/s/ Tobias Brandt")], [(0.07, "Graz,"), (0.12, "22.02.2026")],
            [(0.07, "Ort, Datum"), (0.55, "Unterschrift Versicherungsnehmer")]]
    words = layout(rows, heights={2: 0.013, 4: 0.0083}, leading=1.6)
    assert _read(words, ClaimForm)["signed"] is True


def test_boxes_of_four_thick_sides_as_fop_draws_a_blocks_border_are_read(tmp_path: Path) -> None:
    """FOP draws a bordered block's sides as four lines of 0.8 pt, each level side reaching half a line past the
    corners: a box 10.5 wide by 7.9 high between its sides' middles, or 12.8 wide round a space."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 120), "Nombre y apellidos", fontsize=10)
    page.insert_text((250, 120), "Marta Muñoz", fontsize=10)
    page.insert_text((50, 150), "¿Se presentó denuncia policial?", fontsize=10)
    for x, option, ticked, w in ((250, "sí", False, 11.2), (280, "no", True, 9.7)):
        page.draw_line((x - 0.4, 141.9), (x + w + 0.4, 141.9), width=0.8)
        page.draw_line((x - 0.4, 149.8), (x + w + 0.4, 149.8), width=0.8)
        page.draw_line((x, 141.5), (x, 150.2), width=0.8)
        page.draw_line((x + w, 141.5), (x + w, 150.2), width=0.8)
        if ticked:
            page.insert_text((x + 2, 149), "X ", fontsize=9)
        page.insert_text((x + w + 3, 149.5), option, fontsize=10)
    doc.save(tmp_path / "claim.pdf")
    settings = Settings()
    words = load_document(identify(tmp_path / "claim.pdf", tmp_path, settings.limits), settings).words
    assert [w.text for w in words].count(UNCHECKED) == 1  # the empty box; the ticked one holds its "X"
    assert _read(words, ClaimForm)["police_report_filed"] is False


def test_an_items_code_under_its_name_is_no_part_of_it_and_a_name_column_no_quantity() -> None:
    rows = [[(0.05, "Line"), (0.12, "Item name"), (0.5, "Quantity"), (0.65, "Item net price"),
             (0.82, "Line net amount")],
            [(0.05, "1"), (0.12, "Kabelgoot 40x60 mm wit"), (0.5, "3"), (0.65, "12,66"), (0.82, "37,98")],
            [(0.12, "38382")],
            [(0.05, "2"), (0.12, "Stretchfolie 23 µm"), (0.5, "12"), (0.65, "28,24"), (0.82, "338,88")],
            [(0.12, "468430")],
            [(0.05, "3"), (0.12, "Onderhoudscontract airco"), (0.5, "100"), (0.65, "231,01"), (0.82, "23.101,00")],
            [(0.12, "87536")], [(0.5, "Payable amount"), (0.8, "EUR 23.477,86")]]
    words = layout(rows, leading=1.3)
    # a scan's OCR sets "name" a little apart from "Item", as it does the words of every label
    words = [w.model_copy(update={"bbox": (w.bbox[0] + 1.2 * CHAR_W, w.bbox[1], w.bbox[2] + 1.2 * CHAR_W, w.bbox[3])})
             if w.text == "name" else w for w in words]
    items = _read(words, Invoice)["line_items"]
    assert [(i["description"], i["quantity"]) for i in items] == [
        ("Kabelgoot 40x60 mm wit", "3"), ("Stretchfolie 23 µm", "12"), ("Onderhoudscontract airco", "100")]


def test_the_customers_number_and_who_is_paid_head_no_block_of_the_customers() -> None:
    """The issuer's name printed again under "Betalen aan" (pay to) and under a column that starts with the
    customer's number is still the issuer's."""
    rows = [[(0.05, "Vlaamse Verpakkingen CommV"), (0.7, "FACTUUR")], [(0.05, "Meir 70, 3000 Leuven")],
            [(0.6, "Factuurnummer"), (0.78, "VF-840796")], [(0.6, "Klantnummer"), (0.78, "C03525")],
            [(0.05, "Factuuradres"), (0.35, "Leveradres"), (0.6, "Betalen aan")],
            [(0.05, "Janssens Industrie CommV"), (0.35, "Janssens - Lager"), (0.6, "Vlaamse Verpakkingen CommV")],
            [(0.05, "Grote Markt 147"), (0.35, "Meir 167"), (0.6, "IBAN BE16 3119 1007 0016")],
            [(0.05, "Omschrijving"), (0.6, "Aantal"), (0.85, "Bedrag")],
            [(0.05, "Stretchfolie"), (0.6, "2"), (0.85, "56,48")], [(0.5, "Te betalen"), (0.85, "56,48")]]
    assert _read(layout(rows), Invoice)["vendor_name"] == "Vlaamse Verpakkingen CommV"
    rows[3] = [(0.6, "Codice cliente"), (0.78, "CU-49345")]
    rows[4] = [(0.05, "Intestatario"), (0.35, "Destinazione merce"), (0.6, "Pagamento a")]
    assert _read(layout(rows), Invoice)["vendor_name"] == "Vlaamse Verpakkingen CommV"


def test_a_documents_currency_from_a_vat_number_alone_under_the_issuers_address() -> None:
    rows = [[(0.05, "Brightdesk Technologies ApS"), (0.7, "Faktura")], [(0.05, "Østergade 91, 9000 Aalborg")],
            [(0.05, "DK57632922")], [(0.05, "Fakturanr."), (0.25, "F-2026-0416")],
            [(0.05, "Beskrivelse"), (0.6, "Antal"), (0.85, "Beløb")], [(0.05, "Premium support"), (0.6, "10,00"),
                                                                      (0.85, "1.020,90")],
            [(0.5, "At betale"), (0.85, "1.020,90")]]
    assert _read(layout(rows), Invoice)["currency"] == "DKK"
    rows[2] = [(0.05, "NIF:"), (0.12, "ESB74087865")]
    assert _read(layout(rows), Invoice)["currency"] == "EUR"
    # a Swiss VAT number with its hyphen, a Swedish one after its own label, an account in the IBAN's groups alone
    for line, code in (([(0.05, "USt-IdNr. CHE-631.009.282 MWST")], "CHF"),
                       ([(0.05, "Momsreg.nr"), (0.13, "SE208538573501")], "SEK"),
                       ([(0.05, "Bank"), (0.12, "CH01 3125 2932 6651 5028 2")], "CHF")):
        rows[2] = line
        assert _read(layout(rows), Invoice)["currency"] == code, line


def test_a_due_date_at_the_end_of_a_transfers_terms() -> None:
    for terms in ("bonifico a 10 gg, scadenza", "Splatnost 14 dní, datum splatnosti"):
        rows = [[(0.05, "Logistica Mediterranea S.p.A.")], [(0.5, "Data fattura"), (0.7, "03/11/2025")],
                [(0.05, "Descrizione"), (0.6, "Q.tà"), (0.85, "Importo")],
                [(0.05, "Consulenza tecnica"), (0.6, "10,00"), (0.85, "1.324,10")],
                [(0.5, "Totale fattura"), (0.8, "EUR 1.324,10")],
                [(0.05, "Pagamento:"), (0.15, terms), (0.5, "13/11/2025.")]]
        assert _read(layout(rows), Invoice)["due_date"] == "2025-11-13", terms


def test_a_tax_labels_base_in_brackets_is_no_word_of_it() -> None:
    for label in ("TVA 20 % (Base HT 2 593,44).", "Imposto 18 % (Base de cálculo 2.593,44)",
                  "DPH 21 % (Základ daně 2 593,44)"):
        rows = [[(0.05, "Désignation"), (0.6, "Qté"), (0.85, "Montant")],
                [(0.05, "Dalle LED 60x60 36 W"), (0.6, "3"), (0.85, "2 593,44")],
                [(0.4, "Total HT"), (0.85, "2 593,44")], [(0.4, label), (0.85, "518,69")],
                [(0.4, "Total TTC"), (0.83, "3 112,13 €")]]
        assert _read(layout(rows), Invoice)["tax"] == "518.69", label


def test_a_flemish_neen_answers_no() -> None:
    assert yes_or_no("neen") is False
    rows = [[(0.05, "Naam verzekerde"), (0.4, "Thomas Jacobs")], [(0.05, "Geschat schadebedrag"), (0.4, "13.242,00")],
            [(0.05, "Proces-verbaal opgesteld door de politie?"), (0.5, "neen")],
            [(0.05, "Ik verklaar dat deze aangifte oprecht en volledig is.")]]
    assert _read(layout(rows), ClaimForm)["police_report_filed"] is False


def test_a_row_of_captions_over_amounts_flush_right_under_them() -> None:
    """A rate after a caption is part of it ("Tax 8.25%"); a value wider than its caption and flush right under it
    is that caption's ("Total" over "EUR 1.469,28")."""
    rows = [[(0.05, "Item"), (0.6, "Qty"), (0.85, "Amount")],
            [(0.05, "Toner cartridge, black"), (0.6, "1"), (0.83, "1,256.69")],
            [(0.39, "Net total"), (0.625, "Tax"), (0.649, "8.25%"), (0.893, "TOTAL")],
            [(0.332, "USD 1,256.69"), (0.592, "USD 103.68"), (0.84, "USD 1,360.37")]]
    data = _read(layout(rows), Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("1256.69", "103.68", "1360.37")


def test_a_vat_breakdown_right_under_the_rows_ends_the_item_table() -> None:
    rows = [[(0.05, "Seller: Vlaamse Elektro BV")],
            [(0.05, "Invoice ID"), (0.3, "VF-633609")], [(0.05, "Issue date"), (0.3, "2025-12-01")],
            [(0.05, "Line ID"), (0.12, "Item name"), (0.5, "Quantity"), (0.62, "Net price"), (0.85, "Line net amount")],
            [(0.05, "1"), (0.12, "Stretchfolie 23 µm"), (0.5, "1"), (0.62, "25,66"), (0.85, "25,66")],
            [(0.05, "2"), (0.12, "Kabelgoot 40x60 mm wit"), (0.5, "2"), (0.62, "13,02"), (0.85, "26,04")],
            [(0.05, "VAT breakdown")],
            [(0.05, "VAT category rate"), (0.4, "Taxable amount"), (0.7, "Tax amount")],
            [(0.05, "21 %"), (0.4, "25,66"), (0.7, "5,39")],
            [(0.05, "12 %"), (0.4, "26,04"), (0.7, "3,12")],
            [(0.05, "Invoice total amount without VAT"), (0.85, "51,70")],
            [(0.05, "Invoice total VAT amount"), (0.85, "8,51")],
            [(0.05, "Amount due for payment"), (0.85, "EUR 60,21")]]
    data = _read(layout(rows), Invoice)
    assert [item["amount"] for item in data["line_items"]] == ["25.66", "26.04"]
    assert (data["subtotal"], data["tax"], data["total"]) == ("51.70", "8.51", "60.21")


def test_a_brazilian_valor_unit_column_is_the_unit_price() -> None:
    rows = [[(0.05, "Item"), (0.15, "Descrição"), (0.56, "Qtd. Un."), (0.72, "Valor unit."), (0.86, "Valor total")],
            [(0.05, "1"), (0.15, "Eletrocalha 40x60 mm"), (0.56, "20,00"), (0.6, "un"), (0.72, "32,94"),
             (0.86, "658,80")],
            [(0.05, "2"), (0.15, "Serviços de consultoria"), (0.56, "7,50 h"), (0.72, "560,04"), (0.86, "4200,30")],
            [(0.5, "Subtotal"), (0.86, "4859,10")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [(item["quantity"], item["unit_price"]) for item in items] == [("20.00", "32.94"), ("7.50", "560.04")]


def test_a_viewers_sum_labelled_with_its_business_term_is_no_item_however_ocr_spelt_it() -> None:
    rows = [[(0.05, "Verkäufer: Hoffmann Elektro GmbH")], [(0.05, "Rechnungsnummer (BT-1):"), (0.4, "RG-473221")],
            [(0.05, "Pos."), (0.12, "Artikelname (BT-153)"), (0.5, "Menge"), (0.65, "Preis netto"),
             (0.85, "Gesamt netto")],
            [(0.05, "1"), (0.12, "Montagearbeiten vor Ort"), (0.5, "2"), (0.65, "80,97"), (0.85, "161,94")],
            [(0.05, "2"), (0.12, "Anfahrtspauschale"), (0.5, "1"), (0.65, "38,26"), (0.85, "38,26")],
            [(0.05, "Rechnungsbeträge")],
            [(0.05, "Sumnme Nettobetrage Positionen (BT-106):"), (0.46, "200,20")],
            [(0.05, "Gesamtbetrag ohne USt. (BT-109):"), (0.46, "200,20")],
            [(0.05, "Summe Umsatzsteuer (BT-110):"), (0.46, "38,04")],
            [(0.05, "Gesamtbetrag mit USt. (BT-112):"), (0.46, "238,24")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [item["description"] for item in items] == ["Montagearbeiten vor Ort", "Anfahrtspauschale"]


def test_a_till_rolls_total_over_its_currency_and_sum_and_no_rates_column_of_totals() -> None:
    rows = [[(0.1, "Alimentari Romano")], [(0.1, "Viale Europa 178")], [(0.1, "50123 Firenze")],
            [(0.05, "Documento n."), (0.4, "0293"), (0.55, "25/06/2025")],
            [(0.05, "Pane casereccio"), (0.8, "5,62")], [(0.05, "Banane"), (0.8, "1,11")],
            [(0.05, "TOTALE COMPLESSIVO")], [(0.05, "EUR"), (0.8, "6,73")],
            [(0.05, "IVA"), (0.3, "Impon."), (0.55, "IVA"), (0.8, "Totale")],
            [(0.05, "A"), (0.15, "22%"), (0.3, "4,61"), (0.55, "1,01"), (0.8, "5,62")],
            [(0.05, "B"), (0.15, "4%"), (0.3, "1,07"), (0.55, "0,04"), (0.8, "1,11")]]
    assert _read(layout(rows), Receipt)["total"] == "6.73"
