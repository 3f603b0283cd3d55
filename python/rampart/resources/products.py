from __future__ import annotations

from typing import Unpack

from .._generated.models import ProductList
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class Products(SyncResource):
    def list(self, **options: Unpack[RequestOptions]) -> ProductList:
        """GET /v1/products (listProducts): the account products and their rules."""
        return self._call("listProducts", params=options)


class AsyncProducts(AsyncResource):
    async def list(self, **options: Unpack[RequestOptions]) -> ProductList:
        """GET /v1/products (listProducts): the account products and their rules."""
        return await self._call("listProducts", params=options)
