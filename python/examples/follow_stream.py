"""Follows an account's events as they happen; after a dropped connection it resumes where it stopped
(Last-Event-ID), so no event is missed or seen twice. Ctrl-C to stop.

    RAMPART_API_KEY=rk_test_… RAMPART_BASE_URL=http://127.0.0.1:8081 PYTHONPATH=python python3 python/examples/follow_stream.py

RAMPART_RESUME=<event id> starts after that event; RAMPART_MAX_EVENTS=n stops after n events.
"""

import os
from datetime import datetime, timezone
from typing import cast

from _env import account_id, from_env

from rampart.types import EngineRestarted, Event, Fill, Order, Position, RuleBreach, RuleVersionChange, SignalAlertResult


def describe(e: Event) -> str:
    """`data` is an order, a fill, a position, the engine's restart, a rule's news or a signal's alert, as `type` says."""
    kind = e["type"]
    if kind.startswith("order."):
        o = cast(Order, e["data"])
        return f"{kind} {o['id']} {o['side'] or ''} {o['size']} {o['market']} @ {o['limit_price'] or o['stop_price'] or 'market'} ({o['status']})"
    if kind == "fill.created":
        f = cast(Fill, e["data"])
        return f"{kind} {f['order_id']} {f['size']} @ {f['price']}"
    if kind.startswith("position."):
        p = cast(Position, e["data"])
        return f"{kind} {p['market']} {p['size']} @ {p['entry_price']}"
    if kind == "engine.restarted":
        return f"{kind} ({cast(EngineRestarted, e['data'])['canceled_orders']} orders canceled)"
    if kind == "account.rule_breach":
        b = cast(RuleBreach, e["data"])
        by = datetime.fromtimestamp(b["correct_by"] / 1000, timezone.utc).isoformat()
        return f"{kind} {b['rule']} {b['status']} (back within {b['limit']} by {by})"
    if kind == "account.rule_version":
        v = cast(RuleVersionChange, e["data"])
        return f"{kind} {v['product']} version {v['from_version']} → {v['to_version']}"
    if kind == "signal.alert":
        a = cast(SignalAlertResult, e["data"])
        return f"{kind} {a['signal_id']} {a['action']} {a['market'] or ''}: {a['outcome']} {a['order_id'] or a['code'] or ''}"
    return kind


with from_env() as client:
    account = account_id(client)
    most = int(os.environ.get("RAMPART_MAX_EVENTS", "0")) or None
    stream = client.events.stream(account, resume=os.environ.get("RAMPART_RESUME"))
    print(f"following {account}", flush=True)
    seen = 0
    try:
        for event in stream:
            print(f"{event['id']} {describe(event)}", flush=True)
            seen += 1
            if most is not None and seen >= most:
                break
    except KeyboardInterrupt:
        pass
    # Keep stream.last_event_id to resume from there next time.
    print(f"stopped after {stream.last_event_id or 'no event'}")
