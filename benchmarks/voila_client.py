"""A Voila page without a browser: fetch the page, then talk to its kernel's widgets.

This is what Voila's JavaScript does for a learner's tab, minus drawing: get
the rendered page (the server starts a kernel and runs the notebook), open the
kernel's websocket, ask the widget manager for every widget's state
(``jupyter.widget.control`` / ``request_states``), then send button clicks as
widget ``custom`` messages and follow the ``update`` messages that come back.

It speaks the websocket protocol the browser speaks: Voila's page (JupyterLab's
``@jupyterlab/services``) asks for ``v1.kernel.websocket.jupyter.org``, in which
the server passes the kernel's messages through as binary frames without
decoding them; the older JSON protocol makes the server decode and re-encode
every message, work a real class never causes. The server cannot tell this
client from a browser tab, and it costs little, so thirty of them measure the
server, not the machine's browsers.

Like a browser, it answers the server's pings (Jupyter's server pings every
30 s and drops a socket whose pong is 90 s late): a thread of each session reads
its socket every few seconds while nobody else does, so a learner waiting
for the rest of the class keeps their connection.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request
import uuid
from typing import Any, Callable, Dict, List, Optional, Tuple

import websocket  # websocket-client, a dependency of jupyter_server

CONTROL_PROTOCOL = "1.0.0"
"""Version of ipywidgets' ``jupyter.widget.control`` comm (not the widget protocol's 2.x)."""
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The kernel websocket protocol of JupyterLab's services, which Voila's page uses."""
KEEPALIVE_S = 5.0
"""How often an idle session reads its socket (answering pings; the server pings every 30 s)."""


def pack_v1(channel: str, parts: List[bytes]) -> bytes:
    """One message in the v1 protocol: offsets, the channel's name, the message's parts."""
    name = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(name))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + name + b"".join(parts)


def unpack_v1(frame: bytes) -> Tuple[str, List[bytes]]:
    """The channel and the parts (header, parent header, metadata, content, buffers)."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    channel = frame[offsets[0]:offsets[1]].decode()
    return channel, [frame[offsets[i]:offsets[i + 1]] for i in range(1, count - 1)]


class VoilaSession:
    """One app tab: ``open()``, then ``find``/``click``/``wait_for`` on its widgets."""

    def __init__(self, base_url: str, query: str = "", timeout: float = 120, page: str = "") -> None:
        """``base_url``: the server's; ``page``: the app's page under it (Voila on its own serves
        the app at ``/``, a Jupyter server at ``voila/render/app.ipynb``)."""
        self.base_url = base_url.rstrip("/")
        self.url = f"{self.base_url}/{page}" + (f"?{query}" if query else "")
        self.timeout = timeout
        self.session_id = uuid.uuid4().hex
        self._states: Dict[str, Dict[str, Any]] = {}
        self._unread: List[Tuple[str, bytes]] = []
        """Widget messages not decoded yet: decoded when the widgets are looked at, so that
        thirty clients waiting for answers cost the machine little."""
        self.kernel_id = ""
        self.ws: Optional[websocket.WebSocket] = None
        self.protocol = ""
        self.timings: Dict[str, float] = {}
        self.idle_at: Dict[str, float] = {}
        """When the kernel went idle after each message we sent (by message id)."""
        self.received = {"messages": 0, "bytes": 0}
        """Messages (and their bytes) that came from the kernel so far."""
        self._seen: Dict[str, int] = {}
        self._lock = threading.RLock()
        """Held while the socket is read and the widgets' state is changed."""
        self._closed = threading.Event()
        self._keeper: Optional[threading.Thread] = None
        self.pings = 0
        """Pings the server sent (each answered by websocket-client while receiving)."""
        self.attended = False
        """Set by a client that reads the socket all the time (and must see every message
        as it comes): the keep-alive thread then leaves the socket to it."""

    # -- opening ---------------------------------------------------------------------

    def open(self) -> "VoilaSession":
        """Load the page and the widgets' state; records ``page_s`` and ``first_view_s``."""
        start = time.monotonic()
        with urllib.request.urlopen(self.url, timeout=self.timeout) as response:
            html = response.read().decode("utf-8", "replace")
        self.timings["page_s"] = time.monotonic() - start
        config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                           html, re.S)
        if config is None:
            raise RuntimeError("no page config in the Voila page")
        self.kernel_id = json.loads(config.group(1))["kernelId"]
        ws_url = self.base_url.replace("http", "ws", 1)
        self.ws = websocket.create_connection(
            f"{ws_url}/api/kernels/{self.kernel_id}/channels?session_id={self.session_id}",
            timeout=self.timeout, subprotocols=[WS_PROTOCOL], enable_multithread=True)
        self.protocol = self.ws.subprotocol or ""
        self._keeper = threading.Thread(target=self._keep_alive, daemon=True,
                                        name=f"keepalive {self.session_id[:8]}")
        self._keeper.start()
        control = uuid.uuid4().hex
        self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                 "data": {}}, metadata={"version": CONTROL_PROTOCOL})
        # The kernel may take comm messages out of order; its reply to this one comes
        # after the comm above is open.
        self._send("kernel_info_request", {})
        self.wait_for(lambda: self._seen.get("kernel_info_reply"), what="the kernel's info")
        self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        self.wait_for(lambda: bool(self.states), what="the widgets' state")
        self.timings["first_view_s"] = time.monotonic() - start
        return self

    def close(self) -> None:
        self._closed.set()
        if self._keeper is not None:
            self._keeper.join()
            self._keeper = None
        with self._lock:
            if self.ws is not None:
                self.ws.close()
                self.ws = None

    def _keep_alive(self) -> None:
        """Every ``KEEPALIVE_S``, read what came (and answer pings) unless someone else is
        reading: a browser's tab answers pings whatever its page is doing."""
        while not self._closed.wait(KEEPALIVE_S):
            if self.attended or not self._lock.acquire(blocking=False):
                continue  # wait_for() is reading: it answers the pings
            try:
                end = time.monotonic() + 1.0
                while self.ws is not None and self._receive(time.monotonic() + 0.05) \
                        and time.monotonic() < end:
                    pass
            except (websocket.WebSocketException, OSError):
                return  # closed: the next wait_for() says so
            finally:
                self._lock.release()

    # -- messages ------------------------------------------------------------------

    def _send(self, msg_type: str, content: Dict[str, Any], metadata: Optional[dict] = None) -> str:
        """Send a shell message; returns its id."""
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session_id,
                  "username": "load-test", "date": "", "version": "5.3"}
        assert self.ws is not None
        if self.protocol == WS_PROTOCOL:
            parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
            self.ws.send(pack_v1("shell", parts), opcode=websocket.ABNF.OPCODE_BINARY)
        else:
            self.ws.send(json.dumps({"header": header, "parent_header": {},
                                     "metadata": metadata or {}, "content": content,
                                     "channel": "shell", "buffers": []}))
        return msg_id

    def _receive(self, deadline: float) -> bool:
        """Handle one message, if one comes before ``deadline`` (at most 1 s); whether one
        came. Pings are answered on the way."""
        with self._lock:
            return self._receive_one(deadline)

    def _receive_one(self, deadline: float) -> bool:
        assert self.ws is not None
        self.ws.settimeout(max(0.05, min(1.0, deadline - time.monotonic())))
        try:
            opcode, frame = self.ws.recv_data(control_frame=True)
        except websocket.WebSocketTimeoutException:
            return False
        if opcode == websocket.ABNF.OPCODE_PING:
            self.pings += 1  # recv_data() has answered it
            return True
        if opcode in (websocket.ABNF.OPCODE_PONG, websocket.ABNF.OPCODE_CLOSE):
            return True
        if opcode == websocket.ABNF.OPCODE_TEXT:
            frame = frame.decode("utf-8")
        self.received["messages"] += 1
        self.received["bytes"] += len(frame)
        if self.protocol == WS_PROTOCOL:
            _, parts = unpack_v1(frame)
            kind = json.loads(parts[0])["msg_type"]
            if kind.startswith("comm_"):
                self._unread.append((kind, parts[3]))
            else:
                parent, content = json.loads(parts[1]), json.loads(parts[3])
                self._handle(kind, parent, content)
            self._seen[kind] = self._seen.get(kind, 0) + 1
        elif isinstance(frame, str):  # the JSON protocol (binary frames hold no state we need)
            msg = json.loads(frame)
            kind = msg["header"]["msg_type"]
            self._seen[kind] = self._seen.get(kind, 0) + 1
            self._handle(kind, msg.get("parent_header") or {}, msg["content"])
        return True

    @property
    def states(self) -> Dict[str, Dict[str, Any]]:
        """Every widget's state, by model id, as the kernel has sent it so far."""
        with self._lock:
            unread, self._unread = self._unread, []
            for kind, content in unread:
                self._handle(kind, {}, json.loads(content))
            return self._states

    def _handle(self, kind: str, parent: Dict[str, Any], content: Dict[str, Any]) -> None:
        data = content.get("data", {})
        if kind == "status" and content.get("execution_state") == "idle" and parent.get("msg_id"):
            self.idle_at[parent["msg_id"]] = time.monotonic()
        elif kind == "comm_msg" and data.get("method") == "update_states":
            for model_id, model in data["states"].items():
                self._states[model_id] = dict(model["state"], _model_name=model["model_name"])
        elif kind == "comm_msg" and data.get("method") == "update":
            self._states.setdefault(content["comm_id"], {}).update(data["state"])
        elif kind == "comm_open" and "state" in data:
            self._states[content["comm_id"]] = dict(data["state"])
        elif kind == "comm_close":
            self._states.pop(content.get("comm_id"), None)

    def wait_for(self, condition: Callable[[], Any], what: str = "", timeout: Optional[float] = None) -> Any:
        """Handle kernel messages until ``condition()`` is true; returns its value."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            value = condition()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited in vain for {what or condition}")
            self._receive(deadline)

    def wait_idle(self, msg_id: str, what: str = "") -> float:
        """Until the kernel has handled message ``msg_id`` and sent all it did; returns when
        (``time.monotonic()``) its idle status arrived."""
        return self.wait_for(lambda: self.idle_at.get(msg_id), what or f"the answer to {msg_id}")

    def receive(self, seconds: float) -> bool:
        """Handle the next kernel message if one comes within ``seconds`` (at most 1 s);
        whether one came."""
        return self._receive(time.monotonic() + seconds)

    def drain(self, seconds: float = 0.5) -> None:
        """Handle whatever the kernel sends for a short while."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self._receive(end)

    # -- widgets -------------------------------------------------------------------

    def find(self, model: str = "", **traits: Any) -> List[str]:
        """Ids of widgets of a model (``ButtonModel``) whose traits contain these values."""
        found = []
        for model_id, state in self.states.items():
            if model and state.get("_model_name") != model:
                continue
            if all(state.get(k) == value for k, value in traits.items()):
                found.append(model_id)
        return found

    def text(self) -> str:
        """Every HTML and label widget's text, joined: what the page says."""
        return "\n".join(str(s.get("value", "")) for s in self.states.values()
                         if s.get("_model_name") in ("HTMLModel", "LabelModel"))

    def button(self, description: str) -> str:
        """The id of the (visible) button showing ``description``."""
        ids = self.wait_for(lambda: self.find("ButtonModel", description=description),
                            what=f"a button {description!r}")
        return ids[-1]

    def click(self, model_id: str) -> str:
        """What clicking a button in the page sends to the kernel; returns the message id."""
        return self._send("comm_msg", {"comm_id": model_id,
                                       "data": {"method": "custom", "content": {"event": "click"}}})

    def set_value(self, model_id: str, **state: Any) -> str:
        """What changing a control in the page sends (``index=2`` picks a dropdown's third
        option); returns the message id."""
        self.states.setdefault(model_id, {}).update(state)
        return self._send("comm_msg", {"comm_id": model_id,
                                       "data": {"method": "update", "state": state,
                                                "buffer_paths": []}})
