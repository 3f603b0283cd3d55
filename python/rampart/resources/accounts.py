from __future__ import annotations

from typing import Unpack

from .._generated.models import Account, AccountList, EquityCurve, GetEquityCurveQuery, ListAccountsQuery, OpenAccountRequest
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class ListAccountsParams(ListAccountsQuery, RequestOptions):
    """listAccounts' query parameters, and the request options."""


class EquityParams(GetEquityCurveQuery, RequestOptions):
    """getEquityCurve's query parameters, and the request options."""


class Accounts(SyncResource):
    def list(self, **params: Unpack[ListAccountsParams]) -> AccountList:
        """GET /v1/accounts (listAccounts)."""
        return self._call("listAccounts", params=params)

    def get(self, account_id: str, **options: Unpack[RequestOptions]) -> Account:
        """GET /v1/accounts/{account_id} (getAccount)."""
        return self._call("getAccount", {"account_id": account_id}, params=options)

    def open(self, body: OpenAccountRequest | None = None, **options: Unpack[RequestOptions]) -> Account:
        """POST /v1/accounts (openAccount): opens a sandbox account; answered 202 while the engine opens it."""
        return self._call("openAccount", body=body or {}, params=options)

    def equity(self, account_id: str, **params: Unpack[EquityParams]) -> EquityCurve:
        """GET /v1/accounts/{account_id}/history/equity (getEquityCurve): resolution="trade" or "day"."""
        return self._call("getEquityCurve", {"account_id": account_id}, params=params)


class AsyncAccounts(AsyncResource):
    async def list(self, **params: Unpack[ListAccountsParams]) -> AccountList:
        """GET /v1/accounts (listAccounts)."""
        return await self._call("listAccounts", params=params)

    async def get(self, account_id: str, **options: Unpack[RequestOptions]) -> Account:
        """GET /v1/accounts/{account_id} (getAccount)."""
        return await self._call("getAccount", {"account_id": account_id}, params=options)

    async def open(self, body: OpenAccountRequest | None = None, **options: Unpack[RequestOptions]) -> Account:
        """POST /v1/accounts (openAccount): opens a sandbox account; answered 202 while the engine opens it."""
        return await self._call("openAccount", body=body or {}, params=options)

    async def equity(self, account_id: str, **params: Unpack[EquityParams]) -> EquityCurve:
        """GET /v1/accounts/{account_id}/history/equity (getEquityCurve): resolution="trade" or "day"."""
        return await self._call("getEquityCurve", {"account_id": account_id}, params=params)
