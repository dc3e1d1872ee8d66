"""The lookahead solver: exact open-hand values, graded values, hints, bots."""
