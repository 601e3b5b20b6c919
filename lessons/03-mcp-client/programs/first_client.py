"""An independent client for exercise 17 (first-client), in Python.

Written apart from the Rust reference and in other legal forms: string ids
with a prefix, an id used again once its request was answered (the rule is
about waiting requests only), a reader thread that files each response
under its id while the main thread waits, `_meta` keys in another order
with a custom key beside them, and numbers read from text such as "12.0".
With `--defect NAME` it makes one beginner's mistake:

    python3 lessons/03-mcp-client/programs/first_client.py [--int-ids] [--strict-ids] [--variant NAME] [--defect NAME] <x> <y>

`--int-ids` numbers the requests 1, 2, 3 instead of "req-1", "req-2", ...
`--strict-ids` stops with a protocol error on a response whose id is not a
JSON-RPC id (a string or an integer): a client may refuse a broken line.

`--variant NAME` picks another legal form (the spec leaves the order of
independent requests open, and a client may send a request before the
answer to an earlier one):

  multiply-first      sends `multiply` before `add`
  pipelined           sends `server/discover`, `add` and `multiply` at once,
                      and reads discover's answer before it uses any other

With `--defect NAME`:

  no-client-info      leaves `io.modelcontextprotocol/clientInfo` out
  no-capabilities     leaves `io.modelcontextprotocol/clientCapabilities` out
  old-version         says protocol version "2025-11-25"
  shared-id           gives `add` and `multiply` the same id
  waits-for-each      sends `multiply` only once `add` is answered
  first-come          takes answers in the order the calls went out
  ids-as-text         compares ids as text, so "7" answers 7 (give it --int-ids)
  strict-result-type  refuses a result that has no `resultType`
  arguments-as-text   sends the command line's numbers as strings
  own-arithmetic      reports x + y and x * y instead of the server's numbers
  calls-first         sends `add` and `multiply` before `server/discover`,
                      which this exercise asks for first
  ignores-versions    goes on when `supportedVersions` lacks 2026-07-28
  ignores-tools       goes on when `capabilities` have no `tools`
  unknown-result-ok   reads a result of any `resultType` as complete
  one-shape           goes on only when the discover answer lists exactly
                      `["2026-07-28"]` and `capabilities` are exactly
                      `{"tools": {}}` (refuses a server that also speaks an
                      older version or offers more)
  any-line-answers    takes a line with a waiting id as its answer, even
                      one with neither `result` nor `error`
  refuses-with-0      stops as it should after such a discover answer, but
                      with status 0, as if its task were done
"""

import json
import queue
import sys
import threading

VERSION = "2026-07-28"


def parse_args(argv):
    int_ids = strict_ids = False
    while argv and argv[0] in ("--int-ids", "--strict-ids"):
        if argv[0] == "--int-ids":
            int_ids = True
        else:
            strict_ids = True
        argv = argv[1:]
    variant = defect = None
    if len(argv) >= 2 and argv[0] == "--variant":
        variant, argv = argv[1], argv[2:]
    if len(argv) >= 2 and argv[0] == "--defect":
        defect, argv = argv[1], argv[2:]
    if len(argv) != 2:
        sys.exit("usage: first_client.py [--int-ids] [--strict-ids] [--variant NAME] [--defect NAME] <x> <y>")
    return int_ids, strict_ids, variant, defect, json.loads(argv[0]), json.loads(argv[1])


class Connection:
    """Writes requests, and files each response under its id from a thread."""

    def __init__(self, defect, int_ids, strict_ids):
        self.defect = defect
        self.int_ids = int_ids
        self.strict_ids = strict_ids
        self.counter = 0
        self.arrived = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            answers = "result" in message or "error" in message
            if self.defect == "any-line-answers":
                answers = "id" in message
            if answers:
                request_id = message.get("id")
                valid = isinstance(request_id, str) or (
                    isinstance(request_id, int) and not isinstance(request_id, bool)
                )
                if self.strict_ids and "result" in message and not valid:
                    sys.stderr.write("first_client.py: a response with no valid id: %s\n" % line)
                    self.arrived.put("broken")
                    return
                self.arrived.put(message)
        self.arrived.put(None)

    def fresh_id(self, reuse=None):
        if reuse is not None:
            return reuse
        self.counter += 1
        return self.counter if self.int_ids else "req-%d" % self.counter

    def send(self, method, params, request_id):
        meta = {"com.example/trace": "first-client-py"}
        if self.defect != "no-client-info":
            meta["io.modelcontextprotocol/clientInfo"] = {"version": "0.3", "name": "py-first"}
        if self.defect != "no-capabilities":
            meta["io.modelcontextprotocol/clientCapabilities"] = {}
        meta["io.modelcontextprotocol/protocolVersion"] = (
            "2025-11-25" if self.defect == "old-version" else VERSION
        )
        params = dict(params, _meta=meta)
        line = json.dumps({"params": params, "method": method, "id": request_id, "jsonrpc": "2.0"})
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def wait_for(self, ids):
        """The responses to `ids`, in that order, whatever order they come in."""
        found = {}
        arrival = []
        while len(arrival if self.defect == "first-come" else found) < len(ids):
            message = self.arrived.get()
            if message is None:
                raise SystemExit("first_client.py: the server hung up")
            if message == "broken":
                raise SystemExit("first_client.py: protocol error: a response with no valid id")
            if self.defect == "first-come":
                arrival.append(message)
                continue
            for index, wanted in enumerate(ids):
                if index not in found and same_id(message.get("id"), wanted, self.defect):
                    found[index] = message
                    break
        if self.defect == "first-come":
            return arrival
        return [found[index] for index in range(len(ids))]


def same_id(got, wanted, defect):
    if defect == "ids-as-text":
        return str(got).strip('"') == str(wanted).strip('"')
    # Equal in value and in JSON type: True == 1 in Python, so compare types.
    return type(got) is type(wanted) and got == wanted


def result_of(response, defect):
    if "error" in response:
        raise SystemExit("first_client.py: the server answered with an error: %r" % response["error"])
    # A line taken for an answer without a result (the any-line-answers
    # defect) reads as an empty one.
    result = response.get("result", {})
    # Only a resultType left out means complete; null is no known type.
    kind = result["resultType"] if "resultType" in result else None
    if "resultType" in result and not isinstance(kind, str):
        raise SystemExit("first_client.py: resultType %r is no type this client knows" % kind)
    if kind is None and defect == "strict-result-type":
        raise SystemExit("first_client.py: a result without resultType")
    if kind not in (None, "complete") and defect != "unknown-result-ok":
        raise SystemExit("first_client.py: unknown resultType %r" % kind)
    return result


def number_in(result):
    for item in result.get("content", []):
        if item.get("type") == "text":
            value = float(item["text"])
            return int(value) if value.is_integer() else value
    raise SystemExit("first_client.py: no text in a tool result")


def refuse(why, defect):
    """Stops after a discover answer this client cannot go on from."""
    sys.stderr.write("first_client.py: %s\n" % why)
    sys.exit(0 if defect == "refuses-with-0" else 1)


def check_discovered(found, defect):
    discovered = result_of(found, defect)
    if VERSION not in discovered.get("supportedVersions", []) and defect != "ignores-versions":
        refuse("the server does not speak %s" % VERSION, defect)
    if defect == "one-shape" and (
        discovered.get("supportedVersions") != [VERSION] or discovered.get("capabilities") != {"tools": {}}
    ):
        refuse("the server's discover answer is not the one this client knows", defect)
    tools = discovered.get("capabilities", {}).get("tools")
    if not isinstance(tools, dict) and defect != "ignores-tools":
        refuse("the server offers no tools", defect)


def send_calls(conn, arguments, defect, variant, reuse=None):
    """Sends add and multiply (in the variant's order); their ids."""
    names = ["multiply", "add"] if variant == "multiply-first" else ["add", "multiply"]
    ids = {}
    for name in names:
        if defect == "shared-id" and ids:
            ids[name] = next(iter(ids.values()))
        else:
            ids[name] = conn.fresh_id(reuse=reuse if not ids else None)
        conn.send("tools/call", {"arguments": arguments, "name": name}, ids[name])
        if defect == "waits-for-each" and len(ids) == 1:
            ids["answer:" + name] = conn.wait_for([ids[name]])[0]
    return ids


def main():
    int_ids, strict_ids, variant, defect, x, y = parse_args(sys.argv[1:])
    conn = Connection(defect, int_ids, strict_ids)
    arguments = {"a": x, "b": y}
    if defect == "arguments-as-text":
        arguments = {"a": str(x), "b": str(y)}
    if variant == "pipelined" or defect == "calls-first":
        # Every request at once; discover's answer is read before any other.
        discover_id = conn.fresh_id()
        if defect != "calls-first":
            conn.send("server/discover", {}, discover_id)
        ids = send_calls(conn, arguments, defect, variant)
        if defect == "calls-first":
            conn.send("server/discover", {}, discover_id)
        (found,) = conn.wait_for([discover_id])
        check_discovered(found, defect)
        add_answer, multiply_answer = conn.wait_for([ids["add"], ids["multiply"]])
    else:
        discover_id = conn.fresh_id()
        conn.send("server/discover", {}, discover_id)
        (found,) = conn.wait_for([discover_id])
        check_discovered(found, defect)
        # discover was answered, so its id is free again: the first call takes it.
        ids = send_calls(conn, arguments, defect, variant, reuse=discover_id)
        # In the order the calls went out (what `first-come` goes by).
        waiting = [name for name in ids if name in ("add", "multiply") and "answer:" + name not in ids]
        got = dict(zip(waiting, conn.wait_for([ids[name] for name in waiting])))
        add_answer = ids.get("answer:add") or got["add"]
        multiply_answer = ids.get("answer:multiply") or got["multiply"]
    total = number_in(result_of(add_answer, defect))
    product = number_in(result_of(multiply_answer, defect))
    if defect == "own-arithmetic":
        total, product = x + y, x * y

    report_id = conn.fresh_id()
    conn.send("tools/call", {"name": "report", "arguments": {"sum": total, "product": product}}, report_id)
    conn.wait_for([report_id])


if __name__ == "__main__":
    main()
