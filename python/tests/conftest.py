"""The fixtures: `d`, a Driver that runs a test on a Client and again on an AsyncClient; `live`, the started server
(skipped without one, failed with RAMPART_LIVE_REQUIRED=1)."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# The package from this checkout (python/), whatever the working directory.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from driver import Driver  # noqa: E402
from live import Live  # noqa: E402


@pytest.fixture(params=["sync", "async"])
def d(request: pytest.FixtureRequest) -> Iterator[Driver]:
    driver = Driver(request.param)
    yield driver
    driver.close()


@pytest.fixture(scope="session")
def live() -> Iterator[Live]:
    if "RAMPART_BASE_URL" not in os.environ or "RAMPART_ADMIN_URL" not in os.environ:
        reason = "no live server: run through test/integration/python-sdk.test.ts (npx vitest run --project sqlite test/integration/python-sdk.test.ts)"
        if os.environ.get("RAMPART_LIVE_REQUIRED") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    server = Live()
    yield server
    server.admin_http.close()
