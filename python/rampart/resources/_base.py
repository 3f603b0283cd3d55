"""A group of operations of one resource, sharing the client's transport."""

from collections.abc import Mapping
from typing import Any

from .._async import AsyncTransport
from .._sync import SyncTransport


class SyncResource:
    def __init__(self, transport: SyncTransport) -> None:
        self._transport = transport

    def _call(self, operation_id: str, path: Mapping[str, str] | None = None, body: Any = None, params: Mapping[str, Any] | None = None) -> Any:
        return self._transport.call(operation_id, path, body, params)


class AsyncResource:
    def __init__(self, transport: AsyncTransport) -> None:
        self._transport = transport

    async def _call(
        self, operation_id: str, path: Mapping[str, str] | None = None, body: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        return await self._transport.call(operation_id, path, body, params)
