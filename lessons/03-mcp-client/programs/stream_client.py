"""An independent client for exercise 20 (stream-client), in Python.

Written apart from the Rust reference: string ids, a filter that also asks
for prompt list changes (a filter may ask for more), an inbox of messages
kept while a request waits, and a table of handlers by method. With
`--defect NAME` it makes one beginner's mistake:

    python3 lessons/03-mcp-client/programs/stream_client.py [--int-ids] [--variant NAME] [--defect NAME] <uri>

`--int-ids` numbers the requests 1, 2, 3 instead of "s-1", "s-2", ...

`--variant NAME` picks another legal form:

  lazy-relist            on a list_changed marks its tool list stale and lists
                         again only when it next needs the list (for the
                         report), as the caching page allows: "the client
                         checks freshness when it needs the data"

  filter-without-uri     asks for tool list changes only, not the resource
  ignores-list-changed   keeps its first tool list when the tools change
  any-subscription       acts on notifications whatever subscription they carry
  id-as-text             compares subscription ids as text, so "7" is 7 (give it --int-ids)
  any-uri                reads its resource on an update for any URI
  cancel-as-request      sends notifications/cancelled with an id, as a request
  cancels-ended-stream   cancels a stream the server already ended
  listen-without-client-info  leaves clientInfo out of the listen request's _meta
"""

import json
import sys
from collections import deque

VERSION = "2026-07-28"
SUBSCRIPTION = "io.modelcontextprotocol/subscriptionId"


class Client:
    def __init__(self, defect, int_ids):
        self.defect = defect
        self.int_ids = int_ids
        self.counter = 0
        self.inbox = deque()

    def write(self, message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    def next_message(self, from_inbox=True):
        if from_inbox and self.inbox:
            return self.inbox.popleft()
        for line in sys.stdin:
            try:
                return json.loads(line)
            except ValueError:
                continue
        raise SystemExit("stream_client.py: the server hung up")

    def request(self, method, params):
        self.counter += 1
        request_id = self.counter if self.int_ids else "s-%d" % self.counter
        params = dict(params)
        params["_meta"] = {
            "io.modelcontextprotocol/protocolVersion": VERSION,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "py-stream", "version": "0.2"},
        }
        if self.defect == "listen-without-client-info" and method == "subscriptions/listen":
            del params["_meta"]["io.modelcontextprotocol/clientInfo"]
        self.write({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return request_id

    def answer_to(self, request_id):
        while True:
            message = self.next_message(from_inbox=False)
            if message.get("id") == request_id and ("result" in message or "error" in message):
                return message
            self.inbox.append(message)

    def call(self, method, params):
        return self.answer_to(self.request(method, params))

    def tool_names(self):
        names, cursor = [], None
        while True:
            page = self.call("tools/list", {} if cursor is None else {"cursor": cursor})["result"]
            names += [tool["name"] for tool in page.get("tools", [])]
            cursor = page.get("nextCursor")
            if not isinstance(cursor, str):
                return names


def mine(message, listen_id, defect):
    meta = (message.get("params") or message.get("result") or {}).get("_meta") or {}
    if SUBSCRIPTION not in meta:
        return False
    if defect == "any-subscription":
        return True
    tag = meta[SUBSCRIPTION]
    if defect == "id-as-text":
        return str(tag) == str(listen_id)
    return type(tag) is type(listen_id) and tag == listen_id


def main():
    argv = sys.argv[1:]
    int_ids = argv[:1] == ["--int-ids"]
    if int_ids:
        argv = argv[1:]
    variant = defect = None
    if argv[:1] == ["--variant"]:
        variant, argv = argv[1], argv[2:]
    if argv[:1] == ["--defect"]:
        defect, argv = argv[1], argv[2:]
    uri = argv[0]
    client = Client(defect, int_ids)
    client.call("server/discover", {})
    tools = client.tool_names()
    wanted = {"promptsListChanged": True, "toolsListChanged": True}
    if defect != "filter-without-uri":
        wanted["resourceSubscriptions"] = [uri]
    listen_id = client.request("subscriptions/listen", {"notifications": wanted})
    acknowledged = False
    text, ended, stale = None, False, False
    while True:
        message = client.next_message()
        server_cancelled = message.get("method") == "notifications/cancelled" and (
            message.get("params", {}).get("requestId") == listen_id
        )
        if server_cancelled or (message.get("id") == listen_id and "method" not in message):
            ended = True
            break
        if not mine(message, listen_id, defect):
            continue
        method = message.get("method")
        if method == "notifications/subscriptions/acknowledged":
            acknowledged = True
        elif not acknowledged:
            continue
        elif method == "notifications/tools/list_changed" and defect != "ignores-list-changed":
            if variant == "lazy-relist":
                stale = True
            else:
                tools = client.tool_names()
        elif method == "notifications/resources/updated" and (
            message.get("params", {}).get("uri") == uri or defect == "any-uri"
        ):
            contents = client.call("resources/read", {"uri": uri})["result"].get("contents", [])
            text = next((c["text"] for c in contents if "text" in c), None)
            break
    if not ended or defect == "cancels-ended-stream":
        cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": listen_id}}
        if defect == "cancel-as-request":
            cancel["id"] = "s-cancel"
        client.write(cancel)
    if stale:
        tools = client.tool_names()
    client.call("tools/call", {"name": "report", "arguments": {"text": text, "tools": tools}})


if __name__ == "__main__":
    main()
