"""Ticks a scan's OCR lost: the ticked option is the one without the empty box the other options have."""

from __future__ import annotations

from typing import Any

import pytest

from engine.base import EngineRequest
from engine.registry import create_engine
from schemas import ClaimForm
from tests.layout import layout


def _claim(category: str | list[tuple[float, str]], police: str | list[tuple[float, str]]) -> dict[str, Any]:
    def cells(label: str, row: str | list[tuple[float, str]]) -> list[tuple[float, str]]:
        return [(0.1, label), *([(0.4, row)] if isinstance(row, str) else row)]

    rows = [
        [(0.1, "Atlas Insurance")],
        [(0.1, "CLAIM FORM")],
        [(0.1, "Claimant name:"), (0.4, "Jane Doe")],
        [(0.1, "Policy number:"), (0.4, "POL-778812")],
        cells("Claim category:", category),
        [(0.1, "Date of incident:"), (0.4, "03/01/2024")],
        cells("Police notified", police),
        [(0.1, "Signature:"), (0.4, "Jane Doe")],
    ]
    engine = create_engine("baseline", {})
    (result,) = engine.extract_batch([EngineRequest(id="doc", words=layout(rows), target=ClaimForm)])
    assert result.error is None
    return result.data


@pytest.mark.parametrize(("row", "expected"), [
    ("☐ Motor Property □ Health □ Travel", "home"),  # the ticked box came back as nothing
    ("☐Motor ☐ Household 冈 H e a l t h □ Travel", "health"),  # a blot for a tick, the option's letters set apart
    ("© MOTOR O PROPERTY © MEDICAL Mi TRAVEL", "travel"),  # empty boxes read as letters, the tick as "Mi"
    ("m Motor MW Home m Health o Travel", "home"),  # empty boxes read as "m" too: the surer tick wins
    ("[] Komunikacyjne [Dom © Zdrowotne m Podróż", "travel"),  # the only "m"; a box glued to its option
    ("O Komunikacyjne © Dom MNNW © Podróż", "health"),  # the tick glued to its option
    ("m Auto a Inboedel m Zorg Reis", "travel"),  # two "m" are boxes: the option without a mark
    ("O AUTO O HABITATION D SANTE ASSISTANCE VOYAGE", "travel"),  # a two-word option after its box
    ("\u270d Komunikacyjna ☐ Mieszkaniowa ☐ Zdrowotna ☐ Turystyczna", "auto"),  # a filled radio button's ink
])
def test_an_unread_tick_is_the_option_without_an_empty_box(row: str, expected: str) -> None:
    assert _claim(row, "☐ Yes ☒ No")["claim_type"] == expected


@pytest.mark.parametrize(("row", "expected"), [
    ("O Ja Nein", False),
    ([(0.4, "Yes"), (0.45, "☐"), (0.47, "No")], True),  # the box sits closer to "No": "Yes" lost its box
    ("D YES m NO", False),
    ("O YES mNO", False),
    ("MW YES UNO", True),
    ("© Yes © No", False),  # both boxes empty
    ("[X] Sí[] No", True),  # the next option's box glued after an option
    ("[] Sí[X] No", False),
])
def test_an_unread_yes_or_no(row: str | list[tuple[float, str]], expected: bool) -> None:
    assert _claim("☐ Auto ☒ Home", row)["police_report_filed"] is expected


@pytest.mark.parametrize("row", [
    "Auto Habitation Santé Assistance voyage",  # no box read at all
    "☐ Auto Home Health ☐ Travel",  # two options without a box
    "M Auto M Home ☐ Health",  # two ticks
    "O Auto & Household Health",  # a tick, and an option that lost its box: which is ticked?
])
def test_no_tick_is_guessed_from_an_ambiguous_row(row: str) -> None:
    assert _claim(row, "☐ Yes ☒ No")["claim_type"] is None


def test_boxes_printed_after_their_options_are_read_after() -> None:
    assert _claim("Auto ☐ Home ☐ Health ☒ Travel ☐", "Yes ☐ No ☐")["police_report_filed"] is False
    assert _claim("Auto O Home Health O", "☐ Yes ☒ No")["claim_type"] == "home"


def test_a_street_name_with_a_label_word_and_a_labelled_postcode_cell() -> None:
    rows = [[(0.1, "CLAIM FORM")],
            [(0.1, "DOB: 16/06/1983"), (0.51, "Street address: 210 Maple Street")],
            [(0.1, "ZIP code / Town: YO1 6PC York")]]
    (result,) = create_engine("baseline", {}).extract_batch(
        [EngineRequest(id="doc", words=layout(rows), target=ClaimForm)])
    assert result.data["address"] == {"street": "210 Maple Street", "city": "York", "postal_code": "YO1 6PC"}


def test_a_box_drawn_as_a_frame_leaves_only_its_x() -> None:
    """Born-digital forms that draw boxes as frames: the text layer holds the "X" of the ticked one only."""
    data = _claim([(0.3, "Motor"), (0.4, "X"), (0.43, "Buildings & contents"), (0.62, "Private medical"),
                   (0.8, "Travel")], [(0.4, "Yes"), (0.5, "X"), (0.53, "No")])
    assert data["claim_type"] == "home" and data["police_report_filed"] is False


def test_a_row_of_yes_and_no_without_boxes_is_no_answer() -> None:
    assert _claim("☐ Auto ☒ Home", "Yes No")["police_report_filed"] is None


def test_other_generators_wording_of_claim_fields() -> None:
    rows = [[(0.1, "Nom et prénom de l'assuré"), (0.5, "Olivia Bennett")],
            [(0.1, "Née le"), (0.5, "04/02/1964")],
            [(0.1, "Versicherungsschein-Nr. PC-8033807")],
            [(0.1, "Domicilio"), (0.5, "Avenida Diagonal 210")],
            [(0.1, "Estimated cost"), (0.5, "£10,349.85")],
            [(0.1, "Aangifte bij politie?:"), (0.5, "Ja"), (0.54, "□ Nee")]]  # "Nee" (no) is no "née" (born)
    (result,) = create_engine("baseline", {}).extract_batch(
        [EngineRequest(id="doc", words=layout(rows), target=ClaimForm)])
    data = result.data
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Olivia Bennett", "1964-02-04", "PC-8033807")
    assert data["address"]["street"] == "Avenida Diagonal 210" and data["claim_amount"] == "10349.85"
    assert data["police_report_filed"] is True


@pytest.mark.parametrize(("row", "expected"), [
    ("© Auto / RCA © Casa © Salute Viaggio", "travel"),
    ("© Auto/ RCA © Casa © Salute Viaggio", "travel"),  # the slash glued to the first word
    ("O Auto / RCA © Casa / Abitazione © Salute Viaggio", "travel"),
    ("Auto / RCA O Casa O Salute Viaggio O", "health"),  # boxes after their options
    ("Auto / RCA O Casa O Salute O Viaggio O", None),  # every box empty
    ("Auto / RCA © Casa © Salute Mi Viaggio", None),  # a tick, and an option that lost its box
])
def test_options_joined_by_a_slash_are_one_option(row: str, expected: str | None) -> None:
    """"Auto / RCA" is one option: the slash is no box, and its two words name the option once (never twice
    as often as the others, which would make it the kind the form is written in)."""
    assert _claim(row, "☐ Sì ☒ No")["claim_type"] == expected
