"""Export -> import round trips over generated sessions (hypothesis), for every export
format that has a reader: OpenAI chat JSON and JSONL (the OpenAI chat reader), the
Agents SDK SQLite session (the Agents SDK reader) and Anthropic Messages JSON (the
Anthropic reader). Each example compacts a generated session with a generated config
(or leaves it as is), writes the result with the real exporter to a file, reads that
file back with the real reader, and checks that what a model reads came back:

- chat and Agents SDK: message by message, role, text, tool calls (id, name, exact
  arguments), tool-call ids, and the reasoning the format carries, with its opaque
  data equal (OpenAI encrypted reasoning in the Agents SDK, Anthropic thinking
  signatures in chat `thinking_blocks`);
- the Agents SDK keeps no boundary between an assistant message and the calls that
  follow it (one response), so a calls-only assistant message is compared joined to
  the assistant message before it;
- Anthropic, whose turns alternate (consecutive turns of one role merge): per turn the
  same system texts, texts, thinking blocks with signatures, tool calls (arguments
  that are not a JSON object wrapped, as the exporter documents) and tool results;
  and exporting what was read gives the identical request body.

Sessions carry Unicode text (any code point but surrogates, control characters
included) and reasoning of both providers. Reasoning a format cannot carry is left out
with a warning, never an error.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.engine import apply, plan
from inspector.engine.applier import InvariantViolated
from inspector.engine.models import Message, Part, Session
from inspector.engine.summarize import SummaryRejected
from inspector.engine.tokens import EstimateCounter
from inspector.exports.registry import export_session
from inspector.formats.anthropic import LEADING_USER_TEXT, to_anthropic
from inspector.sources.anthropic_json import read_anthropic_json
from inspector.sources.registry import open_source
from tests.engine.test_properties import configs, sessions
from tests.examples import examples

EST = EstimateCounter(4.0)
# Each example writes and reads four files (one a SQLite database): a quarter of the
# engine properties' count (75 by default, 500 with `--hypothesis-profile=deep`).
EXAMPLES = max(30, examples() // 4)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FORMATS = ("openai-json", "openai-jsonl", "openai-agents-sqlite", "anthropic-json")

unicode_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=24)
blob = st.binary(min_size=8, max_size=48).map(lambda b: __import__("base64").b64encode(b).decode())


def openai_reasoning(summary: str, encrypted: str, k: int) -> Part:
    item = {"id": f"rs_{k}", "type": "reasoning", "summary": [{"type": "summary_text", "text": summary}],
            "encrypted_content": encrypted}
    return Part(type="reasoning", text=summary, data=item)


def anthropic_thinking(text: str, signature: str) -> Part:
    return Part(type="reasoning", text=text, data={"type": "thinking", "signature": signature})


@st.composite
def rich_sessions(draw) -> Session:
    """The engine properties' sessions, with Unicode text and both kinds of reasoning."""
    base = draw(sessions())
    out: list[Message] = []
    for k, m in enumerate(base.messages):
        if m.role in ("user", "tool") and draw(st.integers(0, 3)) == 0:
            m = m.model_copy(update={"parts": [Part(text=m.text + draw(unicode_text))]})
        if m.role == "assistant" and draw(st.integers(0, 2)) == 0:
            if draw(st.booleans()):
                part = openai_reasoning(draw(unicode_text), draw(blob), k)
            else:
                part = anthropic_thinking(draw(unicode_text), draw(blob))
            m = m.model_copy(update={"parts": [part, *m.parts]})
        out.append(m)
    return Session(id="gen", source_format="test", messages=out).renumber()


# ------------------------------------------------------------------------------ views


def carried(fmt: str, p: Part) -> bool:
    """Reasoning a format can carry: OpenAI's in the Agents SDK, Anthropic's in Anthropic
    JSON; OpenAI chat neither (`thinking_blocks` are LiteLLM's, written only where a chat
    source had them)."""
    openai = (p.data or {}).get("type") == "reasoning"
    if fmt == "openai-agents-sqlite":
        return openai
    return not openai and fmt == "anthropic-json"


def view(m: Message, fmt: str) -> tuple:
    return (m.role, m.text, m.tool_call_id if m.role == "tool" else None,
            [(c.id, c.name, c.arguments_raw) for c in m.tool_calls],
            [(p.text, p.data) for p in m.parts if p.type == "reasoning" and carried(fmt, p)])


def agents_view(messages: list[Message]) -> list[tuple]:
    """The Agents SDK has no boundary between an assistant message and calls that
    follow it (one response is its message item then its function_call items): an
    assistant message with nothing but calls joins the assistant message before it."""
    out: list[tuple] = []
    for m in messages:
        v = view(m, "openai-agents-sqlite")
        if out and m.role == "assistant" and out[-1][0] == "assistant" and not v[1] and not v[4]:
            role, text, _, calls, reasoning = out[-1]
            out[-1] = (role, text, None, calls + v[3], reasoning)
        else:
            out.append(v)
    return out


def reasoning_data(p: Part) -> dict:
    """A thinking part's opaque data as the Anthropic reader gives it back."""
    return {k: v for k, v in (p.data or {}).items() if k not in ("type", "thinking")}


def tool_input(raw: str) -> dict:
    """A call's arguments as a tool_use `input`: a JSON object (raw newlines inside
    strings allowed, as models write them), else wrapped."""
    try:
        value = json.loads(raw, strict=False) if raw else {}
    except ValueError:
        value = None
    return value if isinstance(value, dict) else {"arguments": raw}


def turns(messages: list[Message]) -> tuple[list[str], list[tuple]]:
    """What an Anthropic request says: the system texts, then per turn (consecutive
    messages of one side merge) its blocks. A user turn starts with its tool results;
    an assistant turn keeps thinking and text in order, then its calls."""
    system: list[str] = []
    out: list[tuple[str, list, list]] = []
    started = False

    def add(side: str, first: list, second: list) -> None:
        if not first and not second:
            return  # nothing to send: no turn
        if out and out[-1][0] == side:
            out[-1][1].extend(first)
            out[-1][2].extend(second)
        else:
            out.append((side, list(first), list(second)))

    for m in messages:
        if m.role in ("system", "developer"):
            if not started:
                system += [p.text for p in m.parts if p.type == "text" and p.text]
            elif m.text:
                add("user", [], [("text", f"[{m.role}]\n{m.text}")])
            continue
        started = True
        if m.role == "tool":
            add("user", [("result", m.tool_call_id, m.text)], [])
        elif m.role == "user":
            add("user", [], [("text", p.text) for p in m.parts if p.type == "text" and p.text])
        else:
            blocks = [("thinking", p.text, reasoning_data(p)) if p.type == "reasoning" else ("text", p.text)
                      for p in m.parts if (p.type == "reasoning" and carried("anthropic-json", p))
                      or (p.type == "text" and p.text)]
            add("assistant", blocks, [("call", c.id, c.name, tool_input(c.arguments_raw)) for c in m.tool_calls])
    return system, [(side, tuple(a), tuple(b)) for side, a, b in out]


# ----------------------------------------------------------------------------- reading


def read_back(fmt: str, path: Path) -> list[Message]:
    if fmt == "anthropic-json":
        return read_anthropic_json(path).messages
    with open_source(path) as src:
        (sid,) = src.session_ids()
        assert src.skipped == [], src.skipped
        return src.read(sid).messages


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    # One folder for the whole test: the source guard re-checks every file read at the
    # end, so the files stay until then.
    return tmp_path_factory.mktemp("roundtrip")


_names = itertools.count()


@SETTINGS
@given(rich_sessions(), st.one_of(st.none(), configs()))
def test_export_then_import_gives_back_what_a_model_reads(folder, session, config):
    messages = session.messages
    if config is not None:
        try:
            messages = apply(session, plan(session, config, EST), counter=EST).messages
        except (SummaryRejected, InvariantViolated):  # nothing applied: the session as it is
            pass
    n = next(_names)
    for fmt in FORMATS:
        path = folder / f"{n}-{fmt}{'.db' if fmt.endswith('sqlite') else '.json'}"
        result = export_session(messages, fmt, path, session_id=f"s{n}")
        back = read_back(fmt, path)
        dropped = [p for m in messages for p in m.parts if p.type == "reasoning" and not carried(fmt, p)]
        assert len(result.warnings) >= (1 if dropped else 0)  # left out, and said so
        if fmt == "anthropic-json":
            opened = next((k for k, m in enumerate(back) if m.role not in ("system", "developer")), None)
            if opened is not None and back[opened].text == LEADING_USER_TEXT:
                # a conversation opening with the assistant gets a user turn first (the API's rule), said
                assert any(LEADING_USER_TEXT in w for w in result.warnings)
                back = back[:opened] + back[opened + 1:]
            assert turns(back) == turns(messages)
            body = json.loads(path.read_text())
            body.pop("max_tokens")  # a request option, not part of the conversation
            # the tools the history calls are defined (the API requires it), and only those
            called = dict.fromkeys(b["name"] for t in body["messages"] if isinstance(t["content"], list)
                                   for b in t["content"] if b.get("type") == "tool_use")
            assert [t["name"] for t in body.pop("tools", [])] == list(called)
            assert to_anthropic(back, model=body.get("model")) == body  # a fixed point
        elif fmt == "openai-agents-sqlite":
            assert agents_view(back) == agents_view(messages)
        else:
            assert [view(m, fmt) for m in back] == [view(m, fmt) for m in messages], fmt


@pytest.mark.filterwarnings("ignore:Generating overly large repr")
def test_the_generator_makes_what_the_round_trip_is_about():
    """The strategy really produces both reasoning kinds, non-ASCII text and tool calls
    (the round trip is not vacuous)."""
    from hypothesis import Phase, find

    quick = settings(derandomize=True, phases=[Phase.generate], max_examples=300)

    def reasoning(s, openai):
        return any(p.type == "reasoning" and carried("openai-agents-sqlite", p) == openai
                   for m in s.messages for p in m.parts)

    find(rich_sessions(), lambda s: reasoning(s, True), settings=quick)
    find(rich_sessions(), lambda s: reasoning(s, False), settings=quick)
    find(rich_sessions(), lambda s: any(ord(ch) > 0x7F for m in s.messages for ch in m.text), settings=quick)
    find(rich_sessions(), lambda s: sum(len(m.tool_calls) for m in s.messages) >= 3, settings=quick)


def test_an_agents_sdk_export_is_a_new_session_the_reader_lists(tmp_path):
    """Two exports into one database: two sessions, each read back on its own."""
    s = Session(id="x", messages=[Message.text_message("user", "héllo \U0001F600"),
                                  Message.text_message("assistant", "hi")])
    db = tmp_path / "a.db"
    ids = [export_session(s, "openai-agents-sqlite", db, session_id="same").session_id for _ in range(2)]
    assert ids == ["same", "same-2"]
    with open_source(db) as src:
        assert src.session_ids() == ids
        assert [m.text for m in src.read("same-2").messages] == ["héllo \U0001F600", "hi"]
    con = sqlite3.connect(db)
    assert con.execute("SELECT count(*) FROM agent_messages").fetchone()[0] == 4
    con.close()
