from __future__ import annotations

from typing import Unpack

from .._generated.models import Market, MarketList
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class Markets(SyncResource):
    def list(self, **options: Unpack[RequestOptions]) -> MarketList:
        """GET /v1/markets (listMarkets)."""
        return self._call("listMarkets", params=options)

    def get(self, market: str, **options: Unpack[RequestOptions]) -> Market:
        """GET /v1/markets/{market} (getMarket)."""
        return self._call("getMarket", {"market": market}, params=options)


class AsyncMarkets(AsyncResource):
    async def list(self, **options: Unpack[RequestOptions]) -> MarketList:
        """GET /v1/markets (listMarkets)."""
        return await self._call("listMarkets", params=options)

    async def get(self, market: str, **options: Unpack[RequestOptions]) -> Market:
        """GET /v1/markets/{market} (getMarket)."""
        return await self._call("getMarket", {"market": market}, params=options)
