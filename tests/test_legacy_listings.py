"""Invoices an ERP program printed as fixed-width listings (the program's run stamp over the letterhead, "PAGE 1 OF
1" beside it, colon labels in a meta block), till receipts of thermal printers, and typed claim forms with a
conformed signature."""

from __future__ import annotations

import pytest

from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout
from tests.layout import read_baseline as _read

_ROWS = [[(0.05, "PARTICULARS"), (0.5, "QUANTITY"), (0.65, "UNIT PRICE"), (0.85, "AMT")],
         [(0.05, "EXTENSION LEAD 4 WAY 5M"), (0.5, "5.00"), (0.65, "295.12"), (0.85, "1,475.60")],
         [(0.05, "SAFETY GLOVES SIZE L"), (0.5, "24.00"), (0.65, "3.74"), (0.85, "89.76")]]


@pytest.mark.parametrize("stamp", ["DATE PRINTED 29/01/24 11:49  PGM VF31",
                                   "UTSKRIFTSDATO 29.01.2024 11:49  PGM FAKT01"])
def test_the_run_stamp_of_a_listing_is_neither_its_issuer_nor_its_date(stamp: str) -> None:
    label, date = stamp.split("  ")[0].rsplit(" ", 2)[0], " ".join(stamp.split("  ")[0].rsplit(" ", 2)[1:])
    rows = [[(0.05, label), (0.25, date), (0.45, stamp.split("  ")[1])],
            [(0.05, "Bluegum Plumbing Supplies Pty Ltd"), (0.85, "INVOICE")],
            [(0.05, "7 Adelaide Tce"), (0.8, "PAGE 1 OF 1")], [(0.05, "6000 Perth WA")],
            [(0.05, "SOLD TO:"), (0.45, "DOCUMENT NO. :"), (0.62, "04846A")],
            [(0.07, "OUTBACK AUTO PARTS PTY LTD"), (0.45, "INV DATE     :"), (0.62, "23-Jan-2024")],
            [(0.07, "12 George Street"), (0.45, "ACCOUNT      :"), (0.62, "576179")],
            *_ROWS, [(0.5, "NET"), (0.85, "1,565.36")], [(0.5, "GST 10%"), (0.85, "156.54")],
            [(0.5, "TOTAL"), (0.85, "$ 1,721.90")]]
    data = _read(layout(rows), Invoice)
    assert data["vendor_name"] == "Bluegum Plumbing Supplies Pty Ltd"
    assert data["invoice_date"] == "2024-01-23"
    assert data["invoice_number"] == "04846A"
    # a bare "$" with an Australian state after the town ("6000 Perth WA") and a "Pty Ltd" is Australia's
    assert data["currency"] == "AUD"


def test_a_page_count_is_no_issuer_and_a_voucher_number_is_the_invoices() -> None:
    rows = [[(0.05, "Kontorland Bergen AS"), (0.85, "FAKTURA")], [(0.05, "Storgata 44"), (0.8, "BLAD 1 VAN 1")],
            [(0.05, "9008 Tromsø")],
            [(0.05, "KUNDE:"), (0.45, "BILAGSNR        :"), (0.65, "R2637604")],
            [(0.07, "NORDLYS ELEKTRO AS"), (0.45, "FAKTURADATO     :"), (0.65, "18.06.2026")],
            [(0.07, "Kongens gate 10"), (0.45, "PS-NR           :"), (0.65, "DN87545")],
            [(0.05, "VAREBETEGNELSE"), (0.6, "ANT"), (0.85, "SUM")],
            [(0.05, "STREKKFILM 500 MM"), (0.6, "2,50"), (0.85, "183,75")],
            [(0.4, "NETTO"), (0.85, "183,75")],
            # the rate's base printed before the tax ("25% av" the net amount)
            [(0.4, "MVA 25% AV 183,75"), (0.85, "45,94")],
            # "kr" apart from its amount: the crown of the country of the bank account
            [(0.4, "Å BETALE kr"), (0.85, "229,69")], [(0.05, "KONTONR: IBAN NO19 5891 5378 2648 72")]]
    data = _read(layout(rows), Invoice)
    assert data["vendor_name"] == "Kontorland Bergen AS"
    assert data["invoice_number"] == "R2637604"
    assert data["tax"] == "45.94"
    assert data["currency"] == "NOK"


# --- till receipts ---

def test_a_store_number_belongs_to_the_merchants_name_and_the_till_is_no_merchant() -> None:
    rows = [[(0.2, "GASTHAUS ZUR LINDE #0412")], [(0.25, "HERRENGASSE 9")], [(0.27, "8010 GRAZ")],
            [(0.05, "BON-NR 82191")], [(0.05, "KASSE 05 BED 96"), (0.6, "29. JUNI 2026")],
            [(0.05, "2 X ESPRESSO"), (0.8, "4,40 A")], [(0.05, "ZU ZAHLEN EUR"), (0.8, "4,40")]]
    data = _read(layout(rows), Receipt)
    assert data["merchant_name"] == "GASTHAUS ZUR LINDE #0412"
    assert data["merchant_address"] == "HERRENGASSE 9, 8010 GRAZ"


def test_a_fuel_stations_name_after_its_road_and_brand_is_the_merchant() -> None:
    rows = [[(0.1, "DISTRIBUTORE Q8 VIA EMILIA")], [(0.1, "CORSO VITTORIO EMANUELE 88")], [(0.2, "10121 TORINO")],
            [(0.05, "04/12/2024 17:17"), (0.6, "CASSA 1")], [(0.05, "EROGATORE 05 UNLEADED 95")],
            [(0.05, "35,69 L x 1,986/L"), (0.8, "70,88 A")], [(0.05, "TOTALE COMPLESSIVO EUR"), (0.8, "70,88")]]
    assert _read(layout(rows), Receipt)["merchant_name"] == "DISTRIBUTORE Q8 VIA EMILIA"


def test_a_manual_pages_running_head_is_no_merchant_and_a_name_with_an_ampersand_no_street() -> None:
    """A receipt set as a manual page by mandoc: its head prints the page's title and section at both ends
    ("KASSE(4)  Kasse 3 / Filiale 12  KASSE(4)"), over the shop's name; "Route 9 Gas & Go" starts like a street
    with its number, but a name joined by an ampersand is no street."""
    rows = [[(0.1, "KASSE(4)"), (0.4, "Kasse 3 / Filiale 12"), (0.8, "KASSE(4)")], [(0.43, "Route 9 Gas & Go")],
            [(0.42, "31 Maple Ridge Drive")], [(0.42, "Burlington, VT 05401")],
            [(0.14, "Date: 10/31/2024 13:47"), (0.5, "Receipt no. 37083")],
            [(0.35, "Pump 1 Unleaded 95"), (0.64, "23.32")], [(0.36, "12.870 l x 1.812 USD/l")],
            [(0.35, "TOTAL USD"), (0.64, "23.32")], [(0.8, "KASSE(4)")]]
    data = _read(layout(rows), Receipt)
    assert data["merchant_name"] == "Route 9 Gas & Go"
    assert data["merchant_address"] == "31 Maple Ridge Drive, Burlington, VT 05401"


def test_a_titles_word_inside_a_hyphenated_name_makes_no_title() -> None:
    """A bookshop "Librairie Le Marque-Page": "Page" is a title's word ("Page 1/2"), but not as part of a compound."""
    rows = [[(0.21, "Librairie Le Marque-Page")], [(0.24, "163 avenue Jean-Moulin")], [(0.36, "35000 Rennes")],
            [(0.26, "TVA ID: FR465670166")], [(0.0, "Poetry anthology"), (0.6, "3x"), (0.8, "57,09")],
            [(0.0, "TOTAL EUR"), (0.8, "57,09")], [(0.0, "25/12/2025 14:02")]]
    data = _read(layout(rows), Receipt)
    assert data["merchant_name"] == "Librairie Le Marque-Page"
    assert data["merchant_address"] == "163 avenue Jean-Moulin, 35000 Rennes"


# --- typed claim forms ---

_CLAIM = [[(0.05, "KFZ-SCHADENANZEIGE")], [(0.05, "Name, Vorname")], [(0.05, "Monika Schäfer")],
          [(0.05, "Versicherungsschein-Nr.")], [(0.05, "P/37610/24")], [(0.05, "Schadentag")],
          [(0.05, "13. JULI 2024")]]


@pytest.mark.parametrize("mark", ["/s/", "/s/ Monika Schäfer", "(signed)", "gez. Schäfer"])
def test_a_conformed_signature_signs_the_form(mark: str) -> None:
    rows = [*_CLAIM, [(0.05, "Schadenhöhe (geschätzt)")], [(0.05, "6948.10 CHF")],
            [(0.05, "Ich versichere, dass die Angaben vollständig sind.")],
            [(0.05, "Unterschrift des Versicherungsnehmers"), (0.6, "Datum")], [(0.05, mark), (0.6, "26. JULI 2024")]]
    assert _read(layout(rows), ClaimForm)["signed"] is True


def test_an_amount_left_to_the_insurer_is_no_amount() -> None:
    rows = [[(0.05, "PARTE DE SINIESTRO DE AUTOMÓVIL")], [(0.05, "Código mediador")], [(0.05, "28206")],
            [(0.05, "Nombre y apellidos del asegurado")], [(0.05, "Javier Fernández")],
            [(0.05, "Fecha del siniestro")], [(0.05, "19-08-2025")],
            [(0.05, "Importe reclamado")], [(0.05, "A RELLENAR POR LA COMPAÑÍA")]]
    assert _read(layout(rows), ClaimForm)["claim_amount"] is None


def test_swedish_captions_of_the_policyholders_name_and_postal_address() -> None:
    rows = [[(0.05, "SKADEANMÄLAN HEMFÖRSÄKRING")], [(0.05, "1. FÖRSÄKRINGSTAGARE")],
            [(0.05, "Försäkringstagarens namn"), (0.5, "Född")], [(0.05, "Åsa Nyström"), (0.5, "1998-09-19")],
            [(0.05, "Försäkringsnr")], [(0.05, "P/50039/25")], [(0.05, "Utdelningsadress")],
            [(0.05, "DROTTNINGGATAN 55")], [(0.05, "Postnr"), (0.3, "Ort")], [(0.05, "111 21"), (0.3, "STOCKHOLM")]]
    data = _read(layout(rows), ClaimForm)
    assert data["claimant_name"] == "Åsa Nyström"
    assert data["address"] == {"street": "DROTTNINGGATAN 55", "city": "STOCKHOLM", "postal_code": "111 21"}


def test_the_header_a2ps_prints_over_each_page_names_no_issuer() -> None:
    """The printing tool's page header: the day it printed, the spool file's name, the page's number; the time
    under the day, the name again."""
    rows = [[(0.05, "05/29/26"), (0.44, "FAKTDRUK"), (0.9, "1")], [(0.05, "17:20:43"), (0.44, "FAKTDRUK")],
            [(0.05, "DATE PRINTED 29/05/26 14:50  PGM SDINVPRT")],
            [(0.05, "Bluegum Plumbing Supplies Pty Ltd"), (0.8, "SALES INVOICE")], [(0.05, "45 Flinders Lane")],
            [(0.05, "3000 Melbourne VIC")], [(0.45, "INV#           :"), (0.62, "FA-26-16738")], *_ROWS,
            [(0.5, "TOTAL"), (0.85, "1,565.36")]]
    # the tool sets its header larger than the listing's type
    assert _read(layout(rows, heights={0: 0.016, 1: 0.016}), Invoice)["vendor_name"] == \
        "Bluegum Plumbing Supplies Pty Ltd"


def test_the_run_stamps_date_decides_no_order_of_day_and_month() -> None:
    """Printed on 13 August, dated "12/08/24": that the print run came after the invoice says nothing of how
    the invoice writes its dates."""
    rows = [[(0.05, "STAMPATO IL 13 agosto 2024 06:30  PGM SDINVPRT")],
            [(0.05, "FERRAMENTA ROSSI S.R.L."), (0.7, "FATTURA")], [(0.05, "Via Roma 70"), (0.7, "PAGINA 1 DI 1")],
            [(0.05, "00184 Roma")], [(0.45, "DATA FATTURA :"), (0.62, "12/08/24")], *_ROWS,
            [(0.5, "TOTALE"), (0.85, "1.565,36")]]
    assert _read(layout(rows), Invoice)["invoice_date"] == "2024-08-12"


def test_a_column_label_two_spaces_after_the_quantitys_heads_a_column_of_its_own() -> None:
    """"ANZ  SK" is read as one span; the tax code under "SK" is no quantity."""
    rows = [[(0.05, "ARTIKELBEZEICHNUNG"), (0.55, "ANZ"), (0.59, "SK"), (0.85, "GESAMT")],
            [(0.05, "SPANPLATTENSCHRAUBEN 4X40"), (0.566, "4"), (0.598, "1"), (0.85, "68,48")],
            [(0.05, "SCHMIERÖL SAE 30 5 L"), (0.55, "24,958"), (0.598, "1"), (0.85, "119,55")],
            [(0.4, "BRUTTO EUR"), (0.85, "188,03")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [i["quantity"] for i in items] == ["4", "24.958"]


def test_a_description_ending_on_a_numbers_label_goes_on_with_the_number_under_it() -> None:
    rows = [[(0.05, "BEZEICHNUNG"), (0.5, "MENGE"), (0.65, "PREIS"), (0.85, "BETRAG")],
            [(0.05, "KOPIERPAPIER A4 80G WEISS"), (0.5, "6,000"), (0.65, "14,72"), (0.85, "88,32")],
            [(0.05, "Kabelbinder 300 mm schwarz (100 Stk.) ref."), (0.5, "10,784"), (0.65, "632,21"),
             (0.85, "6.817,75")], [(0.05, "779")],
            [(0.05, "Monteurstunde ref. 508"), (0.5, "24,000"), (0.65, "895,36"), (0.85, "21.488,64")],
            [(0.4, "GESAMTBETRAG EUR"), (0.85, "28.394,71")]]
    items = _read(layout(rows, leading=1.25), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["KOPIERPAPIER A4 80G WEISS",
                                                 "Kabelbinder 300 mm schwarz (100 Stk.) ref. 779",
                                                 "Monteurstunde ref. 508"]


def test_a_pre_printed_forms_totals_set_right_aligned_under_their_small_captions() -> None:
    """A printer's values in the boxes of pre-printed stationery: each total a line under its caption, at the
    box's right edge."""
    rows = [[(0.05, "ZÜRCHER DRUCKEREI AG"), (0.7, "RECHNUNG")],
            [(0.05, "ARTIKELBEZEICHNUNG"), (0.5, "ANZ"), (0.62, "EINZELPREIS"), (0.8, "GESAMT")],
            [(0.05, "Winkelverbinder Stahl 100x100"), (0.5, "2.00"), (0.62, "214.40"), (0.8, "428.80")],
            [(0.05, "TONERKARTUSCHE SCHWARZ /7648"), (0.5, "24.458"), (0.62, "23.51"), (0.8, "575.01")],
            [(0.05, "UST-ID CH119315699"), (0.55, "NETTOBETRAG")], [(0.8, "1’003.81")],
            [(0.55, "MWST 8.1%")], [(0.82, "81.31")], [(0.55, "ENDBETRAG CHF")], [(0.8, "1’085.12")]]
    data = _read(layout(rows, heights={k: 0.008 for k in (4, 6, 8)}, leading=1.1), Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("1003.81", "81.31", "1085.12")


def test_a_swedish_listings_short_dates_put_the_year_first() -> None:
    rows = [[(0.05, "KONTORSMATERIAL NORRLAND AB"), (0.7, "FAKTURA")], [(0.05, "Storgatan 12")],
            [(0.05, "903 26 UMEÅ")], [(0.45, "FAKTURANR     :"), (0.62, "R2501412")],
            [(0.45, "FAKTURADATUM  :"), (0.62, "25-05-08")], [(0.45, "FÖRFALLODATUM :"), (0.62, "25-07-07")],
            *_ROWS, [(0.5, "ATT BETALA"), (0.85, "1 565,36 kr")]]
    data = _read(layout(rows), Invoice)
    assert (data["invoice_date"], data["due_date"]) == ("2025-05-08", "2025-07-07")


@pytest.mark.parametrize("header", ["AMT", "EXT", "VALUE", "IMPORTÂNCIA"])
def test_a_listings_last_column_headed_by_its_value_is_the_lines_amount(header: str) -> None:
    rows = [[(0.05, "INVOICE 4711")],
            [(0.05, "CODE"), (0.15, "DESCRIPTION"), (0.5, "QTY"), (0.65, "PRICE"), (0.85, header)],
            [(0.05, "59721"), (0.15, "PRINTER RIBBON DOT MATRIX"), (0.5, "24.00"), (0.65, "306.05"), (0.85, "7345.20")],
            [(0.05, "60311"), (0.15, "MASKING TAPE 25MM"), (0.5, "2.00"), (0.65, "4.50"), (0.85, "9.00")],
            [(0.5, "TOTAL"), (0.85, "7354.20")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [i["amount"] for i in items] == ["7345.20", "9.00"]


def test_a_description_header_cut_short_by_its_column_heads_the_wrapped_descriptions() -> None:
    """"ARTIKEL/BESKRIVNI": the listing cut "BESKRIVNING" where its column ends; the descriptions wrap under their
    rows, and the rule of asterisks under the last row is none of its description."""
    rows = [[(0.05, "FAKTURA 2026/4684")],
            [(0.05, "ARTIKEL/BESKRIVNI"), (0.33, "ANTAL"), (0.47, "APRIS"), (0.84, "BELOPP")],
            [(0.05, "HYDRAULSLANG 1/2"), (0.33, "2"), (0.47, "1,80"), (0.84, "3,60")],
            [(0.05, "TUM 2 M MED")], [(0.05, "PRESSADE")],
            [(0.05, "STRÄCKFILM 500 MM"), (0.33, "50"), (0.47, "2298,70"), (0.84, "114935,00")],
            [(0.05, "*" * 60)], [(0.5, "ATT BETALA"), (0.84, "114938,60")]]
    items = _read(layout(rows, leading=1.25), Invoice)["line_items"]  # a line printer's lines close together
    assert [i["description"] for i in items] == ["HYDRAULSLANG 1/2 TUM 2 M MED PRESSADE", "STRÄCKFILM 500 MM"]


def test_a_spanish_gross_total_before_tax_and_a_rates_base_after_s() -> None:
    """"TOTAL BRUTO" is the lines' sum before tax; "IVA 10% S/ 51,63" charges the rate on 51,63: two tax lines."""
    rows = [[(0.05, "SUMINISTROS INDUSTRIALES GARCIA S.L."), (0.8, "FACTURA")],
            [(0.05, "REF."), (0.15, "DESCRIPCIÓN"), (0.6, "CANT."), (0.85, "IMPORTE")],
            [(0.15, "Rodamiento de bolas 6204-2RS"), (0.6, "50,000"), (0.85, "2.407,50")],
            [(0.15, "Papel fotocopiadora A4 80g"), (0.6, "8,475"), (0.85, "51,63")],
            [(0.45, "TOTAL BRUTO"), (0.85, "2.459,13")], [(0.45, "IVA 21%"), (0.85, "505,58")],
            [(0.45, "IVA 10% S/ 51,63"), (0.85, "5,16")], [(0.45, "TOTAL"), (0.8, "EUR 2.969,87")]]
    data = _read(layout(rows), Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("2459.13", "510.74", "2969.87")


def test_two_tax_lines_without_a_net_total_add_up_with_the_items_and_the_carriage() -> None:
    """No net total printed: the items, the carriage and both rates' tax come to what is due, so the tax is the
    sum of both tax lines, not the first alone."""
    rows = [[(0.05, "QUINCAILLERIE DUPONT SPRL"), (0.8, "FACTURE")],
            [(0.05, "LIBELLE"), (0.45, "QUANTITE"), (0.62, "PU"), (0.85, "MONTANT")],
            [(0.05, "Flexible hydraulique 1/2"), (0.45, "38,217"), (0.62, "65,07"), (0.85, "2 486,78")],
            [(0.05, "Papier copie A4 80g blanc"), (0.45, "4,20"), (0.62, "502,20"), (0.85, "2 109,24")],
            [(0.45, "FRAIS DE PORT"), (0.85, "39,00")], [(0.45, "TVA 21%"), (0.85, "450,74")],
            [(0.45, "TVA 6% SUR 2 486,78"), (0.85, "149,21")], [(0.45, "NET A PAYER"), (0.8, "EUR 5 234,97")]]
    data = _read(layout(rows), Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == (None, "599.95", "5234.97")


def test_a_bracketed_qualifier_keeps_the_label_it_narrows() -> None:
    """"Policyholder (full name)" is the policyholder's label, stronger than a witness's "name" further down."""
    rows = [[(0.05, "MOTOR CLAIM FORM")], [(0.05, "Policyholder (full name)"), (0.5, "D.O.B.")],
            [(0.05, "David O'Connell"), (0.5, "09 Jul 2001")], [(0.05, "Policy number")], [(0.05, "HH1716244")],
            [(0.05, "Witness name")], [(0.05, "Margaret Thornton")]]
    assert _read(layout(rows), ClaimForm)["claimant_name"] == "David O'Connell"


def test_a_norwegian_claim_for_treatment_costs_is_a_health_claim() -> None:
    rows = [[(0.05, "KRAV OM REFUSJON AV BEHANDLINGSUTGIFTER")], [(0.05, "Navn")], [(0.05, "NORDMANN, Kari")],
            [(0.05, "Avtalenr.")], [(0.05, "MTR5028770")], [(0.05, "Behandlende lege")],
            [(0.05, "Dr. Øyvind Solberg")]]
    assert _read(layout(rows), ClaimForm)["claim_type"] == "health"


def test_a_run_date_stamp_the_title_over_the_print_header_and_a_street_of_two_words_name_no_issuer() -> None:
    """"SYSTEM PRT01" over the print tool's line of the time and the page count; "LAUFDATUM … PGM" the run's
    stamp; "Mariahilfer Straße 101" a street named by an adjective, under the issuer's name."""
    rows = [[(0.05, "SYSTEM PRT01")], [(0.05, "Sep 03, 26 10:05"), (0.45, "INV1481.LST"), (0.85, "Page 1/1")],
            [(0.05, "LAUFDATUM"), (0.2, "03.09.26"), (0.32, "18:31 PGM INV400R")],
            [(0.05, "Tischlerei Gruber OG"), (0.7, "RECHNUNG / INVOICE")],
            [(0.05, "Mariahilfer Straße 101"), (0.75, "SEITE 1 VON 1")], [(0.05, "1060 Wien")],
            [(0.05, "TEL. 42 2676 3258"), (0.3, "FAX 31 9950 9267")], [(0.4, "RECHNUNGSNUMMER :"), (0.62, "INV0073403")], [(0.4, "BELEGDATUM      :"), (0.62, "19.07.2024")],
            *_ROWS, [(0.5, "GESAMTBETRAG EUR"), (0.85, "1.565,36")]]
    for words in (layout(rows), layout(rows[2:])):
        data = _read(words, Invoice)
        assert data["vendor_name"] == "Tischlerei Gruber OG"
        assert data["invoice_date"] == "2024-07-19"


def test_a_street_named_by_an_adjective_before_its_own_word_is_a_street() -> None:
    from engine.rules import street_line
    assert street_line("Mariahilfer Straße 101") and street_line("Frankfurter Str. 5")
    assert not street_line("Reihe 5 Platz 12")  # a theatre's seat



def test_a_norwegian_tills_sum_is_the_receipts_total() -> None:
    rows = [[(0.2, "BENSINSTASJON FJORD")], [(0.2, "Kongens gate 10")], [(0.2, "7011 Trondheim")],
            [(0.05, "5. DESEMBER 2024"), (0.4, "20:42"), (0.6, "KASSE 5")],
            [(0.05, "SANDWICH"), (0.7, "39,90"), (0.85, "A")], [(0.05, "SCREENWASH 5L"), (0.7, "49,90"), (0.85, "A")],
            [(0.05, "SUM kr"), (0.7, "89,80")], [(0.05, "BANKKORT"), (0.7, "89,80")],
            [(0.05, "MVA"), (0.2, "%"), (0.35, "NETTO"), (0.55, "MVA"), (0.75, "BRUTTO")],
            # the rate run into the net amount, as a scan's OCR read it
            [(0.05, "A"), (0.2, "25 071,84"), (0.55, "17,96"), (0.75, "89,80")]]
    assert _read(layout(rows), Receipt)["total"] == "89.80"
    from engine.labels import label_phrases, label_score
    concept, phrases = label_phrases("total")
    assert label_score("SUM kr", phrases, concept) >= 0.9  # the total's label, not a guess among the amounts


def test_dates_of_a_listing_charged_in_usd_are_read_month_first() -> None:
    """Nothing but "USD" and a sales tax say the document is American: its "09/10/24" is September 10th."""
    rows = [[(0.05, "TRI-STATE ELECTRIC SUPPLY CO"), (0.8, "INVOICE")], [(0.05, "455 Oak Avenue")],
            [(0.05, "45402 Dayton")], [(0.45, "INV#         :"), (0.62, "FA-24-33626")],
            [(0.45, "INVOICE DATE :"), (0.62, "09/10/24")], *_ROWS, [(0.5, "SUBTOTAL"), (0.85, "1,565.36")],
            [(0.5, "SALES TAX 8.25%"), (0.85, "129.14")], [(0.5, "AMOUNT DUE"), (0.8, "1,694.50 USD")]]
    assert _read(layout(rows), Invoice)["invoice_date"] == "2024-09-10"
