"""WRONG server for exercise 13 `subscriptions`: the acknowledgement copies the request.

One defect: its acknowledgement's `notifications` is the client's filter, copied whole, so
it promises updates for resource URIs (`resourceSubscriptions`) that this server, with no
resources, can never send. It streams the right changes; only the promise is false. The
acknowledgement names the part of the filter the server will honour, nothing more.
Expected to fail `the acknowledgement names the part of the filter the server honours`, and
nothing else.
"""

import json

from subscriptions_server import HONOURED, Server, write


class EchoingServer(Server):
    def listen(self, id_, params):
        wanted = params.get("notifications")
        if not isinstance(wanted, dict):
            super().listen(id_, params)
            return
        watching = {HONOURED[f] for f in HONOURED if wanted.get(f) is True}
        self.subscriptions[json.dumps(id_)] = (id_, watching)
        # The defect: the filter as it came, not what this server can honour.
        write(self.stream_message(id_, "notifications/subscriptions/acknowledged", {"notifications": wanted}))


if __name__ == "__main__":
    EchoingServer().run()
