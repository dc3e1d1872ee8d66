"""Golden playthroughs: whole hands of every preset pinned with their replay."""

import json
from pathlib import Path

import pytest

from spar_tutor import DealFile
from spar_tutor.engine.dealfile import replay_json

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def test_every_preset_has_a_golden_file():
    assert {p.stem for p in FILES} == {"standard", "ghana_table", "seven_card", "ace_of_spades",
                                       "jeu_de_carte", "sipa", "agram"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_playthrough(path):
    df = DealFile.load(path)
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    assert replay_json(df.state()) == expected
    assert df.dumps() == path.read_text()     # the files are in canonical form
    assert expected["ended_by"] == "last_trick"
    assert len(expected["tricks"]) == df.rules.hand_size
