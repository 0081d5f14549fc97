"""Layouts of documents drawn cell by cell, as report libraries draw them, and what scanning does to them: a
label whose bracket closes under its value, a policy number in groups of three, an issuer named only in the
footer, a till's line under the address, a position number beside a description wrapped around its figures,
fields set apart by bars OCR glues to them, thin grey check boxes."""

from __future__ import annotations

import pytest

import io

import pymupdf
from PIL import Image

from engine.base import EngineRequest, EngineResult, Word
from engine.registry import create_engine
from engine.spandoc import SpanDoc
from engine.spans import SpanKind, find_spans, reads_as_identifier
from pipeline.checkboxes import find_check_boxes
from pipeline.formfields import CHECKED, UNCHECKED
from pipeline.layout import RawWord, repair_ocr_words, split_bullets, split_glued_word
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout


def _run(words: list[Word], target: type) -> EngineResult:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="doc", words=words, target=target)])
    return result


def _span(text: str):
    (span,) = find_spans(layout([[(0.1, text)]]))
    return span


def test_digits_in_groups_of_three_can_be_an_identifier() -> None:
    span = _span("239.280.611")
    assert reads_as_identifier(span) and span.identifier == "239.280.611"
    assert span.has(SpanKind.AMOUNT)  # still a whole amount where an amount is asked for
    assert not reads_as_identifier(_span("1.234,56"))  # an amount with cents is none
    assert not reads_as_identifier(_span("12.500"))  # one group: an amount


def test_a_date_glued_to_its_time_is_a_date() -> None:
    assert str(_span("16/08/202408:59").date) == "2024-08-16"
    assert str(_span("2025-02-1517:27").date) == "2025-02-15"


def test_an_identifier_keeps_no_full_stop() -> None:
    assert _span("S-2854-67.").identifier == "S-2854-67"


def test_a_label_whose_bracket_closes_under_its_value() -> None:
    words = layout([
        [(0.78, "Hanse Versicherung AG")],
        [(0.05, "Schadenanzeige")],
        [(0.05, "Versicherungsnehmer (Name,")],
        [(0.35, "Ilhan Heinrich")],
        [(0.05, "Vorname)")],
        [(0.05, "Geburtsdatum"), (0.35, "29.03.1957")],
        [(0.05, "Versicherungsnummer"), (0.35, "239.280.611")],
        [(0.05, "Straße und Hausnummer"), (0.35, "Wilmsenplatz 55")],
        [(0.05, "PLZ"), (0.35, "93101")],
        [(0.05, "Ort"), (0.35, "Badibling")],
        [(0.05, "Schadendatum"), (0.35, "08.04.2022")],
        [(0.05, "Art des Schadens [ ] Kraftfahrt [ ] Wohngebäude [X] Kranken [ ] Reise")],
        [(0.05, "Polizei verständigt [ ] ja [X] nein")],
    ])
    # a table cell: the label's two lines a line apart, the value in the middle of the row, between them
    shift = {3: -0.011, 4: -0.022}
    words = [w.model_copy(update={"bbox": (w.bbox[0], w.bbox[1] + shift.get(w.line, 0), w.bbox[2],
                                           w.bbox[3] + shift.get(w.line, 0))}) for w in words]
    assert "Versicherungsnehmer (Name, Vorname)" in [s.text for s in SpanDoc(words).spans]
    d = _run(words, ClaimForm).data
    assert d["claimant_name"] == "Ilhan Heinrich"
    assert d["policy_number"] == "239.280.611"


FOOTER_INVOICE = [
    [(0.09, "H"), (0.75, "INVOICE")],
    [(0.08, "Bill To"), (0.55, "Invoice No.:"), (0.75, "847/2024")],
    [(0.08, "Muldowney Inc"), (0.55, "Invoice Date:"), (0.75, "31 May 2024")],
    [(0.08, "63 McCaffry Street"), (0.55, "Due Date:"), (0.75, "07 June 2024")],
    [(0.08, "Meaghan Ville H34 8K76")],
    [(0.05, "Description"), (0.55, "Qty"), (0.65, "Unit Price"), (0.85, "Amount")],
    [(0.05, "USB-C docking station"), (0.55, "1"), (0.65, "872.00"), (0.85, "872.00")],
    [(0.6, "Subtotal:"), (0.85, "872.00")],
    [(0.6, "VAT 23 %:"), (0.85, "€200.56")],
    [(0.6, "Total Due"), (0.85, "€1,072.56")],
    [(0.2, ("Hoskins-Baxter · 38 Minihan Street · X97449D Jemma Ville · VAT Reg. No. GB678421452 · "
            "IBAN IE66YWOB50310529043854"))],
]


def test_an_issuer_named_only_in_the_footer_before_its_address() -> None:
    words = layout(FOOTER_INVOICE)
    foot = words[-1].line  # the footer line, in small type at the foot of the page
    words = [w.model_copy(update={"bbox": (w.bbox[0], 0.95, w.bbox[2], 0.959)}) if w.line == foot else w
             for w in words]
    d = _run(words, Invoice).data
    assert d["vendor_name"] == "Hoskins-Baxter"
    assert d["invoice_number"] == "847/2024"


RECEIPT = [
    [(0.38, "Gillet Shop")],
    [(0.29, "10, boulevard de Bourgeois")],
    [(0.35, "27246 Weissboeuf")],
    [(0.27, "N° TVA intracom. 391470848")],
    [(0.08, "Caisse 9 Ticket 14283")],
    [(0.08, "10/04/2022 18:41")],
    [(0.08, "Croissant"), (0.8, "9,78")],
    [(0.08, "TOTAL TTC"), (0.8, "9,78 €")],
    [(0.08, "CB"), (0.8, "9,78")],
]


def test_a_receipts_address_ends_before_a_tax_number_or_the_till() -> None:
    d = _run(layout(RECEIPT), Receipt).data
    assert d["merchant_address"] == "10, boulevard de Bourgeois, 27246 Weissboeuf"
    without_tax_line = [row for row in RECEIPT if "TVA" not in row[0][1]]
    assert _run(layout(without_tax_line), Receipt).data["merchant_address"] == \
        "10, boulevard de Bourgeois, 27246 Weissboeuf"


@pytest.mark.parametrize("ticket", [
    [(0.08, "Lístek č."), (0.8, "647049")], [(0.08, "Ticket-Nr."), (0.8, "647049")],
    [(0.08, "Talão n.º"), (0.8, "647049")], [(0.08, "Jegy sz. 860326")], [(0.08, "Biglietto n. 597194")],
])
def test_a_receipts_address_ends_before_its_tickets_number(ticket: list) -> None:
    """A parking ticket's or a till's number under the address, its label and number apart or together
    ("Lístek č.  647049", "Jegy sz. 860326", "Biglietto n. 597194"): no line of the address."""
    rows = [RECEIPT[0], RECEIPT[1], RECEIPT[2], ticket, *RECEIPT[5:]]
    assert _run(layout(rows), Receipt).data["merchant_address"] == "10, boulevard de Bourgeois, 27246 Weissboeuf"
    # a parking ticket: the name and address centred, the ticket's line across the slip under them
    rows = [[(0.22, "Parkoviště Florenc")], [(0.28, "Na Příkopě 62")], [(0.29, "602 00 Brno")], ticket,
            [(0.081, "Vjezd"), (0.648, "5. 4. 2025 03:32")], [(0.082, "Výjezd"), (0.652, "5. 4. 2025 13:27")],
            [(0.083, "Zaplaceno"), (0.694, "500,00 Kč")]]
    assert _run(layout(rows), Receipt).data["merchant_address"] == "Na Příkopě 62, 602 00 Brno"


@pytest.mark.parametrize(("entry", "exit_"), [
    ("Intrare", "Ieșire"), ("Intrare", "IEŞIRE"), ("Behajtás", "Kihajtás"), ("Érkezés", "Távozás"), ("Giriş", "Çıkış"),
    ("GIRIS", "CIKIS"), ("Entrada", "Saída"), ("Sisään", "Ulos"), ("Innkjøring", "Utkjøring"), ("Vjezd", "Výjezd"),
    ("IN", "OUT"), ("In", "Uit"),
])
def test_a_parking_ticket_is_dated_by_its_exit(entry: str, exit_: str) -> None:
    """A car park's ticket is paid on the way out: its date is the exit's, the entry's time stands above it."""
    rows = [[(0.1, "CityPark Garage Ltd")], [(0.1, "12 Dock Street, Leeds")], [(0.1, "PARKING TICKET")],
            [(0.1, f"{entry}:"), (0.4, "03.05.2025 22:41")], [(0.1, f"{exit_}:"), (0.4, "04.05.2025 08:12")],
            [(0.1, "Duration"), (0.4, "9 h 31 min")], [(0.1, "TOTAL"), (0.5, "EUR 18.00")]]
    assert _run(layout(rows), Receipt).data["date"] == "2025-05-04"


def test_a_wrapped_name_ends_on_an_austrian_legal_form() -> None:
    rows = [[(0.1, "SCHWAIGER & LERCH")], [(0.1456, "GESBR")],  # centred under the name [(0.33, "Schneebergerstr. 4")],
            [(0.28, "6865 Gerasdorf bei Wien")], [(0.08, "17.07.2023 10:12")], [(0.08, "Brot"), (0.8, "3,20")],
            [(0.08, "SUMME"), (0.8, "3,20")], [(0.08, "Bar"), (0.8, "5,00")], [(0.08, "Rückgeld"), (0.8, "1,80")]]
    assert _run(layout(rows, heights={0: 0.02, 1: 0.02}), Receipt).data["merchant_name"] == \
        "SCHWAIGER & LERCH GESBR"


def _placed(lines: list[tuple[float, list[tuple[str, float, float]]]], height: float = 0.012) -> list[Word]:
    """Words at their places: each line's top, and its words with their left and right edges."""
    return [Word(text=t, line=n, bbox=(x0, top, x1, top + height))
            for n, (top, words) in enumerate(lines) for t, x0, x1 in words]


# a table with a position column whose cells are aligned to the middle: a description on two lines stands around
# its figures' line, the lines closer together than a line's height (a PDF report library's table)
MIDDLE_ALIGNED = [
    (0.034, [("Zampa-Vecoli", 0.052, 0.284), ("Group", 0.295, 0.398), ("FATTURA", 0.791, 0.948)]),
    (0.283, [("Cod.", 0.055, 0.093), ("Descrizione", 0.106, 0.204), ("Q.tà", 0.518, 0.554), ("Prezzo", 0.612, 0.669),
             ("unit.", 0.674, 0.713), ("%", 0.762, 0.777), ("Importo", 0.880, 0.948)]),
    (0.3, [("1", 0.069, 0.079), ("Annual", 0.106, 0.158), ("service", 0.163, 0.217), ("contract", 0.222, 0.285),
           ("2", 0.544, 0.554), ("1.699,00", 0.646, 0.713), ("22", 0.758, 0.777), ("3.398,00", 0.880, 0.948)]),
    (0.317, [("2", 0.069, 0.079), ("Technical", 0.106, 0.178), ("support", 0.182, 0.240), ("hours", 0.245, 0.288),
             ("1,50", 0.520, 0.554), ("655,88", 0.661, 0.713), ("22", 0.758, 0.777), ("983,82", 0.895, 0.948)]),
    (0.333, [("Translation", 0.106, 0.190), ("of", 0.195, 0.210), ("manual", 0.214, 0.271), ("(per", 0.276, 0.307),
             ("page)", 0.312, 0.355), ("-", 0.360, 0.366), ("Difficoltà", 0.370, 0.438)]),
    (0.342, [("3", 0.069, 0.079), ("10", 0.535, 0.554), ("22,42", 0.670, 0.713), ("22", 0.758, 0.777),
             ("224,20", 0.895, 0.948)]),
    (0.35, [("no.", 0.106, 0.129), ("5743", 0.134, 0.173)]),
    (0.367, [("Cloud", 0.106, 0.149), ("hosting", 0.154, 0.210), ("-", 0.214, 0.220), ("monthly", 0.225, 0.287),
             ("plan", 0.292, 0.324), ("-", 0.329, 0.335), ("Finalmente", 0.339, 0.424)]),
    (0.375, [("4", 0.069, 0.079), ("2", 0.544, 0.554), ("703,64", 0.661, 0.713), ("22", 0.758, 0.777),
             ("1.407,28", 0.880, 0.948)]),
    (0.384, [("model", 0.106, 0.153), ("5875", 0.157, 0.196)]),
    (0.45, [("Imponibile:", 0.529, 0.613), ("€6.013,30", 0.837, 0.924)]),
    (0.489, [("Totale", 0.529, 0.588), ("documento", 0.594, 0.700), ("€7.336,23", 0.817, 0.924)]),
]


def test_a_name_wrapped_at_its_joining_word_ends_on_its_legal_form() -> None:
    rows = [[(0.08, "DISTRIBUCIONES RAMÓN")], [(0.12, "& ASOCIADOS S.L.")],  # centred under the name
            [(0.1, "Vial Nicolasa Mateos 30")], [(0.1, "Córdoba, 05184")], [(0.08, "06/06/2023 12:10")],
            [(0.08, "Pan"), (0.8, "3,20")], [(0.08, "TOTAL"), (0.8, "3,20")], [(0.08, "Efectivo"), (0.8, "5,00")]]
    assert _run(layout(rows, heights={0: 0.02, 1: 0.02}), Receipt).data["merchant_name"] == \
        "DISTRIBUCIONES RAMÓN & ASOCIADOS S.L."


def test_a_position_number_beside_a_description_set_around_its_figures() -> None:
    items = _run(_placed(MIDDLE_ALIGNED), Invoice).data["line_items"]
    assert [i["description"] for i in items] == [
        "Annual service contract", "Technical support hours",
        "Translation of manual (per page) - Difficoltà no. 5743", "Cloud hosting - monthly plan - Finalmente model 5875"]
    assert [i["amount"] for i in items] == ["3398.00", "983.82", "224.20", "1407.28"]


def _texts(words: list[RawWord]) -> list[str]:
    return [w.text for w in words]


def test_bars_and_tax_rates_ocr_glued_to_words_are_cut() -> None:
    def cut(text: str) -> list[str]:
        return _texts([p for piece in split_bullets(RawWord(text, 0, 0, 100, 10, 0.9))
                       for p in split_glued_word(piece)])

    assert cut("508/2023|Rechnungsdatum:") == ["508/2023", "|", "Rechnungsdatum:"]
    assert cut("|Fecha") == ["|", "Fecha"]
    assert cut("|l") == ["|l"]  # a letter OCR read as a bar is left alone
    assert cut("TVA10") == ["TVA", "10"]
    assert cut("MwSt19%") == ["MwSt", "19%"]
    assert cut("VAT2024") == ["VAT2024"]
    assert cut("Hafnerstrasse783") == ["Hafnerstrasse", "783"]
    assert cut("655Kent") == ["655", "Kent"]
    assert cut("Office365") == ["Office365"] and cut("3Com") == ["3Com"]  # a name with its figure stays whole
    # a value run into its caption over a stop or a comma OCR read from the field's frame
    assert cut("number,61") == ["number", "61"] and cut("person.Fiona") == ["person.", "Fiona"]
    assert cut("claimant,OLIVER") == ["claimant", "OLIVER"] and cut("Betrag,1'459.94") == ["Betrag", "1'459.94"]
    assert cut("Versicherungsschein-Nr.,791.501.6562") == ["Versicherungsschein-Nr.", "791.501.6562"]
    assert cut("www.example.com") == ["www.example.com"] and cut("St.Gallen") == ["St.Gallen"]  # no value
    assert cut("Müller,bitte") == ["Müller,bitte"] and cut("Inv.2024-001") == ["Inv.2024-001"]
    assert cut("INV,2024") == ["INV,2024"] and cut("Ref.ª") == ["Ref.ª"]



@pytest.mark.parametrize(("line", "fixed"), [
    (",Solène Lefebvre", "Solène Lefebvre"), ("Adresse ,173 chemin du Moulin", "Adresse 173 chemin du Moulin"),
    ("Total 12 ,50", "Total 12 ,50"),  # (an amount's cents OCR split off: joined again later)
    ("Date du sinistre .30/05/2025", "Date du sinistre 30/05/2025"), ("PLZ .3600", "PLZ 3600"),
    ("Vermittler .Claudia Wenzel", "Vermittler Claudia Wenzel"),
    ("Rabatt .50", "Rabatt .50"), ("Framework .NET", "Framework .NET"),  # a stop before no date stays
])
def test_a_comma_or_stop_ocr_read_from_a_fields_frame_before_its_value_goes(line: str, fixed: str) -> None:
    words = [RawWord(t, 10 * k, 0, 10 * k + 8, 10, 0.9) for k, t in enumerate(line.split())]
    assert " ".join(w.text for w in repair_ocr_words(words)) == fixed


def test_thin_grey_check_boxes_of_a_scan_are_found() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=120)
    page.insert_text((20, 50), "Type of claim", fontsize=11)
    page.insert_text((20, 90), "Police report filed", fontsize=11)
    grey = (0.6, 0.6, 0.6)  # a hairline off the pixel grid: grey once scanned, lighter than Otsu's threshold
    for (x, y), ticked in (((150, 50), False), ((230, 50), True), ((150, 90), True), ((230, 90), False)):
        r = pymupdf.Rect(x + 0.3, y - 8.7, x + 9.3, y + 0.3)
        page.draw_rect(r, color=grey, width=0.5)
        if ticked:
            page.draw_line(r.tl, r.br, color=grey, width=0.5)
            page.draw_line(r.tr, r.bl, color=grey, width=0.5)
        page.insert_text((x + 13, y), "Option", fontsize=11)
    pix = page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    image = Image.open(io.BytesIO(pix.tobytes("png")))
    boxes = sorted(find_check_boxes(image, word_height=11 / 72 * 150), key=lambda b: (round(b.y0 / 20), b.x0))
    assert [b.text for b in boxes] == [UNCHECKED, CHECKED, CHECKED, UNCHECKED]


def test_dotted_abbreviations_and_amounts_without_tax_are_labels() -> None:
    rows = [[(0.05, "Distribuciones Ramón S.L.")], [(0.05, "Calle Mayor 12, 28013 Madrid")],
            [(0.5, "Nº factura"), (0.7, "2024-0931")], [(0.5, "Fecha"), (0.7, "12/03/2024")],
            [(0.05, "Concepto"), (0.55, "Cant."), (0.65, "Precio"), (0.85, "Importe")],
            [(0.05, "Consultoría"), (0.55, "2"), (0.65, "150,00"), (0.85, "300,00")],
            [(0.05, "Desplazamiento"), (0.55, "1"), (0.65, "100,00"), (0.85, "100,00")],
            [(0.6, "Total sin IVA"), (0.85, "400,00 €")], [(0.6, "I.V.A. 21%"), (0.85, "84,00 €")],
            [(0.6, "Total"), (0.85, "484,00 €")]]
    d = _run(layout(rows), Invoice).data
    assert (d["subtotal"], d["tax"], d["total"]) == ("400.00", "84.00", "484.00")
    rows[7:9] = [[(0.6, "Amount (excl. VAT)"), (0.85, "400,00 €")], [(0.6, "IVA 21%"), (0.85, "84,00 €")]]
    assert _run(layout(rows), Invoice).data["subtotal"] == "400.00"
