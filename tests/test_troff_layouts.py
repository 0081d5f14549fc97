"""Layouts of documents typeset with troff and printed by line printers: boxes drawn as four lines and ticks coded
in a dingbats font's own encoding, a column of colons between labels and values, a description's rest running on
over a row's empty figures or after a word that cannot end it, a register number beside the issuer's bank, a
receipt's address over a rule or a VAT number, a name wrapped at its joining word, a form's one-line address
beside its place and date (a place before a date is no label), a town wrapped after its particle, wrapped labels,
an empty signature under an empty place and date, Nordic, Dutch and Polish streets, and ticks OCR glues to a word
or reads as a root sign."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.base import EngineRequest, EngineResult, Word
from engine.registry import create_engine
from engine.rules import split_address_line, street_line
from pipeline.config import Settings
from pipeline.formfields import UNCHECKED
from pipeline.ingest import identify
from pipeline.layout import RawWord, split_glued_word
from pipeline.ocr import load_document
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout


def _run(words: list[Word], target: type) -> EngineResult:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="doc", words=words, target=target)])
    return result


def _square_of_four_lines(page: pymupdf.Page, x: float, y: float, size: float = 8.0) -> None:
    """A box as groff draws its ``\\[sq]``: four lines, each a path of its own."""
    tl, tr, br, bl = (pymupdf.Point(x, y - size), pymupdf.Point(x + size, y - size), pymupdf.Point(x + size, y),
                      pymupdf.Point(x, y))
    for a, b in ((tl, tr), (tr, br), (br, bl), (bl, tl)):
        page.draw_line(a, b, color=(0, 0, 0), width=0.5)


def _tick_in_named_encoding(doc: pymupdf.Document, page: pymupdf.Page, x: float, y: float) -> None:
    """A check mark set in ZapfDingbats under an encoding that names its glyphs (groff's ``\\[OK]``): code 51 is
    /a19, which the text layer gives as U+0013."""
    font = doc.get_new_xref()
    doc.update_object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats "
                            "/Encoding << /Differences [51 /a19] >> >>")
    resources = int(doc.xref_get_key(page.xref, "Resources")[1].split()[0])
    doc.xref_set_key(resources, "Font/ZD", f"{font} 0 R")
    stream = doc.get_new_xref()
    doc.update_object(stream, "<< >>")
    doc.update_stream(stream, f"BT /ZD 9 Tf {x} {page.rect.height - y} Td (3) Tj ET".encode())
    kind, contents = doc.xref_get_key(page.xref, "Contents")
    parts = contents.strip("[]") if kind == "array" else contents
    doc.xref_set_key(page.xref, "Contents", f"[{parts} {stream} 0 R]")


def test_boxes_drawn_as_four_lines_and_a_tick_in_a_named_encoding_are_read(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [(60, "Klemm Versicherung AG"), (90, "Schadenmeldung"), (130, "Name"), (156, "Versicherungsnummer"),
            (182, "Straße"), (208, "PLZ"), (234, "Ort"), (260, "Schadendatum")]
    values = ["", "", "Walli Ebert", "HV-2017-582249", "Olivia-Trapp-Gasse 66", "05980", "Coburg", "05.12.2023"]
    for (y, label), value in zip(rows, values, strict=True):
        page.insert_text((50, y), label, fontsize=11 if value else 14)
        page.insert_text((220, y), value, fontsize=11)
    page.insert_text((50, 286), "Schadenart", fontsize=11)
    x = 220
    for option, ticked in (("Kfz", False), ("Hausrat", True), ("Kranken", False), ("Reise", False)):
        if ticked:
            _tick_in_named_encoding(doc, page, x, 286)
        else:
            _square_of_four_lines(page, x, 286)
        page.insert_text((x + 10, 286), option, fontsize=11)
        x += 20 + pymupdf.get_text_length(option, fontsize=11)
    page.insert_text((50, 312), "Polizeilich gemeldet?", fontsize=11)
    _square_of_four_lines(page, 220, 312)
    page.insert_text((230, 312), "Ja", fontsize=11)
    _tick_in_named_encoding(doc, page, 260, 312)
    page.insert_text((270, 312), "Nein", fontsize=11)
    page.insert_text((50, 350), "Unterschrift", fontsize=11)
    page.insert_text((220, 350), "Walli Ebert", fontsize=11)
    doc.save(tmp_path / "claim.pdf")
    settings = Settings()
    words = load_document(identify(tmp_path / "claim.pdf", tmp_path, settings.limits), settings).words
    texts = [w.text for w in words]
    assert texts.count(UNCHECKED) == 4 and texts.count("✓") == 2
    data = _run(words, ClaimForm).data
    assert data["claim_type"] == "home" and data["police_report_filed"] is False


def test_a_column_of_colons_joins_the_labels_and_an_order_date_is_no_invoice_date() -> None:
    words = layout([
        [(0.07, "MATIAS MARQUES E FILHOS"), (0.72, "PÁGINA 1")],
        [(0.07, "R. DE NEPTUNO, 46")], [(0.07, "3962-997 VILA NOVA DE GAIA")],
        [(0.40, "FATURA")],
        [(0.07, "PETRA TORRES"), (0.43, "DATA DA ENCOMENDA"), (0.60, ": 7 de novembro de 2024")],
        [(0.07, "LARGO DOS ESTORNINHOS, 21"), (0.43, "NÚMERO DA FATURA"), (0.60, ": INV75169")],
        [(0.07, "3564-229 AMORA"), (0.43, "DATA DE EMISSÃO"), (0.60, ": 13 de novembro de 2024")],
        [(0.43, "VENCIMENTO"), (0.60, ": 13 de dezembro de 2024")],
        [(0.07, "N.º DESCRIÇÃO"), (0.50, "QTD."), (0.60, "PREÇO UNIT."), (0.80, "VALOR")],
        [(0.08, "1 Cleaning service"), (0.53, "6"), (0.62, "812,93"), (0.80, "4.877,58")],
        [(0.08, "2 Data migration"), (0.53, "1"), (0.62, "100,00"), (0.82, "100,00")],
        [(0.55, "TOTAL A PAGAR EUR"), (0.80, "4.977,58")],
    ])
    data = _run(words, Invoice).data
    assert (data["invoice_number"], data["invoice_date"], data["due_date"]) == \
        ("INV75169", "2024-11-13", "2024-12-13")


def test_a_line_printers_rest_runs_on_over_the_rows_empty_figures() -> None:
    """A fixed-width print wraps a description at a number of characters, and its rest may run on under the
    columns of figures the row leaves empty; in capitals no lower case tells that a line reads on."""
    words = layout([
        [(0.07, "BAILEY, CONNOLLY AND CONNOLLY")], [(0.07, "28 GEORGIA LOOP")], [(0.07, "ROBERTSPORT W0 1FE")],
        [(0.43, "INVOICE NO"), (0.57, "52326")], [(0.43, "DATE"), (0.57, "9 Jan 2024")],
        [(0.07, "#"), (0.11, "ITEM"), (0.47, "QUANTITY"), (0.64, "RATE"), (0.75, "TOTAL")],
        [(0.08, "1"), (0.11, "PRINTER TONER CARTRIDGE"), (0.53, "20"), (0.62, "940.21"), (0.71, "18,804.20")],
        [(0.08, "2"), (0.11, "MAINTENANCE WEB, AS PER QUOTATION"), (0.53, "1"), (0.62, "117.00"), (0.74, "117.00")],
        [(0.11, "OF LAST MONTH WITH DOCUMENTATION")],
        [(0.08, "3"), (0.11, "NETWORK SWITCH 24-PORT, INCLUDING"), (0.74, "343.15")],
        [(0.11, "INSTALLATION AND CONFIGURATION AT THE CUSTOMER SITE")],
        [(0.45, "BALANCE DUE"), (0.69, "£19,264.35")],
    ], leading=1.3)
    items = _run(words, Invoice).data["line_items"]
    assert [i["description"] for i in items] == [
        "PRINTER TONER CARTRIDGE", "MAINTENANCE WEB, AS PER QUOTATION OF LAST MONTH WITH DOCUMENTATION",
        "NETWORK SWITCH 24-PORT, INCLUDING INSTALLATION AND CONFIGURATION AT THE CUSTOMER SITE"]


def test_a_note_under_a_description_in_lower_case_stays_apart() -> None:
    words = layout([
        [(0.07, "Bailey Connolly Ltd")], [(0.07, "28 Georgia Loop")], [(0.07, "Robertsport W0 1FE")],
        [(0.43, "Invoice No"), (0.57, "52326")], [(0.43, "Date"), (0.57, "9 Jan 2024")],
        [(0.07, "#"), (0.11, "Item"), (0.47, "Quantity"), (0.64, "Rate"), (0.75, "Total")],
        [(0.08, "1"), (0.11, "Printer toner cartridge"), (0.53, "20"), (0.62, "940.21"), (0.71, "18,804.20")],
        [(0.11, "Delivered to the warehouse at the back of the building")],
        [(0.08, "2"), (0.11, "Security audit"), (0.53, "1"), (0.62, "117.00"), (0.74, "117.00")],
        [(0.45, "Balance due"), (0.69, "£18,921.20")],
    ], leading=1.3)
    items = _run(words, Invoice).data["line_items"]
    assert [i["description"] for i in items] == ["Printer toner cartridge", "Security audit"]


def test_a_register_numbers_caption_names_no_issuer() -> None:
    words = layout([
        [(0.12, "Martin-Williams")], [(0.12, "Studio 36j Joe Walk, Port Barbara L7 8UB")],
        [(0.13, "Bill To")], [(0.13, "Norman Payne")], [(0.13, "07 Claire Plains")],
        [(0.46, "Invoice")],
        [(0.18, "Invoice No."), (0.43, "Date of issue"), (0.71, "Due Date")],
        [(0.18, "202403843"), (0.43, "22 August 2024"), (0.71, "29 August 2024")],
        [(0.14, "Description"), (0.57, "Units"), (0.67, "Unit Price"), (0.81, "Amount")],
        [(0.14, "Training workshop"), (0.58, "2"), (0.68, "504.36"), (0.80, "1,008.72")],
        [(0.14, "Graphic design"), (0.58, "1"), (0.68, "120.00"), (0.81, "120.00")],
        [(0.56, "Total Due"), (0.67, "£1,128.72")],
        [(0.13, "VAT No."), (0.31, "Company No."), (0.53, "Bank")],
        [(0.13, "GB 483 1759 01"), (0.31, "06323392"), (0.53, "IBAN GB13 XUFJ 7271 6858 6686 88")],
    ])
    assert _run(words, Invoice).data["vendor_name"] == "Martin-Williams"


def test_a_receipts_address_ends_at_a_rule_and_at_its_vat_number() -> None:
    for under in ("--------------------------------", "MOMS-ID DK99696738", "CVR 99696738", "IVA-ID ESB08503925"):
        words = layout([
            [(0.3, "Lassen ApS")], [(0.3, "Oldfuxvej 41")], [(0.3, "8251 Stouby")], [(0.2, under)],
            [(0.05, "Kasse 2 Bon 4711"), (0.55, "24.10.2023 14:22")],
            [(0.05, "KAFFE"), (0.75, "45,00")], [(0.05, "I ALT"), (0.75, "45,00")],
            [(0.05, "KONTANT"), (0.75, "50,00")], [(0.05, "BYTTEPENGE"), (0.75, "5,00")],
        ])
        data = _run(words, Receipt).data
        assert data["merchant_address"] == "Oldfuxvej 41, 8251 Stouby", under


def test_a_name_wrapped_at_its_joining_word_under_taller_boxes() -> None:
    """A scan's boxes of a bold name's first line come out taller than those of its last words under it."""
    words = layout([
        [(0.09, "PAVAROTTI, PUGLIESE E MORANDINI")], [(0.183, "E FIGLI")], [(0.31, "Viale Murri, 90")],
        [(0.23, "73042 Pavona Stazione")], [(0.07, "Scontrino 12"), (0.55, "03/02/2024 10:22")],
        [(0.07, "PANE"), (0.8, "3,20")], [(0.07, "TOTALE"), (0.8, "3,20")], [(0.07, "CONTANTI"), (0.8, "5,00")],
    ], heights={0: 0.018})
    assert _run(words, Receipt).data["merchant_name"] == "PAVAROTTI, PUGLIESE E MORANDINI E FIGLI"


def _claim(rows: list) -> dict:
    head = [[(0.12, "Klemm Versicherung AG")], [(0.12, "Pohlstr. 4365, 13864 Wittmund")], [(0.38, "Schadenmeldung")]]
    return _run(layout(head + rows, leading=1.3), ClaimForm).data


def test_a_forms_address_on_one_line_beside_a_place_and_date_and_wrapped_labels() -> None:
    data = _claim([
        [(0.13, "Name des"), (0.40, "Walli Ebert")], [(0.13, "Versicherungsnehmers")],
        [(0.13, "Versicherungsscheinnummer"), (0.40, "HV-2017-582249")],
        [(0.13, "Anschrift"), (0.40, "Olivia-Trapp-Gasse 66, 05980 Coburg")],
        [(0.13, "Datum des"), (0.40, "05.12.2023")], [(0.13, "Schadenereignisses")],
        [(0.13, "Schadenart"), (0.40, "[ ] Kraftfahrt [X] Wohngebäude [ ] Krankheit [ ] Reise")],
        [(0.13, "Was the incident reported to the"), (0.40, "[ ] Yes [X] No")], [(0.13, "police?")],
        [(0.13, "Ort, Datum"), (0.40, "Coburg,"), (0.47, "17.12.2023")],
        [(0.13, "Unterschrift"), (0.40, "Walli Ebert")],
    ])
    assert data["address"] == {"street": "Olivia-Trapp-Gasse 66", "city": "Coburg", "postal_code": "05980"}
    assert (data["incident_date"], data["police_report_filed"], data["signed"]) == ("2023-12-05", False, True)


def test_an_empty_signature_under_an_empty_place_and_date_is_unsigned() -> None:
    data = _claim([
        [(0.12, "Anspruchsteller"), (0.41, "Shania Spörri")], [(0.12, "Policy number"), (0.41, "KFZ0121020")],
        [(0.12, "Street"), (0.41, "Zieglerstrasse 52")], [(0.12, "Postcode"), (0.41, "6887")],
        [(0.12, "Town"), (0.41, "Frauenfeld")], [(0.12, "Date of loss"), (0.41, "25.06.2023")],
        [(0.12, "Type of claim"), (0.41, "[ ] Auto [X] Home [ ] Health [ ] Travel")],
        [(0.12, "Reported to police?"), (0.41, "[ ] Yes [X] No")],
        [(0.12, "I declare that the information given above is true and complete.")],
        [(0.12, "Place, date")], [(0.12, "Signature of claimant")],
    ])
    assert (data["claimant_name"], data["signed"]) == ("Shania Spörri", False)


def test_ticks_ocr_glues_to_a_word_or_reads_as_a_root_sign() -> None:
    pieces = split_glued_word(RawWord("Komunikacyjna✓", 0.0, 0.0, 14.0, 1.0, 0.9))
    assert [p.text for p in pieces] == ["Komunikacyjna", "✓"]
    data = _claim([
        [(0.13, "Imie i nazwisko"), (0.41, "Sonia Maras")], [(0.13, "Numer polisy"), (0.41, "POL-497803")],
        [(0.13, "Ulica"), (0.41, "al. Paderewskiego 259")], [(0.13, "Kod pocztowy"), (0.41, "58-307")],
        [(0.13, "Miejscowość"), (0.41, "Szczecin")], [(0.13, "Data zdarzenia"), (0.41, "20.06.2024")],
        [(0.13, "Rodzaj szkody"), (0.41, f"{UNCHECKED} Komunikacyjna"), (0.55, "✓ Mieszkaniowa"),
         (0.70, f"{UNCHECKED} Zdrowotna")],
        [(0.13, "Czy zgłoszono na policję?"), (0.41, "√ Tak"), (0.48, f"{UNCHECKED} Nie")],
        [(0.13, "Podpis"), (0.41, "Sonia Maras")],
    ])
    assert (data["claim_type"], data["police_report_filed"]) == ("home", True)


def test_danish_and_swedish_streets_split_a_one_line_address() -> None:
    assert split_address_line("Strindbergsvej 16, 1956 Brenderup") == ("Strindbergsvej 16", "1956", "Brenderup")
    assert split_address_line("Liviabaan 7, 8011 KM Sassenheim") == ("Liviabaan 7", "8011 KM", "Sassenheim")
    assert split_address_line("al. Lelewela 24, 95-002 Turek") == ("al. Lelewela 24", "95-002", "Turek")
    for street in ("Nørregade 4", "Stationsgatan 231", "Kungsvägen 12", "Rørsanger Allé 98", "Gammeltorv 3"):
        assert street_line(street), street
    for other in ("Alle Preise in EUR", "Aggregate 12", "8251 Stouby"):
        assert not street_line(other), other


def test_a_place_before_its_date_is_no_label_and_a_town_wrapped_after_its_particle() -> None:
    """An Irish town named "… Ville" ends on the French word for town: set before a date, with its comma, it is
    the place the form was signed at, no label of the address's city."""
    data = _claim([
        [(0.13, "Name of insured"), (0.39, "Gillian McKiernan")], [(0.13, "Policy No."), (0.39, "HV-2016-997805")],
        [(0.13, "Address"), (0.39, "85 Gillen Street, Carrie Ville K53 CYTF")],
        [(0.13, "Date of incident"), (0.39, "03/12/2024")],
        [(0.13, "Claim type"), (0.39, "[ ] Auto [ ] Home [X] Health [ ] Travel")],
        [(0.13, "Reported to police?"), (0.39, "[ ] Yes [X] No")],
        [(0.13, "Date"), (0.39, "Carrie Ville,"), (0.47, "23/12/2024")],
        [(0.13, "Signature of claimant"), (0.39, "Gillian McKiernan")],
    ])
    assert data["address"] == {"street": "85 Gillen Street", "city": "Carrie Ville", "postal_code": "K53 CYTF"}
    data = _claim([
        [(0.13, "Nome del contraente"), (0.40, "Dante Detti")], [(0.13, "N. polizza"), (0.40, "KFZ9599941")],
        [(0.13, "Indirizzo"), (0.40, "Stretto Costalonga, 24, 84087 San Lorenzo Della")], [(0.40, "Costa")],
        [(0.13, "Data del sinistro"), (0.40, "16 luglio 2023")],
        [(0.13, "Tipo di sinistro"), (0.40, "[ ] Auto [ ] Casa [ ] Salute [X] Viaggio")],
        [(0.13, "Denuncia alle autorità?"), (0.40, "[ ] Sì [X] No")],
        [(0.13, "Firma"), (0.40, "Dante Detti")],
    ])
    assert data["address"] == {"street": "Stretto Costalonga, 24", "city": "San Lorenzo Della Costa",
                               "postal_code": "84087"}


def test_a_description_wrapped_after_vom_reads_on() -> None:
    words = layout([
        [(0.12, "Staub GmbH")], [(0.12, "Kungstrasse 60, 2399 Glarus")],
        [(0.55, "Rechnungs-Nr."), (0.75, "FA-2024-09159")], [(0.55, "Rechnungsdatum"), (0.75, "28.05.2024")],
        [(0.12, "Artikel"), (0.55, "Anz."), (0.65, "Einzelpreis"), (0.82, "Gesamt")],
        [(0.12, "Reisekosten, gemäß Angebot vom"), (0.56, "2"), (0.66, "304.32"), (0.82, "608.64")],
        [(0.12, "Vormonat, inkl. Dokumentation")],
        [(0.12, "Beratungsleistung"), (0.56, "1"), (0.66, "232.82"), (0.82, "232.82")],
        [(0.55, "Gesamtbetrag"), (0.80, "841.46 CHF")],
    ], leading=1.3)
    items = _run(words, Invoice).data["line_items"]
    assert [i["description"] for i in items] == ["Reisekosten, gemäß Angebot vom Vormonat, inkl. Dokumentation",
                                                 "Beratungsleistung"]
