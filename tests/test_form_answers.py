"""A claim form's answers as forms print them: an option named by a compound word, a signature line left empty
under a declaration, a section lettered "D.", a box ticked to say the form is signed."""

from __future__ import annotations

import pytest

from engine.base import EngineRequest
from engine.registry import create_engine
from engine.rules import capital_i, spaced_name
from schemas import ClaimForm
from tests.layout import layout

_ENGINE = create_engine("baseline")


def _form(kind_boxes: str, closing: list) -> list:
    return [[(0.05, "Eisl Versicherungen")], [(0.05, "Schadenmeldung")],
            [(0.05, "Name des Antragstellers"), (0.5, "geboren am")], [(0.05, "Marc Kössler"), (0.5, "04.04.1953")],
            [(0.05, "Straße, Hausnummer"), (0.5, "PLZ"), (0.65, "Wohnort")],
            [(0.05, "Hüttergasse 9"), (0.5, "1593"), (0.65, "Heidenreichstein")],
            [(0.05, "Policennummer"), (0.5, "Art des Schadens")], [(0.05, "POL-6547771"), (0.5, kind_boxes)],
            [(0.05, "Datum des Schadens"), (0.5, "Geforderter Betrag")], [(0.05, "09.02.2022"), (0.5, "1.250,00 €")],
            [(0.05, "Polizeiliche Anzeige erstattet?")], [(0.05, "[ ] Ja [X] Nein")],
            [(0.05, "Was ist passiert?")], [(0.05, "Fensterscheibe durch Sturm beschädigt.")],
            *closing]


_DECLARATION = [[(0.05, "D. Unterschrift")],
                [(0.05, "Ich versichere, dass die vorstehenden Angaben vollständig und wahrheitsgemäß sind. Mir ist")],
                [(0.05, "bekannt, dass falsche Angaben zum Verlust des Versicherungsschutzes führen.")]]


@pytest.mark.parametrize(("boxes", "want"), [
    ("[ ] Reise [X] Kraftfahrzeug [ ] Gesundheit", "auto"),  # ends with "Fahrzeug"
    ("[X] Hausratversicherung [ ] Reise [ ] Kfz", "home"),  # begins with "Hausrat"
    ("[ ] Samochód [X] Nieruchomość [ ] Podróż", "home"),
    ("[ ] Auto [ ] Habitation [X] Frais médicaux", "health"),
    ("[ ] Auto [ ] Vivienda [X] Asistencia sanitaria [ ] Viaje", "health"),
    ("[ ] Motorfordon [ ] Hem / villa [X] Sjuk / olycksfall [ ] Resa", "health"),  # Swedish: sickness, accident
    ("[X] Komunikacyina [ ] Mieszkanie [ ] Zdrowotna", "auto"),  # one OCR slip in a long option word
])
def test_an_option_named_by_a_compound_or_another_word_is_read(boxes: str, want: str) -> None:
    rows = _form(boxes, [*_DECLARATION, [(0.05, "Unterschrift"), (0.5, "Datum")], [(0.05, "Marc Kössler"),
                                                                                    (0.5, "28.02.2022")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] == want


@pytest.mark.parametrize(("answer", "want"), [
    ("Wasserschaden", "home"), ("Daños por agua", "home"), ("Dégât des eaux", "home"), ("Vattenskada", "home"),
    ("Pożar", "home"), ("Incendio", "home"), ("Vol (habitation)", "home"), ("Einbruchdiebstahl", "home"),
    ("Kolizja drogowa", "auto"), ("Vol de véhicule", "auto"), ("Reiserücktritt", "travel"),
    ("Gepäckverlust", "travel"), ("Krankenhausaufenthalt", "health"),
    ("Hus/indbo – Stormskade", "home"),  # Danish: house and contents, storm damage (no quay, "-kade")
])
def test_a_kind_of_claim_written_as_the_loss_is_read_as_the_cover_it_falls_under(answer: str, want: str) -> None:
    """ "Art des Schadens: Wasserschaden": the form names the loss, not the cover; water, fire, storm and burglary
    are a home's, a collision a vehicle's, a cancelled trip or lost luggage a journey's, a stay in hospital
    health's. A word of a cover comes first ("Vol de véhicule" is a vehicle's theft)."""
    rows = _form(answer, [*_DECLARATION, [(0.05, "Unterschrift"), (0.5, "Datum")], [(0.05, "Marc Kössler"),
                                                                                     (0.5, "28.02.2022")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] == want


def test_a_declarations_last_line_over_an_empty_signature_line_is_no_signature() -> None:
    """The declaration's last line ("… des Versicherungsschutzes führen.") stands within a few lines of the
    section's heading; a sentence's end is no signed name, and the empty line under "Unterschrift" is unsigned."""
    rows = _form("[X] Kfz [ ] Hausrat", [*_DECLARATION, [(0.05, "Unterschrift"), (0.5, "Datum")],
                                         [(0.5, "28.02.2022")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["signed"] is False
    signed = _form("[X] Kfz [ ] Hausrat", [*_DECLARATION, [(0.05, "Unterschrift"), (0.5, "Datum")],
                                           [(0.05, "Marc Kössler"), (0.5, "28.02.2022")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(signed), target=ClaimForm)])
    assert result.data["signed"] is True


@pytest.mark.parametrize(("caption", "name"), [("Broker", "Haversham Finans"), ("Loss adjuster", "Imogen Okafor"),
                                             ("Behandelnder Arzt", "Dr. Anna Berg"), ("Agent", "Tom Hale")])
def test_another_persons_name_over_an_empty_signatures_caption_is_no_signature(caption: str, name: str) -> None:
    """The broker's, the loss adjuster's, the doctor's or the agent's name, under its caption right over the
    signature's caption, is that field's value: nothing stands by the signature's caption, and the form is unsigned.
    A name under the signature's caption signs it."""
    rows = [[(0.1, "Full name of policyholder")], [(0.11, "Rosalind Haversham")], [(0.1, "Policy number")],
            [(0.11, "TX5129199")], [(0.1, "Was the incident reported to the police?")], [(0.11, "☐ Yes ☒ No")],
            [(0.1, caption)], [(0.11, name)], [(0.1, "Signature of policyholder:")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["signed"] is False
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout([*rows, [(0.11, "R. Haversham")]]),
                                                     target=ClaimForm)])
    assert result.data["signed"] is True


def test_a_swiss_french_forms_household_cover_and_npa_are_the_home_and_the_postal_code() -> None:
    """ "[X] Ménage/Bâtiment" (a household's or building's cover) is a home claim; "NPA" (numéro postal
    d'acheminement) captions the Swiss postal code."""
    rows = [[(0.1, "Déclaration de sinistre")], [(0.1, "Nom, prénom"), (0.4, "Anouk Jaquier")],
            [(0.1, "NPA"), (0.2, "1201"), (0.4, "Localité"), (0.55, "Genève")], [(0.13, "Type de sinistre")],
            [(0.16, "[ ] Véhicule"), (0.3, "[X] Ménage/Bâtiment"), (0.5, "[ ] Maladie"), (0.65, "[ ] Voyage")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] == "home"
    assert (result.data["address"]["postal_code"], result.data["address"]["city"]) == ("1201", "Genève")


@pytest.mark.parametrize(("drop", "signed"), [(0.05, True), (0.12, False)])
def test_handwriting_low_in_the_room_under_the_signatures_caption_signs_the_form(drop: float, signed: bool) -> None:
    """A form leaves room to sign under "Unterschrift:": the scrawl (a handwriting mark) on the next line, four of
    the caption's heights under it, signs the form; one far down the page, past that room, does not."""
    rows = [[(0.1, "Name des Versicherungsnehmers")], [(0.11, "Theresa Pichler")], [(0.1, "Polizzennummer")],
            [(0.11, "TX-9676-956532")], [(0.1, "Makler")], [(0.11, "Steinwender Finans")],
            [(0.1, "Unterschrift:")], [(0.14, "\u270d")]]
    words = layout(rows)
    label = next(w for w in words if w.text == "Unterschrift:")
    words = [w.model_copy(update={"bbox": (0.14, label.bbox[3] + drop, 0.3, label.bbox[3] + drop + 0.025)})
             if w.text == "\u270d" else w for w in words]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=words, target=ClaimForm)])
    assert result.data["signed"] is signed


def test_the_place_of_the_loss_is_not_the_claimants_city() -> None:
    """ "Plaats van de schade" (the place of the damage) under the claimant's "Postcode / Plaats": its address is
    where the loss happened, not the claimant's city; "Schadenort" is no slip for "Schadenart" (the claim's kind)."""
    from engine.labels import label_tokens

    rows = [[(0.1, "Naam verzekeringnemer")], [(0.11, "Bram van der Linden")], [(0.1, "Straat en huisnummer")],
            [(0.11, "Lindengracht 77a")], [(0.1, "Postcode / Plaats")], [(0.11, "3512 GH Utrecht")],
            [(0.1, "Schadedatum")], [(0.11, "11-01-2026")], [(0.1, "Plaats van de schade")],
            [(0.11, "Prinsengracht 68, 2611 HX Delft")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["address"] == {"street": "Lindengracht 77a", "city": "Utrecht", "postal_code": "3512 GH"}
    assert label_tokens("Schadenort") == ("schadenort",) != label_tokens("Schadenart")


def test_a_lettered_sections_heading_is_not_the_signatures_caption() -> None:
    """ "D. Signature" heads a section; the story printed above it is no signature, the caption below is the one."""
    rows = [*_form("[X] Kfz [ ] Hausrat", [])[:-2], [(0.05, "Was ist passiert?")],
            [(0.05, "Vitre brisée pendant la tempête.")], [(0.05, "D. Signature")],
            [(0.05, "Je certifie l'exactitude des renseignements ci-dessus.")],
            [(0.05, "Signature de l'assuré"), (0.5, "Date")], [(0.5, "25 décembre 2024")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["signed"] is False


@pytest.mark.parametrize(("option", "want"), [("[X] Erklärung unterschrieben", True),
                                              ("[X] I confirm the information above is true (signed)", True),
                                              ("[ ] Erklärung unterschrieben", False),
                                              ("[X] Not signed", False)])
def test_a_box_ticked_to_say_the_form_is_signed(option: str, want: bool) -> None:
    rows = _form("[X] Kfz [ ] Hausrat", [*_DECLARATION, [(0.05, "Unterschrift"), (0.5, "Datum")],
                                         [(0.5, "2024-03-14")], [(0.05, option)]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["signed"] is want


def test_a_place_and_dates_caption_beside_an_empty_signature_is_no_name() -> None:
    """ "Firma  En ..., a" (in what place, on what date): the caption's "En a", its dots gone, is no signed name."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "4. Declaración")],
                                         [(0.05, "Declaro que los datos facilitados son ciertos y completos.")],
                                         [(0.05, "Firma"), (0.3, "En"), (0.45, "a")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["signed"] is False


def test_the_place_and_date_over_an_empty_signatures_caption_is_no_signature() -> None:
    """ "Místo, Datum: Ostrava, 18.03.2024" over "Podpis pojištěného" with nothing signed: the place is the value of
    the caption before it (read as a label only, no text), not a name over the signature's caption."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.085, "C. PROHLÁŠENÍ")],
                                         [(0.085, "Prohlašuji, že uvedené údaje jsou pravdivé.")],
                                         [(0.083, "Místo, Datum:"), (0.22, "Ostrava,"), (0.306, "18.03.2024")],
                                         [(0.142, "Podpis pojištěného")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["signed"] is False


@pytest.mark.parametrize(("town", "city"), [("Heidenreichstein", "Heidenreichstein"), ("Österreich", None)])
def test_the_town_beside_a_postal_code_whose_caption_was_lost_is_the_city(town: str, city: str | None) -> None:
    """A faded copy lost the town's caption ("PLZ" over "1593 | Heidenreichstein", no "Wohnort"): the cell right of
    the postal code is the city; a country there names none."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[4] = [(0.05, "Straße, Hausnummer"), (0.5, "PLZ")]
    rows[5] = [(0.05, "Hüttergasse 9"), (0.5, "1593"), (0.65, town)]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["address"]["postal_code"] == "1593" and result.data["address"]["city"] == city


def test_a_mark_of_handwriting_before_a_value_is_no_part_of_it() -> None:
    """A smudge the signature finder took for handwriting, set right before a value ("✍ Hüttergasse 9"), is a cell
    of its own: the street is read (before, the value with the mark in it was no street, as handwriting is no
    name)."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[5] = [(0.04, "✍ Hüttergasse 9"), (0.5, "1593"), (0.65, "Heidenreichstein")]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["address"]["street"] == "Hüttergasse 9"


def test_an_option_ticked_that_names_no_value_answers_none() -> None:
    """ "[ ] Motorfahrzeug [X] Sonstiges []Krankheit [] Reise" (a scan's OCR ran one box into its option): the box
    ticked by the caption names no kind of claim the schema knows, so the kind is left unread for review; no other
    option (the unticked "Motorfahrzeug", read as the one whose box was lost) is the answer."""
    rows = _form("[ ] Motorfahrzeug [X] Sonstiges []Krankheit [] Reise",
                 [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] is None
    # the Swiss word for household cover is one of home's
    rows[7] = [(0.05, "POL-6547771"), (0.5, "[ ] Motorfahrzeug [X] Haushalt []Krankheit [] Reise")]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] == "home"


def test_a_swiss_police_report_caption_asks_for_the_police() -> None:
    """ "Polizeirapport erstellt: Ja" (Swiss German: a police report was written)."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[10:12] = [[(0.05, "Polizeirapport erstellt:"), (0.4, "Ja")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["police_report_filed"] is True


@pytest.mark.parametrize(("caption", "answer", "want"), [
    ("Wurde die Polizei hinzugezogen?", "Ja", True), ("Wurde die Polizei eingeschaltet?", "Nein", False),
    ("Har händelsen polisanmälts?", "Ja", True), ("Were the police involved?", "Yes", True),
])
def test_a_police_question_worded_otherwise_is_read(caption: str, answer: str, want: bool) -> None:
    """ "Wurde die Polizei hinzugezogen?  Ja" (were the police called in), "Har händelsen polisanmälts?" (has the
    incident been reported to the police)."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[10:12] = [[(0.05, caption), (0.45, answer)]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["police_report_filed"] is want


def test_a_capital_i_that_ocr_read_as_a_small_l_in_a_name_or_town() -> None:
    """ "Cristian lonescu" living in "lasi": a scan's OCR read the capital I of "Ionescu" and "Iasi" as a small l.
    A name's words start in capitals, so the l is the I; a text layer's words are as printed and stay."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Cristian Ionescu")]])
    rows[3] = [(0.05, "Cristian lonescu"), (0.5, "04.04.1953")]
    rows[5] = [(0.05, "Strada Lăpușneanu 12"), (0.5, "700057"), (0.65, "lasi")]
    scanned = [w.model_copy(update={"confidence": 0.97}) for w in layout(rows)]
    for words, name, city in ((scanned, "Cristian Ionescu", "Iasi"), (layout(rows), "Cristian lonescu", "lasi")):
        (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=words, target=ClaimForm)])
        assert (result.data["claimant_name"], result.data["address"]["city"]) == (name, city)


@pytest.mark.parametrize(("name", "printed"), [
    ("Cristian lonescu", "Cristian Ionescu"), ("lasi", "Iasi"), ("Jean le Gall", "Jean le Gall"),
    ("Ana de los Santos", "Ana de los Santos"), ("maria lopez", "maria lopez"),
    ("Frankfurt am Main", "Frankfurt am Main"),
])
def test_capital_i_only_where_the_other_words_start_in_capitals(name: str, printed: str) -> None:
    assert capital_i(name) == printed


@pytest.mark.parametrize(("name", "printed"), [
    ("KrzysztofKaminska", "Krzysztof Kaminska"), ("HenrikeSeidlitz", "Henrike Seidlitz"),
    ("MacKenzie", "MacKenzie"), ("DeLuca", "DeLuca"), ("Anna McDonald", "Anna McDonald"),
])
def test_a_name_ocr_ran_together_from_two_is_spaced(name: str, printed: str) -> None:
    assert spaced_name(name) == printed


@pytest.mark.parametrize(("line", "name"), [("Naam Marieke Verhoeven", "Marieke Verhoeven"),
                                            ("Nome e cognome Serena Pellegrini", "Serena Pellegrini"),
                                            ("Naam Lieke de Wilde", "Lieke de Wilde")])
def test_a_name_set_close_after_its_caption_under_the_sections_heading(line: str, name: str) -> None:
    """ "1. Verzekeringnemer" (the policyholder's section) over "Naam Marieke Verhoeven", the name set so close
    after its caption that the two are one span: the name is what follows the caption."""
    rows = [[(0.07, "Zeeland Onderlinge")], [(0.07, "1. Verzekeringnemer")], [(0.07, line)],
            [(0.07, "Geboortedatum"), (0.21, "23-06-1972"), (0.5, "Polisnummer"), (0.62, "ZV81773698")],
            [(0.07, "Straat en huisnummer"), (0.21, "Dorpsstraat 24a")],
            [(0.07, "Postcode"), (0.21, "8011 AB"), (0.5, "Woonplaats"), (0.62, "Zwolle")],
            [(0.07, "Schadedatum"), (0.21, "07-04-2026")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claimant_name"] == name


@pytest.mark.parametrize(("line", "code"), [("CAP 73100", "73100"), ("PLZ 1010", "1010")])
def test_a_postal_code_set_close_after_its_caption(line: str, code: str) -> None:
    """ "CAP 73100  Città  Lecce": the code set so close after its caption (Italian "CAP") that the two are one span."""
    rows = [[(0.07, "Assicurazioni Serena Vita S.p.A.")], [(0.07, "Nome e cognome"), (0.3, "Serena Ferraresi")],
            [(0.07, "Indirizzo"), (0.18, "Viale Garibaldi 113")], [(0.07, line), (0.4, "Città"), (0.47, "Lecce")],
            [(0.07, "Data del sinistro"), (0.3, "30/08/2024")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert (result.data["address"]["postal_code"], result.data["address"]["city"]) == (code, "Lecce")


def test_a_name_caption_ocr_misread_is_no_name() -> None:
    """ "Fuil name" (OCR's "Full name") over the claimant's name: a caption still, though a slip, not the name."""
    rows = [[(0.1, "Carpatica Asig"), (0.5, "Agent no.: 25/1252")], [(0.1, "HOME INSURANCE CLAIM FORM")],
            [(0.1, "1. Policyholder")], [(0.1, "Fuil name"), (0.5, "Date of birth")],
            [(0.1, "Harper Brannigan"), (0.5, "1957.02.28.")], [(0.1, "Policy number"), (0.5, "Telephone")],
            [(0.1, "POL/75273998/2025"), (0.5, "+49 432 6342749")],
            [(0.1, "Street and house no."), (0.5, "Postcode"), (0.65, "City")],
            [(0.1, "Kossuth Lajos utca 97"), (0.5, "6720"), (0.65, "Szeged")], [(0.1, "2. Incident")],
            [(0.1, "Type of claim: ☐ Motor ☒ Home ☐ Health ☐ Travel")]]
    scanned = [w.model_copy(update={"confidence": 0.97}) for w in layout(rows)]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=scanned, target=ClaimForm)])
    assert result.data["claimant_name"] == "Harper Brannigan"


def test_a_scanned_claimants_name_run_together_is_spaced_again() -> None:
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Henrike Seidlitz")]])
    rows[3] = [(0.05, "HenrikeSeidlitz"), (0.5, "04.04.1953")]
    scanned = [w.model_copy(update={"confidence": 0.97}) for w in layout(rows)]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=scanned, target=ClaimForm)])
    assert result.data["claimant_name"] == "Henrike Seidlitz"


@pytest.mark.parametrize(("caption", "answer", "want"), [
    ("10. Er skaden politianmeldt?", "☒ Ja ☐ Nei", True), ("10. Er skaden politianmeldt?", "☐ Ja ☒ Nei", False),
    ("12. Foi apresentada queixa às autoridades?", "☒ Sim ☐ Não", True)])
def test_a_numbered_question_is_still_a_caption(caption: str, answer: str, want: bool) -> None:
    """A form that numbers its questions prints the number in the caption's cell ("10. Er skaden politianmeldt?"):
    a question's number is no value that makes the caption one."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[10:12] = [[(0.05, caption), (0.45, answer)]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["police_report_filed"] is want


@pytest.mark.parametrize(("caption", "answer", "want"), [
    ("1. Was the incident reported to the police?", [(0.08, "Yes"), (0.16, "(06/05/2024)")], True),
    ("1. Czy zdarzenie zgłoszono na policję?", [(0.08, "Nie")], False),
    ("12. Ist der Schaden polizeilich gemeldet worden?", [(0.085, "Ja"), (0.13, "(23.10.2025)")], True),
    ("7. Werd er een proces-verbaal opgesteld?", [(0.08, "Ja")], True),  # Belgian Dutch: a police report drawn up
])
def test_an_answer_set_in_under_a_numbered_question_is_read(caption: str, answer: list, want: bool) -> None:
    """A typed form prints its answer on the line under a numbered question, set in under the question's words,
    a remark in brackets after it ("1. Was the incident reported to the police?" over "Yes (06/05/2024)")."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[10:12] = [[(0.05, caption)], answer]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["police_report_filed"] is want


@pytest.mark.parametrize(("line", "want"), [("Wurde der Schaden polizeilich gemeldet? Nein", False),
                                           ("Was the incident reported to the police? Yes", True),
                                           # a drop-down's choice after a question without its mark
                                           ("Plainte déposée auprès de la police Non", False),
                                           ("Was the incident reported to the police Yes", True)])
def test_an_answer_typed_a_space_after_its_question_mark_is_read(line: str, want: bool) -> None:
    """A typed form sets the answer one space after the question's mark, so both are one span; a wireframe's
    drop-down shows its choice a space after a question of four words or more printed without its mark."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[10:12] = [[(0.05, line)]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["police_report_filed"] is want


@pytest.mark.parametrize(("answers", "want"), [
    ([(0.45, "Oui [X]"), (0.6, "Non [ ]")], True), ([(0.45, "Oui [ ]"), (0.6, "Non [X]")], False),
    ([(0.45, "[X] Oui"), (0.6, "[ ] Non")], True),  # (the box before its option, as most forms set it)
    # the options and their boxes by turns in one cell, from an option to a box; boxes first, the usual reading
    ([(0.45, "Oui [ ] Non [X]")], False), ([(0.45, "Oui [X] Non [ ]")], True), ([(0.45, "[X] Oui [ ] Non")], True),
])
def test_a_box_set_after_its_option_ticks_that_option(answers: list, want: bool) -> None:
    """ "Plainte déposée auprès de la police ?  Oui [X]  Non [ ]": each box follows its option in the option's cell,
    apart from the next option, or in one cell with them all, option and box by turns ("Ano [ ]  Ne [X]"); it ticks
    the option before it, not the one after."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[10:12] = [[(0.05, "Plainte déposée auprès de la police ?"), *answers]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["police_report_filed"] is want


def test_the_wrapped_tail_of_a_row_of_boxes_before_their_options_is_no_box_after_its_option() -> None:
    """ "[ ] Kfz-Versicherung [ ] Hausrat [ ]" over "Krankenversicherung [X]" over "Reiseversicherung": the row sets
    its boxes before their options and wrapped twice; the lone box after "Krankenversicherung" is the next option's,
    so the form is no health claim."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    kind = next(k for k, row in enumerate(rows) if any("Kfz" in text for _, text in row))
    rows[kind:kind + 1] = [[(0.05, "Versicherungssparte:"), (0.3, "[ ] Kfz-Versicherung [ ] Hausrat [ ]")],
                           [(0.58, "Krankenversicherung [X]")], [(0.58, "Reiseversicherung")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] != "health"


@pytest.mark.parametrize(("answer", "want"), [("⊗Ja ☐ Nei", True), ("☐ Ja ⊗ Nei", False)])
def test_a_cross_in_a_round_box_that_ocr_reads_as_a_circled_times_ticks(answer: str, want: bool) -> None:
    """ "Er skaden politianmeldt?  ⊗Ja ☐ Nei": OCR reads a box crossed through as "⊗", glued to its option or not."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.05, "D. Unterschrift")], [(0.05, "Marc Kössler")]])
    rows[10:12] = [[(0.05, "Er skaden politianmeldt?"), (0.45, answer)]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["police_report_filed"] is want


@pytest.mark.parametrize(("caption", "name_caption"), [
    ("Witness date of birth", "Witness name"), ("Geburtsdatum des Zeugen", "Name des Zeugen"),
    ("Data urodzenia świadka", "Imię i nazwisko świadka"), ("Date de naissance du témoin", "Nom du témoin"),
])
def test_a_witness_date_of_birth_is_not_the_claimants(caption: str, name_caption: str) -> None:
    """The claimant's date of birth left empty, a witness's given in the section under it: the witness's is no
    answer for the claimant's (left null), nor is the witness's name the claimant's."""
    rows = [[(0.1, "Insurance Claim Form")], [(0.1, "Full name"), (0.4, "Aoife O'Brien")],
            [(0.1, "Date of birth")], [(0.1, "Street address"), (0.4, "99 Castle Street")],
            [(0.1, "Postcode"), (0.4, "T12 G725")], [(0.1, "City"), (0.4, "Cork")],
            [(0.1, "Policy number"), (0.4, "392.348.754")], [(0.1, "Type of claim"), (0.4, "Health")],
            [(0.1, "Date of incident"), (0.4, "13/10/2025")], [(0.1, "Amount claimed"), (0.4, "16,999.90 EUR")],
            [(0.1, "Was the incident reported to the police?"), (0.45, "No")], [(0.1, "Witness")],
            [(0.1, name_caption), (0.4, "Seán Ryan")], [(0.1, caption), (0.4, "24/12/1952")],
            [(0.1, "Signature of claimant"), (0.4, "Aoife O'Brien")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["date_of_birth"] is None
    assert result.data["claimant_name"] == "Aoife O'Brien"
    rows[1] = [(0.1, "Full name")]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claimant_name"] != "Seán Ryan"


def test_a_printed_answer_beside_a_misread_caption_with_a_pen_tick_near_it() -> None:
    """ "Type of clalm | Motor vehicle" (an i read as l), a pen's tick with its note ("√ok") on the line under it:
    the caption still asks for the kind of claim, and the tick, glued to its note, answers nothing."""
    rows = [[(0.32, "Insurance Claim Form")], [(0.4, "Harbourside Assurance plc")],
            [(0.107, "Full name"), (0.393, "Daniel Carter")], [(0.107, "Date of birth"), (0.392, "07/13/2002")],
            [(0.109, "Policy number"), (0.391, "2034/841854")],
            [(0.108, "Type of clalm"), (0.398, "Motor vehicle")],
            [(0.109, "Date of incident"), (0.393, "09/03/2025"), (0.489, "√ok")],
            [(0.107, "Amount claimed"), (0.395, "USD 4,838.20")],
            [(0.111, "Was a police report filed?"), (0.394, "No")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] == "auto" and result.data["police_report_filed"] is False


def test_a_lost_tick_before_an_option_of_two_words_is_read() -> None:
    """ "Motor vehicle ☐ Home / property ☐ Health / medical ☐ Travel": the ticked box before "Motor vehicle" was
    lost to a highlighter's stroke; each option's words are one option, so the one without a box is the answer."""
    rows = [[(0.32, "Insurance Claim Form")], [(0.127, "Full name"), (0.393, "Daniel Carter")],
            [(0.1, "Type of claim:"), (0.22, "Motor vehicle"), (0.34, "☐"), (0.352, "Home / property"),
             (0.49, "☐"), (0.502, "Health / medical"), (0.645, "☐"), (0.657, "Travel")],
            [(0.123, "Was a police report filed?"), (0.309, "☐"), (0.328, "Yes"), (0.35, "☒"), (0.369, "No")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] == "auto"


def test_the_next_questions_ticked_box_is_no_unknown_option_of_a_choice() -> None:
    """ "Type de sinistre: ☐ Automobile Habitation ☐ Santé ☐ Voyage" (the ticked box before "Habitation" lost) over
    "Dépôt de plainte ? ☐ Oui ☒ Non": the ticked "Non" is the police question's, no option of the claim's kind that
    names no value, so the option without a box is still read."""
    rows = [[(0.3, "Assurances du Rhône")], [(0.1, "Nom et prénom"), (0.4, "Manon Girard")],
            [(0.095, "Type de sinistre:"), (0.22, "☐"), (0.235, "Automobile"), (0.34, "Habitation"), (0.451, "☐"),
             (0.466, "Santé"), (0.528, "☐"), (0.543, "Voyage")],
            [(0.094, "Dépôt de plainte ?"), (0.385, "☐"), (0.405, "Oui"), (0.444, "☒"), (0.467, "Non")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claim_type"] == "home" and result.data["police_report_filed"] is False


def test_a_name_signed_under_the_place_and_dates_line_signs() -> None:
    """ "Place, Date: Reading, 02/05/2025" over "Jack Bennett" over "Signature of claimant": the name stands under
    the place and date's caption (read as a label only), but it is no value of that caption: the form is signed."""
    rows = _form("[X] Kfz [ ] Hausrat", [[(0.084, "C. DECLARATION")],
                                         [(0.084, "I declare that the information given is true and complete.")],
                                         [(0.084, "Place, Date:"), (0.21, "Reading,"), (0.294, "02/05/2025")],
                                         [(0.143, "Jack Bennett")], [(0.142, "Signature of claimant")]])
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["signed"] is True


def _claim(police: list, closing: list, street: list | None = None) -> dict:
    rows = [[(0.05, "GARANCE ASSURANCES")], [(0.05, "Nom de l'assuré:"), (0.3, "Chloé Durand")],
            [(0.05, "N° de contrat:"), (0.3, "KFZ-4794-4173")],
            *(street or [[(0.05, "Adresse:"), (0.3, "106, avenue Victor Hugo")]]),
            [(0.05, "Code postal:"), (0.3, "69002")], [(0.05, "Ville:"), (0.3, "Lyon")],
            [(0.05, "[X] Automobile [ ] Habitation")], [(0.05, "Date du sinistre:"), (0.3, "12/04/2024")],
            *police, *closing]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    return result.data


@pytest.mark.parametrize(("grid", "want"), [
    ([[(0.05, "RAPPORT DE POLICE ?"), (0.5, "+-----+-----+")], [(0.5, "|"), (0.52, "OUI"), (0.56, "|NON"),
                                                                 (0.6, "|")],
      [(0.5, "+-----+-----+")], [(0.5, "|"), (0.52, "[ ]"), (0.56, "|"), (0.575, "[X]"), (0.6, "|")]], False),
    ([[(0.05, "RAPPORT DE POLICE ?"), (0.5, "+-----+-----+")], [(0.5, "|"), (0.52, "OUI"), (0.56, "|NON"),
                                                                 (0.6, "|")],
      [(0.5, "+-----+-----+")], [(0.5, "|"), (0.52, "[X]"), (0.56, "|"), (0.575, "[ ]"), (0.6, "|")]], True),
    # a drawn grid: its empty cell holds nothing, the tick alone under its answer
    ([[(0.6, "Oui"), (0.7, "Non")], [(0.05, "Rapport de police ?")], [(0.7, "☒")]], False),
    ([[(0.6, "Oui"), (0.7, "Non")], [(0.05, "Rapport de police ?")], [(0.6, "☒")]], True),
])
def test_a_question_answered_in_a_grid_of_yes_and_no_columns(grid: list, want: bool) -> None:
    """``| OUI | NON |`` over ``| [ ] | [X] |``: the ticked box's column answers the question beside the grid."""
    assert _claim(grid, [])["police_report_filed"] is want


@pytest.mark.parametrize(("closing", "want"), [
    ([[(0.05, "SIGNATURE..........:"), (0.3, "SIGNED ELECTRONICALLY BY Chloé Durand")]], True),
    ([[(0.05, "SIGNATURE..........:")], [(0.05, "END OF FORM"), (0.3, "PAGE 1 OF 2")]], False),
    ([[(0.05, "UNTERSCHRIFT.")], [(0.05, "SEITE 1 VON 2")]], False),
])
def test_a_listings_signature_in_capitals_and_its_foot(closing: list, want: bool) -> None:
    """A mainframe's form prints in capitals: ``SIGNED ELECTRONICALLY BY`` a name signs; the form's last line
    under an empty signature (``END OF FORM``, the page's number) is no typed name."""
    police = [[(0.05, "Rapport de police ?"), (0.3, "[ ] Oui [X] Non")]]
    assert _claim(police, [[(0.05, "DATE:"), (0.3, "27/04/2024")], *closing])["signed"] is want


def test_a_house_number_in_a_box_of_its_own_beside_the_street() -> None:
    """``Straat`` | ``Huisnr.`` over ``Prinsengracht`` | ``65a``: the street is both; the house number's caption
    is no street."""
    street = [[(0.05, "Straat"), (0.6, "Huisnr.")], [(0.05, "Prinsengracht"), (0.6, "65a")]]
    police = [[(0.05, "Rapport de police ?"), (0.3, "[ ] Oui [X] Non")]]
    assert _claim(police, [], street)["address"]["street"] == "Prinsengracht 65a"


def test_a_swedish_forms_declaration_heading_is_no_slip_for_the_insured() -> None:
    """ "3 Försäkran" (the declaration) is a word of its own, one letter from "Försäkrad" (the insured): the
    sentence under it is no claimant's name; "Namn" under "1 Försäkringstagare" gives it."""
    rows = [[(0.05, "Skadeanmälan"), (0.6, "Mälardalens Försäkring")], [(0.06, "1 Försäkringstagare")],
            [(0.05, "Namn"), (0.3, "Elin Persson")], [(0.05, "Adress"), (0.3, "Storgatan 99, 218 67 Malmö")],
            [(0.06, "2 Uppgifter om skadan")], [(0.05, "Försäkringsnummer"), (0.3, "986.954461.5")],
            [(0.05, "Typ av skada"), (0.3, "Vattenskada")], [(0.05, "Skadedatum"), (0.3, "13 april 2025")],
            [(0.06, "3 Försäkran")], [(0.05, "Jag intygar att uppgifterna är riktiga.")],
            [(0.05, "Ort:"), (0.09, "Malmö"), (0.4, "Datum:"), (0.46, "8 maj 2025"), (0.65, "Elin Persson")],
            [(0.64, "Underskrift")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claimant_name"] == "Elin Persson"
    assert result.data["claim_type"] == "home"


def test_the_other_partys_insurer_is_no_slip_for_the_insured() -> None:
    """German "Versicherer" (the insurer) is one letter from "Versicherter" (the insured): the other vehicle's
    insurer in section C is no claimant; the name under "Versicherungsnehmer (Name, Vorname)" is."""
    rows = [[(0.05, "SCHADENMELDUNG")], [(0.05, "A Versicherungsnehmer (Name, Vorname)")],
            [(0.05, "Versicherungsnehmer (Name, Vorname)"), (0.55, "Geburtsdatum")],
            [(0.05, "Dieter Zöllner"), (0.55, "18. Dezember 1957")],
            [(0.05, "Straße, Hausnr."), (0.55, "PLZ"), (0.68, "Ort")],
            [(0.05, "Am Mühlbach 135"), (0.55, "34122"), (0.68, "Kassel")],
            [(0.05, "Versicherungsscheinnummer"), (0.55, "Telefon")], [(0.05, "KV/2024/41537"), (0.55, "0631 527330")],
            [(0.05, "B Art des Schadens")], [(0.05, "[X] Kfz"), (0.3, "[ ] Hausrat"), (0.5, "[ ] Kranken")],
            [(0.05, "Schadentag"), (0.4, "Ort")], [(0.05, "24. Juni 2024"), (0.4, "Rostock")],
            [(0.05, "C Unfallgegner")], [(0.05, "Fahrer"), (0.35, "Kennzeichen"), (0.55, "Versicherer")],
            [(0.05, "Malte Hüttemann"), (0.35, "GR-512-TK"), (0.55, "Elektro Kühne GmbH")],
            [(0.05, "Wurde der Schaden polizeilich gemeldet?"), (0.6, "[X] Ja"), (0.7, "[ ] Nein")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["claimant_name"] == "Dieter Zöllner"


@pytest.mark.parametrize(("line", "street"), [("Straat en huisnummer Kerkstraat 37", "Kerkstraat 37"),
                                               ("Street and number 13 Priory Lane", "13 Priory Lane")])
def test_a_street_set_close_after_its_caption_in_one_span_is_read(line: str, street: str) -> None:
    """A wireframe's text field set right after its caption: OCR reads both as one span, which reads as the
    street's caption; the words after the caption, a house number and a street, are the street."""
    rows = [[(0.05, "Polder Verzekeringen")], [(0.05, "Schadeformulier reisverzekering")],
            [(0.05, "Naam"), (0.25, "Ineke Kuipers")], [(0.05, line)], [(0.05, "Postcode"), (0.25, "7411 JC")],
            [(0.05, "Woonplaats"), (0.25, "Deventer")], [(0.05, "Polisnummer"), (0.25, "177.752.7208")],
            [(0.05, "Schadedatum"), (0.25, "29-10-2025")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["address"]["street"] == street


@pytest.mark.parametrize(("line", "number"), [("Číslo pojistné smlouvy K20/960588", "K20/960588"),
                                               ("Numer polisy PL-2024-0077", "PL-2024-0077")])
def test_a_number_set_close_after_its_caption_in_one_span_is_read(line: str, number: str) -> None:
    """A wireframe's text field right after a caption that names no number by a marker: OCR reads both as one span
    of words; the one word after the caption, with figures, is the policy's number."""
    rows = [[(0.05, "Vltava pojišťovna")], [(0.05, "Oznámení pojistné události")],
            [(0.05, "Jméno a příjmení"), (0.3, "Jana Nováková")], [(0.05, line)],
            [(0.05, "Datum události"), (0.3, "12.03.2025")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=ClaimForm)])
    assert result.data["policy_number"] == number
