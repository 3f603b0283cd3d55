from __future__ import annotations

from typing import Unpack

from .._generated.models import FillList, ListFillsQuery
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class ListFillsParams(ListFillsQuery, RequestOptions):
    """listFills' query parameters, and the request options."""


class Fills(SyncResource):
    def list(self, account_id: str, **params: Unpack[ListFillsParams]) -> FillList:
        """GET /v1/accounts/{account_id}/fills (listFills): newest first."""
        return self._call("listFills", {"account_id": account_id}, params=params)


class AsyncFills(AsyncResource):
    async def list(self, account_id: str, **params: Unpack[ListFillsParams]) -> FillList:
        """GET /v1/accounts/{account_id}/fills (listFills): newest first."""
        return await self._call("listFills", {"account_id": account_id}, params=params)
