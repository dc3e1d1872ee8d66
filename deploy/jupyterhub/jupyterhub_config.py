"""JupyterHub for spar-tutor: every learner signs in and lands in the app, served by Voila.

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Each learner gets their own single-user Jupyter server (with their own kernels
and their own ~/.spar-tutor progress); the Voila server extension shows the app
at /user/<name>/voila/render/app.ipynb, where they land after signing in. The
single-user servers read deploy/jupyterhub/singleuser_config.py (no terminals,
no code run from the browser, no tracebacks). See docs/deploy.md.

Settings come from environment variables, so the same file serves a test on
loopback and a school:

  SPAR_HUB_IP, SPAR_HUB_PORT     where learners connect (127.0.0.1, 8000)
  SPAR_HUB_API_PORT              the proxy's API port on 127.0.0.1 (8001)
  SPAR_HUB_INTERNAL_PORT         the hub's own port on 127.0.0.1 (8081)
  SPAR_HUB_STATE                 folder for the hub's database and secrets (.)
  SPAR_HUB_AUTH                  dummy (any name, any password: tests only),
                                 shared-password (one class password, set
                                 SPAR_HUB_PASSWORD, 8 characters or more), pam
                                 (the machine's own accounts)
  SPAR_HUB_SPAWNER               local (one system account per learner) or
                                 simple (every learner runs as the hub's own
                                 account: tests only)
  SPAR_HUB_HOMES                 with simple: the folder of the learners' home
                                 folders (/tmp)
  SPAR_HUB_DATABASE_URL          the progress database every learner's server shares,
                                 so that the Class page sees the whole class: a
                                 PostgreSQL server, such as
                                 postgresql+psycopg://spar:PASSWORD@127.0.0.1/spar
                                 (pip install 'spar-tutor[postgresql]'). Unset: each
                                 learner's progress stays in their own home folder
                                 (SQLite), and the Class page sees only its own.
  SPAR_HUB_ADMINS                hub admins, comma-separated (the teachers): they
                                 see the Class page (?page=class) in the app
  SPAR_HUB_TABLES                on (the default) or off: the shared tables' service
                                 (Play with classmates), a hub-managed service named
                                 spar-tables, which keeps its tables in the shared
                                 database (without one, in $SPAR_HUB_STATE/tables)
  SPAR_HUB_TABLES_IP, SPAR_HUB_TABLES_PORT
                                 where that service listens (127.0.0.1, 8002)
  SPAR_HUB_TABLES_URL            how the learners' servers reach it (default
                                 http://<its ip>:<its port>/services/spar-tables/; set it
                                 when their servers run on other machines)
"""

import os
import shutil
import sys
from pathlib import Path

from spar_tutor.resources import notebooks_dir

c = get_config()  # noqa: F821 (JupyterHub provides it)

HERE = Path(__file__).resolve().parent
state = Path(os.environ.get("SPAR_HUB_STATE", ".")).resolve()
state.mkdir(parents=True, exist_ok=True)

c.JupyterHub.ip = os.environ.get("SPAR_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("SPAR_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("SPAR_HUB_INTERNAL_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('SPAR_HUB_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops the learners' servers

# -- who may sign in -------------------------------------------------------------
auth = os.environ.get("SPAR_HUB_AUTH", "shared-password")
if auth == "dummy":
    c.JupyterHub.authenticator_class = "dummy"
elif auth == "shared-password":
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ["SPAR_HUB_PASSWORD"]
    c.Authenticator.allow_all = True
else:
    c.JupyterHub.authenticator_class = "pam"
    c.Authenticator.allow_all = True
# Learner names become folder names and URL parts: keep them plain.
c.Authenticator.username_pattern = r"^[a-z0-9][a-z0-9_-]{0,31}$"
c.Authenticator.admin_users = {name.strip() for name in
                               os.environ.get("SPAR_HUB_ADMINS", "").split(",") if name.strip()}

# -- each learner's server -------------------------------------------------------
spawner = os.environ.get("SPAR_HUB_SPAWNER", "local")
c.JupyterHub.spawner_class = "simple" if spawner == "simple" else "localprocess"
# The learners' servers run in the hub's own Python environment (where spar-tutor and its
# database driver are installed), even when that environment is not first on PATH.
beside = Path(sys.executable).parent / "jupyterhub-singleuser"
c.Spawner.cmd = [str(beside) if beside.exists() else
                 shutil.which("jupyterhub-singleuser") or "jupyterhub-singleuser"]
c.Spawner.notebook_dir = str(notebooks_dir())
c.Spawner.default_url = "/voila/render/app.ipynb"
c.Spawner.args = [f"--config={HERE / 'singleuser_config.py'}"]
if spawner == "simple":
    c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(
        os.environ.get("SPAR_HUB_HOMES", "/tmp"), "{username}")
    if os.getuid() == 0:
        c.Spawner.args.append("--allow-root")  # a test container runs everything as root
c.Spawner.env_keep = ["PATH", "PYTHONPATH", "VIRTUAL_ENV", "LANG", "LC_ALL"]

# -- the class's progress ---------------------------------------------------------
# One database for every learner's server, and the Class page for the hub's admins
# (spar_tutor.app.teacher): the hub says which servers are an admin's; learners can
# neither run code nor set variables in theirs.
database = os.environ.get("SPAR_HUB_DATABASE_URL", "").strip()
environment = {"SPAR_TUTOR_HUB_ADMIN": lambda spawner: "1" if spawner.user.admin else ""}
if database:
    environment["SPAR_TUTOR_DATABASE_URL"] = database
else:
    print("spar-tutor hub: SPAR_HUB_DATABASE_URL is not set: each learner's progress stays in "
          "their own home folder, and the Class page shows only its own", file=sys.stderr)

# -- the shared tables (Play with classmates) ----------------------------------------------
# One table service for the whole hub, so that learners on any server share tables: it
# keeps each table's state and every hand (the learners' kernels get only their own seat's
# view), knows the learners by their hub tokens and the teachers as the hub's admins, and
# keeps the tables in the shared database, so a restarted hub brings them back.
if os.environ.get("SPAR_HUB_TABLES", "on").strip().lower() not in ("off", "0", "no"):
    tables_ip = os.environ.get("SPAR_HUB_TABLES_IP", "127.0.0.1")
    tables_port = int(os.environ.get("SPAR_HUB_TABLES_PORT", "8002"))
    reach = "127.0.0.1" if tables_ip in ("", "0.0.0.0", "::") else tables_ip
    tables_env = ({"SPAR_TUTOR_DATABASE_URL": database} if database
                  else {"SPAR_TUTOR_HOME": str(state / "tables")})
    c.JupyterHub.services = [{
        "name": "spar-tables",
        "url": f"http://{tables_ip}:{tables_port}",
        # --parent: it stops with the hub, even a hub killed with kill -9
        "command": [sys.executable, "-m", "spar_tutor.server.tables", "--hub",
                    "--parent", str(os.getpid())],
        "environment": tables_env,
        "display": False,
    }]
    # The service asks the hub whose token a request carries, and whether they are an admin.
    c.JupyterHub.load_roles = [{"name": "spar-tables", "scopes": ["read:users:name"],
                                "services": ["spar-tables"]}]
    environment["SPAR_TUTOR_TABLES_URL"] = os.environ.get(
        "SPAR_HUB_TABLES_URL", f"http://{reach}:{tables_port}/services/spar-tables/")
c.Spawner.environment = environment
c.Spawner.mem_limit = "1G"  # enforced only by spawners that can (containers)
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.debug = bool(os.environ.get("SPAR_HUB_DEBUG"))
print(f"spar-tutor hub: auth={auth} spawner={spawner} python={sys.executable} "
      f"database={'shared' if database else 'per learner'}", file=sys.stderr)
