"""WRONG server for exercise 13 `subscriptions`: it promises resource-list changes it has no list for.

One defect: asked for `resourcesListChanged`, it acknowledges it with `true`, as if it kept a
resource list; this server has no resources, so it can never send that notification. The
acknowledgement lists only what the server actually supports: a type it does not support is
left out (or `false`). Everything it streams is right; only the promise is false.
Expected to fail `the acknowledgement names the part of the filter the server honours`, and
nothing else.
"""

import json

from subscriptions_server import HONOURED, Server, write


class ResourcePromisingServer(Server):
    def listen(self, id_, params):
        wanted = params.get("notifications")
        if not isinstance(wanted, dict):
            super().listen(id_, params)
            return
        watching = {HONOURED[f] for f in HONOURED if wanted.get(f) is True}
        self.subscriptions[json.dumps(id_)] = (id_, watching)
        agreed = {f: True for f in HONOURED if HONOURED[f] in watching}
        # The defect: a resource list this server does not have, promised anyway.
        if wanted.get("resourcesListChanged") is True:
            agreed["resourcesListChanged"] = True
        write(self.stream_message(id_, "notifications/subscriptions/acknowledged", {"notifications": agreed}))


if __name__ == "__main__":
    ResourcePromisingServer().run()
