"""Helpers for building labelled set L29 (writer's tools; needs /work/main/.venv).

    /work/main/.venv/bin/python /work/labels-L29/tools.py show SESSION_FILE [FROM TO]
        print inspector's reading of the session: index, role, tool calls, text (clipped)
    /work/main/.venv/bin/python /work/labels-L29/tools.py extractive SESSION_FILE CUT
        print inspector's offline extractive summary of messages 1..CUT-1 (the `inspector` variant)
    /work/main/.venv/bin/python /work/labels-L29/tools.py check SESSION_FILE CUT
        check CUT is an assistant message and no kept tool result lost its call
"""
import sys

sys.path.insert(0, "/work/main")
from inspector.engine.summarize.extractive import build_summary  # noqa: E402
from inspector.sources.registry import open_source  # noqa: E402


def messages(path):
    return list(next(open_source(path).sessions()).messages)


def main(argv):
    cmd, path = argv[0], argv[1]
    ms = messages(path)
    if cmd == "show":
        lo = int(argv[2]) if len(argv) > 2 else 0
        hi = int(argv[3]) if len(argv) > 3 else len(ms)
        for i in range(lo, min(hi, len(ms))):
            m = ms[i]
            calls = "; ".join(f"{c.name}({(c.arguments_raw or '')[:200]})" for c in m.tool_calls)
            tid = getattr(m, "tool_call_id", None) or ""
            print(f"[{i}] {m.role} {tid} {('CALLS ' + calls) if calls else ''}")
            print("    " + (m.text or "")[:1500].replace("\n", "\n    "))
        print(f"({len(ms)} messages)")
    elif cmd == "extractive":
        cut = int(argv[2])
        print(build_summary(ms[1:cut], [], 300))
    elif cmd == "check":
        cut = int(argv[2])
        assert ms[cut].role == "assistant", f"message {cut} is {ms[cut].role}, not assistant"
        kept = {c.id for m in ms[cut:] for c in m.tool_calls}
        for m in ms[cut:]:
            tid = getattr(m, "tool_call_id", None)
            assert not tid or tid in kept, f"kept tool result {tid} lost its call"
        print(f"ok: cut {cut} of {len(ms)} ({cut / len(ms):.0%})")


if __name__ == "__main__":
    main(sys.argv[1:])
