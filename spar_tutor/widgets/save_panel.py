"""Save the match as a JSON file the learner downloads, and resume from one they upload."""

from __future__ import annotations

import base64
from html import escape
from typing import Any, Optional

import ipywidgets as widgets

from ..engine.errors import SparError
from ..engine.files import decode
from ..session.file import SessionFileError
from ..i18n import _
from .common import guarded, session_reporter

FILE_NAME = "spar-match.json"


class SavePanel(widgets.VBox):
    """'Save this match' gives a download link; an upload resumes a saved match."""

    def __init__(self, session: Any, **kwargs: Any) -> None:
        self.session = session
        self.save = widgets.Button(description=_("Save this match"), icon="download")
        self.link = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=_("Resume a match"))
        self.note = widgets.HTML()
        super().__init__([widgets.HBox([self.save, self.link]), self.upload, self.note],
                         **kwargs)
        report = session_reporter(session)
        self.save.on_click(guarded(report)(lambda _: self.make_link()))
        self.upload.observe(guarded(report)(lambda change: self._uploaded(change["new"])),
                            names="value")

    def make_link(self) -> None:
        data = base64.b64encode(self.session.dumps().encode("utf-8")).decode("ascii")
        self.link.value = (f'<a download="{FILE_NAME}" href="data:application/json;base64,{data}">'
                           + _("Download {file}").format(file=FILE_NAME) + "</a>")

    def _uploaded(self, files: Any) -> None:
        if not files:
            return
        item = files[0]
        name = str(item.get("name") or FILE_NAME)
        try:
            text = decode(bytes(item["content"]), name, SessionFileError)
        except SparError as e:
            self._could_not(e)
            return
        self.resume_text(text, name)

    def resume_text(self, text: str, source: Optional[str] = None) -> bool:
        """Resume from saved text (``source``: its file name); a bad file leaves the game
        alone and says why."""
        try:
            self.session.resume(text, source)
        except SparError as e:
            self._could_not(e)
            return False
        self.note.value = _("Resumed: hand {number}.").format(number=self.session.hand_number)
        return True

    def _could_not(self, error: SparError) -> None:
        if not error.file:
            self.note.value = _("Could not resume that file: {reason}").format(
                reason=escape(error.reason))
            return
        where = f"{error.file} line {error.line}" if error.line else error.file
        self.note.value = _("Could not resume {file}: {reason}").format(
            file=escape(where), reason=escape(error.reason))
