"""A till's logo over the shop's whole name, a name framed by ornaments, a name a sidebar wrapped that the footer
prints whole, a sidebar's captions beside rows of a table without a header, notes set in under items, Slovenian
captions, a postal code before the town its caption names, and a caption whose colon its cell wrapped."""

from __future__ import annotations

import pytest

from engine.base import Word
from engine.spans import lift_wrapped_colons, unframe_lines
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout, layout_at, read_baseline


def _till(head: list[str], *, logo_height: float = 0.03) -> list[Word]:
    """A till receipt under ``head`` (its first line printed ``logo_height`` high, the rest at the body's size)."""
    rows = [[(0.3, text)] for text in head] + [
        [(0.3, "27 Market Street")], [(0.3, "Hebden Bridge HX7 6AA")], [(0.1, "28/12/2025 14:42"), (0.6, "Till 2")],
        [(0.1, "Claw hammer"), (0.7, "12.99")], [(0.1, "Wood screws 4x40"), (0.7, "4.50")],
        [(0.1, "TOTAL"), (0.7, "17.49")], [(0.1, "CARD"), (0.7, "17.49")], [(0.3, "Thank you for shopping with us")]]
    return layout(rows, heights={0: logo_height})


@pytest.mark.parametrize(("head", "name"), [
    (["PENNYWISE", "Pennywise Hardware"], "Pennywise Hardware"),
    (["HARDWARE DEPOT", "Hardware Depot #2291"], "Hardware Depot #2291"),
    (["GELATO", "Gelateria Dolce Vita"], "Gelateria Dolce Vita"),
    (["KOTVA", "Železářství U Kotvy"], "Železářství U Kotvy"),
])
def test_a_tills_logo_gives_way_to_the_whole_name_under_it(head: list[str], name: str) -> None:
    assert read_baseline(_till(head), Receipt)["merchant_name"] == name


def test_a_logo_over_a_line_it_does_not_begin_stays_the_name() -> None:
    """A brand over a line that holds none of its words (a slogan, a branch's place) is the name."""
    assert read_baseline(_till(["ACME", "Quality Tools Since 1921"]), Receipt)["merchant_name"] == "ACME"


def test_a_logo_printed_at_the_names_size_is_no_logo() -> None:
    assert read_baseline(_till(["PENNYWISE", "Pennywise Hardware"], logo_height=0.012),
                         Receipt)["merchant_name"] == "PENNYWISE"


@pytest.mark.parametrize("framed", ["*** Regent Picturehouse Kiosk ***", "** Regent Picturehouse Kiosk **",
                                    "*** Regent Picturehouse Kiosk ** *",
                                    "**Regent Picturehouse Kiosk**", "» Regent Picturehouse Kiosk «"])
def test_a_name_framed_by_ornaments_is_read_without_them(framed: str) -> None:
    assert read_baseline(_till([framed], logo_height=0.014), Receipt)["merchant_name"] == "Regent Picturehouse Kiosk"


def test_dashes_round_a_tables_section_stay() -> None:
    words = layout([[(0.1, "--- Non Food ---")], [(0.1, "*** Drinks")]])
    assert [w.text for w in unframe_lines(words)] == [w.text for w in words]


def _sidebar_invoice(head: list[str], footer: str) -> list[Word]:
    """An invoice whose issuer stands in a narrow sidebar on the left, over its meta boxes, beside the items."""
    rows = [[(0.1, head[0]), (0.45, "FAKTURA")], *([[(0.1, head[1])]] if len(head) > 1 else []),
            [(0.1, "Sandbrogaten 11"), (0.45, "Kunde")], [(0.1, "5003 Bergen"), (0.45, "Nordlys Musikk AS")],
            [(0.1, "Fakturanr."), (0.45, "Storgata 22, 9008 Tromsø")], [(0.1, "2025/4456-1")],
            [(0.1, "Fakturadato"), (0.45, "Mastering"), (0.7, "6 × 3 623,03"), (0.85, "21 738,18")],
            [(0.1, "23.10.2025")],
            [(0.1, "Forfallsdato"), (0.45, "Overføring fra kassett"), (0.7, "12 × 491,00"), (0.85, "5 892,00")],
            [(0.1, "22.11.2025")],
            [(0.1, "Kundenr."), (0.45, "Leie av flygel"), (0.7, "6 × 1 728,57"), (0.85, "10 371,42")],
            [(0.1, "77348")],
            [(0.55, "Sum eks. mva."), (0.8, "38 001,78 NOK")], [(0.55, "MVA 25 %"), (0.8, "9 500,45 NOK")],
            [(0.55, "Å betale"), (0.8, "47 502,23 NOK")],
            *[[]] * 18, [(0.1, footer)], [(0.1, "Org.nr. NO232084729"), (0.8, "Side 1 av 1")]]
    return layout(rows, heights={0: 0.018})


def test_a_name_a_sidebar_wrapped_is_read_whole_where_the_footer_prints_it_so() -> None:
    words = _sidebar_invoice(["Fjordlyd", "Studio AS"], "Fjordlyd Studio AS · Sandbrogaten 11 · 5003 Bergen")
    assert read_baseline(words, Invoice)["vendor_name"] == "Fjordlyd Studio AS"


def test_a_name_over_another_line_than_the_footers_stays_as_it_is() -> None:
    words = _sidebar_invoice(["Fjordlyd", "Studio AS"], "Nordic Sound Holding AS · Oslo")
    assert read_baseline(words, Invoice)["vendor_name"] == "Fjordlyd"


def test_a_sidebars_caption_beside_a_row_is_none_of_its_description() -> None:
    words = _sidebar_invoice(["Fjordlyd Studio AS"], "Fjordlyd Studio AS · Sandbrogaten 11 · 5003 Bergen")
    items = read_baseline(words, Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Mastering", "Overføring fra kassett", "Leie av flygel"]
    assert [i["quantity"] for i in items] == ["6", "12", "6"]


def _noted_invoice(indent: float) -> list[Word]:
    """An invoice whose items have a note under their names, set in by ``indent`` from the description's start."""
    rows = [[(0.1, "Tonstudio Alpenklang GmbH")], [(0.1, "Mariahilfer Straße 12, 1060 Wien")],
            [(0.6, "Rechnung Nr. RE-2025-118")], [(0.6, "Datum: 14.03.2025")],
            [(0.1, "Beschreibung"), (0.5, "Menge"), (0.62, "Preis"), (0.8, "Betrag")],
            [(0.1, "Sprachaufnahme Werbespot"), (0.5, "3"), (0.62, "167,73"), (0.8, "503,19")],
            [(0.1 + indent, "inkl. Schnitt")],
            [(0.1, "Studiomiete Regie A"), (0.5, "4"), (0.62, "86,04"), (0.8, "344,16")],
            [(0.1 + indent, "pro Stunde inkl. Toningenieur")],
            [(0.6, "Netto"), (0.8, "847,35")], [(0.6, "USt 20 %"), (0.8, "169,47")],
            [(0.6, "Gesamt EUR"), (0.8, "1.016,82")]]
    return layout(rows)


def test_a_note_set_in_under_an_item_is_none_of_its_description() -> None:
    items = read_baseline(_noted_invoice(0.012), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Sprachaufnahme Werbespot", "Studiomiete Regie A"]


def test_a_description_wrapped_where_it_starts_goes_on() -> None:
    items = read_baseline(_noted_invoice(0.0), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Sprachaufnahme Werbespot inkl. Schnitt",
                                                 "Studiomiete Regie A pro Stunde inkl. Toningenieur"]


def test_slovenian_base_and_vat_total() -> None:
    rows = [[(0.1, "Sadjarstvo Zupan s.p.")], [(0.1, "Gorenjska cesta 41, 4240 Radovljica")],
            [(0.6, "RAČUN 2025/7667-1")], [(0.6, "Datum izdaje 14. 10. 2025")],
            [(0.1, "Opis"), (0.5, "Kol."), (0.62, "Cena"), (0.8, "Znesek")],
            [(0.1, "Degustacija za skupino"), (0.5, "5"), (0.62, "93,00"), (0.8, "465,00")],
            [(0.1, "Jabolka Idared"), (0.5, "27"), (0.62, "11,97"), (0.8, "323,41")],
            [(0.4, "Osnova"), (0.8, "788,41 €")], [(0.4, "DDV 9,5 % (osnova 499,82)"), (0.8, "47,48 €")],
            [(0.4, "DDV 22 % (osnova 288,59)"), (0.8, "63,49 €")], [(0.4, "DDV skupaj"), (0.8, "110,97 €")],
            [(0.4, "Za plačilo (EUR)"), (0.8, "899,38 €")]]
    data = read_baseline(layout(rows), Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("788.41", "110.97", "899.38")


def _claim(rows: list[list[tuple[float, str]]]) -> dict:
    return read_baseline(layout([[(0.1, "Schadeaangifteformulier – Reis")], *rows,
                                 [(0.1, "Is er aangifte gedaan bij de politie?"), (0.6, "☐ Ja ☒ Nee")],
                                 [(0.1, "Handtekening"), (0.4, "✍")]]), ClaimForm)


def test_slovenian_postal_number_and_estimated_damage() -> None:
    rows = [[(0.1, "PRIJAVA ŠKODE")], [(0.1, "1. Ime in priimek: Matej Zupančič")],
            [(0.1, "3. Številka police: POL-588122-81")], [(0.1, "4. Ulica in hišna št.: Celovška cesta 88")],
            [(0.1, "5. Poštna št.: 1000")], [(0.1, "6. Kraj: Ljubljana")],
            [(0.1, "8. Vrsta škode:"), (0.4, "☐ Avto ☐ Dom ☐ Zdravstveno ☒ Potovanje")],
            [(0.1, "9. Datum škodnega dogodka: 12.5.2024")], [(0.1, "10. Ocenjena višina škode: 7.363,34 €")],
            [(0.1, "11. Ali je bil dogodek prijavljen policiji?"), (0.6, "☒ Da ☐ Ne")],
            [(0.1, "Podpis:"), (0.4, "✍")]]
    data = read_baseline(layout(rows), ClaimForm)
    assert data["address"]["postal_code"] == "1000" and data["claim_amount"] == "7363.34"


def test_a_postal_code_before_the_town_its_caption_names_is_the_postal_code() -> None:
    data = _claim([[(0.1, "Polisnummer: 7160173816")], [(0.1, "Naam: Sanne de Graaf")], [(0.1, "Postcode /")],
                   [(0.1, "Straat en huisnummer: Lindenlaan 44"), (0.5, "Woonplaats: 3818 EB Amersfoort")],
                   [(0.1, "Soort schade:"), (0.4, "☐ Auto ☐ Woning ☐ Zorg ☒ Reis")],
                   [(0.1, "Schadedatum: 4 februari 2024")]])
    assert data["address"] == {"street": "Lindenlaan 44", "city": "Amersfoort", "postal_code": "3818 EB"}


def test_a_captions_colon_wrapped_before_its_value_is_put_back() -> None:
    words = layout([[(0.1, "Versicherungsschein-Nr.")], [(0.1, ":"), (0.3, "668-9827270"), (0.6, "Telefon: 703 474")]])
    moved = lift_wrapped_colons(words)
    assert [(w.text, w.line) for w in moved if w.text][:2] == [("Versicherungsschein-Nr.:", 1), ("668-9827270", 1)]
    rows = [[(0.1, "Schadenanzeige")], [(0.1, "Versicherungsschein-Nr.")],
            [(0.1, ":"), (0.3, "668-9827270"), (0.6, "Telefon: +34 703 474 963")],
            [(0.1, "Schadenart:"), (0.3, "☐ Kfz ☒ Hausrat ☐ Kranken ☐ Reise")],
            [(0.1, "Vor- und Nachname: Murat Yılmaz")],
            [(0.1, "Straße, Hausnr.: Gartenstraße 5a"), (0.5, "PLZ: 33602")],
            [(0.1, "Ort: Bielefeld")], [(0.1, "Schadendatum: 20.08.2024")],
            [(0.1, "Wurde der Schaden polizeilich gemeldet?"), (0.6, "☐ Ja ☒ Nein")],
            [(0.1, "Unterschrift"), (0.4, "✍")]]
    assert read_baseline(layout(rows), ClaimForm)["policy_number"] == "668-9827270"


def test_a_name_framed_by_stars_the_signature_finder_marked_is_read_without_either() -> None:
    """A scan's stars the signature finder took for a scrawl: its marks over them go with them."""
    head = [(0.30, "✍"), (0.302, "*** KNIHAŘSTVÍ DVOŘÁK & SYN"), (0.53, "✍"), (0.532, "***")]
    words = layout([head, [(0.3, "Reznická 17, 110 00 Praha 1")], [(0.1, "17. 1. 2025 21:40")],
                    [(0.1, "Vazba kůže"), (0.7, "1 250,00")], [(0.1, "CELKEM"), (0.7, "1 250,00")],
                    [(0.1, "Hotově"), (0.7, "1 300,00")]])
    assert [w.text for w in unframe_lines(words)][:6] == ["", "", "KNIHAŘSTVÍ", "DVOŘÁK", "&", "SYN"]
    assert read_baseline(words, Receipt)["merchant_name"] == "KNIHAŘSTVÍ DVOŘÁK & SYN"


def test_a_name_a_sidebar_wrapped_word_by_word_beside_another_columns_lines_is_read_whole() -> None:
    """"Quinta" / "do" / "Vale" / "Escuro," / "Lda." down a sidebar whose lines fall between the main column's."""
    rows = [[(0.02, "Quinta")], [(0.8, "FATURA")], [(0.02, "do")],
            [(0.24, "Cliente"), (0.5, "Número da fatura 2025-4032")],
            [(0.02, "Vale")], [(0.24, "Restaurante O Farol"), (0.52, "Data da fatura 17/05/2025")],
            [(0.02, "Escuro,")], [(0.24, "Av. da Liberdade 201")], [(0.02, "Lda.")], [(0.24, "1250-142 Lisboa")],
            [(0.24, "Descrição"), (0.6, "Qtd."), (0.7, "Preço"), (0.85, "Total")],
            [(0.24, "Vinho do Porto Tawny"), (0.6, "12"), (0.7, "18,50"), (0.85, "222,00")],
            [(0.24, "Azeite virgem extra"), (0.6, "6"), (0.7, "9,20"), (0.85, "55,20")],
            [(0.6, "Total s/ IVA"), (0.85, "277,20")], [(0.6, "IVA 23%"), (0.85, "63,76")],
            [(0.6, "Total"), (0.85, "340,96")],
            [(0.24, "Quinta do Vale Escuro, Lda. · Estrada Nacional 222 · 5130-112 Ervedosa do Douro")]]
    tops = [0.054, 0.046, 0.077, 0.097, 0.101, 0.113, 0.124, 0.130, 0.147, 0.146, 0.2, 0.23, 0.26, 0.3, 0.33, 0.36,
            0.937]
    words = layout_at(rows, tops, 0.013)
    assert read_baseline(words, Invoice)["vendor_name"] == "Quinta do Vale Escuro, Lda."


@pytest.mark.parametrize(("names", "note"), [
    (["Bourgogne Pinot Noir 2021"] * 3, "Carton de 6 x 75 cl"),
    (["Pinot Noir 2021 (E12)", "Pinot Noir 2021 (B7)", "Pinot Noir 2021 (D53)"], "bouteille 75 cl"),
])
def test_the_same_line_under_every_row_is_a_note_not_a_wrap(names: list[str], note: str) -> None:
    """"Carton de 6 x 75 cl" under each "Bourgogne Pinot Noir 2021", "bouteille 75 cl" under each wine: the pack
    it is sold in, though the line above and its first word would run longer than the table's longest description
    (and though it starts in lower case)."""
    rows = [[(0.1, "Domaine Martin & Fils")], [(0.1, "12 rue des Vignes, 21200 Beaune")],
            [(0.6, "Facture n° F-2025-118")], [(0.6, "Date : 14/03/2025")],
            [(0.1, "Désignation"), (0.55, "Qté"), (0.65, "P.U."), (0.8, "Montant")],
            [(0.1, "Crémant de Bourgogne brut (G55)"), (0.55, "3"), (0.65, "12,79"), (0.8, "38,37")]]
    for name, (qty, amount) in zip(names, (("1", "102,15"), ("3", "306,45"), ("2", "204,30")), strict=True):
        rows += [[(0.1, name), (0.55, qty), (0.65, "102,15"), (0.8, amount)], [(0.1, note)]]
    rows += [[(0.6, "Total HT"), (0.8, "651,27")], [(0.6, "TVA 20 %"), (0.8, "130,25")],
             [(0.6, "Total TTC"), (0.8, "781,52")]]
    items = read_baseline(layout(rows), Invoice)["line_items"]
    assert [i["description"] for i in items] == ["Crémant de Bourgogne brut (G55)", *names]


@pytest.mark.parametrize(("x", "filed"), [(0.1, False), (0.15, False), (0.3, None)])
def test_a_no_set_in_under_its_question_answers_it(x: float, filed: bool | None) -> None:
    """"→ Nei" under "Er forholdet anmeldt til politiet?", OCR leaving out the arrow: a no set in a little under
    the question's start answers it; one far along the line under it does not."""
    rows = [[(0.1, "Skademelding")], [(0.1, "Navn"), (0.3, "Kari Nordmann")],
            [(0.1, "Polisenummer"), (0.3, "NF-123456")],
            [(0.1, "Adresse"), (0.3, "Storgata 5")], [(0.1, "Postnr."), (0.3, "7011")],
            [(0.1, "Poststed"), (0.3, "Trondheim")], [(0.1, "Skadedato"), (0.3, "09.10.2024")], [(0.1, "Skadetype")],
            [(0.1, "☐ Bil ☒ Hus/innbo ☐ Helse ☐ Reise")], [(0.1, "Er forholdet anmeldt til politiet?")],
            [(x, "Nei")], [(0.1, "Underskrift:"), (0.3, "✍")]]
    assert read_baseline(layout(rows), ClaimForm)["police_report_filed"] is filed


def test_a_name_after_the_title_on_its_line_is_read_beside_a_footer_that_prints_another() -> None:
    """The name with a title before it on its line ("INVOICE Northwind Traders LLC") is part of its line's span;
    a footer printing something else leaves it as it is (and looking for its wrapped lines reads no further)."""
    rows = [[(0.1, "INVOICE Northwind Traders LLC")], [(0.1, "220 Harbor Blvd, Boston, MA 02110")],
            [(0.6, "Invoice No. NT-4410")], [(0.6, "Date: 03/14/2025")],
            [(0.1, "Description"), (0.55, "Qty"), (0.65, "Price"), (0.8, "Amount")],
            [(0.1, "Pallet wrap"), (0.55, "2"), (0.65, "40.00"), (0.8, "80.00")],
            [(0.1, "Shipping"), (0.55, "1"), (0.65, "20.00"), (0.8, "20.00")],
            [(0.6, "Total USD"), (0.8, "100.00")], *[[]] * 26, [(0.1, "Northwind Holdings Inc. · Boston")]]
    assert read_baseline(layout(rows), Invoice)["vendor_name"] == "Northwind Traders LLC"


def test_an_e_mail_caption_beside_the_towns_is_no_town() -> None:
    """"Localidad | Correo electrónico" over "Zaragoza | javier@example.org": the e-mail's caption is a caption."""
    rows = [[(0.1, "PARTE DE SINIESTRO")], [(0.1, "Nombre y apellidos"), (0.5, "Fecha de nacimiento")],
            [(0.1, "Javier Ortega"), (0.5, "17 de marzo de 1978")], [(0.1, "N.º de póliza"), (0.5, "Teléfono")],
            [(0.1, "5708103987"), (0.5, "+43 682 979950")], [(0.1, "Domicilio"), (0.5, "C.P.")],
            [(0.1, "C/ Mayor 23, 2º B"), (0.5, "50001")], [(0.1, "Localidad"), (0.5, "Correo electrónico")],
            [(0.1, "Zaragoza"), (0.5, "javier@example.org")], [(0.1, "Tipo de siniestro")],
            [(0.1, "☐ Automóvil ☒ Hogar ☐ Salud ☐ Viaje")], [(0.1, "Fecha del siniestro")],
            [(0.1, "16 de enero de 2025")], [(0.1, "¿Se presentó denuncia?"), (0.5, "☐ Sí ☒ No")],
            [(0.1, "Firma del asegurado"), (0.5, "✍")]]
    assert read_baseline(layout(rows), ClaimForm)["address"]["city"] == "Zaragoza"


def test_the_vat_total_after_the_rates_is_the_tax() -> None:
    """"MwSt. gesamt" under the VAT of each rate (the second's caption cut by OCR): the tax is the total, not the
    first rate's."""
    rows = [[(0.1, "Sprachforum Leipzig GmbH")], [(0.1, "Karl-Liebknecht-Str. 41, 04107 Leipzig")],
            [(0.6, "Rechnung Nr. 2025-118")], [(0.6, "Datum: 14.03.2025")],
            [(0.1, "Leistung"), (0.5, "Menge"), (0.62, "Preis"), (0.8, "Betrag")],
            [(0.1, "Intensivkurs Deutsch"), (0.5, "10"), (0.62, "349,41"), (0.8, "3.494,13 €")],
            [(0.1, "Lehrbuch"), (0.5, "2,5"), (0.62, "268,60"), (0.8, "671,50 €")],
            [(0.4, "Zwischensumme"), (0.8, "4.165,63 €")], [(0.4, "MwSt. 7% (671,50"), (0.8, "47,01 €")],
            [(0.4, "wSt. 19% (3.494,13 €)"), (0.8, "663,88 €")], [(0.4, "MwSt. gesamt"), (0.8, "710,89 €")],
            [(0.4, "Gesamtbetrag"), (0.8, "4.876,52 €")]]
    assert read_baseline(layout(rows), Invoice)["tax"] == "710.89"
