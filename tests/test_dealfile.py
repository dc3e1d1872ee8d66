import json

import pytest

from spar_tutor import DealFile, DealFileError, IllegalMoveError, SparError
from spar_tutor.engine.dealfile import load_json_lines, replay_json

EXAMPLE = {
    "rules": "standard", "dealer": 2,
    "hands": ["6S 7H KD 9C AH", "8S 9H TD JC 7C", "9S TH 6D 8C QC"],
    "plays": "AH 9H TH",
}


def test_the_issue_shape_is_accepted():
    state = DealFile.from_json(EXAMPLE).state()
    assert len(state.tricks) == 1 and state.tricks[0].winner == 0


@pytest.mark.parametrize("obj", [
    EXAMPLE,
    {"rules": {"preset": "ghana_table", "stake": 2}, "dealer": 0,
     "hands": ["6S 7H KD 9C AH", "8S 9H TD JC 7C"], "stock": "9S TH 6D 8C QC",
     "declarations": [{"seat": 1, "dry": "7C"}], "plays": "8S 6S", "title": "A test"},
    {"rules": {"preset": "standard", "two_trick_bonus": True, "dry_wet": True}, "dealer": 1,
     "hands": ["6S 7H", "9D 8D"], "leader": 0, "declarations": [{"seat": 0, "dry": "6S", "wet": "7H"}]},
])
def test_round_trip(obj):
    df = DealFile.from_json(obj)
    again = DealFile.from_json(df.to_json())
    assert again == df
    assert DealFile.loads(df.dumps()) == df
    assert df.to_json() == DealFile.from_json(json.loads(json.dumps(df.to_json()))).to_json()


def test_canonical_text_round_trips_exactly():
    text = DealFile.from_json(EXAMPLE).dumps()
    assert DealFile.loads(text).dumps() == text


def test_default_dealer_is_the_last_seat():
    df = DealFile.from_json({"rules": "standard", "hands": ["6S", "7S", "8S"]})
    assert df.dealer == 2 and df.state().to_move == 0


def test_short_hands_are_an_end_position():
    df = DealFile.from_json({"rules": "standard", "hands": ["6S 7H", "8S 9H"], "leader": 1})
    state = df.state()
    assert state.trick_number == 4 and state.tricks_left == 2 and state.to_move == 1


BAD = [
    ("{not json", "not valid JSON", 1),
    ('{"rules": "poker", "hands": ["6S", "7S"]}', "unknown preset 'poker'", 1),
    ('{"rules": {"preset": "standard", "colour": 1}, "hands": ["6S", "7S"]}', "unknown option 'colour'", 1),
    ('{"rules": {"preset": "standard", "dry_wet": true}, "hands": ["6S", "7S"]}', "dry_wet needs two_trick_bonus", 1),
    ('{"hands": ["6S", "XS"]}', "hand of seat 1: not a card: 'XS'", 1),
    ('{"hands": ["6S", "AS"]}', "AS is not in the standard pack", 1),
    ('{"hands": ["6S 7S", "6S 8S"]}', "6S is dealt twice", 1),
    ('{"hands": ["6S 7S", "8S"]}', "hands must all have the same size", 1),
    ('{"hands": ["6S 7S 8S 9S TS JS", "8H"]}', "hands must all have the same size", 1),
    ('{"hands": ["6S"]}', "standard is for 2 to 7 players, not 1", 1),
    ('{"hands": ["6S 7S", "8H 9H"],\n "plays": "7S 6S"}', "6S is in seat 0's hand", 2),
    ('{"hands": ["6S 7S", "8H 9H"],\n "plays": "7S QH"}', "seat 1 does not hold QH", 2),
    ('{"hands": ["6S 7S", "8H 9S"],\n "plays": "7S 8H"}', "must follow suit", 2),
    ('{"rules": "ghana_table",\n "hands": ["8S 7S 6H 9H TH", "8H 9S 6C 7C AC"],\n "declarations": [{"seat": 0, "dry": "8S"}]}',
     "only a 6 or a 7 can be dry", 3),
    ('{"rules": "ghana_table",\n "hands": ["8S 7S 6H 9H TH", "8H 9S 6C 7C AC"],\n "declarations": [{"seat": 0, "dry": "7S", "wet": "6S"}]}',
     "does not hold 6S", 3),
    ('{"rules": "ghana_table", "hands": ["8S 7S 6S 9H TH", "8H 9S 6C 7C AC"],\n "declarations": [{"seat": 0, "dry": "7S", "wet": "6S"}]}',
     "same suit as the dry", 2),
    ('{"rules": "ghana_table", "hands": ["8S 7S 6S 9H TH", "8H 9S 6C 7C AC"],\n "declarations": [{"seat": 0, "wet": "6S"}]}',
     "a wet needs a dry", 2),
    ('{"rules": "ghana_table", "hands": ["8S 7S 6S 9H TH", "8H 9S 6C 7C AC"], "stock": "AD KD QD JD TD",\n "under_ten": [0]}',
     "not under ten", 2),
    ('{"rules": "standard", "hands": ["8S 7S 6S 9H TH", "8H 9S 6C 7C AC"],\n "under_ten": [0]}',
     "under ten rule is off", 2),
    ('{"hands": ["6S 7S 8S", "8H 9H TH"],\n "plays": "6S 8H uc"}', "under card rule is off", 2),
    ('{"hands": ["6S 7S"], "color": 1}', "unknown key 'color'", 1),
    ('{"hands": ["6S", "7S"], "dealer": 5}', '"dealer" must be a seat from 0 to 1', 1),
    ('[1, 2]', "must be a JSON object", None),
]


@pytest.mark.parametrize("text,words,line", BAD)
def test_bad_files_name_what_and_where(text, words, line, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SparError) as err:
        DealFile.load(path)
    message = str(err.value)
    assert words in message
    assert "bad.json" in message
    if line is not None:
        assert err.value.line == line, message


def test_play_errors_carry_the_play_number_and_rule(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"hands": ["6S 7S", "8H 9S"], "plays": "7S 8H"}')
    with pytest.raises(IllegalMoveError) as err:
        DealFile.load(path)
    assert err.value.play == 2 and err.value.seat == 1 and err.value.rule == "follow suit"


def test_replay_json_shape():
    out = replay_json(DealFile.from_json({**EXAMPLE, "plays": "AH 9H TH 7H TD QC KD 8S 6D"}).state())
    assert out["ended_by"] == "in_progress"
    assert out["tricks"][0] == {"leader": 0, "cards": ["AH", "9H", "TH"], "winner": 0}
    assert out["points"] == [0, 0, 0]


def test_json_lines():
    text = json.dumps(EXAMPLE) + "\n\n" + json.dumps({**EXAMPLE, "plays": ""}) + "\n"
    assert len(load_json_lines(text)) == 2
    with pytest.raises(DealFileError) as err:
        load_json_lines(json.dumps(EXAMPLE) + "\n{oops\n", "in.jsonl")
    assert err.value.line == 2


def test_a_file_with_no_plays_stops_before_the_first_decision():
    df = DealFile.from_json({"rules": "ghana_table",
                             "hands": ["8S 7S 6S 9H TH", "8H 9S 6C 7C AC"]})
    assert df.state().phase == "declare"
    df = DealFile.from_json({"rules": "ghana_table", "declarations": [],
                             "hands": ["8S 7S 6S 9H TH", "8H 9S 6C 7C AC"]})
    assert df.state().phase == "play"
    assert DealFile.from_json(df.to_json()).state().phase == "play"
