"""Where a source is: a file path, or a database URL (`postgresql[+driver]://`,
`sqlite:///`). Parsing only (no driver, no connection): `inspector.sources.database`
opens PostgreSQL URLs.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

_URL = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://")
POSTGRES_SCHEMES = ("postgresql", "postgres")
SQLITE_SCHEMES = ("sqlite",)
# What `Probe.kind` is for a PostgreSQL source (SQL readers accept it beside "sqlite").
POSTGRES_KIND = "postgres"
SQL_KINDS = ("sqlite", POSTGRES_KIND)


def url_scheme(text: str) -> str | None:
    """The base scheme of a database URL (`postgresql` for `postgresql+asyncpg://`),
    or None when `text` is not a URL of a database inspector reads."""
    m = _URL.match(text)
    if m is None:
        return None
    base = m.group("scheme").lower().split("+", 1)[0]
    return base if base in POSTGRES_SCHEMES + SQLITE_SCHEMES else None


def is_database_url(source: object) -> bool:
    """Whether `source` (a command-line SOURCE) is a database URL rather than a path."""
    return isinstance(source, (str, DatabaseUrl)) and url_scheme(str(source)) is not None


class DatabaseUrl:
    """A PostgreSQL URL as given, and the ways to show and use it.

    Attributes:
        url: the URL as given (password included: never printed).
        password: the password in it, if any (never printed).
        redacted: the URL with the password replaced by `***`: what messages show.
        name: the database name (for labels and default file names).
    """

    def __init__(self, url: str):
        self.url = url
        parts = urlsplit(url)
        self.password = unquote(parts.password) if parts.password else None
        netloc = parts.netloc
        if parts.password is not None:
            userinfo, _, hostinfo = netloc.rpartition("@")
            user = userinfo.split(":", 1)[0]
            netloc = f"{user}:***@{hostinfo}"
        self.redacted = urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
        self.name = parts.path.lstrip("/") or "postgres"
        base = parts.scheme.split("+", 1)[0]
        # libpq takes postgresql:// (no driver suffix); asyncpg's `ssl=` is libpq's `sslmode=`
        query = re.sub(r"(^|&)ssl=", r"\1sslmode=", parts.query)
        self.conninfo = urlunsplit((base, parts.netloc, parts.path, query, ""))

    def scrub(self, text: str) -> str:
        """`text` (a driver's error, say) with the password and the full URL replaced."""
        text = text.replace(self.url, self.redacted).replace(self.conninfo, self.redacted)
        if self.password:
            text = text.replace(self.password, "***")
        return text

    def __str__(self) -> str:
        return self.redacted

    def __repr__(self) -> str:
        return f"DatabaseUrl({self.redacted!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DatabaseUrl) and other.url == self.url

    def __hash__(self) -> int:
        return hash(self.url)


def sqlite_url_path(url: str) -> Path:
    """The file of a `sqlite:///` URL (`sqlite:///rel.db` relative, `sqlite:////abs.db`
    absolute, as SQLAlchemy reads them; a driver suffix and a query are ignored).

    Raises:
        ValueError: an in-memory or empty URL.
    """
    rest = url.split("://", 1)[1]
    host, _, path = rest.partition("/")
    path = path.split("?", 1)[0]
    if host not in ("", "localhost") or not path or path == ":memory:":
        raise ValueError(f"{url}: not a SQLite file URL (write sqlite:///relative.db or sqlite:////absolute.db)")
    return Path(unquote(path))


def resolve(source: str | Path | DatabaseUrl) -> Path | DatabaseUrl:
    """A command-line SOURCE as what is opened: a path (a `sqlite:///` URL's file
    included), or a PostgreSQL `DatabaseUrl`."""
    if isinstance(source, (Path, DatabaseUrl)):
        return source
    scheme = url_scheme(source)
    if scheme in SQLITE_SCHEMES:
        return sqlite_url_path(source)
    if scheme in POSTGRES_SCHEMES:
        return DatabaseUrl(source)
    return Path(source)




def shown(source: object) -> str:
    """A SOURCE as messages show it: a PostgreSQL URL without its password."""
    text = str(source)
    return DatabaseUrl(text).redacted if url_scheme(text) in POSTGRES_SCHEMES else text


def passwords(texts: list[str]) -> list[str]:
    """The passwords in the database URLs among `texts` (a command line): what output
    must never show."""
    out = []
    for text in texts:
        if url_scheme(text) in POSTGRES_SCHEMES:
            password = DatabaseUrl(text).password
            if password:
                out.append(password)
    return out
