"""The second generator of the benchmarks (`bench/flowdocs.py`, `bench/flowclaims.py`): its truth is what it prints."""

from __future__ import annotations

import random
import unicodedata
from pathlib import Path

import pymupdf
import pytest

from bench.flowclaims import CLAIM_CSS, make_claim
from bench.flowdocs import CSS, TILL_CSS, make_invoice, make_receipt, render_pdf
from schemas import ClaimForm, Invoice, Receipt


@pytest.mark.parametrize("seed", range(6))
def test_claim_forms_print_their_truth(seed: int, tmp_path: Path) -> None:
    markup, truth = make_claim(random.Random(seed))
    ClaimForm.model_validate(truth)
    render_pdf(markup, tmp_path / "claim.pdf", css=CLAIM_CSS)
    text = " ".join(unicodedata.normalize("NFKC", pymupdf.open(tmp_path / "claim.pdf")[0].get_text()).split())
    for value in (truth["policy_number"], truth["address"]["street"], truth["address"]["postal_code"],
                  truth["address"]["city"]):
        assert value in text
    assert text.count(truth["claimant_name"]) == (2 if truth["signed"] else 1)  # and on the signature line
    whole, cents = truth["claim_amount"].split(".")
    assert cents in text and whole[-3:] in text


@pytest.mark.parametrize("seed", range(3))
def test_invoices_and_receipts_validate(seed: int, tmp_path: Path) -> None:
    markup, truth = make_invoice(random.Random(seed))
    Invoice.model_validate(truth)
    render_pdf(markup, tmp_path / "invoice.pdf", css=CSS)
    markup, truth = make_receipt(random.Random(seed))
    Receipt.model_validate(truth)
    render_pdf(markup, tmp_path / "receipt.pdf", css=TILL_CSS, till=True)
    assert truth["merchant_name"].lower() in pymupdf.open(tmp_path / "receipt.pdf")[0].get_text().lower()
