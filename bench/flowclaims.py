"""Insurance claim forms for `bench/flowdocs.py`: HTML forms flowed onto A4, independent of `docgen`.

Six styles (US, UK, German, French, Dutch, Spanish), each with its own wording of the fields, and three ways of
printing the answers to its questions: box glyphs (☐ / ☒), brackets ([ ] / [X]) and boxes drawn as bordered
table cells (an ``X`` inside a frame, which a text layer reads as a bare ``X``). The fields are laid out as a
label/value table, two fields to a row, or labels above their values; the signature line is signed or left
blank.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from bench.flowdocs import group_digits

__all__ = ["CLAIM_CSS", "make_claim"]

CLAIM_CSS = """
* {font-size: 10px;}
body {font-family: sans-serif;}
h1 {font-size: 18px; margin: 0 0 4px 0;}
.insurer {font-size: 13px; font-weight: bold;}
.section {font-weight: bold; background-color: #e4e4e4; padding: 2px 4px; margin-top: 8px;}
table {border-collapse: collapse; width: 100%;}
td {padding: 3px 4px; vertical-align: top;}
.lbl {color: #333333; white-space: nowrap;}
.box {border: 1px solid black; width: 8px; text-align: center;}
.sig {font-family: serif; font-style: italic; font-size: 13px;}
"""


@dataclass(frozen=True)
class ClaimStyle:
    """One insurer's claim form: its language, wording and formats."""

    name: str
    title: str
    sections: tuple[str, str, str, str]  # claimant, policy, incident, declaration
    labels: dict[str, str]  # name, dob, street, city, policy, type, date, amount, police, signature, signed_on
    types: dict[str, str]  # claim type → option word
    yes_no: tuple[str, str]
    date_fmt: str
    money: tuple[str, str, str, bool]  # symbol, thousands, decimal, symbol first
    declaration: str
    places: tuple[tuple[str, str, str, str], ...]  # street, postal code, city, the postal code and city as printed


STYLES = [
    ClaimStyle("us", "Property & Casualty Claim", ("Insured", "Coverage", "Loss details", "Certification"),
               {"name": "Insured's full name", "dob": "Birth date", "street": "Mailing address",
                "city": "City / State / ZIP", "policy": "Policy #", "type": "Type of loss",
                "date": "Date of loss", "amount": "Amount of loss", "police": "Police report made?",
                "signature": "Signature of insured", "signed_on": "Date"},
               {"auto": "Auto", "home": "Homeowners", "health": "Medical", "travel": "Travel"}, ("Yes", "No"),
               "%m/%d/%Y", ("$", ",", ".", True), "I certify that the above statements are true.",
               (("1200 Pine Street", "97205", "Portland", "Portland, OR 97205"),
                ("88 Lakeview Drive, Apt 4B", "78701", "Austin", "Austin, TX 78701"))),
    ClaimStyle("gb", "Claim Notification", ("Policyholder", "Your policy", "About the incident", "Declaration"),
               {"name": "Policyholder name", "dob": "Date of birth", "street": "Address",
                "city": "Postcode and town", "policy": "Policy reference", "type": "Cover affected",
                "date": "Incident date", "amount": "Estimated cost", "police": "Reported to the police?",
                "signature": "Signed", "signed_on": "Date"},
               {"auto": "Motor", "home": "Buildings & contents", "health": "Private medical", "travel": "Travel"},
               ("Yes", "No"), "%d %B %Y", ("£", ",", ".", True), "I confirm the information given is correct.",
               (("14 Station Road", "LS1 4AP", "Leeds", "LS1 4AP Leeds"),
                ("3 Church Lane", "BS1 5TR", "Bristol", "BS1 5TR Bristol"))),
    ClaimStyle("de", "Schadenmeldung", ("Versicherungsnehmer", "Vertrag", "Schadenereignis", "Erklärung"),
               {"name": "Name des Versicherungsnehmers", "dob": "Geburtsdatum", "street": "Straße, Hausnummer",
                "city": "PLZ, Ort", "policy": "Versicherungsschein-Nr.", "type": "Versicherungssparte",
                "date": "Schadentag", "amount": "Schadenhöhe (geschätzt)", "police": "Polizeilich gemeldet?",
                "signature": "Unterschrift", "signed_on": "Ort, Datum"},
               {"auto": "Kfz-Versicherung", "home": "Hausrat", "health": "Krankenversicherung",
                "travel": "Reiseversicherung"}, ("Ja", "Nein"), "%d.%m.%Y", ("€", ".", ",", False),
               "Ich versichere die Richtigkeit meiner Angaben.",
               (("Lindenallee 7", "50667", "Köln", "50667 Köln"),
                ("Bahnhofstraße 21", "90402", "Nürnberg", "90402 Nürnberg"))),
    ClaimStyle("fr", "Déclaration de sinistre", ("Assuré", "Contrat", "Sinistre", "Engagement"),
               {"name": "Nom et prénom de l'assuré", "dob": "Date de naissance", "street": "Adresse",
                "city": "Code postal et ville", "policy": "N° de contrat", "type": "Nature du sinistre",
                "date": "Date du sinistre", "amount": "Montant estimé des dommages", "police": "Plainte déposée ?",
                "signature": "Signature de l'assuré", "signed_on": "Fait le"},
               {"auto": "Automobile", "home": "Habitation", "health": "Santé", "travel": "Voyage"},
               ("Oui", "Non"), "%d/%m/%Y", ("€", " ", ",", False), "Je certifie exactes les informations ci-dessus.",
               (("12 rue Victor Hugo", "69002", "Lyon", "69002 Lyon"),
                ("5 avenue Jean Jaurès", "31000", "Toulouse", "31000 Toulouse"))),
    ClaimStyle("nl", "Schadeaangifte", ("Verzekerde", "Polis", "Schade", "Ondertekening"),
               {"name": "Naam verzekerde", "dob": "Geboortedatum", "street": "Adres",
                "city": "Postcode en woonplaats", "policy": "Polisnummer", "type": "Soort verzekering",
                "date": "Datum schade", "amount": "Schadebedrag", "police": "Aangifte bij politie?",
                "signature": "Handtekening", "signed_on": "Plaats en datum"},
               {"auto": "Auto", "home": "Inboedel", "health": "Zorg", "travel": "Reis"}, ("Ja", "Nee"),
               "%d-%m-%Y", ("€", ".", ",", True), "Ik verklaar dit formulier naar waarheid te hebben ingevuld.",
               (("Kerkstraat 12", "1017 GC", "Amsterdam", "1017 GC Amsterdam"),
                ("Stationsweg 4", "3511 ED", "Utrecht", "3511 ED Utrecht"))),
    ClaimStyle("es", "Declaración de siniestro", ("Tomador", "Póliza", "Siniestro", "Declaración"),
               {"name": "Nombre y apellidos", "dob": "Fecha de nacimiento", "street": "Domicilio",
                "city": "Código postal y localidad", "policy": "Número de póliza", "type": "Ramo",
                "date": "Fecha del siniestro", "amount": "Importe reclamado", "police": "¿Denuncia policial?",
                "signature": "Firma del tomador", "signed_on": "Lugar y fecha"},
               {"auto": "Automóvil", "home": "Hogar", "health": "Salud", "travel": "Viaje"}, ("Sí", "No"),
               "%d/%m/%Y", ("€", ".", ",", False), "Declaro que los datos son ciertos.",
               (("Calle de Alcalá 45", "28014", "Madrid", "28014 Madrid"),
                ("Avenida Diagonal 210", "08018", "Barcelona", "08018 Barcelona"))),
]
NAMES = ["Olivia Bennett", "Lukas Hoffmann", "Camille Girard", "Sanne de Vries", "Lucía Romero", "James O'Connor",
         "Priya Natarajan", "Mateo Fernández", "Hannah Schulz", "Thomas Leclerc"]
_GB_MONTHS = "January February March April May June July August September October November December".split()


def _money(value: Decimal, s: ClaimStyle) -> str:
    symbol, thousands, decimal, first = s.money
    text = group_digits(value, thousands, decimal)
    return f"{symbol}{text}" if first and len(symbol) == 1 else (f"{symbol} {text}" if first else f"{text} {symbol}")


def _options(choices: list[tuple[str, bool]], boxes: str) -> str:
    """A row of options with the ticked one marked, in one of the box styles: text, or table cells (``<td>``)
    for boxes drawn as frames."""
    e = html.escape
    if boxes == "cells":
        return "".join(f'<td class="box">{"X" if on else "&nbsp;"}</td><td>{e(word)}</td>' for word, on in choices)
    mark = {"glyphs": ("☒", "☐"), "brackets": ("[X]", "[ ]")}[boxes]
    return "&nbsp;&nbsp; ".join(f"{mark[0] if on else mark[1]} {e(word)}" for word, on in choices)


def make_claim(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """(HTML, truth in the claim-form schema's keys) of one claim form."""
    s = rng.choice(STYLES)
    e = html.escape
    boxes = rng.choice(["glyphs", "brackets", "cells"])
    name = rng.choice(NAMES)
    insurer = rng.choice(["Harbourside Mutual", "Allied Shield Insurance", "Rhein-Assekuranz AG", "Mutuelle Alpine",
                          "Zeeland Verzekeringen", "Seguros Meridiano"])
    street, pc, city, city_line = rng.choice(s.places)
    born = date(1950, 1, 1) + timedelta(days=rng.randint(0, 18000))
    incident = date(2021, 1, 1) + timedelta(days=rng.randint(0, 1400))
    amount = (Decimal(rng.randint(5000, 2500000)) / 100).quantize(Decimal("0.01"))
    kind = rng.choice(list(s.types))
    police = rng.random() < 0.4
    signed = rng.random() < 0.85
    policy = f"{rng.choice(['PC', 'HV', 'KFZ', 'CT', 'POL'])}-{rng.randint(100000, 9999999)}"

    def when(d: date) -> str:
        text = d.strftime(s.date_fmt)
        return text.replace(d.strftime("%B"), _GB_MONTHS[d.month - 1]) if "%B" in s.date_fmt else text

    fields = [
        (0, "name", e(name)), (0, "dob", e(when(born))), (0, "street", e(street)),
        (0, "city", e(city_line)),
        (1, "policy", e(policy)),
        (1, "type", _options([(word, k == kind) for k, word in s.types.items()], boxes)),
        (2, "date", e(when(incident))), (2, "amount", e(_money(amount, s))),
        (2, "police", _options([(s.yes_no[0], police), (s.yes_no[1], not police)], boxes)),
    ]
    layout = rng.choice(["table", "pairs", "stacked"])
    parts = [f'<p class="insurer">{e(insurer)}</p><h1>{e(s.title)}</h1>']
    for section in range(3):
        parts.append(f'<p class="section">{e(s.sections[section])}</p>')
        rows = [(s.labels[key], value) for sec, key, value in fields if sec == section]
        framed = [(lbl, val) for lbl, val in rows if val.startswith("<td")]  # a row of framed boxes: own table
        rows = [r for r in rows if r not in framed]
        if layout == "table":
            body = "".join(f'<tr><td class="lbl">{e(lbl)}</td><td>{val}</td></tr>' for lbl, val in rows)
        elif layout == "pairs":
            pairs = [rows[k:k + 2] for k in range(0, len(rows), 2)]
            body = "".join("<tr>" + "".join(f'<td class="lbl">{e(lbl)}:</td><td>{val}</td>' for lbl, val in pair)
                           + "</tr>" for pair in pairs)
        else:
            body = "".join(f'<tr><td class="lbl">{e(lbl)}</td></tr><tr><td>{val}</td></tr>' for lbl, val in rows)
        parts.append(f"<table>{body}</table>" if body else "")
        for lbl, cells in framed:
            head = f'<td class="lbl">{e(lbl)}</td>'
            parts.append(f'<table style="width: auto"><tr>{head}</tr><tr>{cells}</tr></table>' if layout == "stacked"
                         else f'<table style="width: auto"><tr>{head}{cells}</tr></table>')
    parts.append(f'<p class="section">{e(s.sections[3])}</p><p>{e(s.declaration)}</p>')
    signature = f'<span class="sig">{e(name)}</span>' if signed else "&nbsp;"
    parts.append(f'<table><tr><td style="width: 50%">{signature}</td><td>{e(when(incident + timedelta(days=3)))}'
                 f'</td></tr><tr><td class="lbl">{e(s.labels["signature"])}</td>'
                 f'<td class="lbl">{e(s.labels["signed_on"])}</td></tr></table>')
    truth = {"claimant_name": name, "date_of_birth": born.isoformat(), "policy_number": policy, "claim_type": kind,
             "address": {"street": street, "city": city, "postal_code": pc}, "incident_date": incident.isoformat(),
             "claim_amount": f"{amount:.2f}", "police_report_filed": police, "signed": signed}
    return f"<html><body>{''.join(parts)}</body></html>", truth
