"""The vLLM backend without a GPU: a fake vLLM 0.33 server behind httpx.MockTransport or on loopback."""

from __future__ import annotations

import json
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from engine.errors import BackendUnavailableError, EngineError
from engine.vllm_client import ServerMetrics, VLLMClient, VLLMRequestError, normalise_url, parse_metrics
from engine.vllm_tokenizer import RemoteTokenizer, load_tokenizer
from tests.fake_vllm import FakeVLLM

MODEL = "google/diffusiongemma-26B-A4B-it"


def _client(fake: FakeVLLM, urls=("http://gpu-a:8000",), **kw) -> VLLMClient:
    kw.setdefault("backoff_s", 0.001)
    kw.setdefault("backoff_max_s", 0.01)
    return VLLMClient(list(urls), transport=fake.transport(), **kw)


# ---------------------------------------------------------------------------------------------- client


def test_url_normalisation():
    assert normalise_url("http://h:8000/v1/") == "http://h:8000"
    assert normalise_url("h:8000") == "http://h:8000"
    assert normalise_url("https://h/") == "https://h"


def test_retries_transient_statuses_then_succeeds():
    fake = FakeVLLM()
    client = _client(fake, max_retries=3)
    fake.fail_next(503, 2)
    assert client.models()[0]["id"] == MODEL
    assert [p for _, _, p in fake.calls] == ["/v1/models"] * 3


@pytest.mark.parametrize("failure", [429, 502, 504, "connect"])
def test_each_retryable_failure_is_retried(failure):
    fake = FakeVLLM()
    client = _client(fake, max_retries=1)
    fake.fail_next(failure, 1)
    client.models()
    assert len(fake.calls) == 2


def test_gives_up_after_max_retries_with_a_retryable_error():
    fake = FakeVLLM()
    client = _client(fake, max_retries=2)
    fake.fail_next(503, 10)
    with pytest.raises(BackendUnavailableError) as exc:
        client.models()
    assert exc.value.retryable
    assert len(fake.calls) == 3


@pytest.mark.parametrize("status", [400, 401, 404, 422, 500])
def test_non_retryable_statuses_fail_at_once_with_the_server_message(status):
    fake = FakeVLLM()
    client = _client(fake, max_retries=3)
    fake.fail_next(status, 1)
    with pytest.raises(VLLMRequestError) as exc:
        client.models()
    assert exc.value.status == status and not exc.value.retryable
    assert "injected failure" in str(exc.value)
    assert len(fake.calls) == 1


def test_a_400_from_the_server_is_not_retried():
    fake = FakeVLLM()
    client = _client(fake)
    body = {"model": MODEL, "messages": [{"role": "user", "content": "x"}], "temperature": 0.2}
    with pytest.raises(VLLMRequestError, match="temperature"):
        client.chat(body)
    assert len(fake.chat_bodies) == 1


def test_read_timeout_is_not_resent():
    calls = []

    def handler(request):
        calls.append(request)
        raise httpx.ReadTimeout("slow", request=request)

    client = VLLMClient(["http://a"], transport=httpx.MockTransport(handler), backoff_s=0.001)
    with pytest.raises(BackendUnavailableError, match="did not answer in time"):
        client.models()
    assert len(calls) == 1


def test_round_robin_over_servers_and_failover():
    fake = FakeVLLM()
    client = _client(fake, urls=["http://a:1", "http://b:2", "http://c:3"], max_retries=2)
    for _ in range(6):
        client.models()
    hosts = [h for h, _, _ in fake.calls]
    assert hosts == ["a:1", "b:2", "c:3", "a:1", "b:2", "c:3"]
    # a dead server: the retry goes to the next one
    fake.calls.clear()
    fake.down.add("a:1")
    for _ in range(3):
        client.models()
    assert [h for h, _, _ in fake.calls].count("a:1") == 1


def test_health_check_marks_servers_and_skips_dead_ones():
    fake = FakeVLLM()
    client = _client(fake, urls=["http://a:1", "http://b:2"])
    fake.down.add("b:2")
    assert client.health() == {"http://a:1": True, "http://b:2": False}
    fake.calls.clear()
    for _ in range(4):
        client.models()
    assert {h for h, _, _ in fake.calls} == {"a:1"}
    fake.down.add("a:1")
    with pytest.raises(BackendUnavailableError, match="no vLLM server is healthy"):
        client.ensure_healthy()


def test_concurrency_never_exceeds_max_num_seqs_per_server():
    fake = FakeVLLM(delay_s=0.03)
    client = _client(fake, urls=["http://a:1", "http://b:2"], max_num_seqs=3)
    tok = fake.tokenizer
    seed = tok.encode("{}") + [0] * 14
    body = {"model": MODEL, "messages": [{"role": "user", "content": "x"}],
            "vllm_xargs": {"diffusion_seed_canvas": seed, "diffusion_canvas_length": 16}}
    with ThreadPoolExecutor(16) as pool:
        list(pool.map(lambda _: client.chat(body), range(24)))
    assert max(fake.max_in_flight_by_host.values()) <= 3
    assert fake.max_in_flight <= 6
    # and the limit is actually reached (the test would pass trivially if requests were serialised)
    assert fake.max_in_flight >= 4


def test_metrics_parsing_sums_label_sets_and_ignores_created():
    text = "\n".join([
        "# HELP vllm:diffusion_num_denoising_steps Number of denoising steps.",
        "# TYPE vllm:diffusion_num_denoising_steps counter",
        'vllm:diffusion_num_denoising_steps_total{engine="0",model_name="m"} 30.0',
        'vllm:diffusion_num_denoising_steps_total{engine="1",model_name="m"} 12.0',
        'vllm:diffusion_num_denoising_steps_created{engine="0",model_name="m"} 1.7e9',
        "# TYPE vllm:diffusion_num_committed_tokens counter",
        'vllm:diffusion_num_committed_tokens_total{engine="0",model_name="m"} 4096.0',
        "# TYPE vllm:request_success counter",
        'vllm:request_success_total{finished_reason="stop",model_name="m"} 10.0',
        'vllm:request_success_total{finished_reason="length",model_name="m"} 4.0',
        "# TYPE vllm:num_requests_running gauge",
        'vllm:num_requests_running{model_name="m"} 3.0',
    ])
    m = parse_metrics(text)
    assert (m.denoising_steps, m.committed_tokens, m.requests_succeeded) == (42.0, 4096.0, 14.0)
    assert m.steps_per_canvas == pytest.approx(3.0)
    assert parse_metrics("") == ServerMetrics()


def test_metrics_delta_over_servers_and_restart():
    a = ServerMetrics(denoising_steps=10, requests_succeeded=5)
    b = ServerMetrics(denoising_steps=16, requests_succeeded=7)
    assert (b - a).denoising_steps == 6 and (b - a).requests_succeeded == 2
    # a counter that went down (server restart) counts from zero
    assert (a - b).denoising_steps == 10


def test_metrics_from_fake_servers_and_an_unreadable_one():
    fake = FakeVLLM()
    fake.counters.update({"steps": 9, "committed": 100, "success": 3})
    client = _client(fake, urls=["http://a:1", "http://b:2"])
    m = client.metrics()
    assert m.denoising_steps == 18 and m.requests_succeeded == 6  # both hosts share the fake's counters
    fake.down.add("b:2")
    m = client.metrics()
    assert m.denoising_steps == 9 and m.unreadable == ["http://b:2"]


# ---------------------------------------------------------------------------------------------- tokenizer


def test_remote_tokenizer_round_trips_and_caches():
    fake = FakeVLLM()
    tok = RemoteTokenizer(_client(fake), MODEL)
    text = '{"total": "12.50"}'
    ids = tok.encode(text)
    assert ids == fake.tokenizer.encode(text, add_special_tokens=False)
    assert tok.decode(ids) == text
    before = fake.counters["tokenize"]
    tok.encode(text)
    assert fake.counters["tokenize"] == before  # cached
    assert tok.pad_id == fake.tokenizer.pad_token_id
    assert tok.eos_id == fake.tokenizer.eos_token_id


def test_remote_token_texts_match_per_id_decoding_in_few_round_trips():
    fake = FakeVLLM()
    n = len(fake.tokenizer)
    # a few ids past the end of the vocabulary: the server rejects them, they come back empty
    tok = RemoteTokenizer(_client(fake), MODEL, vocab_size=n + 5, chunk_size=64)
    texts = tok.token_texts()
    assert list(texts) == [fake.tokenizer.decode([i]) for i in range(n)] + [""] * 5
    assert fake.counters["detokenize"] < 40  # chunked, not one call per id
    # a vocabulary far smaller than vocab_size costs a binary search, not a rejected request per chunk
    fake.calls.clear()
    big = RemoteTokenizer(_client(fake), MODEL, vocab_size=262144)
    big.token_texts()
    assert len(fake.calls) < 40
    assert big.vocab_size == n  # random seed ids stay inside the server's vocabulary
    # control tokens are recognised by their look once the texts are known
    assert {fake.tokenizer.convert_tokens_to_ids(t) for t in ("<pad>", "<eos>", "<turn|>")} <= tok.special_ids
    assert fake.tokenizer.convert_tokens_to_ids("a") not in tok.special_ids


def test_remote_tokenizer_feeds_the_canvas_vocab_index():
    from engine.canvas_vocab import VocabIndex, as_canvas_tokenizer

    fake = FakeVLLM()
    tok = RemoteTokenizer(_client(fake), MODEL, vocab_size=len(fake.tokenizer))
    assert as_canvas_tokenizer(tok) is tok
    remote = VocabIndex(tok)
    local = VocabIndex(as_canvas_tokenizer(fake.tokenizer))
    assert remote.digits == local.digits and remote.date_chars == local.date_chars
    assert remote.single("7") == fake.tokenizer.convert_tokens_to_ids("7")


def test_remote_tokenizer_is_thread_safe():
    fake = FakeVLLM()
    tok = RemoteTokenizer(_client(fake), MODEL)
    texts = [f"word{i % 7}" for i in range(50)]
    with ThreadPoolExecutor(8) as pool:
        out = list(pool.map(tok.encode, texts))
    assert out == [fake.tokenizer.encode(t) for t in texts]


def test_local_tokenizer_path(tmp_path):
    fake = FakeVLLM()
    fake.tokenizer.save_pretrained(tmp_path / "tok")
    tok = load_tokenizer(tmp_path / "tok", _client(fake), MODEL)
    assert tok.encode("abc") == fake.tokenizer.encode("abc")
    assert len(tok.token_texts()) == len(fake.tokenizer)
    assert fake.counters["tokenize"] == 0 and fake.counters["detokenize"] == 0  # nothing asked of the server
    with pytest.raises(Exception, match="cannot load the tokenizer"):
        load_tokenizer(tmp_path / "missing", _client(fake), MODEL)


def test_loopback_fake_server_speaks_http():
    fake = FakeVLLM()
    with fake.serve() as url:
        client = VLLMClient([url], backoff_s=0.001)
        assert client.health() == {url: True}
        assert client.tokenize(MODEL, "ab") == fake.tokenizer.encode("ab")
        assert client.metrics().unreadable == []
        client.close()


def test_loopback_threads_share_one_client():
    fake = FakeVLLM()
    with fake.serve() as url:
        client = VLLMClient([url], max_num_seqs=4)
        errors = []

        def work(i):
            try:
                assert client.detokenize(MODEL, fake.tokenizer.encode(f"x{i}")) == f"x{i}"
            except Exception as exc:  # noqa: BLE001 - collected for the assertion below
                errors.append(exc)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        client.close()
    assert errors == []


# ---------------------------------------------------------------------------------------------- engine

import base64  # noqa: E402
import io  # noqa: E402
from datetime import date  # noqa: E402
from decimal import Decimal  # noqa: E402

from engine.base import EngineRequest, Word  # noqa: E402
from engine.canvas import compile_plan, encode_values, first_layout  # noqa: E402
from engine.errors import EngineOptionsError  # noqa: E402
from engine.registry import create_engine, known_engines  # noqa: E402
from engine.vllm_backend import INVALID_OUTPUT, VLLMEngine, VLLMOptions  # noqa: E402
from engine.vllm_protocol import FORBIDDEN_FIELDS  # noqa: E402
from schemas.invoice import Invoice  # noqa: E402
from schemas.receipt import Receipt  # noqa: E402

RECEIPT = Receipt(merchant_name="ACME Corp", merchant_address="1 Main St", date=date(2024, 3, 5),
                  total=Decimal("12.50"))


def _invoice(rows: int) -> Invoice:
    items = [{"description": f"Widget {i}", "quantity": Decimal(i + 1), "unit_price": Decimal("2.00"),
              "amount": Decimal(2 * (i + 1))} for i in range(rows)]
    total = sum(Decimal(2 * (i + 1)) for i in range(rows))
    return Invoice(vendor_name="Globex GmbH", invoice_number="INV-0042", invoice_date=date(2024, 1, 31),
                   currency="EUR", subtotal=total, tax=Decimal("0.00"), total=total, line_items=items)


def _words(text: str) -> list[Word]:
    return [Word(text=w, line=i) for i, line in enumerate(text.splitlines()) for w in line.split()]


def _request(target, text="ACME Corp\n1 Main St\n2024-03-05\nTotal 12.50", rid="doc-1", images=()):
    return EngineRequest(id=rid, words=_words(text), target=target, images=list(images))


def _engine(fake: FakeVLLM, urls=("http://gpu-a:8000",), **kw) -> VLLMEngine:
    opts = {"urls": list(urls), "vocab_size": len(fake.tokenizer), "backoff_s": 0.001, **kw}
    return VLLMEngine(VLLMOptions(**opts), transport=fake.transport())


def _canvas_index(fake: FakeVLLM, call) -> int:
    """Which canvas of the document a call asks for: the continued assistant prefix holds the earlier ones."""
    if call.assistant_prefix is None:
        return 0
    return len(fake.tokenizer.encode(call.assistant_prefix)) // len(call.seed)


def _oracle(fake: FakeVLLM, data, canvas_length=256):
    """A responder that fills every canvas with the right answer (the canvas module's own encoding of it)."""
    plan = compile_plan(type(data), fake.tokenizer, canvas_length=canvas_length)
    canvases = encode_values(plan, data)
    return lambda call: list(canvases[_canvas_index(fake, call)])


def _find(fake: FakeVLLM, ids, text: str) -> int:
    """Token position where ``text`` starts in a canvas."""
    sub = fake.tokenizer.encode(text)
    for i in range(len(ids) - len(sub) + 1):
        if list(ids[i:i + len(sub)]) == sub:
            return i
    raise AssertionError(f"{text!r} not on the canvas")


def _png() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(buf, format="PNG")
    return buf.getvalue()


def test_registered_by_name_with_options_checked():
    assert "vllm" in known_engines()
    engine = create_engine("vllm", {"urls": "http://a:8000, http://b:8000", "max_num_seqs": 4})
    assert isinstance(engine, VLLMEngine)
    assert [s.url for s in engine.client.servers] == ["http://a:8000", "http://b:8000"]
    engine.close()
    with pytest.raises(EngineOptionsError):
        create_engine("vllm", {"urls": ["http://a"], "max_steps": 0})
    with pytest.raises(EngineOptionsError):
        create_engine("vllm", {"urls": ["http://a"], "temprature": 1})
    with pytest.raises(EngineOptionsError):
        create_engine("vllm", {})


def test_request_shape_is_a_seeded_pinned_read():
    fake = FakeVLLM()
    fake.responder = _oracle(fake, RECEIPT)
    engine = _engine(fake, max_steps=3)
    [result] = engine.extract_batch([_request(Receipt, images=[_png()])])
    assert result.error is None
    [body] = fake.chat_bodies
    assert not FORBIDDEN_FIELDS & set(body)
    assert body["model"] == MODEL  # resolved from /v1/models
    assert body["chat_template_kwargs"] == {"enable_thinking": False}
    assert body["logprobs"] is True and body["return_tokens_as_token_ids"] is True
    x = body["vllm_xargs"]
    plan = compile_plan(Receipt, fake.tokenizer, canvas_length=256)
    template = first_layout(plan).template
    assert x["diffusion_canvas_length"] == 256 == len(x["diffusion_seed_canvas"]) == body["max_tokens"]
    assert x["diffusion_pinned"] == [i for i, t in enumerate(template) if t is not None]
    assert all(x["diffusion_seed_canvas"][i] == template[i] for i in x["diffusion_pinned"])
    assert x["diffusion_max_steps"] == 3 and x["diffusion_read_only"] is True
    assert 0 < len(body["logprob_token_ids"]) <= 128
    # the page image travels as a data URL, before the text
    content = body["messages"][0]["content"]
    assert content[0]["type"] == "image_url"
    url = content[0]["image_url"]["url"]
    assert url.startswith("data:image/png;base64,") and base64.b64decode(url.split(",", 1)[1]) == _png()
    assert "Document text:" in content[-1]["text"] and "ACME Corp" in content[-1]["text"]
    assert "continue_final_message" not in body


def test_oracle_answer_decodes_to_the_data_with_confidence():
    fake = FakeVLLM()
    oracle = _oracle(fake, RECEIPT)
    plan = compile_plan(Receipt, fake.tokenizer, canvas_length=256)
    at = _find(fake, encode_values(plan, RECEIPT)[0], "12.50")

    def unsure_about_the_total(call):
        ids = oracle(call)
        return ids, [0.3 if at <= i < at + 5 else 0.95 for i in range(len(ids))]

    fake.responder = unsure_about_the_total
    [result] = _engine(fake).extract_batch([_request(Receipt)])
    assert result.error is None and result.error_code is None
    assert Receipt.model_validate(result.data) == RECEIPT
    assert result.fields["total"].value == "12.50"
    assert result.fields["total"].confidence < 0.9 < result.fields["merchant_name"].confidence
    assert result.stats.canvases == 1 and len(result.raw) == 1
    assert '"merchant_name":"ACME Corp"' in result.raw[0]


def test_pinned_positions_are_overlaid_even_when_the_model_answers_otherwise():
    fake = FakeVLLM(drift_pinned=True)
    fake.responder = _oracle(fake, RECEIPT)
    [result] = _engine(fake).extract_batch([_request(Receipt)])
    assert Receipt.model_validate(result.data) == RECEIPT


def test_long_list_continues_on_follow_up_canvases():
    fake = FakeVLLM()
    invoice = _invoice(5)
    fake.responder = _oracle(fake, invoice)
    plan = compile_plan(Invoice, fake.tokenizer, canvas_length=256)
    expected = encode_values(plan, invoice)
    assert len(expected) >= 3  # the test needs a list that spans canvases
    [result] = _engine(fake).extract_batch([_request(Invoice, text="Globex GmbH INV-0042")])
    assert result.error is None
    assert Invoice.model_validate(result.data) == invoice
    assert len(fake.chat_bodies) == len(expected) == result.stats.canvases
    first, *rest = fake.chat_bodies
    assert first["messages"][-1]["role"] == "user"
    for k, body in enumerate(rest, start=1):
        # the committed canvases are the assistant prefix the next canvas continues
        assert body["continue_final_message"] is True and body["add_generation_prompt"] is False
        last = body["messages"][-1]
        assert last["role"] == "assistant"
        assert fake.tokenizer.encode(last["content"]) == [t for c in expected[:k] for t in c]
    assert result.fields["line_items[4].amount"].canvas == len(expected) - 1


def test_list_overflow_is_flagged_not_cut():
    fake = FakeVLLM()
    fake.responder = _oracle(fake, _invoice(9))
    [result] = _engine(fake, max_canvases=2).extract_batch([_request(Invoice)])
    assert result.error_code == "engine.canvas_overflow"
    assert len(result.data["line_items"]) == 2  # the rows read so far are kept
    assert len(fake.chat_bodies) == 2  # no repair turn for a capacity problem


def _bad_date_then(fake: FakeVLLM, good, *, fix: bool):
    """Answers an impossible date first; answers right only when the prompt carries the validation error."""
    plan = compile_plan(Receipt, fake.tokenizer, canvas_length=256)
    right = encode_values(plan, good)[0]
    wrong = list(right)
    at = _find(fake, right, "2024-03-05")
    wrong[at + 5:at + 7] = fake.tokenizer.encode("19")  # month 19: every token allowed, the date impossible

    def respond(call):
        return list(right) if fix and "does not validate" in call.prompt else wrong

    return respond


def test_repair_turn_feeds_the_validation_error_back_once():
    fake = FakeVLLM()
    fake.responder = _bad_date_then(fake, RECEIPT, fix=True)
    engine = _engine(fake)
    [result] = engine.extract_batch([_request(Receipt)])
    assert result.error is None
    assert Receipt.model_validate(result.data) == RECEIPT
    assert len(fake.chat_bodies) == 2
    repair = fake.chat_bodies[1]["messages"]
    assert [m["role"] for m in repair] == ["user", "assistant", "user"]
    assert "2024-19-05" in repair[1]["content"] and "date" in repair[2]["content"]
    metrics = engine.run_metrics()
    assert metrics["client_repairs"] == 1 and metrics["client_repaired"] == 1


def test_repair_is_bounded_and_the_error_is_recorded():
    fake = FakeVLLM()
    fake.responder = _bad_date_then(fake, RECEIPT, fix=False)
    [result] = _engine(fake).extract_batch([_request(Receipt)])
    assert len(fake.chat_bodies) == 2
    assert result.error_code == INVALID_OUTPUT and "date" in result.error
    assert result.data is not None and result.data["merchant_name"] == "ACME Corp"


def test_repair_can_be_switched_off():
    fake = FakeVLLM()
    fake.responder = _bad_date_then(fake, RECEIPT, fix=True)
    [result] = _engine(fake, repair=False).extract_batch([_request(Receipt)])
    assert len(fake.chat_bodies) == 1 and result.error_code == INVALID_OUTPUT


def test_disallowed_argmax_is_projected_onto_the_slot_set():
    fake = FakeVLLM()
    plan = compile_plan(Receipt, fake.tokenizer, canvas_length=256)
    right = encode_values(plan, RECEIPT)[0]
    at = _find(fake, right, "12.50")
    wrong = list(right)
    wrong[at] = fake.tokenizer.encode("x")[0]  # a letter in a number slot, the server unconstrained
    fake.responder = lambda call: (list(wrong), [0.9 if i != at else 0.3 for i in range(len(wrong))])
    engine = _engine(fake, constrained=False, repair=False)
    [result] = engine.extract_batch([_request(Receipt)])
    assert "diffusion_constrained" not in fake.chat_bodies[0]["vllm_xargs"]
    value = result.data["total"]
    assert value is not None and "x" not in value
    assert engine.run_metrics()["client_projected_positions"] >= 1


def test_a_rejected_request_fails_that_document_only_and_is_not_retried():
    fake = FakeVLLM(canvas_length=128)  # the server's canvas is shorter than the engine's
    [result] = _engine(fake, max_retries=3).extract_batch([_request(Receipt)])
    assert result.error_code == "engine.vllm_rejected" and "canvas_length" in result.error
    assert len(fake.chat_bodies) == 1


def test_transient_errors_are_retried_inside_a_batch():
    fake = FakeVLLM()
    fake.responder = _oracle(fake, RECEIPT)
    engine = _engine(fake)
    engine.extract_batch([_request(Receipt)])  # warm: model name, tokenizer
    fake.chat_bodies.clear()
    fake.calls.clear()
    fake.fail_next(503, 1, path="/health")
    fake.fail_next(503, 1, path="/v1/chat/completions")
    fake.fail_next(429, 1, path="/v1/chat/completions")
    [result] = engine.extract_batch([_request(Receipt)])
    assert result.error is None and Receipt.model_validate(result.data) == RECEIPT
    assert [p for _, _, p in fake.calls].count("/v1/chat/completions") == 3
    assert [p for _, _, p in fake.calls].count("/health") == 2


def test_server_down_fails_the_batch_with_a_retryable_error():
    fake = FakeVLLM()
    fake.down.add("gpu-a:8000")
    with pytest.raises(BackendUnavailableError) as exc:
        _engine(fake).extract_batch([_request(Receipt)])
    assert exc.value.retryable and "healthy" in str(exc.value)


def test_concurrency_limit_round_robin_and_server_metrics():
    fake = FakeVLLM(delay_s=0.02)
    fake.responder = _oracle(fake, RECEIPT)
    engine = _engine(fake, urls=["http://a:1", "http://b:2"], max_num_seqs=2, max_steps=3)
    requests = [_request(Receipt, rid=f"doc-{i}") for i in range(10)]
    results = engine.extract_batch(requests)
    assert [r.id for r in results] == [r.id for r in requests]
    assert all(r.error is None for r in results)
    assert max(fake.max_in_flight_by_host.values()) <= 2
    assert fake.max_in_flight >= 3  # both servers were busy at once
    chat_hosts = Counter(h for h, _, p in fake.calls if p == "/v1/chat/completions")
    assert set(chat_hosts) == {"a:1", "b:2"} and abs(chat_hosts["a:1"] - chat_hosts["b:2"]) <= 2
    m = engine.run_metrics()
    assert m["client_canvases"] == 10
    # both hosts are the same fake, so each counts the other's work too: twice the batch
    assert m["vllm_denoising_steps"] == 2 * 10 * 3
    assert m["vllm_committed_tokens"] == 2 * 10 * 256
    assert m["vllm_steps_per_canvas"] == pytest.approx(3.0)
    # later batches add up (counters since the first batch)
    engine.extract_batch(requests[:2])
    assert engine.run_metrics()["vllm_denoising_steps"] == 2 * 12 * 3


def test_local_tokenizer_path_needs_no_tokenize_calls(tmp_path):
    fake = FakeVLLM()
    fake.tokenizer.save_pretrained(tmp_path / "tok")
    fake.responder = _oracle(fake, RECEIPT)
    [result] = _engine(fake, tokenizer_path=str(tmp_path / "tok")).extract_batch([_request(Receipt)])
    assert Receipt.model_validate(result.data) == RECEIPT
    assert fake.counters["tokenize"] == 0 and fake.counters["detokenize"] == 0


def test_provenance_names_the_served_model_and_hides_the_api_key():
    fake = FakeVLLM()
    engine = _engine(fake, api_key="s3cret")
    engine.extract_batch([_request(Receipt)])
    prov = engine.provenance()
    assert prov.engine == "vllm" and prov.model == MODEL
    assert "api_key" not in prov.settings and "s3cret" not in str(prov.model_dump())


def test_engine_over_loopback_http():
    fake = FakeVLLM()
    fake.responder = _oracle(fake, RECEIPT)
    with fake.serve() as url:
        engine = VLLMEngine(VLLMOptions(urls=[url], vocab_size=len(fake.tokenizer)))
        [result] = engine.extract_batch([_request(Receipt)])
        engine.close()
    assert Receipt.model_validate(result.data) == RECEIPT


def test_a_canvas_cut_short_after_its_slots_still_decodes():
    fake = FakeVLLM()
    fake.responder = _oracle(fake, RECEIPT)
    plan = compile_plan(Receipt, fake.tokenizer, canvas_length=256)
    last_slot_end = max(p.end for p in first_layout(plan).slots)
    fake.truncate_at = last_slot_end + 3  # the answer stops in the pinned tail
    engine = _engine(fake)
    [result] = engine.extract_batch([_request(Receipt)])
    assert Receipt.model_validate(result.data) == RECEIPT
    assert engine.run_metrics().get("client_missing_positions", 0) == 0  # pinned positions are never missing
    # ignore_eos asks for the whole canvas
    fake.chat_bodies.clear()
    _engine(fake, ignore_eos=True).extract_batch([_request(Receipt)])
    assert fake.chat_bodies[0]["ignore_eos"] is True


# ---------------------------------------------------------------------------------------------- protocol

from engine.vllm_protocol import (  # noqa: E402
    CanvasRead,
    VLLMProtocolError,
    build_chat_body,
    build_messages,
    parse_canvas_response,
)


def _read(allowed, length=8, pinned=(0, 7)):
    return CanvasRead(seed=list(range(length)), pinned=list(pinned), allowed=allowed)


def test_constrained_only_when_small_sets_cover_every_free_position():
    digits = frozenset(range(10, 20))
    text = frozenset(range(10, 500))
    msgs = build_messages("doc")
    covered = build_chat_body("m", msgs, _read({p: digits for p in range(1, 7)}), max_steps=4)
    assert covered["vllm_xargs"]["diffusion_constrained"] is True
    assert covered["logprob_token_ids"] == sorted(digits) and covered["top_logprobs"] == 1
    mixed = build_chat_body("m", msgs, _read({1: digits, 2: digits, **{p: text for p in range(3, 7)}}), max_steps=4)
    assert "diffusion_constrained" not in mixed["vllm_xargs"] and mixed["logprob_token_ids"] == sorted(digits)
    open_ = build_chat_body("m", msgs, _read({1: digits}), max_steps=4)  # positions 2..6 unrestricted
    assert "diffusion_constrained" not in open_["vllm_xargs"]
    off = build_chat_body("m", msgs, _read({p: digits for p in range(1, 7)}), max_steps=4, constrained=False)
    assert "diffusion_constrained" not in off["vllm_xargs"]
    # sets whose union passes the cap: the smallest first, as many as fit
    many = {p: frozenset(range(100 * p, 100 * p + 50 + p)) for p in range(1, 7)}
    some = build_chat_body("m", msgs, _read(many), max_steps=4)
    assert some["logprob_token_ids"] == sorted(many[1] | many[2])
    assert "diffusion_constrained" not in some["vllm_xargs"]
    # only sets over the cap: top-k log-probabilities instead
    wide = build_chat_body("m", msgs, _read({p: text for p in range(1, 7)}), max_steps=4)
    assert "logprob_token_ids" not in wide and wide["top_logprobs"] == 20


def test_body_never_carries_what_diffusion_models_reject():
    body = build_chat_body("m", build_messages("doc"), _read({}), max_steps=2)
    assert not FORBIDDEN_FIELDS & set(body)
    with pytest.raises(EngineError, match="rejects or ignores"):
        build_chat_body("m", build_messages("doc"), _read({}), max_steps=2, extra_body={"temperature": 0})
    with pytest.raises(EngineError, match="pinned"):
        build_chat_body("m", build_messages("doc"), _read({}, pinned=(9,)), max_steps=2)
    with pytest.raises(EngineError, match="PNG"):
        build_messages("doc", images=[b"not an image"])


def _row(tid, lp, top=()):
    return {"token": f"token_id:{tid}", "logprob": lp, "top_logprobs": [
        {"token": f"token_id:{i}", "logprob": v} for i, v in top]}


def test_parse_overlays_pins_and_projects_per_position():
    import math

    read = CanvasRead(seed=[1, 50, 51, 2], pinned=[0, 3], allowed={1: frozenset({10, 11}), 2: frozenset({12})})
    rows = [_row(99, -0.1), _row(40, -0.2, [(10, math.log(0.1)), (11, math.log(0.3))]),
            _row(12, math.log(0.8), [(12, math.log(0.8))]), _row(98, -0.1)]
    res = parse_canvas_response({"choices": [{"logprobs": {"content": rows}, "finish_reason": "stop"}],
                                 "usage": {"prompt_tokens": 7}}, read)
    assert res.ids == [1, 11, 12, 2]  # pins from the seed, position 1 projected onto {10, 11}
    assert res.projected == 1 and res.unresolved == [] and res.prompt_tokens == 7
    assert res.probs[0] == 1.0 and res.probs[1] == pytest.approx(0.75)
    short = parse_canvas_response({"choices": [{"logprobs": {"content": rows[:2]}}]}, read)
    assert short.ids[2] == 51 and short.missing == 1 and short.probs[2] == 0.0
    # no allowed candidate returned: the filler when the position allows it, else the argmax
    bare = [_row(99, -0.1), _row(40, -0.2), _row(41, -0.2), _row(98, -0.1)]
    with_filler = CanvasRead(seed=[1, 50, 51, 2], pinned=[0, 3], fallback=0,
                             allowed={1: frozenset({10, 0}), 2: frozenset({12})})
    res = parse_canvas_response({"choices": [{"logprobs": {"content": bare}}]}, with_filler)
    assert res.ids == [1, 0, 41, 2] and res.unresolved == [1, 2]


@pytest.mark.parametrize("data, message", [
    ({"choices": []}, "no choices"),
    ({"choices": [{"logprobs": None}]}, "logprobs"),
    ({"choices": [{"logprobs": {"content": [_row(1, 0.0), {"token": "a", "logprob": 0.0}]}}]}, "token_id"),
    ({"choices": [{"logprobs": {"content": [_row(1, 0.0)] * 9}}]}, "positions"),
])
def test_parse_rejects_answers_that_are_not_canvas_reads(data, message):
    with pytest.raises(VLLMProtocolError, match=message):
        parse_canvas_response(data, _read({}))


def test_an_answer_that_is_not_vllm_fails_the_document_with_a_protocol_error():
    fake = FakeVLLM()

    def proxy(request):
        if request.url.path == "/v1/chat/completions":
            return httpx.Response(200, text="<html>gateway login</html>")
        return fake.handle(request)

    opts = VLLMOptions(urls=["http://gpu-a:8000"], vocab_size=len(fake.tokenizer), backoff_s=0.001)
    engine = VLLMEngine(opts, transport=httpx.MockTransport(proxy))
    [result] = engine.extract_batch([_request(Receipt)])
    assert result.error_code == "engine.vllm_protocol" and "non-JSON" in result.error
    with pytest.raises(VLLMProtocolError, match="malformed"):
        parse_canvas_response({"choices": [{"logprobs": {"content": [_row(1, 0.0), {"token": "token_id:x"}]}}]},
                              _read({}))


# ---------------------------------------------------------------------------------------------- command line


def test_extract_run_with_engine_vllm_and_url(tmp_path):
    """`extract run DIR --engine vllm --url URL`: the whole pipeline against a server on loopback."""
    from click.testing import CliRunner

    from pipeline.cli import get_command

    docs = tmp_path / "in"
    docs.mkdir()
    (docs / "receipt.txt").write_text("ACME Corp\n1 Main St\nDate 2024-03-05\nTOTAL 12.50\n", encoding="utf-8")
    fake = FakeVLLM()
    fake.responder = _oracle(fake, RECEIPT)
    out = tmp_path / "out"
    with fake.serve() as url:
        result = CliRunner().invoke(get_command(), ["run", str(docs), "--out", str(out), "--engine", "vllm",
                                                    "--url", url, "--doc-type", "receipt", "--workers", "1",
                                                    "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    [record] = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert record["status"] == "accepted", record["errors"]
    assert record["data"] == {"merchant_name": "ACME Corp", "merchant_address": "1 Main St", "date": "2024-03-05",
                              "total": "12.50"}
    assert record["provenance"]["engine"] == "vllm" and record["provenance"]["model"] == MODEL
    assert fake.counters["chat"] == 1
