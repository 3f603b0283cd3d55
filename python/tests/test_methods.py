"""One method per operation of the document, on both clients: each operationId is called by the method named
here, which sends the operation's method and path (and an Idempotency-Key exactly where the document takes one),
and is typed with the document's body and answer. A new operation without a method fails here."""

import inspect
import re
import typing
from collections.abc import Callable
from typing import Any

import pytest
from driver import Driver
from scripted import Script, json_answer

import rampart
from rampart._generated import models
from rampart._generated.operations import OPERATIONS
from rampart._options import OPTION_KEYS

A = "acc-1"
MARKET_BUY = {"market": "BTC-USD", "side": "buy", "type": "market", "size": "0.01"}
METHODS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "getOpenApi": ("service.openapi", lambda r: r.service.openapi()),
    "getStatus": ("service.status", lambda r: r.service.status()),
    "getLimits": ("service.limits", lambda r: r.service.limits()),
    "listMarkets": ("markets.list", lambda r: r.markets.list()),
    "getMarket": ("markets.get", lambda r: r.markets.get("BTC-USD")),
    "listProducts": ("products.list", lambda r: r.products.list()),
    "listAccounts": ("accounts.list", lambda r: r.accounts.list(limit=10)),
    "openAccount": ("accounts.open", lambda r: r.accounts.open()),
    "getAccount": ("accounts.get", lambda r: r.accounts.get(A)),
    "getEquityCurve": ("accounts.equity", lambda r: r.accounts.equity(A, resolution="day")),
    "listOrders": ("orders.list", lambda r: r.orders.list(A)),
    "placeOrder": ("orders.place", lambda r: r.orders.place(A, MARKET_BUY)),
    "previewOrder": ("orders.preview", lambda r: r.orders.preview(A, MARKET_BUY)),
    "cancelAllOrders": ("orders.cancel_all", lambda r: r.orders.cancel_all(A)),
    "armDeadManSwitch": ("orders.cancel_all_after", lambda r: r.orders.cancel_all_after(A, {"timeout_ms": 60_000})),
    "getDeadManSwitch": ("orders.dead_man_switch", lambda r: r.orders.dead_man_switch(A)),
    "getOrder": ("orders.get", lambda r: r.orders.get(A, "ord-1")),
    "cancelOrder": ("orders.cancel", lambda r: r.orders.cancel(A, "ord-1")),
    "editOrder": ("orders.edit", lambda r: r.orders.edit(A, "ord-1", {"limit_price": "59000"})),
    "listPositions": ("positions.list", lambda r: r.positions.list(A)),
    "closeAllPositions": ("positions.close_all", lambda r: r.positions.close_all(A)),
    "getPosition": ("positions.get", lambda r: r.positions.get(A, "BTC-USD")),
    "closePosition": ("positions.close", lambda r: r.positions.close(A, "BTC-USD")),
    "setPositionExits": (
        "positions.set_exits",
        lambda r: r.positions.set_exits(A, "BTC-USD", {"take_profit": {"price": "61000"}, "stop_loss": None, "break_even": None}),
    ),
    "adjustPositionMargin": ("positions.adjust_margin", lambda r: r.positions.adjust_margin(A, "BTC-USD", {"amount": "10"})),
    "listFills": ("fills.list", lambda r: r.fills.list(A)),
    "listMarginSettings": ("margin.list", lambda r: r.margin.list(A)),
    "setMarginSetting": ("margin.set", lambda r: r.margin.set(A, "BTC-USD", {"leverage": 5})),
    "listEvents": ("events.list", lambda r: r.events.list(account_id=A)),
    "streamAccount": ("events.stream", lambda r: r.events.stream(A, max_reconnects=0)),
    "createWebhook": ("webhooks.create", lambda r: r.webhooks.create({"url": "https://example.com/hooks"})),
    "listWebhooks": ("webhooks.list", lambda r: r.webhooks.list()),
    "deleteWebhook": ("webhooks.delete", lambda r: r.webhooks.delete("wh-1")),
    "listWebhookDeliveries": ("webhooks.deliveries", lambda r: r.webhooks.deliveries("wh-1")),
    "createSignal": (
        "signals.create",
        lambda r: r.signals.create({"name": "Breakout", "accounts": [{"account_id": "SANDBOX-1001-1", "multiplier": "2"}]}),
    ),
    "listSignals": ("signals.list", lambda r: r.signals.list()),
    "revokeSignal": ("signals.revoke", lambda r: r.signals.revoke("sig-1")),
    "listSignalDeliveries": ("signals.deliveries", lambda r: r.signals.deliveries("sig-1")),
    "receiveAlert": ("signals.alert", lambda r: r.signals.alert("rsig_1", {"ticker": "BTCUSDT", "action": "buy", "quantity": "0.1"})),
}


def pattern(template: str) -> re.Pattern[str]:
    """The document's path template as a pattern of concrete paths."""
    return re.compile("^" + re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template)) + "$")


def test_every_operation_has_a_method() -> None:
    assert sorted(METHODS) == sorted(OPERATIONS)


def test_each_method_sends_its_operations_method_path_and_idempotency_key(d: Driver) -> None:
    script = Script(json_answer(200, {}))
    client = d.client(script)
    for operation_id, (name, call) in METHODS.items():
        script.requests.clear()
        if operation_id == "streamAccount":
            # A body with no event: the stream gives up after max_reconnects=0.
            with pytest.raises(rampart.RampartConnectionError):
                d.take(call(client))
        else:
            d.run(call(client))
        op = OPERATIONS[operation_id]
        request = script.requests[0]
        assert request.method == op.method, operation_id
        assert pattern(op.path).match(request.url.path), (operation_id, request.url.path)
        if op.idempotency_key:
            assert re.match(r"^[0-9a-f-]{36}$", request.headers.get("idempotency-key", "")), operation_id
        else:
            assert request.headers.get("idempotency-key") is None, operation_id


@pytest.mark.parametrize("client_class", [rampart.Client, rampart.AsyncClient])
def test_each_method_is_typed_with_the_documents_body_and_answer(client_class: type) -> None:
    client = client_class("rk_test_x", http_client=object())
    for operation_id, (name, _) in METHODS.items():
        group, method = name.split(".")
        fn = getattr(getattr(client, group), method)
        hints = typing.get_type_hints(fn)
        op = OPERATIONS[operation_id]
        if op.result is not None:
            assert hints["return"] == getattr(models, op.result), operation_id
        if op.body is not None:
            body = hints["body"] if "body" in hints else hints["alert"]
            assert getattr(models, op.body) in (body, *typing.get_args(body)), operation_id
        if op.query is not None and operation_id != "streamAccount":
            params = inspect.signature(fn).parameters["params"]
            assert params.kind is inspect.Parameter.VAR_KEYWORD, operation_id
            unpacked = typing.get_args(hints["params"])[0]
            assert typing.get_type_hints(getattr(models, op.query)).items() <= typing.get_type_hints(unpacked).items(), operation_id


def test_no_query_parameter_is_named_as_a_request_option() -> None:
    for op in OPERATIONS.values():
        if op.query is not None:
            assert not set(getattr(models, op.query).__annotations__) & OPTION_KEYS, op.query
