"""The meaning checks a knob move runs again on the sentences of the last one keep what
each sentence gave (per sentence, and per session state where the answer reads the
session): each answer, asked warm in any order and after other sentences, equals the
answer from scratch (every memo forgotten: `fidelity.forget`), on the labelled items'
sessions and the sentences of their compactions."""

from __future__ import annotations

import random

import pytest

from inspector.engine import fidelity as fid
from inspector.engine import fidelity_bindings as fb
from inspector.engine import fidelity_choices as fc
from inspector.engine import fidelity_claims as fcl
from inspector.engine import fidelity_empty as fe
from inspector.engine import fidelity_outcomes as fo
from inspector.engine import fidelity_partial as fp
from inspector.engine import fidelity_slots as fs
from inspector.engine import fidelity_undone as fu
from inspector.engine import fidelity_vcs as fv
from inspector.engine.content import Kind, content_model, message_artifacts, sentences
from inspector.engine.fidelity_claims import call_claims
from inspector.engine.fidelity_outcomes import result_claims
from inspector.engine.fidelity_slots import aligned_outcome_claims
from tests import judged


@pytest.fixture(scope="module")
def items():
    return [it for d in (judged.L11, judged.L12, judged.L13, None) for it in judged.load(d)]


def test_result_claims_kept_per_sentence_answer_as_from_scratch(items):
    rng = random.Random(7)
    claimed = 0
    for serial, it in enumerate(items, start=10**6):
        original = it.original()
        said = [s for m in it.compacted() for s in sentences(m.text)]
        fid.forget()
        cold = result_claims(said, original, serial)
        claimed += len(cold)
        # warm: other sentences of the same session first, then these in another order and again
        result_claims(rng.sample(said, len(said) // 2), original, serial)
        shuffled = rng.sample(said, len(said))
        warm = result_claims(shuffled, original, serial)
        fid.forget()
        assert warm == result_claims(shuffled, original, serial), it.id
        assert result_claims(said, original, serial) == cold, it.id
        # (another state of the session: its answers are its own)
        assert result_claims(said, original[:-1], serial) == result_claims(said, original[:-1], serial + 1), it.id
    fid.forget()
    assert claimed  # (some labelled summaries quote a result as another call's: the memo holds answers)


def _call_claims(original, serial, model):
    return lambda ss, horizon: call_claims(ss, original, serial, horizon, model.step_failed, model.result_of)


def test_call_claims_kept_per_sentence_answer_as_from_scratch(items):
    """What a sentence says of the session's calls is kept per sentence; the range's end
    (`horizon`) is applied after: each horizon's answer, warm, equals it from scratch."""
    rng = random.Random(11)
    claimed = 0
    for serial, it in enumerate(items, start=2 * 10**6):
        original = it.original()
        model = content_model(original)
        said = [s for m in it.compacted() for s in sentences(m.text)]
        horizons = sorted({len(original) - 1, len(original) // 2, rng.randrange(len(original))})

        claims = _call_claims(original, serial, model)
        fid.forget()
        cold = {h: claims(said, h) for h in horizons}
        claimed += sum(map(len, cold.values()))
        for h in rng.sample(horizons, len(horizons)):  # warm: the horizons in another order
            shuffled = rng.sample(said, len(said))
            warm = claims(shuffled, h)
            assert claims(said, h) == cold[h], it.id
            fid.forget()
            assert warm == claims(shuffled, h), it.id
    fid.forget()
    assert claimed  # (some labelled summaries name a call with a number it was never made with)


def _checks(original, serial, model, h):
    """(the sentence test, the check) of each claim check `fidelity` passes the sentences it reads."""
    # (the session's commands as `fidelity`'s index holds them: normalized, with their action)
    commands = [(i, " ".join(c.split()).lower()) for i in model.indices(Kind.ACTION)
                for c in message_artifacts(original[i], Kind.ACTION).commands]
    return [
        (fu.reads_undone, lambda ss: fu.undone_claims(ss, original, model.kinds, serial, h, model.step_failed)),
        (fv.reads_vcs, lambda ss: fv.vcs_claims(ss, commands, h, lambda: (m.text for m in original))),
        (fb.reads_binding, lambda ss: fb.binding_claims(ss, original, serial)),
        (fb.reads_error, lambda ss: fb.error_claims(ss, original, serial)),
        (fb.reads_line, lambda ss: fb.line_claims(ss, original, serial)),
        (fb.reads_label, lambda ss: fb.label_claims(ss, original, serial)),
        (fb.reads_raised, lambda ss: fb.raised_claims(ss, original, serial, h)),
        (fo.reads_outcome, lambda ss: fo.outcome_claims(ss, original, model.kinds, serial, h, model.step_failed)),
        (fo.reads_result, lambda ss: fo.result_claims(ss, original, serial)),
        (fc.reads_choice, lambda ss: fc.choice_claims(ss, original, serial, h)),
        (fcl.reads_scope, lambda ss: fcl.answer_claims(ss, original, model.kinds, h)),
        (fcl.reads_call, lambda ss: fcl.call_claims(ss, original, serial, h, model.step_failed, model.result_of)),
        (fcl.reads_write, lambda ss: fcl.write_claims(ss, {}, serial, original, model.kinds, h, ())),
        (fs.reads_aligned, lambda ss: fs.aligned_outcome_claims(ss, original, model.kinds, serial, h, model.step_failed,
                                                                model.result_of)),
        (fe.reads_empty, lambda ss: fe.empty_claims(ss, original, serial, h, lambda t: [i for i, c in commands if t in c],
                                                    model.result_of)),
        (fp.reads_partial, lambda ss: fp.partial_claims(ss, original, serial, h, model.result_of)),
    ]


def test_each_check_given_only_the_sentences_it_reads_claims_the_same(items):
    """`fidelity` reads each sentence once for the claim checks (`reads_*`, a test
    of the sentence alone) and passes each check only the sentences it reads: each
    check's claims from those equal its claims from every sentence."""
    claimed, left = 0, 0
    for serial, it in enumerate(items, start=3 * 10**6):
        original = it.original()
        model = content_model(original)
        every = [s for m in it.compacted() for s in sentences(m.text)]
        h = len(original) - 1
        checks = _checks(original, serial, model, h)
        for reads, check in checks:
            read = [s for s in every if reads(s)]
            left += len(every) - len(read)
            found = check(every)
            claimed += len(found)
            assert check(read) == found, (it.id, reads.__name__)
    fid.forget()
    assert claimed and left  # (claims made, and sentences left out)


def test_step_claims_kept_per_sentence_measure_as_from_scratch(items):
    """What a sentence says of the steps it quotes is kept per sentence and index state;
    the range's end applies after: the same summary measured with other ranges (its
    context less its last messages) one after the other, warm, measures as from scratch."""
    stated = 0
    for it in items[::4]:  # (a quarter of them: each measured six times)
        original, compacted = it.original(), it.compacted()
        contexts = [compacted[:len(compacted) - k] for k in range(3) if len(compacted) - k > 1]
        fid.forget()
        warm = [repr(fid.fidelity(original, c)) for c in contexts]
        for c, w in zip(contexts, warm, strict=True):
            fid.forget()
            assert repr(fid.fidelity(original, c)) == w, it.id
        stated += sum("'last_step'" in w and "contradicted" in w for w in warm)
    fid.forget()
    assert stated  # (some measures hold a step claim)


def test_aligned_outcomes_kept_per_sentence_and_clause_answer_as_from_scratch():
    """`fidelity_slots` keeps each sentence's clauses stating an outcome (per sentence) and
    each clause's candidate steps at every horizon (per index state); the range's end cuts
    them after: the claims at each horizon, asked warm after other horizons and other
    orders, equal the claims from scratch at that horizon alone."""
    sets = [judged.load(d) for d in (judged.L17, judged.L18)]
    _claims_at_horizons_answer_as_from_scratch(
        [it for s in sets for it in s], random.Random(23), 4, 5 * 10**6,
        lambda ss, original, model, serial, h: aligned_outcome_claims(ss, original, model.kinds, serial, h,
                                                                      model.step_failed, model.result_of))


def _claims_at_horizons_answer_as_from_scratch(items, rng, horizons_each, first_serial, claims_of) -> None:
    """Per item, the claims `claims_of(sentences, original, model, serial, horizon)` at a
    few horizons: each asked warm (after other horizons, the sentences in another order)
    equals it asked from scratch at that horizon alone; some claims are made, and some
    change with the range's end."""
    claimed, cut = 0, 0
    for serial, it in enumerate(items, start=first_serial):
        original = it.original()
        model = content_model(original)
        said = [s for m in it.compacted() for s in sentences(m.text)]
        horizons = sorted({len(original) - 1, *(rng.randrange(len(original)) for _ in range(horizons_each))})

        def claims(ss, h, original=original, model=model, serial=serial):
            return claims_of(ss, original, model, serial, h)

        cold = {}
        for h in horizons:
            fid.forget()
            cold[h] = claims(said, h)
        claimed += sum(map(len, cold.values()))
        cut += len({repr(c) for c in cold.values()}) > 1
        fid.forget()
        for h in rng.sample(horizons, len(horizons)):  # warm: the horizons in another order
            claims(rng.sample(said, len(said)), h)
            assert claims(said, h) == cold[h], (it.id, h)
    fid.forget()
    assert claimed and cut  # (claims made, and some change with the range's end)


def test_sentence_tests_skipping_patterns_by_their_words_answer_as_the_patterns(items):
    """`reads_write`, `reads_scope`, `reads_outcome`, `reads_aligned` and `reads_empty` skip their
    patterns on an ASCII sentence holding none of the words they need (`may_hold`),
    `reads_partial` and `reads_unapplied` on one holding none of their strings: each
    answers as its patterns searched directly, on every sentence of the labelled sessions
    and their compactions, and on each of those words written in other cases, glued to
    letters, digits or "_", or alone."""
    tests = (fcl.reads_write, fcl.reads_scope, fo.reads_outcome, fs.reads_aligned, fe.reads_empty, fp.reads_partial,
             fu.reads_unapplied)
    needed = sorted(fcl.WROTE_WORDS | fcl.USER_WORDS | fo.OUTCOME_FIRST_WORDS | fs.CLAIM_FIRST_WORDS | fe.CUE_WORDS
                    | set(fp.WHOLE_WORDS) | set(fu.NOT_APPLIED_WORDS))
    said = {s for it in items for m in (*it.original(), *it.compacted()) for s in sentences(m.text)}
    for w in needed:  # (each word where a pattern holds it, and where it holds no whole word)
        for form in (w, w.upper(), w.title()):
            said |= {f"The step {form}.", f"{form} it", f"x{form} y", f"{form}_x", f"3{form}", f"{form}3",
                     f"they {form} the file", f"I {form} `a.py`", f"user {form} both",
                     f"The user {form} both options; it {form} the results", f"{form}d through",
                     f"read_section(x) {form} the year", f"`pytest -k a_b` {form}"}
    # (the patterns' phrases, each as a sentence: the word they need is not always their verb)
    said |= {f"`make build` {p} - it {p.upper()}." for p in (
        "was accepted", "were accepted", "were applied", "applied cleanly", "took effect", "went through",
        "returned the results", "returned an error", "invalid action", "did not work", "was not applied",
        "was refused", "successfully", "is already written", "the agent edited", "the user asked for both")}
    said |= {"The agent already ADDED it.", "The user WANTED both.", "\u017fucceeded: it Went Through.",
             "The customer chose only the first.", "We Inserted the line.", "Ran `ls`: it was accepted, \u00e9",
             # (`reads_partial`, `reads_unapplied`: their phrases, in other cases, and a folded "\u017f")
             "It read a.py IN FULL.", "Read it in its Entirety.", "The Whole File was read.", "Read end to end.",
             "The fix Hasn't Been Applied.", "The file is still UNCHANGED.", "x.py is not yet applied.",
             "The patch ha\u017fn't been applied.", "It read a.py completely, the \u017fecond time.",
             "The edit is not applied; it was applied later."}
    fid.forget()
    read = dict.fromkeys(tests, 0)
    skipped = 0
    for s in sorted(said):
        for test in tests:
            direct = test(s, direct=False)
            assert test(s) == direct, (test.__name__, s)
            read[test] += direct
        skipped += s.isascii() and not any(fcl.may_hold(s, words) for words in (
            fcl.WROTE_WORDS, fcl.USER_WORDS, fo.OUTCOME_FIRST_WORDS, fs.CLAIM_FIRST_WORDS))
    fid.forget()
    assert all(read.values()) and skipped  # (each test reads some sentences; most are skipped)


def test_outcome_claims_kept_per_sentence_answer_as_from_scratch(items):
    """The steps a sentence names and what its clauses say of them are kept per sentence
    and index state (`fidelity_outcomes`); the range's end applies after: each horizon's
    claims, warm after other horizons and orders, equal them from scratch."""
    _claims_at_horizons_answer_as_from_scratch(
        items, random.Random(31), 3, 6 * 10**6,
        lambda ss, original, model, serial, h: fo.outcome_claims(ss, original, model.kinds, serial, h,
                                                                 model.step_failed))


VCS_PIECES = ["Committed", "committed", "COMMITTED", " and pushed", " pushed to origin", " to main", " the fix", "; ",
              ". ", "not ", "never ", "the commit", "push", "Pushed the branch", " as 'wip'", "\n", " then ", "user "]


def test_the_vcs_check_given_only_the_sentences_it_reads_claims_the_same():
    """`vcs_claims` of generated sentences saying commits and pushes made or not (and
    sentences it does not read among them) equals its claims of those `reads_vcs` keeps."""
    rng = random.Random(23)
    claimed = 0
    for _ in range(300):
        said = ["".join(rng.choice(VCS_PIECES) for _ in range(rng.randint(1, 6))) for _ in range(rng.randint(1, 8))]
        for commands in ([(0, "ls -la")], [(0, "git commit -am wip")], [(3, "git push origin main")], []):
            found = fv.vcs_claims(said, commands, 2)
            claimed += len(found)
            assert fv.vcs_claims([s for s in said if fv.reads_vcs(s)], commands, 2) == found, said
    assert claimed > 50


def test_sentences_grouped_by_check_per_view_are_those_each_test_reads(items):
    """`_ChecksRead` puts together each view's sentences grouped by the checks reading
    them (kept per view: `_view_checks`): for each check, warm (views read before, in
    another order, some twice) or cold, the sentences of every view it reads, in order,
    as each `_SENTENCE_TESTS` test gives them from scratch."""
    rng = random.Random(11)
    grouped = 0
    for it in items[:60]:
        views = [fid.message_view(m) for m in it.compacted()]
        every = [s for v in views for s in v.sentences]
        expected = {1 << k: [s for s in every if test(s)] for k, test in enumerate(fid._SENTENCE_TESTS)}
        fid.forget()
        for order in (views, rng.sample(views, len(views)) + views[:2], views):
            read = fid._ChecksRead(order)
            want = {1 << k: [s for v in order for s in v.sentences if test(s)]
                    for k, test in enumerate(fid._SENTENCE_TESTS)}
            assert {c: read.of(c) for c in want} == want, it.id
        assert {c: fid._ChecksRead(views).of(c) for c in expected} == expected, it.id
        grouped += sum(map(len, expected.values()))
    fid.forget()
    assert grouped
