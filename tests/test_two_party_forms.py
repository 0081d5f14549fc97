"""Claim forms that name two people: the policyholder and a patient (a medical claim for a child), or the
policyholder and the other party of an accident. The policyholder's values are read from their own section, never
from the patient's or the other driver's; a yes/no question the form does not ask is answered no; a value under an
empty label that has a label of its own beside it is that label's; a section heading set larger than its line takes
no value of the line above."""

from __future__ import annotations

import pytest

from engine.base import EngineRequest, Word
from engine.labels import label_tokens
from engine.registry import create_engine
from schemas import ClaimForm
from tests.layout import layout


def _read(words: list[Word]) -> dict:
    (result,) = create_engine("baseline").extract_batch([EngineRequest(id="d", words=words, target=ClaimForm)])
    return result.data


def _medical(holder_dob: str | None, police: list | None = None) -> list[Word]:
    holder = [(0.05, "Date of birth:")] + ([(0.3, holder_dob)] if holder_dob else [])
    return layout([[(0.05, "Medical Expense Claim Form")],
                   [(0.05, "1. Policyholder")],
                   [(0.05, "Full name:"), (0.3, "Lorenzo Rossi")],
                   holder,
                   [(0.05, "Address:"), (0.3, "Via Verdi 83, 80181 Napoli")],
                   [(0.05, "Policy number:"), (0.3, "PX-4471-209")],
                   [(0.05, "2. Patient")],
                   [(0.05, "Patient name:"), (0.3, "Matteo Rossi")],
                   [(0.05, "Date of birth:"), (0.3, "27/02/2016")],
                   [(0.05, "Relationship to policyholder:"), (0.4, "son")],
                   [(0.05, "3. Treatment")],
                   [(0.05, "Date of first treatment:"), (0.3, "26/05/2025")],
                   *(police or []),
                   [(0.05, "Total amount claimed:"), (0.3, "405.33 EUR")]])


def test_the_patients_date_of_birth_is_not_the_policyholders() -> None:
    data = _read(_medical(holder_dob=None))
    assert data["date_of_birth"] is None
    assert data["incident_date"] == "2025-05-26"
    assert _read(_medical(holder_dob="30/08/1962"))["date_of_birth"] == "1962-08-30"


def test_a_claim_form_that_asks_nothing_of_the_police_reports_none() -> None:
    assert _read(_medical(holder_dob=None))["police_report_filed"] is False


def test_a_police_question_left_unanswered_stays_unread() -> None:
    """The form asks; nothing answers: no answer is made up."""
    assert _read(_medical(holder_dob=None, police=[[(0.05, "Was the incident reported to the police?")]])
                 )["police_report_filed"] is None


def test_a_policy_caption_that_says_police_asks_nothing_of_the_police() -> None:
    """In French a policy is a "police": "Numéro de police" asks for the policy number."""
    words = layout([[(0.05, "Demande de remboursement de frais médicaux")],
                    [(0.05, "Nom et prénom :"), (0.3, "Antoine Lefèvre")],
                    [(0.05, "Adresse :"), (0.3, "avenue Louise 157, 5079 Namur")],
                    [(0.05, "Numéro de police :"), (0.3, "ZSB77526538")],
                    [(0.05, "Début de la maladie :"), (0.3, "08.10.2024")],
                    [(0.05, "Montant total réclamé :"), (0.3, "405,33 EUR")]])
    data = _read(words)
    assert data["policy_number"] == "ZSB77526538"
    assert data["police_report_filed"] is False


def test_the_other_partys_address_is_not_the_claimants() -> None:
    words = layout([[(0.05, "Skadeanmälan bil")],
                    [(0.05, "Del 1 – Anmälare")],
                    [(0.05, "För- och efternamn:"), (0.3, "Johan Sjöberg")],
                    [(0.05, "Postadress:"), (0.3, "Drottninggatan 142, 410 87 Göteborg")],
                    [(0.05, "Försäkringsnr:"), (0.3, "FTT02201775")],
                    [(0.05, "Del 2 – Motpart")],
                    [(0.05, "För- och efternamn:"), (0.3, "Elin Johansson")],
                    [(0.05, "Gatuadress:"), (0.3, "Kungsgatan 161")],
                    [(0.05, "Postnr:"), (0.3, "210 14")],
                    [(0.05, "Postort:"), (0.3, "Malmö")],
                    [(0.05, "Motpartens försäkringsnr:"), (0.3, "2647 9490 42")],
                    [(0.05, "Del 3 – Uppgifter om olyckan")],
                    [(0.05, "Datum för olyckan:"), (0.3, "2024-07-11")],
                    [(0.05, "Polisrapport upprättad:"), (0.3, "Ja")]])
    data = _read(words)
    assert data["claimant_name"] == "Johan Sjöberg"
    assert data["address"] == {"street": "Drottninggatan 142", "city": "Göteborg", "postal_code": "410 87"}
    assert data["policy_number"] == "FTT02201775"
    assert data["police_report_filed"] is True


def test_a_value_beside_its_own_label_is_not_the_empty_label_aboves() -> None:
    """An empty "Datum narození:" of the right column over a line whose label on the left has its date set
    under it."""
    words = layout([[(0.05, "Žádost o proplacení léčebných výloh")],
                    [(0.05, "Celé jméno:"), (0.2, "Lukáš Král"), (0.5, "Datum narození:")],
                    [(0.05, "Bydliště:"), (0.2, "Palackého 146, 602 00 Brno")],
                    [(0.05, "Číslo smlouvy:"), (0.2, "1965669039")],
                    [(0.05, "Datum vzniku onemocnění:"), (0.5, "22. 9. 2024")]])
    data = _read(words)
    assert data["date_of_birth"] is None
    assert data["incident_date"] == "2024-09-22"


def test_a_larger_heading_touching_the_line_above_takes_none_of_its_values() -> None:
    """"3. Data della prestazione", set large, under the patient's row of values: the date of birth there is no
    treatment date."""
    rows = [[(0.05, "Richiesta di rimborso spese mediche")],
            [(0.05, "Nominativo:"), (0.3, "Sofia Esposito")],
            [(0.05, "Indirizzo:"), (0.3, "Via Verdi 61, 40108 Bologna")],
            [(0.05, "Numero di polizza:"), (0.3, "DY-7650-0248-87")],
            [(0.05, "Assistito"), (0.5, "Data di nascita")],
            [(0.05, "Lorenzo Esposito"), (0.5, "12/12/2011")],
            [(0.05, "3. Data della prestazione")],
            [(0.05, "Data prima visita")],
            [(0.05, "05/08/2023")]]
    data = _read(layout(rows, heights={6: 0.02}, leading=1.05))
    assert data["claimant_name"] == "Sofia Esposito"
    assert data["incident_date"] == "2023-08-05"


def test_a_form_that_names_no_kind_is_of_the_kind_its_words_speak_of() -> None:
    """"Antrag auf Kostenerstattung" (a claim for costs) names no kind; its patient, treatment date and doctor
    make it a medical claim. A form whose words name no kind keeps it unread."""
    head = [[(0.05, "Antrag auf Kostenerstattung")],
            [(0.05, "Vor- und Nachname:"), (0.3, "Anna Zimmermann")],
            [(0.05, "Adresse:"), (0.3, "Hauptplatz 122, 5073 Salzburg")],
            [(0.05, "Vertragsnummer:"), (0.3, "ZK/2095/211043")]]
    medical = [[(0.05, "Teil 2 – Patient")],
               [(0.05, "Patient:"), (0.3, "Anna Zimmermann")],
               [(0.05, "Erste Behandlung am:"), (0.3, "11.02.2025")],
               [(0.05, "Behandlungsdatum"), (0.3, "Leistungserbringer"), (0.6, "Betrag")],
               [(0.05, "11.02.2025"), (0.3, "Dr. med. Wagner"), (0.6, "516,58")]]
    assert _read(layout(head + medical))["claim_type"] == "health"
    assert _read(layout(head + [[(0.05, "Schadendatum:"), (0.3, "11.02.2025")]]))["claim_type"] is None


def test_a_caption_run_into_its_value_reads_as_both() -> None:
    """A caption overflowing its cell into the value's, the text layer holding one word for both: the word is the
    caption, and its capitals and figures the value."""
    rows = [[(0.05, "Schadenanzeige")], [(0.05, "Vollständiger Name")], [(0.05, "Caroline Naubert")],
            [(0.05, "VersicherungsscheinnummerLUG324986C")], [(0.05, "Schadendatum")], [(0.05, "7.6.2023")]]
    assert _read(layout(rows))["policy_number"] == "LUG324986C"
    assert label_tokens("VersicherungsscheinnummerLUG324986C")[:2] == label_tokens("Versicherungsscheinnummer")
    assert label_tokens("Hauptstraße12") == ("hauptstrasse12",)  # a street and its number are no caption


def _claimant(rows: list) -> str | None:
    return _read(layout(rows))["claimant_name"]


def test_a_name_asked_in_two_fields_is_read_given_name_first() -> None:
    """"Vorname" over "Marie", "Nachname" over "Müller"; "Nombre(s): Valeria", "Apellidos: Martínez"; a French
    "Nom" beside a "Prénom" is the family name."""
    assert _claimant([[(0.05, "Antrag auf Erstattung von Arztkosten")], [(0.05, "Versicherungsnehmer")],
                      [(0.05, "Vorname")], [(0.05, "Marie")], [(0.05, "Nachname")], [(0.05, "Müller")],
                      [(0.05, "Geburtsdatum")], [(0.05, "03.11.1995")]]) == "Marie Müller"
    assert _claimant([[(0.05, "Reclamación de siniestro de auto")], [(0.05, "Nombre(s):"), (0.4, "Valeria")],
                      [(0.05, "Apellidos:"), (0.4, "Martínez")], [(0.05, "Número de póliza:"), (0.4, "K6793390")]]
                     ) == "Valeria Martínez"
    assert _claimant([[(0.05, "Déclaration de sinistre habitation")], [(0.05, "Nom :"), (0.4, "Thomas")],
                      [(0.05, "Prénom :"), (0.4, "Léa")], [(0.05, "N° de contrat :"), (0.4, "52455842")]]
                     ) == "Léa Thomas"


def test_the_other_partys_two_name_fields_are_not_the_claimants() -> None:
    rows = [[(0.05, "Schadenmeldung Motorfahrzeug")], [(0.05, "1. Versicherungsnehmer/in")],
            [(0.05, "Versicherungsnehmer/in:"), (0.4, "Leon Frei")], [(0.05, "Police-Nr.:"), (0.4, "22889243")],
            [(0.05, "2. Gegenpartei")], [(0.05, "Name:"), (0.4, "Brunner")], [(0.05, "Vorname:"), (0.4, "Leon")],
            [(0.05, "3. Schadenangaben")], [(0.05, "Unfalldatum:"), (0.4, "16.03.2025")]]
    assert _claimant(rows) == "Leon Frei"


def test_a_forms_title_that_reads_weakly_as_the_police_question_asks_nothing_of_the_police() -> None:
    """"Denuncia sinistro viaggio" (a travel claim's notice) holds "denuncia", as the police question does."""
    rows = [[(0.05, "Assicurazioni Tirrenia")], [(0.05, "Denuncia sinistro viaggio")],
            [(0.05, "Contraente:"), (0.4, "Giulia Rossi")], [(0.05, "Numero di polizza:"), (0.4, "K8800854")],
            [(0.05, "Data dell'evento:"), (0.4, "2 dicembre 2025")]]
    assert _read(layout(rows))["police_report_filed"] is False


@pytest.mark.parametrize(("caption", "printed", "iso"), [
    ("Data do primeiro atendimento", "26/03/2024", "2024-03-26"), ("Behandlungsbeginn", "15.04.2023", "2023-04-15"),
    ("Erkrankt seit", "04.08.2024", "2024-08-04"), ("Date symptoms started", "05/04/2023", "2023-04-05")])
def test_a_medical_claims_onset_is_its_incident_date(caption: str, printed: str, iso: str) -> None:
    rows = [[(0.05, "Medical claim")], [(0.05, "Name:"), (0.4, "Lukas Fischer")],
            [(0.05, "Policy number:"), (0.4, "PL-403558-60")], [(0.05, f"{caption}:"), (0.4, printed)]]
    assert _read(layout(rows))["incident_date"] == iso


@pytest.mark.parametrize(("caption", "line", "street", "code", "city"), [
    ("Domicilio", "Av. Insurgentes Sur 93, 44100 Guadalajara", "Av. Insurgentes Sur 93", "44100", "Guadalajara"),
    ("Logradouro", "Rua das Flores 239, 80010-000 Curitiba - PR", "Rua das Flores 239", "80010-000",
     "Curitiba - PR")])
def test_a_one_line_address_of_mexico_and_brazil_is_split(caption: str, line: str, street: str, code: str,
                                                          city: str) -> None:
    rows = [[(0.05, "Claim form")], [(0.05, "Name:"), (0.4, "João Pereira")], [(0.05, f"{caption}:"), (0.4, line)]]
    assert _read(layout(rows))["address"] == {"street": street, "city": city, "postal_code": code}


def test_a_pets_date_of_birth_and_a_captions_date_format_are_not_the_policyholders() -> None:
    """A pet insurance claim: "Geburtsdatum des Tieres" is the animal's; "geb. am (TT MM JJJJ)" is the
    policyholder's caption whatever format it asks for, so no address reads it as a street."""
    rows = [[(0.05, "Schadenmeldung Tier-OP")], [(0.05, "1. Angaben zum Versicherungsnehmer")],
            [(0.05, "Name:"), (0.4, "Marie Becker")], [(0.05, "Anschrift:"), (0.4, "Lindenallee 92")],
            [(0.05, "geb. am (TT MM JJJJ)")], [(0.05, "PLZ:"), (0.4, "10115")], [(0.05, "Wohnort:"), (0.4, "Berlin")],
            [(0.05, "2. Schadenhergang")], [(0.05, "Name des Tieres:"), (0.4, "Bello")],
            [(0.05, "Geburtsdatum des Tieres:"), (0.4, "22. März 2015")],
            [(0.05, "Datum der Erkrankung:"), (0.4, "11.07.2024")], [(0.05, "Geforderter Betrag:"), (0.4, "7.659,35 €")]]
    data = _read(layout(rows))
    assert data["date_of_birth"] is None
    assert data["incident_date"] == "2024-07-11"
    assert data["address"] == {"street": "Lindenallee 92", "city": "Berlin", "postal_code": "10115"}
    assert label_tokens("Geboortedatum (DD MM JJJJ)") == label_tokens("Geboortedatum")


def _witness_form(policyholder_dob: str | None, witness: list) -> list[Word]:
    return layout([[(0.05, "Nordstern Versicherung AG")], [(0.05, "Schadenanzeige Kfz-Versicherung")],
                   [(0.05, "1. Versicherungsnehmer")],
                   [(0.05, "Vor- und Nachname:"), (0.3, "Wiebke Tiedemann")],
                   [(0.05, "Geburtsdatum:"), *([(0.3, policyholder_dob)] if policyholder_dob else [])],
                   [(0.05, "Straße, Hausnummer:"), (0.3, "Am Kirschgarten 95")],
                   [(0.05, "PLZ:"), (0.3, "96047")], [(0.05, "Ort:"), (0.3, "Bamberg")],
                   [(0.05, "Versicherungsschein-Nr.:"), (0.3, "R790/39105")],
                   [(0.05, "Schadentag:"), (0.3, "12.09.2024")],
                   *witness])


@pytest.mark.parametrize("witness", [
    [[(0.05, "Zeuge:"), (0.3, "Benedikt Kallweit")], [(0.05, "Geburtsdatum:"), (0.3, "16.07.1957")]],
    [[(0.05, "Zeuge"), (0.4, "Geburtsdatum")], [(0.05, "Benedikt Kallweit"), (0.4, "16.07.1957")]],
    [[(0.05, "Medforsikret"), (0.4, "Fødselsdato")], [(0.05, "Rasmus Lindholm"), (0.4, "16.07.1957")]],
])
def test_a_witness_or_co_insured_persons_date_of_birth_is_not_the_policyholders(witness: list) -> None:
    """A witness's (or a co-insured person's) date of birth under or beside the caption that names them, where the
    policyholder's own is left empty: no date of birth of the policyholder; where it is filled, it stands."""
    assert _read(_witness_form(None, witness))["date_of_birth"] is None
    data = _read(_witness_form("03.11.1971", witness))
    assert (data["date_of_birth"], data["claimant_name"]) == ("1971-11-03", "Wiebke Tiedemann")
