"""How each operation is called.

Generated from Rampart's OpenAPI document by `npm run python:generate`; do not edit:
test/integration/python-generated.test.ts fails when this file differs from what the document generates.
"""

from typing import NamedTuple


class Operation(NamedTuple):
    method: str
    path: str
    # The document takes an Idempotency-Key on it: the client sends one, the same on every retry.
    idempotency_key: bool
    # The names, in models.py, of its JSON body, its answer and its query parameters (None: it has none).
    body: str | None
    result: str | None
    query: str | None


OPERATIONS: dict[str, Operation] = {
    "getOpenApi": Operation("GET", "/v1/openapi.json", False, None, "GetOpenApiResponse", None),
    "getStatus": Operation("GET", "/v1/status", False, None, "Status", None),
    "getLimits": Operation("GET", "/v1/limits", False, None, "Limits", None),
    "listMarkets": Operation("GET", "/v1/markets", False, None, "MarketList", None),
    "getMarket": Operation("GET", "/v1/markets/{market}", False, None, "Market", None),
    "listProducts": Operation("GET", "/v1/products", False, None, "ProductList", None),
    "listAccounts": Operation("GET", "/v1/accounts", False, None, "AccountList", "ListAccountsQuery"),
    "openAccount": Operation("POST", "/v1/accounts", True, "OpenAccountRequest", "Account", None),
    "getAccount": Operation("GET", "/v1/accounts/{account_id}", False, None, "Account", None),
    "listOrders": Operation(
        "GET", "/v1/accounts/{account_id}/orders", False, None, "OrderList", "ListOrdersQuery"
    ),
    "placeOrder": Operation(
        "POST", "/v1/accounts/{account_id}/orders", True, "PlaceOrderRequest", "Order", None
    ),
    "previewOrder": Operation(
        "POST", "/v1/accounts/{account_id}/orders/test", False, "PlaceOrderRequest", "OrderPreview", None
    ),
    "cancelAllOrders": Operation(
        "POST",
        "/v1/accounts/{account_id}/orders/cancel-all",
        True,
        "CancelAllOrdersRequest",
        "CancelAllResult",
        None
    ),
    "getDeadManSwitch": Operation(
        "GET", "/v1/accounts/{account_id}/orders/cancel-all-after", False, None, "DeadManSwitch", None
    ),
    "armDeadManSwitch": Operation(
        "POST",
        "/v1/accounts/{account_id}/orders/cancel-all-after",
        True,
        "ArmDeadManSwitchRequest",
        "DeadManSwitch",
        None
    ),
    "getOrder": Operation("GET", "/v1/accounts/{account_id}/orders/{order_id}", False, None, "Order", None),
    "cancelOrder": Operation(
        "DELETE", "/v1/accounts/{account_id}/orders/{order_id}", True, None, "Order", None
    ),
    "editOrder": Operation(
        "PATCH", "/v1/accounts/{account_id}/orders/{order_id}", True, "EditOrderRequest", "Order", None
    ),
    "listPositions": Operation(
        "GET", "/v1/accounts/{account_id}/positions", False, None, "PositionList", None
    ),
    "closeAllPositions": Operation(
        "POST",
        "/v1/accounts/{account_id}/positions/close-all",
        True,
        "CloseAllPositionsRequest",
        "CloseAllPositionsResponse",
        None
    ),
    "getPosition": Operation(
        "GET", "/v1/accounts/{account_id}/positions/{market}", False, None, "Position", None
    ),
    "closePosition": Operation(
        "DELETE", "/v1/accounts/{account_id}/positions/{market}", True, None, "Order", None
    ),
    "setPositionExits": Operation(
        "PUT",
        "/v1/accounts/{account_id}/positions/{market}/exits",
        False,
        "PositionExitsRequest",
        "Position",
        None
    ),
    "adjustPositionMargin": Operation(
        "POST",
        "/v1/accounts/{account_id}/positions/{market}/margin",
        True,
        "AdjustPositionMarginRequest",
        "Position",
        None
    ),
    "listFills": Operation(
        "GET", "/v1/accounts/{account_id}/fills", False, None, "FillList", "ListFillsQuery"
    ),
    "getEquityCurve": Operation(
        "GET", "/v1/accounts/{account_id}/history/equity", False, None, "EquityCurve", "GetEquityCurveQuery"
    ),
    "listMarginSettings": Operation(
        "GET", "/v1/accounts/{account_id}/margin", False, None, "MarginSettingList", None
    ),
    "setMarginSetting": Operation(
        "PUT",
        "/v1/accounts/{account_id}/margin/{market}",
        False,
        "SetMarginSettingRequest",
        "MarginSetting",
        None
    ),
    "listEvents": Operation("GET", "/v1/events", False, None, "EventList", "ListEventsQuery"),
    "streamAccount": Operation(
        "GET", "/v1/accounts/{account_id}/stream", False, None, None, "StreamAccountQuery"
    ),
    "listWebhooks": Operation("GET", "/v1/webhooks", False, None, "WebhookList", "ListWebhooksQuery"),
    "createWebhook": Operation("POST", "/v1/webhooks", True, "WebhookRequest", "WebhookWithSecret", None),
    "deleteWebhook": Operation(
        "DELETE", "/v1/webhooks/{webhook_id}", False, None, "DeleteWebhookResponse", None
    ),
    "listWebhookDeliveries": Operation(
        "GET",
        "/v1/webhooks/{webhook_id}/deliveries",
        False,
        None,
        "WebhookDeliveryList",
        "ListWebhookDeliveriesQuery"
    ),
    "listSignals": Operation("GET", "/v1/signals", False, None, "SignalList", "ListSignalsQuery"),
    "createSignal": Operation("POST", "/v1/signals", True, "SignalRequest", "Signal", None),
    "revokeSignal": Operation("DELETE", "/v1/signals/{signal_id}", False, None, "Signal", None),
    "listSignalDeliveries": Operation(
        "GET", "/v1/signals/{signal_id}/deliveries", False, None, "AlertList", "ListSignalDeliveriesQuery"
    ),
    "receiveAlert": Operation(
        "POST", "/v1/alerts/{secret}", False, "ReceiveAlertRequest", "AlertAccepted", None
    ),
}
