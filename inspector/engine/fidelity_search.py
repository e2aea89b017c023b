"""How `engine.fidelity` searches one compacted context, fast: the same answers as
looping over every rewritten message and every posting of the original's index, at
the cost of the hits only.

A knob move in the TUI measures the fidelity of a new plan (`service.tuning`); on a
10,000-message session that context is a few hundred rewritten messages (a summary,
cleared tool results) beside a few hundred kept ones, and the items of the removed
range are looked for in both. The loops this replaces visited every rewritten
message per item, and every message of the session holding one of the item's words
(kept or not) per item; here:

- `ViewPostings`: the rewritten messages' word postings merged into one, so an item
  visits the sentences holding its words only;
- `SentenceFinder`: the rewritten sentences joined once, so the first one holding a
  string is one `str.find`;
- `KeptScores`: the weight of an item's words each kept message holds, from the
  original's postings or from the kept messages' own words, whichever visits fewer.

What is scored stays in `engine.fidelity`: these only find, in the same order, with
the same sums (each added in the same order), what its rules ask for.
tests/engine/test_fidelity_search.py checks each against the plain loop, and the
measure over a sequence of knob moves against a cold one.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from heapq import nlargest
from itertools import accumulate
from typing import Protocol, cast


class View(Protocol):
    """What these searches read of a rewritten message (`engine.fidelity.MessageView`)."""

    @property
    def sentences(self) -> tuple[str, ...]:
        """Its sentences."""

    @property
    def lower(self) -> tuple[str, ...]:
        """Its sentences, lower case."""

    @property
    def postings(self) -> dict[str, list[int]]:
        """Which of its sentences hold each word."""

    @property
    def prose(self) -> frozenset[int]:
        """The sentences written as prose."""


# A view with more distinct words than this (a summary) is looked up on its own postings,
# not merged: an item's few words cost a few lookups in it, while merging it (its words
# in and out of the merge on every knob move that writes another summary) costs all of them.
LARGE_VIEW = 64
# view id -> (the view, its postings of the sentences written as prose), at most _PROSE_MAX.
_PROSE_POSTINGS: dict[int, tuple[View, dict[str, list[int]]]] = {}
_PROSE_MAX = 4_000


def _prose_postings(v: View) -> dict[str, list[int]]:
    """A view's postings of its prose sentences only (words in none left out)."""
    hit = _PROSE_POSTINGS.get(id(v))
    if hit is not None and hit[0] is v:
        return hit[1]
    prose = v.prose
    own = {w: pjs for w, js in v.postings.items() for pjs in [[j for j in js if j in prose]] if pjs}
    if len(_PROSE_POSTINGS) >= _PROSE_MAX:
        _PROSE_POSTINGS.clear()
    _PROSE_POSTINGS[id(v)] = (v, own)
    return own


class _Merged:
    """word -> {view's id: the sentences holding it}, over a set of views (held here,
    so their ids stay theirs), all sentences and the prose ones apart; kept from one
    measure to the next and brought up to date by the views that came and went."""

    __slots__ = ("every", "prose", "views")

    def __init__(self) -> None:
        self.views: dict[int, View] = {}
        self.every: dict[str, dict[int, list[int]]] = {}
        self.prose: dict[str, dict[int, list[int]]] = {}

    def add(self, v: View) -> None:
        vid = id(v)
        self.views[vid] = v
        for postings, own in ((self.every, v.postings), (self.prose, _prose_postings(v) if v.prose else {})):
            for w, js in own.items():
                hit = postings.get(w)
                if hit is None:
                    postings[w] = {vid: js}
                else:
                    hit[vid] = js

    def drop(self, vid: int) -> None:
        v = self.views.pop(vid)
        for postings in (self.every, self.prose):
            for w in v.postings:
                hit = postings.get(w)
                if hit is not None and hit.pop(vid, None) is not None and not hit:
                    del postings[w]

    def sync(self, views: dict[int, View]) -> None:
        """Hold exactly `views` (id -> view)."""
        for vid in [vid for vid in self.views if vid not in views]:
            self.drop(vid)
        for vid, v in views.items():
            if vid not in self.views:
                self.add(v)


class ByViews:
    """Answers kept per sequence of views, found by the views' identities: the views are
    held with their answers, so an id the runtime could reuse once a view is freed is
    no hit. A knob move that brings back a context measured before (the slider back over
    a threshold it passed) finds its rewritten messages' answers here; at most `limit`
    sequences are kept, the oldest forgotten first.

    Args:
        limit: how many sequences of views to keep answers for.
    """

    __slots__ = ("_data", "limit")

    def __init__(self, limit: int):
        self._data: dict[tuple[int, ...], tuple[list[View], dict[object, object]]] = {}
        self.limit = limit

    def answers(self, views: Sequence[View]) -> dict[object, object]:
        """The answers kept for exactly `views` (in this order), to read and to fill.

        Args:
            views: the views.

        Returns:
            question -> answer, empty for views not seen lately.
        """
        key = tuple(map(id, views))
        hit = self._data.get(key)
        if hit is None:
            if len(self._data) >= self.limit:
                del self._data[next(iter(self._data))]
            hit = self._data[key] = (list(views), {})
        return hit[1]

    def clear(self) -> None:
        """Forget every answer."""
        self._data.clear()


# The contexts measured lately (a slider's worth of positions and more): per sequence of
# rewritten messages, the sentence weights of each item asked (`ViewPostings`) and their
# sentence finders (`SentenceFinder.of_views`).
SEEN_CONTEXTS = 24
_SEEN = ByViews(SEEN_CONTEXTS)


def answers_of(views: Sequence[View]) -> dict[object, object]:
    """What a measure keeps of a sequence of rewritten messages for the next measure of
    the same ones (`ByViews`): a caller's question must say all it depends on beside them.

    Args:
        views: the rewritten messages' views, in order.

    Returns:
        question -> answer (the same dict for the same views, until forgotten).
    """
    return _SEEN.answers(views)


# The merged postings of the last measure, taken by the next (one measure at a time:
# a measure on another thread meanwhile finds none and merges its own).
_LAST: list[_Merged] = []
# Views a measure may have that the last one did not, at most this share of them, to
# bring the last one up to date rather than merge afresh.
_CHANGED_SHARE = 0.5


class ViewPostings:
    """The word postings of a sequence of rewritten messages, merged: word -> the
    messages (by position) holding it and which of their sentences do (those written
    as prose apart). A knob move changes a few of the rewritten messages (the kept
    window's edges, the summary): the merge of the last measure is brought up to date
    (`release` hands it on).

    Args:
        views: the rewritten messages, in the compacted context's order.
    """

    __slots__ = ("_answers", "_large", "_merged", "_positions", "views")

    def __init__(self, views: Sequence[View]):
        self.views = views
        self._merged: _Merged | None = None
        self._answers = _SEEN.answers(views)
        self._positions: dict[int, list[int]] | None = None  # (read on the first question not asked before)
        self._large: list[tuple[int, View]] = []

    def _split(self) -> dict[int, list[int]]:
        """The small views' positions by view id (merged), the large ones apart."""
        if self._positions is None:
            positions: dict[int, list[int]] = {}
            large: list[tuple[int, View]] = []
            for k, v in enumerate(self.views):
                if len(v.postings) > LARGE_VIEW:
                    large.append((k, v))
                else:
                    positions.setdefault(id(v), []).append(k)
            self._positions = positions
            self._large = large
        return self._positions

    def _postings(self, prose_only: bool) -> dict[str, dict[int, list[int]]]:
        merged = self._merged
        if merged is None:
            try:
                merged = _LAST.pop()
            except IndexError:
                merged = _Merged()
            unique = {vid: self.views[ks[0]] for vid, ks in self._split().items()}
            if sum(1 for vid in unique if vid not in merged.views) > _CHANGED_SHARE * len(unique) + 8:
                merged = _Merged()
            merged.sync(unique)
            self._merged = merged
        return merged.prose if prose_only else merged.every

    def release(self) -> None:
        """Hand the merged postings on to the next measure (after this one's last search)."""
        if self._merged is not None:
            _LAST[:] = [self._merged]
            self._merged = None

    def sentence_weights(self, weights: Mapping[str, float], prose_only: bool) -> dict[int, dict[int, float]]:
        """Per rewritten message, the weight each of its sentences holds of `weights`'
        words (only the prose sentences with `prose_only`): what looping over every
        message's postings gives, each sum added in `weights`' order.

        Args:
            weights: word -> its weight (an item's words).
            prose_only: count the sentences written as prose only.

        Returns:
            message position -> sentence -> weight held, for the messages holding
            any of the words (in such sentences).
        """
        # (asked before of these views: the same words in the same order, the same sums)
        question = (tuple(weights.items()), prose_only)
        known = self._answers.get(question)
        if known is not None:
            return cast("dict[int, dict[int, float]]", known)
        out = self._answers[question] = self._sentence_weights(weights, prose_only)
        return out

    def _sentence_weights(self, weights: Mapping[str, float], prose_only: bool) -> dict[int, dict[int, float]]:
        positions = self._split()
        postings = self._postings(prose_only)
        # (a large view's own postings, its sentences not written as prose passed over with
        # `prose_only`: an item visits the few lists of its words, where a view's prose
        # postings would copy all of its lists first, on every knob move's new summary)
        large = [(k, v.postings, v.prose if prose_only else None) for k, v in self._large]
        out: dict[int, dict[int, float]] = {}
        for w, wt in weights.items():
            hit = postings.get(w)
            if hit is not None:
                for vid, js in hit.items():
                    for k in positions[vid]:
                        acc = out.get(k)
                        if acc is None:
                            acc = out[k] = {}
                        for j in js:
                            acc[j] = acc.get(j, 0.0) + wt
            for k, own, prose in large:
                mine = own.get(w)
                if mine:
                    acc = out.get(k)
                    for j in mine:
                        if prose is not None and j not in prose:
                            continue
                        if acc is None:
                            acc = out[k] = {}
                        acc[j] = acc.get(j, 0.0) + wt
        return out


def forget() -> None:
    """Forget what these searches keep from one measure to the next (the merged postings
    handed on, the contexts seen, the views' prose postings and joined sentences)."""
    _LAST.clear()
    _SEEN.clear()
    _PROSE_POSTINGS.clear()
    _SEGMENTS.clear()


# Joins the sentences searched as one text: a needle holding it is searched the slow way.
_SEPARATOR = "\x00"


class _Segment:
    """The sentences of one view searched (all, or the prose ones), joined, with where
    each starts in the joined text, and which of them are written as prose (of all of a
    view's sentences: `SentenceFinder.first_prose`; none known otherwise)."""

    __slots__ = ("joined", "lower", "prose", "sentences", "starts", "view")

    def __init__(self, view: object, pairs: list[tuple[str, str]], prose: frozenset[int] = frozenset()):
        self.view = view  # (held: the cache below is keyed by its id)
        self.prose = prose
        self.sentences = [s for s, _ in pairs]
        self.lower = [low for _, low in pairs]
        self.joined = _SEPARATOR.join(self.lower)
        # (where each sentence starts in the joined text: after the ones before and their separators)
        self.starts = [0, *accumulate(len(low) + 1 for low in self.lower)][:-1] if pairs else []


# (view id, prose only) -> its segment: a view comes back on many knob moves.
_SEGMENTS: dict[tuple[int, bool], _Segment] = {}
_SEGMENTS_MAX = 8_000


def _segment(v: View, prose_only: bool) -> _Segment:
    hit = _SEGMENTS.get((id(v), prose_only))
    if hit is None or hit.view is not v:
        if prose_only:
            pairs = [(v.sentences[j], v.lower[j]) for j in sorted(v.prose)]
        else:
            pairs = list(zip(v.sentences, v.lower, strict=True))
        if len(_SEGMENTS) >= _SEGMENTS_MAX:
            _SEGMENTS.clear()
        hit = _SEGMENTS[(id(v), prose_only)] = _Segment(v, pairs, frozenset() if prose_only else v.prose)
    return hit


class SentenceFinder:
    """The first of a sequence of sentences (lower case) holding a string, by one
    `str.find` over them joined.

    Args:
        sentences: (the sentence, its lower case form), in the order searched.
    """

    __slots__ = ("_joined", "_segments", "_starts")

    def __init__(self, sentences: Iterable[tuple[str, str]]):
        self._of([_Segment(None, list(sentences))])

    @classmethod
    def of_views(cls, views: Iterable[View], prose_only: bool) -> SentenceFinder:
        """The finder of the views' sentences in order (their prose ones only, with
        `prose_only`): each view's joined once and kept from one knob move to the next.

        Args:
            views: the views, in the order searched.
            prose_only: search the sentences written as prose only.

        Returns:
            The finder (the same answers as one made of the sentences listed).
        """
        views = list(views)
        answers = _SEEN.answers(views)
        finder = answers.get(prose_only)
        if finder is None:
            finder = answers[prose_only] = cls.__new__(cls)
            finder._of([_segment(v, prose_only) for v in views])
        return cast("SentenceFinder", finder)

    def _of(self, segments: list[_Segment]) -> None:
        segments = [g for g in segments if g.sentences]  # (an empty one adds no sentence and no separator)
        self._segments = segments
        self._joined = _SEPARATOR.join(g.joined for g in segments)
        self._starts = [0, *accumulate(len(g.joined) + 1 for g in segments)][:-1] if segments else []

    def first(self, needle: str) -> str | None:
        """The first sentence whose lower case form holds `needle`, or None."""
        if not self._segments:
            return None
        if _SEPARATOR in needle:
            return next((s for g in self._segments for s, low in zip(g.sentences, g.lower, strict=True)
                         if needle in low), None)
        at = self._joined.find(needle)
        if at < 0:
            return None
        k = bisect_right(self._starts, at) - 1
        g = self._segments[k]
        return g.sentences[bisect_right(g.starts, at - self._starts[k]) - 1]

    def first_prose(self, needle: str) -> str | None:
        """The first sentence written as prose whose lower case form holds `needle`, else
        the first holding it, or None: the answer of a finder of the prose sentences, then
        of this one, from this one's text alone (a finder of every sentence of views,
        `of_views` with `prose_only` False; of other sentences, none is known as prose).
        Each sentence holding it is visited in order until a prose one.

        Args:
            needle: the string looked for.

        Returns:
            The sentence, or None.
        """
        first = None
        if _SEPARATOR in needle or not needle:
            for g in self._segments:
                for j, low in enumerate(g.lower):
                    if needle in low:
                        if j in g.prose:
                            return g.sentences[j]
                        if first is None:
                            first = g.sentences[j]
            return first
        joined, starts, segments = self._joined, self._starts, self._segments
        at = joined.find(needle)
        while at >= 0:
            k = bisect_right(starts, at) - 1
            g = segments[k]
            j = bisect_right(g.starts, at - starts[k]) - 1
            if j in g.prose:
                return g.sentences[j]
            if first is None:
                first = g.sentences[j]
            # (on from the next sentence: its start, or past this segment's separator)
            at = joined.find(needle, starts[k] + (g.starts[j + 1] if j + 1 < len(g.starts) else len(g.joined)))
        return first


# Kept messages before the removed range read by bisection at most (`KeptScores.top`): beyond,
# every posting from the first kept message on is read.
HEAD_MAX = 32


class KeptScores:
    """The weight of an item's words each kept message of the original holds (of the
    kinds asked for), leaving out the words most messages hold: what looping over
    the original's postings of each word gives (`engine.fidelity._Index.telling`).

    Args:
        postings: the original's index postings ("w:" + word -> messages, ascending).
        kept: the original's messages the compacted context keeps.
        kinds: each original message's kind.
        words_of: the index keys of an original message (its words as "w:" + word).
        weight: a word's weight.
        common: a word held by more messages than this tells nothing.
    """

    __slots__ = ("_after", "_by_sources", "_common", "_head", "_kept", "_kinds", "_postings", "_weight", "_words_of")

    def __init__(self, postings: Mapping[str, Sequence[int]], kept: Collection[int], kinds: Sequence[object],
                 words_of: Callable[[int], Collection[str]], weight: Callable[[str], float], common: int):
        self._postings = postings
        self._kept = kept
        self._kinds = kinds
        self._words_of = words_of
        self._weight = weight
        self._common = common
        self._by_sources: dict[frozenset[object], list[tuple[int, Collection[str]]]] = {}
        self._head: list[int] | None = None  # (`_split`, on the first question)
        self._after = 0

    def _split(self) -> tuple[list[int], int]:
        """The kept messages before the widest gap between two of them (the removed range:
        a few, a system prompt, a task), and the first after it: where the rest start."""
        if self._head is None:
            kept = sorted(self._kept)
            j = max(range(1, len(kept)), key=lambda j: kept[j] - kept[j - 1], default=0)
            if j > HEAD_MAX:
                j = 0  # (kept all along the session: every posting from the first kept message on)
            self._head = kept[:j]
            self._after = kept[j] if kept else 0
        return self._head, self._after

    def top(self, words: frozenset[str], sources: frozenset[object], k: int) -> list[int]:
        """The `k` kept messages holding the most of `words`' weight (of the kinds
        `sources`), highest first, the later first among equals: `scores` ranked, each
        word's postings read from the kept messages after the removed range on (found
        by bisection, the postings ascending) and at the few kept before it, so a new
        item costs the messages it meets in the kept part of the session, not in all of it.

        Args:
            words: an item's words.
            sources: the kinds of message counted.
            k: how many.

        Returns:
            At most `k` kept messages.
        """
        if not sources or k <= 0 or not self._kept:
            return []
        postings, kinds, common, kept = self._postings, self._kinds, self._common, self._kept
        head, after = self._split()
        score: dict[int, float] = {}
        for w in words:  # (each message's sum added in `words`' order, as `scores` adds it)
            where = postings.get("w:" + w, ())
            if not where or len(where) > common:
                continue
            wt = self._weight(w)
            for i in head:
                at = bisect_left(where, i)
                if at < len(where) and where[at] == i and kinds[i] in sources:
                    score[i] = score.get(i, 0.0) + wt
            for i in where[bisect_left(where, after):]:
                if i in kept and kinds[i] in sources:
                    score[i] = score.get(i, 0.0) + wt
        # ((score, message) pairs, the largest first: by (-score, -message), no two alike)
        return [i for _, i in nlargest(k, zip(score.values(), score))]

    def _kept_of(self, sources: frozenset[object]) -> list[tuple[int, Collection[str]]]:
        """The kept messages of the kinds `sources`, with their index keys (once per call)."""
        hit = self._by_sources.get(sources)
        if hit is None:
            kinds = self._kinds
            hit = self._by_sources[sources] = [(i, self._words_of(i)) for i in sorted(self._kept)
                                               if kinds[i] in sources]
        return hit

    def scores(self, words: Iterable[str], sources: frozenset[object]) -> dict[int, float]:
        """message -> the weight it holds of `words`, for the kept messages of the kinds
        `sources` holding at least one of them.

        Args:
            words: an item's words (iterated once, in the order the sums add them).
            sources: the kinds of message counted.

        Returns:
            The scores (a message holding none of the words is left out).
        """
        if not sources:
            return {}
        telling: list[tuple[str, str, int]] = []
        visits = 0
        for w in words:
            key = "w:" + w
            n = len(self._postings.get(key, ()))
            if n <= self._common:
                telling.append((w, key, n))
                visits += n
        kept = self._kept_of(sources)
        score: dict[int, float] = {}
        if len(kept) * len(telling) < visits:
            for i, keys in kept:
                total = None
                for w, key, _ in telling:
                    if key in keys:
                        total = self._weight(w) if total is None else total + self._weight(w)
                if total is not None:
                    score[i] = total
            return score
        kinds, held = self._kinds, self._kept
        for w, key, n in telling:
            if not n:
                continue
            wt = self._weight(w)
            for i in self._postings[key]:
                if i in held and kinds[i] in sources:
                    score[i] = score.get(i, 0.0) + wt
        return score


class Containing:
    """Which of a list of strings hold a string, by `str.find` over them joined once:
    the same answer, in the same order, as testing `needle in s` of each.

    Args:
        strings: the strings searched, in order.
    """

    __slots__ = ("_joined", "_starts", "_strings")

    def __init__(self, strings: Sequence[str]):
        self._strings = strings
        self._joined = _SEPARATOR.join(strings)
        # (where each string starts in the joined text: after the ones before and their separators)
        self._starts = [0, *accumulate(len(s) + 1 for s in strings)][:-1]

    def positions(self, needle: str) -> list[int]:
        """The positions of the strings holding `needle`, ascending.

        Args:
            needle: the string looked for.

        Returns:
            Each position once, in order.
        """
        strings = self._strings
        if not needle or _SEPARATOR in needle:
            return [k for k, s in enumerate(strings) if needle in s]
        joined, starts, out = self._joined, self._starts, []
        at = joined.find(needle)
        while at >= 0:
            k = bisect_right(starts, at) - 1
            out.append(k)
            # (on from the next string: one hit per string)
            nxt = starts[k + 1] if k + 1 < len(starts) else len(joined)
            at = joined.find(needle, nxt)
        return out
