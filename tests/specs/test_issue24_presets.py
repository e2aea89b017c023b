"""Each preset faithful to its reference system where it used to diverge (issue 24,
points 2 and 4-10). Each test quotes the spec line it follows (../shared/specs/)."""

from __future__ import annotations

import dataclasses

import pytest

from inspector.engine import apply, plan, preset
from inspector.engine.analysis import analyze
from inspector.engine.config import ConfigError
from inspector.engine.models import Session
from inspector.engine.planning import Action
from inspector.engine.summarize.extractive import build_summary
from inspector.engine.tokens import TiktokenCounter

from ..sessions import asst, session, sys, tool, user

COUNTER = TiktokenCounter(model="gpt-4o")


def text_of(out) -> str:
    return "\n".join(m.text for m in out.messages)


# ------------------------------------------------------------------------- point 4: trpc


def commit_session() -> Session:
    """Earlier turns, then the current request and its in-flight work: a commit."""
    msgs = [sys()]
    for k in range(6):
        msgs += [user(f"question {k}: explain module {k} " + "context " * 200),
                 asst(f"Module {k} does things. " + "detail " * 200)]
    msgs += [user("Commit the fix now."),
             asst("Committing.", [("c1", "bash", '{"cmd": "git commit -am fix"}')]),
             tool("c1", "[main 3f2a9c1] Fix the parser\n 1 file changed", "bash")]
    return session(*msgs)


def test_trpc_summary_covers_history_before_the_current_request():
    """trpc: the request injects the summary "and appends only incremental events after
    the summary point"; "Includes all incremental events after the summary point (no
    truncation)". The in-flight turn (the request, the call, the commit hash) stays."""
    s = commit_session()
    request = len(s.messages) - 3
    c = preset("trpc").with_values({"tokens.context_window": 4_000, "tailoring.enabled": False})
    p = plan(s, c, COUNTER)
    (spec,) = p.summaries
    assert spec.end <= request
    assert [p.actions[i] for i in range(request, len(s.messages))] == [Action.KEEP] * 3
    out = apply(s, p, counter=COUNTER)
    text = text_of(out)
    assert text.index("Commit the fix now.") < text.index("3f2a9c1")  # the request before its result


@pytest.mark.parametrize("window", [6_000, 8_000, 16_000])
def test_trpc_never_summarizes_the_latest_turn_of_a_real_session(window):
    """trpc: the summary "includes all incremental events after the summary point" and
    tailoring "tries to preserve system messages and the latest turn": on every real
    session (a CTF run was cut "at 19 to keep the last 0 messages"), nothing from the
    latest user message on is summarized, whatever the window."""
    from tests.engine.planning.test_search import real_sessions

    summarized = 0
    for s in real_sessions():
        users = [i for i, m in enumerate(s.messages) if m.role == "user" and m.kind == "message"]
        if not users:
            continue
        p = plan(s, preset("trpc").with_values({"tokens.context_window": window}), COUNTER)
        summarized += bool(p.summaries)
        assert all(sp.end <= users[-1] for sp in p.summaries), s.id
        assert Action.SUMMARIZE not in p.actions[users[-1]:], s.id
    assert summarized >= 5


def in_flight_session() -> Session:
    """Earlier turns, then the current request and a long turn in flight: more work
    done for it than any preset keeps verbatim, each step's result naming a commit."""
    msgs = [sys()]
    for k in range(3):
        msgs += [user(f"question {k}: explain module {k} " + "context " * 200),
                 asst(f"Module {k} does things. " + "detail " * 200)]
    msgs += [user("Fix the parser and commit each step.")]
    for k in range(20):
        msgs += [asst(f"Step {k}.", [(f"c{k}", "bash", f'{{"cmd": "git commit -am step{k}"}}')]),
                 tool(f"c{k}", f"[main {k:07x}] step {k}\n" + "out " * 300, "bash")]
    return session(*msgs)


def in_flight_config(name: str):
    return preset(name).with_values({"tokens.context_window": 8_000, "tailoring.enabled": False,
                                     **({} if name in ("balanced", "trpc") else
                                        {"summarization.trigger.context_tokens": 4_000})})


@pytest.mark.parametrize("name", ["balanced", "eino", "sagents", "synaptic", "trpc"])
def test_no_preset_puts_the_turn_in_flight_before_its_request(name):
    """Issue 24, point 4: "the request is placed after it: the model sees the commit as
    still to do". Synaptic: the summary "replaces the older messages"; Sagents: "To
    summarize: Older messages before cutoff point" and "Replaces older messages with
    summary messages, preserving recent messages"; trpc: the request "appends only
    incremental events after the summary point". So a summary that covers work done for
    the current request is read after that request (or, Eino, carries the request inside
    it: "returns []M{summary}" with "the most recent original user messages")."""
    s = in_flight_session()
    request = 7
    p = plan(s, in_flight_config(name), COUNTER)
    assert p.summaries, name
    out = apply(s, p, counter=COUNTER)
    text = text_of(out)
    (spec,) = p.summaries
    if name == "eino":  # the whole history in one summary, the request carried inside it
        assert request in spec.preserved_users and spec.end == len(s.messages)
    elif name == "trpc":  # "all incremental events after the summary point": none summarized
        assert all(p.actions[i] == Action.KEEP for i in range(request, len(s.messages)))
    else:  # the request kept in place, then the assistant's account of what it did for it, then the rest
        assert spec.start < request < spec.end - 1 and spec.kept == [request]
        k = next(i for i, m in enumerate(out.messages) if m.kind == "summary")
        assert out.messages[k - 1].content_hash == s.messages[request].content_hash
        assert out.messages[k].role == "assistant" and out.messages[k + 1].role == "assistant"
        assert text.index("Fix the parser") < text.index("extractive summary") < text.index("step 19")
        # the last summarized action's result (its commit) is carried
        last = s.messages[spec.end - 1]
        assert last.role == "tool" and last.text.split("]")[0] + "]" in out.messages[k].text
        assert any(w.code == "injection_changed" and w.positions == [request + 1] for w in p.warnings)


@pytest.mark.parametrize("name", ["balanced", "sagents", "synaptic"])
def test_a_later_compaction_folds_the_in_flight_summary_once(name):
    """The summary of the turn in flight is a message of its own (kind summary), so the
    next compaction folds it once: no summary nested in another, none duplicated, the
    request verbatim once and still before the work done for it."""
    s = in_flight_session()
    c = in_flight_config(name)
    out = apply(s, plan(s, c, COUNTER), counter=COUNTER)
    msgs = list(out.messages)
    for k in range(20, 32):  # the turn goes on
        msgs += [asst(f"Step {k}.", [(f"c{k}", "bash", f'{{"cmd": "git commit -am step{k}"}}')]),
                 tool(f"c{k}", f"[main {k:07x}] step {k}\n" + "out " * 300, "bash")]
    again = Session(id="again", source_format="test", messages=msgs).renumber()
    p2 = plan(again, c, COUNTER)
    (spec,) = p2.summaries
    first = next(i for i, m in enumerate(again.messages) if m.kind == "summary")
    assert spec.start <= first < spec.end  # the earlier summary is folded into the new one
    out2 = apply(again, p2, counter=COUNTER)
    prefix = c.summarization.summary_prefix
    assert sum(m.text.count(prefix) for m in out2.messages) == 1
    assert sum(m.text.count("extractive summary, generated offline") for m in out2.messages) == 1
    assert [m.kind for m in out2.messages].count("summary") == 1
    requests = [i for i, m in enumerate(out2.messages) if m.text == "Fix the parser and commit each step."]
    (k,) = [i for i, m in enumerate(out2.messages) if m.kind == "summary"]
    assert len(requests) == 1 and requests[0] == k - 1 and out2.messages[k].role == "assistant"


def test_an_in_flight_summary_with_nothing_after_it_is_a_user_message():
    """When nothing is kept after the summary of the turn in flight (Sagents
    messages_to_keep = 0), it is a user message after the request: an assistant message
    last is a prefill the model would continue, not a turn to answer. Tailoring that
    drops every round after it does the same."""
    s = in_flight_session()
    c = in_flight_config("sagents").with_values({"summarization.keep.messages": 0})
    p = plan(s, c, COUNTER)
    (spec,) = p.summaries
    assert spec.end == len(s.messages) and spec.injection == "user" and spec.insert_at == 8
    out = apply(s, p, counter=COUNTER)
    assert [(m.role, m.kind) for m in out.messages] == [("system", "message"), ("user", "message"),
                                                         ("user", "summary")]
    # kept rounds after it, all dropped by tailoring: the summary ends the context as a user message
    from inspector.engine.planning.tailor import LATEST_ROUND, tailor
    c2 = in_flight_config("sagents").with_values({"tailoring.enabled": True, "summarization.keep.messages": 4})
    p2 = plan(s, c2, COUNTER)
    (spec2,) = [dataclasses.replace(x) for x in p2.summaries]
    assert spec2.injection == "assistant" and spec2.end < len(s.messages)
    cur, actions = list(p2.tokens_after), list(p2.actions)
    a = analyze(s, COUNTER)
    tailor(c2.with_values({"tokens.context_window": 100, "tailoring.reserve_output_tokens": 0}), a, cur,
           actions, [spec2], sum(cur) + spec2.estimated_tokens, 0, lead=1, level=LATEST_ROUND)
    assert all(actions[i] == Action.DROP for i in range(spec2.end, len(s.messages)))
    assert spec2.injection == "user"


@pytest.mark.parametrize("name", ["balanced", "sagents", "synaptic"])
def test_the_in_flight_summary_is_carried_by_every_provider_format(name):
    """The assistant summary after the request, through the exporters: the Messages API's
    rules hold (turns alternate, every tool_use answered), the summary stays assistant
    text after the request in Anthropic's, OpenAI chat's, the Agents SDK's, ADK's and
    LangChain's forms; the output validates."""
    from inspector.engine.validation import validate
    from inspector.formats.anthropic import to_anthropic
    from inspector.formats.genai import to_contents
    from inspector.formats.langchain import to_langchain
    from inspector.formats.openai_chat import to_openai_chat
    from inspector.formats.responses import to_responses_items
    from tests.exports.test_anthropic import check_valid

    s = in_flight_session()
    out = apply(s, plan(s, in_flight_config(name), COUNTER), counter=COUNTER)
    summary = next(m for m in out.messages if m.kind == "summary").text
    assert not [p for p in validate(out.messages) if p.severity == "error"]
    body = to_anthropic(out.messages)
    check_valid(body)
    turns = [(t["role"], b.get("text", "")) for t in body["messages"] for b in t["content"]]
    k = next(j for j, (_, t) in enumerate(turns) if t == summary)
    assert turns[k - 1] == ("user", "Fix the parser and commit each step.") and turns[k][0] == "assistant"
    chat = to_openai_chat(out.messages)
    k = next(j for j, m in enumerate(chat) if m.get("content") == summary)
    assert chat[k]["role"] == "assistant" and chat[k - 1]["role"] == "user"
    items = to_responses_items(out.messages)
    k = next(j for j, i in enumerate(items) if isinstance(i.get("content"), list)
             and [c.get("text") for c in i["content"]] == [summary])
    assert items[k]["role"] == "assistant" and items[k - 1]["role"] == "user"
    contents = to_contents(out.messages)
    k = next(j for j, c in enumerate(contents) if any(p.get("text") == summary for p in c["parts"]))
    assert contents[k]["role"] == "model" and contents[k - 1]["role"] == "user"
    lc = to_langchain(out.messages)
    k = next(j for j, m in enumerate(lc) if m.content == summary)
    assert lc[k].type == "ai" and lc[k - 1].type == "human"


@pytest.mark.parametrize("fmt", ["openai-json", "anthropic-json", "openai-agents-sqlite", "adk-sqlite", "langgraph",
                                 "claude-code"])
def test_the_in_flight_summary_reads_back_after_its_request_from_every_export(tmp_path, fmt):
    """Written by each exporter and read back by inspector's own reader: the request,
    then the summary of the work done for it, then the kept steps; every call answered."""
    from inspector.exports.registry import export_session
    from inspector.sources.registry import open_source

    s = in_flight_session()
    out = apply(s, plan(s, in_flight_config("sagents"), COUNTER), counter=COUNTER)
    body = next(m for m in out.messages if m.kind == "summary").text.split("\n\n", 1)[1][:200]
    res = export_session(s, fmt, tmp_path / f"out-{fmt.replace('-', '_')}", compacted=out)
    with open_source(res.path) as src:
        back = src.read(res.session_id if res.session_id else src.session_ids()[0]).messages
    texts = [m.text for m in back]
    request = next(i for i, t in enumerate(texts) if t.endswith("Fix the parser and commit each step."))
    summary = next(i for i, t in enumerate(texts) if body in t)
    later = next(i for i, t in enumerate(texts) if "step 19" in t)
    assert request < summary < later, fmt
    calls = [c.id for m in back for c in m.tool_calls]
    assert sorted(calls) == sorted(m.tool_call_id for m in back if m.role == "tool"), fmt


def test_trpc_context_compaction_is_off_by_default():
    """trpc: "EnableContextCompaction=false always means the framework will not modify
    any tool result" (off by default)."""
    s = session(sys(), user("a"), asst("", [("c", "grep", "{}")]), tool("c", "word " * 3000, "grep"),
                user("b"), asst("", [("d", "grep", "{}")]), tool("d", "w", "grep"),
                user("c"), asst("ok"))
    c = preset("trpc")
    assert not c.reduction.compaction.enabled
    p = plan(s, c, COUNTER)
    assert all(p.actions[i] == Action.KEEP for i in (3, 6))
    on = plan(s, c.with_values({"reduction.compaction.enabled": True}), COUNTER)
    assert on.actions[3] == Action.CLEAR  # opted in: pass 1 at trpc's 1024 tokens


# ------------------------------------------------------------------------- point 9: eino


def test_eino_adds_no_transcript_hint_by_default():
    """Eino: TranscriptFilePath is "appended to the summary to remind the model where to
    find original context", and it has no default: no hint unless set."""
    c = preset("eino")
    assert not c.summarization.recovery_hint
    s = session(sys(), *[m for k in range(8) for m in (user(f"q{k} " + "x " * 300), asst(f"a{k} " + "y " * 300))])
    p = plan(s, c.with_values({"summarization.trigger.context_tokens": 1_000}), COUNTER)
    out = apply(s, p, counter=COUNTER)
    summary = next(m for m in out.messages if m.meta.get("inspector_summary"))
    assert "read_file" not in summary.text and "stored as" not in summary.text


def test_eino_truncation_keeps_max_over_two_parts_from_each_end():
    """Eino: "keep the first and last MaxLengthForTrunc/(textParts*2) characters as a
    preview" (25,000 + 25,000 of a 120,000-character output at the default 50,000)."""
    body = "".join(f"{k:07d}\n" for k in range(15_000))  # 120,000 characters
    s = session(sys(), user("read it"), asst("", [("c", "cat", "{}")]), tool("c", body, "cat"), asst("done"))
    p = plan(s, preset("eino"), COUNTER)
    red = p.reductions[3]
    assert (red.head_chars, red.tail_chars) == (25_000, 25_000)
    out = apply(s, p, counter=COUNTER)
    text = out.messages[3].text
    assert text.startswith(body[:25_000]) and text.endswith(body[-25_000:])
    # processed once: planning the output again does not truncate it again
    again = plan(Session(id="o", source_format="test", messages=list(out.messages)).renumber(),
                 preset("eino"), COUNTER)
    assert again.actions[3] == Action.KEEP


# ------------------------------------------------------------------ point 2: eino preserve


def swe_session() -> Session:
    """SWE-agent: the environment's observations are stored as user messages."""
    msgs = [sys("SETTING: You are an autonomous programmer."),
            user("We're currently solving the following issue within our repository.\nISSUE:\n"
                 "TimeDelta loses precision. " + "details " * 40)]
    for k in range(8):
        msgs.append(asst(f"Look at step {k}.\n```\nopen src/fields_{k}.py\n```"))
        msgs.append(user(f"[File: /testbed/src/fields_{k}.py (100 lines total)]\n"
                         + "".join(f"{j}:    code line {j}\n" for j in range(60))
                         + f"(Open file: /testbed/src/fields_{k}.py)\n(Current directory: /testbed)\nbash-$"))
    return session(*msgs, id="swe")


def test_eino_preserves_user_requests_not_observations():
    """Eino: PreserveUserMessages "replaces the <all_user_messages>...</all_user_messages>
    section in the summary with the most recent original user messages": what the user
    wrote, not the environment's observations a framework stores as user messages."""
    s = swe_session()
    p = plan(s, preset("eino").with_values({"summarization.trigger.context_tokens": 2_000}), COUNTER)
    (spec,) = p.summaries
    assert spec.preserved_users == [1]  # the task, and no observation
    out = apply(s, p, counter=COUNTER)
    assert "(Open file:" not in text_of(out).split("<all_user_messages>")[-1]


# ------------------------------------------------------------- point 5: sagents, synaptic


@pytest.mark.parametrize("name", ["sagents", "synaptic"])
def test_requests_survive_summaries_of_summaries(name):
    """Sagents and Synaptic summarize the earlier summary again with the old messages
    (no incremental summary): "Replaces older messages with summary messages", "Older
    messages that are sent to the summarizer model". A request held only in the
    previous summary must be in the next one (30-turn agent loop, distinct markers)."""
    c = preset(name).with_values({"summarization.trigger.context_tokens": 3_000})
    ctx = [sys()]
    compactions = 0
    for t in range(30):
        ctx += [user(f"REQ-{t:02d}: handle item {t}"), asst("", [(f"c{t}", "bash", '{"cmd": "run"}')]),
                tool(f"c{t}", f"result {t}: " + "data " * 300, "bash"), asst(f"Done with item {t}.")]
        s = Session(id="loop", source_format="test", messages=list(ctx)).renumber()
        p = plan(s, c, COUNTER)
        if p.summaries:
            ctx = list(apply(s, p, counter=COUNTER).messages)
            compactions += 1
        text = "\n".join(m.text for m in ctx)
        assert [k for k in range(t + 1) if f"REQ-{k:02d}" not in text] == [], (t, name)
    assert compactions >= 3


# ------------------------------------------------------------------ point 6: synaptic


def test_synaptic_summary_is_a_system_message_even_before_an_assistant_message():
    """Synaptic: the summary "replaces the older messages as a system message prefixed
    with [Previous conversation summary]" (whatever the kept part starts with)."""
    msgs = [sys(), user("fix the build")]
    for k in range(12):
        msgs += [asst(f"step {k}", [(f"c{k}", "bash", '{"cmd": "make"}')]), tool(f"c{k}", "log " * 400, "bash")]
    msgs += [user("and run the tests"), asst("running", [("t", "bash", '{"cmd": "pytest"}')]),
             tool("t", "ok " * 100, "bash")]
    s = session(*msgs)
    p = plan(s, preset("synaptic"), COUNTER)
    (spec,) = p.summaries
    assert s.messages[spec.end].role == "assistant"
    out = apply(s, p, counter=COUNTER)
    summary = next(m for m in out.messages if m.meta.get("inspector_summary"))
    assert summary.role == "system" and summary.text.startswith("[Previous conversation summary]")
    assert "injection_changed" not in [w.code for w in p.warnings]


def test_synaptic_stays_within_budget_beside_a_large_system_prompt():
    """Synaptic: "The request then proceeds with the summary plus the recent messages,
    staying within budget": the kept part shrinks when the prompt takes its room."""
    msgs = [sys("You are an agent. " + "rule " * 2_200), user("go")]
    for k in range(15):
        msgs += [asst(f"step {k}", [(f"c{k}", "bash", "{}")]), tool(f"c{k}", "out " * 200, "bash")]
    s = session(*msgs)
    p = plan(s, preset("synaptic"), COUNTER)
    out = apply(s, p, counter=COUNTER)
    assert out.total_after - p.reply_priming <= 4_000
    assert "still_over_trigger" not in [w.code for w in p.warnings]


# ------------------------------------------------------------------ point 7: thrash


def test_a_result_left_over_the_trigger_is_a_warning_even_when_the_summary_is_left_out():
    """When the search leaves the summary out (it does not fit the budget), the result
    is still checked against the trigger: thrash is never silent (a real SWE-agent run
    whose last observation alone is over Synaptic's 4,000-token trigger)."""
    from pathlib import Path

    from inspector.sources.swe_agent import read_traj

    s = read_traj(Path(__file__).resolve().parents[1] / "fixtures" / "swe-agent" / "ctf_forensics_flash.traj")
    c = preset("synaptic").with_values({"tailoring.enabled": True, "tailoring.budget_tokens": 7_904})
    p = plan(s, c, COUNTER)
    out = apply(s, p, counter=COUNTER)
    assert out.total_after - p.reply_priming > 4_000
    assert not p.summaries and "left out" in p.stage("summarize").reason
    assert "still_over_trigger" in [w.code for w in p.warnings]


# ------------------------------------------------------------------ point 8: config


def test_a_window_not_larger_than_the_output_reserve_is_refused_naming_the_keys():
    with pytest.raises(ConfigError) as err:
        preset("balanced").with_values({"tokens.context_window": 4_000})
    assert "tokens.context_window" in str(err.value) and "tailoring.reserve_output_tokens" in str(err.value)
    # an explicit budget, or tailoring off, needs no derived budget
    preset("balanced").with_values({"tokens.context_window": 4_000, "tailoring.budget_tokens": 3_000})
    preset("sagents").with_values({"tokens.context_window": 4_000})


def test_config_validate_exits_2_naming_the_keys(tmp_path, capsys):
    from inspector.cli.main import main

    path = tmp_path / "inspector.toml"
    path.write_text('preset = "balanced"\n[tokens]\ncontext_window = 4000\n')
    assert main(["config", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "tokens.context_window" in err and "reserve_output_tokens" in err


def test_keeping_as_many_messages_as_the_message_trigger_is_refused_naming_both_keys():
    """Issue 24, point 8 ("keep > trigger where the preset would never fire"): with
    Sagents' messages_to_keep at or over a message-count trigger, the trigger fires with
    nothing to summarize, then on every call (the kept messages alone are over it)."""
    for keep, trigger in ((6, 4), (6, 6)):
        with pytest.raises(ConfigError) as err:
            preset("sagents").with_values({"summarization.trigger.messages": trigger,
                                           "summarization.keep.messages": keep})
        assert "summarization.keep.messages" in str(err.value) and "summarization.trigger.messages" in str(err.value)
    # below the trigger; another trigger that must fire too ("all"); or kept by tokens: accepted
    preset("sagents").with_values({"summarization.trigger.messages": 7})
    preset("sagents").with_values({"summarization.trigger.messages": 4, "summarization.trigger.combine": "all"})
    preset("synaptic").with_values({"summarization.trigger.messages": 4})
    preset("sagents").with_values({"summarization.trigger.messages": 4, "summarization.enabled": False})


def test_config_validate_refuses_keep_over_the_message_trigger(tmp_path, capsys):
    from inspector.cli.main import main

    path = tmp_path / "inspector.toml"
    path.write_text('preset = "sagents"\n[summarization.trigger]\nmessages = 4\n')
    assert main(["config", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "summarization.keep.messages" in err and "summarization.trigger.messages" in err
    path.write_text('preset = "sagents"\n[summarization.trigger]\nmessages = 4\n[summarization.keep]\nmessages = 3\n')
    assert main(["config", "validate", str(path)]) == 0


# ------------------------------------------------------------------ point 10: summary


def test_the_offline_summary_carries_the_last_result_and_a_next_step_after_it():
    msgs = [user("Fix the parser and commit."),
            asst("I will commit the fix now.", [("c1", "bash", '{"cmd": "git commit -am fix"}')]),
            tool("c1", "[main 3f2a9c1] Fix the parser\n 1 file changed", "bash")]
    text = build_summary(msgs, [], 300)
    assert "3f2a9c1" in text
    next_step = text.split("Next step:\n")[1].split("\n")[0]
    assert "I will commit" not in next_step  # that step happened
    assert "git commit" in next_step


def test_the_offline_summary_keeps_an_earlier_summarys_requests():
    first = build_summary([user("TASK-A: build the thing"), asst("ok"), user("REQ-B: add tests"), asst("ok")],
                          [], 300)
    second = build_summary([user("REQ-C: update docs"), asst("done")], [first], 300)
    assert "TASK-A" in second.split("User requests")[0]  # still the task
    assert "REQ-B" in second and "REQ-C" in second
