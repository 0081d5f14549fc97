"""Croatian documents: an invoice ("Račun") and a claim form ("Prijava štete"): their labels, the kinds of claim
("Auto", "Imovina", "Zdravstveno", "Putno"), a "Da" (yes) typed after the police question, the other party's and a
witness's details ("Druga strana", "Svjedok")."""

from __future__ import annotations

from pipeline.classify import classify_words
from schemas import ClaimForm, Invoice
from tests.layout import layout
from tests.layout import read_baseline as _read

INVOICE = [[(0.07, "Bravarija Kovač d.o.o.")], [(0.07, "Ulica Ivana Gundulića 19 · 31000 Osijek")],
           [(0.07, "Kupac"), (0.61, "Broj računa"), (0.75, "R72533")],
           [(0.07, "Luka Novak"), (0.61, "Datum računa"), (0.75, "23.03.2025")],
           [(0.07, "Ulica Ivana Gundulića 24"), (0.61, "Šifra kupca"), (0.75, "88269")],
           [(0.07, "51000 Rijeka"), (0.61, "Datum dospijeća"), (0.75, "31.03.2025")], [(0.07, "RAČUN")],
           [(0.08, "Naziv"), (0.45, "Kol."), (0.53, "J.mj."), (0.62, "Cijena"), (0.8, "Iznos")],
           [(0.08, "Rad bravara"), (0.46, "3"), (0.53, "h"), (0.62, "69,17"), (0.8, "207,51")],
           [(0.08, "Kopija ključa"), (0.46, "2"), (0.53, "kom"), (0.62, "115,40"), (0.8, "230,80")],
           [(0.61, "Osnovica"), (0.8, "438,31")], [(0.61, "PDV 25%"), (0.8, "109,58")],
           [(0.61, "Ukupno za platiti EUR"), (0.8, "547,89")]]

CLAIM = [[(0.07, "Jadransko osiguranje d.d."), (0.5, "Broj štete: ____________")], [(0.07, "Prijava štete")],
         [(0.07, "1. Osiguranik")], [(0.07, "Ime i prezime osiguranika"), (0.4, "Datum rođenja")],
         [(0.07, "Ivana Horvat"), (0.4, "11.02.1967.")],
         [(0.07, "Ulica i kućni broj"), (0.4, "Poštanski broj"), (0.55, "Mjesto")],
         [(0.07, "Vukovarska ulica 65"), (0.4, "51000"), (0.55, "Rijeka")], [(0.07, "Broj police")],
         [(0.07, "72-476923-6")], [(0.07, "2. Vrsta štete")], [(0.07, "☒ Auto ☐ Imovina ☐ Zdravstveno ☐ Putno")],
         [(0.07, "Datum štetnog događaja"), (0.35, "Iznos odštetnog zahtjeva (EUR)")],
         [(0.07, "02.04.2025."), (0.35, "9.419,84")], [(0.07, "Je li prijavljeno policiji?"), (0.55, "Da")],
         [(0.07, "3. Druga strana / Svjedok")], [(0.07, "Svjedok")],
         [(0.07, "Dario Žužul, Vukovarska ulica 52, 51000 Rijeka")], [(0.07, "Mjesto i datum"), (0.5, "Potpis")],
         [(0.07, "14.04.2025.")]]


def test_a_croatian_invoice_is_told_and_read_whole() -> None:
    classified = classify_words(layout(INVOICE, heights={0: 0.02}))
    assert (classified.doc_type, classified.reason) == ("invoice", None)
    data = _read(layout(INVOICE, heights={0: 0.02}), Invoice)
    assert (data["vendor_name"], data["invoice_number"]) == ("Bravarija Kovač d.o.o.", "R72533")
    assert (data["invoice_date"], data["due_date"], data["currency"]) == ("2025-03-23", "2025-03-31", "EUR")
    assert (data["subtotal"], data["tax"], data["total"]) == ("438.31", "109.58", "547.89")
    assert [(i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in data["line_items"]] == [
        ("Rad bravara", "3", "69.17", "207.51"), ("Kopija ključa", "2", "115.40", "230.80")]


def test_a_croatian_claim_form_is_told_and_read_whole() -> None:
    classified = classify_words(layout(CLAIM))
    assert (classified.doc_type, classified.reason) == ("claim_form", None)
    data = _read(layout(CLAIM), ClaimForm)
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Ivana Horvat", "1967-02-11", "72-476923-6")
    assert data["address"] == {"street": "Vukovarska ulica 65", "city": "Rijeka", "postal_code": "51000"}
    assert (data["claim_type"], data["incident_date"], data["claim_amount"]) == ("auto", "2025-04-02", "9419.84")
    assert data["police_report_filed"] is True
