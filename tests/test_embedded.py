"""The embedded model's pieces: tokenizer, pointer prompt, slot pointers, training step, engine round trip."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import torch

import schemas
from engine.base import EngineRequest, Word
from engine.canvas import decode, encode_values, layouts_for
from engine.embedded.data import make_example
from engine.embedded.fit import plans_for
from engine.embedded.model import EmbeddedArch, build_config, schema_tokens
from engine.embedded.pointers import SlotPointers
from engine.embedded.prompt import build_prompt
from engine.embedded.tokenizer import build_tokenizer, normalize_word, pointer_token, shape_token
from engine.embedded.train import Trainer, TrainSettings


def _line(texts: list[str], line: int, y: float, xs: list[float] | None = None) -> list[Word]:
    xs = xs or [0.05 + 0.2 * i for i in range(len(texts))]
    return [Word(text=t, page=0, line=line, bbox=(x, y, x + 0.01 * len(t), y + 0.012)) for t, x in zip(texts, xs)]


def invoice_words() -> tuple[list[Word], dict]:
    words: list[Word] = []
    words += _line(["ACME", "Tools", "GmbH"], 0, 0.05, [0.05, 0.1, 0.16])
    words += _line(["Invoice", "No:", "INV-2024-017"], 1, 0.10, [0.55, 0.63, 0.75])
    words += _line(["Date:", "03.04.2024"], 2, 0.13, [0.55, 0.75])
    words += _line(["Hammer", "2", "10.00", "20.00"], 3, 0.30, [0.05, 0.5, 0.65, 0.85])
    words += _line(["Saw", "1", "15.50", "15.50"], 4, 0.33, [0.05, 0.5, 0.65, 0.85])
    words += _line(["Subtotal:", "35.50"], 5, 0.45, [0.6, 0.85])
    words += _line(["VAT:", "6.75"], 6, 0.48, [0.6, 0.85])
    words += _line(["Total", "EUR:", "42.25"], 7, 0.51, [0.6, 0.68, 0.85])
    truth = {"vendor_name": "ACME Tools GmbH", "invoice_number": "INV-2024-017", "invoice_date": "2024-04-03",
             "due_date": None, "currency": "EUR", "subtotal": "35.50", "tax": "6.75", "total": "42.25",
             "line_items": [{"description": "Hammer", "quantity": "2", "unit_price": "10.00", "amount": "20.00"},
                            {"description": "Saw", "quantity": "1", "unit_price": "15.50", "amount": "15.50"}]}
    return words, truth


@pytest.fixture(scope="module")
def tok():
    words, _ = invoice_words()
    return build_tokenizer([w.text for w in words] * 2, extra_tokens=schema_tokens(schemas.list_schemas()),
                           n_pointers=64)


def test_normalisation_and_shapes():
    assert normalize_word("1,234.56") == "0,000.00"
    assert normalize_word("Rechnung") == "rechnung"
    assert shape_token("Müller") == "<w:Aa>"
    assert shape_token("AB-12") == "<w:0a>"
    assert shape_token("12") == "<w:0>"


def test_tokenizer_keeps_numbers_whole_and_splits_json(tok):
    ids = tok("Total EUR: 42.25", add_special_tokens=False)["input_ids"]
    assert tok.convert_ids_to_tokens(ids) == ["total", "eur", ":", "00.00"]
    pieces = tok.convert_ids_to_tokens(tok('{"total":', add_special_tokens=False)["input_ids"])
    assert pieces == ["{", '"', "total", '"', ":"]
    assert tok.convert_tokens_to_ids(pointer_token(3)) != tok.unk_token_id


def test_prompt_gives_every_span_a_pointer(tok):
    words, _ = invoice_words()
    prompt = build_prompt(words, tok.get_vocab(), n_pointers=64)
    assert prompt.unpointed == 0
    covered = sorted(i for s in prompt.spans.values() for i in s.word_indices)
    assert covered == list(range(len(words)))
    assert prompt.tokens.count("<nl>") == 8
    # a document with more spans than pointers says so
    small = build_prompt(words, tok.get_vocab(), n_pointers=4)
    assert len(small.spans) == 4 and small.unpointed > 0


def test_truth_round_trips_through_pointers(tok):
    words, truth = invoice_words()
    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    prompt = build_prompt(words, tok.get_vocab(), n_pointers=64)
    sp = SlotPointers(plan, prompt, tok.get_vocab())
    canvases = encode_values(plan, truth, pointer_of=sp.pointer_of)
    assert len(canvases) >= 2, "a 128-token canvas cannot hold the header and two rows"
    assert not sp.unreachable
    data, fields = decode(plan, canvases, resolve_pointer=sp.resolve)
    assert schemas.Invoice.model_validate(data) == schemas.Invoice.model_validate(truth)
    # grounding by construction: the total points at the word "42.25"
    assert [words[i].text for i in fields["total"].word_indices] == ["42.25"]


def test_unreachable_values_are_recorded_not_invented(tok):
    words, truth = invoice_words()
    truth = dict(truth, invoice_number="NOT-PRINTED-1")
    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    ex = make_example("x", words, truth, plan, tok, tok.get_vocab(), n_pointers=64, rng=random.Random(0))
    assert ex is not None
    layouts, _ = layouts_for(plan, ex.canvases)
    slot = next(s for s in layouts[0].slots if s.path == "invoice_number")
    assert slot.start not in ex.targets[0]
    assert ex.canvases[0][slot.start] == tok.convert_tokens_to_ids("<null>")


def _tiny_model(tok, canvas: int = 128):
    vocab = tok.get_vocab()
    arch = EmbeddedArch(hidden_size=64, layers=2, heads=2, kv_heads=1, experts=2, top_k_experts=1,
                        canvas_length=canvas)
    torch.manual_seed(0)
    from transformers import DiffusionGemmaForBlockDiffusion

    cfg = build_config(arch, len(vocab), pad_id=vocab["<pad>"], bos_id=vocab["<bos>"], eos_id=vocab["<eos>"],
                       boi_id=vocab["<boi>"], eoi_id=vocab["<eoi>"], image_id=vocab["<image>"])
    return DiffusionGemmaForBlockDiffusion(cfg), arch


def test_training_learns_a_document_and_resumes(tok, tmp_path: Path):
    words, truth = invoice_words()
    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    ex = make_example("x", words, truth, plan, tok, tok.get_vocab(), n_pointers=64, rng=random.Random(0))
    model, arch = _tiny_model(tok)
    settings = TrainSettings(steps=240, batch_size=2, lr=5e-3, warmup=10, eval_every=240, checkpoint_every=120,
                             arch=arch, threads=1)
    trainer = Trainer(model, tok, [ex], [ex], settings, tmp_path)
    before = trainer.evaluate()
    history = trainer.fit()
    after = history[-1]
    # the denoiser learns the document: far better slot accuracy on re-noised canvases than untrained
    assert after["held_out_acc@0.5"] > 0.75, history
    assert after["held_out_acc@0.5"] > before["held_out_acc@0.5"] + 0.2, (before, after)
    assert after["held_out_acc@1.0"] > before["held_out_acc@1.0"] + 0.2, (before, after)
    # resume: a new trainer continues from the checkpoint's step
    model2, _ = _tiny_model(tok)
    again = Trainer(model2, tok, [ex], [ex], settings.model_copy(update={"steps": 241}), tmp_path)
    again._resume()
    assert again.step == 240
    for (n1, p1), (_n2, p2) in zip(model.named_parameters(), model2.named_parameters(), strict=True):
        assert torch.equal(p1.detach(), p2.detach()), n1


def test_engine_loads_a_saved_model_and_extracts(tok, tmp_path: Path):
    """A model trained to fit one document, saved, loaded by the engine through from_pretrained, extracts it."""
    words, truth = invoice_words()
    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    ex = make_example("x", words, truth, plan, tok, tok.get_vocab(), n_pointers=64, rng=random.Random(0))
    model, arch = _tiny_model(tok)
    settings = TrainSettings(steps=240, batch_size=2, lr=5e-3, warmup=10, eval_every=240, checkpoint_every=1000,
                             arch=arch, threads=1)
    Trainer(model, tok, [ex], [], settings, tmp_path).fit()
    model.save_pretrained(tmp_path / "m")
    tok.save_pretrained(tmp_path / "m")
    from engine.registry import create_engine

    engine = create_engine("embedded", {"model": str(tmp_path / "m"), "device": "cpu"})
    [result] = engine.extract_batch([EngineRequest(id="a", words=words, target=schemas.Invoice)])
    assert result.error is None, result.error
    assert result.stats.canvases >= 2
    assert schemas.Invoice.model_validate(result.data).total == schemas.Invoice.model_validate(truth).total
    assert result.data["line_items"][1]["description"] == "Saw"
    assert 0.0 <= result.fields["total"].confidence <= 1.0


def test_missing_model_is_a_clear_error(tmp_path: Path):
    from engine.errors import ModelLoadError
    from engine.registry import create_engine

    with pytest.raises(ModelLoadError, match="no embedded model"):
        create_engine("embedded", {"model": str(tmp_path / "nothing")})
