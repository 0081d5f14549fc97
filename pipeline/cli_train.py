"""``extract train``: build a corpus of generated documents and train the embedded model on it."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli_common import emit_json, fail

__all__ = ["app"]

app = typer.Typer(help="Train the embedded DiffusionGemma: generate a corpus, fit, evaluate.", no_args_is_help=True)

TRAIN_LAYOUTS = "classic,label_above,right_header,boxed,minimal,letter"


def _logging(verbose: int) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(asctime)s %(message)s")
    if verbose:
        logging.getLogger("engine.embedded").setLevel(logging.INFO)


@app.command("corpus")
def corpus_cmd(
    out: Annotated[Path, typer.Option("--out", "-o", help="JSON-lines file to write.")],
    n: Annotated[int, typer.Option("--n", help="Number of documents.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="First seed (documents use seed, seed+1, ...).")] = 100_000,
    doc_types: Annotated[str, typer.Option("--doc-types", help="Comma-separated types, drawn in turn.")] = "invoice",
    layouts: Annotated[str | None, typer.Option("--layouts", help="Comma-separated layout families "
                                                "(default: all).")] = None,
    scanned_fraction: Annotated[float, typer.Option("--scanned-fraction")] = 0.15,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1)] = 2,
    verbose: Annotated[int, typer.Option("--verbose", "-v", count=True)] = 0,
) -> None:
    """Generate documents and read them back through the pipeline's own text/OCR stage."""
    from docgen.corpus import build_corpus

    _logging(verbose)
    written = build_corpus(out, n=n, seed=seed, doc_types=doc_types.split(","),
                           layouts=layouts.split(",") if layouts else None, scanned_fraction=scanned_fraction,
                           workers=workers)
    emit_json({"written": written, "out": str(out)})


@app.command("fit")
def fit_cmd(
    data: Annotated[list[Path], typer.Option("--data", "-d", help="Corpus file(s) from `extract train corpus`.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Run folder: checkpoint/ and model/.")],
    held_out: Annotated[Path | None, typer.Option("--held-out", help="Corpus for evaluation during training.")] = None,
    steps: Annotated[int, typer.Option("--steps")] = 3000,
    batch_size: Annotated[int, typer.Option("--batch-size")] = 8,
    lr: Annotated[float, typer.Option("--lr")] = 2e-3,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    hidden: Annotated[int, typer.Option("--hidden")] = 128,
    layers: Annotated[int, typer.Option("--layers")] = 4,
    threads: Annotated[int | None, typer.Option("--threads")] = None,
    draft_fraction: Annotated[float, typer.Option("--draft-fraction", help="Share of canvases that start from "
                                                  "the baseline's draft.")] = 0.5,
    init_from: Annotated[Path | None, typer.Option("--init-from", help="Start from this checkpoint's weights "
                                                   "and tokenizer.")] = None,
    examples_cache: Annotated[Path | None, typer.Option("--examples-cache", help="Pickle of the built training "
                                                        "examples, reused while corpus and tokenizer are "
                                                        "unchanged (building drafts takes minutes).")] = None,
    draft_swap: Annotated[float, typer.Option("--draft-swap", help="Share of a draft's slots given a plausible "
                                              "wrong value, so the model learns to overrule a misread.")] = 0.0,
    noise_min: Annotated[float, typer.Option("--noise-min", help="Lowest re-noised share of a canvas's slots.")] = 0.05,
    self_conditioning: Annotated[float, typer.Option("--self-conditioning")] = 0.35,
    sc_temperature: Annotated[str, typer.Option(
        "--sc-temperature", help="MIN,MAX temperature of self-conditioning logits (the engine's t_min,t_max).")
    ] = "0.05,0.1",
    verbose: Annotated[int, typer.Option("--verbose", "-v", count=True)] = 1,
) -> None:
    """Train (or resume training) the embedded model; the result lands in OUT/model."""
    from docgen.corpus import read_corpus
    from engine.embedded.fit import fit
    from engine.embedded.model import EmbeddedArch
    from engine.embedded.train import TrainSettings
    from schemas import list_schemas

    _logging(verbose)
    docs = [d for path in data for d in read_corpus(path)]
    if not docs:
        fail("the corpus is empty")
    held = list(read_corpus(held_out)) if held_out else []
    settings = TrainSettings(steps=steps, batch_size=batch_size, lr=lr, seed=seed, threads=threads,
                             draft_fraction=draft_fraction, draft_swap=draft_swap, noise_min=noise_min,
                             self_conditioning=self_conditioning,
                             sc_temperature=tuple(float(x) for x in sc_temperature.split(",")),
                             arch=EmbeddedArch(hidden_size=hidden, layers=layers))
    targets = {m.doc_type: m for m in list_schemas()}
    summary = fit(docs, held, targets, out, settings, init_from=init_from, examples_cache=examples_cache)
    emit_json({k: v for k, v in summary.items() if k != "history"} | {"last": summary["history"][-1:]})


@app.command("calibrate")
def calibrate_cmd(
    data: Annotated[list[Path], typer.Option("--data", "-d", help="Corpus file(s) the model was not trained on.")],
    model: Annotated[Path, typer.Option("--model", "-m", help="Model folder; calibration.json is written there.")],
    batch_size: Annotated[int, typer.Option("--batch-size")] = 4,
    priors: Annotated[str, typer.Option("--draft-priors", help="Comma-separated draft priors to try (the "
                                                              "largest lets a field keep its draft).")
                      ] = "0,1,2,3,5,8,30",
    min_field_support: Annotated[int, typer.Option("--min-field-support",
                                                   help="True values a field needs for a prior of its own.")] = 10,
    min_field_gain: Annotated[int, typer.Option("--min-field-gain",
                                                help="Wrong values the model must save on a field before the field "
                                                     "trusts it over the draft.")] = 2,
    verbose: Annotated[int, typer.Option("--verbose", "-v", count=True)] = 0,
) -> None:
    """Choose the draft priors (model-wide and per field) and fit the confidence calibration of an embedded model
    on held-out documents."""
    from docgen.corpus import read_corpus
    from engine.embedded.calibration import fit_calibration

    _logging(verbose)
    docs = [d for path in data for d in read_corpus(path)]
    if not docs:
        fail("the corpus is empty")
    cmap = fit_calibration(model, docs, batch_size=batch_size, fitted_on=", ".join(str(p) for p in data),
                           draft_priors=[float(x) for x in priors.split(",")], min_field_support=min_field_support,
                           min_field_gain=min_field_gain)
    emit_json({"written": str(cmap.save(model)), "draft_prior": cmap.draft_prior,
               "draft_prior_search": cmap.draft_prior_search, "field_priors": cmap.field_priors,
               "field_fill_priors": cmap.field_fill_priors,
               "groups": {g: len(v) for g, v in cmap.groups.items()},
               "fields": {g: sum(b[2] for b in v) for g, v in cmap.groups.items()}})


@app.command("install")
def install_cmd(
    run_dir: Annotated[Path, typer.Argument(help="A run folder from `extract train fit`.")],
) -> None:
    """Copy a trained model into the package as the embedded default."""
    import shutil

    from engine.embedded.backend import DEFAULT_MODEL_DIR

    src = run_dir / "model"
    if not (src / "config.json").is_file():
        fail(f"no trained model in {src}")
    DEFAULT_MODEL_DIR.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.is_file():
            shutil.copy2(f, DEFAULT_MODEL_DIR / f.name)
    emit_json({"installed": str(DEFAULT_MODEL_DIR),
               "files": sorted(p.name for p in DEFAULT_MODEL_DIR.iterdir()),
               "training": json.loads((src / "training.json").read_text()).get("steps")
               if (src / "training.json").is_file() else None})
