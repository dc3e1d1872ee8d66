"""A learner's single-user Jupyter server on the spar-tutor hub (see jupyterhub_config.py).

The app is served by the Voila server extension; these settings keep the server
to what a learner needs.
"""

c = get_config()  # noqa: F821 (Jupyter provides it)

# Voila shows no code and no tracebacks, in the app's light theme.
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.theme = "light"

# The browser may talk to widgets, never run code: the same message types Voila
# itself allows when it runs on its own (voila/app.py), for every kernel here.
c.MappingKernelManager.allowed_message_types = [
    "comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
    "shutdown_request",
]
c.MappingKernelManager.allow_tracebacks = False

# Kernels as spar-tutor serve runs them (spar_tutor/server/kernels.py): a closed tab's kernel
# is shut down within minutes, an open page keeps its kernel while the learner reads.
from spar_tutor.server import serve  # noqa: E402 (the standard library only)

c.ServerApp.kernel_manager_class = serve.KERNEL_MANAGER
c.ClassroomKernelManager.cull_disconnected_timeout = serve.CULL_DISCONNECTED_TIMEOUT
c.MappingKernelManager.cull_idle_timeout = serve.CULL_IDLE_TIMEOUT
c.MappingKernelManager.cull_interval = serve.CULL_INTERVAL
c.MappingKernelManager.cull_connected = True

# The app's page (serve.TEMPLATE): Voila's lab page without the stylesheets it would
# fetch from the internet, found on JUPYTER_PATH (set before Voila looks for templates).
import os  # noqa: E402

serve.with_jupyter_data(os.environ)  # type: ignore[arg-type]
c.VoilaConfiguration.template = serve.TEMPLATE

# No terminals for learners.
c.ServerApp.terminals_enabled = False
