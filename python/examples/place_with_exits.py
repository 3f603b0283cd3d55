"""Places a limit buy with a take-profit and a stop-loss attached, then moves the take-profit.

    RAMPART_API_KEY=rk_test_… RAMPART_BASE_URL=http://127.0.0.1:8081 PYTHONPATH=python python3 python/examples/place_with_exits.py

Prices and sizes are decimal strings, in and out: never floats (decimal.Decimal where arithmetic is needed).
"""

import os
import sys
from decimal import Decimal

from _env import account_id, from_env

import rampart


def on_tick(price: str, tick_size: str, percent: int) -> str:
    """`price` × percent / 100, rounded down to a whole number of ticks, in exact decimal arithmetic."""
    tick = Decimal(tick_size)
    return format(((Decimal(price) * percent / 100) // tick * tick).normalize(), "f")


with from_env() as client:
    account = account_id(client)
    market = os.environ.get("RAMPART_MARKET", "BTC-USD")
    quote = client.markets.get(market)
    if quote["last"] is None:
        raise SystemExit(f"{market} has no price yet")
    last: str = quote["last"]

    # A limit 1% under the last price, a take-profit 2% over it and a stop-loss 3% under, on the market's tick.
    def at(percent: int) -> str:
        return on_tick(last, quote["tick_size"], percent)

    try:
        order = client.orders.place(
            account,
            {
                "market": market,
                "side": "buy",
                "type": "limit",
                "size": os.environ.get("RAMPART_SIZE", "0.01"),
                "limit_price": at(99),
                "take_profit": {"price": at(102)},
                "stop_loss": {"price": at(97)},
            },
        )
        print(f"placed {order['id']} {order['status']} buy {order['size']} {market} @ {order['limit_price']}")
        for exit_ in order["exits"]:
            print(f"  exit {exit_['kind']} @ {exit_['price'] or exit_['trigger_price'] or '-'}")

        edited = client.orders.edit(account, order["id"], {"exits": {"take_profit": {"price": at(103)}}})
        take_profit = next(e["price"] for e in edited["exits"] if e["kind"] == "take_profit")
        print(f"edited {edited['id']}: take-profit now @ {take_profit}")
    except rampart.RuleRejectionError as err:
        print(f"refused by a rule: {err.code} {err.details}", file=sys.stderr)
        raise
    except rampart.RampartError as err:
        print(f"{type(err).__name__} {err.code} (request {err.request_id}): {err.message}", file=sys.stderr)
        raise
