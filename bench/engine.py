"""Engine benchmark: the JSON canvas against free diffusion and autoregressive decoding, on the same documents.

    python bench/engine.py [--docs N] [--canvas-length 256] [--json PATH]     # CPU, small random model
    python bench/engine.py --gpu [--arch 26b] [--json PATH]                   # GPU, 26B-A4B architecture, bf16

Every document is a generated invoice, receipt or claim form with known values; each is decoded by

  canvas         pinned skeleton + constrained slots (the engine as shipped), random weights
  canvas-oracle  the same, every slot forced to the right answer: the mechanism's floor (stability + 1 steps)
  free           free diffusion from a blank (random) canvas, no skeleton, no constraints
  ar             autoregressive decoding of the same canvases (skeleton runs forced in one pass each), random weights
  ar-oracle      the same with every slot forced to the right answer

and reports canvases, denoising steps per canvas, forward passes per document (decoder steps + encoder passes;
for AR, encoder passes), tokens per forward, seconds per document, and the ratios against the canvas. Each
method gets the number of canvases the document's JSON needs (random weights never end a list on their own).
The weights are random: a random model is never confident, so the adaptive stop (argmax stable AND mean entropy
below ``confidence_threshold``) never fires and both ``canvas`` and ``free`` run to ``max_denoising_steps``; the
oracle rows show what the stop gives when the slots are certain. A trained model lies between the two.

``--embedded [PATH]`` runs the same comparison with the project's trained embedded model (default: the one
shipped in the package) on generated documents read back through the pipeline's OCR stage (the held-out set of
``bench/quality.py``): ``canvas`` is the engine as shipped, ``free`` the same weights from a blank canvas, ``ar``
the autoregressive path of the same weights with the same skeleton forcing, and ``canvas-oracle`` the canvas with
every slot forced to the true pointer. Here the canvas's step counts are the trained model's own.

``--gpu`` builds the real 26B-A4B architecture (random weights, bf16, canvas 256) on the GPU and reports
milliseconds per denoising step (decoder forward + canvas logits processor + sampler), per encoder pass over a
committed canvas, and per autoregressive token, from which it estimates seconds per document for each method.
The table goes to stdout; ``--json`` writes the figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import itertools
import json
import math
import platform
import random
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import Any, get_args

# Run as a script, this file's folder comes first on sys.path and its name would shadow the `engine` package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import torch  # noqa: E402
from pydantic import BaseModel  # noqa: E402

from engine.base import EngineRequest, Word  # noqa: E402
from engine.canvas import encode_values, first_layout, force  # noqa: E402
from engine.diffusion import (  # noqa: E402
    DiffusionGemmaEngine,
    DiffusionGemmaOptions,
    ExpertsImplementation,
    FilledDocument,
)
from schemas import Address, ClaimForm, ClaimType, Invoice, LineItem, Receipt  # noqa: E402

METHODS = ("canvas", "canvas-oracle", "free", "ar", "ar-oracle")


# ---------------------------------------------------------------------------------------------------------------
# Documents with known values


def _money(rnd: random.Random, lo: int = 1, hi: int = 2000) -> Decimal:
    return Decimal(rnd.randrange(lo * 100, hi * 100)) / 100


def make_documents(n: int, seed: int = 7) -> list[tuple[BaseModel, str]]:
    """``n`` documents (gold model, OCR-like text): invoices with 1-12 lines, receipts, claim forms."""
    rnd = random.Random(seed)
    vendors = ["ACME GmbH", "Nordic Supplies AB", "Blue River LLC", "Atelier Moreau", "Kowalski i Syn"]
    docs: list[tuple[BaseModel, str]] = []
    for i in range(n):
        kind = ("invoice", "invoice", "receipt", "claim")[i % 4]
        day = dt.date(2024, 1, 1) + dt.timedelta(days=rnd.randrange(365))
        if kind == "invoice":
            items = [LineItem(description=rnd.choice(["Consulting", "Widget", "Support plan", "Shipping", "Cable"])
                              + f" {j + 1}", quantity=Decimal(rnd.randrange(1, 9)), unit_price=_money(rnd, 1, 300),
                              amount=Decimal(0)) for j in range(rnd.randrange(1, 13))]
            items = [li.model_copy(update={"amount": li.quantity * li.unit_price}) for li in items]
            subtotal = sum((li.amount for li in items), Decimal(0))
            tax = (subtotal * Decimal("0.19")).quantize(Decimal("0.01"))
            gold: BaseModel = Invoice(vendor_name=rnd.choice(vendors), invoice_number=f"INV-{rnd.randrange(10**5)}",
                                      invoice_date=day, due_date=day + dt.timedelta(days=30),
                                      currency=rnd.choice(["EUR", "USD", "GBP"]), subtotal=subtotal, tax=tax,
                                      total=subtotal + tax, line_items=items)
            lines = [gold.vendor_name, f"Invoice {gold.invoice_number}", f"Date {day.isoformat()}",
                     *(f"{li.description} {li.quantity} x {li.unit_price} = {li.amount}" for li in items),
                     f"Subtotal {subtotal}", f"VAT 19% {tax}", f"Total {gold.currency.value} {gold.total}"]
        elif kind == "receipt":
            gold = Receipt(merchant_name=rnd.choice(vendors), merchant_address="Main Street 12, Springfield",
                           date=day, total=_money(rnd, 1, 90))
            lines = [gold.merchant_name, gold.merchant_address or "", day.isoformat(), "Coffee 3.20",
                     f"TOTAL {gold.total}", "Thank you"]
        else:
            gold = ClaimForm(claimant_name="Jane Doe", date_of_birth=dt.date(1980, 5, 17),
                             policy_number=f"POL-{rnd.randrange(10**6)}", claim_type=rnd.choice(list(ClaimType)),
                             address=Address(street="12 Elm Road", city="Leeds", postal_code="94105"),
                             incident_date=day, claim_amount=_money(rnd, 100, 9000), police_report_filed=True,
                             signed=True)
            lines = ["Insurance claim form", f"Policy number {gold.policy_number}", "Claimant Jane Doe",
                     "Born 1980-05-17", "12 Elm Road, Leeds 94105", f"Incident {day.isoformat()}",
                     f"Claim type {gold.claim_type.value}", f"Amount {gold.claim_amount}", "Police report: yes",
                     "Signed: yes"]
        docs.append((gold, "\n".join(lines)))
    return docs


def page_png(seed: int, size: tuple[int, int] = (96, 128)) -> bytes:
    from PIL import Image

    rnd = random.Random(seed)
    img = Image.new("L", size, 255)
    img.putdata([255 if rnd.random() > 0.08 else 0 for _ in range(size[0] * size[1])])
    buf = io.BytesIO()
    img.convert("RGB").save(buf, "PNG")
    return buf.getvalue()


def to_request(i: int, gold: BaseModel, text: str, with_image: bool) -> EngineRequest:
    words = [Word(text=w, line=ln) for ln, line in enumerate(text.splitlines()) for w in line.split()]
    return EngineRequest(id=f"doc{i}", words=words, images=[page_png(i)] if with_image else [], target=type(gold))


class OracleEngine(DiffusionGemmaEngine):
    """Every slot forced to the gold answer (the floor of the mechanism, whatever the weights)."""

    gold: dict[str, BaseModel] = {}

    def constrain(self, req, plan, layout, cache, rng):  # noqa: ANN001 - same signature as the base
        return force(super().constrain(req, plan, layout, cache, rng),
                     encode_values(plan, self.gold[req.id])[layout.index])


# ---------------------------------------------------------------------------------------------------------------
# Methods


def _free_diffusion(engine: DiffusionGemmaEngine, req: EngineRequest, canvases: int) -> dict[str, Any]:
    """Blank-canvas diffusion for ``canvases`` blocks (no skeleton, no processor), one generate() per block with
    the cache reused, as the engine does."""
    plan = engine.plan_for(req.target)
    prompt = engine.prepare_prompt(req, plan)
    batch = engine.collate([prompt])
    mask = batch.pop("attention_mask")
    common = engine._generate_kwargs()
    pad = common["pad_token_id"]
    engine.model.config.canvas_length = engine.canvas_length
    cache, previous, steps = None, None, []
    t0 = time.perf_counter()
    with torch.no_grad():
        for _ in range(canvases):
            if cache is None:
                out = engine.model.generate(attention_mask=mask, cache_implementation="dynamic", **batch, **common)
            else:
                out = engine.model.generate(input_ids=previous, attention_mask=mask, past_key_values=cache,
                                            cache_implementation=None, **common)
            cache = out.past_key_values
            previous = out.sequences[:, -engine.canvas_length:]
            valid = int((previous[0] != pad).sum())
            rate = float(out.tokens_per_forward[0])
            steps.append(max(1, round(valid / rate)) if rate > 0 else engine.options.max_denoising_steps)
            mask = torch.cat([mask, torch.ones_like(previous)], dim=-1)
    seconds = time.perf_counter() - t0
    return {"canvases": canvases, "steps": steps, "forward_passes": sum(steps) + canvases, "seconds": seconds}


def run_cpu(args: argparse.Namespace) -> dict[str, Any]:
    from engine.tiny import build_tiny

    torch.set_num_threads(args.threads)
    bundle = build_tiny(canvas_length=args.canvas_length, hidden_size=args.hidden, num_layers=args.layers)
    params = sum(p.numel() for p in bundle.model.parameters())
    docs = make_documents(args.docs, seed=args.seed)
    base = {"device": "cpu", "canvas_length": args.canvas_length, "max_denoising_steps": args.max_steps,
            "batch_size": 1, "seed": args.seed}

    def engine(cls: type[DiffusionGemmaEngine] = DiffusionGemmaEngine, **extra: Any) -> DiffusionGemmaEngine:
        return cls(DiffusionGemmaOptions(**{**base, **extra}), model=bundle.model, tokenizer=bundle.tokenizer,
                   image_processor=bundle.image_processor)

    plain = engine()
    # warm-up: the first generate() imports and initialises lazily (seconds) and would bill the first method
    warm_gold, warm_text = make_documents(3, seed=args.seed + 1)[2]
    engine(max_denoising_steps=2).fill([to_request(-1, warm_gold, warm_text, with_image=True)])
    engine(decoding="autoregressive", max_canvases=1).fill([to_request(-1, warm_gold, warm_text, with_image=True)])
    per_doc: list[dict[str, Any]] = []
    for i, (gold, text) in enumerate(docs):
        req = to_request(i, gold, text, with_image=True)
        plan = plain.plan_for(type(gold))
        gold_canvases = encode_values(plan, gold)
        n = len(gold_canvases)
        json_tokens = len(bundle.tokenizer.encode(gold.model_dump_json(), add_special_tokens=False))
        row: dict[str, Any] = {"doc": req.id, "type": type(gold).__name__, "canvases_needed": n,
                               "slot_tokens": sum(1 for c, lay in _layouts(plan, gold_canvases)
                                                  for s in lay.slots for p in s.positions
                                                  if c[p] != plan.filler_id),
                               "json_tokens": json_tokens}
        for method in METHODS:
            if method == "free":
                row[method] = _free_diffusion(engine(max_canvases=n), req, n)
                continue
            decoding = "autoregressive" if method.startswith("ar") else "diffusion"
            cls = OracleEngine if method.endswith("oracle") else DiffusionGemmaEngine
            eng = engine(cls, max_canvases=n, decoding=decoding)
            if isinstance(eng, OracleEngine):
                eng.gold = {req.id: gold}
            [doc] = eng.fill([req])
            assert isinstance(doc, FilledDocument)
            result = eng.to_result(doc)
            correct = None
            if method.endswith("oracle"):
                correct = type(gold).model_validate(result.data) == gold
            row[method] = {"canvases": len(doc.canvases), "steps": list(doc.steps),
                           "forward_passes": doc.forward_passes, "seconds": doc.seconds, "correct": correct}
        per_doc.append(row)
        print(f"  {req.id} {row['type']:<9} canvases {n:>2}  " + "  ".join(
            f"{m} {row[m]['forward_passes']:>4}fp {row[m]['seconds']:.2f}s" for m in METHODS), file=sys.stderr)
    summary = summarise(per_doc, args.canvas_length)
    return {"mode": "cpu", "model": {"parameters": params, "hidden_size": args.hidden, "layers": args.layers,
                                     "vocab": len(bundle.tokenizer), "canvas_length": args.canvas_length},
            "settings": {"max_denoising_steps": args.max_steps, "stability_threshold": 1,
                         "confidence_threshold": 0.005, "entropy_bound": 0.1, "threads": args.threads},
            "machine": platform.platform(), "documents": per_doc, "summary": summary}


class EmbeddedOracle:
    """Mixin: every slot of the embedded engine forced to the pointer of its true value."""

    truth: dict[str, dict[str, Any]] = {}

    def constrain(self, req, plan, layout, cache, rng):  # noqa: ANN001 - same signature as the base
        pointers = self._pointers[req.id]  # type: ignore[attr-defined]
        key = ("oracle", req.id)
        if key not in cache:
            cache[key] = encode_values(plan, self.truth[req.id], pointer_of=pointers.pointer_of)  # type: ignore
        canvases = cache[key]
        constraint = super().constrain(req, plan, layout, cache, rng)  # type: ignore[misc]
        return force(constraint, canvases[layout.index]) if layout.index < len(canvases) else constraint


def run_embedded(args: argparse.Namespace) -> dict[str, Any]:
    from bench.quality import held_out
    from engine.embedded.backend import DEFAULT_MODEL_DIR, EmbeddedEngine, EmbeddedOptions
    from schemas import get_schema

    torch.set_num_threads(args.threads)
    model_dir = Path(args.embedded) if args.embedded != "default" else DEFAULT_MODEL_DIR
    docs = held_out(_HERE / ".cache", 100, workers=2)
    rnd = random.Random(args.seed)
    docs = rnd.sample(docs, min(args.docs, len(docs)))

    class Oracle(EmbeddedOracle, EmbeddedEngine):
        pass

    def engine(cls: type = EmbeddedEngine, **extra: Any) -> Any:
        return cls(EmbeddedOptions(model=str(model_dir), device="cpu", batch_size=1, **extra))

    plain = engine()
    from engine.tiny import build_tiny_tokenizer

    gemma_like = build_tiny_tokenizer()  # digits split one per token, as Gemma's tokenizer does
    methods: tuple[str, ...] = ("canvas", "canvas-oracle", "free", "ar")
    if getattr(plain.model, "pointer_first", None) is not None:
        # the pointer head scores canvas states against the prompt: there is no next-token mode to compare with
        methods = methods[:-1]
    per_doc: list[dict[str, Any]] = []
    for d in docs:
        req = EngineRequest(id=d.id, words=d.words, target=get_schema(d.doc_type))
        row: dict[str, Any] = {"doc": d.id, "type": d.doc_type}
        [doc] = plain.fill([req])
        n = len(doc.canvases)
        row["canvases_needed"] = n
        row["json_tokens"] = len(gemma_like.encode(json.dumps(d.truth, ensure_ascii=False),
                                                   add_special_tokens=False))
        from engine.canvas import layouts_for

        row["slot_tokens"] = sum(len(lay.slots) for lay in layouts_for(doc.plan, doc.canvases)[0])
        result = plain.to_result(doc)
        row["canvas"] = {"canvases": n, "steps": list(doc.steps), "forward_passes": doc.forward_passes,
                         "seconds": doc.seconds, "correct": None,
                         "fields_right": _fields_right(result.data, d.truth)}
        for method in methods[1:]:
            if method == "free":
                # free diffusion gets the model's published step cap, not the canvas engine's
                row[method] = _free_diffusion(engine(max_canvases=n, max_denoising_steps=args.max_steps), req, n)
                continue
            if method == "canvas-oracle":
                eng = engine(Oracle, max_canvases=max(n, 24))
                eng.truth = {req.id: d.truth}
            else:
                eng = engine(decoding="autoregressive", max_canvases=n)
            [filled] = eng.fill([req])
            res = eng.to_result(filled)
            row[method] = {"canvases": len(filled.canvases), "steps": list(filled.steps),
                           "forward_passes": filled.forward_passes, "seconds": filled.seconds,
                           "correct": None, "fields_right": _fields_right(res.data, d.truth)}
        per_doc.append(row)
        print(f"  {d.id[:40]:<40} canvases {n:>2}  " + "  ".join(
            f"{m} {row[m]['forward_passes']:>4}fp {row[m]['seconds']:.2f}s" for m in methods), file=sys.stderr)
    summary = summarise(per_doc, plain.canvas_length, methods=methods)
    for m in methods:
        summary[m]["fields_right"] = round(statistics.fmean(r[m].get("fields_right", 0.0) for r in per_doc), 4) \
            if "fields_right" in per_doc[0][m] else None
    params = sum(p.numel() for p in plain.model.parameters())
    return {"mode": "embedded", "model": {"parameters": params, "path": str(model_dir),
                                          "canvas_length": plain.canvas_length},
            "settings": plain.options.model_dump(mode="json"), "machine": platform.platform(),
            "documents": per_doc, "summary": summary}


def _fields_right(data: dict[str, Any] | None, truth: dict[str, Any]) -> float:
    from pipeline.scoring import Scoreboard

    board = Scoreboard()
    board.add(data, truth)
    counts = list(board.fields.values())
    right = sum(c.tp for c in counts)
    total = sum(c.tp + c.fn + c.fp for c in counts)
    return right / total if total else 1.0


def _layouts(plan: Any, canvases: list[list[int]]) -> list[tuple[list[int], Any]]:
    from engine.canvas import layouts_for

    layouts, _ = layouts_for(plan, canvases)
    return list(zip(canvases, layouts, strict=True))


def summarise(per_doc: list[dict[str, Any]], canvas_length: int,
              methods: tuple[str, ...] = METHODS) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for method in methods:
        runs = [d[method] for d in per_doc]
        steps = [s for r in runs for s in r["steps"]]
        canvases = sum(r["canvases"] for r in runs)
        passes = [r["forward_passes"] for r in runs]
        out[method] = {
            "docs": len(runs),
            "canvases_per_doc": canvases / len(runs),
            "steps_per_canvas": statistics.fmean(steps) if steps else None,
            "forward_passes_per_doc": statistics.fmean(passes),
            "tokens_per_forward": canvases * canvas_length / sum(passes),
            "seconds_per_doc": statistics.fmean(r["seconds"] for r in runs),
            "correct": (sum(bool(r.get("correct")) for r in runs) if runs[0].get("correct") is not None else None),
        }
    for method in methods:
        out[method]["forward_ratio_vs_canvas"] = (out[method]["forward_passes_per_doc"] /
                                                  out["canvas"]["forward_passes_per_doc"])
        out[method]["time_ratio_vs_canvas"] = out[method]["seconds_per_doc"] / out["canvas"]["seconds_per_doc"]
    out["json_tokens_per_doc"] = statistics.fmean(d["json_tokens"] for d in per_doc)
    out["slot_tokens_per_doc"] = statistics.fmean(d["slot_tokens"] for d in per_doc)
    if "ar-oracle" not in methods:
        return out
    out["ar-oracle"]["forward_ratio_vs_canvas-oracle"] = (out["ar-oracle"]["forward_passes_per_doc"] /
                                                          out["canvas-oracle"]["forward_passes_per_doc"])
    out["ar-oracle"]["time_ratio_vs_canvas-oracle"] = (out["ar-oracle"]["seconds_per_doc"] /
                                                       out["canvas-oracle"]["seconds_per_doc"])
    out["json_tokens_per_doc"] = statistics.fmean(d["json_tokens"] for d in per_doc)
    out["slot_tokens_per_doc"] = statistics.fmean(d["slot_tokens"] for d in per_doc)
    return out


def print_table(report: dict[str, Any]) -> None:
    s = report["summary"]
    methods = [m for m in (*METHODS,) if m in s]
    weights = "trained embedded model" if report["mode"] == "embedded" else "random weights"
    print(f"\nEngine benchmark ({report['mode']}): {s['canvas']['docs']} documents, canvas "
          f"{report['model']['canvas_length']}, model {report['model']['parameters']:,} parameters ({weights})")
    header = f"{'method':<14}{'canvases/doc':>13}{'steps/canvas':>13}{'fwd/doc':>9}{'tok/fwd':>9}{'s/doc':>8}" \
             f"{'fwd x canvas':>13}{'time x canvas':>14}{'correct':>9}"
    print(header)
    print("-" * len(header))
    for m in methods:
        r = s[m]
        if r.get("fields_right") is not None:
            r["correct"] = None
        steps = f"{r['steps_per_canvas']:.2f}" if r["steps_per_canvas"] is not None else "-"
        correct = "-" if r["correct"] is None else f"{r['correct']}/{r['docs']}"
        print(f"{m:<14}{r['canvases_per_doc']:>13.2f}{steps:>13}{r['forward_passes_per_doc']:>9.1f}"
              f"{r['tokens_per_forward']:>9.1f}{r['seconds_per_doc']:>8.2f}{r['forward_ratio_vs_canvas']:>13.2f}"
              f"{r['time_ratio_vs_canvas']:>14.2f}{correct:>9}"
              + (f"  fields right {r['fields_right']:.3f}" if r.get("fields_right") is not None else ""))
    if "ar-oracle" not in s:
        return
    print(f"\nAR / canvas with answers forced: {s['ar-oracle']['forward_ratio_vs_canvas-oracle']:.1f}x forward "
          f"passes, {s['ar-oracle']['time_ratio_vs_canvas-oracle']:.1f}x time. JSON tokens per document "
          f"{s['json_tokens_per_doc']:.0f} (one forward each for AR without skeleton forcing), value tokens "
          f"{s['slot_tokens_per_doc']:.0f}.")


# ---------------------------------------------------------------------------------------------------------------
# GPU: the real architecture


def _sync() -> None:
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def _bounds(values: list[float]) -> list[float]:
    """The least and the greatest of ``values`` to 0.01, rounded outwards: the median always lies between them."""
    return [math.floor(min(values) * 100) / 100, math.ceil(max(values) * 100) / 100]


def _median_step_ms(times: list[float]) -> float:
    """The median time between successive denoising steps' timestamps, in ms."""
    return statistics.median(b - a for a, b in itertools.pairwise(times)) * 1000


def run_gpu(args: argparse.Namespace) -> dict[str, Any]:
    """ms per denoising step / encoder canvas pass / AR token for the 26B-A4B architecture (random bf16 weights)."""
    from transformers import DiffusionGemmaForBlockDiffusion, DynamicCache, LogitsProcessorList
    from transformers.models.diffusion_gemma.generation_diffusion_gemma import EntropyBoundSamplerConfig

    from engine.canvas import bind, compile_plan
    from engine.logits import CanvasLogitsProcessor
    from engine.tiny import build_tiny_tokenizer, gemma4_26b_a4b_config, tiny_config

    device = torch.device("cuda" if torch.cuda.is_available() and not args.cpu_dry_run else "cpu")
    dtype = torch.bfloat16 if device.type == "cuda" else torch.float32
    if device.type == "cpu":
        torch.set_num_threads(args.threads)
    tok = build_tiny_tokenizer()  # ids < 512 are valid in any vocabulary; identities do not matter for timing
    if args.arch == "26b":
        config = gemma4_26b_a4b_config(canvas_length=args.canvas_length)
        soft_tokens, patch, pool = 280, 16, 3
    else:  # the same code path on a tiny config (for checking this function without a GPU)
        config = tiny_config(tok, canvas_length=args.canvas_length)
        soft_tokens, patch, pool = 70, 4, 2
    t0 = time.perf_counter()
    torch.manual_seed(0)
    previous_dtype = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with torch.device(device):
            model = DiffusionGemmaForBlockDiffusion(config).eval()
    finally:
        torch.set_default_dtype(previous_dtype)
    build_s = time.perf_counter() - t0
    params = sum(p.numel() for p in model.parameters())
    C = args.canvas_length
    vocab = config.text_config.vocab_size

    # Prompt: bos + one page image (boi + soft tokens + eoi) + ~prompt_tokens of text, as the engine builds it.
    from PIL import Image
    from transformers.models.gemma4.image_processing_pil_gemma4 import Gemma4ImageProcessorPil
    page = Image.open(io.BytesIO(page_png(1, size=(850, 1100))))
    image_proc = Gemma4ImageProcessorPil(patch_size=patch, max_soft_tokens=soft_tokens, pooling_kernel_size=pool)
    pix = image_proc(images=[page], return_tensors="pt")
    n_soft = int(pix["num_soft_tokens_per_image"][0])
    rnd = random.Random(0)
    text_ids = [rnd.randrange(20, 500) for _ in range(args.prompt_tokens)]
    ids = [2, config.boi_token_id, *([config.image_token_id] * n_soft), config.eoi_token_id, *text_ids]
    input_ids = torch.tensor([ids], device=device)
    mm = (input_ids == config.image_token_id).long()
    pixel_values = pix["pixel_values"].to(device, dtype)
    positions = pix["image_position_ids"].to(device)

    plan = compile_plan(Invoice, tok, canvas_length=C)
    layout = first_layout(plan)
    constraint = bind(plan, layout, text="")
    seed = torch.tensor([constraint.seed], device=device)
    common = {"max_new_tokens": C, "sampler_config": EntropyBoundSamplerConfig(entropy_bound=0.1),
              "stability_threshold": 1, "confidence_threshold": 0.005, "t_min": 0.4, "t_max": 0.8,
              "pad_token_id": 0, "disable_compile": True, "return_dict_in_generate": True}
    ones = torch.ones_like(input_ids)

    class StepClock:
        """Called once per denoising step: timestamps between calls give the cost of one step."""

        def __init__(self) -> None:
            self.times: list[float] = []

        def __call__(self, input_ids: torch.LongTensor, scores: torch.Tensor, cur_step: int) -> torch.Tensor:
            _sync()
            self.times.append(time.perf_counter())
            return scores

    def timed_generate(steps: int, batch: int = 1) -> tuple[float, list[float]]:
        """``batch`` copies of the document decoded together, as the engine batches documents."""
        processor = CanvasLogitsProcessor([constraint] * batch, vocab, device)
        clock = StepClock()
        _sync()
        t = time.perf_counter()
        model.generate(input_ids=input_ids.repeat(batch, 1), attention_mask=ones.repeat(batch, 1),
                       pixel_values=pixel_values.repeat(batch, *([1] * (pixel_values.dim() - 1))),
                       image_position_ids=positions.repeat(batch, *([1] * (positions.dim() - 1))),
                       mm_token_type_ids=mm.repeat(batch, 1), decoder_input_ids=seed.repeat(batch, 1),
                       logits_processor=LogitsProcessorList([processor, clock]), max_denoising_steps=steps,
                       cache_implementation="dynamic", **common)
        _sync()
        return t, clock.times

    def one_round(canvases: int, tokens: int) -> dict[str, Any]:
        """One measurement of each cost: denoising steps, committed-canvas encoder passes, AR tokens."""
        start, times = timed_generate(args.steps_b)
        step_ms = _median_step_ms(times)
        out: dict[str, Any] = {"ms_per_denoising_step": step_ms,
                               "ms_per_denoising_step_all": [round((b - a) * 1000, 2) for a, b in
                                                             itertools.pairwise(times)],
                               # first processor call = prompt prefill + one decoder forward
                               "ms_prefill_prompt": (times[0] - start) * 1000 - step_ms}
        # Encoder pass over one committed canvas (what each later canvas costs besides its steps).
        cache = DynamicCache(config=config.get_text_config(decoder=True))
        model.model.encoder(input_ids=input_ids, pixel_values=pixel_values, image_position_ids=positions,
                            past_key_values=cache, use_cache=True)
        canvas = torch.randint(20, 500, (1, C), device=device)
        base = input_ids.shape[1]
        _sync()
        t = time.perf_counter()
        for k in range(canvases):
            pos = torch.arange(base + k * C, base + (k + 1) * C, device=device).unsqueeze(0)
            model.model.encoder(input_ids=canvas, past_key_values=cache, position_ids=pos,
                                attention_mask=torch.ones((1, base + (k + 1) * C), device=device, dtype=torch.long),
                                use_cache=True)
        _sync()
        out["ms_per_encoder_canvas"] = (time.perf_counter() - t) / canvases * 1000
        # Autoregressive: one token per forward through the encoder with its cache, plus the tied head.
        cur = base + canvases * C
        _sync()
        t = time.perf_counter()
        for k in range(tokens):
            hidden = model.model.encoder(input_ids=torch.tensor([[42]], device=device), past_key_values=cache,
                                         position_ids=torch.tensor([[cur + k]], device=device),
                                         attention_mask=torch.ones((1, cur + k + 1), device=device, dtype=torch.long),
                                         use_cache=True)
            model.lm_head(hidden.last_hidden_state[:, -1])
        _sync()
        out["ms_per_ar_token"] = (time.perf_counter() - t) / tokens * 1000
        return out

    keys = ("ms_per_denoising_step", "ms_prefill_prompt", "ms_per_encoder_canvas", "ms_per_ar_token")
    by_experts: dict[str, Any] = {}
    with torch.no_grad():
        for impl in args.experts:
            model.set_experts_implementation(impl)
            if device.type == "cuda":
                torch.cuda.reset_peak_memory_stats()
            try:
                one_round(canvases=1, tokens=4)  # warm-up (kernels, allocator, this implementation's code path)
                rounds = [one_round(canvases=5, tokens=32) for _ in range(args.repeats)]
            except torch.OutOfMemoryError as exc:  # batched_mm copies each token's experts: the prompt may not fit
                print(f"{impl}: out of memory ({str(exc).splitlines()[0]})", flush=True)
                torch.cuda.empty_cache()
                continue
            entry: dict[str, Any] = {k: statistics.median(r[k] for r in rounds) for k in keys}
            entry["range"] = {k: _bounds([r[k] for r in rounds]) for k in keys}
            entry["rounds"] = rounds
            if device.type == "cuda":
                entry["peak_gib"] = round(torch.cuda.max_memory_allocated() / 2**30, 1)
            by_experts[impl] = entry
    if not by_experts:
        raise SystemExit("no experts implementation could be timed")
    first_impl = next(iter(by_experts))
    # Batching: a step over B documents' canvases, on the first implementation that ran.
    by_batch: dict[str, Any] = {}
    with torch.no_grad():
        model.set_experts_implementation(first_impl)
        for batch in args.batch_sizes:
            try:
                timed_generate(2, batch)  # warm-up at this shape
                steps_ms = []
                for _ in range(args.repeats):
                    steps_ms.append(_median_step_ms(timed_generate(args.steps_b, batch)[1]))
            except torch.OutOfMemoryError as exc:
                print(f"batch {batch}: out of memory ({str(exc).splitlines()[0]})", flush=True)
                torch.cuda.empty_cache()
                continue
            step = statistics.median(steps_ms)
            by_batch[str(batch)] = {"ms_per_denoising_step": step, "ms_per_document_step": step / batch,
                                    "range": _bounds(steps_ms)}
    first = by_experts[first_impl]
    figures: dict[str, Any] = {k: first[k] for k in keys}
    figures["experts_implementation"] = first_impl
    figures["repeats"] = args.repeats
    figures["by_experts_implementation"] = by_experts
    figures["by_batch_size"] = by_batch
    mem = torch.cuda.max_memory_allocated() / 2**30 if device.type == "cuda" else None
    model = None  # release the weights before the estimates (the closures above are done with them)
    counts = oracle_counts(make_documents(args.docs, seed=args.seed), C)
    figures["estimates"] = estimates(figures, counts)
    for entry in by_experts.values():
        entry["estimates"] = estimates(entry, counts)
    return {"mode": "gpu" if device.type == "cuda" else "gpu-code-path-on-cpu", "arch": args.arch,
            "device": torch.cuda.get_device_name() if device.type == "cuda" else "cpu", "dtype": str(dtype),
            "parameters": params, "build_seconds": build_s, "canvas_length": C, "prompt_tokens": len(ids),
            "image_soft_tokens": n_soft, "peak_gib": mem, "figures": figures, "documents": counts}


def oracle_counts(docs: list[tuple[BaseModel, str]], canvas_length: int) -> list[dict[str, Any]]:
    """Canvases and autoregressive forward passes per document with every answer forced: these counts do not
    depend on the weights, so a tiny CPU model gives them (with the tiny tokenizer: digits split as Gemma's)."""
    from engine.tiny import build_tiny

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        bundle = build_tiny(canvas_length=canvas_length)
        out = []
        for i, (gold, text) in enumerate(docs):
            req = to_request(i, gold, text, with_image=False)
            eng = OracleEngine(DiffusionGemmaOptions(device="cpu", canvas_length=canvas_length,
                                                     decoding="autoregressive", max_canvases=64),
                               model=bundle.model, tokenizer=bundle.tokenizer, image_processor=None)
            eng.gold = {req.id: gold}
            [doc] = eng.fill([req])
            assert isinstance(doc, FilledDocument)
            out.append({"doc": req.id, "type": type(gold).__name__, "canvases": len(doc.canvases),
                        "ar_forward_passes": doc.forward_passes,
                        "json_tokens": len(bundle.tokenizer.encode(gold.model_dump_json(), add_special_tokens=False))})
        return out
    finally:
        torch.set_num_threads(threads)


def estimates(figures: dict[str, Any], counts: list[dict[str, Any]]) -> dict[str, Any]:
    """Seconds per document from the measured costs and the per-document counts."""
    step, enc, ar, pre = (figures["ms_per_denoising_step"], figures["ms_per_encoder_canvas"],
                          figures["ms_per_ar_token"], figures["ms_prefill_prompt"])

    def canvas(steps: float) -> float:
        return statistics.fmean(pre + c["canvases"] * steps * step + (c["canvases"] - 1) * enc for c in counts) / 1000

    out = {
        "canvas_2_steps (floor, stability 1)": canvas(2),
        "canvas_3_steps (target)": canvas(3),
        "free_12_steps (DESIGN.md, free text)": canvas(12),
        "free_48_steps (step cap)": canvas(48),
        "ar_skeleton_forced": statistics.fmean(pre + (c["ar_forward_passes"] - 1) * ar for c in counts) / 1000,
        "ar_one_token_per_forward": statistics.fmean(pre + c["json_tokens"] * ar for c in counts) / 1000,
    }
    out = {k: round(v, 3) for k, v in out.items()}
    out["forward_ratio_ar_forced_vs_canvas_2"] = round(statistics.fmean(
        c["ar_forward_passes"] / (3 * c["canvases"]) for c in counts), 2)
    out["forward_ratio_ar_per_token_vs_canvas_2"] = round(statistics.fmean(
        c["json_tokens"] / (3 * c["canvases"]) for c in counts), 2)
    return out


def print_gpu(report: dict[str, Any], cpu_summary: dict[str, Any] | None = None) -> None:
    f = report["figures"]
    by = f.get("by_experts_implementation") or {f.get("experts_implementation", "default"): f}
    impls = list(by)
    print(f"\nGPU engine benchmark: {report['arch']} architecture, {report['parameters'] / 1e9:.1f}B parameters "
          f"(random {report['dtype']}), {report['device']}, canvas {report['canvas_length']}, prompt "
          f"{report['prompt_tokens']} tokens incl. {report['image_soft_tokens']} image tokens; median of "
          f"{f.get('repeats', 1)} rounds [min-max] per MoE experts implementation")
    print(f"  {'':<30}" + "".join(f"{impl:>24}" for impl in impls))
    rows = (("ms per denoising step", "ms_per_denoising_step"), ("ms prompt prefill (encoder)", "ms_prefill_prompt"),
            ("ms per committed canvas pass", "ms_per_encoder_canvas"), ("ms per autoregressive token", "ms_per_ar_token"))
    for label, key in rows:
        cells = []
        for impl in impls:
            lo, hi = by[impl].get("range", {}).get(key, [by[impl][key]] * 2)
            cells.append(f"{by[impl][key]:8.1f} [{lo:.1f}-{hi:.1f}]")
        print(f"  {label:<30}" + "".join(f"{c:>24}" for c in cells))
    if report.get("peak_gib"):
        print(f"  peak GPU memory {report['peak_gib']:.1f} GiB")
    by_batch = f.get("by_batch_size") or {}
    if by_batch:
        print(f"  documents decoded together ({f.get('experts_implementation')}): ms per denoising step "
              "[min-max], ms per document-step")
        for batch, entry in by_batch.items():
            lo, hi = entry["range"]
            print(f"    batch {batch:>3}: {entry['ms_per_denoising_step']:8.1f} [{lo:.1f}-{hi:.1f}]"
                  f"  {entry['ms_per_document_step']:8.1f}")
    print(f"  estimated seconds per document ({len(report['documents'])} documents, answers forced for counts):")
    for key in f["estimates"]:
        print(f"    {key:<42}" + "".join(f"{by[impl].get('estimates', f['estimates'])[key]:>12}" for impl in impls))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gpu", action="store_true", help="time the 26B-A4B architecture on the GPU")
    parser.add_argument("--arch", choices=["26b", "tiny"], default="26b", help="--gpu: architecture to build")
    parser.add_argument("--cpu-dry-run", action="store_true", help="--gpu code path on the CPU (use --arch tiny)")
    parser.add_argument("--docs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--canvas-length", type=int, default=256)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--max-steps", type=int, default=48)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--prompt-tokens", type=int, default=700)
    parser.add_argument("--steps-b", type=int, default=12, help="--gpu: denoising steps timed")
    parser.add_argument("--experts", nargs="+", default=["grouped_mm"], choices=get_args(ExpertsImplementation),
                        help="--gpu: MoE experts implementations to time, one after another on the same weights")
    parser.add_argument("--batch-sizes", type=int, nargs="*", default=[1, 4, 16],
                        help="--gpu: documents decoded together, ms per denoising step for each")
    parser.add_argument("--repeats", type=int, default=3, help="--gpu: measurement rounds per implementation")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    parser.add_argument("--embedded", nargs="?", const="default", default=None,
                        help="benchmark the trained embedded model (default: the shipped one) on generated documents")
    args = parser.parse_args(argv)
    if args.embedded:
        report = run_embedded(args)
        print_table(report)
    elif args.gpu:
        report = run_gpu(args)
        print_gpu(report)
    else:
        report = run_cpu(args)
        print_table(report)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2, default=str))
        print(f"\nfigures written to {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
