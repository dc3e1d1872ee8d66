"""The deployment files agree with the package: Binder's requirements, the hub's configs."""

import re
import runpy
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _names(requirements):
    return {re.split(r"[<>=!\[ ]", line.strip())[0].lower() for line in requirements
            if line.strip() and not line.startswith("#")}


def test_binder_installs_every_runtime_dependency_then_the_package():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    wanted = _names(project["dependencies"])
    assert _names((REPO / "binder" / "requirements.txt").read_text().splitlines()) == wanted
    assert "pip install --no-deps" in (REPO / "binder" / "postBuild").read_text()
    assert "voila/render/notebooks/app.ipynb" in (REPO / "binder" / "requirements.txt").read_text()


class Config(dict):
    """Enough of traitlets' config object for the config files: c.Section.name = value."""

    def __getattr__(self, name):
        return self.setdefault(name, Config())

    def __setattr__(self, name, value):
        self[name] = value


def load_config(path, env, monkeypatch):
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    c = Config()
    runpy.run_path(str(path), init_globals={"get_config": lambda: c})
    return c


def test_hub_config_lands_learners_in_the_app(monkeypatch, tmp_path):
    c = load_config(REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py",
                    {"SPAR_HUB_STATE": str(tmp_path), "SPAR_HUB_PASSWORD": "class-password"},
                    monkeypatch)
    assert c.Spawner.default_url == "/voila/render/app.ipynb"
    assert Path(c.Spawner.notebook_dir, "app.ipynb").is_file()
    assert c.JupyterHub.authenticator_class == "shared-password"
    assert c.JupyterHub.spawner_class == "localprocess"
    assert c.JupyterHub.ip == "127.0.0.1"
    assert any("singleuser_config.py" in a for a in c.Spawner.args)


def test_hub_shares_one_progress_database_and_tells_admins_apart(monkeypatch, tmp_path):
    url = "postgresql+psycopg://spar:secret@127.0.0.1:5432/spar"
    c = load_config(REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py",
                    {"SPAR_HUB_STATE": str(tmp_path), "SPAR_HUB_PASSWORD": "class-password",
                     "SPAR_HUB_DATABASE_URL": url, "SPAR_HUB_ADMINS": "mrs-owusu, mr-mensah"},
                    monkeypatch)
    assert c.Spawner.environment["SPAR_TUTOR_DATABASE_URL"] == url
    assert c.Authenticator.admin_users == {"mrs-owusu", "mr-mensah"}
    admin = c.Spawner.environment["SPAR_TUTOR_HUB_ADMIN"]

    class Spawner:  # what JupyterHub calls the environment's callables with
        def __init__(self, is_admin):
            self.user = type("User", (), {"admin": is_admin})()

    assert admin(Spawner(True)) == "1" and admin(Spawner(False)) == ""


def test_learners_servers_refuse_code_and_terminals(monkeypatch):
    c = load_config(REPO / "deploy" / "jupyterhub" / "singleuser_config.py", {}, monkeypatch)
    assert "execute_request" not in c.MappingKernelManager.allowed_message_types
    assert "comm_msg" in c.MappingKernelManager.allowed_message_types
    assert c.ServerApp.terminals_enabled is False
    assert c.VoilaConfiguration.show_tracebacks is False
    assert c.VoilaConfiguration.strip_sources is True


def test_learners_servers_cull_kernels_as_spar_tutor_serve_does(monkeypatch):
    from spar_tutor.server import serve

    c = load_config(REPO / "deploy" / "jupyterhub" / "singleuser_config.py", {}, monkeypatch)
    assert c.ServerApp.kernel_manager_class == serve.KERNEL_MANAGER == \
        "spar_tutor.server.kernels.ClassroomKernelManager"
    assert c.ClassroomKernelManager.cull_disconnected_timeout == serve.CULL_DISCONNECTED_TIMEOUT
    assert c.MappingKernelManager.cull_idle_timeout == serve.CULL_IDLE_TIMEOUT
    assert c.MappingKernelManager.cull_connected is True


def test_hub_runs_the_table_service_for_every_learner(monkeypatch, tmp_path):
    url = "postgresql+psycopg://spar:secret@127.0.0.1:5432/spar"
    c = load_config(REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py",
                    {"SPAR_HUB_STATE": str(tmp_path), "SPAR_HUB_PASSWORD": "class-password",
                     "SPAR_HUB_DATABASE_URL": url, "SPAR_HUB_TABLES_PORT": "9123"}, monkeypatch)
    (service,) = c.JupyterHub.services
    assert service["name"] == "spar-tables" and service["url"] == "http://127.0.0.1:9123"
    assert service["command"][1:4] == ["-m", "spar_tutor.server.tables", "--hub"]
    assert service["environment"] == {"SPAR_TUTOR_DATABASE_URL": url}  # the shared database
    (role,) = c.JupyterHub.load_roles
    assert role["services"] == ["spar-tables"] and role["scopes"] == ["read:users:name"]
    assert c.Spawner.environment["SPAR_TUTOR_TABLES_URL"] == \
        "http://127.0.0.1:9123/services/spar-tables/"
    monkeypatch.delenv("SPAR_HUB_DATABASE_URL")
    monkeypatch.setenv("SPAR_HUB_TABLES", "off")
    c = load_config(REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py", {}, monkeypatch)
    assert "services" not in c.JupyterHub
    assert "SPAR_TUTOR_TABLES_URL" not in c.Spawner.environment
