"""The resources of a client, one method per operation of the OpenAPI document (sync and async twins)."""

from .accounts import Accounts, AsyncAccounts
from .events import AsyncEvents, Events
from .fills import AsyncFills, Fills
from .margin import AsyncMargin, Margin
from .markets import AsyncMarkets, Markets
from .orders import AsyncOrders, Orders
from .positions import AsyncPositions, Positions
from .products import AsyncProducts, Products
from .service import AsyncService, Service
from .signals import AsyncSignals, Signals
from .webhooks import AsyncWebhooks, Webhooks

__all__ = [
    "Accounts",
    "AsyncAccounts",
    "AsyncEvents",
    "AsyncFills",
    "AsyncMargin",
    "AsyncMarkets",
    "AsyncOrders",
    "AsyncPositions",
    "AsyncProducts",
    "AsyncService",
    "AsyncSignals",
    "AsyncWebhooks",
    "Events",
    "Fills",
    "Margin",
    "Markets",
    "Orders",
    "Positions",
    "Products",
    "Service",
    "Signals",
    "Webhooks",
]
