"""Does a benchmark client (voila_client.VoilaSession) keep its socket while its learner
waits, as a browser tab does?

    python benchmarks/client_pings.py [--no-keepalive]

The server pings every 1 s and drops a socket whose pong is 3 s late (the real ones: every
30 s, 90 s late); the session sits 12 s without reading, then clicks. With
``--no-keepalive`` (the client before it answered pings) the click fails.
"""
import sys
import time

import app_server
import voila_client
from voila_client import VoilaSession

keep = "--no-keepalive" not in sys.argv[1:]
# scaled down 10x, as the server's pings below (the real ones: every 30 s, 90 s to answer)
voila_client.KEEPALIVE_S = 0.5 if keep else 1e6
PINGS = '--Voila.tornado_settings={"ws_ping_interval": 1000, "ws_ping_timeout": 3000}'
server = app_server.start(pool_size=1, extra=(PINGS,))
try:
    server.wait_preheated(1, kernels=1, timeout=180)
    s = VoilaSession(server.url, "learner=Ping%20Test", timeout=60).open()
    s.wait_for(lambda: "Hello, Ping Test!" in s.text(), "the greeting")
    time.sleep(12)
    how = "keepalive" if keep else "no keepalive"
    try:
        s.wait_idle(s.click(s.button("Rules")), "the rules page")
        print(f"{how}: the click after 12 s worked; pings answered: {s.pings}")
    except Exception as e:
        print(f"{how}: the click after 12 s FAILED: {type(e).__name__} {e}; pings: {s.pings}")
    s.close()
    dropped = [line for line in server.log().splitlines() if "ping timeout" in line.lower()]
    print("server log:", dropped[:3] or "no ping timeout")
finally:
    server.stop()
