"""Receives Rampart's webhooks and verifies each before trusting it. Registers its own endpoint unless
RAMPART_WEBHOOK_SECRET is given (then it only verifies, for an endpoint registered before).

    RAMPART_API_KEY=rk_test_… RAMPART_BASE_URL=http://127.0.0.1:8081 PYTHONPATH=python python3 python/examples/verify_webhook.py

RAMPART_WEBHOOK_PORT (default 4000), RAMPART_WEBHOOK_URL (default http://127.0.0.1:<port>/hooks: a sandbox may
deliver to this machine, live needs a public https address), RAMPART_MAX_EVENTS=n stops after n deliveries.
"""

import http.server
import os
import sys
import threading

from _env import account_id, from_env

import rampart

most = int(os.environ.get("RAMPART_MAX_EVENTS", "0")) or None
secret = os.environ.get("RAMPART_WEBHOOK_SECRET", "")
seen = 0


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        global seen
        # The raw body, exactly as received: verify first, parse after.
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        try:
            event = rampart.verify_webhook(body, self.headers, secret)
        except rampart.WebhookVerificationError as err:
            print(f"refused a delivery: {err}", file=sys.stderr, flush=True)
            self.send_response(400)
            self.end_headers()
            return
        print(f"verified {event['id']} {event['type']}", flush=True)
        self.send_response(204)
        self.end_headers()
        seen += 1
        if most is not None and seen >= most:
            threading.Thread(target=server.shutdown).start()

    def log_message(self, *args: object) -> None:
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("RAMPART_WEBHOOK_PORT", "4000"))), Receiver)
url = os.environ.get("RAMPART_WEBHOOK_URL", f"http://127.0.0.1:{server.server_address[1]}/hooks")

if not secret:
    with from_env() as client:
        account = account_id(client)
        endpoint = client.webhooks.create({"url": url, "account_id": account})
    # The secret is shown only in this answer: a real receiver stores it (as a secret) now.
    secret = endpoint["secret"]
    print(f"registered {endpoint['id']} for {account}", flush=True)
print(f"listening on {url}", flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass
server.server_close()
