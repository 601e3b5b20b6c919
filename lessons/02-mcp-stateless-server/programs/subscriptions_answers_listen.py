"""WRONG server for exercise 13 `subscriptions`: the listen request is answered at once.

One defect: it treats `subscriptions/listen` like any request, acknowledging the stream
and then writing an ordinary `complete` result for it straight away (so at the end it has
nothing left to close). The stream is the listen request's answer: no response comes while
it is open, and a graceful end carries the subscription id in `_meta`.
Expected to fail `the listen request gets no response while its stream is open`, and
nothing else.
"""

from subscriptions_server import Server, ok, write


class EagerServer(Server):
    def listen(self, id_, params):
        super().listen(id_, params)
        # The defect: an immediate response to a request that should stay open.
        write(ok(id_, {}))

    def close_streams(self):
        # Already answered every listen, so nothing is left to end gracefully.
        self.subscriptions.clear()


if __name__ == "__main__":
    EagerServer().run()
