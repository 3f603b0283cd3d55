"""Signals: alert URLs for TradingView or a bridge, each alert placing orders on several accounts (docs/SIGNALS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Unpack

from .._generated.models import (
    AlertAccepted,
    AlertList,
    ListSignalDeliveriesQuery,
    ListSignalsQuery,
    Signal,
    SignalList,
    SignalRequest,
)
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class ListSignalsParams(ListSignalsQuery, RequestOptions):
    """listSignals' query parameters, and the request options."""


class ListSignalDeliveriesParams(ListSignalDeliveriesQuery, RequestOptions):
    """listSignalDeliveries' query parameters, and the request options."""


class Signals(SyncResource):
    def create(self, body: SignalRequest, **options: Unpack[RequestOptions]) -> Signal:
        """POST /v1/signals (createSignal): the answer carries the alert URL, shown only then. A live signal needs
        `email_code`."""
        return self._call("createSignal", body=body, params=options)

    def list(self, **params: Unpack[ListSignalsParams]) -> SignalList:
        """GET /v1/signals (listSignals)."""
        return self._call("listSignals", params=params)

    def revoke(self, signal_id: str, **options: Unpack[RequestOptions]) -> Signal:
        """DELETE /v1/signals/{signal_id} (revokeSignal): its URL answers signal_not_found from then on."""
        return self._call("revokeSignal", {"signal_id": signal_id}, params=options)

    def deliveries(self, signal_id: str, **params: Unpack[ListSignalDeliveriesParams]) -> AlertList:
        """GET /v1/signals/{signal_id}/deliveries (listSignalDeliveries): the signal's log, newest first."""
        return self._call("listSignalDeliveries", {"signal_id": signal_id}, params=params)

    def alert(self, secret: str, alert: Mapping[str, Any] | str, **options: Unpack[RequestOptions]) -> AlertAccepted:
        """POST /v1/alerts/{secret} (receiveAlert): posts an alert to a signal's URL as TradingView would (the secret
        is the URL's last path segment): a dict as JSON, a str as text — to test a signal from code, or to drive
        one from a script instead of TradingView."""
        return self._call("receiveAlert", {"secret": secret}, alert, options)


class AsyncSignals(AsyncResource):
    async def create(self, body: SignalRequest, **options: Unpack[RequestOptions]) -> Signal:
        """POST /v1/signals (createSignal): the answer carries the alert URL, shown only then. A live signal needs
        `email_code`."""
        return await self._call("createSignal", body=body, params=options)

    async def list(self, **params: Unpack[ListSignalsParams]) -> SignalList:
        """GET /v1/signals (listSignals)."""
        return await self._call("listSignals", params=params)

    async def revoke(self, signal_id: str, **options: Unpack[RequestOptions]) -> Signal:
        """DELETE /v1/signals/{signal_id} (revokeSignal): its URL answers signal_not_found from then on."""
        return await self._call("revokeSignal", {"signal_id": signal_id}, params=options)

    async def deliveries(self, signal_id: str, **params: Unpack[ListSignalDeliveriesParams]) -> AlertList:
        """GET /v1/signals/{signal_id}/deliveries (listSignalDeliveries): the signal's log, newest first."""
        return await self._call("listSignalDeliveries", {"signal_id": signal_id}, params=params)

    async def alert(self, secret: str, alert: Mapping[str, Any] | str, **options: Unpack[RequestOptions]) -> AlertAccepted:
        """POST /v1/alerts/{secret} (receiveAlert): posts an alert to a signal's URL as TradingView would (the secret
        is the URL's last path segment): a dict as JSON, a str as text."""
        return await self._call("receiveAlert", {"secret": secret}, alert, options)
