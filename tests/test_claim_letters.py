"""Claims written as letters: the signature under the letter's closing, an e-signature stated in the
sender's language, a form's questions that run long, and answers a caption's word could be mistaken for."""

from __future__ import annotations

import pytest

from engine.base import SIGNATURE_MARK
from schemas import ClaimForm
from tests.layout import layout, read_baseline


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
