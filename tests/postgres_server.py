"""A throwaway PostgreSQL server for the tests: `initdb` in a temporary directory, a
free local port, password authentication over TCP, stopped (and the directory
removed) when the test session ends.

PostgreSQL refuses to run as root: as root the server runs as the `postgres` user
(`runuser`), which Debian's `postgresql` package creates. The binaries are looked up
on PATH, then in Debian's /usr/lib/postgresql/*/bin. `.ci/run` installs the package
when neither has them.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PASSWORD = "s3cret-pw"  # tests check it never shows in output or errors
USER = "inspector"


def find_bindir() -> Path | None:
    """The directory holding `initdb` and `pg_ctl`, or None when there is no server."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    bindir: Path
    root: Path
    port: int
    run_as: list[str]

    def url(self, database: str, driver: str = "") -> str:
        scheme = "postgresql" + (f"+{driver}" if driver else "")
        return f"{scheme}://{USER}:{PASSWORD}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database; returns its name."""
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name

    def stop(self) -> None:
        subprocess.run(self.run_as + [str(self.bindir / "pg_ctl"), "-D", str(self.root / "data"), "-m", "immediate",
                                      "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


def start() -> Server:
    """Start a server; raises RuntimeError naming what failed."""
    bindir = find_bindir()
    if bindir is None:
        raise FileNotFoundError("no PostgreSQL server binaries (initdb, pg_ctl)")
    root = Path(tempfile.mkdtemp(prefix="inspector-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:  # the server refuses root
        import pwd

        try:
            entry = pwd.getpwnam("postgres")
        except KeyError:
            raise RuntimeError("running as root and there is no 'postgres' user to run the server as") from None
        os.chown(root, entry.pw_uid, entry.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    pwfile = root / "pw"
    pwfile.write_text(PASSWORD + "\n")
    if run_as:
        os.chown(pwfile, pwd.getpwnam("postgres").pw_uid, -1)
    port = _free_port()
    data = root / "data"

    def run(*cmd: str) -> None:
        done = subprocess.run(run_as + list(cmd), capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{cmd[0]} failed: {done.stderr.strip() or done.stdout.strip()}")

    run(str(bindir / "initdb"), "-D", str(data), "-U", USER, "--pwfile", str(pwfile), "--auth-local=trust",
        "--auth-host=scram-sha-256", "-E", "UTF8", "--no-sync")
    run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-w", "-t", "60", "-o",
        f"-p {port} -k {root} -h 127.0.0.1 -c fsync=off -c full_page_writes=off", "start")
    server = Server(bindir, root, port, run_as)
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline:
                server.stop()
                raise RuntimeError("the PostgreSQL server did not accept connections") from None
            time.sleep(0.1)
    return server
