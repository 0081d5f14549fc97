"""Turkish documents: invoices ("Fatura"), receipts ("Fiş") and claim forms ("Hasar İhbar Formu"): their labels,
Turkish lira written ``TL``, legal forms (``A.Ş.``, ``Ltd. Şti.``), streets (``Bağdat Cad. No: 57``) and units."""

from __future__ import annotations

from decimal import Decimal

from engine.labels import label_phrases, label_score
from engine.numbers import parse_money
from engine.rules import legal_form, street_line, yes_or_no
from pipeline.classify import classify_words
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout
from tests.layout import read_baseline as _read


def _score(field: str, text: str) -> float:
    concept, phrases = label_phrases(field)
    return label_score(text, phrases, concept)


def test_turkish_lira_legal_forms_streets_and_labels() -> None:
    assert parse_money("20.038,84 TL") == (Decimal("20038.84"), "TRY")
    assert parse_money("TL 1.250,00") == (Decimal("1250.00"), "TRY")
    assert all(legal_form(n) for n in ("Ege Ofis Malzemeleri A.Ş.", "Anadolu Bilişim Ltd. Şti.", "Marmara Teknik AŞ"))
    assert all(street_line(s) for s in ("Bağdat Cad. No: 57", "İstiklal Caddesi No: 146", "Gül Sok. No: 3",
                                        "Atatürk Bulvarı 12", "Kızılay Mah. 5"))
    assert _score("invoice_number", "Fatura No") == 1.0
    assert _score("invoice_number", "Müşteri No") == 0.0  # the customer's number
    assert _score("due_date", "Son Ödeme Tarihi") == 1.0
    assert _score("total", "Genel Toplam") == 1.0
    assert _score("subtotal", "Ara Toplam") == 1.0
    assert (yes_or_no("Evet"), yes_or_no("Hayır")) == (True, False)


def test_a_turkish_invoice_reads_whole() -> None:
    rows = [[(0.3, "Ege Ofis Malzemeleri A.Ş. — Fatura SZ-2025/006025")],
            [(0.05, "Ege Ofis Malzemeleri A.Ş.")],
            [(0.05, "Bağdat Cad. No: 121 · 35210 İzmir · +90 40 9699689")],
            [(0.75, "FATURA")],
            [(0.05, "Alıcı"), (0.5, "Fatura No: SZ-2025/006025")],
            [(0.05, "Yıldız Mühendislik A.Ş."), (0.5, "Fatura Tarihi: 07.06.2025")],
            [(0.05, "Bağdat Cad. No: 57"), (0.5, "Son Ödeme Tarihi: 06.08.2025")],
            [(0.05, "35210 İzmir"), (0.5, "Müşteri No: 98249")],
            [(0.05, "Açıklama"), (0.45, "Miktar"), (0.58, "Birim Fiyat"), (0.78, "Tutar")],
            [(0.05, "Kurulum ve yapılandırma"), (0.45, "4 saat"), (0.58, "5.009,71 TL"), (0.78, "20.038,84 TL")],
            [(0.05, "Kargo"), (0.78, "437,50 TL")],
            [(0.5, "Ara Toplam"), (0.78, "20.476,34 TL")],
            [(0.5, "KDV 20 %"), (0.78, "4.095,27 TL")],
            [(0.5, "Genel Toplam"), (0.78, "24.571,61 TL")]]
    classified = classify_words(layout(rows))
    assert (classified.doc_type, classified.reason) == ("invoice", None)
    data = _read(layout(rows), Invoice)
    assert (data["vendor_name"], data["invoice_number"]) == ("Ege Ofis Malzemeleri A.Ş.", "SZ-2025/006025")
    assert (data["invoice_date"], data["due_date"], data["currency"]) == ("2025-06-07", "2025-08-06", "TRY")
    assert (data["subtotal"], data["tax"], data["total"]) == ("20476.34", "4095.27", "24571.61")
    assert [(i["description"], i["quantity"], i["amount"]) for i in data["line_items"]] == [
        ("Kurulum ve yapılandırma", "4", "20038.84"), ("Kargo", None, "437.50")]


def test_a_turkish_price_column_headed_fiyat_apart_from_its_birim() -> None:
    """ "Birim Fiyat" (unit price) set with a wide space, read as two cells, "Birim" (unit) and "Fiyat" (price): the
    price column is the unit price's."""
    rows = [[(0.05, "Bulut Barındırma A.Ş."), (0.7, "Fatura No")], [(0.7, "INV83285")],
            [(0.7, "Fatura Tarihi"), (0.85, "15.06.2025")],
            [(0.05, "Mal / Hizmet"), (0.384, "Miktar"), (0.45, "Birim"), (0.5, "Fiyat"), (0.613, "Tutar")],
            [(0.05, "Daily off-site backup, 200 GB"), (0.41, "3"), (0.494, "10,20"), (0.612, "30,60")],
            [(0.05, "Domain renewal"), (0.41, "1"), (0.494, "13,09"), (0.612, "13,09")],
            [(0.37, "Ara Toplam"), (0.61, "43,69")], [(0.37, "KDV 20%"), (0.61, "8,74")],
            [(0.37, "Genel Toplam"), (0.61, "52,43 USD")]]
    items = _read(layout(rows), Invoice)["line_items"]
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in items] == [("3", "10.20", "30.60"),
                                                                             ("1", "13.09", "13.09")]


def test_the_last_column_under_a_label_ocr_garbled_is_the_amounts() -> None:
    """A scan's header read "Agiklama  Milktar  Bürim Fiyat  Tuftair" ("Tutar", the amount, garbled): the last column,
    right of the unit price's and headed by words no label has, is the amount's. A column headed by a known label
    ("KDV %", the VAT rate) is not."""
    def items(last: str) -> list[tuple]:
        rows = [[(0.08, "Stadtwerke Aue-Tal Ltd. Şti."), (0.6, "Fatura No"), (0.75, "685135")],
                [(0.6, "Fatura Tarihi"), (0.75, "14.06.2023")],
                [(0.08, "Agiklama"), (0.615, "Milktar"), (0.7, "Bürim Fiyat"), (0.878, last)],
                [(0.08, "Energy kWh"), (0.64, "793"), (0.72, "7,1669"), (0.87, "5.683,35")],
                [(0.08, "Standing charge / day"), (0.64, "29"), (0.72, "11,6470"), (0.88, "337,76")],
                [(0.5, "Ara Toplam"), (0.87, "6.021,11")]]
        return [(i["quantity"], i["unit_price"], i["amount"]) for i in _read(layout(rows), Invoice)["line_items"]]

    assert items("Tuftair") == [("793", "7.1669", "5683.35"), ("29", "11.6470", "337.76")]
    assert all(amount is None for *_, amount in items("KDV %"))


def test_a_turkish_receipt_and_claim_form_read() -> None:
    receipt = [[(0.3, "İSPARK Otopark Kadıköy")], [(0.3, "Bağdat Cad. No: 73")], [(0.3, "16010 Bursa")],
               [(0.05, "Tarih"), (0.6, "12.03.2025 14:05")], [(0.05, "Süre"), (0.6, "2 saat")],
               [(0.05, "TOPLAM"), (0.6, "120,00 TL")], [(0.05, "Kredi Kartı"), (0.6, "120,00 TL")]]
    classified = classify_words(layout(receipt))
    assert (classified.doc_type, classified.reason) == ("receipt", None)
    data = _read(layout(receipt), Receipt)
    assert (data["merchant_address"], data["date"], data["total"]) == ("Bağdat Cad. No: 73, 16010 Bursa",
                                                                      "2025-03-12", "120.00")
    claim = [[(0.05, "Anadolu Sigorta A.Ş.")], [(0.05, "HASAR İHBAR FORMU")],
             [(0.05, "Sigortalı Adı Soyadı"), (0.4, "Mehmet Yılmaz")], [(0.05, "Doğum Tarihi"), (0.4, "14.02.1980")],
             [(0.05, "Poliçe No"), (0.4, "TR-2025-448120")], [(0.05, "Adres"), (0.4, "Gül Sok. No: 3")],
             [(0.05, "Posta Kodu"), (0.4, "34710")], [(0.05, "Şehir"), (0.4, "İstanbul")],
             [(0.05, "Hasar Tarihi"), (0.4, "02.03.2025")], [(0.05, "Talep Edilen Tutar"), (0.4, "12.500,00 TL")],
             [(0.05, "Polise bildirildi mi?"), (0.4, "Evet")], [(0.05, "İmza"), (0.4, "Mehmet Yılmaz")]]
    classified = classify_words(layout(claim))
    assert (classified.doc_type, classified.reason) == ("claim_form", None)
    data = _read(layout(claim), ClaimForm)
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Mehmet Yılmaz", "1980-02-14", "TR-2025-448120")
    assert (data["incident_date"], data["claim_amount"], data["police_report_filed"]) == ("2025-03-02", "12500.00",
                                                                                          True)
    assert data["address"] == {"street": "Gül Sok. No: 3", "city": "İstanbul", "postal_code": "34710"}


def test_a_turkish_streets_house_number_glued_to_its_no_stays_in_the_address() -> None:
    """ "Cumhuriyet Mah. 136. Sok. No:8": the house number glued to its "No:" is the street's, no identifier: the
    address reads as printed."""
    rows = [[(0.3, "Kahve Durağı")], [(0.25, "Cumhuriyet Mah. 136. Sok. No:8")], [(0.35, "16040 Bursa")],
            [(0.3, "Vergi No: TR206054734")], [(0.05, "15.05.2025 16:18"), (0.6, "Fiş No 4396")],
            [(0.05, "Türk kahvesi"), (0.7, "45,00")], [(0.05, "TOPLAM"), (0.7, "45,00 TL")], [(0.05, "NAKİT"),
                                                                                          (0.7, "50,00")]]
    data = _read(layout(rows), Receipt)
    assert data["merchant_address"] == "Cumhuriyet Mah. 136. Sok. No:8, 16040 Bursa"


def test_a_turkish_claim_form_reads_its_kind_town_and_signature_captions() -> None:
    """ "☒ Konut" (a dwelling) is a home claim, "Kasko / Trafik" a vehicle's; "İl / İlçe" (province, district)
    heads the town, not the postcode beside it; "Sigortalının İmzası" is the signature's caption."""
    rows = [[(0.35, "HASAR İHBAR FORMU")], [(0.1, "1. Bölüm – Sigortalı Adı Soyadı")],
            [(0.1, "Sigortalı Adı Soyadı"), (0.4, "Doğum Tarihi"), (0.65, "Poliçe No")],
            [(0.1, "Serkan Karaca"), (0.4, "07.03.1950"), (0.65, "533-276892-58")],
            [(0.1, "Adres (cadde, no)"), (0.4, "Posta Kodu"), (0.65, "İl / İlçe")],
            [(0.1, "Fevzi Paşa Blv. No:86"), (0.4, "07465"), (0.65, "Antalya")],
            [(0.1, "2. Hasar Türü")], [(0.1, "☐ Kasko / Trafik"), (0.35, "☒ Konut"), (0.5, "☐ Sağlık"),
                                      (0.65, "☐ Seyahat")],
            [(0.1, "Hasar Tarihi"), (0.4, "Talep Edilen Tutar")], [(0.1, "11.05.2024"), (0.4, "17.410,83 TRY")],
            [(0.1, "Olay polise bildirildi mi?"), (0.5, "☒ Evet"), (0.6, "☐ Hayır")],
            [(0.1, "Bursa, 14.05.2024"), (0.5, "✍")], [(0.45, "Sigortalının İmzası")]]
    data = _read(layout(rows), ClaimForm)
    assert (data["claim_type"], data["police_report_filed"], data["signed"]) == ("home", True, True)
    assert data["address"] == {"street": "Fevzi Paşa Blv. No:86", "city": "Antalya", "postal_code": "07465"}
