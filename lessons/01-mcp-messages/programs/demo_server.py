#!/usr/bin/env python3
"""Independent Python implementation of the CURRICULUM §3 demo server (MCP 2026-07-28, stdio).

A test fixture for `learn`'s checker: newline-delimited JSON-RPC on stdin, one JSON message
per line on stdout (flushed), logs on stderr only. Standard library only.

    --style alt     same meaning, different form (wording, key order, state format, keys, extras)
    --async         answer from worker threads after 0-40 ms; os._exit(0) at EOF
    --reading NAME  take the other spec-sanctioned reading where the spec allows two
                    (repeatable); see READINGS below and README.md
    --defect NAME   add one classic mistake (repeatable); see DEFECTS below and README.md
"""
import argparse
import base64
import hashlib
import hmac
import json
import math
import os
import random
import re
import secrets
import sys
import threading
import time

VERSION = "2026-07-28"
PFX = "io.modelcontextprotocol/"
K_VERSION, K_CAPS, K_INFO = PFX + "protocolVersion", PFX + "clientCapabilities", PFX + "serverInfo"
KNOWN_META = {K_VERSION, K_CAPS, PFX + "clientInfo", PFX + "logLevel"}

DEFECTS = [
    "string-id", "constant-id", "float-id", "big-int-float", "answer-notifications",
    "answer-stray", "no-parse-error", "parse-error-crash", "accept-null-id", "accept-float-id",
    "ping-ok", "initialize-ok", "no-meta-check", "missing-caps-ok", "version-32602",
    "no-version-data", "reject-custom-meta", "unknown-tool-iserror", "tool-error-as-protocol",
    "no-result-type", "no-server-info", "stateful-mrtr", "accept-forged-state",
    "infer-capabilities", "decline-greets", "missing-answer-completes", "wrong-jsonrpc",
    "no-newline-flush", "exit-early", "stdout-log", "notifications-by-name", "null-id-silent",
    "id-after-parse-error",
]

# Where the spec allows two answers, the plain server gives one and each reading the other.
READINGS = [
    "meta-first",    # check params._meta before the method: a bare `ping` gets -32602
    "idless-32600",  # an id-less line that is not a valid notification gets -32600, id null
    "args-32602",    # add arguments that are missing or not numbers get -32602, not isError
]

NO_ID = object()    # marker: the request id could not be read
MISSING = object()  # marker: member absent

# The two "styles" say the same things in different words and shapes.
STYLES = {
    "plain": {
        "info": {"name": "demo-server", "version": "1.0.0"},
        "ask_key": "name",
        "key": b"learn demo server: fixed requestState key v1",
        "msg": {
            "parse": "Parse error", "invalid": "Invalid Request", "method": "Method not found",
            "params": "Invalid params", "version": "Unsupported protocol version",
            "caps": "Missing required client capability", "tool": "Unknown tool",
            "state": "Invalid requestState", "internal": "Internal error",
        },
    },
    "alt": {
        "info": {"name": "demo-server-alt", "version": "2.0.0-alt", "title": "Demo (alt form)"},
        "ask_key": "ask-name",
        "key": b"another fixed key for the alt style's requestState",
        "msg": {
            "parse": "could not decode that line as JSON",
            "invalid": "that message is not a usable JSON-RPC request",
            "method": "no such method on this server",
            "params": "the params of this request are not acceptable",
            "version": "this protocol version is not spoken here",
            "caps": "this call needs the client to declare elicitation",
            "tool": "there is no tool by that name",
            "state": "that requestState did not come from this server",
            "internal": "something went wrong inside the server",
        },
    },
}


class Server:
    def __init__(self, style, defects, asynchronous, readings=()):
        self.alt = style == "alt"
        self.r = set(readings)
        self.s = STYLES[style]
        self.d = set(defects)
        self.asynchronous = asynchronous
        self.lock = threading.Lock()
        self.out = sys.stdout.buffer
        self.states = set()          # only used by the stateful-mrtr defect
        self.seen_elicitation = False  # only used by the infer-capabilities defect
        self.owed = None             # only used by the id-after-parse-error defect

    # ---------------------------------------------------------------- output
    def emit(self, msg):
        if "wrong-jsonrpc" in self.d:
            msg["jsonrpc"] = "2.0.0"
        if self.alt:
            msg = reverse_keys(msg)
            try:
                data = json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            except UnicodeEncodeError:  # lone surrogates in an echoed string id
                data = json.dumps(msg, separators=(",", ":")).encode("ascii")
        else:
            data = json.dumps(msg).encode("ascii")
        with self.lock:
            if "no-newline-flush" in self.d:
                self.out.write(data)
            else:
                self.out.write(data + b"\n")
                self.out.flush()
            if "exit-early" in self.d:
                self.out.flush()
                os._exit(0)

    def finish(self):
        with self.lock:
            if "no-newline-flush" in self.d:
                self.out.write(b"\n")
            self.out.flush()
        if self.asynchronous:
            os._exit(0)  # drop unfinished work, as a correct server may

    def response(self, rid, key, value):
        if "constant-id" in self.d:
            rid = 1
        elif isinstance(rid, int) and not isinstance(rid, bool):
            try:
                if "string-id" in self.d:
                    rid = str(rid)
                elif "float-id" in self.d:
                    rid = float(rid)
                elif "big-int-float" in self.d:
                    rid = int(float(rid))
            except OverflowError:  # beyond any float: leave it alone
                pass
        msg = {"jsonrpc": "2.0"}
        if rid is NO_ID:
            if not self.alt:  # alt omits an unreadable id; plain writes null
                msg["id"] = None
        else:
            msg["id"] = rid
        msg[key] = value
        return msg

    def result(self, rid, body):
        if "no-result-type" in self.d:
            body.pop("resultType", None)
        if "no-server-info" not in self.d:
            meta = {K_INFO: dict(self.s["info"])}
            if self.alt:
                meta["com.example.demo/handled-at-ms"] = int(time.time() * 1000)
            body["_meta"] = meta
        return self.response(rid, "result", body)

    def error(self, rid, code, kind, detail=None, data=None):
        err = {"code": code, "message": self.s["msg"][kind]}
        if not self.alt and detail:
            err["message"] += ": " + detail
        if self.alt:  # extra, spec-allowed error data on every error
            data = dict(data or {})
            data.setdefault("reason", detail or kind)
        if data is not None:
            err["data"] = data
        return self.response(rid, "error", err)

    # ---------------------------------------------------------------- envelope
    def valid_id(self, rid):
        if isinstance(rid, str) or (isinstance(rid, int) and not isinstance(rid, bool)):
            return True
        if rid is None and "accept-null-id" in self.d:
            return True
        return isinstance(rid, float) and "accept-float-id" in self.d

    def handle(self, raw):
        """One input line -> list of messages to write (usually zero or one)."""
        text = raw.strip()
        if not text:
            return []  # blank lines are ignored
        if "parse-error-crash" in self.d:
            msg = json.loads(text.decode("utf-8"), parse_constant=reject_constant)
        else:
            try:
                msg = json.loads(text.decode("utf-8"), parse_constant=reject_constant)
            except (ValueError, UnicodeDecodeError):
                if "no-parse-error" in self.d:
                    return []
                if "id-after-parse-error" in self.d:  # salvaged for "later"
                    found = re.search(rb'"id"\s*:\s*(-?\d+|"[^"\\]*")', text)
                    self.owed = json.loads(found.group(1)) if found else None
                return [self.error(NO_ID, -32700, "parse")]
            except RecursionError:
                return [self.error(NO_ID, -32600, "invalid", "nested too deeply")]
        if isinstance(msg, list):
            return [self.error(NO_ID, -32600, "invalid", "batches are not supported")]
        if not isinstance(msg, dict):
            return [self.error(NO_ID, -32600, "invalid", "a message must be a JSON object")]
        if "notifications-by-name" in self.d and str(msg.get("method", "")).startswith(
                "notifications/"):
            return []  # the method's name decides, id or not
        if "null-id-silent" in self.d and msg.get("id", MISSING) is None:
            return []  # "id": null taken for a notification
        if "id" not in msg and "method" in msg:  # a notification: never answered
            if "answer-notifications" in self.d:
                return [self.result(None, {"resultType": "complete"})]
            if "idless-32600" in self.r and not is_notification(msg):
                return [self.error(NO_ID, -32600, "invalid", "not a valid notification")]
            return []
        if "id" not in msg:  # no method either: a stray response or nothing at all
            return []
        if "method" not in msg and ("result" in msg or "error" in msg):  # stray response
            if "answer-stray" in self.d:
                rid = msg["id"] if self.valid_id(msg["id"]) else NO_ID
                return [self.error(rid, -32600, "invalid", "servers take no responses")]
            return []
        rid = msg["id"]
        if not self.valid_id(rid):
            return [self.error(NO_ID, -32600, "invalid", "id must be a string or an integer")]
        if self.owed is not None:  # id-after-parse-error: the broken line's id, not this one's
            rid, self.owed = self.owed, None
        if msg.get("jsonrpc") != "2.0":
            return [self.error(rid, -32600, "invalid", 'jsonrpc must be "2.0"')]
        method = msg.get("method")
        if not isinstance(method, str):
            return [self.error(rid, -32600, "invalid", "method must be a string")]
        params = msg.get("params", MISSING)
        if params is MISSING:
            params = {}
        elif not isinstance(params, dict):
            return [self.error(rid, -32600, "invalid", "params must be an object")]
        return [self.dispatch(rid, method, params)]

    # ---------------------------------------------------------------- methods
    def dispatch(self, rid, method, params):
        if "meta-first" in self.r:  # _meta is checked before the method is looked up
            _, err = self.check_meta(rid, params)
            if err is not None:
                return err
        if method == "ping" and "ping-ok" in self.d:
            return self.result(rid, {"resultType": "complete"})
        if method == "initialize":
            if "initialize-ok" in self.d:
                return self.result(rid, {"resultType": "complete", "protocolVersion": VERSION,
                                         "capabilities": {"tools": {}},
                                         "serverInfo": dict(self.s["info"])})
            if self.alt:  # the spec allows either code; alt names the versions via -32022
                asked = params.get("protocolVersion")
                return self.error(rid, -32022, "version", "initialize is the legacy handshake",
                                  {"supported": [VERSION],
                                   "requested": asked if isinstance(asked, str) else ""})
            return self.error(rid, -32601, "method", "initialize was removed in " + VERSION)
        handler = {"server/discover": self.discover, "tools/list": self.tools_list,
                   "tools/call": self.tools_call}.get(method)
        if handler is None:
            return self.error(rid, -32601, "method", method,
                              {"method": method} if self.alt else None)
        caps, err = self.check_meta(rid, params)
        if err is not None:
            return err
        return handler(rid, params, caps)

    def check_meta(self, rid, params):
        lax = "no-meta-check" in self.d
        meta = params.get("_meta")
        if not isinstance(meta, dict):
            if lax:
                return {}, None
            return None, self.error(rid, -32602, "params", "params._meta is required")
        version = meta.get(K_VERSION, MISSING)
        if version is MISSING:
            if not lax:
                return None, self.error(rid, -32602, "params", K_VERSION + " is required")
        elif not isinstance(version, str):
            return None, self.error(rid, -32602, "params", K_VERSION + " must be a string")
        elif version != VERSION:
            if "version-32602" in self.d:
                return None, self.error(rid, -32602, "params", "unsupported version")
            data = None if "no-version-data" in self.d else {"supported": [VERSION],
                                                              "requested": version}
            err = self.error(rid, -32022, "version", version, data)
            if "no-version-data" in self.d:
                err["error"].pop("data", None)
            return None, err
        caps = meta.get(K_CAPS, MISSING)
        if caps is MISSING:
            if not (lax or "missing-caps-ok" in self.d):
                return None, self.error(rid, -32602, "params", K_CAPS + " is required")
            caps = {}
        elif not isinstance(caps, dict):
            return None, self.error(rid, -32602, "params", K_CAPS + " must be an object")
        if "reject-custom-meta" in self.d:
            for key in meta:
                if key not in KNOWN_META:
                    return None, self.error(rid, -32602, "params", "unknown _meta key " + key)
        if "infer-capabilities" in self.d:
            if "elicitation" in caps:
                self.seen_elicitation = True
            elif self.seen_elicitation:
                caps = dict(caps, elicitation={})
        return caps, None

    def discover(self, rid, params, caps):
        body = {"resultType": "complete", "supportedVersions": [VERSION],
                "capabilities": {"tools": {}}, "ttlMs": 60000, "cacheScope": "public"}
        if self.alt:
            body.update(ttlMs=0, cacheScope="private",
                        instructions="Two tools: add sums numbers, greet asks for a name.")
        return self.result(rid, body)

    def tools_list(self, rid, params, caps):
        add = {"name": "add", "inputSchema": {
            "type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"]}}
        greet = {"name": "greet", "inputSchema": {"type": "object", "properties": {}}}
        if self.alt:
            add.update(title="Add", description="Adds two numbers a and b.")
            greet.update(title="Greet", description="Asks the user's name, then greets them.",
                         annotations={"readOnlyHint": True})
        body = {"resultType": "complete", "tools": [add, greet], "ttlMs": 60000,
                "cacheScope": "public"}
        return self.result(rid, body)

    def tools_call(self, rid, params, caps):
        name = params.get("name")
        if not isinstance(name, str):
            return self.error(rid, -32602, "params", "tools/call needs a string name")
        args = params.get("arguments", MISSING)
        if args is MISSING:
            args = {}
        elif not isinstance(args, dict):
            return self.error(rid, -32602, "params", "arguments must be an object")
        if name == "add":
            return self.add(rid, args)
        if name == "greet":
            return self.greet(rid, params, caps)
        if "unknown-tool-iserror" in self.d:
            return self.result(rid, {"resultType": "complete", "isError": True, "content": [
                {"type": "text", "text": "Unknown tool: " + name}]})
        return self.error(rid, -32602, "tool", name, {"name": name} if self.alt else None)

    def text_result(self, rid, text, is_error=False, extra=None):
        body = {"resultType": "complete", "content": [{"type": "text", "text": text}]}
        if is_error:
            body["isError"] = True
        if extra:
            body.update(extra)
        return self.result(rid, body)

    def add(self, rid, args):
        a, b = args.get("a"), args.get("b")
        if not (is_number(a) and is_number(b)):
            if "args-32602" in self.r:
                return self.error(rid, -32602, "params", "add needs numbers a and b")
            return self.text_result(rid, "add needs two numbers, a and b; got a=%s, b=%s"
                                    % (json.dumps(a) if a is not None else "nothing",
                                       json.dumps(b) if b is not None else "nothing"), True)
        total = a + b
        if isinstance(total, float) and not math.isfinite(total):
            if "tool-error-as-protocol" in self.d:
                return self.error(rid, -32603, "internal", "the sum overflowed")
            return self.text_result(rid, "the sum is too large to write down", True)
        if isinstance(total, int):
            text = str(total) + (".0" if self.alt else "")
        else:
            text = repr(total)
        return self.text_result(rid, text, extra={"structuredContent": {"sum": total}}
                                if self.alt else None)

    # ---------------------------------------------------------------- MRTR (greet)
    def greet(self, rid, params, caps):
        if not isinstance(caps.get("elicitation"), dict):
            return self.error(rid, -32021, "caps", "greet asks the user for a name",
                              {"requiredCapabilities": {"elicitation": {}}})
        state = params.get("requestState", MISSING)
        if state is MISSING:  # a first call (answers without a state are ignored)
            return self.ask(rid)
        if not isinstance(state, str) or not self.verify_state(state):
            return self.error(rid, -32602, "state", "requestState was not issued here")
        answers = params.get("inputResponses", MISSING)
        if answers is not MISSING and not isinstance(answers, dict):
            return self.error(rid, -32602, "params", "inputResponses must be an object")
        answer = MISSING if answers is MISSING else answers.get(self.s["ask_key"], MISSING)
        if answer is MISSING:
            if "missing-answer-completes" in self.d:
                return self.text_result(rid, "No answer arrived, so the call is over.")
            return self.ask(rid)
        if not isinstance(answer, dict):
            return self.error(rid, -32602, "params", "an input response must be an object")
        action = answer.get("action")
        content = answer.get("content")
        given = content.get("name") if isinstance(content, dict) else None
        given = given.strip() if isinstance(given, str) else ""
        if action == "accept":
            if not given:  # accepted but no usable name: ask again
                return self.ask(rid)
            return self.text_result(rid, ("Welcome aboard, %s." if self.alt else "Hello, %s!")
                                    % given)
        if action in ("decline", "cancel"):
            if "decline-greets" in self.d:
                return self.text_result(rid, "Hello, %s!" % (given or "friend"))
            if self.alt:
                return self.text_result(rid, "No name (%s)." % ("declined" if action == "decline"
                                                                else "cancelled"))
            return self.text_result(rid, "The user declined to give a name." if action == "decline"
                                    else "The user dismissed the name request.")
        return self.error(rid, -32602, "params", "action must be accept, decline or cancel")

    def ask(self, rid):
        request = {"method": "elicitation/create", "params": {
            "mode": "form",
            "message": "What should I call you?" if self.alt else "What is your name?",
            "requestedSchema": {"type": "object",
                                "properties": {"name": {"type": "string", "title": "Name"}},
                                "required": ["name"]}}}
        return self.result(rid, {"resultType": "input_required",
                                 "inputRequests": {self.s["ask_key"]: request},
                                 "requestState": self.issue_state()})

    def issue_state(self):
        if "stateful-mrtr" in self.d:  # per-process memory: a fresh process cannot verify it
            token = secrets.token_urlsafe(16)
            self.states.add(token)
            return token
        body = {"tool": "greet", "ask": self.s["ask_key"], "nonce": secrets.token_hex(8)}
        if self.alt:  # standard base64 of {"body": "<json>", "mac": "<hex>"}
            raw = json.dumps(body, sort_keys=True)
            mac = hmac.new(self.s["key"], raw.encode(), hashlib.sha256).hexdigest()
            return base64.b64encode(json.dumps({"body": raw, "mac": mac}).encode()).decode()
        payload = b64url(json.dumps(body, separators=(",", ":")).encode())
        mac = hmac.new(self.s["key"], ("v1." + payload).encode(), hashlib.sha256).digest()
        return "v1.%s.%s" % (payload, b64url(mac))

    def verify_state(self, state):
        if "accept-forged-state" in self.d:
            return True
        if "stateful-mrtr" in self.d:
            return state in self.states
        try:
            if self.alt:
                outer = json.loads(base64.b64decode(state.encode("ascii"), validate=True))
                raw, mac = outer["body"], outer["mac"]
                good = hmac.new(self.s["key"], raw.encode(), hashlib.sha256).hexdigest()
                if not (isinstance(mac, str) and hmac.compare_digest(mac, good)):
                    return False
                again = base64.b64encode(json.dumps({"body": raw, "mac": mac}).encode()).decode()
                if again != state:  # only the exact text we issue, byte for byte
                    return False
                body = json.loads(raw)
            else:
                tag, payload, mac = state.split(".")
                good = hmac.new(self.s["key"], (tag + "." + payload).encode(),
                                hashlib.sha256).digest()
                if tag != "v1" or not hmac.compare_digest(mac.encode(), b64url(good).encode()):
                    return False
                body = json.loads(unb64url(payload))
            return body.get("tool") == "greet" and body.get("ask") == self.s["ask_key"]
        except Exception:  # any malformed state is simply not ours
            return False


def reject_constant(name):
    raise ValueError("not JSON: " + name)  # NaN, Infinity, -Infinity


def is_notification(msg):
    """A valid notification: no id, jsonrpc "2.0", a string method, params absent or an object."""
    return ("id" not in msg and msg.get("jsonrpc") == "2.0" and isinstance(msg.get("method"), str)
            and isinstance(msg.get("params", {}), dict))


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def reverse_keys(value):
    if isinstance(value, dict):
        return {k: reverse_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reverse_keys(v) for v in value]
    return value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--style", choices=["plain", "alt"], default="plain")
    ap.add_argument("--async", dest="asynchronous", action="store_true")
    ap.add_argument("--reading", action="append", default=[], choices=READINGS, metavar="NAME",
                    help="one of: " + ", ".join(READINGS))
    ap.add_argument("--defect", action="append", default=[], choices=DEFECTS, metavar="NAME",
                    help="one of: " + ", ".join(DEFECTS))
    opts = ap.parse_args()
    server = Server(opts.style, opts.defect, opts.asynchronous, opts.reading)
    if "stdout-log" in server.d:
        server.out.write(b"demo_server starting up\n")
        server.out.flush()
    print("demo_server: ready (style=%s, async=%s, readings=%s, defects=%s)"
          % (opts.style, opts.asynchronous, ",".join(opts.reading) or "none",
             ",".join(opts.defect) or "none"), file=sys.stderr)

    def later(msg):
        time.sleep(random.uniform(0, 0.040))
        server.emit(msg)

    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            break
        for msg in server.handle(line):
            if opts.asynchronous:
                threading.Thread(target=later, args=(msg,), daemon=True).start()
            else:
                server.emit(msg)
    print("demo_server: stdin closed, exiting", file=sys.stderr)
    server.finish()


if __name__ == "__main__":
    main()
