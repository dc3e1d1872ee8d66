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

# Close the kernels of closed tabs, as spar-tutor serve does.
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60

# No terminals for learners.
c.ServerApp.terminals_enabled = False
