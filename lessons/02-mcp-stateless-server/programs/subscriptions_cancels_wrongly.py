"""WRONG servers for exercise 13 `subscriptions`: a server-sent `notifications/cancelled` out of place.

A server may end a listen stream with `notifications/cancelled` naming the listen id, after
everything the stream carries (see `subscriptions_ends_with_cancelled.py`). Each `--defect`
sends one that is wrong, the rest of the server being `subscriptions_server.py`:

- `counter-id`: at end of input, tagged with the subscription id but naming the stream by
  this server's own counter (0, 1, ...), not by the listen request's id;
- `counter-id-untagged`: the same, untagged: it names a request the client never sent;
- `at-once`: right after the acknowledgement, untagged, while the stream goes on carrying
  changes: the stream is said to be over before its messages came (tagged, it would be a
  wrong message on every stream of every scenario);
- `after-result`: at end of input, the graceful `complete` result first, then the
  notification, untagged: it names a request that is already answered.

Each is expected to fail `the listen request gets no response while its stream is open`,
and nothing else.
"""

import argparse
import json

from subscriptions_server import Server, write

DEFECTS = ["counter-id", "counter-id-untagged", "at-once", "after-result"]


class MiscancellingServer(Server):
    def __init__(self, defect):
        super().__init__()
        self.defect = defect

    def cancelled(self, listen_id, request_id, tagged):
        params = {"requestId": request_id}
        if tagged:
            write(self.stream_message(listen_id, "notifications/cancelled", params))
        else:
            write({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": params})

    def listen(self, id_, params):
        super().listen(id_, params)
        if self.defect == "at-once" and json.dumps(id_) in self.subscriptions:
            # The defect: the stream is declared over, and then goes on.
            self.cancelled(id_, id_, tagged=False)

    def close_streams(self):
        if self.defect == "after-result":
            open_ids = [listen_id for listen_id, _ in self.subscriptions.values()]
            super().close_streams()
            for listen_id in open_ids:
                # The defect: the request was answered a line ago.
                self.cancelled(listen_id, listen_id, tagged=False)
            return
        if self.defect.startswith("counter-id"):
            for number, (listen_id, _) in enumerate(self.subscriptions.values()):
                # The defect: this server's number for the stream, not the listen id.
                self.cancelled(listen_id, number, tagged=self.defect == "counter-id")
            self.subscriptions.clear()
            return
        super().close_streams()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--defect", choices=DEFECTS, required=True)
    MiscancellingServer(parser.parse_args().defect).run()
