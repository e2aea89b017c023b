"""Small hand-built sessions for engine tests."""

from __future__ import annotations

from inspector.engine.models import Message, Part, Session, ToolCall


def sys(text="You are a helpful agent."):
    return Message.text_message("system", text)


def user(text):
    return Message.text_message("user", text)


def asst(text="", calls=()):
    return Message(role="assistant", parts=[Part(text=text)] if text else [],
                   tool_calls=[ToolCall(id=cid, name=name, arguments_raw=args) for cid, name, args in calls])


def tool(cid, text, name=None):
    return Message(role="tool", tool_call_id=cid, name=name, parts=[Part(text=text)])


def session(*messages, id="s1"):
    return Session(id=id, source_format="test", messages=list(messages)).renumber()


def agent_session(rounds=10, output="x " * 400, user_every=3, parallel_every=4, pending=False, id="agent"):
    """System + rounds of (user?) assistant call(s) + results; parallel batches sometimes."""
    msgs = [sys()]
    for r in range(rounds):
        if r % user_every == 0:
            msgs.append(user(f"request {r}: please look at part {r} of the code"))
        if parallel_every and r % parallel_every == parallel_every - 1:
            calls = [(f"c{r}a", "grep", '{"q": "a"}'), (f"c{r}b", "read_file", '{"path": "b"}')]
        else:
            calls = [(f"c{r}", "bash", '{"cmd": "ls -la"}')]
        msgs.append(asst(f"Step {r}. I will run a tool.", calls))
        for cid, name, _ in calls:
            msgs.append(tool(cid, f"output of {name} {r}: " + output, name))
    msgs.append(asst("All done. The bug was in part 3."))
    if pending:
        msgs.append(user("one more thing"))
        msgs.append(asst("", [("cp", "bash", '{"cmd": "make"}')]))
    return session(*msgs, id=id)
