"""A correct server for exercise 13 `subscriptions`, written apart from the Rust solution.

It differs from the reference in every place the spec leaves open:
- a type it was asked for but cannot honour (it has no resources) is acknowledged as
  `false`, and resource URIs as an empty list, where the reference leaves both out;
- keys come in another order (`method` before `jsonrpc`, the filter before `_meta`);
- the notifications a change causes are written before the tool's response, not after;
- at end of input it ends every stream still open gracefully: a `complete` result for
  the listen request, with the subscription id in `_meta`;
- subscriptions are kept in a dict keyed by the id's JSON text (`7` and `"7"` differ).

The wrong programs beside it (`subscriptions_*.py`) each change one method of `Server`.
"""

import json
import sys

SUB_KEY = "io.modelcontextprotocol/subscriptionId"
INFO = {"io.modelcontextprotocol/serverInfo": {"name": "py-subscriptions", "version": "2.0"}}
# The filter fields this server can honour, and the list each one watches.
HONOURED = {"toolsListChanged": "tools", "promptsListChanged": "prompts"}
CHANGED_METHOD = {
    "tools": "notifications/tools/list_changed",
    "prompts": "notifications/prompts/list_changed",
}


def write(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def error(id_, code, text):
    reply = {"error": {"message": text, "code": code}, "jsonrpc": "2.0"}
    if id_ is not None:
        reply["id"] = id_
    return reply


def ok(id_, result):
    result = dict(result, resultType="complete", _meta=INFO)
    return {"result": result, "id": id_, "jsonrpc": "2.0"}


class Server:
    def __init__(self):
        self.lists = {"tools": ["add_tool", "add_prompt"], "prompts": ["recap"]}
        # json.dumps(listen id) -> (listen id, set of list names it watches)
        self.subscriptions = {}

    # ---------------------------------------------------------------- streams

    def stream_message(self, listen_id, method, params=None):
        """A notification on the stream `listen_id` opened."""
        params = dict(params or {})
        params["_meta"] = {SUB_KEY: listen_id}
        return {"method": method, "jsonrpc": "2.0", "params": params}

    def listen(self, id_, params):
        wanted = params.get("notifications")
        if not isinstance(wanted, dict):
            write(error(id_, -32602, "subscriptions/listen: `notifications` must be an object"))
            return
        watching = {HONOURED[f] for f in HONOURED if wanted.get(f) is True}
        self.subscriptions[json.dumps(id_)] = (id_, watching)
        agreed = {f: True for f in HONOURED if HONOURED[f] in watching}
        # Asked for, but there are no resources here: refused in so many words.
        if wanted.get("resourcesListChanged") is True:
            agreed["resourcesListChanged"] = False
        if wanted.get("resourceSubscriptions"):
            agreed["resourceSubscriptions"] = []
        write(self.stream_message(id_, "notifications/subscriptions/acknowledged", {"notifications": agreed}))

    def cancel(self, params):
        if isinstance(params, dict) and "requestId" in params:
            self.subscriptions.pop(json.dumps(params["requestId"]), None)

    def notify(self, which):
        for listen_id, watching in list(self.subscriptions.values()):
            if which in watching:
                write(self.stream_message(listen_id, CHANGED_METHOD[which]))

    def close_streams(self):
        for listen_id, _ in list(self.subscriptions.values()):
            reply = ok(listen_id, {})
            # The graceful end names the stream it closes, beside serverInfo.
            reply["result"]["_meta"] = dict(INFO, **{SUB_KEY: listen_id})
            write(reply)
        self.subscriptions.clear()

    # ---------------------------------------------------------------- methods

    def call(self, id_, params):
        name = params.get("name")
        args = params.get("arguments", {})
        if not isinstance(name, str) or not isinstance(args, dict):
            write(error(id_, -32602, "tools/call needs a string name and object arguments"))
            return
        if name in ("add_tool", "add_prompt"):
            which = "tools" if name == "add_tool" else "prompts"
            new = args.get("name")
            if not isinstance(new, str) or not new.strip():
                write(ok(id_, {"isError": True, "content": [{"type": "text", "text": "name?"}]}))
            elif new in self.lists[which]:
                write(ok(id_, {"isError": True, "content": [{"type": "text", "text": f"{new} exists"}]}))
            else:
                self.lists[which].append(new)
                self.notify(which)
                write(ok(id_, {"content": [{"text": f"{which[:-1]} {new} is ready", "type": "text"}]}))
        elif name in self.lists["tools"]:
            write(ok(id_, {"content": [{"text": f"hello from {name}", "type": "text"}]}))
        else:
            write(error(id_, -32602, f"no tool {name!r}"))

    def handle(self, msg):
        if not isinstance(msg, dict):
            write(error(None, -32600, "not an object"))
            return
        if "id" not in msg:
            if msg.get("method") == "notifications/cancelled":
                self.cancel(msg.get("params"))
            return
        if "method" not in msg and ("result" in msg or "error" in msg):
            return
        id_ = msg["id"]
        if isinstance(id_, bool) or not isinstance(id_, (int, str)):
            write(error(None, -32600, "bad id"))
            return
        method, params = msg.get("method"), msg.get("params", {})
        if msg.get("jsonrpc") != "2.0" or not isinstance(method, str) or not isinstance(params, dict):
            write(error(id_, -32600, "bad request"))
        elif method == "subscriptions/listen":
            self.listen(id_, params)
        elif method == "tools/call":
            self.call(id_, params)
        elif method in ("tools/list", "prompts/list"):
            which = method.split("/")[0]
            items = [{"name": n, "inputSchema": {"type": "object"}} if which == "tools" else {"name": n}
                     for n in self.lists[which]]
            write(ok(id_, {which: items, "cacheScope": "public", "ttlMs": 30000}))
        else:
            write(error(id_, -32601, f"unknown method {method}"))

    def run(self):
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
            except ValueError:
                write(error(None, -32700, "parse error"))
                continue
            self.handle(msg)
        self.close_streams()


if __name__ == "__main__":
    Server().run()
