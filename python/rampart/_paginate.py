"""Every item of a list, page after page."""

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from typing import Any


def paginate(list_page: Callable[..., Mapping[str, Any]], *args: Any, **kwargs: Any) -> Iterator[Any]:
    """`list_page(*args, **kwargs)` for the first page, then with `after=` each page's next_cursor, until has_more
    is false: `for order in paginate(client.orders.list, account_id, limit=100): …`."""
    page = list_page(*args, **kwargs)
    while True:
        yield from page["data"]
        if not page["has_more"] or page["next_cursor"] is None:
            return
        page = list_page(*args, **{**kwargs, "after": page["next_cursor"]})


async def apaginate(list_page: Callable[..., Awaitable[Mapping[str, Any]]], *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
    """paginate() of an AsyncClient's list method: `async for order in apaginate(client.orders.list, account_id): …`."""
    page = await list_page(*args, **kwargs)
    while True:
        for item in page["data"]:
            yield item
        if not page["has_more"] or page["next_cursor"] is None:
            return
        page = await list_page(*args, **{**kwargs, "after": page["next_cursor"]})
