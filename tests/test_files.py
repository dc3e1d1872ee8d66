"""spar_tutor.engine.files: one error naming the file, whatever is wrong with it."""

import doctest

import pytest

from spar_tutor.engine import files
from spar_tutor.engine.errors import DealFileError, FileError, shown
from spar_tutor.engine.files import MAX_BYTES, decode, parse_json, parse_toml, read_text


def error_of(call, *args):
    with pytest.raises(FileError) as caught:
        call(*args)
    return caught.value


def test_the_doctests():
    assert doctest.testmod(files).failed == 0


@pytest.mark.parametrize("data, words, line", [
    ('{"a": 1}'.encode("utf-16"), "saved as UTF-16 text: save the file as UTF-8", None),
    ('{"a": 1}'.encode("utf-16-be"), "not text (it holds a NUL character)", 1),
    ('{"a": 1}'.encode("utf-32"), "saved as UTF-32 text", None),
    ('{\n "title":\n "Café"}'.encode("latin-1"),
     "not UTF-8 text (byte 0xe9 at column 6): save the file as UTF-8", 3),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8 text (byte 0x89 at column 1)", 1),
])
def test_other_encodings_are_named(data, words, line):
    err = error_of(decode, data, "deal.json")
    assert err.reason.startswith(words) and err.line == line
    assert str(err).startswith("deal.json")


def test_utf8_with_a_byte_order_mark_is_read():
    assert decode('\ufeff{"a": "é"}'.encode("utf-8"), "x.json") == '{"a": "é"}'


def test_too_big(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_BYTES + 1))
    assert "too big for a data file" in error_of(read_text, path).reason


@pytest.mark.parametrize("make", [
    lambda p: p.mkdir(),
    lambda p: None,  # missing
    lambda p: (p.symlink_to(p.with_name("loop2")), p.with_name("loop2").symlink_to(p)),
])
def test_what_cannot_be_read_says_why(tmp_path, make):
    path = tmp_path / "x.json"
    make(path)
    err = error_of(read_text, path, FileError, "deal file")
    assert err.reason.startswith("cannot read the deal file: ") and err.file == str(path)


def test_the_error_class_is_the_callers(tmp_path):
    with pytest.raises(DealFileError, match="cannot read the deal file"):
        read_text(tmp_path / "nothing.json", DealFileError, "deal file")


@pytest.mark.parametrize("text, words", [
    ("[" * 5000 + "]" * 5000, "nested more than 32 deep"),
    ("[" * 40 + "]" * 40, "nested more than 32 deep"),
    ('{"dealer": ' + "9" * 5000 + "}", "a number has thousands of digits"),
    ('{"dealer": 9223372036854775808}', "the number at dealer is too big"),
    ('{"dealer": NaN}', "NaN is not a number in JSON"),
    ('{"dealer": 1e999}', "the number at dealer is not a finite number"),
    ('{"title": "\\ud800"}', "the text at title holds \\ud800, half of a character"),
    ('{"hands": ["6S", 7]', "Expecting ',' delimiter (column 20)"),
])
def test_json_that_is_not_plain_data(text, words):
    err = error_of(parse_json, text, "d.json")
    assert words in err.reason and str(err).startswith("d.json")


@pytest.mark.parametrize("text, words, line", [
    ("a = " + "[" * 5000 + "]" * 5000, "nested more than 32 deep", None),
    ("a = 0x" + "f" * 5000, "the number at a is too big", None),
    ("a = " + "9" * 5000, "a number has thousands of digits", None),
    ("a = inf", "the number at a is not a finite number", None),
    ('title = "x"\n[[step]]\nkind = \n', "not valid TOML: Invalid value (column 8)", 3),
    ('title = "x', "not valid TOML: Unterminated string (at the end of the file)", None),
])
def test_toml_that_is_not_plain_data(text, words, line):
    err = error_of(parse_toml, text, "l.toml")
    assert words in err.reason and err.line == line


def test_shown_keeps_error_messages_short():
    assert shown("x" * 10_000) == "'" + "x" * 36 + "..."
    assert shown(2**20000) == "<int>"  # too long to write as a decimal number
    assert shown([1, 2]) == "[1, 2]"
