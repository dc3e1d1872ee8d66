"""The rules of Spar and its relatives: cards, rules options and presets, deals,
hand states, what one seat may see, matches, deal files and errors.

Standard library only: nothing here imports a widget, a chart or the solver.
"""
