"""The embedded model's pieces: tokenizer, pointer prompt, slot pointers, training step, engine round trip."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

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
    from engine.embedded.pointer_head import PointerDiffusionGemma

    n = sum(1 for t in vocab if t.startswith("<p") and t[2:-1].isdigit())
    cfg = build_config(arch, len(vocab), pad_id=vocab["<pad>"], bos_id=vocab["<bos>"], eos_id=vocab["<eos>"],
                       boi_id=vocab["<boi>"], eoi_id=vocab["<eoi>"], image_id=vocab["<image>"],
                       pointer_first_id=vocab[pointer_token(0)], pointer_count=n)
    return PointerDiffusionGemma(cfg), arch


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


def test_draft_swap_gives_slots_plausible_wrong_values(tok, tmp_path: Path):
    """Swapped draft slots take another allowed token (often another slot's draft token), never a disallowed one;
    the skeleton and the unswapped slots keep the draft."""
    words, truth = invoice_words()
    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    ex = make_example("x", words, truth, plan, tok, tok.get_vocab(), n_pointers=64, rng=random.Random(0),
                      draft=truth)
    assert ex.drafts[0] is not None
    model, arch = _tiny_model(tok)
    settings = TrainSettings(batch_size=1, draft_fraction=1.0, draft_swap=0.5, noise_min=0.0, arch=arch, threads=1)
    trainer = Trainer(model, tok, [ex], [], settings, tmp_path)
    t = trainer.batch([(ex, 0)])
    from engine.logits import allowed_masks

    table, index = allowed_masks([ex.constraints[0]], trainer.vocab_size, "cpu")
    allowed = table[index][0]
    slots = torch.zeros(len(ex.canvases[0]), dtype=torch.bool)
    slots[list(ex.constraints[0].constrained_positions)] = True
    draft = torch.tensor(ex.drafts[0])
    canvas = trainer._swap_draft(torch.where(slots, draft, torch.tensor(ex.canvases[0])), slots, allowed)
    changed = canvas != draft
    assert changed.any() and not (changed & ~slots).any()
    assert all(bool(allowed[p, canvas[p]]) for p in torch.nonzero(changed).flatten().tolist())
    assert (canvas[slots & ~changed] == draft[slots & ~changed]).all()
    assert t["canvas"].shape == t["target"].shape


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


def test_pointer_head_scores_pointers_against_the_prompt(tok):
    """Pointer logits come from the encoder states at the pointers' first occurrences, ride on the KV cache
    through continuation encodes, and follow batch-row selection."""
    from transformers import DynamicCache

    from engine.embedded.pointer_head import MEMORY_ATTR, select_cache_rows

    model, _ = _tiny_model(tok, canvas=16)
    model.eval()
    assert model.config.pointer_head["first_id"] == tok.convert_tokens_to_ids(pointer_token(0))
    vocab = tok.get_vocab()
    p0, p1, p2 = (vocab[pointer_token(i)] for i in range(3))
    word = vocab[normalize_word("Total")]
    prompt = torch.tensor([[tok.bos_token_id, word, p0, word, word, p1, p0],
                           [tok.bos_token_id, word, word, p2, word, p1, p1]])
    with torch.no_grad():
        enc = model.model.encoder(input_ids=prompt, past_key_values=DynamicCache(config=model.config),
                                  use_cache=True)
    states, contexts, present = getattr(enc.past_key_values, MEMORY_ATTR)
    hidden = enc.last_hidden_state
    # first occurrence only: row 0 has <p0> at 2 and again at 6 (a committed canvas repeating a choice)
    assert torch.allclose(states[0, 0], hidden[0, 2]) and torch.allclose(states[0, 1], hidden[0, 5])
    assert torch.allclose(states[1, 1], hidden[1, 5]) and torch.allclose(states[1, 2], hidden[1, 3])
    assert present[0, :3].tolist() == [True, True, False] and present[1, :3].tolist() == [False, True, True]
    # a pointer's context is the mean embedding of the tokens before it (window 12 covers the whole row here)
    embed = model.get_input_embeddings()
    assert torch.allclose(contexts[0, 1], embed(prompt[0, :5]).mean(dim=0), atol=1e-5)
    # a continuation encode into the same cache keeps the prompt's memory
    cache = enc.past_key_values
    with torch.no_grad():
        model.model.encoder(input_ids=torch.tensor([[p2, p2], [p0, p0]]), past_key_values=cache, use_cache=True)
    assert getattr(cache, MEMORY_ATTR)[0] is states
    # pointer columns: absent pointers are floored, present ones are scored by the head
    canvas = torch.randint(0, len(vocab), (2, 16))
    with torch.no_grad():
        logits = model(past_key_values=cache, decoder_input_ids=canvas).logits
    cap = model.final_logit_softcapping
    assert torch.all(logits[0, :, p2] == -cap) and torch.all(logits[1, :, p0] == -cap)
    assert torch.all(logits[0, :, p0] > -cap)
    # the pointer logits depend on the prompt's states, not on a fixed embedding row
    with torch.no_grad():
        other = model(input_ids=prompt.flip(0), decoder_input_ids=canvas).logits
    assert not torch.allclose(other[0, :, p1], logits[0, :, p1])
    select_cache_rows(cache, torch.tensor([1]))
    kept_states, kept_contexts, kept_present = getattr(cache, MEMORY_ATTR)
    assert kept_states.shape[0] == 1 and torch.equal(kept_states[0], states[1])
    assert kept_present[0, :3].tolist() == [False, True, True]


def test_pointer_head_round_trips_through_save_and_load(tok, tmp_path: Path):
    from engine.embedded.pointer_head import PointerDiffusionGemma

    model, _ = _tiny_model(tok, canvas=16)
    model.save_pretrained(tmp_path)
    again = PointerDiffusionGemma.from_pretrained(str(tmp_path))
    assert again.pointer_count == model.pointer_count
    for (name, a), (_, b) in zip(model.state_dict().items(), again.state_dict().items(), strict=True):
        assert torch.equal(a, b), name


def test_draft_prior_adds_log_odds_to_the_draft_token(tok):
    from engine.logits import CanvasLogitsProcessor

    words, truth = invoice_words()
    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    ex = make_example("x", words, truth, plan, tok, tok.get_vocab(), n_pointers=64, rng=random.Random(0))
    constraint = ex.constraints[0]
    pos = constraint.constrained_positions[0]
    token = sorted(constraint.allowed[pos])[-1]
    vocab_size = len(tok.get_vocab())
    processor = CanvasLogitsProcessor([constraint], vocab_size, "cpu", prior=[{pos: (token, 2.5)}])
    scores = processor(None, torch.zeros((1, 128, vocab_size)), 1)
    assert scores[0, pos, token] == 2.5
    others = [t for t in constraint.allowed[pos] if t != token]
    assert all(scores[0, pos, t] == 0.0 for t in others)
    assert torch.isinf(scores[0, pos]).sum() == vocab_size - len(constraint.allowed[pos])
    # the recorded probability is the posterior: the draft token wins a flat model
    assert processor.steps[-1].argmax[0, pos] == token
    # ...and the model's own probability of it, before the bonus, is what a flat model gives any allowed id
    step = processor.steps[-1]
    assert abs(float(step.own[0, pos]) - 1 / len(constraint.allowed[pos])) < 1e-5
    assert float(step.prob[0, pos]) > float(step.own[0, pos])


def test_engine_draft_prior_and_calibration(tok, tmp_path: Path):
    """A very strong draft prior returns the baseline's answer; a calibration file maps confidences by group."""
    from engine.embedded.calibration import ConfidenceMap
    from engine.registry import create_engine

    words, _ = invoice_words()
    model, _ = _tiny_model(tok)  # untrained: left alone it would scatter pointers
    model.save_pretrained(tmp_path)
    tok.save_pretrained(tmp_path)
    request = EngineRequest(id="a", words=words, target=schemas.Invoice)
    [base] = create_engine("baseline").extract_batch([request])
    engine = create_engine("embedded", {"model": str(tmp_path), "device": "cpu", "draft_prior": 60.0})
    [result] = engine.extract_batch([request])
    assert schemas.Invoice.model_validate(result.data) == schemas.Invoice.model_validate(base.data)
    signals = result.fields["total"].signals
    assert signals["draft"] == 1.0 and signals["posterior"] == result.fields["total"].confidence
    # an untrained model does not believe the draft; the prior does
    assert signals["model"] < 0.5 < signals["posterior"]
    ConfidenceMap(groups={"agree": [(1.0, 0.97, 100)]}, draft_prior=60.0).save(tmp_path)
    calibrated = create_engine("embedded", {"model": str(tmp_path), "device": "cpu"})
    assert calibrated.options.draft_prior == 60.0
    [again] = calibrated.extract_batch([request])
    assert again.fields["total"].confidence == 0.97
    assert again.fields["total"].signals["draft"] == 1.0
    # a field's own prior: the draft stands for the total (and only for it) even when the model-wide prior is 0
    per_field = create_engine("embedded", {"model": str(tmp_path), "device": "cpu", "draft_prior": 0.0,
                                           "field_draft_priors": {"total": 60.0}})
    [mixed] = per_field.extract_batch([request])
    assert mixed.data["total"] == base.data["total"]
    assert mixed.fields["total"].signals["draft"] == 1.0


@pytest.mark.parametrize("batch_size", [None, 4])
def test_a_documents_answer_does_not_depend_on_the_documents_batched_with_it(tok, tmp_path: Path, batch_size):
    """The sampler draws its noise from one random stream for the whole batch; the embedded engine fills one
    document at a time (``batch_size`` 1), so a document's answer is the same alone and among others. Asked to
    batch, an unsure model's answers move with the company a document keeps."""
    from engine.registry import create_engine

    words, _ = invoice_words()
    model, _ = _tiny_model(tok)  # untrained: its pointers are unsure, and the noise decides
    model.save_pretrained(tmp_path)
    tok.save_pretrained(tmp_path)
    options = {"model": str(tmp_path), "device": "cpu", "draft_prior": 0.0, "calibrate": False}
    if batch_size is not None:
        options["batch_size"] = batch_size
    engine = create_engine("embedded", options)
    shifted = [w.model_copy(update={"text": w.text + "x" if w.text.isalpha() else w.text}) for w in words]
    target = EngineRequest(id="a", words=words, target=schemas.Invoice)
    [alone] = engine.extract_batch([target])
    answers = []
    for n in (1, 2, 3):
        others = [EngineRequest(id=f"o{k}", words=shifted[: len(shifted) - 3 * k], target=schemas.Invoice)
                  for k in range(n)]
        answers.append(engine.extract_batch([*others, target])[-1])
    same = [(a.data, {p: f.confidence for p, f in a.fields.items()}) ==
            (alone.data, {p: f.confidence for p, f in alone.fields.items()}) for a in answers]
    assert all(same) if batch_size is None else not all(same)


def test_a_member_the_model_never_learnt_to_write_is_the_rules_value(tok, tmp_path: Path):
    """A kept draft's currency the training data never had as an answer (training.json's ``answers``) is calibrated
    as the rules' value: the model's probability of a token it never learnt says nothing about it."""
    import json

    from engine.embedded.calibration import ConfidenceMap
    from engine.registry import create_engine

    words, _ = invoice_words()
    model, _ = _tiny_model(tok)
    model.save_pretrained(tmp_path)
    tok.save_pretrained(tmp_path)
    ConfidenceMap(groups={"agree": [(1.0, 0.97, 100)], "rules": [(1.0, 0.96, 50)]}, draft_prior=60.0).save(tmp_path)
    request = EngineRequest(id="a", words=words, target=schemas.Invoice)

    def currency(answers: dict[str, int] | None, **options):
        if answers is not None:
            (tmp_path / "training.json").write_text(json.dumps({"answers": answers}))
        engine = create_engine("embedded", {"model": str(tmp_path), "device": "cpu", **options})
        [result] = engine.extract_batch([request])
        return result.fields["currency"]

    unrecorded = currency(None)  # a model folder without the counts: every kept draft is the model's
    assert unrecorded.value == "EUR" and unrecorded.signals["draft"] == 1.0 and unrecorded.confidence == 0.97
    learnt = currency({"<null>": 900, "eur": 40, "usd": 12})
    assert learnt.signals["draft"] == 1.0 and learnt.confidence == 0.97
    for answers in ({"<null>": 900, "usd": 40}, {"<null>": 900, "eur": 3}):  # never, or too rarely, an answer
        unlearnt = currency(answers)
        assert unlearnt.value == "EUR" and unlearnt.signals["draft"] == 2.0 and unlearnt.confidence == 0.96
    assert currency({"eur": 3}, min_answer_examples=2).signals["draft"] == 1.0


def test_draft_values_no_span_holds_keep_the_rules_value(tok, tmp_path: Path):
    """Where the model keeps the draft, the baseline's own value stands: the postcode it split from its city's
    span, and a two-line street no span holds (written into the draft as null: group ``rules``)."""
    from engine.registry import create_engine
    from tests.layout import layout

    words = layout([[(0.1, "Name:"), (0.3, "Sophie Baumann")], [(0.1, "Street:"), (0.3, "Industrieweg 14b")],
                    [(0.1, "PLZ / Ort:"), (0.3, "28625 Bremen")], [(0.1, "Policy number:"), (0.3, "WG-2019-866336")]])
    model, _ = _tiny_model(tok)
    model.save_pretrained(tmp_path)
    tok.save_pretrained(tmp_path)
    request = EngineRequest(id="c", words=words, target=schemas.ClaimForm)
    [base] = create_engine("baseline").extract_batch([request])
    assert base.data["address"]["postal_code"] == "28625" and base.data["address"]["city"] == "Bremen"
    engine = create_engine("embedded", {"model": str(tmp_path), "device": "cpu", "draft_prior": 60.0})
    [result] = engine.extract_batch([request])
    assert result.data["address"]["postal_code"] == "28625" and result.data["address"]["city"] == "Bremen"
    field = result.fields["address.postal_code"]
    assert field.signals["draft"] == 2.0 and field.word_indices == base.fields["address.postal_code"].word_indices
    assert result.data["policy_number"] == "WG-2019-866336"
    words = layout([[(0.3, "Koch Haustechnik GmbH")], [(0.3, "Goethestr. 5")], [(0.3, "28195 Bremen")],
                    [(0.1, "Coffee"), (0.6, "3,20")], [(0.1, "Total"), (0.6, "3,20")]])
    receipt = EngineRequest(id="r", words=words, target=schemas.Receipt)
    [base] = create_engine("baseline").extract_batch([receipt])
    assert base.data["merchant_address"] == "Goethestr. 5, 28195 Bremen"  # two lines: no one span holds it
    [result] = engine.extract_batch([receipt])
    assert result.data["merchant_address"] == "Goethestr. 5, 28195 Bremen"
    assert result.fields["merchant_address"].signals["draft"] == 2.0


def _no_vendor_request() -> EngineRequest:
    """An invoice without an issuer's name: the rules leave the (required) vendor name null."""
    from tests.layout import layout

    words = layout([[(0.55, "INVOICE NO."), (0.75, "A-1001")], [(0.55, "Date:"), (0.75, "03.04.2024")],
                    [(0.1, "Hammer"), (0.5, "2"), (0.65, "10.00"), (0.85, "20.00")],
                    [(0.6, "Total"), (0.85, "20.00")]])
    return EngineRequest(id="n", words=words, target=schemas.Invoice)


def test_captions_are_never_text_values(tok):
    """A span that reads as a field's label ("INVOICE NO.", "Date:") is no candidate of a text slot; it still is
    a span of the prompt, and other slots keep their candidates."""
    from engine.registry import create_engine

    request = _no_vendor_request()
    _, captions = create_engine("baseline").read(request, captions=True)
    texts = {" ".join(request.words[i].text for i in sorted(c)) for c in captions}
    assert {"INVOICE NO.", "Date:", "Total"} <= texts
    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    prompt = build_prompt(request.words, tok.get_vocab(), n_pointers=64)
    [layout0, *_] = layouts_for(plan, encode_values(plan, {"line_items": []}))[0]
    vendor = next(s for s in layout0.slots if s.path == "vendor_name")
    plain = SlotPointers(plan, prompt, tok.get_vocab())
    guarded = SlotPointers(plan, prompt, tok.get_vocab(), captions=captions)
    caption_ids = {plain._pointer_ids[p] for p, span in prompt.spans.items()
                   if frozenset(span.word_indices) in captions}
    assert caption_ids and caption_ids <= set(plain.ids_for(vendor))
    assert not caption_ids & set(guarded.ids_for(vendor))
    assert set(guarded.ids_for(vendor)) == set(plain.ids_for(vendor)) - caption_ids


def _invoice_pointers(tok, rows: list) -> tuple[SlotPointers, dict[str, int], dict[str, Any]]:
    """An invoice's pointer bookkeeping for a sketched page: the pointers, each span's pointer id by its text, and
    the first canvas's slots by path."""
    from tests.layout import layout

    plan = plans_for(tok, {"invoice": schemas.Invoice}, 128)["invoice"]
    prompt = build_prompt(layout(rows), tok.get_vocab(), n_pointers=64)
    [layout0, *_] = layouts_for(plan, encode_values(plan, {"line_items": []}))[0]
    pointers = SlotPointers(plan, prompt, tok.get_vocab())
    ids = {span.text: pointers._pointer_ids[p] for p, span in prompt.spans.items()}
    return pointers, ids, {s.path: s for s in layout0.slots}


def test_a_bare_currency_is_no_text_value_but_still_a_currency(tok):
    """ "Amount Due (GBP)" beside "Invoice Number": the "(GBP)" is never the invoice number (nor any text); it stays
    a span of the prompt, for the model to read the currency from."""
    pointers, ids, slots = _invoice_pointers(tok, [
        [(0.1, "Invoice Number"), (0.5, "Amount Due"), (0.62, "(GBP)")],
        [(0.1, "0000381"), (0.5, "£1,518.00")], [(0.6, "Total"), (0.85, "1,518.00")]])
    number = slots["invoice_number"]
    assert "(GBP)" in ids and ids["(GBP)"] not in pointers.ids_for(number)
    assert ids["0000381"] in pointers.ids_for(number)


def test_a_mark_of_ink_is_no_text_value(tok):
    """A mark OCR read no words in (handwriting, or a line of print a scan lost) is never the vendor's name."""
    pointers, ids, slots = _invoice_pointers(tok, [
        [(0.1, "\u270d"), (0.5, "INVOICE")], [(0.1, "Harrow & Finch Ltd"), (0.5, "Invoice no."), (0.7, "F2301-891")],
        [(0.6, "Total"), (0.85, "1,518.00")]])
    allowed = set(pointers.ids_for(slots["vendor_name"]))
    assert ids["\u270d"] not in allowed and ids["Harrow & Finch Ltd"] in allowed


def test_an_identifiers_slot_points_only_at_spans_that_can_be_one(tok):
    """An invoice number is never an address line, a name or an amount with cents (on layouts it never saw, the
    model had taken "15544 Marktheidenfeld" for one); the vendor's slot still points at any text."""
    pointers, ids, slots = _invoice_pointers(tok, [
        [(0.1, "Bauer AG"), (0.5, "RECHNUNG AN")], [(0.1, "15544 Marktheidenfeld"), (0.5, "Ellen Eriksson")],
        [(0.1, "BELEGNUMMER"), (0.5, "AMA 5520 1187")], [(0.1, "3143407"), (0.5, "180 016,27 €")]])
    allowed = {text for text, i in ids.items() if i in pointers.ids_for(slots["invoice_number"])}
    assert {"3143407", "AMA 5520 1187"} <= allowed
    assert not allowed & {"15544 Marktheidenfeld", "Ellen Eriksson", "180 016,27 €", "Bauer AG"}
    assert {ids["15544 Marktheidenfeld"], ids["Ellen Eriksson"]} <= set(pointers.ids_for(slots["vendor_name"]))


def test_a_required_field_the_rules_left_null_stays_null_under_the_draft_prior(tok, tmp_path: Path):
    """The canvas can say null where the draft does, even for a required field: under a strong prior the untrained
    model keeps the null instead of being forced onto some span; with a fill prior of 0 the draft's null has no
    bonus and the model is free to fill the field (group ``filled`` when it does)."""
    from engine.registry import create_engine

    model, _ = _tiny_model(tok)
    model.save_pretrained(tmp_path)
    tok.save_pretrained(tmp_path)
    request = _no_vendor_request()
    engine = create_engine("embedded", {"model": str(tmp_path), "device": "cpu", "draft_prior": 60.0})
    [result] = engine.extract_batch([request])
    assert result.data.get("vendor_name") is None and result.data["invoice_number"] == "A-1001"
    assert result.fields["vendor_name"].signals["draft"] == 1.0  # kept the draft's null
    free = create_engine("embedded", {"model": str(tmp_path), "device": "cpu", "draft_prior": 60.0,
                                      "field_fill_priors": {"vendor_name": 0.0}})
    seen: list[tuple] = []
    slot_prior = free.slot_prior
    free.slot_prior = lambda req, c: seen.append((c, slot_prior(req, c))) or seen[-1][1]  # type: ignore
    [filled] = free.extract_batch([request])
    null = free.pointer_null_id()
    constraint, prior = seen[0]
    by_path = {s.path: s.start for s in constraint.layout.slots}
    assert by_path["vendor_name"] not in prior  # no bonus: the model decides
    assert prior[by_path["due_date"]] == (null, 60.0)  # other null drafts keep their draft prior
    assert filled.data["invoice_number"] == "A-1001" and filled.data.get("due_date") is None
    assert filled.data.get("vendor_name") is not None  # the untrained model points somewhere...
    assert filled.fields["vendor_name"].signals["draft"] == 3.0  # ...and the field says it filled a gap
    assert filled.data["vendor_name"] not in {"INVOICE NO.", "Date:", "Total"}  # never at a caption


def test_set_value_at_paths():
    from engine.embedded.calibration import set_value_at

    data = {"address": None, "line_items": [{"description": None}]}
    assert set_value_at(data, "address.city", "Bremen") and data["address"] == {"city": "Bremen"}
    assert set_value_at(data, "line_items[0].description", "Bolts")
    assert not set_value_at(data, "line_items[3].description", "x")
    assert data["line_items"] == [{"description": "Bolts"}]


def test_fit_calibrate_and_examples_cache(tmp_path: Path, caplog):
    """`fit` builds a pointer-head model (reusing cached examples on a rerun); `fit_calibration` picks a draft
    prior and writes a map the engine then applies."""
    import logging

    from docgen.corpus import CorpusDoc
    from engine.embedded.calibration import ConfidenceMap, fit_calibration
    from engine.embedded.fit import fit
    from engine.registry import create_engine

    words, truth = invoice_words()
    docs = [CorpusDoc(id=f"d{i}", doc_type="invoice", layout="t", locale="en-US", seed=i, scanned=False,
                      truth=truth, words=words) for i in range(3)]
    arch = EmbeddedArch(hidden_size=32, layers=1, heads=2, kv_heads=1, experts=2, top_k_experts=1,
                        canvas_length=128)
    settings = TrainSettings(steps=4, batch_size=2, lr=1e-3, warmup=1, eval_every=4, checkpoint_every=4, arch=arch,
                             threads=1)
    cache = tmp_path / "examples.pkl"
    summary = fit(docs, docs[:1], {"invoice": schemas.Invoice}, tmp_path / "run", settings, n_pointers=64,
                  examples_cache=cache)
    assert summary["steps"] == 4 and cache.is_file()
    model_dir = tmp_path / "run" / "model"
    import json

    config = json.loads((model_dir / "config.json").read_text())
    assert config["pointer_head"]["count"] == 64 and config["pointer_head"]["key_window"] == 12
    # the answers it was trained to write: three EUR invoices without a due date
    answers = json.loads((model_dir / "training.json").read_text())["answers"]
    assert answers["eur"] == 3 and answers["<null>"] >= 3 and not any(t.startswith("<p") for t in answers)
    more = fit(docs, docs[:1], {"invoice": schemas.Invoice}, tmp_path / "run3", settings, n_pointers=64,
               examples_cache=cache, init_from=model_dir)
    assert more["answers"]["eur"] == 6  # a continued run has learnt its start's answers too
    with caplog.at_level(logging.INFO, logger="engine.embedded.fit"):
        fit(docs, docs[:1], {"invoice": schemas.Invoice}, tmp_path / "run2", settings, n_pointers=64,
            examples_cache=cache)
    assert any("examples from" in r.message for r in caplog.records)
    cmap = fit_calibration(model_dir, docs, draft_priors=(0.0, 4.0))
    assert set(cmap.draft_prior_search) == {"0.0", "4.0"} and cmap.draft_prior in (0.0, 4.0)
    assert cmap.groups and sum(b[2] for g in cmap.groups.values() for b in g) > 0
    cmap.save(model_dir)
    engine = create_engine("embedded", {"model": str(model_dir), "device": "cpu"})
    assert engine.options.draft_prior == cmap.draft_prior
    assert engine.options.field_draft_priors == cmap.field_priors
    assert isinstance(ConfidenceMap.load(model_dir), ConfidenceMap)


def test_an_overruling_the_calibration_trusts_less_than_the_rules_value_gives_way(tok, tmp_path: Path):
    """Where the model chooses a value over the rules' and the calibration trusts such a choice less than it would
    trust the rules' value kept, the rules' value stands (at the kept value's confidence, the model's choice in
    the signals); where it trusts the choice more, the choice stands."""
    from engine.embedded.calibration import ConfidenceMap, value_at
    from engine.registry import create_engine

    words, _ = invoice_words()
    model, _ = _tiny_model(tok)  # untrained, without a draft prior: it overrules the rules here and there
    model.save_pretrained(tmp_path)
    tok.save_pretrained(tmp_path)
    request = EngineRequest(id="a", words=words, target=schemas.Invoice)
    [base] = create_engine("baseline").extract_batch([request])
    options = {"model": str(tmp_path), "device": "cpu", "draft_prior": 0.0}

    ConfidenceMap(groups={"agree": [(1.0, 0.97, 100)], "differ": [(1.0, 0.3, 3)]}, draft_prior=0.0).save(tmp_path)
    [kept] = create_engine("embedded", options).extract_batch([request])
    overruled = [p for p, f in kept.fields.items() if (f.signals or {}).get("overruled") is not None]
    assert overruled, "the untrained model overrules no value: the test shows nothing"
    for path in overruled:
        field = kept.fields[path]
        assert field.value == base.fields[path].value and field.confidence == 0.97
        assert field.signals["draft"] == 1.0
        assert value_at(kept.data, path) == value_at(base.data, path)  # in the document's data too

    ConfidenceMap(groups={"agree": [(1.0, 0.5, 100)], "differ": [(1.0, 0.9, 30)]}, draft_prior=0.0).save(tmp_path)
    [chosen] = create_engine("embedded", options).extract_batch([request])
    assert not any((f.signals or {}).get("overruled") is not None for f in chosen.fields.values())
    assert any(f.signals["draft"] == 0.0 and f.value != base.fields[p].value
               for p, f in chosen.fields.items() if p in base.fields and base.fields[p].value is not None)
