"""What touches the process as a whole, kept out of the pure engine: the tokenizer's
offline BPE files (files and the environment) and the cyclic garbage collector
(process-wide, shared by every thread).

Service entry points, readers and the workspace use it; the engine never imports it
(the layers and the engine's forbidden contract in pyproject.toml).
"""

from __future__ import annotations

import base64
import gc
import hashlib
import importlib.util
import os
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

# ------------------------------------------------------------------ the tokenizer's files


def bundled_tiktoken_dir() -> str | None:
    """Directory holding tiktoken's BPE files shipped inside litellm's wheel.

    Found without importing litellm (the import costs seconds and touches the network).

    Returns:
        The directory, or None when litellm or its tokenizer files are not installed.
    """
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return None
    for base in spec.submodule_search_locations:
        path = os.path.join(base, "litellm_core_utils", "tokenizers")
        if os.path.isdir(path):
            return path
    return None


def _offline(ctor: Callable[[], dict[str, Any]], directory: str) -> Callable[[], dict[str, Any]]:
    """tiktoken's constructor `ctor` reading its BPE file from `directory`, named as
    tiktoken names its cache entries (sha1 of the URL) and checked against the same
    hash; `ctor` itself (tiktoken's cache or download) when the file is not there.

    tiktoken offers no public way to point one load at a directory other than the
    process's environment (TIKTOKEN_CACHE_DIR), which a library must leave to the user:
    the constructor's code is rebuilt with its loader swapped (types.FunctionType),
    here and nowhere else."""

    def load(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        path = os.path.join(directory, hashlib.sha1(url.encode()).hexdigest())  # noqa: S324 - tiktoken's key
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        with open(path, "rb") as fh:
            data = fh.read()
        if expected_hash and hashlib.sha256(data).hexdigest() != expected_hash:
            raise ValueError(f"{path} does not match the hash tiktoken expects for {url}")
        return {base64.b64decode(token): int(rank) for token, rank in (line.split() for line in data.splitlines()
                                                                       if line)}

    rebuilt = types.FunctionType(ctor.__code__, {**ctor.__globals__, "load_tiktoken_bpe": load}, ctor.__name__,
                                 ctor.__defaults__, ctor.__closure__)

    def construct() -> dict[str, Any]:
        try:
            encoding: dict[str, Any] = rebuilt()
            return encoding
        except FileNotFoundError:
            return ctor()

    return construct


_encodings_lock = threading.Lock()
_encodings_ready = False


def use_bundled_encodings() -> None:
    """Have tiktoken build its encodings from the BPE files litellm ships (offline), once
    per process; the environment is left alone, and a `TIKTOKEN_CACHE_DIR` (or
    `DATA_GYM_CACHE_DIR`) the user set wins. Cheap after the first call: front ends call
    it before counting, and the engine then asks tiktoken by name."""
    global _encodings_ready
    if _encodings_ready:
        return
    with _encodings_lock:
        if _encodings_ready:
            return
        directory = bundled_tiktoken_dir()
        user_cache = os.environ.get("TIKTOKEN_CACHE_DIR") or os.environ.get("DATA_GYM_CACHE_DIR")
        if directory and not user_cache and importlib.util.find_spec("tiktoken") is not None:
            import tiktoken.registry

            tiktoken.registry.list_encoding_names()  # loads the constructors
            table = tiktoken.registry.ENCODING_CONSTRUCTORS or {}
            for name, ctor in list(table.items()):
                if "load_tiktoken_bpe" in getattr(ctor, "__code__", types.SimpleNamespace(co_names=())).co_names:
                    table[name] = _offline(ctor, directory)
        _encodings_ready = True


# ------------------------------------------------------------------ work beside a replay


def run_beside(work: Callable[[Callable[[], bool]], None]) -> Callable[[], None]:
    """Start `work(stopped)` on a daemon thread (the engine's replay counts ahead there,
    `Beside` in inspector/engine/replay.py); `stopped()` turns true once the returned
    function is called, which then waits for the thread to end.

    Args:
        work: what to run; it should return soon after `stopped()` is true.

    Returns:
        The function that stops the work and joins its thread.
    """
    stop = threading.Event()
    thread = threading.Thread(target=work, args=(stop.is_set,), daemon=True, name="inspector-count-ahead")
    thread.start()

    def finish() -> None:
        stop.set()
        thread.join()

    return finish


# ------------------------------------------------------------------ the garbage collector

_gc_lock = threading.Lock()
_gc_pauses = 0
_gc_was_enabled = False


@contextmanager
def collection_paused() -> Iterator[None]:
    """The cyclic collector off for the block, and for every block of any thread that
    overlaps it: reference-counted, so it comes back on when the last one ends (and only
    if it was on when the first began).

    Parsing allocates millions of objects that all stay alive (records, messages), and
    every few thousand allocations the collector walks the older ones again: on a
    100,000-message transcript that was half the reading time. A replay allocates
    contexts, plans and results call after call, which reference counting frees; the
    collections they set off walked the session's messages each time (a sixth of a
    10,000-message replay). Neither makes reference cycles to collect. At the end, what
    was allocated and survives goes straight to the oldest generation (`freeze` then
    `unfreeze`: two list splices), else the first collection after would walk all of
    it once more (another second after a big read). That is skipped when the process
    froze objects itself (before a fork, say), so they stay frozen.
    """
    global _gc_pauses, _gc_was_enabled
    with _gc_lock:
        if _gc_pauses == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pauses += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses -= 1
            if _gc_pauses == 0 and _gc_was_enabled:
                if gc.get_freeze_count() == 0:
                    gc.freeze()
                    gc.unfreeze()
                gc.enable()


_hold_lock = threading.Lock()
_holds = 0


def hold_survivors() -> Callable[[], None]:
    """Move every object alive now out of the collector's reach (`gc.freeze`) until the
    returned function is called: a session being tuned holds millions of objects that
    stay alive, and each collection walked them all again.

    Reference-counted across holders and threads: the objects go back to the collector
    (`gc.unfreeze`) only when the last holder lets go, so one screen closing does not
    hand back what another still tunes.

    Returns:
        The function that lets go; calling it more than once does nothing.
    """
    global _holds
    with _hold_lock:
        gc.freeze()
        _holds += 1
    released = False

    def release() -> None:
        global _holds
        nonlocal released
        with _hold_lock:
            if released:
                return
            released = True
            _holds -= 1
            if _holds == 0:
                gc.unfreeze()

    return release

