"""Test doubles used only by tests: a bot that plays its first legal move."""


class FirstLegalBot:
    """Plays the first legal move (passes on every offer); stands in for the solver's bots."""

    def __init__(self, spec="beginner", seed=0):
        self.spec = spec
        self.seed = seed
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        moves = list(view.legal_moves)
        for m in moves:
            if getattr(m, "kind", None) == "pass":
                return m
        return moves[0]


def first_legal_factory(spec, seed):
    return FirstLegalBot(spec, seed)
