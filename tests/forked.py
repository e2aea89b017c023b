"""Real child processes without a Python start each: `inspector` commands (and short
scripts) run in processes forked from one process that has already imported the CLI.

A test that needs a command to run as a process of its own (it is killed with -9 at a
fault point, it must not hang the test on a FIFO, it runs in another mount namespace)
used to start `python -m inspector.cli` once per command: about 1.5 s of CPU each, nearly
all of it importing the same modules again. Here one server process imports them once,
then forks a child per command. Each child is a process like the old ones: its own pid,
its stdout and stderr on files read back afterwards, stdin from /dev/null, the
environment and directory the test gives, killed for real by SIGKILL; it runs
`inspector.cli.main.main(argv)` as `python -m inspector.cli` does and ends as that
interpreter would (atexit handlers, threads joined; an uncaught exception prints its
traceback and exits 1).

What a child shares with its siblings is only what the server did before forking:
importing modules (nothing of the command's own work). Modules that read the
environment when imported read the server's, so a test that sets such a variable for
one command must start a process of its own.

    from tests.forked import Command, run_commands
    results = run_commands([Command(["plan", path]), ...], env={...}, parallel=True)

`python -m tests.forked` is the server: a JSON request on stdin, JSON results on stdout.
`run_here` runs commands from a process that has imported this module (a script inside
`unshare`, say), without a server.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Imported by the server before it forks: what the commands the tests run import lazily.
WARM = ["inspector.cli.main", "inspector.cli.compact", "inspector.cli.config", "inspector.cli.replay",
        "inspector.cli.eval", "inspector.cli.workspace", "inspector.cli.stats", "inspector.cli.fidelity",
        "inspector.service.opening", "inspector.service.pipeline", "inspector.service.replay",
        "inspector.llm", "inspector.engine.replay", "inspector.engine.fidelity", "inspector.workspace.database",
        "sqlite_utils", "tiktoken", "asyncio"]


@dataclass
class Command:
    """One child: `inspector ARGV` (or, with `code`, `python -c CODE ARGV`), with these
    variables added to (or, when None, removed from) the environment."""

    argv: list[str]
    env: dict[str, str | None] = field(default_factory=dict)
    code: str | None = None


@dataclass
class Result:
    """How a child ended: its exit status (-9 when SIGKILL ended it, as subprocess
    reports it), what it wrote, and whether the timeout ended it."""

    argv: list[str]
    returncode: int
    stdout: str
    stderr: str
    timed_out: bool = False


def _child(command: Command, out: str, err: str) -> None:
    """In the forked child: become the command's process, run it, exit as its
    interpreter would (never returns).

    A SystemExit ends the child with its code; any other exception prints its traceback
    and exits 1, as `python -m inspector.cli` would. Then what the interpreter does at
    exit: non-daemon threads joined, atexit handlers run, streams flushed."""
    import traceback

    code = 0
    try:
        for key, value in command.env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        stdin = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin, 0)
        for fd, path in ((1, out), (2, err)):
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(handle, fd)
            os.close(handle)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if command.code is not None:
            sys.argv = ["-c", *command.argv]
            exec(compile(command.code, "<string>", "exec"), {"__name__": "__main__"})
        else:
            from inspector.cli.main import main

            sys.argv = ["inspector", *command.argv]
            code = main(list(command.argv))
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            code = exc.code or 0
        else:
            print(exc.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    try:
        import atexit
        import threading

        threading._shutdown()  # type: ignore[attr-defined]
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _start(command: Command, directory: str, k: int) -> tuple[int, str, str]:
    out, err = os.path.join(directory, f"{k}.out"), os.path.join(directory, f"{k}.err")
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(command, out, err)  # never returns: the child exits inside it
    return pid, out, err


def _wait(pid: int, deadline: float) -> tuple[int, bool]:
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), False
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            return os.waitstatus_to_exitcode(status), True
        time.sleep(0.01)


def _read(path: str) -> str:
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def run_here(commands: list[Command], parallel: bool = False, timeout: float = 120) -> list[Result]:
    """Fork a child of this process per command; side by side with `parallel`, else one
    after the other. Each gets `timeout` seconds (from its start, or from the start of
    all with `parallel`) before it is killed and reported `timed_out`."""
    # (not a TemporaryDirectory: its finalizer would run in each child at exit)
    directory = tempfile.mkdtemp(prefix="inspector-forked-")
    results = []
    try:
        if parallel:
            deadline = time.monotonic() + timeout
            started = [(c, *_start(c, directory, k)) for k, c in enumerate(commands)]
            for command, pid, out, err in started:
                code, late = _wait(pid, deadline)
                results.append(Result(command.argv, code, _read(out), _read(err), late))
        else:
            for k, command in enumerate(commands):
                pid, out, err = _start(command, directory, k)
                code, late = _wait(pid, time.monotonic() + timeout)
                results.append(Result(command.argv, code, _read(out), _read(err), late))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return results


def warm(also: Sequence[str] = ()) -> None:
    """Import what the commands import (and the modules `also` names), once, before any
    child is forked."""
    import importlib

    for name in [*WARM, *also]:
        importlib.import_module(name)


def run_commands(commands: list[Command], env: dict[str, str] | None = None, cwd: Path | str | None = None,
                 parallel: bool = False, timeout: float = 120, warm_also: Sequence[str] = ()) -> list[Result]:
    """Run `commands` in children of a fresh server process (started with `env`, the
    test's environment by default, in `cwd`, the checkout by default, having imported
    the modules `warm_also` names besides the CLI's); see `run_here`."""
    request = {"commands": [asdict(c) for c in commands], "parallel": parallel, "timeout": timeout,
               "warm": list(warm_also)}
    base = dict(os.environ if env is None else env)
    base.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    base["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), base.get("PYTHONPATH")]))
    run = subprocess.run([sys.executable, "-m", "tests.forked"], input=json.dumps(request), env=base,
                         cwd=str(cwd or ROOT), capture_output=True, text=True,
                         timeout=timeout * (1 if parallel else len(commands)) + 120)
    assert run.returncode == 0, run.stderr
    return [Result(**r) for r in json.loads(run.stdout)]


def _serve() -> None:
    request = json.loads(sys.stdin.read())
    commands = [Command(**c) for c in request["commands"]]
    warm(request["warm"])
    results = run_here(commands, parallel=request["parallel"], timeout=request["timeout"])
    sys.stdout.write(json.dumps([asdict(r) for r in results]))


if __name__ == "__main__":
    _serve()
