"""What the companion publishes after every change, and a phone's request to become the host that
a snapshot may carry (the OLED shows its code until button A or B answers)."""
from __future__ import annotations

from dataclasses import dataclass

from .games import Viewer
from .games.base import Prompt
from .i18n import DEFAULT
from .session import Session

HOST_REQUEST_SECONDS = 60  # how long a phone's request to become the host waits for A or B


@dataclass(frozen=True)
class HostRequest:
    """A phone on the join page asks to become the host. The OLED shows `code`, the phone shows
    the same code, and button A (yes) or B (no) answers; `id` is known to that phone alone."""
    id: str
    code: str
    expires: float  # on the companion's clock
    seconds: int = HOST_REQUEST_SECONDS  # how long it waits, as the phone counts it


@dataclass(frozen=True)
class Snapshot:
    """What the companion publishes after every change. Views are made from `state` on demand."""
    version: int
    session: Session | None
    state: object | None
    message: str = ""            # the last thing said: an adjudication, a refusal, a hint
    alert: str = ""              # a refusal the OLED shows until the next accepted change
    prompt: Prompt | None = None
    screen: str = "auto"         # the OLED page chosen with button C; "auto" follows the game
    shutting_down: bool = False
    host_request: HostRequest | None = None  # a phone waiting for A or B to become the host
    language: str = DEFAULT      # the table's language: the OLED's, and a phone's unless it chose
    language_chosen: bool = False  # whether the host ever chose it (else the host page's may become it)

    def view(self, viewer: Viewer) -> dict:
        if self.session is None:
            return {"game": None}
        return self.session.rules.view(self.state, viewer)

