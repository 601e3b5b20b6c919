"""An independent client for exercise 19 (input-client), in Python.

Written apart from the Rust reference and in other legal forms: string ids,
`elicitation` declared as `{"form": {}, "url": {}}` in another key order, a
dispatch table of answer builders, a `stopReason` left out of sampling
answers (it is optional), and rounds counted down. With `--defect NAME` it
makes one beginner's mistake:

    python3 lessons/03-mcp-client/programs/input_client.py [--content-array] [--defect NAME] <tool> <user> [--roots URI]... [--sample TEXT]

`--content-array` answers a sampling request with `content` as an array of
one text block, the schema's other form.

  form-only                  declares `"elicitation": {}` (form mode only)
  key-by-method              answers under the question's method, not its key
  same-id                    sends the retry under the first request's id
  state-trimmed              strips the spaces out of the requestState
  empty-state                sends "requestState": "" when none came
  first-state                keeps sending the first round's requestState
  decline-with-content       sends the user's fields with a decline
  url-with-content           sends the user's fields with a URL accept
  roots-as-strings           answers roots as a list of URI strings
  sample-as-user             answers a sampling request with role "user"
  declares-everything        declares sampling and roots whatever it has
  retries-missing-capability retries a call the server refused with -32021
  state-on-report            puts the answers and the state on the next request too
  retry-without-version      leaves the protocol version out of a retry's _meta
  unknown-result-ok          reports a result of an unknown resultType as ok
  url-accept-on-decline      accepts a URL question even when the user declines
  no-round-limit             answers round after round, with no limit
  first-item-text            reports the text of the first content item, whatever its type
  retry-with-answers-as-arguments  puts the user's answer into the retry's arguments too
"""

import json
import sys

VERSION = "2026-07-28"
CONTENT_ARRAY = False


def parse(argv):
    global CONTENT_ARRAY
    if argv[:1] == ["--content-array"]:
        CONTENT_ARRAY, argv = True, argv[1:]
    defect = None
    if argv[:1] == ["--defect"]:
        defect, argv = argv[1], argv[2:]
    tool, user, rest = argv[0], argv[1], argv[2:]
    roots, sample = [], None
    while rest:
        flag, value, rest = rest[0], rest[1], rest[2:]
        if flag == "--roots":
            roots.append(value)
        elif flag == "--sample":
            sample = value
    if user not in ("decline", "cancel"):
        user = json.loads(user)
    return defect, tool, user, roots, sample


class Client:
    def __init__(self, defect, user, roots, sample):
        self.defect, self.user, self.roots, self.sample = defect, user, roots, sample
        self.counter = 0
        self.sticky = {}  # what state-on-report carries everywhere

    def capabilities(self):
        caps = {"elicitation": {} if self.defect == "form-only" else {"url": {}, "form": {}}}
        if self.sample is not None or self.defect == "declares-everything":
            caps["sampling"] = {}
        if self.roots or self.defect == "declares-everything":
            caps["roots"] = {}
        return caps

    def request(self, method, params, request_id=None):
        if request_id is None:
            self.counter += 1
            request_id = "in-%d" % self.counter
        params = dict(params)
        if self.defect == "state-on-report":
            for key, value in self.sticky.items():
                params.setdefault(key, value)
        params["_meta"] = {
            "io.modelcontextprotocol/clientInfo": {"name": "py-input", "version": "0.9"},
            "io.modelcontextprotocol/clientCapabilities": self.capabilities(),
            "io.modelcontextprotocol/protocolVersion": VERSION,
        }
        if self.defect == "retry-without-version" and ("inputResponses" in params or "requestState" in params):
            del params["_meta"]["io.modelcontextprotocol/protocolVersion"]
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n")
        sys.stdout.flush()
        for line in sys.stdin:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("id") == request_id and (
                "result" in message or "error" in message
            ):
                return request_id, message
        raise SystemExit("input_client.py: the server hung up")

    def elicit(self, params):
        if self.defect == "url-accept-on-decline" and params.get("mode") == "url":
            return {"action": "accept"}
        if self.user in ("decline", "cancel"):
            answer = {"action": self.user}
            if self.defect == "decline-with-content":
                answer["content"] = {"name": "nobody"}
            return answer
        if params.get("mode") == "url" and self.defect != "url-with-content":
            return {"action": "accept"}
        return {"content": self.user, "action": "accept"}

    def list_roots(self, params):
        if self.defect == "roots-as-strings":
            return {"roots": list(self.roots)}
        return {"roots": [{"uri": uri, "name": uri.rsplit("/", 1)[-1]} for uri in self.roots]}

    def sampling(self, params):
        role = "user" if self.defect == "sample-as-user" else "assistant"
        block = {"type": "text", "text": self.sample}
        return {"model": "py-scripted", "role": role, "content": [block] if CONTENT_ARRAY else block}

    def answers(self, requests):
        builders = {
            "elicitation/create": self.elicit,
            "roots/list": self.list_roots,
            "sampling/createMessage": self.sampling,
        }
        answers = {}
        for key, question in requests.items():
            method = question.get("method")
            answer_key = method if self.defect == "key-by-method" else key
            answers[answer_key] = builders[method](question.get("params", {}))
        return answers

    def call(self, tool):
        params = {"name": tool, "arguments": {}}
        rounds_left = 5
        first_id, response = self.request("tools/call", params)
        first_state = None
        while True:
            if "error" in response:
                error = response["error"]
                if error.get("code") == -32021 and self.defect != "retries-missing-capability":
                    return {
                        "outcome": "missing-capability",
                        "text": error.get("message", ""),
                        "requiredCapabilities": error.get("data", {}).get("requiredCapabilities"),
                    }
                if error.get("code") != -32021:
                    return {"outcome": "protocol-error", "text": error.get("message", "")}
                rounds_left -= 1
                if rounds_left < 0:
                    raise SystemExit("input_client.py: refused again and again")
                _, response = self.request("tools/call", params)
                continue
            result = response["result"]
            kind = result.get("resultType", "complete")
            if kind == "complete" or (kind != "input_required" and self.defect == "unknown-result-ok"):
                items = result.get("content", [])
                if self.defect == "first-item-text":
                    return {"outcome": "ok", "text": items[0].get("text", "") if items else ""}
                texts = [c["text"] for c in items if c.get("type") == "text"]
                return {"outcome": "ok", "text": texts[0] if texts else ""}
            if kind != "input_required":
                return {"outcome": "protocol-error", "text": "unknown resultType %r" % (kind,)}
            if rounds_left == 0 and self.defect != "no-round-limit":
                return {"outcome": "protocol-error", "text": "still asking after five rounds"}
            rounds_left -= 1
            retry = dict(params)
            if self.defect == "retry-with-answers-as-arguments":
                retry["arguments"] = {"user": self.user}
            retry["inputResponses"] = self.answers(result.get("inputRequests", {}))
            if "requestState" in result:
                state = result["requestState"]
                if first_state is None:
                    first_state = state
                if self.defect == "first-state":
                    state = first_state
                if self.defect == "state-trimmed":
                    state = state.replace(" ", "")
                retry["requestState"] = state
            elif self.defect == "empty-state":
                retry["requestState"] = ""
            if self.defect == "state-on-report":
                self.sticky = {k: retry[k] for k in ("inputResponses", "requestState") if k in retry}
            reuse = first_id if self.defect == "same-id" else None
            _, response = self.request("tools/call", retry, reuse)


def main():
    defect, tool, user, roots, sample = parse(sys.argv[1:])
    client = Client(defect, user, roots, sample)
    client.request("server/discover", {})
    outcome = client.call(tool)
    client.request("tools/call", {"name": "report", "arguments": outcome})


if __name__ == "__main__":
    main()
