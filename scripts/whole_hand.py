"""Draft a whole hand for a lesson's ``hand`` step (docs/lessons.md, "Whole hands").

Plays a deal as the lesson will: the learner's seat by the hint's figures from its own
view (the card a hand step's check accepts), every other seat by the bots, which see
only their own cards. Prints each trick with the learner's choices as the hint values
them, then the ``[[step.trick]]`` tables to write the words into.

    python scripts/whole_hand.py --rules standard --dealer 2 --seat 0 \\
        "7D QD 7H 6H 8H" "7S 9D QS TS QC" "KC 6S JC KS 6C"
    python scripts/whole_hand.py --search 3 --rules standard --seeds 0:40

``--search N`` deals N-player hands from the seeds and prints one line a deal: whether the
learner won, with what, and how many of the learner's choices mattered (a card the hint
calls a mistake was there to play), so that a deal worth telling can be picked.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spar_tutor.engine.cards import Card  # noqa: E402
from spar_tutor.engine.deal import deal  # noqa: E402
from spar_tutor.engine.dealfile import DealFile  # noqa: E402
from spar_tutor.engine.rules import Rules  # noqa: E402
from spar_tutor.engine.state import HandState  # noqa: E402
from spar_tutor.lessons.kinds.hand import bot_card, may_play  # noqa: E402
from spar_tutor.lessons.rungs import HIDDEN_WORLDS  # noqa: E402
from spar_tutor.session.hints import SessionHints  # noqa: E402
from spar_tutor.solver.bots import ExpertBot  # noqa: E402
from spar_tutor.solver.reasons import view_reason  # noqa: E402
from spar_tutor.solver.voice import THRESHOLDS  # noqa: E402


def play(state: HandState, seat: int, hints: SessionHints, say: bool = True
         ) -> Tuple[HandState, List[List[Card]], List[str]]:
    """The hand played to its end; its tricks; the idea behind each of the learner's cards
    (in brackets when no card was a mistake)."""
    tricks: List[List[Card]] = [[]]
    mattered: List[str] = []
    while not state.is_over():
        mover = state.to_move
        if mover == seat:
            allowed = set(may_play(state))
            values = [v for v in hints.values(state, seat).choices if v.card in allowed]
            card = values[0].card
            idea = view_reason(state.view(seat), card).idea
            if len(values) > 1 and values[0].expected - values[-1].expected >= THRESHOLDS.mistake:
                mattered.append(f"{len(tricks)}:{idea}")
            elif len(values) > 1:
                mattered.append(f"({len(tricks)}:{idea})")
            if say:
                shown = ", ".join(f"{v.card} {v.expected:.2f}/{100 * v.win_chance:.0f}%"
                                  for v in values)
                print(f"  trick {len(tricks)}: you {card} ({idea}) -- {shown}")
        else:
            card = bot_card(state)
        state = state.apply(card)
        tricks[-1].append(card)
        if not state.current_trick and not state.is_over():
            tricks.append([])
    return state, tricks, mattered


def declare(state: HandState, seat: int, hints: SessionHints) -> Tuple[HandState, List[Any]]:
    """The decisions before the first lead: the learner's by the hint's figures, the
    others' by the bots; the declarations made, as a deal file writes them."""
    made: Dict[int, Dict[str, str]] = {}
    while state.phase != "play":
        mover = state.to_move
        assert mover is not None
        if mover == seat:
            move = hints.values(state, seat).choices[0].move
        else:
            move = ExpertBot(mover).choose(state.view(mover))
        if getattr(move, "card", None) is not None:
            made.setdefault(mover, {"seat": mover})[move.kind] = str(move.card)
        state = state.apply(move)
    return state, list(made.values())


def rules_of(text: str) -> Any:
    return json.loads(text) if text.startswith("{") else text


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", nargs="*", help="one hand a seat, in play order")
    parser.add_argument("--rules", default="standard", help="a preset, or a JSON table")
    parser.add_argument("--dealer", type=int, default=None)
    parser.add_argument("--seat", type=int, default=0, help="the learner's seat")
    parser.add_argument("--declarations", default="[]", help="JSON, as in a deal file")
    parser.add_argument("--search", type=int, default=0, help="players, to search deals")
    parser.add_argument("--seeds", default="0:20", help="FIRST:LAST seeds to search")
    args = parser.parse_args(argv)
    hints = SessionHints(worlds=HIDDEN_WORLDS)
    if args.search:
        first, last = (int(x) for x in args.seeds.split(":"))
        rules = Rules.from_json(rules_of(args.rules))
        for seed in range(first, last):
            dealt = deal(rules, args.search, args.search - 1, seed=seed)
            position: Dict[str, Any] = {"rules": rules_of(args.rules),
                                        "dealer": args.search - 1,
                                        "hands": [" ".join(map(str, h)) for h in dealt.hands]}
            state, made = declare(DealFile.from_json(position).state(), args.seat, hints)
            end, _tricks, mattered = play(state, args.seat, hints, say=False)
            result = end.result
            assert result is not None
            won = "WON" if result.winner == args.seat else "   "
            print(f"seed {seed}: {won} {result.points[args.seat]} pts, mattered "
                  f"{' '.join(mattered)}, learner {position['hands'][args.seat]} | "
                  + " | ".join(position["hands"]) + f" | {json.dumps(made)} | {result.reason}",
                  flush=True)
        return 0
    position = {"rules": rules_of(args.rules), "hands": args.hands,
                "declarations": json.loads(args.declarations)}
    if args.dealer is not None:
        position["dealer"] = args.dealer
    state = DealFile.from_json(position).state()
    end, tricks, _mattered = play(state, args.seat, hints)
    print(end.result.reason if end.result else "")
    for number, trick in enumerate(end.tricks, start=1):
        cards = ", ".join(f"{trick.seat_of(i, end.players)}:{c}" for i, c in enumerate(trick.cards))
        print(f"  trick {number}: {cards} -> seat {trick.winner}")
    for trick in tricks:
        print(f'\n[[step.trick]]\nplays = "{" ".join(map(str, trick))}"\ncomment = """\n"""')
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
