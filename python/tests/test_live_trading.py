"""Against a started Rampart (test/integration/python-sdk.test.ts starts it, with BTC-USD at bid 60000, ask 60001,
last 60000.5): orders with exits, each error class from a real refusal, a lost answer retried with its
Idempotency-Key placing once, Retry-After honoured — on a Client and on an AsyncClient."""

from collections.abc import Callable
from typing import Any

import httpx
from driver import Driver
from live import Live

import rampart

LIMIT_BUY = {"market": "BTC-USD", "side": "buy", "type": "limit", "size": "0.01", "limit_price": "59000"}


def test_places_an_order_with_exits_previews_edits_and_cancels_it(d: Driver, live: Live) -> None:
    t = live.trader()
    client = d.client(base_url=live.base_url, api_key=t["key"])
    accounts = d.run(client.accounts.list())
    assert [a["id"] for a in accounts["data"]] == [t["account_id"]]
    order = d.run(
        client.orders.place(
            t["account_id"],
            {**LIMIT_BUY, "take_profit": {"price": "61200"}, "stop_loss": {"price": "58200", "trailing": {"distance": "500"}}},
        )
    )
    assert (order["status"], order["limit_price"], order["size"]) == ("working", "59000", "0.01")
    assert [(e["kind"], e["price"]) for e in order["exits"]] == [("take_profit", "61200"), ("stop_loss", "58200")]
    preview = d.run(client.orders.preview(t["account_id"], {"market": "BTC-USD", "side": "buy", "type": "market", "size": "0.01"}))
    assert preview["outcome"] == "would_fill"
    edited = d.run(client.orders.edit(t["account_id"], order["id"], {"exits": {"take_profit": {"price": "61800"}}}))
    assert [e["price"] for e in edited["exits"] if e["kind"] == "take_profit"] == ["61800"]
    canceled = d.run(client.orders.cancel(t["account_id"], order["id"]))
    assert canceled["status"] == "canceled"
    market = d.run(client.markets.get("BTC-USD"))
    assert (market["bid"], market["ask"]) == ("60000", "60001")


def test_each_error_class_from_a_real_refusal(d: Driver, live: Live) -> None:
    t = live.trader()
    client = d.client(base_url=live.base_url, api_key=t["key"])
    a = t["account_id"]

    def refused(kind: type[rampart.RampartError], call: Callable[[], Any]) -> Any:
        e = d.raises(kind, call)
        assert e.request_id.startswith("req_")
        assert e.doc_url == f"https://docs.rampart.dev/reference/errors#{e.code}"
        assert e.message
        return e

    e = refused(rampart.InvalidRequestError, lambda: client.orders.place(a, {**LIMIT_BUY, "size": "0.00001"}))
    assert (e.code, e.status, e.retryable) == ("invalid_size_step", 400, False)
    assert e.details["nearest"] and all(isinstance(n, str) for n in e.details["nearest"])
    # 50 BTC (≈3,000,000 USD) on a 100,000 account needs more margin than there is.
    e = refused(rampart.RuleRejectionError, lambda: client.orders.place(a, {"market": "BTC-USD", "side": "buy", "type": "market", "size": "50"}))
    assert e.code == "insufficient_margin"
    assert isinstance(e.details["required"], str)
    e = refused(rampart.NotFoundError, lambda: client.orders.get(a, "ord_nothing"))
    assert e.code == "order_not_found"
    order = d.run(client.orders.place(a, LIMIT_BUY))
    d.run(client.orders.cancel(a, order["id"]))
    e = refused(rampart.ConflictError, lambda: client.orders.cancel(a, order["id"]))
    assert e.code == "order_not_working"
    unknown = d.client(base_url=live.base_url, api_key="rk_test_unknown")
    assert refused(rampart.AuthenticationError, lambda: unknown.accounts.list()).code == "invalid_api_key"
    read_key = live.admin("POST", f"/admin/v1/customers/{t['customer_id']}/keys", {"environment": "sandbox", "access": "read"})["key"]
    reader = d.client(base_url=live.base_url, api_key=read_key)
    assert refused(rampart.PermissionDeniedError, lambda: reader.orders.place(a, LIMIT_BUY)).code == "insufficient_permission"


def test_a_lost_answer_is_retried_with_the_same_key_and_the_order_is_placed_once(d: Driver, live: Live) -> None:
    t = live.trader()
    lost: list[str] = []

    def lose_first_post(request: httpx.Request, response: httpx.Response) -> httpx.Response:
        # The order was placed; its answer is lost on the way back.
        if request.method == "POST" and not lost:
            lost.append(request.headers["idempotency-key"])
            raise httpx.ReadError("socket hang up")
        return response

    seen: list[httpx.Response] = []
    client = d.client(base_url=live.base_url, api_key=t["key"], wrap=lose_first_post, seen=seen)
    order = d.run(client.orders.place(t["account_id"], LIMIT_BUY))
    assert order["status"] == "working"
    assert [r.request.headers["idempotency-key"] for r in seen] == lost
    assert seen[0].headers.get("idempotent-replayed") == "true"
    assert len(d.waits) == 1
    assert [o["id"] for o in d.run(client.orders.list(t["account_id"]))["data"]] == [order["id"]]


def test_the_callers_own_key_answers_the_first_order_and_refuses_another_body(d: Driver, live: Live) -> None:
    t = live.trader()
    client = d.client(base_url=live.base_url, api_key=t["key"])
    first = d.run(client.orders.place(t["account_id"], LIMIT_BUY, idempotency_key=f"entry-{d.kind}"))
    again = d.run(client.orders.place(t["account_id"], LIMIT_BUY, idempotency_key=f"entry-{d.kind}"))
    assert again["id"] == first["id"]
    e = d.raises(rampart.RuleRejectionError, lambda: client.orders.place(t["account_id"], {**LIMIT_BUY, "size": "0.02"}, idempotency_key=f"entry-{d.kind}"))
    assert e.code == "idempotency_key_reused"


def test_an_engine_busy_refusal_is_retried_after_its_retry_after(d: Driver, live: Live) -> None:
    t = live.trader()
    seen: list[httpx.Response] = []
    live.admin("POST", "/admin/v1/faults", {"kind": "engine_busy", "enabled": True})
    try:
        client = d.client(base_url=live.base_url, api_key=t["key"], seen=seen, on_wait=lambda _: live.admin("POST", "/admin/v1/faults", {"kind": "clear"}))
        order = d.run(client.orders.place(t["account_id"], LIMIT_BUY))
    finally:
        live.admin("POST", "/admin/v1/faults", {"kind": "clear"})
    assert order["status"] == "working"
    assert [r.status_code for r in seen] == [503, 201]
    retry_after = float(seen[0].headers["retry-after"])
    assert retry_after >= 1
    assert len(d.waits) == 1
    assert d.waits[0] >= retry_after
    assert seen[1].request.headers["idempotency-key"] == seen[0].request.headers["idempotency-key"]


def test_paginate_gives_every_order_page_after_page(d: Driver, live: Live) -> None:
    t = live.trader()
    client = d.client(base_url=live.base_url, api_key=t["key"])
    placed = [d.run(client.orders.place(t["account_id"], {**LIMIT_BUY, "limit_price": p}))["id"] for p in ("59000", "59001", "59002")]
    if d.kind == "sync":
        ids = [o["id"] for o in rampart.paginate(client.orders.list, t["account_id"], limit=2)]
    else:

        async def collect() -> list[str]:
            return [o["id"] async for o in rampart.apaginate(client.orders.list, t["account_id"], limit=2)]

        ids = d.run(collect())
    assert sorted(ids) == sorted(placed)
