"""The live server the tests in test_live_*.py call: started by test/integration/python-sdk.test.ts, which passes
its sandbox and admin addresses in the environment."""

import os
import time
from typing import Any

import httpx

import rampart


class Live:
    """The live server's addresses (sandbox API, admin API) and its operator's calls."""

    def __init__(self) -> None:
        self.base_url = os.environ["RAMPART_BASE_URL"]
        self.admin_url = os.environ["RAMPART_ADMIN_URL"]
        self.admin_token = os.environ["RAMPART_ADMIN_TOKEN"]
        self.admin_http = httpx.Client(base_url=self.admin_url, headers={"authorization": f"Bearer {self.admin_token}"})

    def admin(self, method: str, path: str, body: Any = None) -> Any:
        res = self.admin_http.request(method, path, json=body)
        assert res.is_success, f"{method} {path}: {res.status_code} {res.text}"
        return res.json() if res.content else None

    def trader(self) -> dict[str, str]:
        """A new customer with a sandbox trade key and its first account, active."""
        customer = self.admin("POST", "/admin/v1/customers", {"name": "python"})
        key = self.admin("POST", f"/admin/v1/customers/{customer['id']}/keys", {"environment": "sandbox", "access": "trade"})
        account_id = key["opened_account_id"]
        with rampart.Client(api_key=key["key"], base_url=self.base_url) as c:
            for _ in range(200):
                if c.accounts.get(account_id)["status"] == "active":
                    break
                time.sleep(0.05)
            else:
                raise AssertionError(f"{account_id} did not open")
        return {"key": key["key"], "key_id": key["id"], "account_id": account_id, "customer_id": customer["id"]}
