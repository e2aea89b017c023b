"""Token counting: exact (tiktoken) by default, an explicit estimator on request.

Every counter has a `name` that says what it is ("tiktoken:o200k_base",
"estimate:4.0 chars/token"); results are always reported with that name, so an
estimate is never passed off as a count.

Message framing follows OpenAI's published recipe (3 tokens per message, 1 per name,
3 to prime the reply); tool calls are counted from name + arguments, images at a
fixed cost instead of their base64 length.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from inspector.engine.models import Message

if TYPE_CHECKING:
    import tiktoken

    from inspector.engine.config import CompactionConfig

DEFAULT_ENCODING = "o200k_base"

# Model-name prefixes -> encoding, most specific first (tiktoken's own table misses
# newer names, and looking names up there must not import anything heavy).
_MODEL_PREFIXES: tuple[tuple[str, str], ...] = (
    ("gpt-4o", "o200k_base"),
    ("gpt-4.1", "o200k_base"),
    ("gpt-4.5", "o200k_base"),
    ("gpt-5", "o200k_base"),
    ("gpt-oss", "o200k_base"),
    ("chatgpt-4o", "o200k_base"),
    ("o1", "o200k_base"),
    ("o3", "o200k_base"),
    ("o4", "o200k_base"),
    ("codex-", "o200k_base"),
    ("gpt-4", "cl100k_base"),
    ("gpt-3.5", "cl100k_base"),
    ("gpt-35", "cl100k_base"),
    ("text-embedding-3", "cl100k_base"),
    ("text-embedding-ada", "cl100k_base"),
    ("text-davinci-003", "p50k_base"),
    ("text-davinci-002", "p50k_base"),
    ("code-davinci", "p50k_base"),
)


def encoding_for_model(model: str | None) -> tuple[str, str | None]:
    """(encoding name, note). The note is set when the model is unknown."""
    if not model:
        return DEFAULT_ENCODING, None
    name = model.split("/")[-1].lower()  # litellm-style "openai/gpt-4o"
    if name.startswith("ft:"):
        name = name[3:]
    for prefix, enc in _MODEL_PREFIXES:
        if name.startswith(prefix):
            return enc, None
    return DEFAULT_ENCODING, (
        f"model {model!r} has no known tiktoken encoding; counting with "
        f"{DEFAULT_ENCODING} (exact for OpenAI models, an approximation for others)"
    )


class CounterUnavailable(RuntimeError):
    """The exact counter cannot be built (for example: no BPE files offline)."""


@dataclass(frozen=True)
class Framing:
    """Fixed per-message costs added to the text tokens."""

    per_message: int = 3
    per_name: int = 1
    reply_priming: int = 3
    per_tool_call: int = 3
    image: int = 765  # a 1024x1024 image at detail=high: 85 + 4 tiles x 170
    file: int = 0


NO_FRAMING = Framing(0, 0, 0, 0, 0, 0)


@runtime_checkable
class TokenCounter(Protocol):
    """What the engine needs from a counter. Implement it to plug in your own."""

    name: str
    exact: bool
    note: str | None
    framing: Framing

    def count(self, text: str) -> int:
        """The tokens of `text`."""

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        """The tokens of each text, in order (at once: faster than one `count` each)."""


def _get_encoding(name: str) -> tiktoken.Encoding:
    """tiktoken's encoding `name` (tiktoken caches it), built from the BPE files litellm
    ships when the user set no tiktoken cache: `inspector.edge.use_bundled_encodings`
    points tiktoken there (the engine reads no file itself; its one call into the edge,
    listed in the purity contract)."""
    import tiktoken

    from inspector.edge import use_bundled_encodings

    try:
        use_bundled_encodings()
        return tiktoken.get_encoding(name)
    except Exception as exc:  # network error, missing file, bad name
        raise CounterUnavailable(
            f"tiktoken encoding {name!r} is unavailable offline ({exc}). "
            "Install litellm (it ships the BPE files), set TIKTOKEN_CACHE_DIR, "
            "or choose the estimator explicitly (tokens.counter = 'estimate')."
        ) from exc


# Texts longer than this are counted in chunks; runs without a space, in pieces of
# RUN_PIECE_CHARS (see TiktokenCounter._count_long; README, "Limits").
LONG_TEXT_CHARS = 1 << 20
RUN_PIECE_CHARS = 1 << 16
# A single space between two non-spaces: where the pre-tokenizer starts a new piece
# (`TiktokenCounter._pieces`; `planning.text.text_floor`).
CLEAN_CUT = re.compile(r"(?<=\S) (?=\S)")


def _last_clean_cut(text: str, lo: int, hi: int) -> int | None:
    """The last `CLEAN_CUT` position in `text[lo:hi]`, or None. Looked for in a
    window growing back from `hi`: walking every match of a megabyte took a second
    on a 50 MB text; the last one is nearly always within a few characters."""
    width = 4096
    while True:
        start = max(lo, hi - width)
        cut = None
        for m in CLEAN_CUT.finditer(text, start, hi):
            cut = m.start()
        if cut is not None or start == lo:
            return cut
        width *= 16


class TiktokenCounter:
    """Exact counts with tiktoken: the model's encoding (or the one named), long texts on threads."""

    exact = True

    def __init__(
        self,
        model: str | None = None,
        encoding: str | None = None,
        framing: Framing = Framing(),
        threads: int | None = None,
    ):
        if encoding:
            self.encoding_name, self.note = encoding, None
        else:
            self.encoding_name, self.note = encoding_for_model(model)
        self.model = model
        self.framing = framing
        self.name = f"tiktoken:{self.encoding_name}"
        self._enc = _get_encoding(self.encoding_name)
        # At most 8 count threads, each given at least CHARS_PER_THREAD characters: more
        # threads than cores only time-slice work that releases the GIL (and the engine
        # does not ask the OS how many cores there are).
        self._threads = threads or 8
        self.estimated_runs = 0  # runs without a space counted by estimate (see _count_long)

    def count(self, text: str) -> int:
        """The tokens of `text` (a long one is counted on threads)."""
        if not text:
            return 0
        if len(text) > LONG_TEXT_CHARS:
            return self.count_batch([text])[0]
        return len(self._enc.encode_ordinary(text))

    def _pieces(self, text: str) -> tuple[list[str], int]:
        """A long text as (pieces counted exactly, tokens counted by estimate), bounded
        in time and memory (tiktoken holds a whole text's tokens at once, and its BPE on
        one run without spaces is slow and superlinear: a 200 MB one took 275 s and
        9.9 GB). Pieces of at most `LONG_TEXT_CHARS` are cut at a single space between
        two non-spaces, where tiktoken's pre-tokenizer cuts too (it encodes each of its
        pieces on its own), so the sum of their counts is the whole text's count. A
        stretch of `LONG_TEXT_CHARS` with no such space (a base64 blob, minified data)
        is counted by estimate: its first `RUN_PIECE_CHARS` characters' tokens per
        character, times its length; the counter's `note` then says so (`stats` prints
        it)."""
        encode = self._enc.encode_ordinary
        pieces: list[str] = []
        estimated, pos, n = 0, 0, len(text)
        while pos < n:
            end = min(n, pos + LONG_TEXT_CHARS)
            if end < n:
                cut = _last_clean_cut(text, pos + 1, end)
                if cut is None:  # a run with no clean break: estimated up to the next one
                    after = CLEAN_CUT.search(text, end)
                    run_end = after.start() if after else n
                    sample = text[pos:pos + RUN_PIECE_CHARS]
                    estimated += round(len(encode(sample)) * (run_end - pos) / len(sample))
                    self._estimated(run_end - pos)
                    pos = run_end
                    continue
                end = cut
            pieces.append(text[pos:end])
            pos = end
        return pieces, estimated

    def _estimated(self, chars: int) -> None:
        if not self.estimated_runs:
            what = (f"text runs over {LONG_TEXT_CHARS / 2**20:g} MB without a space: counted by estimate "
                    f"(tokens per character of their first {RUN_PIECE_CHARS:,} characters)")
            self.note = f"{self.note}; {what}" if self.note else what
        self.estimated_runs += 1

    # Characters per thread below which threads cost more than they save.
    CHARS_PER_THREAD = 1 << 19

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        """Counts of many texts. A long text is counted as its pieces (`_pieces`), so
        one 50 MB tool output is spread over the threads like many texts.

        tiktoken's `encode_ordinary_batch` hands every text to a thread pool, whose
        per-item overhead made it half as fast as a plain loop on a session's thousands
        of messages (bench/run.py, count_cold_vs_raw). Here each thread encodes one
        contiguous run of texts (runs balanced by length; tiktoken releases the GIL
        while it encodes), and a small batch is a plain loop."""
        if not texts:
            return []
        if all(len(t) <= LONG_TEXT_CHARS for t in texts):
            return self._encoded_counts(texts)
        flat: list[str] = []
        spans: list[tuple[int, int, int]] = []  # per text: first piece, end, estimated tokens
        for t in texts:
            if len(t) <= LONG_TEXT_CHARS:
                spans.append((len(flat), len(flat) + 1, 0))
                flat.append(t)
            else:
                pieces, estimated = self._pieces(t)
                spans.append((len(flat), len(flat) + len(pieces), estimated))
                flat.extend(pieces)
        counts = self._encoded_counts(flat)
        return [estimated + sum(counts[a:b]) for a, b, estimated in spans]

    def _encoded_counts(self, texts: Sequence[str]) -> list[int]:
        """Exact counts of texts of at most `LONG_TEXT_CHARS`, on up to `_threads`
        threads."""
        encode = self._enc.encode_ordinary

        def run(chunk: Sequence[str]) -> list[int]:
            return [len(encode(t)) if t else 0 for t in chunk]

        total = sum(map(len, texts))
        n = min(self._threads, total // self.CHARS_PER_THREAD, len(texts))
        if n <= 1:
            return run(texts)
        bounds = [0]
        acc, step = 0, total / n
        for i, t in enumerate(texts):
            acc += len(t)
            if acc >= step * len(bounds) and len(bounds) < n:
                bounds.append(i + 1)
        bounds.append(len(texts))
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(len(bounds) - 1) as pool:
            parts = pool.map(run, (texts[a:b] for a, b in zip(bounds, bounds[1:])))
            return [c for part in parts for c in part]

    def encode(self, text: str) -> list[int]:
        """The token ids of `text` (special tokens read as text)."""
        return self._enc.encode_ordinary(text)

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """Character spans of each token, for colouring token boundaries."""
        data = text.encode("utf-8")
        spans: list[tuple[int, int]] = []
        byte_pos = 0
        char_pos = 0
        for tok in self._enc.encode_ordinary(text):
            nbytes = len(self._enc.decode_single_token_bytes(tok))
            end_byte = byte_pos + nbytes
            # Tokens can split a multi-byte character; attribute it to the token
            # where the character ends.
            chars = len(data[:end_byte].decode("utf-8", "ignore")) - char_pos
            spans.append((char_pos, char_pos + chars))
            char_pos += chars
            byte_pos = end_byte
        return spans


class EstimateCounter:
    """Characters divided by `chars_per_token`, as the reference systems estimate.

    Never chosen silently: only when the config says `counter = "estimate"`.
    """

    exact = False

    def __init__(self, chars_per_token: float = 4.0, framing: Framing = NO_FRAMING):
        if chars_per_token <= 0:
            raise ValueError("chars_per_token must be positive")
        self.chars_per_token = chars_per_token
        self.framing = framing
        self.name = f"estimate:{chars_per_token:g} chars/token"
        self.note: str | None = "estimated from character counts, not tokenized"

    def count(self, text: str) -> int:
        """The characters of `text` over `chars_per_token`, rounded up."""
        return math.ceil(len(text) / self.chars_per_token) if text else 0

    def count_batch(self, texts: Sequence[str]) -> list[int]:
        """`count` of each text."""
        cpt = self.chars_per_token
        return [math.ceil(len(t) / cpt) if t else 0 for t in texts]


def make_counter(
    kind: str = "tiktoken",
    model: str | None = None,
    chars_per_token: float = 4.0,
    encoding: str | None = None,
) -> TokenCounter:
    """A token counter by kind.

    Args:
        kind: `tiktoken` (exact) or `estimate` (characters over `chars_per_token`).
        model: the model whose encoding tiktoken uses.
        chars_per_token: the estimate's divisor.
        encoding: a tiktoken encoding to use instead of the model's.

    Returns:
        The counter.

    Raises:
        ValueError: an unknown kind.
    """
    if kind == "tiktoken":
        return TiktokenCounter(model=model, encoding=encoding or None)
    if kind == "estimate":
        return EstimateCounter(chars_per_token)
    raise ValueError(f"unknown token counter {kind!r} (choose 'tiktoken' or 'estimate')")


# --------------------------------------------------------------------------- messages


def message_texts(message: Message) -> tuple[list[str], list[str], int, int]:
    """(text-part texts, other counted texts, image count, file count).

    Text parts are separated because reduction rewrites exactly those.
    """
    texts: list[str] = []
    other: list[str] = []
    images = files = 0
    for part in message.parts:
        t = part.type
        if t == "text":
            texts.append(part.text)
        elif t == "reasoning":
            if part.text:
                other.append(part.text)
        elif t == "image":
            images += 1
        elif t == "file":
            if part.text:
                other.append(part.text)
            else:
                files += 1
        elif part.text:
            other.append(part.text)
    for call in message.tool_calls:
        other.append(call.name)
        other.append(call.arguments_raw)
    return texts, other, images, files


def framing_tokens(message: Message, framing: Framing) -> int:
    """The tokens a message adds around its content (per message, name, tool call)."""
    n = framing.per_message
    if message.name and message.role != "tool":
        n += framing.per_name
    n += framing.per_tool_call * len(message.tool_calls)
    return n


class _Entries(OrderedDict[tuple[str, str], tuple[int, int]]):
    """The cache's entries: storing beyond `limit` drops the least recently used."""

    def __init__(self, limit: int | None) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: tuple[str, str], value: tuple[int, int]) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        if self.limit is not None:
            while len(self) > self.limit:
                self.popitem(last=False)

    def put_all(self, items: Iterable[tuple[tuple[str, str], tuple[int, int]]]) -> None:
        """Store each item, leaving the entries storing them one by one leaves: a new
        key goes last, a known one moves there, and the oldest beyond `limit` are
        dropped once at the end (the same ones: the last `limit` of that order).

        Args:
            items: (key, value) pairs, each key once.
        """
        store, move = OrderedDict.__setitem__, self.move_to_end
        for key, value in items:
            if key in self:
                move(key)
            store(self, key, value)
        if self.limit is not None:
            while len(self) > self.limit:
                self.popitem(last=False)


# About 150 bytes an entry: a few 10k-message sessions, a few megabytes.
DEFAULT_MAX_ENTRIES = 50_000


class TokenCache:
    """In-memory cache of (counter name, content hash) -> (tokens, text-part tokens),
    least recently used out first beyond `max_entries` (None: unbounded).

    The workspace provides a persistent subclass; the interface is these two methods.
    """

    def __init__(self, max_entries: int | None = DEFAULT_MAX_ENTRIES) -> None:
        self._data = _Entries(max_entries)

    @property
    def max_entries(self) -> int | None:
        """The most entries kept (None: unbounded); the oldest go first."""
        return self._data.limit

    @max_entries.setter
    def max_entries(self, value: int | None) -> None:
        self._data.limit = value

    def get_many(self, counter: str, hashes: Iterable[str]) -> dict[str, tuple[int, int]]:
        """The cached counts of these content hashes under `counter` (those found; each marked recent)."""
        data = self._data
        out = {}
        for h in hashes:
            key = (counter, h)
            v = data.get(key)
            if v is not None:
                data.move_to_end(key)
                out[h] = v
        return out

    def put_many(self, counter: str, values: dict[str, tuple[int, int]]) -> None:
        """Keep counts by content hash under `counter`."""
        self._data.put_all(((counter, h), v) for h, v in values.items())

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        """Forget every count (the next count of each message is tokenized again)."""
        self._data.clear()


# Used when the caller passes no cache (the runtime, one-off plans). Bounded, so a
# long-running process that compacts many conversations does not grow without end.
DEFAULT_CACHE = TokenCache()


def count_messages(
    messages: Sequence[Message],
    counter: TokenCounter,
    cache: TokenCache | None = None,
    text_counts: TextCountCache | None = None,
) -> tuple[list[int], list[int]]:
    """Exact counts per message: (total tokens, tokens of the text parts).

    Totals include framing (not the reply priming, which belongs to the request).
    Cached per (counter, content hash): only messages never seen are tokenized, in one
    batch; with `text_counts` (a memo of `counter`'s counts of generated text), one by one
    through it, by memoised lines (`TextCountCache.count_long`: a summary repeats most
    lines of the last).
    """
    cache = cache if cache is not None else DEFAULT_CACHE
    hashes = [m.content_hash for m in messages]
    unique = set(hashes)
    known = cache.get_many(counter.name, unique)
    missing: dict[str, Message] = {}
    if len(known) < len(unique):  # else every count is cached (a reopened session)
        for h, m in zip(hashes, messages):
            if h not in known and h not in missing:
                missing[h] = m
    if missing:
        batch: list[str] = []
        layout: list[tuple[str, int, int, int]] = []  # hash, n_text, n_other, fixed
        framing = counter.framing
        for h, m in missing.items():
            texts, other, images, files = message_texts(m)
            fixed = framing_tokens(m, framing) + images * framing.image + files * framing.file
            layout.append((h, len(texts), len(other), fixed))
            batch.extend(texts)
            batch.extend(other)
        counts = ([text_counts.count_long(t) for t in batch] if text_counts is not None
                  else counter.count_batch(batch))
        new: dict[str, tuple[int, int]] = {}
        i = 0
        for h, n_text, n_other, fixed in layout:
            if n_text == 1 and not n_other:  # most messages: one text (no slices to sum)
                text_tokens = counts[i]
                i += 1
                new[h] = (fixed + text_tokens, text_tokens)
                continue
            text_tokens = sum(counts[i : i + n_text])
            i += n_text
            other_tokens = sum(counts[i : i + n_other])
            i += n_other
            new[h] = (fixed + text_tokens + other_tokens, text_tokens)
        cache.put_many(counter.name, new)
        known.update(new)
    pairs = [known[h] for h in hashes]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def rewritten_counts(before: Message, after: Message, counts: tuple[int, int], total: int,
                     framing: Framing) -> tuple[int, int] | None:
    """`count_messages`' (total, text-part tokens) of `after`, a rewrite of `before`
    whose total is known to be `total` (the planner counted what reduction writes),
    without tokenizing: when only its text parts changed, they account for the whole
    change; when only the rest changed, its text parts count as before. None when
    both changed (it must be counted).

    Args:
        before: the message as it was.
        after: the message rewritten.
        counts: `before`'s (total, text-part tokens).
        total: `after`'s exact total.
        framing: the counter's framing.

    Returns:
        `after`'s (total, text-part tokens), or None.
    """
    t_before, o_before, i_before, f_before = message_texts(before)
    t_after, o_after, i_after, f_after = message_texts(after)
    if (o_before, i_before, f_before) == (o_after, i_after, f_after) and (
            framing_tokens(before, framing) == framing_tokens(after, framing)):
        return total, counts[1] - (counts[0] - total)
    if t_before == t_after:
        return total, counts[1]
    return None


def remember_counts(counter: TokenCounter, counts: dict[str, tuple[int, int]],
                    cache: TokenCache | None = None) -> None:
    """Store counts known without tokenizing (`rewritten_counts`), by content hash, where
    `count_messages` finds them (`cache`, default `DEFAULT_CACHE`)."""
    (cache if cache is not None else DEFAULT_CACHE).put_many(counter.name, counts)


# o200k_base's pre-tokenizer (tiktoken splits a text into pieces with it, then encodes
# each piece on its own). `splits_after_newline` relies on its exact shape.
O200K_PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])


def splits_after_newline(counter: TokenCounter) -> bool:
    """True when `counter` counts text additively across a line break.

    With o200k_base, a position right after "\n" whose next character is neither
    whitespace nor "/" always separates two pre-tokenizer pieces: no alternative of
    the pattern matches a line break followed by such a character (letters and
    digits never include line breaks, punctuation runs only continue with [\r\n/],
    whitespace runs only with whitespace), and none looks behind. So
    count(a + b) == count(a) + count(b) when `a` ends with "\n" and `b` starts with
    such a character: a long text can be counted line by line, from memoised lines.
    """
    enc = getattr(counter, "_enc", None)
    return isinstance(counter, TiktokenCounter) and getattr(enc, "_pat_str", None) == O200K_PATTERN


class TextCountCache:
    """Memo of counts for generated text (truncated outputs, placeholders, summaries)."""

    LONG = 2048  # characters from which `count_long` counts by lines

    def __init__(self, counter: TokenCounter, max_entries: int = 50_000):
        self.counter = counter
        self._data: dict[str, int] = {}
        self._max = max_entries
        self.by_lines = splits_after_newline(counter)

    def count(self, text: str) -> int:
        """The tokens of `text`, from the memo when counted before."""
        v = self._data.get(text)
        if v is None:
            v = self.counter.count(text)
            if len(self._data) >= self._max:
                self._data.clear()
            self._data[text] = v
        return v

    def known(self, text: str) -> int | None:
        """The tokens of `text` when the memo has them, else None (nothing counted)."""
        return self._data.get(text)

    def texts(self) -> list[str]:
        """The texts whose counts are kept (a copy: what the memo holds, for tests and diagnostics).

        Returns:
            The texts, oldest first.
        """
        return list(self._data)

    def count_long(self, text: str) -> int:
        """`count(text)` for a long text assembled from parts that recur between calls
        (a summary frame around preserved messages): the sum of memoised counts of its
        chunks, split where counting is additive (see `splits_after_newline`).
        Exact; falls back to counting the whole text with other counters."""
        if not self.by_lines or len(text) < self.LONG:
            return self.count(text)
        lines = text.split("\n")
        total = 0
        start = 0
        count = self.count
        for i in range(1, len(lines)):
            line = lines[i]
            if line and line[0] != "/" and not line[0].isspace():
                total += count(lines[start] + "\n" if start == i - 1 else "\n".join(lines[start:i]) + "\n")
                start = i
        return total + count("\n".join(lines[start:]))


def counter_for(config: CompactionConfig) -> TokenCounter:
    """The token counter `config.tokens` asks for (here, not in the planner: the app's
    session list counts with it before the planner is loaded).

    Args:
        config: the compaction config.

    Returns:
        The counter its `tokens` section names.
    """
    t = config.tokens
    return make_counter(t.counter, model=t.model, chars_per_token=t.chars_per_token)
