"""WRONG server for exercise 13 `subscriptions`: the subscription id changes type.

One defect: the acknowledgement carries the listen id as it came, but every list_changed
is tagged with `str(listen id)`, so a stream opened by request `7` gets changes tagged
`"7"`: they belong to another request, and stream 7 never hears of them. (String ids look
right, which is why only an integer listen id shows it.)
Expected to fail `every stream message carries the listen id in its own JSON type`, and
nothing else.
"""

from subscriptions_server import CHANGED_METHOD, Server, write


class StringIdServer(Server):
    def notify(self, which):
        for listen_id, watching in list(self.subscriptions.values()):
            if which in watching:
                # The defect: the id turned into text on its way out.
                write(self.stream_message(str(listen_id), CHANGED_METHOD[which]))


if __name__ == "__main__":
    StringIdServer().run()
