"""A fork server for the lessons' Python test programs (tests/it/common/pyfork.rs).

The cases run a few thousand short-lived Python programs, and most of each
start is the interpreter's and the imports' (a test program takes about
30 ms of CPU before it reads a line). This process starts once and imports
what the programs import; each program then runs in a fork of it.

A client (`pyfork_client.c`, which pyfork.rs compiles) writes its process
id to the FOLDER/requests FIFO and waits on FOLDER/<pid>.reply. A keeper,
forked for it, opens the client's stdin, stdout and stderr through /proc
(the very pipes the checker made; the client holds copies at 7, 8 and 9),
takes its arguments, environment and working folder from there too, and
forks the program on them, in a session of its own. It says "started" (the client then lets go of its stdin and stdout, so
the checker sees them close when the program closes them), and then how the
program ended; when the client goes first (the checker stopped it), it stops
the program's whole group. "unavailable" tells the client to run Python
itself. What differs from a fresh interpreter: a program's own children are
not in the client's process group (no case program starts any).

Usage: python3 -S pyfork.py FOLDER [--compile DIR] [MODULE...]. Imports each
MODULE too (the official SDK, for its test server), and compiles every .py
file under DIR once (a program's source was compiled at every start: about
8 ms of CPU for the demo server); prints "ready" once listening; exits when
its stdin closes (the test binary ended).
"""

import io
import os
import select
import signal
import sys
import threading

# What the test programs import, loaded once here rather than in every start.
import argparse  # noqa: F401
import base64  # noqa: F401
import builtins
import hashlib  # noqa: F401
import gc
import hmac  # noqa: F401
import importlib
import importlib.machinery
import json  # noqa: F401
import random
import re  # noqa: F401
import runpy
import secrets  # noqa: F401
import time  # noqa: F401
import traceback
import types

# Absolute path -> (modification time, size, code object).
compiled = {}


def precompile(root):
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            try:
                found = os.stat(path)
                with open(path, "rb") as f:
                    code = compile(f.read(), path, "exec", dont_inherit=True)
            except (OSError, SyntaxError, ValueError):
                continue  # it runs as usual, and fails as usual
            compiled[path] = (found.st_mtime_ns, found.st_size, code)


def compiled_code(path):
    """The code compiled at start for `path`, if the file is unchanged since."""
    known = compiled.get(path)
    if known is None:
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    if (found.st_mtime_ns, found.st_size) != known[:2]:
        return None
    return known[2]


class CompiledSourceLoader(importlib.machinery.SourceFileLoader):
    """Python's loader for .py files, with the code compiled at start: most
    case programs import a sibling (`import conformant_server as base`)."""

    def get_code(self, fullname):
        code = compiled_code(self.path)
        return code if code is not None else super().get_code(fullname)


def use_compiled_code_for_imports():
    machinery = importlib.machinery
    # Python's own order: extension modules, source, bytecode.
    loaders = [
        (machinery.ExtensionFileLoader, machinery.EXTENSION_SUFFIXES),
        (CompiledSourceLoader, machinery.SOURCE_SUFFIXES),
        (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES),
    ]
    sys.path_hooks.insert(0, machinery.FileFinder.path_hook(*loaders))
    sys.path_importer_cache.clear()


def main():
    folder = sys.argv[1]
    modules = sys.argv[2:]
    if modules[:1] == ["--compile"] and len(modules) > 1:
        precompile(os.path.abspath(modules[1]))
        modules = modules[2:]
    for module in modules:
        importlib.import_module(module)
    use_compiled_code_for_imports()
    requests = os.path.join(folder, "requests")
    if not os.path.exists(requests):
        os.mkfifo(requests)
    # Open for writing too, so the FIFO never reads as ended between clients.
    fifo = os.open(requests, os.O_RDWR)
    # What is loaded stays out of the collector's sight, so a fork does not
    # copy every page of it when a collection walks (and writes) the objects.
    gc.freeze()
    # Keepers are reaped by the kernel: the server never waits for them.
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    print("ready", flush=True)
    pending = b""
    # No thread here: a fork copies locks held by other threads, held for ever.
    while True:
        readable, _, _ = select.select([fifo, 0], [], [])
        if 0 in readable and not os.read(0, 4096):
            return  # the tests ended
        if fifo in readable:
            pending += os.read(fifo, 4096)
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line.strip().isdigit() and os.fork() == 0:
                    os.close(fifo)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    keep(folder, int(line))


def keep(folder, client):
    """The keeper of one client: runs its program, reports how it ended."""
    try:
        reply = os.open(os.path.join(folder, f"{client}.reply"), os.O_RDWR)
        watch = os.pidfd_open(client)
    except OSError:
        os._exit(0)
    try:
        try:
            request = from_proc(client)
        except (OSError, ValueError):
            os.write(reply, b"unavailable\n")
            return
        program = os.fork()
        if program == 0:
            try:
                os.close(reply)
                os.close(watch)
                run(*request)
            finally:
                traceback.print_exc()
                os._exit(125)
        for fd in request[0]:
            os.close(fd)
        os.write(reply, b"started\n")

        def stop_when_the_client_goes():
            select.select([watch], [], [])
            stop(program)

        threading.Thread(target=stop_when_the_client_goes, daemon=True).start()
        _, status = os.waitpid(program, 0)
        if os.WIFSIGNALED(status):
            report = f"signal {os.WTERMSIG(status)}\n"
        else:
            report = f"exit {os.WEXITSTATUS(status)}\n"
        stop(program)
        os.write(reply, report.encode())
    except Exception:
        traceback.print_exc()
    finally:
        # What is written to a FIFO is kept only while it is open: a program
        # can run to its end before its client, on a loaded machine, has
        # opened the reply FIFO, and the client then waited for ever with
        # the program's stdout open ("kept its output open", seen in the
        # cases). So the keeper ends when its client does.
        select.select([watch], [], [], 60)
        os._exit(0)


def stop(group):
    try:
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass


def from_proc(client):
    """The client's stdin, stdout and stderr (its 7, 8 and 9), its arguments after its
    own name, its environment and its working folder."""
    proc = f"/proc/{client}"
    fds = []
    try:
        for number, mode in ((7, os.O_RDONLY), (8, os.O_WRONLY), (9, os.O_WRONLY)):
            fds.append(os.open(f"{proc}/fd/{number}", mode))
        with open(f"{proc}/cmdline", "rb") as f:
            words = f.read().split(b"\0")[:-1]
        # The client, then the program and its arguments.
        argv = [os.fsdecode(w) for w in words[1:]]
        if not argv:
            raise ValueError("no program")
        with open(f"{proc}/environ", "rb") as f:
            pairs = [p.split(b"=", 1) for p in f.read().split(b"\0") if b"=" in p]
        env = {os.fsdecode(k): os.fsdecode(v) for k, v in pairs}
        cwd = os.readlink(f"{proc}/cwd")
    except (OSError, ValueError):
        # Held here, the client's stdout would stay open while the client
        # runs Python itself.
        for fd in fds:
            os.close(fd)
        raise
    return fds, argv, env, cwd


kept = []


def run(fds, argv, env, cwd):
    """The program's process: becomes what `python3 program args` would be."""
    os.setsid()
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    # Nothing else of the server's stays open (a pipe held here would keep
    # a reader waiting).
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    # A fork shares the server's random state: each program draws its own.
    random.seed()
    # Fresh standard streams on the new descriptors (the server's are kept,
    # unused, so nothing of theirs runs here), as Python makes them in UTF-8
    # mode, which the tests' C.UTF-8 or cleared environment gives it.
    kept.extend([sys.stdin, sys.stdout, sys.stderr])
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "r", closefd=False)),
        encoding="utf-8",
        errors="surrogateescape",
    )
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
        encoding="utf-8",
        errors="surrogateescape",
    )
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(2, "w", closefd=False)),
        encoding="utf-8",
        errors="backslashreplace",
        line_buffering=True,
    )
    program = argv[0]
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(os.path.abspath(program))
    code = 0
    try:
        code_object = compiled_code(os.path.abspath(program))
        if code_object is None:
            runpy.run_path(program, run_name="__main__")
        else:
            # What run_path does with the source, minus compiling it again.
            main_module = types.ModuleType("__main__")
            main_module.__dict__.update(
                __file__=program,
                __cached__=None,
                __loader__=None,
                __package__=None,
                __spec__=None,
                __builtins__=builtins,
            )
            sys.modules["__main__"] = main_module
            exec(code_object, main_module.__dict__)
    except SystemExit as exit:
        code = exit_code(exit.code)
    except BaseException:
        sys.excepthook(*sys.exc_info())
        code = 1
    # As the interpreter ends: non-daemon threads, atexit, then the flush.
    threading._shutdown()
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            code = 120
    os._exit(code)


def exit_code(value):
    if value is None:
        return 0
    if isinstance(value, int):
        return value & 0xFF
    print(value, file=sys.stderr)
    return 1


if __name__ == "__main__":
    main()
