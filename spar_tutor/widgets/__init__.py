"""ipywidgets views over a :class:`spar_tutor.session.GameSession`."""
