"""The service itself: its status, its limits, its OpenAPI document."""

from __future__ import annotations

from typing import Unpack

from .._generated.models import GetOpenApiResponse, Limits, Status
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class Service(SyncResource):
    def status(self, **options: Unpack[RequestOptions]) -> Status:
        """GET /v1/status (getStatus)."""
        return self._call("getStatus", params=options)

    def limits(self, **options: Unpack[RequestOptions]) -> Limits:
        """GET /v1/limits (getLimits)."""
        return self._call("getLimits", params=options)

    def openapi(self, **options: Unpack[RequestOptions]) -> GetOpenApiResponse:
        """GET /v1/openapi.json (getOpenApi)."""
        return self._call("getOpenApi", params=options)


class AsyncService(AsyncResource):
    async def status(self, **options: Unpack[RequestOptions]) -> Status:
        """GET /v1/status (getStatus)."""
        return await self._call("getStatus", params=options)

    async def limits(self, **options: Unpack[RequestOptions]) -> Limits:
        """GET /v1/limits (getLimits)."""
        return await self._call("getLimits", params=options)

    async def openapi(self, **options: Unpack[RequestOptions]) -> GetOpenApiResponse:
        """GET /v1/openapi.json (getOpenApi)."""
        return await self._call("getOpenApi", params=options)
