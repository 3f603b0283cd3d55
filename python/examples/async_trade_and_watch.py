"""With an AsyncClient: follows the account's stream in one task while the other places a limit buy, and cancels
it once the stream has shown it created; stops when the stream shows it canceled.

    RAMPART_API_KEY=rk_test_… RAMPART_BASE_URL=http://127.0.0.1:8081 PYTHONPATH=python python3 python/examples/async_trade_and_watch.py
"""

import asyncio
import os
import uuid
from typing import cast

from _env import async_from_env

import rampart
from rampart.types import Order


async def main() -> None:
    async with async_from_env() as client:
        account = os.environ.get("RAMPART_ACCOUNT_ID") or (await client.accounts.list(limit=1))["data"][0]["id"]
        # Our own id for the order: its events may come before the answer to placing it does.
        client_order_id = f"watch-{uuid.uuid4().hex[:12]}"
        live = asyncio.Event()
        created = asyncio.Event()

        async def watch() -> None:
            # Events of other orders of the account may come too: only this order's are printed. Leaving `async with`
            # closes the stream's connection.
            async with stream:
                async for event in stream:
                    if not event["type"].startswith("order."):
                        continue
                    mine = cast(Order, event["data"])
                    if mine["client_order_id"] != client_order_id:
                        continue
                    print(f"event {event['id']} {event['type']} {mine['id']}", flush=True)
                    if event["type"] == "order.created":
                        created.set()
                    if event["type"] == "order.canceled":
                        return

        def on_state(state: str, _: BaseException | None) -> None:
            if state == "live":
                live.set()

        stream = client.events.stream(account, on_state=on_state)
        watching = asyncio.create_task(watch())
        # Place once the stream is live: it starts at the newest event, so the order's events come after.
        await asyncio.wait_for(live.wait(), 30)
        try:
            order = await client.orders.place(
                account,
                {
                    "market": "BTC-USD",
                    "side": "buy",
                    "type": "limit",
                    "size": "0.01",
                    "limit_price": "59000",
                    "client_order_id": client_order_id,
                },
            )
        except rampart.RampartError as err:
            watching.cancel()
            raise SystemExit(f"{err.code}: {err.message} (request {err.request_id})")
        print(f"placed {order['id']} {order['status']}", flush=True)
        await asyncio.wait_for(created.wait(), 30)
        await client.orders.cancel(account, order["id"])
        await asyncio.wait_for(watching, 30)


asyncio.run(main())
