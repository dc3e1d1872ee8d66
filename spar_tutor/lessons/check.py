"""Checking a step against the engine and the solver when a lesson loads.

``check_step(step)`` returns ``(key, what)`` pairs: the key of the step the
problem is about (for the line number) and what is wrong, in words.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from ..engine.cards import Card, parse_card
from ..engine.deal import deal
from ..engine.errors import SparError
from ..engine.rules import Rules
from ..engine.state import DECLARE, PLAY, Action, HandState, parse_move, trick_winner
from . import search
from .model import Step
from .odds import check_odds

Found = List[Tuple[Optional[str], str]]

ASKS = ("leader", "first_card", "last_card", "stock_size", "cards_each")
PICK_RULES = ("highest", "lowest", "not_in_pack", "in_pack")
FACTS = ("deck_size", "hand_size", "max_players", "min_players", "max_hand_score", "target",
         "direction", "stock_size", "shuffle_period", "under_ten_hand")


def check_step(step: Step) -> Found:
    """Everything wrong with one step (empty if it is sound)."""
    found: Found = []
    if step.kind == "explain":
        if not step.text:
            found.append(("text", "an explain step needs 'text'"))
    else:
        for key in ("prompt", "hint", "right"):
            if not getattr(step, key):
                found.append((key, f"a {step.kind} step needs '{key}'"))
    for text in step.cards:
        try:
            parse_card(text)
        except SparError as e:
            found.append(("cards", f"cards: {e.reason}"))
    if step.cards and step.position is not None:
        held = {c for h in step.state().hands for c in h}
        both = [t for t in step.cards if parse_card(t) in held] if not found else []
        if both:
            found.append(("cards", f"{' '.join(both)} shown as played but held in a hand"))
    try:
        CHECKS[step.kind](step, found)
    except SparError as e:
        found.append((None, f"{e.reason}" + (f" (rule: {e.rule})" if e.rule else "")))
    return found


def _rules(step: Step) -> Rules:
    value = step.extra.get("rules", "standard")
    return Rules.from_json(value)


def _need_position(step: Step, found: Found) -> Optional[HandState]:
    if step.position is None:
        found.append(("position", f"a {step.kind} step needs a 'position'"))
        return None
    state = step.state()
    if step.seat is not None and not (isinstance(step.seat, int) and 0 <= step.seat < state.players):
        found.append(("seat", f"'seat' must be a seat from 0 to {state.players - 1}"))
        return None
    return state


def _learner_to_move(step: Step, state: HandState, phase: str, found: Found) -> bool:
    if state.phase != phase:
        found.append(("position", f"the position must be in the {phase} phase, not {state.phase}"))
        return False
    if step.seat is None:
        step.seat = state.to_move
    elif step.seat != state.to_move:
        found.append(("seat", f"seat {step.seat} is the learner but seat {state.to_move} is to move"))
        return False
    return True


def _wrong_keys(step: Step, found: Found, allowed: Set[str], right: Set[str]) -> None:
    for key in step.wrong:
        if key in right:
            found.append(("wrong", f"feedback under 'wrong' for {key!r}, which is a right answer"))
        elif key not in allowed and key != "other":
            found.append(("wrong", f"'wrong' has {key!r}, which the learner cannot choose "
                                   f"(choices: {', '.join(sorted(allowed))})"))


def _cards(values: Any, key: str, found: Found) -> List[Card]:
    items = [values] if isinstance(values, str) else list(values or ())
    out = []
    for v in items:
        try:
            out.append(parse_card(str(v)))
        except SparError as e:
            found.append((key, f"{key}: {e.reason}"))
    return out


def _explain(step: Step, found: Found) -> None:
    if step.position is not None:
        step.state()


def _deal(step: Step, found: Found) -> None:
    ex = step.extra
    rules = _rules(step)
    players, dealer = ex.get("players", 3), ex.get("dealer", 0)
    d = deal(rules, players, dealer, seed=ex.get("seed", 0))
    truth = {"leader": HandState.new(rules, d.hands, dealer, stock=d.stock).leader,
             "first_card": d.steps[0].seat, "last_card": d.steps[-1].seat,
             "stock_size": len(d.stock), "cards_each": rules.hand_size}
    ask = ex.get("ask")
    if ask not in ASKS:
        found.append(("ask", f"'ask' must be one of {', '.join(ASKS)}, not {ask!r}"))
        return
    if step.answer != truth[ask]:
        found.append(("answer", f"the answer to {ask} is {truth[ask]}, not {step.answer!r}"))
    seat_ask = ask in ("leader", "first_card", "last_card")
    choices = {str(s) for s in range(players)} if seat_ask else {str(o) for o in step.options}
    if not seat_ask and str(step.answer) not in choices:
        found.append(("options", "the options must include the answer"))
    _wrong_keys(step, found, choices, {str(step.answer)})


def _pick_from(step: Step, found: Found) -> None:
    rules = _rules(step)
    cards = _cards(step.cards, "cards", found)
    rule = step.extra.get("rule")
    if rule not in PICK_RULES:
        found.append(("rule", f"'rule' must be one of {', '.join(PICK_RULES)}, not {rule!r}"))
        return
    if rule in ("highest", "lowest"):
        if len({c.suit for c in cards}) != 1:
            found.append(("cards", f"'{rule}' compares ranks, so the cards must be of one suit"))
            return
        pick = max if rule == "highest" else min
        truth = {pick(cards, key=lambda c: c.rank)}
    else:
        inside = {c for c in cards if rules.deck_mask & c.bit}
        truth = inside if rule == "in_pack" else set(cards) - inside
    answer = set(_cards(step.answer, "answer", found))
    if answer != truth:
        found.append(("answer", f"the {rule.replace('_', ' ')} cards are "
                                f"{' '.join(sorted(map(str, truth))) or 'none'}, not "
                                f"{' '.join(sorted(map(str, answer))) or 'none'}"))
    _wrong_keys(step, found, {str(c) for c in cards}, {str(c) for c in truth})


def _choice(step: Step, found: Found) -> None:
    options = [str(o) for o in step.options]
    if len(options) < 2:
        found.append(("options", "a choice step needs at least two 'options'"))
    if str(step.answer) not in options:
        found.append(("answer", f"the answer {step.answer!r} is not one of the options"))
    fact = step.extra.get("fact")
    if fact is not None:
        if fact not in FACTS:
            found.append(("fact", f"'fact' must be one of {', '.join(FACTS)}, not {fact!r}"))
            return
        rules = _rules(step)
        if fact == "under_ten_hand":
            eligible = [o for o in options if all(c.rank <= 9 for c in _cards(o.split(), "options", found))]
            if eligible != [str(step.answer)]:
                found.append(("answer", f"the under-ten hands among the options are {eligible}"))
            value: Any = step.answer
        elif fact == "shuffle_period":
            value = rules.shuffle_period(step.extra.get("players", 2))
        elif fact == "stock_size":
            value = rules.deck_size - rules.hand_size * step.extra.get("players", 2)
        elif fact == "max_hand_score":
            value = rules.max_hand_score()
        else:
            value = getattr(rules, fact)
        if str(value) != str(step.answer):
            found.append(("answer", f"the engine says {fact} of {rules.name} is {value}, "
                                    f"not {step.answer!r}"))
    _wrong_keys(step, found, set(options), {str(step.answer)})


def _pick_card(step: Step, found: Found) -> None:
    state = _need_position(step, found)
    if state is None or not _learner_to_move(step, state, PLAY, found):
        return
    goal = step.extra.get("goal", "legal")
    hand = {str(c) for c in state.hand(step.learner)}
    legal = {str(c) for c in state.legal_cards()}
    if goal in ("legal", "all_legal"):
        right = legal
        if legal == hand and goal == "legal":
            found.append(("position", "every card is legal here, so there is nothing to learn"))
    elif goal == "win":
        if len(state.current_trick) != state.players - 1:
            found.append(("position", "a 'win' question needs the learner to play last to the trick"))
            return
        right = {c for c in legal if trick_winner(state.rules, state.leader, state.current_trick
                                                  + (parse_card(c),), state.players) == step.seat}
        answer = {str(c) for c in _cards(step.answer, "answer", found)}
        if answer != right:
            found.append(("answer", f"the cards that win this trick are "
                                    f"{' '.join(sorted(right)) or 'none'}, not {' '.join(sorted(answer))}"))
    elif goal in ("best", "card"):
        answer = {str(c) for c in _cards(step.answer, "answer", found)}
        for c in sorted(answer - legal):
            found.append(("answer", f"{c} cannot be played here: {state.explain_illegal(parse_card(c))}"))
        if goal == "best" and answer <= legal:
            best, value = search.best_moves(state, step.learner)
            best_set = {str(c) for c in best}
            if answer != best_set:
                found.append(("answer", f"the solver's best cards are {' '.join(sorted(best_set))} "
                                        f"(guaranteeing {value} points), not {' '.join(sorted(answer))}"))
            if best_set == legal:
                found.append(("answer", "every legal card is equally good: not a 'best card' question"))
        right = answer
    else:
        found.append(("goal", f"'goal' must be legal, all_legal, win, best or card, not {goal!r}"))
        return
    _wrong_keys(step, found, hand | {"illegal", "legal"}, right)


def _trick(step: Step, found: Found) -> None:
    state = _need_position(step, found)
    if state is None:
        return
    if state.current_trick or not state.tricks:
        found.append(("position", "a trick step shows a finished trick: the plays must end one"))
        return
    winner = state.tricks[-1].winner
    if step.answer != winner:
        found.append(("answer", f"seat {winner} wins that trick, not {step.answer!r}"))
    seats = {str(s) for s in range(state.players)}
    _wrong_keys(step, found, seats | {"off_suit", "lower"}, {str(winner)})


def _points(step: Step, found: Found) -> None:
    state = _need_position(step, found)
    if state is None:
        return
    if state.result is None:
        found.append(("position", "a points step needs a finished hand: play every card"))
        return
    result = state.result
    who = step.extra.get("who")
    got = max(result.points, key=abs) if who is None else result.points[who]
    if step.answer != got:
        whose = "this hand" if who is None else f"seat {who}"
        found.append(("answer", f"the engine scores {whose} {got} ({result.reason}), "
                                f"not {step.answer!r}"))
    options = {str(o) for o in step.options}
    if str(step.answer) not in options:
        found.append(("options", "the options must include the answer"))
    _wrong_keys(step, found, options, {str(step.answer)})


def _declare(step: Step, found: Found) -> None:
    state = _need_position(step, found)
    if state is None or not _learner_to_move(step, state, DECLARE, found):
        return
    goal = step.extra.get("goal")
    seat = step.learner
    hand = {str(c) for c in state.hand(seat)}
    if goal == "allowed":
        truth = {str(m.card) for m in state.legal_moves() if isinstance(m, Action) and m.card}
        answer = {str(c) for c in _cards(step.answer, "answer", found)}
        if answer != truth:
            found.append(("answer", f"the cards that may be declared are {' '.join(sorted(truth))}, "
                                    f"not {' '.join(sorted(answer))}"))
        _wrong_keys(step, found, hand, truth)
    elif goal == "declare":
        moves = [parse_move(str(m)) for m in (step.answer or ())]
        if not moves:
            found.append(("answer", "'answer' lists the declarations to make, e.g. [\"dry 6S\"]"))
        for move in moves:
            while state.to_move != seat and state.phase == DECLARE:
                state = state.apply(parse_move("pass"))
            why = state.explain_illegal(move)
            if why:
                found.append(("answer", f"{move} is not allowed: {why}"))
                return
            state = state.apply(move)
        _wrong_keys(step, found, hand, set())
    elif goal == "wise":
        options = [parse_move(str(o)) for o in step.options]
        if len(options) < 2:
            found.append(("options", "a wise question needs at least two options"))
            return
        values = search.move_values(state, seat)
        for o in options:
            if o not in values:
                found.append(("options", f"{o} is not allowed here: {state.explain_illegal(o)}"))
                return
        chosen = parse_move(str(step.answer))
        best = max(values[o] for o in options)
        if chosen not in options or values[chosen] != best or sum(values[o] == best for o in options) > 1:
            words = ", ".join(f"{o}: {values[o]}" for o in options)
            found.append(("answer", f"the solver's guaranteed points are {words}; "
                                    f"{step.answer!r} is not the one best option"))
        _wrong_keys(step, found, {str(o) for o in options}, {str(chosen)})
    else:
        found.append(("goal", f"'goal' must be allowed, declare or wise, not {goal!r}"))


def _play(step: Step, found: Found) -> None:
    state = _need_position(step, found)
    if state is None:
        return
    if state.phase != PLAY:
        found.append(("position", "a play step starts in the play phase"))
        return
    if step.seat is None:
        found.append(("seat", "a play step needs the learner's 'seat'"))
        return
    goal = step.extra.get("goal", 1)
    if not isinstance(goal, int) or goal < 1:
        found.append(("goal", "'goal' is the points to score, a whole number of 1 or more"))
        return
    sure = search.guaranteed(state, step.seat)
    if sure < goal:
        found.append(("goal", f"with best play the learner is sure of {sure} points, "
                              f"so a goal of {goal} cannot be promised"))
    _wrong_keys(step, found, {"lost"}, set())


def _odds(step: Step, found: Found) -> None:
    state = _need_position(step, found)
    if state is None or not _learner_to_move(step, state, DECLARE, found):
        return
    check_odds(step, state, found)
    _wrong_keys(step, found, {str(o) for o in step.options}, {str(step.answer)})


CHECKS: Dict[str, Callable[[Step, Found], None]] = {
    "explain": _explain, "deal": _deal, "pick_from": _pick_from, "choice": _choice,
    "pick_card": _pick_card, "trick": _trick, "points": _points, "declare": _declare,
    "play": _play, "odds": _odds,
}
