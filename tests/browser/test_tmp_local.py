from pathlib import Path
from tests.browser.test_play import play_hand
def test_local(voila, voila_page):
    play_hand(voila_page, voila(Path("/tmp/nbtest"), preheat=False))
