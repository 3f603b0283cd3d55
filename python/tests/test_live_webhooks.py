"""verify_webhook on real deliveries of a started Rampart to an endpoint registered through a Client or an
AsyncClient, and on their forgeries."""

import http.server
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from driver import Driver
from live import Live

import rampart


class Receiver:
    """An HTTP endpoint on 127.0.0.1 keeping each delivery's raw body and headers."""

    def __init__(self) -> None:
        deliveries: list[tuple[bytes, Any]] = []
        self.deliveries = deliveries

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                deliveries.append((self.rfile.read(int(self.headers["content-length"])), self.headers))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def first(self) -> tuple[bytes, Any]:
        deadline = time.monotonic() + 20
        while not self.deliveries and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.deliveries, "no delivery within 20 s"
        return self.deliveries[0]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.server.shutdown()
    r.server.server_close()


def test_verifies_a_real_delivery_and_refuses_its_forgeries(d: Driver, live: Live, receiver: Receiver) -> None:
    t = live.trader()
    client = d.client(base_url=live.base_url, api_key=t["key"])
    hook = d.run(client.webhooks.create({"url": receiver.url, "account_id": t["account_id"]}))
    assert hook["secret"].startswith("whsec_")
    order = d.run(client.orders.place(t["account_id"], {"market": "BTC-USD", "side": "buy", "type": "limit", "size": "0.01", "limit_price": "59000"}))
    body, headers = receiver.first()

    event = rampart.verify_webhook(body, headers, hook["secret"])
    assert (event["type"], event["data"]["id"], event["id"]) == ("order.created", order["id"], headers["webhook-id"])
    assert rampart.verify_webhook(body.decode(), dict(headers.items()), hook["secret"]) == event

    def refused(why: str, *args: Any, **kwargs: Any) -> None:
        with pytest.raises(rampart.WebhookVerificationError, match=why):
            rampart.verify_webhook(*args, **kwargs)

    forged = {**dict(headers.items()), "webhook-id": "evt_test_forged"}
    refused("no webhook-signature matches", body.replace(b'"0.01"', b'"1"'), headers, hook["secret"])
    refused("no webhook-signature matches", body, forged, hook["secret"])
    refused("tolerance", body, headers, hook["secret"], now=int(headers["webhook-timestamp"]) + 301)
    deliveries = d.run(client.webhooks.deliveries(hook["id"]))
    assert event["id"] in [x["event_id"] for x in deliveries["data"]]
