"""deploy/z2jh/config.yaml, the Zero to JupyterHub values for a school district.

No Helm and no Kubernetes here, and the chart's own schema is not on PyPI, so its
structure is checked against the keys of the chart's values schema (the
``jupyterhub`` chart, version 4), written out below for every part the file uses:
Helm refuses a key the chart does not know in these objects ("additionalProperties:
false" there), so a misspelt one fails here as it would at ``helm install``. Then
what the file means: the app as each learner's page, the shared database, culling,
and resources sized from the numbers measured in docs/deploy.md.
"""

import os
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "deploy" / "z2jh" / "config.yaml"
DOCKERFILE = REPO / "deploy" / "z2jh" / "Dockerfile"

ANY: dict = {}
NULL_INT = {"type": ["integer", "null"]}
NULL_BOOL = {"type": ["boolean", "null"]}
STRINGS = {"type": "array", "items": {"type": "string"}}
ENV = {"type": ["object", "array"]}


def closed(*known, **typed):
    """An object of the chart that takes only these keys (``known``: any value)."""
    properties = {key: ANY for key in known}
    properties.update(typed)
    return {"type": "object", "additionalProperties": False, "properties": properties}


IMAGE = closed("pullPolicy", "pullSecrets", name={"type": "string"}, tag={"type": "string"})
NETWORK_POLICY = closed(
    "ingress", "interNamespaceAccessLabels", "allowedIngressPorts",
    enabled={"type": "boolean"}, egress={"type": "array"},
    egressAllowRules=closed("cloudMetadataServer", "dnsPortsCloudMetadataServer",
                            "dnsPortsKubeSystemNamespace", "dnsPortsPrivateIPs", "privateIPs",
                            nonPrivateIPs={"type": "boolean"}))
RESOURCE = {"type": ["number", "string", "null"]}

CHART = closed(
    "enabled", "fullnameOverride", "nameOverride", "imagePullSecret", "imagePullSecrets",
    "ingress", "httpRoute", "custom", "debug", "rbac", "global",
    hub=closed(
        "revisionHistoryLimit", "extraFiles", "baseUrl", "command", "args", "cookieSecret",
        "image", "networkPolicy", "db", "labels", "initContainers", "fsGid", "service", "pdb",
        "existingSecret", "nodeSelector", "tolerations", "activeServerLimit",
        "allowNamedServers", "annotations", "authenticatePrometheus",
        "consecutiveFailureLimit", "podSecurityContext", "containerSecurityContext",
        "deploymentStrategy", "extraContainers", "extraVolumeMounts", "extraVolumes",
        "livenessProbe", "readinessProbe", "namedServerLimitPerUser", "redirectToServer",
        "resources", "lifecycle", "services", "loadRoles", "shutdownOnLogout", "templatePaths",
        "templateVars", "serviceAccount", "extraPodSpec",
        # Traitlets configuration: class names (capitalised), each an object.
        config={"type": "object", "additionalProperties": False,
                "properties": {"JupyterHub": {"type": "object"}},
                "patternProperties": {"^[A-Z].*$": {"type": "object"}}},
        extraEnv=ENV,
        extraConfig={"type": "object", "additionalProperties": {"type": "string"}},
        concurrentSpawnLimit=NULL_INT),
    proxy=closed(
        "chp", "secretToken", "service", "traefik", "labels", "annotations",
        "deploymentStrategy", "secretSync",
        https=closed(
            "manual", "secret",
            enabled=NULL_BOOL,
            type={"enum": [None, "", "letsencrypt", "manual", "offload", "secret"]},
            letsencrypt=closed("acmeServer", contactEmail={"type": "string"}),
            hosts=STRINGS)),
    singleuser=closed(
        "podNameTemplate", "initContainers", "profileList", "extraFiles", "nodeSelector",
        "extraTolerations", "extraNodeAffinity", "extraPodAffinity", "extraPodAntiAffinity",
        "cloudMetadata", "events", "extraAnnotations", "extraContainers", "extraLabels",
        "extraPodConfig", "extraResource", "fsGid", "lifecycleHooks", "networkTools",
        "serviceAccountName", "allowPrivilegeEscalation", "uid",
        networkPolicy=NETWORK_POLICY,
        cpu=closed(limit={"type": ["number", "null"]}, guarantee={"type": ["number", "null"]}),
        memory=closed(limit=RESOURCE, guarantee=RESOURCE),
        image=IMAGE,
        extraEnv=ENV,
        cmd={"type": ["array", "string", "null"]},
        defaultUrl={"type": ["string", "null"]},
        startTimeout=NULL_INT,
        storage=closed("capacity", "dynamic", "extraLabels", "extraVolumeMounts",
                       "extraVolumes", "homeMountPath", "static",
                       type={"enum": ["dynamic", "static", "none"]})),
    scheduling=closed(
        "corePods", "userPods",
        userScheduler=closed(
            "revisionHistoryLimit", "replicas", "image", "pdb", "nodeSelector", "tolerations",
            "labels", "annotations", "containerSecurityContext", "logLevel", "plugins",
            "pluginConfig", "resources", "serviceAccount", "extraPodSpec",
            enabled={"type": "boolean"}),
        podPriority=closed("globalDefault", "defaultPriority", "imagePullerPriority",
                           "userPlaceholderPriority", enabled={"type": "boolean"}),
        userPlaceholder=closed("image", "revisionHistoryLimit", "labels", "annotations",
                               "resources", "containerSecurityContext", "extraPodSpec",
                               enabled={"type": "boolean"}, replicas={"type": "integer"})),
    prePuller=closed(
        "revisionHistoryLimit", "labels", "annotations", "resources", "extraTolerations",
        "hook", "pullProfileListImages", "extraImages", "containerSecurityContext", "pause",
        continuous=closed("serviceAccount", "daemonsetAnnotations", enabled={"type": "boolean"})),
    cull=closed(
        enabled={"type": "boolean"}, users=NULL_BOOL, adminUsers=NULL_BOOL,
        removeNamedServers=NULL_BOOL, timeout=NULL_INT, every=NULL_INT, concurrency=NULL_INT,
        maxAge=NULL_INT),
)


@pytest.fixture(scope="module")
def values():
    return yaml.safe_load(CONFIG.read_text())


def test_the_values_use_only_keys_the_chart_knows(values):
    jsonschema.validate(values, CHART)


@pytest.mark.parametrize("path, bad", [
    (("singleuser",), {"memmory": {"limit": "1G"}}),
    (("singleuser", "memory"), {"limits": "1G"}),
    (("cull",), {"timeout": "an hour"}),
    (("singleuser", "storage"), {"type": "nfs"}),
    ((), {"singleUser": {}}),
])
def test_a_misspelt_or_mistyped_key_is_refused(values, path, bad):
    """The check can fail: each of these would stop ``helm install``."""
    changed = yaml.safe_load(CONFIG.read_text())
    target = changed
    for key in path:
        target = target[key]
    target.update(bad)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(changed, CHART)


def test_each_learner_lands_in_the_app_with_the_apps_server_settings(values):
    singleuser = values["singleuser"]
    assert singleuser["defaultUrl"] == "/voila/render/app.ipynb"
    assert values["hub"]["config"]["Spawner"]["notebook_dir"] == "/srv/spar-tutor"
    command = singleuser["cmd"]
    assert command[0] == "jupyterhub-singleuser"
    config = next(a.split("=", 1)[1] for a in command if a.startswith("--config="))
    # The image puts deploy/jupyterhub/singleuser_config.py (no code from the browser, no
    # terminals, the app's kernel manager) where the command reads it, the notebooks where
    # the hub points, and runs as the chart's user (uid 1000).
    dockerfile = DOCKERFILE.read_text()
    assert f"cp /tmp/spar-tutor/deploy/jupyterhub/singleuser_config.py {Path(config).parent}/" \
        in dockerfile
    assert "'/srv/spar-tutor'" in dockerfile and "--uid 1000" in dockerfile
    assert f"--config={config}" in dockerfile  # the image run on its own does the same
    assert singleuser["image"]["tag"] == re.search(
        r'^version = "(.+)"', (REPO / "pyproject.toml").read_text(), re.M).group(1)


def test_progress_goes_to_the_shared_database_from_a_secret(values):
    hub = values["hub"]
    source = hub["extraEnv"]["SPAR_HUB_DATABASE_URL"]["valueFrom"]["secretKeyRef"]
    assert source == {"name": "spar-tutor-database", "key": "url"}
    # No disk per learner: everything is in the database.
    assert values["singleuser"]["storage"]["type"] == "none"
    # The learners' pods may reach PostgreSQL's port (the chart closes private addresses).
    assert {"port": 5432, "protocol": "TCP"} in [
        port for rule in values["singleuser"]["networkPolicy"]["egress"] for port in rule["ports"]]


class Config(dict):
    def __getattr__(self, name):
        return self.setdefault(name, Config())


def run_extra_config(values, env):
    c = Config()
    c.KubeSpawner["environment"] = {"FROM_EXTRA_ENV": "kept"}  # the chart's own, set first
    code = values["hub"]["extraConfig"]["spar-tutor"]
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        exec(compile(code, "hub.extraConfig.spar-tutor", "exec"), {"c": c})
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return c.KubeSpawner["environment"]


def test_the_hub_hands_each_learner_the_database_and_teachers_the_class_page(values):
    url = "postgresql+psycopg://spar:secret@postgres.example.org/spar"
    environment = run_extra_config(values, {"SPAR_HUB_DATABASE_URL": url})
    assert environment["SPAR_TUTOR_DATABASE_URL"] == url
    assert environment["FROM_EXTRA_ENV"] == "kept"
    admin = environment["SPAR_TUTOR_HUB_ADMIN"]
    teacher = type("Spawner", (), {"user": type("User", (), {"admin": True})()})()
    learner = type("Spawner", (), {"user": type("User", (), {"admin": False})()})()
    assert admin(teacher) == "1" and admin(learner) == ""
    assert values["hub"]["config"]["Authenticator"]["admin_users"]
    assert values["hub"]["config"]["JupyterHub"]["admin_access"] is False


def test_the_hub_refuses_to_start_without_the_database(values):
    with pytest.raises(SystemExit, match="spar-tutor-database"):
        run_extra_config(values, {})


def test_no_secret_is_written_in_the_file(values):
    text = CONFIG.read_text()
    assert "client_secret" not in values["hub"]["config"]["GoogleOAuthenticator"]
    assert "secretToken" not in text and "cookieSecret" not in text
    assert not re.search(r"postgresql\S*://[^:\s]+:(?!PASSWORD@)[^@\s]+@", text)


def test_idle_servers_are_stopped_and_kernels_culled_sooner(values):
    from spar_tutor.server import serve

    cull = values["cull"]
    assert cull["enabled"] is True
    # A server stopped after an hour unused; inside it, the app's kernel manager culls a
    # closed tab's kernel within minutes and an open page's after CULL_IDLE_TIMEOUT.
    assert cull["timeout"] > serve.CULL_IDLE_TIMEOUT > 20 * 60
    assert cull["every"] <= cull["timeout"] // 6
    assert "singleuser_config.py" in " ".join(values["singleuser"]["cmd"])


def measured(label):
    """A number from docs/deploy.md's table of measured sizes (first number in the row)."""
    for line in (REPO / "docs" / "deploy.md").read_text().splitlines():
        if line.startswith(f"| {label} |"):
            return float(re.search(r"\| ([\d.]+)", line[len(label) + 3:]).group(1))
    raise AssertionError(f"docs/deploy.md has no row '| {label} |'")


def megabytes(quantity):
    number, unit = re.fullmatch(r"([\d.]+)([KMG]i?)?", str(quantity)).groups()
    scale = {"K": 1e3, "M": 1e6, "G": 1e9, "Ki": 2 ** 10, "Mi": 2 ** 20, "Gi": 2 ** 30}
    return float(number) * scale.get(unit or "", 1) / 1e6


def test_resources_follow_the_measured_sizes(values):
    kernel = measured("a learner's app kernel, largest (MB)")
    server = measured("a learner's Jupyter server on the hub (MB)")
    per_core = measured("learners per core, clicks answered in time")
    memory, cpu = values["singleuser"]["memory"], values["singleuser"]["cpu"]
    # Guaranteed: the server and one tab's kernel; the limit: three tabs' kernels.
    assert server + kernel <= megabytes(memory["guarantee"]) <= server + 1.2 * kernel
    assert server + 3 * kernel <= megabytes(memory["limit"]) <= server + 4 * kernel
    assert cpu["guarantee"] == pytest.approx(1 / per_core, abs=0.005)
    assert cpu["limit"] >= 1
    # The room kept free for a class arriving at once.
    assert values["scheduling"]["userPlaceholder"]["replicas"] >= 30
