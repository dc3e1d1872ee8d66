"""``deal``: the learner watches a deal packet by packet (``players``, ``dealer``,
``seed``, ``rules``), then answers ``ask``: who gets the first or the last card, leads or
may cut the pack before it (a seat; the cut needs rules with ``cut``), or how many cards
stay in the stock or go to each (from ``options``).
With ``predict = true`` the learner answers first and deals afterwards, to check: the
deal buttons wait for the first answer, so watching cannot give the answer away."""

from __future__ import annotations

from ...engine.errors import shown
from ...engine.deal import Deal, cutter, deal
from ...engine.rules import Rules
from ...engine.state import HandState
from ...render.deal import deal_html
from ..check import Found, rules_of, wrong_keys
from ..model import Step
from ..rungs import READ_AGAIN, answer_is
from ..steps import Answers, ChoiceRun, StepRun, Tool, step_players, viewer_of
from .base import StepKind, register
from ...i18n import N_, _

ASKS = ("leader", "first_card", "last_card", "cutter", "stock_size", "cards_each")
#: The asks answered with a seat (the others with one of the options).
SEAT_ASKS = ("leader", "first_card", "last_card", "cutter")


def check(step: Step, found: Found) -> None:
    """The answer is what ``deal()`` and ``HandState`` give."""
    ex = step.extra
    rules = rules_of(step)
    players, dealer = ex.get("players", 3), ex.get("dealer", 0)
    d = deal(rules, players, dealer, seed=ex.get("seed", 0))
    truth = {"leader": HandState.new(rules, d.hands, dealer, stock=d.stock).leader,
             "first_card": d.steps[0].seat, "last_card": d.steps[-1].seat,
             "cutter": cutter(players, dealer),
             "stock_size": len(d.stock), "cards_each": rules.hand_size}
    ask = ex.get("ask")
    if not isinstance(ex.get("predict", False), bool):
        found.append(("predict", f"'predict' must be true or false, not {shown(ex['predict'])}"))
    if ask not in ASKS:
        found.append(("ask", f"'ask' must be one of {', '.join(ASKS)}, not {shown(ask)}"))
        return
    if ask == "cutter" and not rules.cut:
        found.append(("rules", f"nobody cuts in {rules.name}: choose rules with 'cut' on"))
    if step.answer != truth[ask]:
        found.append(("answer", f"the answer to {ask} is {truth[ask]}, not {shown(step.answer)}"))
    seat_ask = ask in SEAT_ASKS
    choices = {str(s) for s in range(players)} if seat_ask else {str(o) for o in step.options}
    if not seat_ask and str(step.answer) not in choices:
        found.append(("options", "the options must include the answer"))
    wrong_keys(step, found, choices, {str(step.answer)})


class DealRun(ChoiceRun):
    """A deal replayed packet by packet, then a question about it."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        ex = step.extra
        self.rules = Rules.from_json(ex.get("rules", "standard"))
        self.deal: Deal = deal(self.rules, ex.get("players", 3), ex.get("dealer", 0),
                               seed=ex.get("seed", 0))
        self.packets = len(self.deal.packets())
        self.shown = 0  # packets dealt so far
        self.predict = ex.get("predict", False) is True

    def deal_packet(self) -> None:
        """Deal the next packet (all the cards one seat gets in one go round)."""
        if not self.waiting:
            self.shown = min(self.shown + 1, self.packets)

    def deal_all(self) -> None:
        if not self.waiting:
            self.shown = self.packets

    @property
    def dealt_all(self) -> bool:
        return self.shown == self.packets

    @property
    def waiting(self) -> bool:
        """Whether the deal waits for the learner's first answer (``predict``)."""
        return self.predict and self.tries == 0

    def picture(self) -> str:
        """The app's deal picture after the packets dealt so far, every hand face up."""
        return deal_html(self.deal, self.shown, step_players(self.deal, self.step),
                         viewer_of(self.step), open_hands=True)

    def answers(self) -> Answers:
        step = self.step
        if step.extra.get("ask") in SEAT_ASKS:
            choices = tuple((step.name(s), s) for s in range(self.deal.players))
        else:
            choices = tuple((str(o), o) for o in step.options)
        shut = self.dealt_all or self.waiting
        return Answers(choices=choices, tools=(
            Tool(_("Deal a packet"), self.deal_packet, disabled=shut),
            Tool(_("Deal them all"), self.deal_all, disabled=shut)))


#: The nudge for each question about a deal.
NUDGES = {"leader": N_("Where does the dealer sit? Who comes next in the order of play?"),
          "first_card": N_("Who sits just after the dealer, in the order of play?"),
          "last_card": N_("In each round of the deal, who gets their packet last?"),
          "cutter": N_("Find the dealer first. Which of the dealer's neighbours may cut the "
                       "pack?"),
          "stock_size": N_("How many cards does each player get, and how many are in the "
                           "pack?"),
          "cards_each": N_("How many packets does each player get, and how many cards are "
                           "in each?")}


def nudge(live: StepRun) -> str:
    """What to count or look for in the deal."""
    ask = live.step.extra.get("ask")
    return _(NUDGES[ask]) if ask in NUDGES else _(READ_AGAIN)


def answer(live: StepRun) -> str:
    """The seat or the number, with the step's reason."""
    step = live.step
    if step.extra.get("ask") in SEAT_ASKS:
        return answer_is(live, step.name(int(step.answer)))
    return answer_is(live, str(step.answer))


register(StepKind("deal", question=True, nudge=nudge, answer=answer,
                  keys=frozenset({"players", "dealer", "seed", "rules", "ask", "predict"}),
                  check=check, run=DealRun))
