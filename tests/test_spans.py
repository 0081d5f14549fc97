"""Value parsing (amounts, dates, currencies) and the candidate-span partition."""

from __future__ import annotations

import random
import re
from datetime import date
from decimal import Decimal

import pytest

from engine.base import Word
from engine.dates import DateOrder, guess_date_order, infer_date_order, month_number, parse_date
from engine.numbers import (
    detect_currency,
    infer_decimal_separator,
    parse_amount,
    parse_money,
    parse_percent,
    writes_whole_amounts,
)
from engine.spans import (
    Span,
    SpanKind,
    find_spans,
    group_cells,
    join_spread_amounts,
    join_wrapped_years,
    value_of,
    word_text,
)
from schemas import Invoice, Receipt
from tests.layout import CHAR_W, layout, read_baseline
from tests.realdocs import KEY_MAP, REAL_DIR, real_documents

# ----------------------------------------------------------------------------------------------- amounts

AMOUNTS = [
    ("1,234.56", "1234.56"), ("1.234,56", "1234.56"), ("1 234,56", "1234.56"), ("1\u00a0234,56", "1234.56"),
    ("1\u202f234.56", "1234.56"), ("1'234.56", "1234.56"), ("1’234.56", "1234.56"), ("-12.00", "-12.00"),
    ("\u221212.00", "-12.00"), ("(12.00)", "-12.00"), ("12.00-", "-12.00"), ("+5", "5"), ("€ 1.234,56", "1234.56"),
    ("1.234,56 EUR", "1234.56"), ("USD 12", "12"), ("$4.11", "4.11"), ("€ -9,32", "-9.32"), ("-€9.32", "-9.32"),
    ("12,-", "12"), ("1,23,456.00", "123456.00"), ("1.234.567", "1234567"), ("12.345,6", "12345.6"),
    ("0,75 €", "0.75"), ("29.99 €", "29.99"), ("Rs. 1,939.00", "1939.00"), ("₹319", "319"), ("12 zł", "12"),
    ("PLN 316,83", "316.83"), ("£0.90", "0.90"), ("CHF 1'250.00", "1250.00"), ("US$ 5", "5"), ("0.125", "0.125"),
    ("1.500", "1500"), ("1,500", "1500"), ("42183017", "42183017"), ("3.0", "3.0"),
    # a stop after the cents (a sentence's, or a scan's speck), where the whole part has three figures or more
    ("1'118.70.", "1118.70"), ("1.234,56.", "1234.56"), ("118.70,", "118.70"),
    ("1\u2032168.90", "1168.90"),  # a prime OCR read for the apostrophe
    ("10.93.EUR", "10.93"), ("7,50.CHF", "7.50"),  # a speck between the cents and the currency's code
    ("7308.14k", "7308.14"), ("1 250,00k", "1250.00"),  # a crown's "kr" whose "r" a scan lost
]
NOT_AMOUNTS = ["", "abc", "01.05.14", "1.2.3", "21%", "EURO", "(870)-931-0505", "12.", "1,23.4,5", "€", "1 23", "--5",
               "12.05.", "2024.05.", "24.07.16.", "12k", "12.5k"]


@pytest.mark.parametrize(("text", "expected"), AMOUNTS)
def test_parse_amount(text: str, expected: str) -> None:
    assert parse_amount(text) == Decimal(expected)


@pytest.mark.parametrize("text", NOT_AMOUNTS)
def test_not_an_amount(text: str) -> None:
    assert parse_amount(text) is None


def test_decimal_separator_hint_settles_three_decimals() -> None:
    assert parse_amount("1.500") == Decimal(1500)
    assert parse_amount("1.500", decimal_sep=".") == Decimal("1.500")
    assert parse_amount("54,910", decimal_sep=",") == Decimal("54.910")
    assert parse_amount("1.234,56", decimal_sep=".") == Decimal("1234.56")  # unambiguous either way


@pytest.mark.parametrize(("texts", "expected"), [
    (["1.234,56", "5,39", "12.50", "3,89"], ","),
    (["1,234.56", "4.11", "0.00"], "."),
    (["01.05.2014", "12:30"], None),
    (["1.500"], None),
])
def test_infer_decimal_separator(texts: list[str], expected: str | None) -> None:
    assert infer_decimal_separator(texts) == expected


@pytest.mark.parametrize(("text", "amount", "code"), [
    ("€ 399,00", "399.00", "EUR"), ("1.234,56 EUR", "1234.56", "EUR"), ("$4.11", "4.11", "USD"),
    ("Rs 1939", "1939", "INR"), ("316,83 PLN", "316.83", "PLN"), ("£12", "12", "GBP"), ("12.50", "12.50", None),
    ("HK$ 100", "100", "HKD"), ("¥500", "500", "JPY"),
    ("1 006,94 zt", "1006.94", "PLN"), ("188,29zi", "188.29", "PLN"),  # a scan's "zł" as OCR reads it
    ("7308.14k", "7308.14", "SEK"),  # a crown's "kr" whose "r" a scan lost
    # the code on one side, the symbol on the other: the code names it ("kr." agrees with any crown)
    ("DKK 29.091,21 kr.", "29091.21", "DKK"), ("kr 1 234,50 NOK", "1234.50", "NOK"), ("€ 12,00 EUR", "12.00", "EUR"),
])
def test_parse_money_returns_the_currency(text: str, amount: str, code: str | None) -> None:
    assert parse_money(text) == (Decimal(amount), code)


@pytest.mark.parametrize("text", ["USD 12,00 EUR", "EUR 12.00 $", "SEK 12,00 €"])
def test_two_currencies_that_disagree_are_no_amount(text: str) -> None:
    assert parse_money(text) == (None, None)


@pytest.mark.parametrize(("text", "amount"), [
    ("1.467.44", "1467.44"), ("S$23.111.22", "23111.22"), ("1,245,53", "1245.53"), ("10.000.00", "10000.00"),
    ("1.234.567", "1234567"),  # grouping only
    ("12.03.26", None), ("1.2.33", None), ("192.168.1.1", None),  # a date, a version, an address: no amounts
])
def test_cents_after_groups_written_with_the_same_separator_are_cents(text: str, amount: str | None) -> None:
    """A scan's OCR reads the decimal point of "1,467.44" as a comma's twin: thousands groups, then two digits."""
    assert parse_amount(text) == (Decimal(amount) if amount else None)


@pytest.mark.parametrize(("text", "amount"), [
    ("R 3 581,98", "3581.98"), ("R127,95", "127.95"), ("-R 2 059,64", "-2059.64"), ("R 1,250.00", "1250.00"),
    ("R1234", None), ("R 120", None), ("R&D", None),  # no cents: an identifier or a word, not the rand
])
def test_the_rands_bare_r_counts_before_cents_only(text: str, amount: str | None) -> None:
    assert parse_money(text) == ((Decimal(amount), "ZAR") if amount else (None, None))
    assert detect_currency("R") is None and detect_currency("R", strict=True) is None


@pytest.mark.parametrize(("text", "code"), [
    ("€", "EUR"), ("$", "USD"), ("£", "GBP"), ("¥", "JPY"), ("₹", "INR"), ("zł", "PLN"), ("EUR", "EUR"),
    ("CHF", "CHF"), ("$4.11", "USD"), ("29.99€", "EUR"), ("Euro", "EUR"), ("eur", None), ("XYZ", None), ("Total", None),
])
def test_detect_currency(text: str, code: str | None) -> None:
    assert detect_currency(text) == code


def test_strict_currency_ignores_words() -> None:
    assert detect_currency("Rs") == "INR"
    assert detect_currency("Rs", strict=True) is None
    assert detect_currency("zi", strict=True) is None  # OCR's reading of "zł" counts only next to an amount
    assert detect_currency("EUR", strict=True) == "EUR"


def test_parse_percent() -> None:
    assert parse_percent("21%") == Decimal(21)
    assert parse_percent("15.00 %") == Decimal("15.00")
    assert parse_percent("0,2%") == Decimal("0.2")
    assert parse_percent("21") is None

# ----------------------------------------------------------------------------------------------- dates


DATES = [
    ("2024-03-05", None, date(2024, 3, 5)), ("2024.03.05", None, date(2024, 3, 5)),
    ("2024/3/5", None, date(2024, 3, 5)), ("2024-03-05T10:00:00Z", None, date(2024, 3, 5)),
    ("05/03/2024", None, date(2024, 3, 5)), ("05/03/2024", "MDY", date(2024, 5, 3)),
    ("13/05/2024", "MDY", date(2024, 5, 13)), ("05/13/2024", None, date(2024, 5, 13)),
    ("05.03.2024", "MDY", date(2024, 3, 5)), ("5.3.24", None, date(2024, 3, 5)), ("8-9-2022", None, date(2022, 9, 8)),
    ("3 Apr 2024", None, date(2024, 4, 3)), ("April 3, 2024", None, date(2024, 4, 3)),
    ("August 3 , 2014", None, date(2014, 8, 3)), ("3. April 2024", None, date(2024, 4, 3)),
    ("03-Apr-24", None, date(2024, 4, 3)), ("2024-Apr-03", None, date(2024, 4, 3)),
    ("Jan 1, 2022", None, date(2022, 1, 1)), ("3rd of April 2024", None, date(2024, 4, 3)),
    ("Monday, 3 April 2024", None, date(2024, 4, 3)), ("Mar 3, 2024", None, date(2024, 3, 3)),
    ("19 april 2014", None, date(2014, 4, 19)), ("29 maart 2014", None, date(2014, 3, 29)),
    ("12 mrt 2023", None, date(2023, 3, 12)), ("7. Mai 2014", None, date(2014, 5, 7)),
    ("12. März 2024", None, date(2024, 3, 12)), ("1er juillet 2015", None, date(2015, 7, 1)),
    ("02 Juillet 2015", None, date(2015, 7, 2)), ("3 févr. 2024", None, date(2024, 2, 3)),
    ("lundi 3 avril 2024", None, date(2024, 4, 3)), ("3 de abril de 2024", None, date(2024, 4, 3)),
    ("21 de diciembre de 1990", None, date(1990, 12, 21)), ("5 settembre 2023", None, date(2023, 9, 5)),
    ("5 stycznia 2021", None, date(2021, 1, 5)), ("30 października 2020", None, date(2020, 10, 30)),
    ("2 May 2025.", None, date(2025, 5, 2)), ("Do 27. Apr. 2023", None, date(2023, 4, 27)),
    ("do 27 apr. 2023", None, date(2023, 4, 27)), ("za 12 maart 2024", None, date(2024, 3, 12)),
    ("10.05.2024).", None, date(2024, 5, 10)), ("20 de julio de 2025).", None, date(2025, 7, 20)),
    ("18.08,1996", None, date(1996, 8, 18)), ("18,08.1996", None, date(1996, 8, 18)),  # a stop OCR read as a comma
]
NOT_DATES = ["", "2024", "42183017", "Juli 2024", "01.05.14-31.05.14", "1 - July 31 ,", "Feb 30, 2024",
             "3 jui 2024", "12:30", "3.0", "Apr 3, 24", "13/13/2024", "1.234,56", "18,08,1996",
             "do 27 sty 2022"]  # Polish "until 27 January": the "do" is the label's ("Płatne do"), not a Thursday


@pytest.mark.parametrize(("text", "order", "expected"), DATES)
def test_parse_date(text: str, order: str | None, expected: date) -> None:
    assert parse_date(text, order=order) == expected


@pytest.mark.parametrize("text", NOT_DATES)
def test_not_a_date(text: str) -> None:
    assert parse_date(text) is None


def test_month_names() -> None:
    assert month_number("Mär.") == 3
    assert month_number("juil") == 7
    assert month_number("jui") is None  # juin or juillet
    assert month_number("Oct") == 10
    assert month_number("października") == 10
    assert month_number("ma") is None


def test_infer_date_order() -> None:
    assert infer_date_order(["03/20/2023", "04/04/2023"]) == DateOrder.MDY
    assert infer_date_order(["31/12/2017", "01/01/2018"]) == DateOrder.DMY
    assert infer_date_order(["01/02/2020"]) is None
    assert infer_date_order(["31/12/2017", "12/30/2017", "25/01/2018"]) == DateOrder.DMY


def test_a_swedish_documents_short_dates_are_read_year_first() -> None:
    lines = ["Fakturadatum: 25-05-08", "Förfallodatum: 25-07-07", "ATT BETALA 1 234,00 kr"]
    assert guess_date_order(lines) == DateOrder.YMD
    assert parse_date("25-05-08", order=DateOrder.YMD) == date(2025, 5, 8)
    assert parse_date("08/05/2025", order=DateOrder.YMD) == date(2025, 5, 8)  # its other dates day first
    assert parse_date("25-05-08") == date(2008, 5, 25)  # elsewhere day first
    # a Danish invoice writes its short dates day first; a Swedish one with four-digit years has no short ones
    assert guess_date_order(["Fakturadato: 25-05-08", "Moms 25%", "I alt DKK 1.234,00"]) != DateOrder.YMD
    assert guess_date_order(["Fakturadatum: 2025-05-08", "Tel 08-123 45 67", "SEK 1 234,00"]) != DateOrder.YMD


def test_a_swedish_till_receipts_short_date_is_read_year_first() -> None:
    """A Swedish till names no invoice words: its VAT number (``SE`` and twelve digits ending ``01``), its thanks or
    ``Kassakvitto`` say Swedish; a Danish till's ``Moms`` and ``Tak`` do not."""
    lines = ["Apoteket Lilja", "Momsreg.nr SE604451432801", "TOTALT 2,92", "24-03-08 14:10"]
    assert guess_date_order(lines) == DateOrder.YMD
    assert guess_date_order(["KASSAKVITTO", "Totalt 12,50", "24-03-08 14:10"]) == DateOrder.YMD
    assert guess_date_order(["Tack och välkommen åter!", "24-03-08 14:10"]) == DateOrder.YMD
    assert guess_date_order(["Moms 25%", "I ALT 12,50", "Tak for besøget", "08-03-24 14:10"]) != DateOrder.YMD


def test_a_hungarian_tills_short_dates_are_read_year_first() -> None:
    """A Hungarian till writes a short date year first, a stop after each part ("24.07.16." is 16 July 2024); a
    German receipt's "16.07.24" has no stop after its year and stays day first."""
    lines = ["TAXI NYUGTA", "Dátum 24.07.16. 18:48", "ÖSSZESEN HUF 10 310"]
    assert guess_date_order(lines) == DateOrder.YMD
    assert parse_date("24.07.16.", order=DateOrder.YMD) == date(2024, 7, 16)
    assert guess_date_order(["Kasse 3", "Datum 16.07.24 18:48", "SUMME EUR 12,30"]) != DateOrder.YMD
    assert guess_date_order(["NYUGTA 4750", "Összesen 3 400 Ft", "Dátum 16.07.2024"]) != DateOrder.YMD


def test_guess_date_order_uses_a_us_address_when_dates_do_not_decide() -> None:
    assert guess_date_order(["Albany, NY 12202", "Date: 04/12/2020"]) == DateOrder.MDY
    assert guess_date_order(["75008 Paris", "Date: 04/12/2020"]) is None
    assert guess_date_order(["Albany, NY 12202", "Date: 24/12/2020"]) == DateOrder.DMY


def test_a_us_till_receipts_sales_tax_or_ein_reads_the_month_first() -> None:
    """A US shop's receipt that prints ``VAT ID`` beside its EIN: the sales tax and the EIN are American."""
    lines = ["Corner Market LLC", "11/05/2025 20:25", "Sales tax 8.875% $9.47", "TOTAL $116.19",
             "VAT ID EIN 59-9723313"]
    assert guess_date_order(lines) == DateOrder.MDY
    assert guess_date_order(["Sales Tax 6.25% 1.90", "11/05/2025"]) == DateOrder.MDY
    assert guess_date_order(["EIN 59-9723313", "Total 12.00", "11/05/2025"]) == DateOrder.MDY
    assert guess_date_order(["VAT ID: EIN 600972389", "VAT 7.25%", "Invoice date: 05/09/2025"]) == DateOrder.MDY
    assert guess_date_order(["EIN ANGEBOT", "11/05/2025"]) is None  # a German capital "ein" names no EIN


def test_thanks_in_several_languages_english_among_them_say_nothing_of_the_date_order() -> None:
    """A US bookshop's till receipt closes with "Thank you / Merci / Danke": its address says month first. Thanks
    in German alone, or a German word beside English thanks, still say day first."""
    lines = ["The Inkwell Bookshop", "Boise, ID 83702", "11/10/2026 07:02 AMOUNT PAID 150.51",
             "Thank you / Merci / Danke"]
    assert guess_date_order(lines) == DateOrder.MDY
    assert guess_date_order([*lines[:3], "Vielen Dank / Danke"]) == DateOrder.DMY
    assert guess_date_order([*lines[:3], "Thank you! Kasse 2"]) == DateOrder.DMY


@pytest.mark.parametrize("address", ["Brisbane QLD 4000", "London W1U 3BW", "Singapore 238801",
                                     "Auckland, New Zealand", "Dublin D02 X285", "Galway, Ireland"])
def test_guess_date_order_reads_the_day_first_beside_an_address_of_a_country_that_writes_it_so(address: str) -> None:
    """A till receipt of an Australian, British or Singaporean shop, paid in a bare "$": the day first."""
    assert guess_date_order(["Harbour Fish & Chips", address, "DATE 07/04/2026", "TOTAL $41.17"]) == DateOrder.DMY
    assert guess_date_order(["Portland, OR 97205", "DATE 07/04/2026", "TOTAL $41.17"]) == DateOrder.MDY
    # with a party in a continental city as well, the address decides nothing: the bare "$" says month first
    assert guess_date_order(["69002 Lyon", address, "DATE 07/04/2026", "TOTAL $41.17"]) == DateOrder.MDY


def test_guess_date_order_reads_a_north_american_phone_number_month_first() -> None:
    assert guess_date_order(["Tel 819.349.6021x8886", "05/08/2025"]) == DateOrder.MDY
    assert guess_date_order(["Phone 540-977-6333", "05/08/2025"]) == DateOrder.MDY
    assert guess_date_order(["IBAN 123.456.7890.12", "05/08/2025"]) is None  # part of a longer number
    # an Irish or British address says more than a phone number written the North American way
    assert guess_date_order(["12 McDougald Street X22 24A1 Grace Ville", "Tel. 258-509-1456",
                             "01/08/2024 09:20"]) == DateOrder.DMY
    assert guess_date_order(["Foxhaven RM40 2ZA", "Tel 540-977-6333", "05/08/2025"]) == DateOrder.DMY
    assert guess_date_order(["Albany, NY 12202", "Tel 540-977-6333", "05/08/2025"]) == DateOrder.MDY


def test_guess_date_order_reads_the_day_first_on_a_document_in_euro() -> None:
    """An Irish invoice in English: nothing but its euro amounts says how its dates are written."""
    assert guess_date_order(["Invoice Date 03/05/2026", "Balance Due EUR74,129.52"]) == DateOrder.DMY
    assert guess_date_order(["Invoice Date 03/05/2026", "Total € 1,250.00"]) == DateOrder.DMY
    assert guess_date_order(["Invoice Date 03/05/2026", "Total EURO 1,250.00"]) is None  # "EURO" is no code
    # a US address still says month first, whatever the currency
    assert guess_date_order(["Albany, NY 12202", "Invoice Date 03/05/2026", "Total € 1,250.00"]) == DateOrder.MDY
    # a phone number written the North American way does not: the currency says more (an Irish till slip)
    assert guess_date_order(["Tel 356-947-3360", "07/12/2022 11:31", "TOTAL DUE €142.67"]) == DateOrder.DMY
    assert guess_date_order(["Tel 356-947-3360", "07/12/2022 11:31", "TOTAL £142.67"]) == DateOrder.DMY
    assert guess_date_order(["Tel 356-947-3360", "07/12/2022 11:31", "TOTAL $142.67"]) == DateOrder.MDY


def test_guess_date_order_reads_month_first_where_named_dates_are_written_month_first() -> None:
    """A US claim form: its date of birth "Jul 30, 1978" is written the American way, so "06/07/2026" is June 7th."""
    assert guess_date_order(["Date of birth Jul 30, 1978", "Date of loss 06/07/2026"]) == DateOrder.MDY
    assert guess_date_order(["Date of birth 30 Jul 1978", "Date of loss 06/07/2026"]) is None
    # both ways on one document decide nothing; a language that writes the day first decides before
    assert guess_date_order(["Issued March 5, 2026", "Due 30 April 2026", "Shipped 06/07/2026"]) is None
    assert guess_date_order(["Born Jul 30, 1978", "Rechnung 06/07/2026"]) == DateOrder.DMY


def test_guess_date_order_reads_ambiguous_dates_forward_in_time() -> None:
    # issued 03/04/2023, due 05/03/2023: March 4th then May 3rd, not April 3rd then March 5th
    assert guess_date_order(["Date of Issue 03/04/2023", "Payment Due 05/03/2023"]) == DateOrder.MDY
    assert guess_date_order(["Date 03/03/2021", "Échéance 02/05/2021"]) == DateOrder.DMY
    # the document's own dates outweigh an address: a French invoice to a customer in Austin, TX
    assert guess_date_order(["Austin, TX 78701", "Date 03/03/2021 Échéance 02/05/2021"]) == DateOrder.DMY
    assert guess_date_order(["Date 04/04/2021"]) is None  # nothing to compare
    # a due date with its month named is the same either way: issued 11/01/2025 and due on 25 Feb 2025 was January
    assert guess_date_order(["Invoice Date 11/01/2025", "Due 25 Feb 2025"]) == DateOrder.DMY
    assert guess_date_order(["Date 11/09/2025", "Due Date: September 18, 2025"]) == DateOrder.DMY
    assert guess_date_order(["Date 03/05/2026", "Due Date: April 17, 2026"]) == DateOrder.MDY
    assert guess_date_order(["Date 03/05/2026", "Due Date: 17 June 2026"]) is None  # forward either way
    # both readings go forward (Nov 10 → Dec 10, Oct 11 → Oct 12): the French labels decide over the address
    assert guess_date_order(["Austin, TX 78701", "Facture n° Date Échéance", "10/11/2020 10/12/2020"]) == \
        DateOrder.DMY
    assert guess_date_order(["Austin, TX 78701", "Invoice Date Due", "10/11/2020 10/12/2020"]) == DateOrder.MDY
    assert guess_date_order(["Issued 03.04.2023", "Due 05.03.2023"]) is None  # dotted dates: day first anyway
    # a US invoice (amounts in a bare "$", no VAT) between parties in Lyon and Sydney: month first
    assert guess_date_order(["69002 Lyon", "Sydney NSW 2000", "Date of Issue 04/02/2023 Payment Due 05/02/2023",
                             "Balance Due $679.15"]) == DateOrder.MDY
    assert guess_date_order(["Date of issue: 10/05/2022", "VAT @ 18%", "Amount due $7,207.93"]) is None  # VAT
    # an Australian invoice (GST, AUD) to a customer in Austin: both readings forward, the currency decides
    assert guess_date_order(["Austin, TX 78701", "Invoice Date Due Date", "12/12/2023 11/01/2024", "GST 10%",
                             "Total AUD $1,100.00"]) == DateOrder.DMY

# ----------------------------------------------------------------------------------------------- spans


def _check_partition(words: list[Word], spans: list[Span]) -> None:
    seen = [i for s in spans for i in s.word_indices]
    assert sorted(seen) == [i for i, w in enumerate(words) if word_text(w.text)], "every word exactly once"
    assert [s.index for s in spans] == list(range(len(spans)))
    keys = [(s.page, s.line, s.bbox[0]) for s in spans]
    assert keys == sorted(keys), "reading order"
    for s in spans:
        assert s.kinds, s
        ws = [words[i] for i in s.word_indices]
        assert len({(w.page, w.line) for w in ws}) == 1, "a span stays on one line"
        xs = [w.bbox[0] for w in ws]
        assert xs == sorted(xs), "words left to right"
        assert s.text == " ".join(word_text(w.text) for w in ws)
        assert s.bbox == (min(w.bbox[0] for w in ws), min(w.bbox[1] for w in ws),
                          max(w.bbox[2] for w in ws), max(w.bbox[3] for w in ws))


def _spans_of(rows: list) -> tuple[list[Word], list[Span]]:
    words = layout(rows)
    spans = find_spans(words)
    _check_partition(words, spans)
    return words, spans


def _texts(spans: list[Span]) -> dict[str, frozenset[SpanKind]]:
    return {s.text: s.kinds for s in spans}


def test_label_and_value_in_one_cell() -> None:
    _, spans = _spans_of([[(0.1, "Invoice No: INV-2024-001")], [(0.1, "Datum: 05.03.2024")]])
    t = _texts(spans)
    assert t["Invoice No:"] == {SpanKind.LABEL}
    assert SpanKind.IDENTIFIER in t["INV-2024-001"]
    assert t["Datum:"] == {SpanKind.LABEL}
    assert t["05.03.2024"] == {SpanKind.DATE}


def test_bare_number_has_several_kinds() -> None:
    _, spans = _spans_of([[(0.1, "Invoice Number:")], [(0.1, "42183017")]])
    number = next(s for s in spans if s.text == "42183017")
    assert number.kinds == {SpanKind.INTEGER, SpanKind.IDENTIFIER, SpanKind.AMOUNT}
    assert value_of(number, SpanKind.INTEGER) == "42183017"
    assert value_of(number, SpanKind.AMOUNT) == "42183017"
    assert value_of(number, SpanKind.DATE) is None


def test_large_gaps_cut_cells_and_descriptions_stay_whole() -> None:
    _, spans = _spans_of([
        [(0.05, "Description"), (0.55, "Qty"), (0.65, "Price"), (0.8, "Amount")],
        [(0.05, "Nintendo 3DS XL Wit + Blauw"), (0.55, "1"), (0.65, "€ 189,00"), (0.8, "€ 189,00")],
        [(0.05, "Apple iPad Air Wifi 16 GB Zilver"), (0.55, "2"), (0.65, "399,00"), (0.8, "798,00")],
        [(0.05, "Amazon Web Services, Inc.")],
    ])
    t = _texts(spans)
    assert t["Nintendo 3DS XL Wit + Blauw"] == {SpanKind.TEXT}
    assert t["Apple iPad Air Wifi 16 GB Zilver"] == {SpanKind.TEXT}
    assert t["Amazon Web Services, Inc."] == {SpanKind.TEXT}
    euro = next(s for s in spans if s.text == "€ 189,00")
    assert euro.kinds == {SpanKind.AMOUNT, SpanKind.CURRENCY}
    assert (euro.amount, euro.currency) == (Decimal("189.00"), "EUR")
    assert value_of(euro, SpanKind.AMOUNT) == "189.00" and value_of(euro, SpanKind.CURRENCY) == "EUR"
    assert len({s.cell for s in spans if s.line == 1}) == 4


def test_amounts_and_dates_are_split_off_text() -> None:
    _, spans = _spans_of([
        [(0.1, "TOTAL AMOUNT DUE ON August 3 , 2014 $4.11")],
        [(0.1, "Facture n°562044387 du 02 Juillet 2015")],
        [(0.1, "Total 1.234,56 EUR")],
        [(0.1, "29.99 € TTC")],
    ])
    t = _texts(spans)
    assert t["TOTAL AMOUNT DUE ON"] == {SpanKind.TEXT}
    assert t["August 3 , 2014"] == {SpanKind.DATE}
    assert SpanKind.AMOUNT in t["$4.11"]
    glued = next(s for s in spans if s.text == "n°562044387")
    assert value_of(glued, SpanKind.IDENTIFIER) == "562044387"
    assert next(s for s in spans if s.text == "02 Juillet 2015").date == date(2015, 7, 2)
    assert next(s for s in spans if s.text == "1.234,56 EUR").amount == Decimal("1234.56")
    assert t["TTC"] == {SpanKind.TEXT}


def test_space_grouped_amount_only_across_a_tight_gap() -> None:
    words = [Word(text="Total", line=0, bbox=(0.1, 0.1, 0.14, 0.11)),
             Word(text="1", line=0, bbox=(0.3, 0.1, 0.308, 0.11)),
             Word(text="234,56", line=0, bbox=(0.312, 0.1, 0.36, 0.11)),
             Word(text="1", line=1, bbox=(0.3, 0.2, 0.308, 0.21)),
             Word(text="234,56", line=1, bbox=(0.325, 0.2, 0.373, 0.21))]
    spans = find_spans(words)
    _check_partition(words, spans)
    assert any(s.text == "1 234,56" and s.amount == Decimal("1234.56") for s in spans)
    assert not any(s.line == 1 and s.amount == Decimal("1234.56") for s in spans)


def test_whole_amounts_in_spaced_thousands_where_the_document_prints_no_cents() -> None:
    """A forint taxi receipt: its amounts have no cents and their thousands are set apart by a space alone. Where
    the document names a whole-unit currency and no number has cents, ``3 040`` is one amount; elsewhere the same
    figures stay two numbers (a row of figures, a phone number)."""
    rows = [[(0.1, "TAXI NYUGTA")], [(0.1, "Dátum"), (0.5, "2024.12.28. 16:28")],
            [(0.1, "Távolság"), (0.6, "20,3 km")], [(0.1, "Viteldíj"), (0.6, "3 040")],
            [(0.1, "ÖSSZESEN HUF"), (0.6, "3 040")]]
    assert writes_whole_amounts(w.text for w in layout(rows))
    _, spans = _spans_of(rows)
    assert [s.amount for s in spans if s.text == "3 040"] == [Decimal(3040)] * 2
    with_cents = [*rows, [(0.1, "Borravaló"), (0.6, "120,50")]]
    assert not writes_whole_amounts(w.text for w in layout(with_cents))
    _, spans = _spans_of(with_cents)
    assert not any(s.text == "3 040" for s in spans)
    in_euros = [[(0.1, "Total EUR"), (0.6, "3 040")]]
    assert not writes_whole_amounts(w.text for w in layout(in_euros))
    _, spans = _spans_of(in_euros)
    assert not any(s.text == "3 040" for s in spans)


def test_marker_labels_and_descriptions_with_references() -> None:
    _, spans = _spans_of([[(0.1, "Rechnung Nr. 2024-0815")], [(0.1, "Kupferrohr 15 mm - ref. 3677")]])
    t = _texts(spans)
    assert t["Rechnung Nr."] == {SpanKind.LABEL}
    assert t["Kupferrohr 15 mm - ref. 3677"] == {SpanKind.TEXT}


@pytest.mark.parametrize(("text", "label", "number"), [
    ("Número de factura INV-2024-4093", "Número de factura", "INV-2024-4093"),
    ("N° de facture F-123", "N° de facture", "F-123"), ("Nr faktury FV/1/2024", "Nr faktury", "FV/1/2024"),
    ("Factura n.º 2024-77", "Factura n.º", "2024-77"),
    # a marker, a little word and the noun it numbers, at the cell's start
    ("N° de contrat KV-3206398", "N° de contrat", "KV-3206398"), ("Nº de cliente 48213", "Nº de cliente", "48213"),
])
def test_markers_joined_by_a_little_word_close_a_label(text: str, label: str, number: str) -> None:
    """A label and its number in one cell (a scan's gap, a label wider than its column): markers joined by "de"
    are one label, so the number is a value of its own."""
    _, spans = _spans_of([[(0.1, text)]])
    t = _texts(spans)
    assert t[label] == {SpanKind.LABEL} and SpanKind.IDENTIFIER in t[number]


@pytest.mark.parametrize(("text", "label", "number"), [
    ("Credit note no. RE-2024-0815", "Credit note no.", "RE-2024-0815"),
    ("Credit Memo # 55120", "Credit Memo #", "55120"),
])
def test_a_three_word_label_that_reads_as_one_closes_before_its_number(text: str, label: str, number: str) -> None:
    _, spans = _spans_of([[(0.1, text)]])
    t = _texts(spans)
    assert t[label] == {SpanKind.LABEL} and SpanKind.IDENTIFIER in t[number]


@pytest.mark.parametrize("text", ["Steel pipe no. 4", "Kupferrohr Typ ref. 3677"])
def test_three_words_before_a_marker_that_are_no_label_stay_a_description(text: str) -> None:
    _, spans = _spans_of([[(0.1, text)]])
    assert _texts(spans)[text] == {SpanKind.TEXT}


@pytest.mark.parametrize("text", ["Gastos de pedido 1", "Copia de factura 12"])
def test_a_little_word_after_a_description_word_joins_no_label(text: str) -> None:
    _, spans = _spans_of([[(0.1, text)]])
    assert _texts(spans)[text] == {SpanKind.TEXT}


def test_table_row_splits_a_leading_quantity() -> None:
    _, spans = _spans_of([[(0.05, "2 Frais de port"), (0.6, "18,39"), (0.8, "36,78")],
                          [(0.05, "410 Terry Ave North")]])
    t = _texts(spans)
    assert t["2"] >= {SpanKind.INTEGER} and t["Frais de port"] == {SpanKind.TEXT}
    assert t["410 Terry Ave North"] == {SpanKind.TEXT}  # an address line is not a table row


def test_digit_groups_make_one_number_outside_tables() -> None:
    _, spans = _spans_of([[(0.1, "Policy ref.:"), (0.4, "17 761 987 0")], [(0.1, "Tel.: +49 6051 916 44 10")],
                          [(0.05, "Widget"), (0.4, "12 5"), (0.6, "10.00"), (0.8, "50.00")]])
    t = _texts(spans)
    assert t["17 761 987 0"] == {SpanKind.IDENTIFIER}
    assert value_of(next(s for s in spans if s.text == "17 761 987 0"), SpanKind.IDENTIFIER) == "17 761 987 0"
    assert t["+49 6051 916 44 10"] == {SpanKind.IDENTIFIER}
    assert "12 5" not in t  # numbers of a table row stay apart


def test_colon_inside_a_table_row_description() -> None:
    _, spans = _spans_of([[(0.05, "Licence: Pro edition, per seat"), (0.5, "2"), (0.62, "15.00"), (0.8, "30.00")],
                          [(0.05, "Name: John Smith")]])
    t = _texts(spans)
    assert t["Licence: Pro edition, per seat"] == {SpanKind.TEXT}
    assert t["Name:"] == {SpanKind.LABEL} and t["John Smith"] == {SpanKind.TEXT}


def test_checkboxes_percentages_quantities() -> None:
    _, spans = _spans_of([[(0.1, "Police report filed? [X] Yes [ ] No")], [(0.1, "☒Travel ☐Home")],
                          [(0.1, "BTW 21 %")], [(0.1, "Widget"), (0.5, "1 PCS"), (0.7, "49,99")]])
    boxes = [s for s in spans if SpanKind.CHECKBOX in s.kinds]
    assert [(s.text, s.checked) for s in boxes] == [("[X]", True), ("[ ]", False), ("☒Travel", True),
                                                    ("☐Home", False)]
    assert value_of(boxes[0], SpanKind.CHECKBOX) == "true"
    pct = next(s for s in spans if s.text == "21 %")
    assert value_of(pct, SpanKind.PERCENT) == "21"
    qty = next(s for s in spans if s.text == "1 PCS")
    assert SpanKind.QUANTITY in qty.kinds and qty.unit == "PCS" and value_of(qty, SpanKind.QUANTITY) == "1"


@pytest.mark.parametrize(("text", "unit"), [
    ("8ud", "ud"), ("8 ud", "ud"), ("3kpl", "kpl"), ("2 Stk.", "Stk."),
    # Polish hours, Swedish hours and running metres, German running metres, Italian square metres and "each"
    ("4 godz.", "godz."), ("8 tim", "tim"), ("5 lpm", "lpm"), ("5 lfm", "lfm"), ("3 mq", "mq"), ("2 cad.", "cad."),
    ("6 stuks", "stuks"), ("4 horas", "horas"), ("9 kvm", "kvm"), ("7 Stck.", "Stck."),
])
def test_a_quantity_with_its_unit(text: str, unit: str) -> None:
    """A Spanish "ud" (unidad) without its stop, a Finnish "kpl", run into the count or beside it."""
    _, spans = _spans_of([[(0.1, "Cartucho de tóner"), (0.55, text), (0.7, "90,13"), (0.8, "721,04")]])
    qty = next(s for s in spans if s.text == text)
    assert SpanKind.QUANTITY in qty.kinds and qty.unit == unit and qty.amount == Decimal(text[0])


def test_date_order_hint_is_applied_and_inferred() -> None:
    rows = [[(0.1, "Date: 04/05/2024")], [(0.1, "Due: 25/05/2024")]]
    spans = find_spans(layout(rows))
    assert next(s for s in spans if s.text == "04/05/2024").date == date(2024, 5, 4)  # inferred day first
    spans = find_spans(layout(rows[:1]), date_order="MDY")
    assert next(s for s in spans if s.text == "04/05/2024").date == date(2024, 4, 5)


def test_value_of_label_and_text() -> None:
    _, spans = _spans_of([[(0.1, "Customer:"), (0.5, "ACME Corp")]])
    label, text = spans
    assert value_of(label, SpanKind.LABEL) == "Customer"
    assert value_of(text, "text") == "ACME Corp"
    assert value_of(text, SpanKind.AMOUNT) is None


def test_group_cells() -> None:
    _, spans = _spans_of([[(0.1, "Total: 12.00 EUR"), (0.6, "Paid")]])
    cells = group_cells(spans)
    assert [" ".join(s.text for s in c) for c in cells] == ["Total: 12.00 EUR", "Paid"]


def test_a_box_with_a_tick_printed_over_it_is_ticked() -> None:
    """A form that prints a tick over an empty box glyph (LaTeX's ``\\rlap{$\\square$}$\\checkmark$``) gives
    ``□✓`` in its text layer: a ticked box, glued to its option or not; the bare box beside it is empty."""
    _, spans = _spans_of([[(0.1, "□Samochód □✓Mieszkanie □Medyczne")], [(0.1, "Police informed? ☐ ✔ Yes ☐ No")]])
    boxes = [s for s in spans if SpanKind.CHECKBOX in s.kinds]
    assert [(s.text, s.checked) for s in boxes] == [("□Samochód", False), ("□✓Mieszkanie", True),
                                                    ("□Medyczne", False), ("☐ ✔", True), ("☐", False)]


def test_empty_and_bboxless_words() -> None:
    assert find_spans([]) == []
    words = [Word(text=t, line=0) for t in "Total due: 12.50".split()]  # no geometry at all
    spans = find_spans(words)
    _check_partition(words, spans)
    assert [s.text for s in spans] == ["Total due:", "12.50"]


_VOCAB = ["Invoice", "No:", "Total", "12.50", "1.234,56", "€", "EUR", "2024-03-05", "3", "Apr", "2024", ",", "x",
          "(12.00)", "n°123", "[X]", "☐", "21%", "%", "-", "ABC-123", "Datum:", "1", "234,56", "Rs", "pcs", "Mai"]


def test_partition_invariants_on_random_words() -> None:
    rng = random.Random(7)
    for _ in range(200):
        words, x, line, page = [], rng.random() * 0.2, 0, 0
        for _ in range(rng.randrange(1, 40)):
            if rng.random() < 0.15:
                line, x = line + 1, rng.random() * 0.2
                if rng.random() < 0.1:
                    page += 1
            text = rng.choice(_VOCAB)
            w = len(text) * 0.008
            words.append(Word(text=text, page=page, line=line, bbox=(x, 0.02 * line, x + w, 0.02 * line + 0.01)))
            x += w + rng.choice([0.004, 0.006, 0.05, 0.2])
        _check_partition(words, find_spans(words))


# ----------------------------------------------------------------------------------------------- real invoices

pytestmark_real = pytest.mark.skipif(not REAL_DIR.is_dir(), reason="real invoices not available")


def _matches(span: Span, value: object) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return span.amount is not None and span.amount == Decimal(str(value))
    v = " ".join(str(value).split())
    candidates = {span.text} | {x for k in span.kinds if (x := value_of(span, k)) is not None}
    return v in {" ".join(c.split()) for c in candidates}


@pytestmark_real
def test_real_invoices_partition_and_coverage() -> None:
    total = hit = 0
    for _, words, truth in real_documents():
        spans = find_spans(words)
        _check_partition(words, spans)
        values = [truth[k] for k in KEY_MAP if k in truth and k != "issuer"]
        for item in truth.get("lines", truth.get("line_items", [])):
            values += [item[k] for k in ("name", "qty", "price_unit", "price_subtotal") if k in item]
        for v in values:
            total += 1
            hit += any(_matches(s, v) for s in spans)
    # 154/169 when written; multi-line descriptions and template artefacts cannot match one span
    assert total > 100 and hit / total >= 0.85, f"span coverage {hit}/{total}"


def test_fill_in_underscores_and_table_bars_belong_to_no_span() -> None:
    words = layout([[(0.1, "Policy No.: _ HH/2024/120633")], [(0.1, "| Laura Zimmermann |")],
                    [(0.1, "Certificate:"), (0.3, "_HLT-1668740")], [(0.1, "Total ......"), (0.6, "12.00")]])
    spans = find_spans(words)
    _check_partition(words, spans)
    texts = [s.text for s in spans]
    assert "HH/2024/120633" in texts and "Laura Zimmermann" in texts and "HLT-1668740" in texts
    assert "Total" in texts and not any(t.strip("._|") == "" for t in texts)


@pytest.mark.parametrize("text", ["TAX INVOICE INV/2022/11/7705", "FAKTURA VAT BUP238853", "Faktura VAT nr BUP238853"])
def test_a_title_with_a_tax_word_closes_a_label_before_the_number(text: str) -> None:
    spans = find_spans(layout([[(0.1, text)]]))
    assert [s.kinds for s in spans] == [{SpanKind.LABEL}, {SpanKind.IDENTIFIER}]


def _word(text: str, x0: float, x1: float, line: int) -> Word:
    return Word(text=text, line=line, bbox=(x0, 0.2 + line * 0.015, x1, 0.21 + line * 0.015))


def test_a_row_of_labels_set_close_together_is_cut_over_its_values() -> None:
    """HTML table cells with little padding: the labels' gaps are below the cell gap, but each starts where a
    value below starts, so each label becomes a span of its own over its value."""
    labels = [_word("Rechnungsnummer", 0.092, 0.25, 0), _word("Rechnungsdatum", 0.267, 0.409, 0),
              _word("Zahlbar", 0.426, 0.487, 0), _word("bis", 0.491, 0.515, 0), _word("Ref.", 0.831, 0.863, 0)]
    values = [_word("F663216", 0.092, 0.159, 1), _word("19.11.2019", 0.267, 0.351, 1),
              _word("03.01.2020", 0.426, 0.51, 1), _word("PO-58152", 0.831, 0.908, 1)]
    spans = find_spans(labels + values)
    assert [s.text for s in spans if s.line == 0] == ["Rechnungsnummer", "Rechnungsdatum", "Zahlbar bis", "Ref."]
    # a name in a large font whose words happen to start over values below is one span (no gap wider than a space)
    name = [_word("Baumann", 0.450, 0.574, 0), _word("Beratung", 0.582, 0.704, 0), _word("GmbH", 0.712, 0.792, 0),
            _word("&", 0.800, 0.820, 0), _word("Co.", 0.829, 0.871, 0)]
    below = [_word("Mozartweg", 0.274, 0.326, 1), _word("Datum:", 0.587, 0.642, 1),
             _word("2021-12-21", 0.831, 0.916, 1)]
    assert [s.text for s in find_spans(name + below) if s.line == 0] == ["Baumann Beratung GmbH & Co."]
    # a table header over a row of amounts keeps its labels whole ("Unit Price", not "Unit" and "Price")
    header = [_word("Item", 0.1, 0.15, 0), _word("Unit", 0.6, 0.64, 0), _word("Price", 0.66, 0.71, 0),
              _word("Amount", 0.8, 0.87, 0)]
    row = [_word("Toner", 0.1, 0.16, 1), _word("12.50", 0.66, 0.71, 1), _word("25.00", 0.8, 0.85, 1)]
    assert [s.text for s in find_spans(header + row) if s.line == 0] == ["Item", "Unit Price", "Amount"]


def test_labels_set_close_together_are_cut_over_values_a_block_beside_them_pushed_down() -> None:
    """The addressee's block on the left holds one line between the row of labels and their values."""
    labels = [_word("Customer", 0.087, 0.154, 0), _word("Invoice", 0.508, 0.566, 0), _word("No.", 0.573, 0.597, 0),
              _word("Invoice", 0.609, 0.667, 0), _word("Date", 0.674, 0.708, 0), _word("Due", 0.72, 0.748, 0)]
    name = [_word("Fairview", 0.085, 0.15, 1), _word("Hotels", 0.155, 0.2, 1), _word("plc", 0.205, 0.23, 1)]
    values = [_word("33", 0.087, 0.1, 2), _word("Park", 0.105, 0.14, 2), _word("Lane", 0.145, 0.18, 2),
              _word("AB8322/26", 0.508, 0.59, 2), _word("2026-08-13", 0.609, 0.7, 2),
              _word("2026-09-27", 0.72, 0.82, 2)]
    spans = find_spans(labels + name + values)
    assert [s.text for s in spans if s.line == 0] == ["Customer", "Invoice No.", "Invoice Date", "Due"]


def test_a_label_as_wide_as_its_column_is_cut_from_its_value() -> None:
    """A two-column form table sized to its longest label: that label runs into its value, one space apart; the
    other rows' values start the value column. A value with a digit-free label and its own digits stays whole."""
    rows = [[("Full", 0.089, 0.116), ("name", 0.121, 0.163), ("of", 0.168, 0.182), ("policyholder", 0.186, 0.276),
             ("Olivia", 0.283, 0.325), ("Bennett", 0.329, 0.387)],
            [("DOB", 0.089, 0.125), ("19.11.1963", 0.283, 0.367)],
            [("Policy", 0.089, 0.134), ("No.", 0.139, 0.165), ("POL-782711", 0.283, 0.378)],
            [("Street", 0.089, 0.134), ("address", 0.139, 0.198), ("8", 0.283, 0.292), ("Rue", 0.297, 0.325),
             ("Victor", 0.33, 0.375), ("Hugo", 0.38, 0.42)],
            [("Town", 0.089, 0.13), ("Lyon", 0.283, 0.319)],
            # a label running into a date, whose year happens to start in the value column above
            [("Date", 0.089, 0.125), ("of", 0.129, 0.143), ("incident", 0.148, 0.206), ("June", 0.216, 0.253),
             ("26,", 0.257, 0.281), ("2026", 0.285, 0.323)]]
    words = [_word(t, a, b, n) for n, row in enumerate(rows) for t, a, b in row]
    spans = find_spans(words)
    assert [s.text for s in spans if s.line == 0] == ["Full name of policyholder", "Olivia Bennett"]
    assert [s.text for s in spans if s.line == 3] == ["Street address", "8 Rue Victor Hugo"]
    assert "2026" not in [s.text for s in spans if s.line == 5]
    # a paragraph is never cut, whatever starts below its words
    prose = [_word(t, 0.089 + 0.05 * k, 0.13 + 0.05 * k, 0) for k, t in enumerate("I declare that the".split())]
    assert [s.text for s in find_spans(prose + words[6:])][:1] == ["I declare that the"]


def test_a_label_as_wide_as_its_column_is_cut_where_a_scan_leaves_less_than_a_wide_gap() -> None:
    """A scan's boxes make a line's gaps uneven: the value of the longest label ("ZIP / Postal code LS6 2AB")
    starts right on the value column, half a space or more after the label, yet no wider than its other gaps."""
    rows = [[("Policy", 0.10, 0.135), ("reference", 0.14, 0.205), ("POL-796744", 0.23, 0.31)],
            [("Address", 0.10, 0.159), ("14", 0.231, 0.245), ("Birch", 0.25, 0.29), ("Avenue", 0.295, 0.349)],
            [("Town", 0.10, 0.138), ("Leeds", 0.229, 0.277)],
            [("ZIP", 0.10, 0.128), ("/", 0.134, 0.14), ("Postal", 0.145, 0.19), ("code", 0.196, 0.224),
             ("LS6", 0.23, 0.262), ("2AB", 0.268, 0.292)]]
    words = [_word(t, a, b, n) for n, row in enumerate(rows) for t, a, b in row]
    assert [s.text for s in find_spans(words) if s.line == 3][0] == "ZIP / Postal code"
    # off the value column by more than a quarter of a character: the gap must be wider than the line's spaces
    moved = [w if w.line != 3 or w.text not in ("LS6", "2AB") else
             w.model_copy(update={"bbox": (w.bbox[0] + 0.003, w.bbox[1], w.bbox[2] + 0.003, w.bbox[3])})
             for w in words]
    moved = [w if w.line != 3 or w.text != "code" else
             w.model_copy(update={"bbox": (w.bbox[0], w.bbox[1], w.bbox[2] + 0.004, w.bbox[3])}) for w in moved]
    assert [s.text for s in find_spans(moved) if s.line == 3][0] != "ZIP / Postal code"


def test_a_form_table_with_little_padding_is_cut_on_its_grid() -> None:
    """A four-column form table whose value fills its cell: "BHP-88213-04" and the next label "Type of claim" are
    set a little more than a space apart, and "Type" starts where "Date of birth" starts in the row above."""
    rows = [[("Member", 0.0824, 0.144), ("name", 0.1487, 0.1907), ("Jane", 0.5975, 0.6339), ("A.", 0.6386, 0.6545),
             ("Doe", 0.6591, 0.6899), ("Date", 0.7153, 0.7508), ("of", 0.7555, 0.7695), ("birth", 0.7742, 0.8069),
             ("07/22/1985", 0.8335, 0.9176)],
            [("Member", 0.0824, 0.144), ("ID", 0.1487, 0.1655), ("/", 0.1701, 0.1748), ("Policy", 0.1795, 0.2243),
             ("no.", 0.229, 0.2523), ("BHP-88213-04", 0.5975, 0.7086), ("Type", 0.7153, 0.7527),
             ("of", 0.7574, 0.7714), ("claim", 0.7761, 0.8153), ("Medical", 0.8335, 0.8914)]]
    words = [_word(t, x0, x1, row) for row, line in enumerate(rows) for t, x0, x1 in line]
    assert [s.text for s in find_spans(words) if s.line == 1] == [
        "Member ID / Policy no.", "BHP-88213-04", "Type of claim", "Medical"]
    # a table's header over its rows of amounts keeps its cells ("N° Description")
    header = [_word("N°", 0.11, 0.131, 0), _word("Description", 0.149, 0.249, 0), _word("Quantité", 0.618, 0.694, 0),
              _word("Prix", 0.715, 0.75, 0), _word("Montant", 0.816, 0.889, 0)]
    row = [_word("1", 0.11, 0.121, 1), _word("Annual", 0.149, 0.2, 1), _word("contract", 0.205, 0.27, 1),
           _word("1", 0.684, 0.694, 1), _word("24,95", 0.75, 0.795, 1), _word("24,95", 0.845, 0.889, 1)]
    assert [s.text for s in find_spans(header + row) if s.line == 0][0] == "N° Description"


def test_a_value_spaced_wider_than_its_caption_is_not_cut_where_the_next_lines_cells_line_up() -> None:
    """"4. Street and house no.  83 Albion Road" with its caption in a small type: "Road" starts where
    "Nottingham" does on the line under it, a gap wider than the caption's spaces before it, but no wider than the
    value's own spaces: one value, not two cells."""
    rows = [[("3.", 0.0714, 0.084), ("Policy", 0.1048, 0.1451), ("number", 0.1493, 0.2004),
             ("FK50313674", 0.4619, 0.5579)],
            [("4.", 0.0714, 0.084), ("Street", 0.1048, 0.1451), ("and", 0.1493, 0.1745), ("house", 0.1787, 0.2198),
             ("no.", 0.224, 0.245), ("83", 0.4619, 0.4811), ("Albion", 0.4907, 0.5483), ("Road", 0.5579, 0.5963)],
            [("5.", 0.0714, 0.084), ("Postcode", 0.1048, 0.1677), ("/", 0.1719, 0.1761), ("City", 0.1803, 0.2063),
             ("NG7", 0.4619, 0.4907), ("1FR", 0.5003, 0.5291), ("Nottingham", 0.5579, 0.6539)]]
    words = [_word(t, x0, x1, row) for row, line in enumerate(rows) for t, x0, x1 in line]
    assert "83 Albion Road" in [s.text for s in find_spans(words) if s.line == 1]


def _grid(lines: list[str]) -> list[Word]:
    """Words of a monospaced text layer: every character, a space included, one cell of 0.01 wide."""
    return [_word(m.group(), 0.04 + m.start() * 0.01, 0.04 + m.end() * 0.01, row)
            for row, line in enumerate(lines) for m in re.finditer(r"\S+", line)]


def test_a_name_over_a_column_of_values_in_a_monospaced_text_layer_stays_whole() -> None:
    """In a text file a space is as wide as a character: "Koncern" starting over the value column below is not
    a label set apart from "Polski"."""
    words = _grid(["Sprzedawca: Polski Koncern Naftowy ORLEN S.A.",
                   "NIP:               774-00-01-454"])
    assert [s.text for s in find_spans(words) if s.line == 0] == ["Sprzedawca:", "Polski Koncern Naftowy ORLEN S.A."]
    # labels two spaces apart over their values are still cut
    words = _grid(["Rechnungsnummer  Rechnungsdatum",
                   "F663216          19.11.2019"])
    assert [s.text for s in find_spans(words) if s.line == 0] == ["Rechnungsnummer", "Rechnungsdatum"]


@pytest.mark.parametrize(("text", "kinds", "value"), [
    ("NºFactura 2024-0231", [{SpanKind.LABEL}, {SpanKind.IDENTIFIER}], "2024-0231"),  # marker and title run together
    ("N° Factura2022-0705", [{SpanKind.LABEL}, {SpanKind.IDENTIFIER}], "2022-0705"),  # title and number run together
])
def test_words_run_together_by_ocr_still_label_their_number(text: str, kinds: list, value: str) -> None:
    spans = find_spans(layout([[(0.1, text)]]))
    assert [s.kinds for s in spans] == kinds and value_of(spans[1], SpanKind.IDENTIFIER) == value


def test_a_thousands_group_after_a_narrow_digit_stays_one_amount() -> None:
    """OCR boxes a "1" tighter than its advance, so the space of "1 855,43" measures wider than a space."""
    words = [_word("Freight", 0.091, 0.163, 0), _word("1", 0.558, 0.574, 0), _word("1", 0.636, 0.646, 0),
             _word("855,43", 0.659, 0.716, 0), _word("1", 0.826, 0.836, 0), _word("855,43", 0.849, 0.906, 0)]
    amounts = [value_of(s, SpanKind.AMOUNT) for s in find_spans(words) if s.has(SpanKind.AMOUNT)]
    assert amounts == ["1", "1855.43", "1855.43"]
    # ... and a sign before it: a discount's "-7 049,59"
    words = [_word("Remise", 0.234, 0.271, 0), _word("-7", 0.863, 0.870, 0), _word("049,59", 0.877, 0.910, 0)]
    amounts = [value_of(s, SpanKind.AMOUNT) for s in find_spans(words) if s.has(SpanKind.AMOUNT)]
    assert amounts == ["-7049.59"]


def test_a_document_series_and_its_number_are_one_identifier() -> None:
    _, spans = _spans_of([[(0.1, "FT 2024/118")], [(0.1, "EUR 2024-03")], [(0.1, "FT 12/03/2024")],
                          [(0.1, "VAT 2024/118")]])
    assert (spans[0].text, spans[0].identifier) == ("FT 2024/118", "FT 2024/118")
    assert [s.text for s in spans[1:]] == ["EUR", "2024-03", "FT", "12/03/2024", "VAT 2024/118"]


def test_a_date_ending_a_sentence_counts_in_the_documents_date_order() -> None:
    """The due date of "Fecha límite de pago: 06/03/2022." follows an order date printed after the invoice date;
    without it, invoice then order date would read as going forward only month first."""
    lines = ["FECHA: 04/02/2022", "FECHA DE PEDIDO: 12/01/2022", "Fecha límite de pago: 06/03/2022."]
    assert guess_date_order(lines) == DateOrder.DMY
    assert guess_date_order(["Version 1.2.3.4", "Date: 04/02/2022"]) is None  # no date in "1.2.3.4"


def test_a_sentence_space_after_a_full_stop_ends_no_cell() -> None:
    """A monospaced receipt typeset by TeX puts two spaces after "27." (a sentence's end to it): the date is one
    span. A gap of three characters and more still ends a cell."""
    cw = CHAR_W
    _, spans = _spans_of([[(0.1, "27."), (0.1 + 5 * cw, "September 2024"), (0.6, "11:59")],
                          [(0.1, "Qty."), (0.1 + 8 * cw, "Price")], [(0.1, "Nr."), (0.1 + 5.5 * cw, "Aant.")]])
    t = _texts(spans)
    assert SpanKind.DATE in t["27. September 2024"]
    assert "Qty." in t and "Price" in t and "Nr." in t and "Aant." in t  # a header's columns stay apart


def test_a_receipt_number_before_a_word_is_no_address_abroad() -> None:
    """An Irish till slip (Eircode, no currency sign, a phone number written the North American way): its
    "Receipt No. 10505 Till 8" is no continental postcode and town, so the Irish address still says day first."""
    lines = ["FOOD HALL LYNG", "95 McElroe Street", "Galway", "H91 E2K3", "Tel (848)208-8580x716",
             "05/11/2022 20:42:44", "Receipt No. 10505 Till 8", "TOTAL DUE 26.76"]
    assert guess_date_order(lines) == DateOrder.DMY
    assert guess_date_order([*lines[:6], "Lieferadresse: 10115 Berlin"]) == DateOrder.MDY  # a party abroad


def test_a_date_padded_apart_on_a_fixed_width_till_is_one_span() -> None:
    """A Czech till prints "5.   5.   2024": day, month and year each a word three characters apart are one date.
    Figures further apart, or ones that are no day, month and year, stay cells of their own."""
    cw = CHAR_W
    _, spans = _spans_of([[(0.1, "Datum:"), (0.3, "5."), (0.3 + 5 * cw, "5."), (0.3 + 10 * cw, "2024"), (0.7, "14:22")],
                          [(0.1, "1."), (0.1 + 8 * cw, "2."), (0.1 + 16 * cw, "2024")],
                          [(0.1, "40."), (0.1 + 5 * cw, "5."), (0.1 + 10 * cw, "2024")]])
    t = _texts(spans)
    assert SpanKind.DATE in t["5. 5. 2024"]
    assert "1." in t and "2." in t and "40." in t


def test_a_reference_printed_in_groups_after_its_letters_is_one_identifier() -> None:
    """ "HM-26 735 36" and "KV 943.469.219" (policy numbers) are one identifier each; a currency's code before
    grouped figures stays an amount, and an article code before a count and a price stays apart from them."""
    _, spans = _spans_of([[(0.1, "HM-26 735 36")], [(0.1, "KV 943.469.219")], [(0.1, "EUR 1.234.567")],
                          [(0.1, "ART-12 10 25,00")]])
    t = _texts(spans)
    assert SpanKind.IDENTIFIER in t["HM-26 735 36"] and SpanKind.IDENTIFIER in t["KV 943.469.219"]
    assert "EUR 1.234.567" in t and SpanKind.AMOUNT in t["EUR 1.234.567"]
    assert "ART-12" in t and "10" in t


def test_an_amount_ocr_cut_into_pieces_is_the_amount_printed_whole_elsewhere() -> None:
    """A till roll's double-width total comes back from OCR in pieces, an ink mark read between some: the pieces
    whose figures are those of an amount printed whole elsewhere (the VAT table's gross) are that amount. Pieces that
    match no amount, figures grouped by thousands, a count and a price in their columns and figures inside a line's
    words (a pack's size, "6 x 1.0 1 glass") stay as they are."""
    rows = [[(0.1, "The Inkwell Bookshop")], [(0.1, "105 Cedar Hollow Road")], [(0.1, "Boise, ID 83702")],
            [(0.1, "Poetry anthology 4x"), (0.7, "78.12")], [(0.1, "Items: 13")],
            [(0.1, "TOTAL"), (0.4, "15"), (0.4 + 2.5 * CHAR_W, "0"), (0.4 + 4 * CHAR_W, "51")],
            [(0.1, "VAT Net VAT Gross")], [(0.1, "A 7%"), (0.3, "140.66"), (0.5, "9.85"), (0.7, "150.51")],
            [(0.1, "Card payment"), (0.7, "150.51")], [(0.1, "Date: 11/10/2026 07:02")]]
    assert read_baseline(layout(rows), Receipt)["total"] == "150.51"
    c = CHAR_W
    words = layout([[(0.1, "SUMA PLN"), (0.4, "2"), (0.4 + 1.5 * c, "06"), (0.4 + 3 * c, "\u270d"), (0.4 + 4 * c, "0"),
                     (0.4 + 5.5 * c, "9")],
                    [(0.1, "TOTAL"), (0.4, "1."), (0.4 + 2.5 * c, "332"), (0.4 + 6 * c, ","), (0.4 + 7 * c, "21")],
                    [(0.1, "Brutto"), (0.6, "206,09"), (0.8, "1.332,21")], [(0.1, "Karta 1 050"), (0.6, "10,50")],
                    [(0.1, "Tisch"), (0.3, "7"), (0.4, "12")], [(0.1, "Tee"), (0.3, "2"), (0.4, "6.25")],
                    [(0.1, "Summe"), (0.4, "26.25")], [(0.1, "Apple spritzer 6 x 1.0 1 glass"), (0.6, "1.01")]])
    joined = join_spread_amounts(words)
    assert len(joined) == len(words)
    assert [w.text for w in joined if w.line == 0] == ["SUMA", "PLN", "206,09", "", "", "", ""]
    assert [w.text for w in joined if w.line == 1] == ["TOTAL", "1.332,21", "", "", ""]
    assert joined[2].bbox[2] == words[6].bbox[2]
    assert [w.text for w in joined if w.line in (3, 4, 5)] == ["Karta", "1", "050", "10,50", "Tisch", "7", "12",
                                                               "Tee", "2", "6.25"]
    assert [w.text for w in joined if w.line == 7] == ["Apple", "spritzer", "6", "x", "1.0", "1", "glass", "1.01"]


def test_a_dates_year_wrapped_under_it_in_a_narrow_cell_joins_it() -> None:
    """ "1 de diciembre de" over "2023" (a narrow cell of an XSL-FO header table), the year on the line of the
    addressee's caption far left: one date, "1 de diciembre de 2023". A year under a date that is whole, or under
    words that are no date with it, stays where it is."""
    words = join_wrapped_years(layout([[(0.5, "Fecha de factura"), (0.72, "1 de diciembre de")],
                                       [(0.05, "Facturar a"), (0.72, "2023")],
                                       [(0.5, "Fecha de entrega"), (0.72, "30 de noviembre de 2023")], [(0.72, "2024")],
                                       [(0.5, "Modelo"), (0.72, "Serie de")], [(0.72, "2019")]]))
    spans = find_spans(words)
    _check_partition(words, spans)
    t = _texts(spans)
    assert SpanKind.DATE in t["1 de diciembre de 2023"] and "Facturar a" in t
    assert SpanKind.DATE in t["30 de noviembre de 2023"] and "2024" in t and "2019" in t
    rows = [[(0.05, "Talleres Hermanos Ruiz S.L."), (0.7, "Factura")],
            [(0.5, "Nº de factura"), (0.72, "INV-2023-03873")],
            [(0.5, "Fecha de factura"), (0.72, "1 de diciembre de")], [(0.05, "Facturar a"), (0.72, "2023")],
            [(0.05, "Climatización Levante S.A.")], [(0.05, "Concepto"), (0.6, "Cant."), (0.8, "Importe")],
            [(0.05, "Coffee beans espresso blend 1 kg"), (0.6, "5"), (0.8, "74,40")],
            [(0.6, "Total"), (0.8, "74,40 €")]]
    assert read_baseline(layout(rows), Invoice)["invoice_date"] == "2023-12-01"
