"""What the examples share: the client from RAMPART_API_KEY and RAMPART_BASE_URL, and the account to use."""

import os

import rampart


def from_env() -> rampart.Client:
    api_key = os.environ.get("RAMPART_API_KEY")
    if not api_key:
        raise SystemExit("set RAMPART_API_KEY (rk_test_… for the sandbox)")
    # Without RAMPART_BASE_URL: the sandbox of `npm start` on this machine.
    return rampart.Client(api_key=api_key, base_url=os.environ.get("RAMPART_BASE_URL"))


def async_from_env() -> rampart.AsyncClient:
    api_key = os.environ.get("RAMPART_API_KEY")
    if not api_key:
        raise SystemExit("set RAMPART_API_KEY (rk_test_… for the sandbox)")
    return rampart.AsyncClient(api_key=api_key, base_url=os.environ.get("RAMPART_BASE_URL"))


def account_id(client: rampart.Client) -> str:
    """RAMPART_ACCOUNT_ID, or the key's first account."""
    if os.environ.get("RAMPART_ACCOUNT_ID"):
        return os.environ["RAMPART_ACCOUNT_ID"]
    accounts = client.accounts.list(limit=1)["data"]
    if not accounts:
        raise SystemExit("this key reaches no account")
    return accounts[0]["id"]
