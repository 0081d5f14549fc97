"""The DiffusionGemma backend on tiny random models built from a config (tiny vision tower, vocab 512, canvas
128-256): skeleton and constraints hold, forced answers converge at the step floor, lists span canvases, batching,
save/load, images, the autoregressive path, the POINTER strategy."""

from __future__ import annotations

import datetime as dt
import io
import logging
import random
from decimal import Decimal

import pytest
import torch
from PIL import Image
from pydantic import BaseModel

import schemas
from engine import EngineRequest, Word, create_engine, known_engines
from engine.canvas import encode_values, force, layouts_for
from engine.diffusion import DiffusionGemmaEngine, DiffusionGemmaOptions, FilledDocument, _experts_implementation
from engine.errors import EngineOptionsError, ModelLoadError
from engine.tiny import build_tiny
from schemas import Address, ClaimForm, ClaimType, Invoice, LineItem, Receipt


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    # Tiny models gain nothing from threads, and on a shared 2-core box oversubscription makes them 10x slower.
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def bundle(one_thread):
    torch.manual_seed(0)
    return build_tiny(canvas_length=128)


def make_engine(bundle, cls=DiffusionGemmaEngine, **options):
    options.setdefault("device", "cpu")
    options.setdefault("canvas_length", 128)
    return cls(DiffusionGemmaOptions(**options), model=bundle.model, tokenizer=bundle.tokenizer,
               image_processor=bundle.image_processor)


def png(color="white", size=(96, 128), noise: int | None = None) -> bytes:
    img = Image.new("RGB", size, color)
    if noise is not None:
        rnd = random.Random(noise)
        img.putdata([(rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)) for _ in range(size[0] * size[1])])
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def request(rid: str, target: type[BaseModel], text: str = "ACME Corp Invoice INV-7 2024-01-31 Total 119.00 EUR",
            images: tuple[bytes, ...] = ()) -> EngineRequest:
    words = [Word(text=w, line=i // 5) for i, w in enumerate(text.split())]
    return EngineRequest(id=rid, words=words, images=list(images), target=target)


def invoice(n: int) -> Invoice:
    return Invoice(vendor_name="ACME Corp", invoice_number="INV-7", invoice_date=dt.date(2024, 1, 31), due_date=None,
                   currency="EUR", subtotal=None, tax=Decimal("19.00"), total=Decimal("119.00"),
                   line_items=[LineItem(description=f"Part {i}", quantity=Decimal(i % 4 + 1), unit_price=None,
                                        amount=Decimal(f"{i}.50")) for i in range(n)])


GOLD = {
    "receipt": Receipt(merchant_name="Bakery", merchant_address="Main St 1", date=dt.date(2021, 6, 30),
                       total=Decimal("4.20")),
    "claim": ClaimForm(claimant_name="Jane Doe", policy_number="P-123", claim_type=ClaimType.HOME,
                       address=Address(street="1 Elm St", city="Oslo", postal_code="0150"),
                       incident_date=dt.date(2023, 2, 1), claim_amount=None, police_report_filed=False, signed=True),
    "invoice": invoice(3),
}


class OracleEngine(DiffusionGemmaEngine):
    """Every slot forced to the right answer: the mechanism's floor, independent of the weights."""

    gold: dict[str, BaseModel] = {}

    def constrain(self, req, plan, layout, cache, rng):
        constraint = super().constrain(req, plan, layout, cache, rng)
        return force(constraint, encode_values(plan, self.gold[req.id])[layout.index])


def check_canvases(engine: DiffusionGemmaEngine, doc: FilledDocument) -> None:
    """Every pinned position holds its skeleton token; every slot token is one its slot allows."""
    layouts, _ = layouts_for(doc.plan, doc.canvases)
    for layout, ids in zip(layouts, doc.canvases, strict=True):
        constraint = engine.constrain(doc.request, doc.plan, layout, {}, random.Random(0))
        for pos, tok in enumerate(ids):
            if layout.template[pos] is not None:
                assert tok == layout.template[pos], f"skeleton changed at canvas {layout.index} position {pos}"
            assert tok in constraint.allowed[pos], f"canvas {layout.index} position {pos}: {tok} not allowed"


def test_skeleton_survives_and_slots_hold_their_constraints_with_random_weights(bundle):
    engine = make_engine(bundle, max_denoising_steps=3, max_canvases=2)
    reqs = [request(model.doc_type, model, images=(png(),)) for model in schemas.list_schemas()]
    docs = engine.fill(reqs)
    assert [d.request.id for d in docs] == [r.id for r in reqs]
    for doc in docs:
        assert isinstance(doc, FilledDocument)
        check_canvases(engine, doc)
    result = engine.to_result(next(d for d in docs if d.request.target is Invoice))
    # random weights never end a list: the canvas cap is flagged, never a silent cut
    assert result.error_code == "engine.canvas_overflow" and result.data is not None
    assert result.stats.canvases == 2 and all(1 <= s <= 3 for s in result.stats.denoising_steps)


@pytest.mark.parametrize("stability", [1, 2])
def test_forced_answers_converge_at_the_step_floor_and_decode_to_the_model(bundle, stability):
    engine = make_engine(bundle, OracleEngine, stability_threshold=stability, batch_size=3)
    engine.gold = {"receipt": GOLD["receipt"], "claim": GOLD["claim"], "invoice": GOLD["invoice"]}
    results = engine.extract_batch([request("receipt", Receipt), request("claim", ClaimForm),
                                    request("invoice", Invoice)])
    for result in results:
        gold = engine.gold[result.id]
        assert result.error is None
        assert type(gold).model_validate(result.data) == gold
        assert result.stats.denoising_steps == [stability + 1] * result.stats.canvases
        assert all(f.confidence > 0.99 for f in result.fields.values())
        assert result.stats.forward_passes == sum(result.stats.denoising_steps) + result.stats.canvases


def test_forty_line_items_span_several_canvases_and_come_back_whole(bundle):
    engine = make_engine(bundle, OracleEngine, canvas_length=256, max_canvases=30)
    engine.gold = {"big": invoice(40)}
    [result] = engine.extract_batch([request("big", Invoice)])
    assert result.error is None, result.error
    assert result.stats.canvases > 5
    assert Invoice.model_validate(result.data) == engine.gold["big"]
    assert result.fields["line_items[39].amount"].value == "39.50"
    assert result.fields["line_items[39].amount"].canvas >= 5


def test_batched_and_single_runs_agree(bundle):
    # One denoising step: the returned canvas is the arg-max of the first step, which depends only on the prompt and
    # the starting canvas (seeded by request id), so any batching difference shows.
    reqs = [request("a", Receipt, text="Short receipt 4.20"),
            request("b", Invoice, text="A much longer invoice text " * 6, images=(png(noise=1),)),
            request("c", ClaimForm, text="Claim form for Jane", images=(png("black"),))]
    batched = make_engine(bundle, max_denoising_steps=1, max_canvases=3, batch_size=3).extract_batch(reqs)
    single = [make_engine(bundle, max_denoising_steps=1, max_canvases=3, batch_size=1).extract_batch([r])[0]
              for r in reqs]
    for b, s in zip(batched, single, strict=True):
        assert b.raw == s.raw
        assert b.data == s.data
        assert b.stats.canvases == s.stats.canvases
    assert batched[0].stats.canvases == 1 and batched[1].stats.canvases == 3  # rows left the batch at different times


def test_save_and_load_round_trip(bundle, tmp_path):
    path = bundle.save(tmp_path / "tiny")
    loaded = DiffusionGemmaEngine(DiffusionGemmaOptions(model=str(path), device="cpu", max_denoising_steps=1,
                                                        canvas_length=128))
    in_memory = make_engine(bundle, max_denoising_steps=1)
    for key, value in bundle.model.state_dict().items():
        assert torch.equal(value, loaded.model.state_dict()[key]), key
    req = request("x", Receipt, images=(png(noise=3),))
    assert loaded.extract_batch([req])[0].raw == in_memory.extract_batch([req])[0].raw
    assert loaded.provenance().revision.startswith("local-")
    assert loaded.image_processor is not None


def test_experts_implementation_reaches_the_loaded_model(bundle, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="engine.diffusion")
    path = bundle.save(tmp_path / "tiny")
    default = DiffusionGemmaEngine(DiffusionGemmaOptions(model=str(path), device="cpu", canvas_length=128))
    eager = DiffusionGemmaEngine(DiffusionGemmaOptions(model=str(path), device="cpu", canvas_length=128,
                                                       experts_implementation="eager"))
    assert _experts_implementation(default.model) == "grouped_mm"  # transformers' choice where torch has it
    assert _experts_implementation(eager.model) == "eager"
    assert "MoE experts grouped_mm" in caplog.text and "MoE experts eager" in caplog.text
    req = request("x", Receipt)
    with torch.no_grad():  # the same weights give the same canvas whichever kernel runs the experts
        assert eager.extract_batch([req])[0].raw == default.extract_batch([req])[0].raw
    with pytest.raises(EngineOptionsError):
        create_engine("diffusiongemma", {"experts_implementation": "loop"})


def test_the_page_image_reaches_the_model(bundle):
    engine = make_engine(bundle, max_denoising_steps=1)
    docs = engine.fill([request("w", Receipt, images=(png("white"),)), request("n", Receipt, images=(png(noise=7),)),
                        request("t", Receipt)])
    image_id = bundle.model.config.image_token_id
    assert docs[0].prompt.input_ids.count(image_id) > 0 and docs[2].prompt.input_ids.count(image_id) == 0
    white, noise, text_only = (torch.tensor(d.probs[0]) for d in docs)
    assert not torch.allclose(white, noise)
    assert not torch.allclose(white, text_only)


def test_autoregressive_path_fills_the_same_canvases(bundle):
    oracle = make_engine(bundle, OracleEngine, decoding="autoregressive")
    oracle.gold = {"invoice": GOLD["invoice"], "claim": GOLD["claim"]}
    results = oracle.extract_batch([request("invoice", Invoice), request("claim", ClaimForm)])
    for result in results:
        assert type(oracle.gold[result.id]).model_validate(result.data) == oracle.gold[result.id]
        assert result.stats.denoising_steps == []
        assert result.stats.forward_passes < result.stats.canvases * 128
    diffusion = make_engine(bundle, OracleEngine)
    diffusion.gold = oracle.gold
    [canvas] = diffusion.extract_batch([request("invoice", Invoice)])
    assert canvas.stats.forward_passes * 3 < results[0].stats.forward_passes
    random_ar = make_engine(bundle, decoding="autoregressive", max_canvases=2)
    [doc] = random_ar.fill([request("r", Receipt, images=(png(),))])
    check_canvases(random_ar, doc)


class PointerEngine(DiffusionGemmaEngine):
    """POINTER slots over a fake span table: ids 300.. stand for document spans."""

    spans = ["Bakery", "2021-06-30", "4.20", "Main St 1"]

    def pointer_null_id(self):
        return self.tokenizer.convert_tokens_to_ids("<mask>")

    def pointer_ids(self, slot, req):
        return [300 + i for i in range(len(self.spans))]

    def resolve_pointer(self, slot, token_id, req):
        return self.spans[token_id - 300], [token_id - 300]


def test_pointer_strategy_with_a_fake_pointer_table(bundle):
    engine = make_engine(bundle, PointerEngine, strategy="pointer", max_denoising_steps=2)
    [result] = engine.extract_batch([request("p", Receipt)])
    assert result.error is None
    for path, field in result.fields.items():
        assert field.value is None or field.value in PointerEngine.spans, path
        if field.value is not None:
            assert field.word_indices == [PointerEngine.spans.index(field.value)]
    assert result.fields["total"].value is not None  # required: null is not offered
    with pytest.raises(EngineOptionsError):
        make_engine(bundle, strategy="pointer").extract_batch([request("p", Receipt)])


def test_an_inexpressible_schema_fails_that_document_only(bundle):
    class Loose(BaseModel):
        extra: dict[str, str]

    engine = make_engine(bundle, max_denoising_steps=1)
    bad, good = engine.extract_batch([request("bad", Loose), request("good", Receipt)])
    assert bad.error_code == "engine.canvas_compile" and "dict" in bad.error
    assert good.error is None and good.data is not None


def test_long_documents_are_cut_to_the_prompt_budget(bundle):
    engine = make_engine(bundle, max_denoising_steps=1, max_prompt_tokens=400)
    [doc] = engine.fill([request("long", Receipt, text="word " * 3000)])
    assert doc.prompt.truncated and len(doc.prompt.input_ids) <= 420


def test_registry_options_and_missing_models(tmp_path):
    assert "diffusiongemma" in known_engines()
    with pytest.raises(EngineOptionsError):
        create_engine("diffusiongemma", {"max_denoising_step": 3})
    with pytest.raises(EngineOptionsError, match="t_max"):
        create_engine("diffusiongemma", {"t_min": 0.9, "t_max": 0.5})
    with pytest.raises(ModelLoadError) as err:
        create_engine("diffusiongemma", {"model": str(tmp_path / "missing"), "device": "cpu"})
    assert "--model" in str(err.value)
