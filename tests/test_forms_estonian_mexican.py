"""Estonian forms, invoices and tills; Mexican forms (numbered captions, a complaint before the prosecutor) and tills
(the branch's address under the tax number); a section's heading beside a caption; a box's option beside a caption;
captions OCR ran together; the end of a till's address; a ring drawn as a polyline and a tall drawn signature."""

from __future__ import annotations

import math
from pathlib import Path

import pymupdf
import pytest

from engine.labels import label_tokens
from engine.rules import street_line
from pipeline.inkmarks import SIGNATURE_MARK
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout, load_words, read_baseline


def test_an_estonian_claim_form() -> None:
    rows = [[(0.1, "Läänemere Kindlustus AS"), (0.76, "Kahjuavaldus")],
            [(0.08, "Ees- ja perekonnanimi"), (0.37, "Liis Tamm")], [(0.08, "Sünniaeg"), (0.37, "06.10.1978")],
            [(0.08, "Poliisi number"), (0.37, "868732258")], [(0.08, "Tänav, maja, korter"), (0.37, "Tartu mnt 17-4")],
            [(0.08, "Postiindeks"), (0.37, "10117")], [(0.08, "Linn / vald"), (0.37, "Tallinn")],
            [(0.08, "Kahju liik"), (0.37, "Kodu")], [(0.08, "Kahjujuhtumi kuupäev"), (0.37, "05.04.2025")],
            [(0.08, "Kahju hinnanguline suurus"), (0.37, "7 784,63 €")],
            [(0.07, "Kas juhtumist teatati politseile?"), (0.66, "☐ Jah"), (0.76, "☒ Ei")],
            [(0.07, "Kuupäev"), (0.52, "Kindlustusvõtja allkiri")]]
    data = read_baseline(layout(rows), ClaimForm)
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"], data["claim_type"]) == (
        "Liis Tamm", "1978-10-06", "868732258", "home")
    assert data["address"] == {"street": "Tartu mnt 17-4", "city": "Tallinn", "postal_code": "10117"}
    assert (data["incident_date"], data["claim_amount"], data["police_report_filed"]) == ("2025-04-05", "7784.63", False)


def test_an_estonian_invoices_vat_summary() -> None:
    rows = [[(0.1, "Trükikoda Valgus OÜ"), (0.6, "ARVE nr A-2024-0338")], [(0.6, "Kuupäev 07.05.2024")],
            [(0.1, "Kirjeldus"), (0.55, "Kogus"), (0.7, "Hind"), (0.85, "Summa")],
            [(0.1, "Voldikud A5, 4+4, 170 g"), (0.56, "5000"), (0.7, "0,0635"), (0.85, "317,50")],
            [(0.1, "Kujundustöö"), (0.56, "2"), (0.7, "44,00"), (0.85, "88,00")],
            [(0.46, "KM %"), (0.58, "Km-ta"), (0.71, "KM"), (0.83, "Kokku")],
            [(0.46, "22%"), (0.57, "405,50"), (0.70, "89,21"), (0.82, "494,71")],
            [(0.5, "Tasuda:"), (0.75, "494,71 €")],
            [(0.1, "Makseviis: pangaülekanne · Maksetähtaeg: 21.05.2024")]]
    data = read_baseline(layout(rows), Invoice)
    assert (data["invoice_number"], data["subtotal"], data["total"], data["due_date"]) == (
        "A-2024-0338", "405.50", "494.71", "2024-05-21")


@pytest.mark.parametrize(("contact", "address"), [
    ("+372 443 1172 · KMKR EE101487221", "Rüütli 25, 80010 Pärnu"),
    ("REG. KOOD 10844127", "Rüütli 25, 80010 Pärnu"),
])
def test_an_estonian_tills_address_ends_at_its_telephone_or_register(contact: str, address: str) -> None:
    rows = [[(0.1, "Kohvik Kuldne Karikas")], [(0.1, "Rüütli 25")], [(0.1, "80010 Pärnu")], [(0.1, contact)],
            [(0.1, "Tšekk nr 41920"), (0.5, "31.01.2024 18:40")], [(0.1, "Kohv latte"), (0.8, "3,70")],
            [(0.1, "KOKKU"), (0.8, "3,70")], [(0.1, "Kaart"), (0.8, "3,70")]]
    data = read_baseline(layout(rows), Receipt)
    assert (data["merchant_address"], data["total"]) == (address, "3.70")


def test_a_car_washs_programme_under_its_address_is_no_part_of_it() -> None:
    rows = [[(0.25, "WASCHPARK SONNENGLANZ")], [(0.34, "AM MÜHLBACH 4")], [(0.32, "83022 ROSENHEIM")],
            [(0.05, "Programm"), (0.68, "WÄSCHE GOLD")], [(0.05, "Datum 30.04.2025"), (0.56, "Uhrzeit 13:25:46")],
            [(0.05, "Betrag EUR"), (0.8, "14,90")], [(0.41, "girocard")]]
    assert read_baseline(layout(rows), Receipt)["merchant_address"] == "AM MÜHLBACH 4, 83022 ROSENHEIM"


@pytest.mark.parametrize(("head", "address"), [
    (["TAQUERÍA EL GÜERO", "Desde 1987", "RFC: GUMJ650312HT4", "SUCURSAL:", "Av. Insurgentes Sur 1605",
      "Col. San José Insurgentes", "C.P. 03900, Ciudad de México"],
     "Av. Insurgentes Sur 1605, Col. San José Insurgentes, C.P. 03900, Ciudad de México"),
    (["Farmacia del Carmen", "Sucursal Coyoacán", "RFC: FCA020415RM2", "MATRIZ:", "Calle Francisco Sosa 212",
      "Col. Santa Catarina, C.P. 04010", "Coyoacán, CDMX"],
     "Calle Francisco Sosa 212, Col. Santa Catarina, C.P. 04010, Coyoacán, CDMX"),
])
def test_a_mexican_tills_branch_address_under_its_tax_number(head: list[str], address: str) -> None:
    rows = [*([(0.3, t)] for t in head), [(0.35, "TICKET DE VENTA")], [(0.1, "FOLIO: 50086")],
            [(0.1, "FECHA: 25/12/2023 09:33:41")], [(0.1, "3 x TACO AL PASTOR"), (0.7, "69.00")],
            [(0.1, "TOTAL"), (0.7, "69.00")], [(0.1, "EFECTIVO"), (0.7, "100.00")]]
    assert read_baseline(layout(rows), Receipt)["merchant_address"] == address


def test_a_numbered_mexican_form() -> None:
    rows = [[(0.11, "Seguros Sierra Madre, S.A. de C.V.")], [(0.11, "Aviso de siniestro / Reclamación")],
            [(0.13, "01 Nombre completo"), (0.43, "José Luis Hernández Vega")],
            [(0.13, "02 Fecha de nacimiento"), (0.43, "14/09/1980")],
            [(0.13, "03 Calle y número"), (0.43, "Av. Revolución 1320")], [(0.13, "04 C.P."), (0.43, "01020")],
            [(0.13, "05 Ciudad / Municipio"), (0.43, "Ciudad de México")],
            [(0.13, "07 Número de póliza"), (0.43, "AUT-428998-48")], [(0.13, "08 Tipo de siniestro"), (0.43, "Auto")],
            [(0.13, "09 Fecha del siniestro"), (0.43, "05/01/2024")],
            [(0.13, "12 ¿Se levantó denuncia ante el MP?"), (0.43, "Sí, No. de carpeta 9438/24")],
            [(0.16, "Fecha: 20/01/2024"), (0.6, "Firma del asegurado")]]
    data = read_baseline(layout(rows), ClaimForm)
    assert (data["claimant_name"], data["address"]["city"], data["police_report_filed"]) == (
        "José Luis Hernández Vega", "Ciudad de México", True)


def test_a_boxs_option_beside_a_caption_is_not_its_value() -> None:
    rows = [[(0.07, "Albion Mutual Insurance"), (0.79, "CLAIM FORM")], [(0.08, "Full name"), (0.68, "Type of claim")],
            [(0.08, "Freya Lindqvist"), (0.68, "☐ Motor")], [(0.08, "Policy number"), (0.68, "☒ Health")],
            [(0.08, "HH7026326")], [(0.08, "Address"), (0.26, "Town/City"), (0.68, "☐ Travel")],
            [(0.08, "3 Albion Terrace"), (0.26, "Bristol")], [(0.08, "Postcode"), (0.68, "☐ Other")],
            [(0.08, "BS8 4NN")], [(0.08, "Date of incident"), (0.3, "21/10/2023")]]
    data = read_baseline(layout(rows), ClaimForm)
    assert data["address"]["city"] == "Bristol"


@pytest.mark.parametrize(("section", "beside", "caption", "name", "policy_caption"), [
    ("Versicherungsnehmer", "Vertrag", "Name, Vorname", "Lukas Baumgartner", "Policen-Nr."),
    ("Preneur d'assurance", "Contrat", "Nom et prénom", "Mehdi El Amrani", "N° de police"),
])
def test_a_sections_heading_beside_a_caption_is_not_its_value(section: str, beside: str, caption: str, name: str,
                                                               policy_caption: str) -> None:
    rows = [[(0.14, "Helvetia Nova Versicherungen")], [(0.15, section)], [(0.15, caption), (0.54, beside)],
            [(0.15, name), (0.54, policy_caption)], [(0.15, "Geburtsdatum"), (0.54, "70.201.433")],
            [(0.15, "25.04.2000")], [(0.15, "Schadendatum"), (0.54, "Schadenart")], [(0.15, "26.06.2025")]]
    assert read_baseline(layout(rows), ClaimForm)["claimant_name"] == name


def test_captions_ocr_ran_together() -> None:
    assert label_tokens("Date ofbirth") == ("date", "birth")
    assert label_tokens("Date ofincident") == ("date", "incident")
    assert label_tokens("Policynumber") == ("policy", "no")
    assert label_tokens("Delivery") == ("delivery",)


def test_the_estimated_amount_of_the_damage() -> None:
    rows = [[(0.07, "Seguros Ibéricos")], [(0.08, "Nombre y apellidos"), (0.4, "Lucía Romero")],
            [(0.08, "Fecha del siniestro")], [(0.08, "22/09/2024")],
            [(0.08, "Importe estimado de los daños"), (0.49, "IBAN")], [(0.08, "667,49 €")],
            [(0.07, "DECLARACIÓN")]]
    assert read_baseline(layout(rows), ClaimForm)["claim_amount"] == "667.49"


@pytest.mark.parametrize("text", ["Campo San Bortolomio 5412", "Galerie de la Reine 17"])
def test_venetian_squares_and_arcades_are_streets(text: str) -> None:
    assert street_line(text)


def _ringed_form(path: Path) -> None:
    """A form answered by a ring drawn as a polyline of 72 pieces round "Ei", and signed by a scrawl of 139 pieces
    reaching over its 6-point caption, 40 points tall (as gnuplot draws them)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((43, 60), "Läänemere Kindlustus AS - Kahjuavaldus", fontsize=8)
    page.insert_text((43, 90), "Ees- ja perekonnanimi", fontsize=6)
    page.insert_text((220, 90), "Liis Tamm", fontsize=6)
    page.insert_text((43, 590), "Kas juhtumist teatati politseile?", fontsize=6)
    page.insert_text((390, 590), "Jah", fontsize=6)
    page.insert_text((448, 590), "Ei", fontsize=6)
    shape = page.new_shape()
    shape.draw_polyline([(453 + 15 * math.cos(2 * math.pi * k / 72), 587 + 9 * math.sin(2 * math.pi * k / 72))
                         for k in range(73)])
    shape.finish(color=(0.1, 0.1, 0.5), width=0.8, closePath=False)
    shape.draw_polyline([(338 + 0.32 * k, 752 + 19 * math.sin(k / 3.0) * (1 if k % 20 else 0.5)) for k in range(140)])
    shape.finish(color=(0.1, 0.1, 0.5), width=0.75, closePath=False)
    shape.commit()
    page.insert_text((43, 760), "Kuupäev", fontsize=6)
    page.insert_text((312, 760), "Kindlustusvõtja allkiri", fontsize=6)
    page.draw_line((312, 767), (552, 767), width=0.3)
    doc.save(path)


def test_a_ring_drawn_as_a_polyline_answers_and_a_tall_drawn_signature_signs(tmp_path: Path) -> None:
    _ringed_form(tmp_path / "form.pdf")
    words = load_words(tmp_path / "form.pdf")
    texts = [w.text for w in words]
    assert SIGNATURE_MARK in texts
    line = sorted((w for w in words if w.line == next(x.line for x in words if x.text == "Ei")), key=lambda w: w.bbox[0])
    assert [w.text for w in line][-2:] == ["☒", "Ei"]


def test_yes_in_estonian_answers_the_police_question() -> None:
    rows = [[(0.1, "Läänemere Kindlustus AS"), (0.76, "Kahjuavaldus")], [(0.08, "Kindlustusvõtja"), (0.37, "Liis Tamm")],
            [(0.07, "Kas juhtumist teatati politseile?"), (0.66, "☒ Jah"), (0.76, "☐ Ei")]]
    assert read_baseline(layout(rows), ClaimForm)["police_report_filed"] is True


def _arrowed_form(path: Path) -> None:
    """A form whose answers lead on by arrows (gnuplot's: a shaft, and a head drawn as a filled dart and outlined as
    a quad of the same four corners) to what to do next."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 60), "Läänemere Kindlustus AS - Kahjuavaldus", fontsize=9)
    page.insert_text((55, 500), "12. Kas juhtumist teatati politseile?", fontsize=8)
    for y, answer, then in ((518, "Jah", "Menetluse number:"), (541, "Ei", "jätkake küsimusega 13")):
        page.draw_rect(pymupdf.Rect(68, y - 10, 78, y), color=(0, 0, 0), width=0.6)
        page.insert_text((84, y - 1), answer, fontsize=8)
        page.draw_line((119, y - 5), (170, y - 5), width=0.6)
        dart = [pymupdf.Point(170, y - 8), pymupdf.Point(176, y - 5), pymupdf.Point(170, y - 2),
                pymupdf.Point(172, y - 5)]
        shape = page.new_shape()
        shape.draw_polyline([*dart, dart[0]])
        shape.finish(fill=(0.48, 0.12, 0.17), color=None, closePath=True)
        shape.draw_quad(pymupdf.Quad(dart[0], dart[1], dart[3], dart[2]))
        shape.finish(color=(0.48, 0.12, 0.17), width=0.5)
        shape.commit()
        page.insert_text((180, y - 1), then, fontsize=8)
    page.draw_line((69, 532), (77, 540), width=1.0)  # the cross in the box of "Ei"
    page.draw_line((69, 540), (77, 532), width=1.0)
    doc.save(path)


def test_an_arrows_head_is_no_ticked_box(tmp_path: Path) -> None:
    _arrowed_form(tmp_path / "form.pdf")
    words = load_words(tmp_path / "form.pdf")
    lines: dict[int, list[str]] = {}
    for w in sorted(words, key=lambda w: w.bbox[0]):
        lines.setdefault(w.line, []).append(w.text)
    answers = [texts for texts in lines.values() if "Jah" in texts or "Ei" in texts]
    assert answers == [["☐", "Jah", "Menetluse", "number:"], ["☒", "Ei", "jätkake", "küsimusega", "13"]]
