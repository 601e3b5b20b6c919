"""A correct server for exercise 13 `subscriptions` that ends its streams as the Cancellation page says.

At end of input, a stream still open is torn down by the server itself. The Subscriptions
page says the server SHOULD then answer the listen request with a `complete` result; the
Cancellation page says it MUST send `notifications/cancelled` whose `requestId` is the listen
id (the two pages disagree: spec issue #3348). This server follows the Cancellation page,
in the way `--ending` names:

- `tagged` (the default): the notification carries the subscription id in `_meta`, like
  every other message of the stream;
- `untagged`: the notification names the stream by its `requestId` alone;
- `tagged+result`, `untagged+result`: the notification, then the graceful `complete`
  result as well.

Every other behaviour is `subscriptions_server.py`'s. Expected to pass every scenario.
"""

import argparse

from subscriptions_server import Server, write

ENDINGS = ["tagged", "untagged", "tagged+result", "untagged+result"]


class CancellingServer(Server):
    def __init__(self, ending):
        super().__init__()
        self.ending = ending

    def close_streams(self):
        for listen_id, _ in list(self.subscriptions.values()):
            params = {"requestId": listen_id, "reason": "server shutting down"}
            if self.ending.startswith("tagged"):
                write(self.stream_message(listen_id, "notifications/cancelled", params))
            else:
                write({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": params})
        if self.ending.endswith("+result"):
            # The graceful results too, after every notification.
            super().close_streams()
        self.subscriptions.clear()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--ending", choices=ENDINGS, default="tagged")
    CancellingServer(parser.parse_args().ending).run()
