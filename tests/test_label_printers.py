"""Documents as label printers, diagram editors, pic drawings and tablets print them (gLabels, Dia, pic2plot,
PDF::Table, Xournal++): a parcel label's sender and addressee over its invoice, an order line's count times its price
in one cell, a pack's size set a character a word, a shop's shopping centre over its street, a witness under an empty
signature line."""

from __future__ import annotations

import pytest

from pipeline.layout import RawWord, join_spaced_letters
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout, read_baseline


def _label_invoice(sender: str, addressee: str, lines: list[list[tuple[float, str]]]) -> dict:
    rows = [[(0.06, sender), (0.53, addressee)], [(0.06, "Paprika Manufaktúra Zrt."), (0.53, "Eszter Fehérvári")],
            [(0.06, "Andrássy út 118."), (0.53, "Rákóczi út 85.")], [(0.06, "4024 Debrecen"), (0.53, "1061 Budapest")],
            [(0.05, "SZÁMLA R2472650")], [(0.05, "Számla kelte: 2024.09.11.")],
            [(0.05, "Megnevezés"), (0.28, "Menny."), (0.85, "Érték")], *lines,
            [(0.6, "Összesen HUF"), (0.85, "20 003,00")]]
    return read_baseline(layout(rows), Invoice)


@pytest.mark.parametrize(("sender", "addressee"), [("FELADÓ", "CÍMZETT"), ("NADAWCA", "ADRESAT"),
                                                   ("AVSÄNDARE", "MOTTAGARE")])
def test_a_parcel_labels_sender_issues_the_invoice_under_it(sender: str, addressee: str) -> None:
    lines = [[(0.05, "Wool socks hiking"), (0.28, "2"), (0.85, "20 003,00")]]
    assert _label_invoice(sender, addressee, lines)["vendor_name"] == "Paprika Manufaktúra Zrt."


@pytest.mark.parametrize("cell", ["1 × 8 398,00", "1× 8 398,00", "1 ×8 398,00", "1 x 8 398,00"])
def test_a_count_times_its_price_in_one_cell_is_the_rows_quantity_and_unit_price(cell: str) -> None:
    """A web shop's label prints each order line's count and price in one cell under the count's label ("1 ×
    8 398,00"), after the description or apart from it; the price is the unit price where the count times it is
    the line's amount. A pack's size at a description's end ("Mineralvatten 24 x 33 cl", "6 x 1,5") stays in it."""
    lines = [[(0.05, f"Ceramic mug hand-glazed 350 ml {cell}"), (0.85, "8 398,00")],
             [(0.05, "Mineral water 6 x 1,5"), (0.28, cell), (0.85, "8 398,00")],
             [(0.05, "Mineralvatten 24 x 33 cl"), (0.28, "2 x 1 801,50"), (0.85, "3 603,00")]]
    items = _label_invoice("FELADÓ", "CÍMZETT", lines)["line_items"]
    assert [(i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in items] == [
        ("Ceramic mug hand-glazed 350 ml", "1", "8398.00", "8398.00"),
        ("Mineral water 6 x 1,5", "1", "8398.00", "8398.00"),
        ("Mineralvatten 24 x 33 cl", "2", "1801.50", "3603.00")]


def test_a_packs_size_set_a_character_a_word_is_not_one_word() -> None:
    """A text layer that sets "8 x 1 l" as four one-character words a space apart: a multiplication between
    figures, not a letter-spaced word ("8x1l"); a letter-spaced heading still joins."""
    def spaced(text: str, x: float, step: float) -> list[RawWord]:
        return [RawWord(c, x + k * step, 100, x + k * step + 4.3, 109) for k, c in enumerate(text.split())]

    line = [RawWord("concentrate", 100, 100, 150, 109), *spaced("8 x 1 l", 156, 6)]
    assert [w.text for w in join_spaced_letters(line)] == ["concentrate", "8", "x", "1", "l"]
    assert [w.text for w in join_spaced_letters(spaced("I N V O I C E", 100, 9))] == ["INVOICE"]


@pytest.mark.parametrize(("place", "street", "town"), [
    ("Galeria Centrum", "al. Niepodległości 95", "31-042 Kraków"),
    ("im Marktkauf-Center", "Ringstraße 46", "93047 Regensburg"),
    ("Centro Commerciale Aurora", "Calle del Prado, 68", "46002 Valencia"),
    ("Filiale Bahnhof", "Rosenbergstrasse 3", "6003 Luzern"),
    ("Torvehallerne, stand 7", "Havnegade 106, 2. th.", "5000 Odense C"),  # a market hall's stall
    ("Árkád, földszint", "Rózsa utca 96.", "9021 Győr"),  # an arcade's ground floor
    ("Lokal 2", "Storgatan 62", "222 21 Lund"), ("Loja 3", "Rua Augusta 27", "1100-048 Lisboa")])  # a shop's unit
def test_the_shopping_centre_a_shop_is_in_is_part_of_its_address(place: str, street: str, town: str) -> None:
    """A till prints the shopping centre, arcade or station a shop is in over its street: the address starts
    there. A slogan over the street is no part of it."""
    def receipt(first: str) -> dict:
        rows = [[(0.3, "Backhaus Steinofen e.K.")], [(0.3, first)], [(0.3, street)], [(0.3, town)],
                [(0.3, "Tel. 60 552 7333")], [(0.1, "02.03.2024 20:28")], [(0.1, "Brezel"), (0.7, "1,20")],
                [(0.1, "SUMME EUR"), (0.7, "1,20")]]
        return read_baseline(layout(rows), Receipt)

    assert receipt(place)["merchant_address"] == f"{place}, {street}, {town}"
    assert receipt("Frisch gebacken seit 1987")["merchant_address"] == f"{street}, {town}"


def test_a_british_postcode_ocr_ran_into_one_word_is_spaced_in_the_shops_address() -> None:
    """ "Leeds LS88QT": OCR lost the space of the postcode; the address gives it as Britain writes it."""
    rows = [[(0.3, "Greenleaf Garden Centre")], [(0.3, "99 Chandos Road")], [(0.3, "Leeds LS88QT")],
            [(0.3, "Tel. 0113 496 0000")], [(0.1, "02/03/2024 14:28")], [(0.1, "Compost 40 l"), (0.7, "6.99")],
            [(0.1, "TOTAL"), (0.7, "6.99")]]
    assert read_baseline(layout(rows), Receipt)["merchant_address"] == "99 Chandos Road, Leeds LS8 8QT"


def test_a_currencys_code_among_a_descriptions_words_is_no_currency() -> None:
    """"Parmigiano Reggiano DOP 24 mesi": DOP is a protected origin there, not the Dominican peso; the total's
    label names the currency."""
    rows = [[(0.6, "Distribuzione Alimentare Ferretti S.p.A.")], [(0.07, "Numero fattura"), (0.3, "RE-2026-31024")],
            [(0.07, "Data fattura"), (0.3, "18/06/2026")],
            [(0.09, "Descrizione"), (0.55, "Q.tà"), (0.65, "Prezzo"), (0.85, "Importo")],
            [(0.09, "Parmigiano Reggiano DOP 24 mesi"), (0.55, "2"), (0.65, "39,32"), (0.85, "78,64")],
            [(0.6, "Totale fattura EUR:"), (0.85, "78,64")]]
    assert read_baseline(layout(rows), Invoice)["currency"] == "EUR"
    # an amount's code in a sentence is the currency ("… Promotional Discount of Rs -40.00,")
    rows[-1] = [(0.6, "Totale fattura"), (0.85, "78,64")]
    rows.append([(0.09, "Price is inclusive of Promotional Discount of Rs -40.00, if any")])
    assert read_baseline(layout(rows), Invoice)["currency"] == "INR"


def test_a_romanian_caption_of_name_and_first_names_is_the_claimants() -> None:
    """A diagram editor's claim form: a section headed "Asigurat" (the insured), small captions in a row over the
    values ("Nume și prenume | Data nașterii | Număr poliță"). The caption under the heading is the claimant's
    name's, not the name."""
    rows = [[(0.062, "Dunărea Asigurări")], [(0.062, "Avizare daună locuință")], [(0.071, "Asigurat")],
            [(0.068, "Nume și prenume"), (0.505, "Data nașterii"), (0.698, "Număr poliță")],
            [(0.071, "Mihai Stănescu"), (0.509, "10.04.1999"), (0.702, "T4181864")],
            [(0.068, "Strada și numărul"), (0.462, "Cod poștal"), (0.61, "Localitate")],
            [(0.071, "Strada Mihai Eminescu nr. 108"), (0.465, "400124"), (0.614, "Cluj-Napoca")],
            [(0.068, "Data evenimentului"), (0.505, "Suma solicitată (RON)")], [(0.071, "14.06.2025")]]
    heights = {0: 0.0086, 1: 0.0148, 2: 0.0081, 3: 0.0059, 4: 0.0092, 5: 0.0059, 6: 0.0092, 7: 0.0059, 8: 0.0092}
    words = layout(rows, heights=heights, leading=1.6)
    assert read_baseline(words, ClaimForm)["claimant_name"] == "Mihai Stănescu"


def test_a_witness_named_under_an_empty_signature_line_signs_nothing() -> None:
    """"Testemunha: Gonçalo Lobo" on the line under "Assinatura do tomador": the witness's name is its caption's
    value, no typed signature; a name under the caption alone is one."""
    def signed(under: list[tuple[float, str]]) -> bool:
        rows = [[(0.09, "Aurora Vakuutus - Participação de sinistro")], [(0.09, "Nome do tomador do seguro")],
                [(0.1, "Tiago Sequeira")], [(0.09, "Data do sinistro"), (0.4, "08-06-2024")],
                [(0.09, "3. Declaração")], [(0.54, "13-06-2024")], [(0.09, "Assinatura do tomador"), (0.531, "Data")],
                under]
        return read_baseline(layout(rows), ClaimForm)["signed"]

    assert signed([(0.095, "Testemunha:"), (0.168, "Gonçalo Lobo"), (0.533, "Mediador: 5590")]) is False
    assert signed([(0.095, "Tiago Sequeira")]) is True


def test_a_name_signed_larger_after_the_signatures_own_colon_caption_signs_the_form() -> None:
    """ "Signature de l'assuré:  Manon Beaumont", the name in a script font twice the caption's size: signed; the
    name typed at the caption's size after it is a typed name, no signature."""
    def signed(name_height: float) -> bool:
        rows = [[(0.35, "Meridian Insurance plc")], [(0.31, "DÉCLARATION DE SINISTRE - Voyage")],
                [(0.01, "N° de police:"), (0.4, "P4766882")], [(0.01, "Nom de l’assuré:"), (0.4, "Manon Beaumont")],
                [(0.01, "Date du sinistre:"), (0.4, "15/11/2025")], [(0.01, "Date:"), (0.4, "22/11/2025")],
                [(0.01, "Signature de l’assuré:"), (0.35, "Manon Beaumont")]]
        words = layout(rows)
        words = [w.model_copy(update={"bbox": (w.bbox[0], w.bbox[3] - name_height, w.bbox[2], w.bbox[3])})
                 if w.line == 6 and w.bbox[0] >= 0.35 else w for w in words]
        return read_baseline(words, ClaimForm)["signed"]

    assert signed(0.024) is True
    assert signed(0.012) is False


def test_the_place_of_a_loss_names_no_kind_of_claim() -> None:
    """A car accident report's place of loss under its caption ("Luogo del sinistro" over "Via Roma / Firenze"):
    "Firenze" begins with "fire", a loss a home's cover pays for, but a street names no kind of claim; the title
    does ("Denuncia di sinistro auto")."""
    rows = [[(0.08, "Assicurazioni Lagunari S.p.A.")], [(0.08, "Denuncia di sinistro auto / Constatazione amichevole")],
            [(0.07, "Cognome e nome"), (0.4, "Data di nascita"), (0.65, "Numero polizza")],
            [(0.07, "Federica Sartori"), (0.4, "28/08/1954"), (0.65, "32.452.944902")],
            [(0.07, "Data del sinistro"), (0.2, "Ora"), (0.35, "Luogo del sinistro")],
            [(0.07, "31/10/2024"), (0.2, "21:01"), (0.35, "Via Roma / Firenze")]]
    assert read_baseline(layout(rows), ClaimForm)["claim_type"] == "auto"
