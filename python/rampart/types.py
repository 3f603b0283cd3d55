"""The document's types, for annotations: `from rampart.types import Order, PlaceOrderRequest, Event`.

Every schema of Rampart's OpenAPI document is a TypedDict here (answers are plain dicts of JSON: prices, sizes and
money stay decimal strings), every enum a Literal; ErrorCode is the catalogue of error codes, ErrorType their types.
"""

from ._generated.models import *  # noqa: F403
from ._generated.models import __all__ as __all__
