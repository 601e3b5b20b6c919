"""WRONG server for exercise 13 `subscriptions`: a cancelled stream keeps getting changes.

One defect: it treats `notifications/cancelled` like any other notification, one that needs
no answer and so needs nothing at all, and keeps the subscription. On stdio that notification
is how a client ends a stream: nothing more may be sent on it.
Expected to fail `notifications/cancelled ends that stream and no other`, and nothing else.
"""

from subscriptions_server import Server


class NeverCancelledServer(Server):
    def cancel(self, params):
        # The defect: the stream stays open.
        pass


if __name__ == "__main__":
    NeverCancelledServer().run()
