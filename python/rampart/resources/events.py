from __future__ import annotations

from typing import Unpack

from .._async_stream import AsyncAccountStream
from .._generated.models import EventList, ListEventsQuery
from .._stream import AccountStream
from .._stream_core import OnState
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class ListEventsParams(ListEventsQuery, RequestOptions):
    """listEvents' query parameters, and the request options."""


class Events(SyncResource):
    def list(self, **params: Unpack[ListEventsParams]) -> EventList:
        """GET /v1/events (listEvents): the customer's events, oldest first, after a cursor."""
        return self._call("listEvents", params=params)

    def stream(
        self,
        account_id: str,
        *,
        resume: str | None = None,
        max_reconnects: int | None = None,
        idle_timeout: float = 45.0,
        on_state: OnState | None = None,
    ) -> AccountStream:
        """GET /v1/accounts/{account_id}/stream (streamAccount) as an iterator of events that reconnects with
        Last-Event-ID after a drop: `for event in client.events.stream(account_id): …`.

        resume: start after this event id (without it, at the newest event). max_reconnects: reconnections in a
        row without receiving anything before giving up (default: no limit). idle_timeout: nothing at all (not even
        the 15 s heartbeat) for this many seconds means the connection is dead: reconnect. on_state(state, error):
        told "connecting", "live" or "retrying" (with why).
        """
        return AccountStream(
            self._transport, account_id, resume=resume, max_reconnects=max_reconnects, idle_timeout=idle_timeout, on_state=on_state
        )


class AsyncEvents(AsyncResource):
    async def list(self, **params: Unpack[ListEventsParams]) -> EventList:
        """GET /v1/events (listEvents): the customer's events, oldest first, after a cursor."""
        return await self._call("listEvents", params=params)

    def stream(
        self,
        account_id: str,
        *,
        resume: str | None = None,
        max_reconnects: int | None = None,
        idle_timeout: float = 45.0,
        on_state: OnState | None = None,
    ) -> AsyncAccountStream:
        """GET /v1/accounts/{account_id}/stream (streamAccount) as an async iterator of events that reconnects with
        Last-Event-ID after a drop: `async for event in client.events.stream(account_id): …` (see Events.stream)."""
        return AsyncAccountStream(
            self._transport, account_id, resume=resume, max_reconnects=max_reconnects, idle_timeout=idle_timeout, on_state=on_state
        )
