"""Hypothesis strategies that damage data files, for tests/test_fuzz_*.py.

A good file is damaged at the level of its bytes (random bytes, another encoding,
cut short, a few bytes changed) or of its data (a value of the wrong type, a huge
number, a very long text, deep nesting, a list repeated into thousands of items, a
key taken away or added). Every run draws the same examples (``derandomize``), so
the tests are deterministic in CI.
"""

import copy
import json
import re

from hypothesis import HealthCheck, Phase, settings, strategies as st

#: Same examples on every run, no deadline (a busy machine), no example database, and no
#: "explain" phase (it traces every line run: minutes on a busy machine).
FUZZ = settings(max_examples=150, derandomize=True, deadline=None, database=None,
                phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture,
                                       HealthCheck.filter_too_much])


def fuzz(examples):
    """:data:`FUZZ` with ``examples`` examples."""
    return settings(FUZZ, max_examples=examples)


def nested(depth):
    """A list inside a list ... ``depth`` deep."""
    value = []
    for _ in range(depth):
        value = [value]
    return value


#: Values that go where they should not.
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=60),
    st.sampled_from([-1, 2**31, 2**63 - 1, 2**63, -2**63 - 1, 10**40, 300_000_000, 10**9, 10**18]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", "6S", "TD 7H", "uc", "standard", "human", "expert", "Ama",
                     "x" * 20_000, "6S " * 5000, "\u202e\u0085", "\ud800", "é€"]),
    st.lists(st.integers(-3, 10) | st.text(max_size=3), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(-3, 10) | st.text(max_size=3), max_size=3),
    st.integers(20, 40).map(nested),
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


def _change(doc, path, how, new, key):
    if not path:
        return new if how == "replace" else doc
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    value = parent[last]
    if how == "replace":
        parent[last] = new
    elif how == "delete":
        del parent[last]
    elif how == "add" and isinstance(value, dict):
        value[key] = new
    elif how == "add" and isinstance(value, list):
        value.append(new)
    elif how == "repeat" and isinstance(value, (list, str)) and len(value) <= 100:
        parent[last] = value * 1000  # thousands of steps, plays, hands, ...
    return doc


@st.composite
def damaged(draw, doc):
    """``doc`` (parsed JSON or TOML) with one to three things changed."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(doc))))
        how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "repeat"]))
        doc = _change(doc, path, how, draw(ODD), draw(st.text(max_size=8)))
    return doc


def damaged_bytes(text):
    """The bytes of a damaged ``text``: random, another encoding, cut short, changed."""
    data = text.encode("utf-8")
    latin = text.replace("a", "é", 1).encode("latin-1", errors="replace")

    def flip(changes):
        out = bytearray(data)
        for at, byte in changes:
            out[at % len(out)] = byte
        return bytes(out)

    return st.one_of(
        st.binary(max_size=300),
        st.integers(0, len(data)).map(lambda n: data[:n]),
        st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"]).map(
            text.encode),
        st.just(latin),
        st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1,
                 max_size=4).map(flip),
        st.sampled_from([b"", b"   \n", b"\x00", b"[]", b"null", b"{}", b"\xef\xbb\xbf"]),
    )


def json_text(doc):
    """``doc`` as JSON text."""
    return json.dumps(doc)


_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _toml_string(text):
    out = json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")
    return _SURROGATE.sub(lambda m: f"\\u{ord(m[0]):04x}", out)  # not TOML: a parse error


def _toml_key(key):
    return key if _BARE.fullmatch(key) else _toml_string(key)


def _toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()
                           if v is not None) + "}"


def _tables(value):
    return isinstance(value, list) and value and all(isinstance(v, dict) for v in value)


def toml_text(doc):
    """``doc`` as TOML text: plain keys first, then ``[[step]]`` or ``[[puzzle]]`` tables
    (a ``None`` is left out: TOML has no null)."""
    if not isinstance(doc, dict):
        doc = {"value": doc}
    lines = [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in doc.items()
             if v is not None and not (k in ("step", "puzzle") and _tables(v))]
    for key in ("step", "puzzle"):
        if _tables(doc.get(key)):
            for table in doc[key]:
                lines.append(f"[[{key}]]")
                lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items()
                          if v is not None]
    return "\n".join(lines) + "\n"


def one_line(message, limit=1500):
    """``message`` is one line of reasonable length (for a terminal or a page)."""
    assert "\n" not in message and len(message) <= limit, message[:3000]
    return message
