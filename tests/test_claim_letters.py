"""Claims written as letters: the signature under the letter's closing, an e-signature stated in the
sender's language, a form's questions that run long, and answers a caption's word could be mistaken for; claim
forms whose captions stand over their values: the name's caption under a section's heading, an Irish postcode's
halves under the two words of its caption."""

from __future__ import annotations

import pytest

from engine.base import SIGNATURE_MARK
from schemas import ClaimForm
from tests.layout import layout, ocr_words, read_baseline


def _letter(closing: str, under: list[str], *, police: str = "Wurde der Schaden polizeilich gemeldet?: ☐ Ja ☒ Nein",
            claim_type: str = "Schadenart: Hausrat") -> list:
    """A claim sent as a letter: the sender's address, the claim's fields as "label: value" lines, a declaration,
    the closing and what stands under it."""
    rows = [[(0.1, "Tobias Schneider")], [(0.1, "Lindenallee 169")], [(0.1, "80023 München")],
            [(0.6, "München, 14.04.2025")], [(0.1, "Schadenmeldung – Vertrag A69902256")],
            [(0.1, "Sehr geehrte Damen und Herren,")],
            [(0.1, "Name des Versicherten: Tobias Schneider")], [(0.1, "Vertragsnummer: A69902256")],
            [(0.1, "Straße, Hausnummer: Lindenallee 169")], [(0.1, "PLZ / Ort: 80023 / München")],
            [(0.1, claim_type)], [(0.1, "Schadentag: 31.03.2025")], [(0.1, "Geschätzte Schadenhöhe: EUR 12.887,58")],
            [(0.1, police)], [(0.1, "Ich versichere die Richtigkeit und Vollständigkeit meiner Angaben.")],
            [(0.1, closing)], *[[(0.1, text)] for text in under]]
    return layout(rows)


@pytest.mark.parametrize(("closing", "under", "signed"), [
    # a signature set in a script font over the name typed under it: OCR reads it, a letter or two off
    ("Mit freundlichen Grüßen", ["Tobias Schneider", "Tobias Schneider"], True),
    ("Kind regards,", ["Tobias Schneidcr", "Tobias Schneider"], True),
    ("Veuillez agréer mes salutations distinguées.", ["Tobias Schneider", "Tobias Schneider"], True),
    ("Z poważaniem", [SIGNATURE_MARK, "Tobias Schneider"], True),  # handwriting the OCR stage found
    ("Med vänliga hälsningar", ["Elektroniskt signerad av Tobias Schneider", "Tobias Schneider"], True),
    ("S pozdravem", ["Elektronicky podepsal Tobias Schneider", "Tobias Schneider"], True),
    # the typed name alone: nobody signed
    ("Mit freundlichen Grüßen", ["Tobias Schneider"], False),
    ("Distinti saluti", ["Tobias Schneider", "Seite 1 von 1"], False),
])
def test_a_letters_signature_stands_under_its_closing(closing: str, under: list[str], signed: bool) -> None:
    data = read_baseline(_letter(closing, under), ClaimForm)
    assert data["signed"] is signed
    assert (data["claimant_name"], data["policy_number"], data["claim_type"]) == ("Tobias Schneider", "A69902256",
                                                                                 "home")


def test_a_name_over_a_job_title_under_the_closing_says_nothing_of_a_signature() -> None:
    data = read_baseline(_letter("Mit freundlichen Grüßen", ["Tobias Schneider", "Leiter Einkauf"]), ClaimForm)
    assert data["signed"] is None


def test_a_long_question_is_one_label() -> None:
    """Eight words before the question's colon: all of them the label, not its first three a text."""
    police = "Un procès-verbal de police a-t-il été établi ?: ☒ Oui ☐ Non"
    assert read_baseline(_letter("Cordialement", ["Tobias Schneider"], police=police),
                         ClaimForm)["police_report_filed"] is True


def test_a_czech_no_beside_its_question_is_the_answer() -> None:
    """"Ne" reads as a French date of birth's caption too ("Né le"); after the question it is its answer."""
    police = "Byla událost nahlášena policii?: Ne"
    assert read_baseline(_letter("S pozdravem", ["Tobias Schneider"], police=police),
                         ClaimForm)["police_report_filed"] is False


def test_an_answer_ticked_under_a_weak_label_of_the_claim_type_leaves_the_claim_type_alone() -> None:
    """The amount's label reads weakly as the claim type's ("Montant réclamé"); the police question's boxes on
    the line under it are no unknown claim type."""
    words = layout([[(0.1, "Déclaration de sinistre")], [(0.1, "Nom de l'assuré: Sébastien Dubois")],
                    [(0.1, "N° de contrat: POL-6465803")], [(0.1, "Type de sinistre: Voyage")],
                    [(0.1, "Date du sinistre: 21/07/2025")], [(0.1, "Montant réclamé: 1 914,57 €")],
                    [(0.1, "Un procès-verbal de police a-t-il été établi ?: ☐ Oui ☒ Non")]])
    data = read_baseline(words, ClaimForm)
    assert (data["claim_type"], data["police_report_filed"]) == ("travel", False)


def test_a_caption_under_a_sections_heading_is_not_the_name() -> None:
    """"1. Asegurado" (the insured) heads the section; "Nombre del reclamante" under it is the name's own caption,
    not its value."""
    rows = [[(0.1, "Seguros Ibéricos S.A.")], [(0.1, "PARTE DE SINIESTRO")], [(0.1, "1. Asegurado")],
            [(0.1, "Nombre del reclamante"), (0.6, "Fecha de nacimiento")],
            [(0.1, "Carmen Martínez"), (0.6, "26/05/1961")], [(0.1, "N.º de póliza")], [(0.1, "V43-413177")]]
    data = read_baseline(layout(rows), ClaimForm)
    assert (data["claimant_name"], data["policy_number"]) == ("Carmen Martínez", "V43-413177")
    # a name that reads as a caption in part only is a name ("Mulder" is one letter from "melder", who reports)
    rows = [[(0.1, "Schadeformulier")], [(0.1, "Naam verzekeringnemer"), (0.6, "Geboortedatum")],
            [(0.1, "Thijs Mulder"), (0.6, "08-06-1952")], [(0.1, "Polisnummer")], [(0.1, "POL-TR-538229")]]
    assert read_baseline(layout(rows), ClaimForm)["claimant_name"] == "Thijs Mulder"


def test_an_irish_postcodes_halves_under_the_words_of_its_caption_are_one_code() -> None:
    """"D59" stands under "Postal", "J5N4" under "code" (the value in larger type): the caption is not cut over
    them, and the code is whole."""
    rows = [[(0.074, "Claimant name")], [(0.074, "Megan Okafor")], [(0.074, "Policy number")], [(0.074, "HH3285923")],
            [(0.074, "Street address")], [(0.074, "73 Main Street")]]
    words = layout(rows) + ocr_words([
        (6, "Postal", 0.0738, 0.2804, 0.1091, 0.2894), (6, "code", 0.1127, 0.2804, 0.1404, 0.2894),
        (6, "City", 0.312, 0.2804, 0.3337, 0.2894), (7, "D59", 0.0738, 0.2943, 0.1076, 0.3074),
        (7, "J5N4", 0.1127, 0.2943, 0.1559, 0.3074), (7, "Dublin", 0.312, 0.2943, 0.3642, 0.3074),
        (7, "2", 0.3694, 0.2943, 0.3796, 0.3074)])
    data = read_baseline(words, ClaimForm)
    assert data["address"] == {"street": "73 Main Street", "city": "Dublin 2", "postal_code": "D59 J5N4"}
