"""paginate() and apaginate(): every item, page after page, passing each page's next_cursor back as `after`."""


import httpx
from driver import Driver
from scripted import Script, json_answer

import rampart


def pages() -> Script:
    return Script(
        json_answer(200, {"data": [{"id": "o1"}, {"id": "o2"}], "next_cursor": "c2", "has_more": True}),
        json_answer(200, {"data": [{"id": "o3"}], "next_cursor": "c3", "has_more": True}),
        json_answer(200, {"data": [], "next_cursor": None, "has_more": False}),
    )


def test_paginate_follows_next_cursor_until_has_more_is_false(d: Driver) -> None:
    script = pages()
    client = d.client(script)
    if d.kind == "sync":
        ids = [o["id"] for o in rampart.paginate(client.orders.list, "acc-1", limit=2)]
    else:

        async def collect() -> list[str]:
            return [o["id"] async for o in rampart.apaginate(client.orders.list, "acc-1", limit=2)]

        ids = d.run(collect())
    assert ids == ["o1", "o2", "o3"]
    assert [str(r.url) for r in script.requests] == [
        "http://rampart.invalid/v1/accounts/acc-1/orders?limit=2",
        "http://rampart.invalid/v1/accounts/acc-1/orders?limit=2&after=c2",
        "http://rampart.invalid/v1/accounts/acc-1/orders?limit=2&after=c3",
    ]


def test_paginate_stops_at_once_on_a_last_page_and_starts_after_a_given_cursor() -> None:
    script = Script(json_answer(200, {"data": [{"id": "e9"}], "next_cursor": "e9", "has_more": False}))
    with rampart.Client("rk_test_x", base_url="http://rampart.invalid", http_client=httpx.Client(transport=httpx.MockTransport(script))) as c:
        assert [e["id"] for e in rampart.paginate(c.events.list, account_id="acc-1", after="e8")] == ["e9"]
    assert str(script.requests[0].url) == "http://rampart.invalid/v1/events?account_id=acc-1&after=e8"
    assert len(script.requests) == 1
