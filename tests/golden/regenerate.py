"""Write the golden playthrough files: one seeded random hand per preset, with its replay.

Run ``python tests/golden/regenerate.py`` only when a rule change is intended, and read
the diff of the ``.expected.json`` files before committing them.
"""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))

from spar_tutor import DealFile, Rules  # noqa: E402
from spar_tutor.engine.deal import deal  # noqa: E402
from spar_tutor.engine.dealfile import replay_json  # noqa: E402
from spar_tutor.engine.state import Action  # noqa: E402

GAMES = [("standard", 4), ("ghana_table", 3), ("seven_card", 5), ("ace_of_spades", 7),
         ("jeu_de_carte", 6), ("sipa", 2), ("agram", 4)]


def main() -> None:
    for preset, players in GAMES:
        rng = random.Random(f"golden {preset}")
        rules = Rules.preset(preset)
        d = deal(rules, players, dealer=players - 1, seed=rng.random())
        state = d.start()
        under_ten, decls = [], {}
        while not state.is_over():
            move = rng.choice(state.legal_moves())
            if isinstance(move, Action) and move.kind == "under_ten":
                under_ten.append(state.to_move)
            if isinstance(move, Action) and move.kind in ("dry", "wet"):
                decls.setdefault(state.to_move, {"seat": state.to_move})[move.kind] = str(move.card)
            state = state.apply(move)
        plays = [m for _, m in state.history if not isinstance(m, Action) or m.kind == "under_card"]
        obj = {"rules": preset, "dealer": d.dealer, "hands": [" ".join(map(str, h)) for h in d.hands],
               "stock": " ".join(map(str, d.stock)), "title": f"golden {preset} {players}p"}
        if under_ten:
            obj["under_ten"] = under_ten
        if rules.dry_wet or rules.under_ten:
            obj["declarations"] = list(decls.values())
        obj["plays"] = " ".join("uc" if isinstance(m, Action) else str(m) for m in plays)
        if not obj["stock"]:
            del obj["stock"]
        df = DealFile.from_json(obj)
        assert replay_json(df.state()) == replay_json(state)
        (HERE / f"{preset}.json").write_text(df.dumps())
        (HERE / f"{preset}.expected.json").write_text(json.dumps(replay_json(state), indent=1) + "\n")


if __name__ == "__main__":
    main()
