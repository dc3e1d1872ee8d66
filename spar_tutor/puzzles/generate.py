"""Making new puzzles: seeded deals played by bots down to an ending worth solving.

Each candidate is a deal (seeded) whose first tricks are played by the
beginner and random bots; the position with ``tricks`` tricks to go (start
of a trick, or part-way through it with ``mid_trick``) becomes a puzzle for the
seat to move when the solver finds that seat can make sure of some points,
that at most ``max_winning`` first cards keep them, and that at least one legal
card throws them away. With ``defence``, a losing first card must also let another seat
make sure of at least that many points (a defence puzzle: the learner stops their score).
With ``stock_unknown`` (closed puzzles), the position is the whole deal with the tricks
played so far, the stock included, so the learner knows the cards played, as at a real
table, but not which of the others are in a hand and which in the stock.
Every puzzle is written with its stated winning cards,
rated (:mod:`spar_tutor.puzzles.rating`), and passes the loader's checks.
The same arguments always give the same puzzles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ..engine.cards import Card, format_cards
from ..engine.deal import deal
from ..engine.dealfile import DealFile
from ..engine.errors import SparError
from ..engine.rules import Rules
from ..solver import solve
from ..solver.bots import BeginnerBot, RandomBot
from ..engine.state import DECLARE, PASS, PLAY, UNDER_TEN, Action, HandState
from .check import check_puzzle
from .judge import Judge, closed_cards
from .rating import Difficulty, measure
from .words import goal_words, hint_words, explanation_words


class GenerateError(SparError):
    """Arguments the generator cannot work with."""


@dataclass(frozen=True)
class Request:
    """What to generate (the ``spar-tutor puzzles generate`` options)."""

    players: int
    tricks: int
    count: int = 5
    seed: int = 0
    preset: str = "standard"
    bonus: bool = False
    dry_wet: bool = False
    max_winning: int = 1
    closed: bool = False
    mid_trick: bool = False
    max_tries: int = 2000
    #: Points another seat must be sure of after some losing first card (0: no defence asked).
    defence: int = 0
    #: Closed, with the stock unknown: the whole deal and its tricks, not an end position.
    stock_unknown: bool = False

    def rules(self) -> Rules:
        options: Dict[str, Any] = {}
        if self.bonus or self.dry_wet:
            options["two_trick_bonus"] = True
        if self.dry_wet:
            options["dry_wet"] = True
        return Rules.preset(self.preset, **options)


@dataclass
class Generated:
    """One new puzzle: its table (as written to the file) and its measured difficulty."""

    table: Dict[str, Any]
    difficulty: Difficulty
    tries: int = field(default=0, compare=False)


def generate(request: Request) -> List[Generated]:
    """``request.count`` new puzzles (fewer only if ``max_tries`` deals did not give them)."""
    rules = request.rules()
    _check(request, rules)
    rng = random.Random(f"spar-puzzles:{request.seed}:{request.players}:{request.tricks}:"
                        f"{rules.name}:{request.bonus}:{request.dry_wet}:{request.mid_trick}")
    out: List[Generated] = []
    seen = set()
    for tries in range(1, request.max_tries + 1):
        if len(out) >= request.count:
            break
        position = _candidate(request, rules, rng)
        if position is None:
            continue
        key = position.dumps()
        if key in seen:
            continue
        seen.add(key)
        made = _puzzle(request, position, len(out) + 1)
        if made is not None:
            made.tries = tries
            out.append(made)
    return out


def _check(request: Request, rules: Rules) -> None:
    rules.check_players(request.players)
    if request.tricks < 2:
        raise GenerateError("with one trick to play every seat holds one card, so there is "
                            "nothing to choose: the shortest puzzle is --tricks 2 (the trick "
                            "being played and one more)", rule="puzzles")
    if request.tricks > rules.hand_size:
        raise GenerateError(f"{rules.name} hands have {rules.hand_size} cards, so at most "
                            f"--tricks {rules.hand_size}", rule="puzzles")
    if request.stock_unknown and not request.closed:
        raise GenerateError("--stock-unknown makes closed puzzles: add --closed", rule="puzzles")
    if request.count < 1 or request.max_winning < 1:
        raise GenerateError("--count and --max-winning must be at least 1", rule="puzzles")


def _candidate(request: Request, rules: Rules, rng: random.Random) -> Optional[DealFile]:
    """A seeded deal played by bots down to ``request.tricks`` tricks to go, as a deal file."""
    n = request.players
    dealt = deal(rules, n, rng.randrange(n), seed=rng.randrange(2**31))
    state = dealt.start()
    while state.phase in (UNDER_TEN, DECLARE):
        state = state.apply(_prelead(state, rng))
    bots = [BeginnerBot(rng.randrange(2**31)) if rng.random() < 0.7 else
            RandomBot(rng.randrange(2**31)) for _ in range(n)]
    while state.tricks_left > request.tricks:
        state = state.apply(_bot_card(bots, state))
    plays: List[Card] = []
    if request.mid_trick:
        for _ in range(rng.randrange(1, n)):
            card = _bot_card(bots, state)
            plays.append(card)
            state = state.apply(card)
    hands = [sorted(state.hand(s) + tuple(c for c in plays if _played_by(state, c) == s),
                    key=lambda c: c.index) for s in range(n)]
    if request.stock_unknown:
        played = tuple(move for _, move in state.history if isinstance(move, Card))
        decls = [(s, state.dry[s], state.wet[s]) for s in range(n) if state.dry[s] is not None]
        return DealFile(rules, dealt.hands, dealt.dealer, dealt.stock, None, (), tuple(decls),
                        played, (), True)
    if request.tricks == rules.hand_size:
        decls = [(s, state.dry[s], state.wet[s]) for s in range(n) if state.dry[s] is not None]
        prelead = rules.dry_wet or rules.under_ten or bool(plays)
        return DealFile(rules, tuple(map(tuple, hands)), dealt.dealer, (), None, (),
                        tuple(decls), tuple(plays), (), prelead)
    leader = state.leader
    decls = []
    for s in range(n):
        dry, wet = state.dry[s], state.wet[s]
        if dry is not None and dry in hands[s]:
            decls.append((s, dry, wet if wet is not None and wet in hands[s] else None))
    return DealFile(rules, tuple(map(tuple, hands)), dealt.dealer, (), leader, (),
                    tuple(decls), tuple(plays), (), bool(plays))


def _bot_card(bots: List[Any], state: HandState) -> Card:
    """The card the bot of the seat to move chooses (play phase only)."""
    seat = state.to_move
    assert seat is not None
    move = bots[seat].choose(state.view(seat))
    assert isinstance(move, Card)
    return move


def _played_by(state: HandState, card: Card) -> Optional[int]:
    for seat, move in state.history:
        if move is card:
            return seat
    return None


def _prelead(state: HandState, rng: random.Random) -> Any:
    """Under ten: keep the hand. Dry and wet: declare half the time, when allowed."""
    if state.phase == UNDER_TEN:
        return PASS
    offers = [m for m in state.legal_moves() if isinstance(m, Action) and m.card is not None]
    if offers and rng.random() < 0.5:
        return offers[rng.randrange(len(offers))]
    return PASS


def _puzzle(request: Request, position: DealFile, number: int) -> Optional[Generated]:
    state = position.state()
    seat = state.to_move
    if state.phase != PLAY or seat is None:
        return None
    judge = Judge(state, seat)
    if judge.guarantee(state) <= 0:
        return None  # most positions with many players: decide that quickly
    values = judge.card_values(state)
    goal = max(values.values())
    winning = sorted((c for c, v in values.items() if v == goal), key=lambda c: c.index)
    if goal <= 0 or len(winning) > request.max_winning or len(winning) == len(values):
        return None
    if request.defence and _threat(state, seat, values, goal) < request.defence:
        return None
    if request.closed and closed_cards(state, seat, goal) != winning:
        return None
    difficulty = measure(state, seat, goal, closed=request.closed)
    solution = solve(state)
    table = {
        "id": _ident(request, position, number),
        "title": f"Generated: {request.players} players, {request.tricks} tricks to go",
        "position": position.to_json(),
        "seat": seat,
        "goal": goal_words(state, seat, goal, judge),
        "points": goal,
        "band": difficulty.band,
        "rating": difficulty.rating,
        "open": not request.closed,
        "winning": format_cards(winning),
        "hint": hint_words(state, seat, judge),
        "explanation": explanation_words(solution, winning, goal),
        "themes": ["generated", "defence"] if request.defence else ["generated"],
    }
    puzzle, problems = check_puzzle(table)
    if puzzle is None:  # cannot happen: the generator and the loader agree; stay safe
        raise GenerateError(f"generated puzzle {table['id']} fails its checks: {problems}",
                            rule="puzzles")
    return Generated(table, difficulty)


def _threat(state: HandState, seat: int, values: Dict[Card, int], goal: int) -> int:
    """The most another seat can make sure of after one of ``seat``'s losing first cards."""
    most = 0
    for card, value in values.items():
        if value >= goal:
            continue
        after = state.apply(card)
        for other in range(state.players):
            if other != seat:
                most = max(most, Judge(after, other).guarantee(after))
    return most


def _ident(request: Request, position: DealFile, number: int) -> str:
    name = position.rules.name.replace("_", "")
    extra = (("b" if request.bonus and not request.dry_wet else "") + ("w" if request.dry_wet else "")
             + ("d" if request.defence else "") + ("u" if request.stock_unknown else ""))
    return f"gen-{name}{extra}-{request.players}p{request.tricks}t-s{request.seed}-{number}"[:40]

