"""WRONG server for exercise 13 `subscriptions`: changes go to streams that did not ask.

One defect: its acknowledgement is right, but a change is written to every open stream,
whatever that stream's filter asked for (a stream that wanted prompts only also gets
`notifications/tools/list_changed`). A server must not send a type the client did not ask for.
Expected to fail `a stream gets only the change types it asked for`, and nothing else.
"""

from subscriptions_server import CHANGED_METHOD, Server, write


class BroadcastingServer(Server):
    def notify(self, which):
        # The defect: no look at what each stream watches.
        for listen_id, _watching in list(self.subscriptions.values()):
            write(self.stream_message(listen_id, CHANGED_METHOD[which]))


if __name__ == "__main__":
    BroadcastingServer().run()
