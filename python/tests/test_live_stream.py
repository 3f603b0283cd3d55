"""The account stream against a started Rampart, as an iterator and as an async iterator: after a dropped
connection it reconnects with Last-Event-ID and gives the events made while it was away, none twice, in the order
GET /v1/events lists them; it ends with the refusal when its key is revoked."""

from typing import Any

import httpx
import pytest
from driver import Cuttable, Driver
from live import Live

import rampart

LIMIT_BUY = {"market": "BTC-USD", "side": "buy", "type": "limit", "size": "0.01", "limit_price": "59000"}


def test_resumes_with_last_event_id_after_a_drop(d: Driver, live: Live) -> None:
    t = live.trader()
    trader = rampart.Client(t["key"], base_url=live.base_url)
    bodies: list[Cuttable] = []

    def cuttable(request: httpx.Request, response: httpx.Response) -> httpx.Response:
        if not request.url.path.endswith("/stream") or response.status_code != 200:
            return response
        bodies.append(Cuttable(response.stream))
        return httpx.Response(200, headers=response.headers, stream=bodies[-1], request=request)

    placed: list[str] = []

    def place(price: str) -> None:
        placed.append(trader.orders.place(t["account_id"], {**LIMIT_BUY, "limit_price": price})["id"])

    def on_state(state: str, _: object) -> None:
        # Once the first connection is live, an order; while the client is away (its wait), another.
        if state == "live" and not placed:
            place("59000")

    seen: list[httpx.Response] = []
    # The wait before reconnecting is when the client is away: an order is placed then.
    client = d.client(base_url=live.base_url, api_key=t["key"], wrap=cuttable, seen=seen, on_wait=lambda _: place("59100"))
    stream = client.events.stream(t["account_id"], on_state=on_state)

    def cut_after_first(event: Any) -> None:
        if len(bodies) == 1:
            bodies[0].cut()

    got = d.take(stream, 2, on_event=cut_after_first)
    assert [(e["type"], e["data"]["id"]) for e in got] == [("order.created", placed[0]), ("order.created", placed[1])]
    assert len(d.waits) == 1
    assert stream.connections == 2
    streams = [r.request for r in seen if r.request.url.path.endswith("/stream")]
    assert streams[0].headers.get("last-event-id") is None
    assert streams[1].headers.get("last-event-id") == got[0]["id"]
    assert stream.last_event_id == got[1]["id"]
    # The same events, in the same order, as the list gives.
    assert [e["id"] for e in trader.events.list(account_id=t["account_id"])["data"]] == [e["id"] for e in got]
    trader.close()


def test_starts_after_resume_and_ends_with_the_refusal_when_the_key_is_revoked(d: Driver, live: Live) -> None:
    t = live.trader()
    spare = live.admin("POST", f"/admin/v1/customers/{t['customer_id']}/keys", {"environment": "sandbox", "access": "trade"})
    with rampart.Client(t["key"], base_url=live.base_url) as trader:
        a = trader.orders.place(t["account_id"], LIMIT_BUY)
        b = trader.orders.place(t["account_id"], {**LIMIT_BUY, "limit_price": "59001"})
        events = trader.events.list(account_id=t["account_id"])["data"]
    assert [e["data"]["id"] for e in events] == [a["id"], b["id"]]
    client = d.client(base_url=live.base_url, api_key=spare["key"])
    got: list[str] = []

    def revoke_after_first(event: Any) -> None:
        got.append(event["id"])
        live.admin("DELETE", f"/admin/v1/keys/{spare['id']}")

    with pytest.raises(rampart.AuthenticationError) as info:
        d.take(client.events.stream(t["account_id"], resume=events[0]["id"]), on_event=revoke_after_first)
    assert got == [events[1]["id"]]
    assert (info.value.code, info.value.status) == ("revoked_api_key", 401)
