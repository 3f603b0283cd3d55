from __future__ import annotations

from typing import Unpack

from .._generated.models import (
    DeleteWebhookResponse,
    ListWebhookDeliveriesQuery,
    ListWebhooksQuery,
    WebhookDeliveryList,
    WebhookList,
    WebhookRequest,
    WebhookWithSecret,
)
from .._options import RequestOptions
from ._base import AsyncResource, SyncResource


class ListWebhooksParams(ListWebhooksQuery, RequestOptions):
    """listWebhooks' query parameters, and the request options."""


class ListDeliveriesParams(ListWebhookDeliveriesQuery, RequestOptions):
    """listWebhookDeliveries' query parameters, and the request options."""


class Webhooks(SyncResource):
    def create(self, body: WebhookRequest, **options: Unpack[RequestOptions]) -> WebhookWithSecret:
        """POST /v1/webhooks (createWebhook): the answer carries the whsec_ signing secret, shown only then."""
        return self._call("createWebhook", body=body, params=options)

    def list(self, **params: Unpack[ListWebhooksParams]) -> WebhookList:
        """GET /v1/webhooks (listWebhooks)."""
        return self._call("listWebhooks", params=params)

    def delete(self, webhook_id: str, **options: Unpack[RequestOptions]) -> DeleteWebhookResponse:
        """DELETE /v1/webhooks/{webhook_id} (deleteWebhook)."""
        return self._call("deleteWebhook", {"webhook_id": webhook_id}, params=options)

    def deliveries(self, webhook_id: str, **params: Unpack[ListDeliveriesParams]) -> WebhookDeliveryList:
        """GET /v1/webhooks/{webhook_id}/deliveries (listWebhookDeliveries)."""
        return self._call("listWebhookDeliveries", {"webhook_id": webhook_id}, params=params)


class AsyncWebhooks(AsyncResource):
    async def create(self, body: WebhookRequest, **options: Unpack[RequestOptions]) -> WebhookWithSecret:
        """POST /v1/webhooks (createWebhook): the answer carries the whsec_ signing secret, shown only then."""
        return await self._call("createWebhook", body=body, params=options)

    async def list(self, **params: Unpack[ListWebhooksParams]) -> WebhookList:
        """GET /v1/webhooks (listWebhooks)."""
        return await self._call("listWebhooks", params=params)

    async def delete(self, webhook_id: str, **options: Unpack[RequestOptions]) -> DeleteWebhookResponse:
        """DELETE /v1/webhooks/{webhook_id} (deleteWebhook)."""
        return await self._call("deleteWebhook", {"webhook_id": webhook_id}, params=options)

    async def deliveries(self, webhook_id: str, **params: Unpack[ListDeliveriesParams]) -> WebhookDeliveryList:
        """GET /v1/webhooks/{webhook_id}/deliveries (listWebhookDeliveries)."""
        return await self._call("listWebhookDeliveries", {"webhook_id": webhook_id}, params=params)
