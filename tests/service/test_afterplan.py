"""What the model sees of each message after a plan (`service.afterplan`), checked
against what applying the plan sends."""

from __future__ import annotations

from inspector.engine import preset
from inspector.engine.applier import reduce_message
from inspector.engine.planning import Action
from inspector.service.afterplan import message_after
from inspector.service.pipeline import plan_session

SUMMARIZED = {"summarization.trigger.context_tokens": 2000, "summarization.trigger.context_ratio": 0.0,
              "summarization.keep.messages": 4, "summarization.keep.tokens": 800}
REDUCED = {"reduction.truncation.max_chars": 400, "reduction.clear.trigger_tokens": 2000,
           "reduction.clear.at_least_tokens": 0, "summarization.trigger.context_tokens": 10**8,
           "summarization.trigger.context_ratio": 0.0}


def test_each_message_after_the_plan_is_what_its_action_sends(traj_sessions, counter):
    seen: set[str] = set()
    plans = [(s, plan_session(s, preset("balanced").with_values(values), counter=counter))
             for values in (SUMMARIZED, REDUCED) for s in traj_sessions]
    for session, p in plans:
        for i, action in enumerate(p.actions):
            after = message_after(session, p, i)
            seen.add(str(action))
            assert after.note
            if action in (Action.TRUNCATE, Action.CLEAR):
                reduced = reduce_message(session, p, i)[0]
                assert after.message is not None
                assert after.message.model_dump() == reduced.model_dump() != session.messages[i].model_dump()
                assert p.reductions[i].offload_id in after.note
            elif action == Action.SUMMARIZE:
                spec = next(s for s in p.summaries if s.start <= i < s.end)
                assert after.message is None and f"{spec.estimated_tokens:,} tokens" in after.summary
                told = message_after(session, p, i, {spec.key: "the summary text"})
                assert told.summary == "the summary text"
            elif action == Action.DROP:
                assert after.message is None and after.summary == ""
            else:  # kept, or carried verbatim inside a summary
                assert after.message is session.messages[i] and after.summary == ""
    assert {"keep", "summarize", "truncate", "clear"} <= seen, seen
