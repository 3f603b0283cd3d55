from __future__ import annotations

from typing import Unpack

from .._generated.models import (
    AdjustPositionMarginRequest,
    CloseAllPositionsRequest,
    CloseAllPositionsResponse,
    Order,
    Position,
    PositionExitsRequest,
    PositionList,
)
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class Positions(SyncResource):
    def list(self, account_id: str, **options: Unpack[RequestOptions]) -> PositionList:
        """GET /v1/accounts/{account_id}/positions (listPositions)."""
        return self._call("listPositions", {"account_id": account_id}, params=options)

    def get(self, account_id: str, market: str, **options: Unpack[RequestOptions]) -> Position:
        """GET /v1/accounts/{account_id}/positions/{market} (getPosition)."""
        return self._call("getPosition", {"account_id": account_id, "market": market}, params=options)

    def close(self, account_id: str, market: str, **options: Unpack[RequestOptions]) -> Order:
        """DELETE /v1/accounts/{account_id}/positions/{market} (closePosition): closes it at the market."""
        return self._call("closePosition", {"account_id": account_id, "market": market}, params=options)

    def close_all(
        self, account_id: str, body: CloseAllPositionsRequest | None = None, **options: Unpack[RequestOptions]
    ) -> CloseAllPositionsResponse:
        """POST /v1/accounts/{account_id}/positions/close-all (closeAllPositions)."""
        return self._call("closeAllPositions", {"account_id": account_id}, body or {}, options)

    def set_exits(self, account_id: str, market: str, body: PositionExitsRequest, **options: Unpack[RequestOptions]) -> Position:
        """PUT /v1/accounts/{account_id}/positions/{market}/exits (setPositionExits): the take-profit, stop-loss and
        break-even of a position (None removes one)."""
        return self._call("setPositionExits", {"account_id": account_id, "market": market}, body, options)

    def adjust_margin(
        self, account_id: str, market: str, body: AdjustPositionMarginRequest, **options: Unpack[RequestOptions]
    ) -> Position:
        """POST /v1/accounts/{account_id}/positions/{market}/margin (adjustPositionMargin): adds or removes isolated margin."""
        return self._call("adjustPositionMargin", {"account_id": account_id, "market": market}, body, options)


class AsyncPositions(AsyncResource):
    async def list(self, account_id: str, **options: Unpack[RequestOptions]) -> PositionList:
        """GET /v1/accounts/{account_id}/positions (listPositions)."""
        return await self._call("listPositions", {"account_id": account_id}, params=options)

    async def get(self, account_id: str, market: str, **options: Unpack[RequestOptions]) -> Position:
        """GET /v1/accounts/{account_id}/positions/{market} (getPosition)."""
        return await self._call("getPosition", {"account_id": account_id, "market": market}, params=options)

    async def close(self, account_id: str, market: str, **options: Unpack[RequestOptions]) -> Order:
        """DELETE /v1/accounts/{account_id}/positions/{market} (closePosition): closes it at the market."""
        return await self._call("closePosition", {"account_id": account_id, "market": market}, params=options)

    async def close_all(
        self, account_id: str, body: CloseAllPositionsRequest | None = None, **options: Unpack[RequestOptions]
    ) -> CloseAllPositionsResponse:
        """POST /v1/accounts/{account_id}/positions/close-all (closeAllPositions)."""
        return await self._call("closeAllPositions", {"account_id": account_id}, body or {}, options)

    async def set_exits(
        self, account_id: str, market: str, body: PositionExitsRequest, **options: Unpack[RequestOptions]
    ) -> Position:
        """PUT /v1/accounts/{account_id}/positions/{market}/exits (setPositionExits): the take-profit, stop-loss and
        break-even of a position (None removes one)."""
        return await self._call("setPositionExits", {"account_id": account_id, "market": market}, body, options)

    async def adjust_margin(
        self, account_id: str, market: str, body: AdjustPositionMarginRequest, **options: Unpack[RequestOptions]
    ) -> Position:
        """POST /v1/accounts/{account_id}/positions/{market}/margin (adjustPositionMargin): adds or removes isolated margin."""
        return await self._call("adjustPositionMargin", {"account_id": account_id, "market": market}, body, options)
