"""General signals of a compaction's quality, beside fidelity's items (`engine.fidelity`).

Fidelity's items ask whether each thing the removed range held is kept. Two questions
they cannot answer one item at a time, asked of any agent session:

    recency     does the replacement reach the end of what it replaces? A summary
                that is accurate but stops halfway through the range (stale) tells
                the agent where the work stood long ago. Measured as the share of
                the distinctive words, values and names of the LAST part of the
                removed range the replacement holds, against that share for the
                first half: `reach` = late / (late + early), 0.5 when it covers
                both alike, near 0 when it covers only the start.
    narrative   is the replacement written as statements (prose that ties actions,
                results and purpose together) or as fragments (a list of strings,
                verbatim output, JSON bits)? The share of its sentences that read as
                prose (`fidelity.is_prose`, quotes of output not counted).
    state at    does the replacement say anything of what the range's second half
    the cut     established? The weighted share of the distinctive keys FIRST seen in
                the second half of the removed range's work (what only a summary that
                got that far can know: the files changed late, the last command's
                output, the last decision) the replacement holds (`Recency.cut`). A
                replacement that covers the start and holds none of them stops where
                the work stood long ago (`Recency.cut_lost`): reported, not weighed
                (session 8: 20 of 50 stale summaries of the labelled sets flagged, 0 of
                68 faithful, against 23 and 7 by `reach`; weighed in the blend, it did
                not improve agreement on the sets held out: bench/fidelity_fit.py).

Recency counts the keys of the agent's actions (its commands, their arguments) as it
counts those of results, and weighs them alike (session 18, all 23 labelled sets, the
blend's constants kept): a summary that lists the range's last commands without their
outcomes reaches the end by them, and was thought to be ranked too high for it. Counting
an action's keys only when the replacement holds some of what followed it (its result,
what the agent said of it) lowered the mean Spearman 0.789 -> 0.785 (one set -0.04: a
summary stating an outcome in its own words holds none of the output's distinctive
tokens); weighing actions at half or none, 0.784 and 0.776; a bonus above 0.5 granted
only as far as the results reach, 0.789 with pairwise down. What mostly lifts such a
summary's reach is how little of the range's START it holds (a long output read early
it does not restate: of the 13 pairs it wins against a better summary by reach, 8 turn
on its early share, 5 on its late one), and capping reach at 0.5 or folding it down
above 0.55-0.8 lowered the mean too (0.777-0.789): a short faithful summary's bonus for
holding the latest state more than the start is what it wins its pairs by.

Both are cheap per call: each removed message's weighted keys are memoised on its
content hash and the session's length (what makes a key distinctive), and the
replacement is read once. How they weigh in the score is `engine.fidelity_blend`
(constants fitted across the labelled sets by bench/fidelity_fit.py).
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, cast

from inspector.engine.content import Kind

# The keys of a message that say what it is about: its content words ("w:"), tokens
# with digits ("t:"), values ("v:") and file names ("n:") (`fidelity._keys`).
SIGNAL_KEYS = ("w:", "t:", "v:", "n:")
# Messages whose words every compaction keeps or none needs: the prompt, the task
# (scored as an item of its own), demonstrations.
_NOT_WORK = frozenset({Kind.SYSTEM, Kind.TASK, Kind.DEMONSTRATION})
# The last share of the removed range's work messages that is "what it ended with",
# and the first share that is "how it began".
LATE_SHARE = 0.25
EARLY_SHARE = 0.5
# A key is distinctive when at most this share of the session's messages hold it (and
# at most in DISTINCT_MIN messages on a short session).
DISTINCT_SHARE = 0.2
DISTINCT_MIN = 3
# Removed messages read at most, newest first (as fidelity's items: `MAX_SCANNED`).
SCANNED = 400
# A replacement covering this little of the range's end, against its start, is stale.
STALE_REACH = 0.35
# The state at the cut is lost when the replacement holds less than CUT_HELD of the keys
# first seen in the range's second half while it holds CUT_EARLY of its first half's.
CUT_HELD = 0.02
CUT_EARLY = 0.1


@dataclass(frozen=True)
class Recency:
    """How far into the removed range the replacement reaches.

    Attributes:
        late: the weighted share of the last part's distinctive keys it holds, 0..1.
        early: the same share of the first half's.
        first_late: the first message of the last part (an index into the original).
        last: the last removed message looked at.
        cut: the weighted share of the keys first seen in the range's second half it
            holds, 0..1 (1.0 when that half shows none, or when not asked).
        first_half: the first message of that second half (-1 when not asked).
    """

    late: float = 0.0
    early: float = 0.0
    first_late: int = -1
    last: int = -1
    cut: float = 1.0
    first_half: int = -1

    @property
    def reach(self) -> float:
        """late / (late + early): 0.5 for a replacement covering start and end alike,
        near 0 for one that stops early (stale), 1.0 with nothing removed."""
        if self.last < 0:
            return 1.0
        total = self.late + self.early
        return self.late / total if total else 0.0

    @property
    def stale(self) -> bool:
        """True when the replacement covers the start of the range but not its end."""
        return self.last >= 0 and self.early > 0 and self.reach < STALE_REACH

    @property
    def cut_lost(self) -> bool:
        """True when the replacement covers the start of the range and holds nothing
        first seen in its second half (the state at the cut)."""
        return self.first_half >= 0 and self.early > CUT_EARLY and self.cut < CUT_HELD


def key_weight(key: str, doc_freq: Callable[[str], int], messages: int) -> float:
    """How much an index key weighs in a session: by how rare it is, for a distinctive
    key (a signal key held by at most `DISTINCT_SHARE` of the messages), else nothing.

    Args:
        key: an index key (`fidelity._keys`).
        doc_freq: how many messages of the session hold a key.
        messages: how many messages the session has.

    Returns:
        log(messages / messages holding it + 1), or 0.0.
    """
    if key[:2] in SIGNAL_KEYS:
        df = doc_freq(key) or 1
        if df <= max(DISTINCT_MIN, int(messages * DISTINCT_SHARE)):
            return math.log(messages / df + 1)
    return 0.0


def weighted_keys(keys: Iterable[str], doc_freq: Callable[[str], int], messages: int) -> tuple[float, dict[str, float]]:
    """A message's distinctive keys, each weighted by how rare it is in the session
    (`key_weight`), worked out key by key: what `KeyWeights.weighted` keeps per key
    (tests/engine/test_fidelity_search.py compares the two).

    Args:
        keys: its index keys (`fidelity._keys`).
        doc_freq: how many messages of the session hold a key.
        messages: how many messages the session has.

    Returns:
        (the weights' total, key -> its weight, for its distinctive keys).
    """
    out = {k: w for k in keys if (w := key_weight(k, doc_freq, messages))}
    return math.fsum(out.values()), out


class KeyWeights:
    """`weighted_keys` and `keys_first_shown` of any message of one session at one
    length, from each key's weight and first message, kept per key (`weights`, `firsts`):
    a key recurs across the messages a knob move scans anew (its words, its values), and
    a message's weighted keys are then a lookup per key, made in C, instead of a
    document frequency, a comparison and a logarithm per key
    (tests/engine/test_fidelity_signals.py: the same weights and the same first-shown
    keys as `weighted_keys` and `keys_first_shown`, on real sessions).

    The caller keeps one per session index and length (`fidelity._Index`), and drops it
    when either changes.
    """

    __slots__ = ("doc_freq", "first_seen", "firsts", "messages", "weights")

    def __init__(self, doc_freq: Callable[[str], int], first_seen: Callable[[str], int], messages: int) -> None:
        """For a session of `messages` messages.

        Args:
            doc_freq: how many messages of the session hold a key (0 for none).
            first_seen: the first message of the session holding a key (-1 for none;
                asked of a weighted key only).
            messages: how many messages the session has.
        """
        self.doc_freq = doc_freq
        self.first_seen = first_seen
        self.messages = messages
        self.weights: dict[str, float] = {}  # key -> its weight, 0.0 when it weighs nothing
        self.firsts: dict[str, int] = {}  # weighted key -> the first message holding it

    def _learn(self, keys: Iterable[str]) -> None:
        weights, firsts, n, doc_freq = self.weights, self.firsts, self.messages, self.doc_freq
        for k in keys:
            w = weights[k] = key_weight(k, doc_freq, n)
            if w:
                firsts[k] = self.first_seen(k)

    def weighted(self, keys: Collection[str]) -> tuple[float, dict[str, float]]:
        """`weighted_keys` of a message whose index keys are `keys` (the same weights, in
        the order `keys` iterates in, and the same exactly rounded total).

        Args:
            keys: its index keys (`fidelity._keys`).

        Returns:
            (the weights' total, key -> its weight, for its distinctive keys).
        """
        weights = self.weights
        missing = list(itertools.filterfalse(weights.__contains__, keys))
        if missing:
            self._learn(missing)
        found = list(map(weights.__getitem__, keys))
        out = dict(itertools.compress(zip(keys, found, strict=True), found))
        return math.fsum(out.values()), out

    def first_shown(self, at: int, weighted: Mapping[str, float]) -> dict[str, float]:
        """`keys_first_shown` of message `at`, its weighted keys `weighted` (`weighted`'s).

        Args:
            at: the message (its index).
            weighted: its weighted keys.

        Returns:
            key -> its weight, for the keys no earlier message holds.
        """
        return dict(itertools.compress(weighted.items(), map(at.__eq__, map(self.firsts.__getitem__, weighted))))


def scanned_work(removed: Sequence[int], kinds: Sequence[Kind]) -> list[int]:
    """The removed messages `recency` reads: the last `SCANNED` of them, the work ones
    (no system prompt, task or demonstration).

    Args:
        removed: the removed messages (indices into the original, ascending).
        kinds: the original's content kinds.

    Returns:
        Their indices, ascending.
    """
    return [i for i in removed[-SCANNED:] if kinds[i] not in _NOT_WORK]


def recency(removed: Sequence[int], kinds: Sequence[Kind], weighted: Callable[[int], tuple[float, dict[str, float]]],
            written: Collection[str],
            late_keys: Callable[[tuple[int, ...]], Mapping[str, float]] | None = None,
            covered: Callable[[Sequence[tuple[int, tuple[float, dict[str, float]]]]], list[float]] | None = None
            ) -> Recency:
    """How much of the end of the removed range the replacement holds, against its start.

    Args:
        removed: the removed messages (indices into the original, ascending).
        kinds: the original's content kinds.
        weighted: a message's `weighted_keys` by its index.
        written: the index keys of what the compaction wrote (its summaries).
        late_keys: the keys first seen in these messages (the second half of the
            range's work: `keys_first_seen_in`), each with its weight; None: `cut`
            is not asked.
        covered: `covered_weight` against `written` of each of a list of messages (each
            its index and its `weighted` answer), kept from one call to the next by the
            caller (`CoveredWeights.weights_of`); None: summed here.

    Returns:
        A `Recency`; with no work message removed, one whose `reach` is 1.0.
    """
    work = scanned_work(removed, kinds)
    # (each looked up once; `weighted` may be a dict's lookup, in C)
    found = list(itertools.compress(zip(work, ws := list(map(weighted, work)), strict=True), map(itemgetter(0), ws)))
    if not found:
        return Recency()
    at = [i for i, _ in found]
    late = max(1, int(len(at) * LATE_SHARE))
    early = max(1, int(len(at) * EARLY_SHARE))

    # (only the first `early` and the last `late` are read: the middle is not summed; each
    # sum exactly rounded (`math.fsum`), so free of the order the key sets iterate in: a
    # message's keys or the written ones may be built in any order, in parts, or kept
    # across knob moves, and the smaller set iterated, with the same result; iterated in
    # C: this runs per removed message per knob move)
    def share(part: list[tuple[int, tuple[float, dict[str, float]]]]) -> float:
        total = math.fsum(map(itemgetter(0), map(itemgetter(1), part)))
        if not total:
            return 0.0
        held = covered(part) if covered is not None else [covered_weight(w[1], written) for _, w in part]
        return math.fsum(held) / total

    cut, first_half = 1.0, -1
    if late_keys is not None:
        half = tuple(at[len(at) // 2:])
        first_half = half[0]
        novel = late_keys(half)
        total = math.fsum(novel.values())
        if total:
            small, large = (written, novel) if len(written) < len(novel) else (novel, written)
            cut = math.fsum(map(novel.__getitem__, filter(large.__contains__, small))) / total
    return Recency(share(found[len(found) - late:]), share(found[:early]), at[-late], at[-1], cut, first_half)


def covered_weight(keys: Mapping[str, float], written: Collection[str]) -> float:
    """The weight of a message's weighted keys (`weighted_keys`) the written ones hold,
    exactly rounded (`math.fsum`: free of the order either set iterates in, the smaller
    one iterated, in C: `recency` asks it per removed message per knob move).

    Args:
        keys: key -> weight.
        written: the index keys of what the compaction wrote.

    Returns:
        The sum of the weights of the keys `written` holds.
    """
    if len(written) < len(keys):
        return math.fsum(map(keys.__getitem__, filter(keys.__contains__, written)))
    return math.fsum(map(keys.__getitem__, filter(written.__contains__, keys)))


class CoveredWeights:
    """The covered weight of each removed message (`covered_weight`), kept from one knob
    move to the next (`fidelity._recency_of`): a move changes the written keys by its new lines and messages, and
    a message's covered weight changes only when a weighted key of it came or went.
    Each is kept as an exact sum (integers in units of 2**-64: `_EXACT_UNITS`) that such
    a key's weight is added to or taken from, and rounded once when asked, as
    `covered_weight`'s `math.fsum` rounds the same sum: the same float, whatever the
    order the keys came and went in (tests/engine/test_fidelity_covered.py; for the last
    written keys, the messages of the last range scanned: tests/engine/test_fidelity_moves.py)."""

    def __init__(self) -> None:
        """Nothing written yet, no weight kept."""
        self.written: Collection[str] = set()
        self.weights: dict[int, float] = {}
        # message -> (its weighted keys, their covered sum in units (None: a weight is not
        # a whole number of units, the message summed again by `covered_weight` on a
        # change), the message)
        self.sums: dict[int, list[Any]] = {}
        self.held: set[str] = set()  # every weighted key of a message whose sum was kept

    def move(self, written: set[str], postings: Mapping[str, list[int]], n: int, first: int, last: int) -> None:
        """To the written keys `written`, for the removed messages `first`..`last` scanned.

        Args:
            written: the index keys of what the compaction wrote.
            postings: key -> the messages holding it, ascending (every weighted key of a
                message is its key: the session's index).
            n: the session's length.
            first: the first removed message scanned.
            last: the last.
        """
        self.change(written.symmetric_difference(self.written), written, postings, n, first, last)

    def change(self, changed: Iterable[str], written: Collection[str], postings: Mapping[str, list[int]], n: int,
               first: int, last: int) -> None:
        """`move` told which keys came or went: a caller that keeps the written keys
        from one move to the next (`fidelity._WrittenKeys`) knows them at the cost of the
        messages that came and went, with no pass over the whole written set.

        Args:
            changed: every key in the written ones now and not the last time, or the
                other way round (each once; no other key).
            written: the index keys of what the compaction wrote (read when a weight is
                asked: a caller keeping them may change them in place before the next
                `change`).
            postings: as `move`'s.
            n: the session's length.
            first: the first removed message scanned.
            last: the last.
        """
        sums = self.sums
        if sums:
            if any(i < first or i > last for i in sums):
                sums = self.sums = {i: s for i, s in sums.items() if first <= i <= last}
                self.weights = {i: w for i, w in self.weights.items() if i in sums}
                if len(self.held) > HELD_MAX:  # (the keys of the messages kept now only: bounded)
                    self.held = set().union(*[s[0] for s in sums.values()])
            weights = self.weights
            # (the keys that came or went and weigh in a message kept: a move changes a
            # summary's keys by its new lines, most of which weigh in none)
            for k in self.held.intersection(changed):
                at = postings.get(k)
                if at is None:
                    continue
                sign, last_w, step = (1 if k in written else -1), None, 0
                # (the messages kept among those holding it, found in C; a key weighs the
                # same in each: its units worked out once per weight)
                for s in filter(None, map(sums.get, at[bisect.bisect_left(at, first):bisect.bisect_right(at, last)])):
                    w = s[0].get(k)
                    if w is None:
                        continue  # (not a weighted key of it: its sum stays)
                    weights.pop(s[2], None)
                    if s[1] is not None:
                        if w is not last_w:
                            last_w, step = w, sign * int(w * _EXACT_UNITS)
                        s[1] += step
        self.written = written

    def weights_of(self, found: Sequence[tuple[int, tuple[float, Mapping[str, float]]]]) -> list[float]:
        """`weight` of each message of `found` ((its index, its `weighted_keys`), as
        `recency` holds them): the ones kept found at once, in C (~300 a knob move, nearly
        all kept), the others by `weight`."""
        out: list[float | None] = list(map(self.weights.get, [i for i, _ in found]))
        for k in [k for k, hit in enumerate(out) if hit is None]:
            i, w = found[k]
            out[k] = self.weight(i, w[1])
        return cast("list[float]", out)

    def weight(self, i: int, keys: Mapping[str, float]) -> float:
        """`covered_weight` of message `i` (its weighted keys `keys`) against the written keys."""
        hit = self.weights.get(i)
        if hit is None:
            s = self.sums.get(i)
            if s is None or s[0] is not keys:
                written = self.written
                # (every weight `weighted_keys` gives is log(n / df + 1) >= log 2: a double
                # from 0.5 on is a whole number of 2**-64 units, exactly)
                if not keys or min(keys.values()) >= 0.5:
                    small, large = (written, keys) if len(written) < len(keys) else (keys, written)
                    s = [keys, sum(map(int, map(_EXACT_UNITS.__mul__, map(keys.__getitem__,
                                                                          filter(large.__contains__, small))))), i]
                else:
                    s = [keys, None, i]
                self.sums[i] = s
                self.held.update(keys)
            hit = self.weights[i] = s[1] / _EXACT_DENOMINATOR if s[1] is not None else covered_weight(
                keys, self.written)
        return hit


class WrittenKeys:
    """The union of the index keys of a compaction's rewritten messages, kept as counts
    (key -> how many parts of those messages hold it) from one knob move to the next
    (`fidelity._recency_of`). A message's keys come in parts whose union they are (a long
    summary's, one per line: `fidelity.signal_key_parts`; any other message's, one part), and a
    move changes the counts by the parts that came or went: a summary replaced by the
    next repeats most of its lines, whose parts cancel, so the move costs the new lines
    and the messages it writes anew or no longer writes (the results it clears anew); the
    keys of the others (~600 rewritten messages a move at the slider's top on the 10k
    session) are not looked at again. `counts` is the union (every key with a part
    holding it, none else) that `recency` and `CoveredWeights.change` read
    (tests/engine/test_fidelity_covered.py: the union and the keys that changed, against
    those from scratch)."""

    __slots__ = ("counts", "keys_of")

    def __init__(self) -> None:
        """No message written yet."""
        self.counts: dict[str, int] = {}
        # content hash -> the parts of the keys of a message written now
        self.keys_of: dict[str, Sequence[frozenset[str]]] = {}

    def move(self, hashes: Sequence[str], keys: Callable[[int], Sequence[frozenset[str]]]) -> list[str]:
        """To the rewritten messages whose content hashes are `hashes`.

        Args:
            hashes: the messages' content hashes (the same hash twice: one message).
            keys: the keys of the message at a position of `hashes`, as parts whose
                union they are (asked for those not written the last time only, a hash
                once).

        Returns:
            The keys that came into the union or went out of it, each once (a key
            that came was held by no part before: by none of those that went).
        """
        now = set(hashes)
        keys_of, counts = self.keys_of, self.counts
        added = now.difference(keys_of)
        came: dict[str, Sequence[frozenset[str]]] = {}
        for k in itertools.compress(range(len(hashes)), map(added.__contains__, hashes)):
            if hashes[k] not in came:  # (twice among them: one message)
                came[hashes[k]] = keys(k)
        went = {h: keys_of.pop(h) for h in keys_of.keys() - now}
        keys_of.update(came)
        # (each part's net change: a line the next summary repeats comes and goes, and cancels)
        net: dict[frozenset[str], int] = {}
        for parts in came.values():
            for part in parts:
                net[part] = net.get(part, 0) + 1
        for parts in went.values():
            for part in parts:
                net[part] = net.get(part, 0) - 1
        plus = [(part, d) for part, d in net.items() if d > 0]
        minus = [(part, -d) for part, d in net.items() if d < 0]
        # The counts as if every key of a part that came were added, then every key of
        # one that went taken away: a key that comes is in no part that goes, a key that
        # goes in none that comes. A summary read whole (one part) replaced by the next
        # repeats most of its keys: the largest part that came once and the largest that
        # went once are paired, and only the keys one of them holds and not the other
        # counted (the same counts, and the same keys reach or leave zero).
        if plus and minus:
            a = max(range(len(plus)), key=lambda k: len(plus[k][0]))
            g = max(range(len(minus)), key=lambda k: len(minus[k][0]))
            if plus[a][1] == 1 and minus[g][1] == 1:
                plus[a], minus[g] = (plus[a][0] - minus[g][0], 1), (minus[g][0] - plus[a][0], 1)
        changed: list[str] = []
        for found, d in plus:
            for key in found:
                c = counts.get(key, 0)
                if not c:
                    changed.append(key)
                counts[key] = c + d
        for found, d in minus:
            for key in found:
                c = counts[key] - d
                if c:
                    counts[key] = c
                else:
                    del counts[key]
                    changed.append(key)
        return changed


# Keys `CoveredWeights.held` holds at most beyond those of the messages it keeps (a slider
# walked over a 100k-message session scans messages whose keys it needs no longer).
HELD_MAX = 100_000
# A weight in units of 2**-64 (`_Covered`): exact for a double from 0.5 on, and an
# integer sum of them divided by 2**64 (`int / int`) is correctly rounded, as `math.fsum`.
_EXACT_UNITS = float(2 ** 64)
_EXACT_DENOMINATOR = 2 ** 64


def keys_first_shown(at: int, weighted: Callable[[int], tuple[float, dict[str, float]]],
                     first_seen: Callable[[str], int]) -> dict[str, float]:
    """The distinctive keys message `at` is the first of the session to show.

    Args:
        at: a message of the original (its index).
        weighted: a message's `weighted_keys` by its index.
        first_seen: the first message of the session holding a key.

    Returns:
        key -> its weight (a key weighs the same in every message: by how many hold it).
    """
    return {k: w for k, w in weighted(at)[1].items() if first_seen(k) == at}


def keys_first_seen_in(messages: Sequence[int], first_shown: Callable[[int], Mapping[str, float]]) -> dict[str, float]:
    """The distinctive keys one of `messages` is the first of the session to show: what
    no earlier message held (a summary can only know them from those messages).

    Args:
        messages: messages of the original (indices).
        first_shown: `keys_first_shown` of a message by its index (kept per message:
            it does not depend on the range).

    Returns:
        key -> its weight.
    """
    out: dict[str, float] = {}
    for i in messages:
        out.update(first_shown(i))
    return out


class FirstSeenKeys:
    """`keys_first_seen_in` of the messages of the removed range's second half, kept from
    one knob move to the next (`fidelity._recency_of`): a move shifts that half by the
    messages its range gained or lost at its ends, and the keys are changed by those
    messages' first-shown keys alone, not gathered again over the ~200 messages of the
    half. Exact: the keys a message is the first of the session to show are its own (a
    key has one first message), so a message that leaves takes out exactly the keys it
    brought; the dict's order may differ from one gathered afresh, which `recency` reads
    through exactly rounded sums only (tests/engine/test_fidelity_signals.py: the same
    keys and weights as from scratch along random moves).

    The caller keeps one per session index and length (what a message's first-shown
    keys depend on), and drops it when either changes."""

    __slots__ = ("keys", "messages")

    def __init__(self) -> None:
        """No message yet."""
        self.messages: set[int] = set()
        self.keys: dict[str, float] = {}  # key -> its weight, for the keys first seen in `messages`

    def move(self, messages: Sequence[int], first_shown: Callable[[int], Mapping[str, float]]) -> dict[str, float]:
        """To `messages`.

        Args:
            messages: messages of the original (indices, each once).
            first_shown: `keys_first_shown` of a message by its index (the same keys for
                the same message as long as this is kept).

        Returns:
            `keys_first_seen_in(messages, first_shown)`, as a dict kept here (read it
            before the next move).
        """
        now = set(messages)
        old, keys = self.messages, self.keys
        went, came = old - now, now - old
        if len(went) + len(came) >= len(now):  # (most of it new: gathered afresh)
            keys = self.keys = keys_first_seen_in(messages, first_shown)
        else:
            for i in went:
                for k in first_shown(i):
                    del keys[k]
            for i in came:
                keys.update(first_shown(i))
        self.messages = now
        return keys


def narrative(prose: int, sentences: int) -> float:
    """The share of a replacement's sentences written as prose (1.0 with none written:
    a compaction that wrote nothing is judged by its items alone).

    Args:
        prose: its sentences that read as prose (`fidelity.is_prose`, quotes not counted).
        sentences: all its sentences.

    Returns:
        0..1.
    """
    return prose / sentences if sentences else 1.0


# A test or lint run's outcome as a count ("12 passed", "1 failed", "3 errors", "0 issues"): a summary that
# states one the range never showed reports a run that did not go that way (a passing
# run called failing, a count made up).
_OUTCOME_COUNT = re.compile(r"\b(\d+) (passed|failed|errors?|skipped|failures?|xfailed|deselected|issues?|warnings?)\b",
                            re.I)
# The stems (`fidelity.words`) of those outcome words: the messages that can show one.
OUTCOME_WORDS = ("passed", "failed", "error", "skipped", "failure", "xfailed", "deselected", "issue", "warning")


def outcome_counts(text: str) -> frozenset[tuple[int, str]]:
    """The test outcomes a text states as counts.

    Args:
        text: any text.

    Returns:
        (count, outcome) pairs, the outcome singular and lower case ("error", "failed").
    """
    return frozenset((int(n), _singular(w)) for n, w in _OUTCOME_COUNT.findall(text))


def _singular(word: str) -> str:
    w = word.lower()
    return w[:-1] if w in ("errors", "failures", "issues", "warnings") else w


def contradicted_counts(sentences: Sequence[str], shown: frozenset[tuple[int, str]]) -> list[tuple[str, str]]:
    """The outcome counts the sentences state that the range never showed.

    Args:
        sentences: the replacement's sentences (prose; a quote of output states what it quotes).
        shown: the (count, outcome) pairs the range showed (`outcome_counts`); when it
            showed none, nothing is checked (no run to contradict).

    Returns:
        (the claim as stated, the sentence) per count not shown.
    """
    if not shown:
        return []
    out = []
    for s in sentences:
        for n, w in _OUTCOME_COUNT.findall(s):
            if (int(n), _singular(w)) not in shown:
                out.append((f"{n} {w}", s))
    return out
