"""Shared tables: several learners, each at their own browser, play one match.

- ``table``: one table (who sits where, the engine's match through a
  :class:`~spar_tutor.session.GameSession`, bots for the away);
- ``seen``: what one seat may see, as data for its page, in its language;
- ``storage``: the tables' rows in the progress database, and bringing them back;
- ``service``: every table of a server and the calls learners and teachers make;
- ``web``: the service on HTTP (tornado), long polls for the pages; ``run``: its command;
- ``client``: inside a kernel, the calls to the service and the thread that waits for
  the table to change (standard library only).
- ``codes``: join codes and seat secrets.

The table's state lives in the service's process, never in a learner's kernel: a
kernel is sent only its own seat's view. Nothing is imported here.
"""
