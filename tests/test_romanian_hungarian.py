"""Romanian and Hungarian documents: e-Factura invoices ("Factură fiscală"), invoices as NAV-compliant Hungarian
invoicing programs print them ("Számla"), till receipts ("Bon fiscal", "Nyugta") and claim forms ("Avizare daună",
"Kárbejelentő"): their labels, months, year-first Hungarian dates, lei and forints, legal forms and streets."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from engine.dates import parse_date
from engine.labels import label_phrases, label_score
from engine.numbers import parse_money
from engine.rules import yes_or_no, legal_form, street_line
from pipeline.classify import classify_words
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout
from tests.layout import read_baseline as _read

# --- dates, amounts and words ---


def test_romanian_and_hungarian_month_names_and_hungarian_year_first_dates_are_dates() -> None:
    assert parse_date("14 martie 2026") == date(2026, 3, 14)
    assert parse_date("1 noiembrie 2025") == date(2025, 11, 1)
    assert parse_date("5 ian. 2026") == date(2026, 1, 5)
    assert parse_date("2026. március 5.") == date(2026, 3, 5)
    assert parse_date("2026. márc. 5.") == date(2026, 3, 5)
    assert parse_date("3 szept. 2025") == date(2025, 9, 3)
    # year first with a stop after each part, spaced or not, as Hungarian writes numeric dates
    assert parse_date("2026. 03. 05.") == date(2026, 3, 5)
    assert parse_date("2025.03. 14.") == date(2025, 3, 14)
    assert parse_date("2026.03.05.") == date(2026, 3, 5)


def test_lei_and_forints_are_romanian_and_hungarian_money() -> None:
    assert parse_money("1.234,56 lei") == (Decimal("1234.56"), "RON")
    assert parse_money("1 234,56 Ft") == (Decimal("1234.56"), "HUF")
    assert parse_money("12 ft") == (None, None)  # feet, no forint


def _score(field: str, text: str) -> float:
    concept, phrases = label_phrases(field)
    return label_score(text, phrases, concept)


def test_a_hungarian_invoices_delivery_date_is_not_its_date_and_an_orders_number_not_its_number() -> None:
    assert _score("invoice_date", "Kiállítás dátuma") == 1.0
    assert _score("invoice_date", "Számla kelte") == 1.0
    assert _score("invoice_date", "Teljesítés dátuma") == 0.0  # the day of delivery
    assert _score("due_date", "Fizetési határidő") == 1.0
    assert _score("invoice_number", "Număr factură") == 1.0
    assert _score("invoice_number", "Nr. comandă") == 0.0
    assert _score("total", "ÁFA összesen") == 0.0  # the VAT's sum, no total
    assert _score("total", "Modalitate de plată") == 0.0  # how it is paid
    assert _score("subtotal", "Total fără TVA") == 1.0


def test_romanian_and_hungarian_legal_forms_streets_and_answers() -> None:
    assert all(legal_form(n) for n in ("Pannon Szerviz Zrt.", "Alföld Agro Bt.", "Mol Nyrt.", "Ion Popescu PFA"))
    assert all(street_line(s) for s in ("Str. Florilor nr. 40", "Calea Dorobanților nr. 130", "Rákóczi út 148.",
                                        "Kossuth Lajos utca 115.", "Széchenyi tér 1."))
    assert not street_line("Salt Lake City UT 84101")
    assert (yes_or_no("Igen"), yes_or_no("Nem"), yes_or_no("Nu")) == (True, False, False)


def test_romanian_and_hungarian_documents_are_told_apart_by_their_words() -> None:
    # an invoice paid by card (its masked card number is a till's mark) is an invoice by its captions
    invoice = layout([[(0.05, "Számla"), (0.3, "SZ-2026-03378")], [(0.05, "Kiállítás dátuma"), (0.3, "2026. 02. 08.")],
                      [(0.05, "Nettó összesen"), (0.3, "1 000,00 Ft")], [(0.05, "Bruttó összesen"), (0.3, "1 270,00 Ft")],
                      [(0.05, "Fizetve"), (0.3, "Bankkártya **** 5610")]])
    assert classify_words(invoice).doc_type == "invoice"
    receipt = layout([[(0.3, "NYUGTA")], [(0.05, "ÖSSZESEN"), (0.6, "114,47 Ft")], [(0.05, "Készpénz"), (0.6, "120,00")],
                      [(0.05, "Visszajáró"), (0.6, "5,53")]])
    assert classify_words(receipt).doc_type == "receipt"
    # a car park's slip: no word of a till's but its card and its thanks for the purchase
    parking = layout([[(0.2, "Szeged Park Bt.")], [(0.06, "Dátum"), (0.66, "2025.05.26.")],
                      [(0.06, "In"), (0.8, "06:04")], [(0.06, "Out"), (0.8, "09:04")], [(0.06, "3 h"), (0.8, "1 200")],
                      [(0.06, "ÖSSZESEN HUF"), (0.77, "1 200")], [(0.06, "Bankkártya")],
                      [(0.22, "Köszönjük a vásárlást!")]])
    assert classify_words(parking).doc_type == "receipt"
    claim = classify_words(layout([[(0.05, "Kárbejelentő lap")], [(0.05, "Biztosított neve"), (0.5, "Kötvényszám")],
                                   [(0.05, "Káresemény időpontja"), (0.5, "Becsült kárösszeg")]]))
    assert (claim.doc_type, claim.reason) == ("claim_form", None)


# --- whole documents ---


def test_a_romanian_e_factura_reads_whole() -> None:
    rows = [[(0.05, "Olt Servicii S.R.L."), (0.7, "FACTURĂ FISCALĂ")],
            [(0.05, "FURNIZOR"), (0.35, "CUMPĂRĂTOR"), (0.7, "NUMĂR FACTURĂ")],
            [(0.05, "Olt Servicii S.R.L."), (0.35, "Delta Construct S.A."), (0.7, "2025-3713")],
            [(0.05, "Str. Florilor nr. 22"), (0.35, "Bd. Unirii nr. 18"), (0.7, "DATA EMITERII")],
            [(0.05, "010011 București"), (0.35, "400001 Cluj-Napoca"), (0.7, "4 februarie 2025")],
            [(0.05, "CUI RO539008182"), (0.7, "DATA SCADENȚEI")],
            [(0.7, "11 februarie 2025")],
            [(0.05, "Denumire produse sau servicii"), (0.45, "U.M."), (0.55, "Cant."), (0.65, "Preț unitar"),
             (0.85, "Valoare")],
            [(0.05, "Mouse wireless"), (0.45, "buc"), (0.55, "6"), (0.65, "3.358,08"), (0.85, "20.148,48")],
            [(0.05, "Cafea boabe 1 kg"), (0.45, "buc"), (0.55, "3"), (0.65, "498,45"), (0.85, "1.495,35")],
            [(0.55, "Total fără TVA"), (0.85, "21.643,83 lei")],
            [(0.55, "TVA 21%"), (0.85, "4.545,20 lei")],
            [(0.55, "Total de plată"), (0.85, "26.189,03 lei")]]
    data = _read(layout(rows), Invoice)
    assert (data["vendor_name"], data["invoice_number"]) == ("Olt Servicii S.R.L.", "2025-3713")
    assert (data["invoice_date"], data["due_date"], data["currency"]) == ("2025-02-04", "2025-02-11", "RON")
    assert (data["subtotal"], data["tax"], data["total"]) == ("21643.83", "4545.20", "26189.03")
    assert [(i["description"], i["amount"]) for i in data["line_items"]] == [
        ("Mouse wireless", "20148.48"), ("Cafea boabe 1 kg", "1495.35")]


def test_a_price_label_whose_comma_below_letter_a_scan_lost_still_heads_the_price_column() -> None:
    """OCR loses the ț of "Preț unitar" at the word's end: "Pre unitar" is still the unit price's label, so the
    prices under it are the items' unit prices."""
    rows = [[(0.1, "Transilvania Tipografie S.A."), (0.6, "FACTURĂ FISCALĂ")],
            [(0.59, "Număr factură"), (0.82, "25418658")], [(0.59, "Data emiterii"), (0.82, "12.11.2025")],
            [(0.1, "#"), (0.138, "Denumire produs/serviciu"), (0.535, "Cant."), (0.624, "Pre unitar"),
             (0.848, "Valoare")],
            [(0.102, "1"), (0.138, "Jabra Evolve2 40 headset"), (0.552, "3"), (0.647, "551,55"), (0.839, "1.654,65")],
            [(0.102, "2"), (0.139, "USB-C docking station"), (0.549, "50"), (0.635, "1.760,82"),
             (0.831, "88.041,00")],
            [(0.59, "Total fără TVA"), (0.791, "89.695,65 RON")], [(0.59, "TVA 19 %"), (0.791, "17.042,17 RON")],
            [(0.59, "Total de plată"), (0.765, "106.737,82 RON")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in items] == [
        ("3", "551.55", "1654.65"), ("50", "1760.82", "88041.00")]


def test_a_hungarian_szamla_with_its_number_after_its_title_and_year_first_dates_reads_whole() -> None:
    rows = [[(0.05, "Duna Irodatechnika Kft.")], [(0.05, "Rákóczi út 131.")], [(0.05, "4024 Debrecen")],
            [(0.05, "Adószám: HU78046521")],
            [(0.05, "Számla FV/7945/03/2025")],
            [(0.05, "Kiállítás dátuma"), (0.3, "2025. 09. 17.")],
            [(0.05, "Teljesítés dátuma"), (0.3, "2025. 09. 15.")],
            [(0.05, "Fizetési határidő"), (0.3, "2025. október 17.")],
            [(0.05, "Megnevezés"), (0.45, "Menny."), (0.6, "Egységár"), (0.72, "ÁFA"), (0.85, "Nettó érték")],
            [(0.05, "USB-C dokkoló"), (0.45, "2"), (0.6, "565,79 Ft"), (0.72, "27%"), (0.85, "1 131,58 Ft")],
            [(0.05, "Szemes kávé 1 kg"), (0.45, "12"), (0.6, "110,17 Ft"), (0.72, "27%"), (0.85, "1 322,04 Ft")],
            [(0.55, "Nettó összesen"), (0.85, "2 453,62 Ft")],
            [(0.55, "ÁFA 27%"), (0.85, "662,48 Ft")],
            [(0.55, "Fizetendő összeg"), (0.85, "3 116,10 Ft")]]
    data = _read(layout(rows), Invoice)
    assert (data["vendor_name"], data["invoice_number"]) == ("Duna Irodatechnika Kft.", "FV/7945/03/2025")
    assert (data["invoice_date"], data["due_date"], data["currency"]) == ("2025-09-17", "2025-10-17", "HUF")
    assert (data["subtotal"], data["tax"], data["total"]) == ("2453.62", "662.48", "3116.10")
    assert len(data["line_items"]) == 2


def test_a_hungarian_nyugta_reads_its_merchant_date_and_total() -> None:
    rows = [[(0.3, "Tisza Töltőállomás Kft.")], [(0.3, "Andrássy út 74.")], [(0.3, "1052 Budapest")],
            [(0.35, "NYUGTA")],
            [(0.05, "Dízel 59,371 L"), (0.7, "114,47")],
            [(0.05, "ÖSSZESEN"), (0.7, "114,47 Ft")],
            [(0.05, "Készpénz"), (0.7, "120,00")], [(0.05, "Visszajáró"), (0.7, "5,53")],
            [(0.05, "2025. 09. 25. 07:23")]]
    data = _read(layout(rows), Receipt)
    assert data["merchant_name"] == "Tisza Töltőállomás Kft."
    assert (data["date"], data["total"]) == ("2025-09-25", "114.47")
    assert data["merchant_address"] == "Andrássy út 74., 1052 Budapest"
    # the postcode and town first, then the street, as Hungarian addresses are written too; the tax number under
    # them ("Adószám") is no part of the address
    rows[1:3] = [[(0.3, "9021 Győr")], [(0.3, "Andrássy út 172.")], [(0.3, "Adószám 42717078-2-96")]]
    assert _read(layout(rows), Receipt)["merchant_address"] == "9021 Győr, Andrássy út 172."


def test_a_romanian_claim_form_reads_whole() -> None:
    rows = [[(0.05, "Formular de avizare daună")],
            [(0.05, "Numele asiguratului"), (0.5, "Data nașterii")],
            [(0.05, "Radu Munteanu"), (0.5, "26.11.1948")],
            [(0.05, "Număr poliță"), (0.5, "Telefon")],
            [(0.05, "BB-1523393"), (0.5, "+40 721 497 889")],
            [(0.05, "Adresa")], [(0.05, "Str. Florilor nr. 40")],
            [(0.05, "Cod poștal"), (0.5, "Localitate")], [(0.05, "010011"), (0.5, "București")],
            [(0.05, "Tipul daunei")],
            [(0.05, "☐ Auto"), (0.25, "☐ Locuință"), (0.45, "☐ Sănătate"), (0.65, "☒ Călătorie")],
            [(0.05, "Data evenimentului"), (0.5, "Valoare estimată")],
            [(0.05, "28 februarie 2025"), (0.5, "13.326,17 lei")],
            [(0.05, "A fost anunțată poliția?"), (0.5, "☒ Da"), (0.6, "☐ Nu")],
            [(0.05, "Semnătura"), (0.5, "/s/ Radu Munteanu")]]
    data = _read(layout(rows), ClaimForm)
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Radu Munteanu", "1948-11-26", "BB-1523393")
    assert data["address"] == {"street": "Str. Florilor nr. 40", "city": "București", "postal_code": "010011"}
    assert (data["claim_type"], data["incident_date"], data["claim_amount"]) == ("travel", "2025-02-28", "13326.17")
    assert (data["police_report_filed"], data["signed"]) == (True, True)


@pytest.mark.parametrize("question", ["Evenimentul a fost declarat la poliție?",
                                      "Evenimentul a fost raportat la poliție?", "A fost declarat la politie?"])
@pytest.mark.parametrize("ticked", ["Da", "Nu"])
def test_a_romanian_question_whether_the_event_was_declared_to_the_police_is_read(question: str, ticked: str) -> None:
    """ "Evenimentul a fost declarat la poliție?" (was the event declared to the police), "☒ Da  ☐ Nu" after it."""
    rows = [[(0.05, "Nume, prenume: Ion Popescu")], [(0.05, "Număr poliță: 948.948.2358")],
            [(0.05, question), (0.5, ("☒" if ticked == "Da" else "☐") + " Da"),
             (0.6, ("☒" if ticked == "Nu" else "☐") + " Nu")]]
    assert _read(layout(rows), ClaimForm)["police_report_filed"] is (ticked == "Da")


def test_a_hungarian_karbejelento_reads_whole() -> None:
    rows = [[(0.05, "Kárbejelentő lap")],
            [(0.05, "Biztosított neve"), (0.5, "Születési dátum")],
            [(0.05, "Bence Tóth"), (0.5, "1995. 01. 12.")],
            [(0.05, "Kötvényszám"), (0.5, "Telefon")],
            [(0.05, "AD-1280057"), (0.5, "+36 30 115 1160")],
            [(0.05, "Utca, házszám")], [(0.05, "Kossuth Lajos utca 115.")],
            [(0.05, "Irányítószám"), (0.5, "Település")], [(0.05, "6720"), (0.5, "Szeged")],
            [(0.05, "Kár típusa")],
            [(0.05, "☐ Gépjármű"), (0.25, "☒ Lakás"), (0.45, "☐ Egészség"), (0.65, "☐ Utazás")],
            [(0.05, "Káresemény időpontja"), (0.5, "Becsült kárösszeg")],
            [(0.05, "2025. július 27."), (0.5, "4 464,36 Ft")],
            [(0.05, "Történt rendőrségi bejelentés?"), (0.5, "☐ Igen"), (0.6, "☒ Nem")],
            [(0.05, "Aláírás"), (0.5, "/s/ Bence Tóth")]]
    data = _read(layout(rows), ClaimForm)
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Bence Tóth", "1995-01-12", "AD-1280057")
    assert data["address"] == {"street": "Kossuth Lajos utca 115.", "city": "Szeged", "postal_code": "6720"}
    assert (data["claim_type"], data["incident_date"], data["claim_amount"]) == ("home", "2025-07-27", "4464.36")
    assert (data["police_report_filed"], data["signed"]) == (False, True)


def test_a_hungarian_tutors_hours_and_fee_columns_are_the_quantity_and_the_unit_price() -> None:
    """ "Dátum | Megnevezés | Óra | Díj | Érték": the hours (óra) and the fee (díj) of a lesson are its quantity and
    its unit price."""
    rows = [[(0.07, "Németh Oktatási Bt.")], [(0.6, "Számla sorszáma"), (0.8, "NO-2025/118")],
            [(0.6, "Kelte"), (0.8, "2025.12.08.")],
            [(0.07, "Dátum"), (0.2, "Megnevezés"), (0.55, "Óra"), (0.65, "Díj"), (0.82, "Érték")],
            [(0.07, "2025.12.03."), (0.2, "Magyar: fogalmazásírás gyakorlása"), (0.55, "2,5"), (0.65, "18 565,00"),
             (0.82, "46 412,50")],
            [(0.07, "2025.12.06."), (0.2, "Online óra videóhívásban"), (0.55, "1"), (0.65, "11 060,00"),
             (0.82, "11 060,00")],
            [(0.55, "Bruttó végösszeg HUF"), (0.82, "57 472,50")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in items] == [
        ("2.5", "18565.00", "46412.50"), ("1", "11060.00", "11060.00")]


def test_a_one_line_address_under_its_caption_of_three_parts_keeps_the_caption_out() -> None:
    """ "Strada, nr. / Cod poștal / Localitate" over "Strada Florilor nr. 59, 400001 Cluj-Napoca": the caption over
    the address, which starts where it does, is no first line the address wrapped from."""
    rows = [[(0.07, "Asigurări Transilvania S.A.")], [(0.07, "Avizare daună")],
            [(0.07, "Numele asiguratului"), (0.4, "Telefon")], [(0.07, "Elena Stanciu"), (0.4, "+45 960 516062")],
            [(0.07, "Strada, nr. / Cod poștal / Localitate")], [(0.07, "Strada Florilor nr. 59, 400001 Cluj-Napoca")],
            [(0.07, "Număr poliță")], [(0.07, "POL1340432")],
            [(0.07, "Data evenimentului"), (0.35, "Suma solicitată (RON)")], [(0.07, "22.06.2025"), (0.35, "7.148,17")]]
    data = _read(layout(rows), ClaimForm)
    assert data["address"] == {"street": "Strada Florilor nr. 59", "city": "Cluj-Napoca", "postal_code": "400001"}


def test_a_hungarian_wine_invoices_article_and_vat_columns_are_neither_description_nor_price() -> None:
    """``Cikkszám  Megnevezés  ÁFA  Menny.  Nettó egységár  Érték``: the article number's label set close before the
    description's and the VAT rate's before the quantity's head columns of their own; a unit price to four places
    in spaced thousands (``16 560,0045``) is one figure; a protected origin and vintage (``DOP 2021``) is no Dominican
    peso."""
    rows = [[(0.08, "Borház Lindenhof Kft.")], [(0.08, "Rákóczi út 50."), (0.58, "Számla kelte: 2026. április 23.")],
            [(0.08, "6720 Szeged"), (0.58, "Vevőkód: 944717")], [(0.08, "SZÁMLA FA202604-56851")],
            [(0.084, "Cikkszám Megnevezés"), (0.55, "ÁFA Menny. Nettó egységár"), (0.866, "Érték")],
            [(0.084, "12411"), (0.171, "Gift box, wooden"), (0.553, "5 %"), (0.63, "3"), (0.66, "16 560,0045"),
             (0.837, "49 680,01")],
            [(0.084, "88763"), (0.171, "Primitivo di Manduria DOP 2021"), (0.553, "27 %"), (0.63, "2"),
             (0.66, "11 145,00"), (0.837, "22 290,00")],
            [(0.6, "Nettó összesen"), (0.837, "71 970,01")], [(0.6, "ÁFA"), (0.837, "8 502,80")],
            [(0.6, "Fizetendő HUF"), (0.837, "80 472,81")]]
    data = _read(layout(rows), Invoice)
    assert [(i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in data["line_items"]] == [
        ("Gift box, wooden", "3", "16560.0045", "49680.01"),
        ("Primitivo di Manduria DOP 2021", "2", "11145.00", "22290.00")]
    assert data["currency"] == "HUF"


def test_a_hungarian_till_receipt_that_names_no_currency_reads_its_whole_forints() -> None:
    """``ÖSSZESEN 124 390``: a Hungarian till prints forints whole, thousands set apart by a space, and names no
    currency; its words (``Összesen``, ``Készpénz``, ``Visszajáró``) tell the amounts are whole."""
    rows = [[(0.24, "Schreibwaren Aubry")], [(0.39, "Rákóczi út 50.")], [(0.42, "9021 Győr")],
            [(0.05, "Nyugtaszám 10761"), (0.5, "2025.11.08. 15:56")],
            [(0.05, "A4 copy paper 500 sh.")], [(0.1, "3 x 3 450"), (0.6, "10 350 B")],
            [(0.05, "Fountain pen Pelikan M200"), (0.6, "114 040 B")],
            [(0.06, "ÖSSZESEN"), (0.6, "124 390")], [(0.05, "Készpénz"), (0.6, "125 000")],
            [(0.05, "Visszajáró"), (0.6, "610")]]
    assert _read(layout(rows), Receipt)["total"] == "124390"
