"""Retries: the Idempotency-Key of a creating call is the same on every attempt (so a lost answer does not place
twice), retryable answers are retried no sooner than Retry-After, and what may not be repeated is not."""

import re

import httpx
import pytest
from driver import Driver
from scripted import Script, json_answer, refusal

import rampart
from rampart._options import RetryPolicy
from rampart._retry import retry_delay

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
LIMIT_BUY = {"market": "BTC-USD", "side": "buy", "type": "limit", "size": "0.01", "limit_price": "59000"}
ORDER = {"id": "ord-1", "status": "working"}


def keys(script: Script) -> list[str | None]:
    return [r.headers.get("idempotency-key") for r in script.requests]


def test_a_lost_answer_is_retried_with_the_same_key(d: Driver) -> None:
    script = Script(httpx.ReadError("socket hang up"), json_answer(201, ORDER))
    client = d.client(script)
    assert d.run(client.orders.place("acc-1", LIMIT_BUY)) == ORDER
    assert len(script.requests) == 2
    assert UUID.match(keys(script)[0] or "")
    assert keys(script)[1] == keys(script)[0]
    assert len(d.waits) == 1
    assert script.requests[0].headers["content-type"] == "application/json"
    assert script.requests[0].content == b'{"market":"BTC-USD","side":"buy","type":"limit","size":"0.01","limit_price":"59000"}'


def test_each_call_makes_its_own_key_and_the_callers_own_is_sent(d: Driver) -> None:
    script = Script(json_answer(201, ORDER))
    client = d.client(script)
    d.run(client.orders.place("acc-1", LIMIT_BUY))
    d.run(client.orders.place("acc-1", LIMIT_BUY))
    d.run(client.orders.place("acc-1", LIMIT_BUY, idempotency_key="entry-42"))
    first, second, own = keys(script)
    assert first != second
    assert own == "entry-42"


def test_a_retryable_refusal_is_retried_after_its_retry_after_with_the_same_key(d: Driver) -> None:
    script = Script(refusal(503, "engine", "engine_busy", True, retry_after="3"), json_answer(201, ORDER))
    client = d.client(script)
    assert d.run(client.orders.place("acc-1", LIMIT_BUY)) == ORDER
    assert d.waits == [3.0]
    assert keys(script)[1] == keys(script)[0]


def test_a_retry_after_over_the_policy_is_not_waited_for(d: Driver) -> None:
    script = Script(refusal(429, "rate_limit", "rate_limited", True, retry_after="120"))
    client = d.client(script)
    e = d.raises(rampart.RateLimitError, lambda: client.markets.list())
    assert e.retry_after == 120.0
    assert len(script.requests) == 1
    assert d.waits == []


def test_gives_up_after_max_retries_with_the_last_refusal(d: Driver) -> None:
    script = Script(refusal(503, "engine", "engine_busy", True))
    client = d.client(script, max_retries=1)
    d.raises(rampart.EngineError, lambda: client.markets.list())
    assert len(script.requests) == 2
    assert len(d.waits) == 1


def test_a_network_failure_is_retried_on_a_get_with_doubling_backoff_not_on_a_post_without_a_key(d: Driver) -> None:
    script = Script(httpx.ConnectError("connection refused"))
    client = d.client(script)
    d.raises(rampart.RampartConnectionError, lambda: client.accounts.list())
    assert len(script.requests) == 3
    # Each wait is the backoff less up to a quarter of jitter.
    assert 0.375 <= d.waits[0] <= 0.5
    assert 0.75 <= d.waits[1] <= 1.0
    script.requests.clear()
    d.raises(rampart.RampartConnectionError, lambda: client.orders.preview("acc-1", LIMIT_BUY))
    assert len(script.requests) == 1
    assert script.requests[0].headers.get("idempotency-key") is None


def test_a_post_without_a_key_is_never_sent_twice_not_even_after_a_429(d: Driver) -> None:
    script = Script(refusal(429, "rate_limit", "rate_limited", True, retry_after="2"))
    e = d.raises(rampart.RateLimitError, lambda: d.client(script).orders.preview("acc-1", LIMIT_BUY))
    assert e.retry_after == 2.0
    assert len(script.requests) == 1
    assert script.requests[0].headers.get("idempotency-key") is None
    busy = Script(refusal(503, "engine", "engine_busy", True), json_answer(202, {"alert_id": "alt_1"}))
    d.raises(rampart.EngineError, lambda: d.client(busy).signals.alert("rsig_1", "buy"))
    assert len(busy.requests) == 1
    assert d.waits == []


def test_a_refusal_that_is_not_retryable_is_raised_at_once(d: Driver) -> None:
    script = Script(refusal(409, "conflict", "order_not_working", details={"status": "canceled"}))
    client = d.client(script)
    e = d.raises(rampart.ConflictError, lambda: client.orders.cancel("acc-1", "ord-1"))
    assert e.details == {"status": "canceled"}
    assert len(script.requests) == 1
    assert d.waits == []


def test_max_retries_zero_turns_retries_off_and_a_call_may_set_its_own(d: Driver) -> None:
    script = Script(httpx.ConnectError("down"))
    d.raises(rampart.RampartConnectionError, lambda: d.client(script, max_retries=0).accounts.list())
    assert len(script.requests) == 1
    script.requests.clear()
    d.raises(rampart.RampartConnectionError, lambda: d.client(script).accounts.list(max_retries=0))
    assert len(script.requests) == 1


def test_a_stale_token_from_a_token_source_is_renewed_once_and_the_call_sent_again_with_the_same_key(d: Driver) -> None:
    class Source:
        def __init__(self) -> None:
            self.tokens = ["rat_old", "rat_new"]
            self.renewed = 0

        def bearer(self) -> str:
            return self.tokens[0]

        def renew(self) -> None:
            self.renewed += 1
            self.tokens.pop(0)

    source = Source()
    script = Script(refusal(401, "authentication", "expired_token"), json_answer(201, ORDER))
    client = d.client(script, api_key=None, token_source=source, environment="sandbox")
    assert d.run(client.orders.place("acc-1", LIMIT_BUY)) == ORDER
    assert [r.headers["authorization"] for r in script.requests] == ["Bearer rat_old", "Bearer rat_new"]
    assert keys(script)[0] == keys(script)[1]
    assert source.renewed == 1
    assert d.waits == []
    # A POST without a key is not sent twice: it raises, and the next call has the new token.
    source.tokens = ["rat_stale", "rat_fresh"]
    script.requests.clear()
    script.answers = [refusal(401, "authentication", "expired_token"), json_answer(200, {"outcome": "would_rest"})]
    d.raises(rampart.AuthenticationError, lambda: client.orders.preview("acc-1", LIMIT_BUY))
    assert d.run(client.orders.preview("acc-1", LIMIT_BUY)) == {"outcome": "would_rest"}
    assert [r.headers["authorization"] for r in script.requests] == ["Bearer rat_stale", "Bearer rat_fresh"]


def test_every_request_says_who_asks_and_what_it_accepts(d: Driver) -> None:
    script = Script(json_answer(200, {"data": [], "next_cursor": None, "has_more": False}))
    d.run(d.client(script, headers={"x-team": "quant"}).accounts.list(limit=5, headers={"x-call": "1"}))
    r = script.requests[0]
    assert r.headers["authorization"] == "Bearer rk_test_x"
    assert r.headers["accept"] == "application/json"
    assert r.headers["user-agent"] == f"rampart-sdk-python/{rampart.__version__}"
    assert (r.headers["x-team"], r.headers["x-call"]) == ("quant", "1")
    assert str(r.url) == "http://rampart.invalid/v1/accounts?limit=5"


def test_the_key_picks_the_environment_and_base_url_wins() -> None:
    assert rampart.Client("rk_live_x").base_url == "http://127.0.0.1:8080"
    assert rampart.Client("rk_test_x").environment == "sandbox"
    assert rampart.Client("rk_live_x", base_url="https://api.example.com/").base_url == "https://api.example.com"
    with pytest.raises(TypeError):
        rampart.Client()


def test_retry_delay_doubles_up_to_the_cap_with_jitter_and_never_under_retry_after() -> None:
    policy = RetryPolicy()
    assert [retry_delay(policy, n, None, lambda: 0) for n in range(1, 7)] == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
    assert retry_delay(policy, 1, None, lambda: 1) == 0.375
    assert retry_delay(policy, 1, 3, lambda: 0) == 3
    assert retry_delay(policy, 5, 1, lambda: 0) == 8.0
    assert retry_delay(policy, 1, 61, lambda: 0) is None


def test_a_str_body_goes_as_text_a_dict_as_json(d: Driver) -> None:
    script = Script(json_answer(202, {"alert_id": "alt_1", "status": "pending", "duplicate": False, "results": None}))
    client = d.client(script)
    d.run(client.signals.alert("rsig_1", "buy BTC-USD 0.1"))
    d.run(client.signals.alert("rsig_1", {"action": "buy"}))
    assert [(r.headers["content-type"], r.content) for r in script.requests] == [
        ("text/plain; charset=utf-8", b"buy BTC-USD 0.1"),
        ("application/json", b'{"action":"buy"}'),
    ]
    assert str(script.requests[0].url) == "http://rampart.invalid/v1/alerts/rsig_1"
