"""Slovenian documents: an invoice ("Račun") of a sole trader ("s.p.") and a claim form ("Prijava škode"): their
labels, the kinds of claim ("Avto", "Dom", "Zdravje", "Potovanje"), the police question answered "Da" and a
witness ("Priča") whose details are no claimant's."""

from __future__ import annotations

from pipeline.classify import classify_words
from schemas import ClaimForm, Invoice
from tests.layout import layout
from tests.layout import read_baseline as _read

INVOICE = [[(0.08, "RAČUN"), (0.61, "Zobni laboratorij Golob s.p.")],
           [(0.7, "Partizanska cesta 120 · 3000 Celje")],
           [(0.08, "Kupec")], [(0.08, "Potočnik Bau d.o.o.")], [(0.08, "Prešernova ulica 34")],
           [(0.08, "2000 Maribor")],
           [(0.08, "Številka računa"), (0.3, "Datum računa"), (0.5, "Šifra kupca"), (0.7, "Rok plačila")],
           [(0.08, "INV-44707"), (0.3, "13. 3. 2024"), (0.5, "55540"), (0.7, "12. 5. 2024")],
           [(0.08, "Opis"), (0.5, "Kol."), (0.62, "Cena/enoto"), (0.8, "Znesek")],
           [(0.08, "Porcelain fused to metal bridge unit"), (0.5, "1"), (0.62, "173,20"), (0.8, "173,20")],
           [(0.08, "Study model, type IV stone"), (0.5, "3"), (0.62, "15,01"), (0.8, "45,03")],
           [(0.55, "Skupaj brez DDV"), (0.8, "218,23")], [(0.55, "DDV 22 %"), (0.8, "48,01")],
           [(0.55, "Za plačilo EUR"), (0.8, "266,24")]]

CLAIM = [[(0.35, "Nordkap zavarovalnica d.d.")], [(0.35, "PRIJAVA ŠKODE - Zdravje")],
         [(0.01, "Številka police:"), (0.3, "P4206298")], [(0.01, "Šifra zastopnika:"), (0.3, "4282-89")],
         [(0.01, "Ime zavarovanca:"), (0.3, "Nina Zupančič")], [(0.01, "Datum rojstva:"), (0.3, "17. 6. 1965")],
         [(0.01, "Ulica:"), (0.3, "Partizanska cesta 144")], [(0.01, "Poštna številka / Kraj:"), (0.3, "3000 Celje")],
         [(0.01, "Datum škodnega dogodka:"), (0.3, "31. 8. 2024")],
         [(0.01, "Zahtevani znesek:"), (0.3, "3.597,20 EUR")],
         [(0.01, "Vrsta škode:"), (0.3, "[ ] Potovanje [X] Zdravje [ ] Avto [ ] Dom")],
         [(0.01, "Ali ste dogodek prijavili policiji?"), (0.5, "[X] Da [ ] Ne")],
         [(0.01, "Priča:"), (0.3, "Nina Vidmar")], [(0.01, "Datum rojstva:"), (0.3, "02. 11. 1980")],
         [(0.01, "Datum:"), (0.3, "10. 9. 2024")], [(0.01, "Podpis:"), (0.3, "Nina Zupančič")]]


def test_a_slovenian_invoice_is_told_and_read_whole() -> None:
    classified = classify_words(layout(INVOICE, heights={0: 0.02}))
    assert (classified.doc_type, classified.reason) == ("invoice", None)
    data = _read(layout(INVOICE, heights={0: 0.02}), Invoice)
    assert (data["vendor_name"], data["invoice_number"]) == ("Zobni laboratorij Golob s.p.", "INV-44707")
    assert (data["invoice_date"], data["due_date"], data["currency"]) == ("2024-03-13", "2024-05-12", "EUR")
    assert (data["subtotal"], data["tax"], data["total"]) == ("218.23", "48.01", "266.24")
    assert [(i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in data["line_items"]] == [
        ("Porcelain fused to metal bridge unit", "1", "173.20", "173.20"),
        ("Study model, type IV stone", "3", "15.01", "45.03")]


def test_a_slovenian_claim_form_is_told_and_read_whole() -> None:
    classified = classify_words(layout(CLAIM))
    assert (classified.doc_type, classified.reason) == ("claim_form", None)
    data = _read(layout(CLAIM), ClaimForm)
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Nina Zupančič", "1965-06-17", "P4206298")
    assert data["address"] == {"street": "Partizanska cesta 144", "city": "Celje", "postal_code": "3000"}
    assert (data["claim_type"], data["incident_date"], data["claim_amount"]) == ("health", "2024-08-31", "3597.20")
    assert (data["police_report_filed"], data["signed"]) == (True, True)
    # the claimant's date of birth left empty: the witness's under "Priča" is no claimant's
    unborn = [row if row[0][1] != "Datum rojstva:" or row is not CLAIM[5] else [row[0]] for row in CLAIM]
    assert _read(layout(unborn), ClaimForm)["date_of_birth"] is None
