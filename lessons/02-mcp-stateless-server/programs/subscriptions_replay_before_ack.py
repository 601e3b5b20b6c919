"""WRONG server for exercise 13 `subscriptions`: a notification before the acknowledgement.

One defect: it wants a newcomer to know about changes it missed, so on `subscriptions/listen`
it first writes a list_changed for every watched list that changed earlier in the process,
and only then the acknowledgement. A stream must start with
`notifications/subscriptions/acknowledged`, and it reports changes made while it is open.
Expected to fail `the acknowledgement is the first message of a stream`, and nothing else.
"""

from subscriptions_server import CHANGED_METHOD, HONOURED, Server, write


class ReplayingServer(Server):
    def __init__(self):
        super().__init__()
        self.changed_so_far = set()

    def notify(self, which):
        self.changed_so_far.add(which)
        super().notify(which)

    def listen(self, id_, params):
        wanted = params.get("notifications")
        if isinstance(wanted, dict):
            for field, which in HONOURED.items():
                if wanted.get(field) is True and which in self.changed_so_far:
                    # The defect: news for this stream, written before its acknowledgement.
                    write(self.stream_message(id_, CHANGED_METHOD[which]))
        super().listen(id_, params)


if __name__ == "__main__":
    ReplayingServer().run()
