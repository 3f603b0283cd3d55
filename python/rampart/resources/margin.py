"""Margin mode and leverage per market of an account."""

from __future__ import annotations

from typing import Unpack

from .._generated.models import MarginSetting, MarginSettingList, SetMarginSettingRequest
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class Margin(SyncResource):
    def list(self, account_id: str, **options: Unpack[RequestOptions]) -> MarginSettingList:
        """GET /v1/accounts/{account_id}/margin (listMarginSettings)."""
        return self._call("listMarginSettings", {"account_id": account_id}, params=options)

    def set(self, account_id: str, market: str, body: SetMarginSettingRequest, **options: Unpack[RequestOptions]) -> MarginSetting:
        """PUT /v1/accounts/{account_id}/margin/{market} (setMarginSetting)."""
        return self._call("setMarginSetting", {"account_id": account_id, "market": market}, body, options)


class AsyncMargin(AsyncResource):
    async def list(self, account_id: str, **options: Unpack[RequestOptions]) -> MarginSettingList:
        """GET /v1/accounts/{account_id}/margin (listMarginSettings)."""
        return await self._call("listMarginSettings", {"account_id": account_id}, params=options)

    async def set(
        self, account_id: str, market: str, body: SetMarginSettingRequest, **options: Unpack[RequestOptions]
    ) -> MarginSetting:
        """PUT /v1/accounts/{account_id}/margin/{market} (setMarginSetting)."""
        return await self._call("setMarginSetting", {"account_id": account_id, "market": market}, body, options)
