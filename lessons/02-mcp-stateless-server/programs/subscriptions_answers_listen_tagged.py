"""WRONG server for exercise 13 `subscriptions`: the listen request gets its
graceful-end result at once, while the stream goes on.

One defect: right after the acknowledgement it writes the `complete` result
that should end the stream, with the subscription id in `_meta` as a graceful
end carries it, and then keeps sending notifications tagged with that id. The
content of every message is right; the order is not: once a request has its
response it is over, so nothing may follow on its stream.
Expected to fail `the listen request gets no response while its stream is
open`, and nothing else.
"""

from subscriptions_server import INFO, SUB_KEY, Server, ok, write


class EarlyEndServer(Server):
    def listen(self, id_, params):
        super().listen(id_, params)
        if isinstance(params.get("notifications"), dict):
            # The defect: the graceful end, written while the stream stays open.
            reply = ok(id_, {})
            reply["result"]["_meta"] = dict(INFO, **{SUB_KEY: id_})
            write(reply)

    def close_streams(self):
        # Every listen was already answered: nothing is left to end.
        self.subscriptions.clear()


if __name__ == "__main__":
    EarlyEndServer().run()
