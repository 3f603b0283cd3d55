from __future__ import annotations

from typing import Unpack

from .._generated.models import (
    ArmDeadManSwitchRequest,
    CancelAllOrdersRequest,
    CancelAllResult,
    DeadManSwitch,
    EditOrderRequest,
    ListOrdersQuery,
    Order,
    OrderList,
    OrderPreview,
    PlaceOrderRequest,
)
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class ListOrdersParams(ListOrdersQuery, RequestOptions):
    """listOrders' query parameters, and the request options."""


class Orders(SyncResource):
    def place(self, account_id: str, body: PlaceOrderRequest, **options: Unpack[RequestOptions]) -> Order:
        """POST /v1/accounts/{account_id}/orders (placeOrder), with its exits (take_profit, stop_loss, break_even)
        if given. An Idempotency-Key is sent (a random UUID unless idempotency_key=), the same on every retry."""
        return self._call("placeOrder", {"account_id": account_id}, body, options)

    def preview(self, account_id: str, body: PlaceOrderRequest, **options: Unpack[RequestOptions]) -> OrderPreview:
        """POST /v1/accounts/{account_id}/orders/test (previewOrder): every check of place, nothing placed."""
        return self._call("previewOrder", {"account_id": account_id}, body, options)

    def list(self, account_id: str, **params: Unpack[ListOrdersParams]) -> OrderList:
        """GET /v1/accounts/{account_id}/orders (listOrders)."""
        return self._call("listOrders", {"account_id": account_id}, params=params)

    def get(self, account_id: str, order_id: str, **options: Unpack[RequestOptions]) -> Order:
        """GET /v1/accounts/{account_id}/orders/{order_id} (getOrder)."""
        return self._call("getOrder", {"account_id": account_id, "order_id": order_id}, params=options)

    def edit(self, account_id: str, order_id: str, body: EditOrderRequest, **options: Unpack[RequestOptions]) -> Order:
        """PATCH /v1/accounts/{account_id}/orders/{order_id} (editOrder): new price, size or exits of a working order."""
        return self._call("editOrder", {"account_id": account_id, "order_id": order_id}, body, options)

    def cancel(self, account_id: str, order_id: str, **options: Unpack[RequestOptions]) -> Order:
        """DELETE /v1/accounts/{account_id}/orders/{order_id} (cancelOrder)."""
        return self._call("cancelOrder", {"account_id": account_id, "order_id": order_id}, params=options)

    def cancel_all(self, account_id: str, body: CancelAllOrdersRequest | None = None, **options: Unpack[RequestOptions]) -> CancelAllResult:
        """POST /v1/accounts/{account_id}/orders/cancel-all (cancelAllOrders), of one market if given."""
        return self._call("cancelAllOrders", {"account_id": account_id}, body or {}, options)

    def cancel_all_after(self, account_id: str, body: ArmDeadManSwitchRequest, **options: Unpack[RequestOptions]) -> DeadManSwitch:
        """POST /v1/accounts/{account_id}/orders/cancel-all-after (armDeadManSwitch): the dead-man switch. When
        timeout_ms passes without another call, every working opening order of the account is canceled (exits
        stay); 0 disarms."""
        return self._call("armDeadManSwitch", {"account_id": account_id}, body, options)

    def dead_man_switch(self, account_id: str, **options: Unpack[RequestOptions]) -> DeadManSwitch:
        """GET /v1/accounts/{account_id}/orders/cancel-all-after (getDeadManSwitch): whether it is armed, and when it fires."""
        return self._call("getDeadManSwitch", {"account_id": account_id}, params=options)


class AsyncOrders(AsyncResource):
    async def place(self, account_id: str, body: PlaceOrderRequest, **options: Unpack[RequestOptions]) -> Order:
        """POST /v1/accounts/{account_id}/orders (placeOrder), with its exits (take_profit, stop_loss, break_even)
        if given. An Idempotency-Key is sent (a random UUID unless idempotency_key=), the same on every retry."""
        return await self._call("placeOrder", {"account_id": account_id}, body, options)

    async def preview(self, account_id: str, body: PlaceOrderRequest, **options: Unpack[RequestOptions]) -> OrderPreview:
        """POST /v1/accounts/{account_id}/orders/test (previewOrder): every check of place, nothing placed."""
        return await self._call("previewOrder", {"account_id": account_id}, body, options)

    async def list(self, account_id: str, **params: Unpack[ListOrdersParams]) -> OrderList:
        """GET /v1/accounts/{account_id}/orders (listOrders)."""
        return await self._call("listOrders", {"account_id": account_id}, params=params)

    async def get(self, account_id: str, order_id: str, **options: Unpack[RequestOptions]) -> Order:
        """GET /v1/accounts/{account_id}/orders/{order_id} (getOrder)."""
        return await self._call("getOrder", {"account_id": account_id, "order_id": order_id}, params=options)

    async def edit(self, account_id: str, order_id: str, body: EditOrderRequest, **options: Unpack[RequestOptions]) -> Order:
        """PATCH /v1/accounts/{account_id}/orders/{order_id} (editOrder): new price, size or exits of a working order."""
        return await self._call("editOrder", {"account_id": account_id, "order_id": order_id}, body, options)

    async def cancel(self, account_id: str, order_id: str, **options: Unpack[RequestOptions]) -> Order:
        """DELETE /v1/accounts/{account_id}/orders/{order_id} (cancelOrder)."""
        return await self._call("cancelOrder", {"account_id": account_id, "order_id": order_id}, params=options)

    async def cancel_all(
        self, account_id: str, body: CancelAllOrdersRequest | None = None, **options: Unpack[RequestOptions]
    ) -> CancelAllResult:
        """POST /v1/accounts/{account_id}/orders/cancel-all (cancelAllOrders), of one market if given."""
        return await self._call("cancelAllOrders", {"account_id": account_id}, body or {}, options)

    async def cancel_all_after(
        self, account_id: str, body: ArmDeadManSwitchRequest, **options: Unpack[RequestOptions]
    ) -> DeadManSwitch:
        """POST /v1/accounts/{account_id}/orders/cancel-all-after (armDeadManSwitch): the dead-man switch. When
        timeout_ms passes without another call, every working opening order of the account is canceled (exits
        stay); 0 disarms."""
        return await self._call("armDeadManSwitch", {"account_id": account_id}, body, options)

    async def dead_man_switch(self, account_id: str, **options: Unpack[RequestOptions]) -> DeadManSwitch:
        """GET /v1/accounts/{account_id}/orders/cancel-all-after (getDeadManSwitch): whether it is armed, and when it fires."""
        return await self._call("getDeadManSwitch", {"account_id": account_id}, params=options)
