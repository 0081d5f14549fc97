"""Layouts of documents drawn straight into pictures (no PDF on the way) and read by OCR: OCR's word boxes that cut a
word of the line's text, a side column whose lines sit between a table's rows, header labels OCR ran together at an
abbreviation's dot, dotless i's, a zero read for the O of a code's prefix, a Polish legal form in capitals with a
zero for its O, a postcode run into its town, a receipt's date line under its address, a house number run into its
street, a table headed by a weak item word under the issuer, an item whose name starts like a subtotal's label, a
town's name over the two halves of a postcode, a name signed higher than the place and date beside it, label words
OCR misread ("rn" read as "m", an elided article without its apostrophe), a sidebar's label on a row's line, and a
header's abbreviated label ("P. unit.")."""

from __future__ import annotations

from engine.base import EngineRequest, EngineResult, Word
from engine.labels import label_score, label_tokens
from engine.registry import create_engine
from engine.rules import street_line
from engine.spandoc import concept_phrases
from pipeline.layout import LineUnit, RawWord, order_lines, repair_ocr_words, split_glued_labels
from pipeline.recognize import _as_line_words
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout, ocr_words


def _run(words: list[Word], target: type, engine: str = "baseline") -> EngineResult:
    (result,) = create_engine(engine).extract_batch([EngineRequest(id="doc", words=words, target=target)])
    return result


def _unit(text: str, x0: float, y0: float, y1: float) -> LineUnit:
    words, x = [], x0
    for token in text.split():
        words.append(RawWord(token, x, y0, x + 12 * len(token), y1))
        x += 12 * len(token) + 8
    return LineUnit(words)


def test_a_tables_amount_beside_a_side_columns_line_stays_in_its_row() -> None:
    """OCR boxes of a row's cells differ in height: the row's amount overlaps the side column's line above by half
    its height, and the row's other cells only the row's."""
    units = [
        _unit("Piazza Franco, 31", 64, 418, 444), _unit("Spese di trasporto", 450, 430, 456),
        _unit("3", 873, 431, 455), _unit("1.913,70", 1066, 428, 455),
        _unit("16033, Lavagna (GE)", 63, 448, 476), _unit("3.758,26", 1062, 462, 491),
        _unit("Spese di trasporto", 451, 463, 491), _unit("2", 870, 465, 491), _unit("1.879,13", 931, 464, 491),
        _unit("Cavo di rete 5 m", 455, 500, 526), _unit("17.553,00", 1055, 499, 526),
    ]
    lines = [" ".join(w.text for w in line) for line in order_lines(units)]
    assert lines == ["Piazza Franco, 31 Spese di trasporto 3 1.913,70", "16033, Lavagna (GE)",
                     "Spese di trasporto 2 1.879,13 3.758,26", "Cavo di rete 5 m 17.553,00"]


#: a 100-DPI scan's OCR of an invoice whose sidebar holds its meta beside the line items (line, text, box)
_SIDEBAR_ROWS = [
    (9, "Descrizione", 0.3857, 0.2205, 0.4885, 0.2376), (9, "Q.tà", 0.6808, 0.2188, 0.7183, 0.2385),
    (9, "Pr.", 0.7485, 0.2197, 0.7727, 0.2368), (9, "unit.", 0.7763, 0.2197, 0.8198, 0.2368),
    (9, "Totale", 0.8416, 0.2179, 0.8972, 0.2359),
    (12, "DATA", 0.1112, 0.2778, 0.1548, 0.2949), (12, "DI", 0.1596, 0.2778, 0.179, 0.2949),
    (12, "SCADENZA", 0.185, 0.2769, 0.2733, 0.2949), (12, "Carta", 0.3857, 0.2726, 0.4281, 0.2932),
    (12, "A4", 0.4389, 0.2726, 0.4571, 0.2932), (12, "1", 0.7037, 0.2735, 0.7207, 0.2906),
    (12, "2,43", 0.7654, 0.2726, 0.8005, 0.2915), (12, "€", 0.8053, 0.2726, 0.8138, 0.2915),
    (12, "2,43", 0.8476, 0.2726, 0.8815, 0.2906), (12, "€", 0.8851, 0.2726, 0.8936, 0.2906),
    (13, "17", 0.1149, 0.294, 0.1306, 0.3111), (13, "feb", 0.1342, 0.294, 0.1596, 0.3111),
    (13, "2022", 0.1669, 0.294, 0.2031, 0.3111), (13, "Corso", 0.3881, 0.2923, 0.4281, 0.3094),
    (13, "di", 0.4377, 0.2923, 0.4486, 0.3094), (13, "formazione", 0.4534, 0.2923, 0.5417, 0.3094),
    (13, "12,5", 0.6856, 0.2915, 0.7158, 0.3111), (13, "33,35", 0.757, 0.2906, 0.7993, 0.3111),
    (13, "€", 0.8053, 0.2906, 0.8138, 0.3111), (13, "416,88", 0.8307, 0.2915, 0.8815, 0.3094),
    (13, "€", 0.8851, 0.2915, 0.8936, 0.3094),
]


def test_a_sidebars_label_on_a_rows_line_is_no_part_of_its_description() -> None:
    """A sidebar's label shares a line with a row of the line items beside it (``DATA DI SCADENZA`` before
    ``Carta A4``), set apart by a gap no description has: it stays out of the description."""
    words = ocr_words(_SIDEBAR_ROWS)
    for engine in ("baseline", "embedded"):
        items = _run(words, Invoice, engine).data["line_items"]
        assert [i["description"] for i in items] == ["Carta A4", "Corso di formazione"], engine
        assert [i["amount"] for i in items] == ["2.43", "416.88"]


#: a scan's OCR of a Portuguese invoice's table: its unit price headed "P. unit.", OCR's boxes tight round the words
_ABBREVIATED_HEADER = [
    (11, "Designação", 0.114, 0.3185, 0.1906, 0.3355), (11, "Qtd.", 0.6847, 0.3194, 0.7126, 0.335),
    (11, "P.", 0.7524, 0.3194, 0.7601, 0.3333), (11, "unit.", 0.7684, 0.3194, 0.7999, 0.3333),
    (11, "Valor", 0.8545, 0.3189, 0.889, 0.3338),
    (12, "Formação", 0.1099, 0.335, 0.1793, 0.352), (12, "12", 0.6936, 0.3371, 0.7049, 0.3494),
    (12, "1.598,96", 0.7251, 0.3355, 0.7821, 0.3494), (12, "€", 0.7874, 0.3359, 0.7945, 0.3494),
    (12, "19.187,52", 0.8124, 0.3359, 0.8753, 0.3499), (12, "€", 0.8812, 0.3363, 0.8878, 0.3503),
    (13, "Cadeiras", 0.1122, 0.3541, 0.1692, 0.3676), (13, "de", 0.1752, 0.3541, 0.1876, 0.3676),
    (13, "escritório", 0.193, 0.3541, 0.2536, 0.3676), (13, "1", 0.6977, 0.3541, 0.7108, 0.3668),
    (13, "72,03", 0.7458, 0.3537, 0.7821, 0.3676), (13, "€", 0.788, 0.3537, 0.7951, 0.3676),
    (13, "72,03", 0.8409, 0.3537, 0.8777, 0.3676), (13, "€", 0.883, 0.3537, 0.8901, 0.3676),
]


def test_an_abbreviated_header_label_reads_on_into_its_next_word() -> None:
    """``P.`` ``unit.`` a little further apart than a space in OCR's tight boxes: one label (the unit price's), not
    ``unit.`` alone (a quantity's word) and a stray ``P.``."""
    words = ocr_words(_ABBREVIATED_HEADER)
    for engine in ("baseline", "embedded"):
        items = _run(words, Invoice, engine).data["line_items"]
        assert [(i["quantity"], i["unit_price"], i["amount"]) for i in items] == [
            ("12", "1598.96", "19187.52"), ("1", "72.03", "72.03")], engine


def test_word_boxes_that_cut_a_word_of_the_line_are_joined() -> None:
    """RapidOCR's word boxes cut "Simões" after its m where the line's text has no space; pieces that do not spell
    the line's text are left as they are."""
    pieces = [RawWord("Sim", 10, 5, 40, 20, 0.9), RawWord("ões", 44, 4, 70, 21, 0.8),
              RawWord("Mercearia", 80, 5, 160, 20)]
    words = _as_line_words("Simões Mercearia", pieces)
    assert [(w.text, w.x0, w.y0, w.x1, w.y1, w.confidence) for w in words] == [
        ("Simões", 10, 4, 70, 21, 0.8), ("Mercearia", 80, 5, 160, 20, 1.0)]
    assert _as_line_words("Simoes Mercearia", pieces) == pieces
    figures = [RawWord("3", 0, 0, 10, 10), RawWord(".50", 12, 0, 40, 10)]
    assert _as_line_words("3.50", figures) == figures  # a cut beside a figure stays


def test_header_labels_run_together_at_a_dot_and_dotless_is_are_read() -> None:
    line = [RawWord(t, 100 * k, 0, 100 * k + 80, 10) for k, t in enumerate(["Descripción", "Cant.P.", "unitario",
                                                                            "Importe"])]
    assert [w.text for w in split_glued_labels(line)] == ["Descripción", "Cant.", "P.", "unitario", "Importe"]
    words = repair_ocr_words([RawWord("Usługı", 0, 0, 60, 10), RawWord("Kaşık", 70, 0, 120, 10)])
    assert [w.text for w in words] == ["Usługi", "Kaşık"]  # a Turkish word keeps its letter
    words = repair_ocr_words([RawWord(t, 60 * k, 0, 60 * k + 50, 10) for k, t in enumerate(["JASKÓŁA-KLUJ", "SP.", "Z",
                                                                                         "0.O."])])
    assert [w.text for w in words][-1] == "O.O."  # a legal form in capitals, its O read as a zero
    words = repair_ocr_words([RawWord("6491-615Lourosa", 0, 0, 150, 10)])
    assert [w.text for w in words] == ["6491-615", "Lourosa"]  # a postcode and its town, the space lost
    words = repair_ocr_words([RawWord("P0L/2024/7157557", 0, 0, 150, 10), RawWord("K0A", 160, 0, 190, 10),
                              RawWord("1B0", 200, 0, 230, 10)])
    assert [w.text for w in words] == ["POL/2024/7157557", "K0A", "1B0"]  # a code's prefix; a Canadian postcode


def test_a_receipts_address_ends_at_its_date_and_time() -> None:
    for when in ("22 juin 2024 12:10", "30 de julho de 2023", "16 november 2023  08:57"):
        words = layout([
            [(0.3, "LÉVÊQUE")], [(0.28, "chemin de Pinto")], [(0.3, "93570 Gilbert")], [(0.05, when)],
            [(0.05, "Ticket 15871")], [(0.05, "Caisse 7")], [(0.05, "Pâtes"), (0.8, "24,90")],
            [(0.05, "TOTAL"), (0.8, "24,90")], [(0.05, "CB"), (0.8, "24,90")],
        ])
        assert _run(words, Receipt).data["merchant_address"] == "chemin de Pinto, 93570 Gilbert", when
    assert street_line("Martha-Eibl-Platz3/8")  # OCR ran the house number into the street


def _italian_invoice(header: list) -> list[Word]:
    rows = [[(0.10, "TOGLIATTI E FIGLI")], [(0.10, "Borgo Dalla, 28")], [(0.10, "41058 Vignola (MO)")],
            [(0.10, "FATTURA")], [(0.10, "Spett.le"), (0.56, "Numero fattura:"), (0.86, "070202")],
            [(0.10, "Gregorio SPA"), (0.56, "Data documento:"), (0.82, "23/06/2024")],
            [(0.10, "Via Barberini, 440"), (0.56, "Scadenza:"), (0.82, "23/07/2024")],
            [(0.10, "24025 Orezzo (BG)")], header]
    for _ in range(3):
        rows += [[(0.10, "Carta A4 80 g"), (0.82, "€1.537,69")], [(0.10, "Spese di trasporto"), (0.82, "€982,81")]]
    rows += [[(0.57, "Totale imponibile:"), (0.82, "€7.561,50")], [(0.57, "IVA (22%):"), (0.82, "€1.663,53")],
             [(0.57, "TOTALE FATTURA:"), (0.82, "€9.225,03")]]
    return layout(rows)


def test_an_issuer_over_a_table_headed_by_an_item_word() -> None:
    """Rows of one amount each, printed twice or more, under a header of a weak item word and a total's: the header
    is the table's top, and no row's description is the issuer."""
    for header in ([(0.10, "Articolo"), (0.85, "Totale")], [(0.10, "Prodotto/servizio"), (0.85, "Importo")]):
        words = _italian_invoice(header)
        for engine in ("baseline", "embedded"):
            assert _run(words, Invoice, engine).data["vendor_name"] == "TOGLIATTI E FIGLI", (header, engine)


def _claim(rows: list) -> dict:
    head = [[(0.09, "Northgate Insurance plc")], [(0.6, "Claim Notification")]]
    return _run(layout(head + rows, leading=1.4), ClaimForm).data


def test_a_town_over_a_postcodes_halves_and_a_name_signed_higher_than_the_date() -> None:
    data = _claim([
        [(0.09, "Claimant name:"), (0.39, "Anne Wright")], [(0.09, "Policy number:"), (0.39, "PL6808170")],
        [(0.09, "Street address:"), (0.39, "268 Harvey Glens")], [(0.09, "City/Town:"), (0.39, "Port Daleburgh")],
        [(0.09, "Postcode:"), (0.39, "W2H 3SU")], [(0.09, "Date of incident:"), (0.39, "24/07/2022")],
        [(0.09, "Claim type:"), (0.39, "[ ] Motor [X] Home [ ] Health [ ] Travel")],
        [(0.09, "Police report filed?"), (0.39, "[X] Yes [ ] No")],
        [(0.09, "I declare that the information given is true and complete.")],
        [(0.54, "Anne Wright")], [(0.10, "17/08/2022")], [(0.09, "Date"), (0.54, "Signature")],
    ])
    assert data["address"] == {"street": "268 Harvey Glens", "city": "Port Daleburgh", "postal_code": "W2H 3SU"}
    assert data["signed"] is True


def test_label_words_ocr_misread() -> None:
    def score(text: str, concept: str) -> float:
        return label_score(label_tokens(text), concept_phrases(concept), concept)

    assert score("Factuumummer", "invoice_number") == 1.0  # "rn" read as "m"
    assert score("Nom de lassuré", "claimant") == 1.0  # the apostrophe of "l'assuré" lost
    assert score("Termin płatnoścı", "due_date") == 1.0  # a dotless ı
    assert score("gty", "quantity") == 1.0 and score("guantity", "quantity") == 1.0  # the Q read as a g


def test_an_item_whose_name_starts_like_a_subtotal_is_an_item() -> None:
    """"Base" is the Spanish and Portuguese taxable base's label; a row with a quantity, a price and their product
    is an item all the same."""
    words = layout([
        [(0.10, "Supermercados Rovira S.A.")], [(0.10, "Calle Mayor 12, 28013 Madrid")], [(0.40, "FACTURA")],
        [(0.10, "Nº Factura"), (0.35, "2023-24924")], [(0.10, "Fecha"), (0.35, "16/12/2023")],
        [(0.10, "Descripción"), (0.55, "Cant."), (0.68, "Precio"), (0.82, "Importe")],
        [(0.10, "Portes"), (0.56, "1"), (0.68, "1.538,24"), (0.82, "1.538,24")],
        [(0.10, "Base USB-C"), (0.56, "1"), (0.70, "26,96"), (0.84, "26,96")],
        [(0.10, "Mantenimiento web"), (0.56, "3"), (0.69, "110,15"), (0.83, "330,45")],
        [(0.60, "Base imponible"), (0.82, "1.895,65")], [(0.60, "IVA 21%"), (0.84, "398,09")],
        [(0.60, "Total"), (0.82, "2.293,74")],
    ])
    for engine in ("baseline", "embedded"):
        items = _run(words, Invoice, engine).data["line_items"]
        assert [i["description"] for i in items] == ["Portes", "Base USB-C", "Mantenimiento web"], engine
