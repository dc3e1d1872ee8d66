"""The serving side of the tutor: everything between a learner's browser and the app.

- ``serve``: ``spar-tutor serve``, Voila with the app's settings, and its command line;
- ``kernels``: the server's kernel manager (closed pages' kernels culled);
- ``classroom``: ``serve --database/--teacher-key`` and ``spar-tutor class report``;
- ``request``, ``warm``: inside a kernel, the page's address (also when Voila preheated
  it) and the work a preheated kernel does before anyone asks;
- ``jupyter/``: the Voila template the app is served with;
- ``tables/``: the shared tables' service (Play with classmates);
- ``moved``: the old import paths of these modules (``spar_tutor.serve``...), kept.

Nothing is imported here, so that ``import spar_tutor.server.serve`` stays light.
"""
