"""Voila must not run code that a browser sends to the kernel.

Voila (0.5) starts its kernel manager with ``allowed_message_types`` limited to
comm and info messages; jupyter_server drops any other message that arrives on
a kernel websocket (``Received message of type "execute_request", which is not
allowed. Ignoring.``). This test sends, from the page itself, an
``execute_request`` whose code would create a file, then a
``kernel_info_request`` on the same socket: the reply to the second proves the
socket reached the kernel (which handles shell messages in order), and the file
must not exist.
"""

SEND_FROM_PAGE = """
async ({kernelId, code}) => {
  const id = () => Math.random().toString(16).slice(2) + Date.now().toString(16);
  const session = id();
  const url = location.origin.replace(/^http/, "ws") +
    `/api/kernels/${kernelId}/channels?session_id=${session}`;
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  const message = (msg_type, content) => ({
    header: {msg_id: id(), msg_type, session, username: "page", date: new Date().toISOString(), version: "5.3"},
    parent_header: {}, metadata: {}, content, channel: "shell", buffers: [],
  });
  const execute = message("execute_request", {
    code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true,
  });
  const info = message("kernel_info_request", {});
  const received = [];
  const done = new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error("no kernel_info_reply within 30 s")), 30000);
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      received.push({type: msg.header.msg_type, parent: msg.parent_header.msg_id || null});
      if (msg.parent_header.msg_id === info.header.msg_id && msg.header.msg_type === "kernel_info_reply") resolve();
    };
  });
  ws.send(JSON.stringify(execute));
  ws.send(JSON.stringify(info));
  await done;
  ws.close();
  return {executeId: execute.header.msg_id, received};
}
"""


def test_execute_request_from_the_browser_is_ignored(fixture_server, voila_page, tmp_path):
    marker = tmp_path / "executed.txt"
    voila_page.open(fixture_server, "smoke.ipynb", wait_for="Click me")
    code = f"open({str(marker)!r}, 'w').write('the browser ran code')"

    result = voila_page.page.evaluate(SEND_FROM_PAGE, {"kernelId": voila_page.kernel_id(), "code": code})

    replies_to_execute = [m["type"] for m in result["received"] if m["parent"] == result["executeId"]]
    assert replies_to_execute == []
    assert "kernel_info_reply" in [m["type"] for m in result["received"]]
    assert not marker.exists()
    assert 'Received message of type "execute_request", which is not allowed. Ignoring.' in fixture_server.log()
    # The page's own widgets still work over their comm messages.
    voila_page.click("Click me")
    voila_page.expect_text("Clicked: TD")
