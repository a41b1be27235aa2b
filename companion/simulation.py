"""The virtual table: what a person does with pieces, done with a mouse on the host page.

It only moves pieces on vision's synthetic mat; the verbs (what "play" or "flip" means) are the
game's own `simulation` part. The companion learns of a move exactly as it would at a real
table: from camera frames of that mat going through the real vision pipeline.

Any verb that puts pieces down may slide them in, as a hand pushes a tile into place: with
``"slide": {"from": [x_mm, y_mm], "mm_per_s": 150}`` the new pieces start there and travel to
where the verb put them, a camera frame's worth of the way per frame.

Every game's table also takes {"action": "hand", "over": true|false}: a hand held over the middle
of the mat, or taken away, for seeing how the companion waits while a hand is in the way.
"""
from __future__ import annotations

import math
import threading

from .games import IllegalMove, Simulation
from .i18n import Msg

SLIDE_MM_PER_S = (5.0, 2000.0)  # from a finger's nudge to a flick across the table


class VirtualTable:
    def __init__(self, synthetic_table, layout, part: Simulation | None, fps: float = 20.0):
        self.table = synthetic_table
        self.layout = layout
        self.verbs = part.verbs(synthetic_table, layout) if part else None
        self._pieces = (lambda: part.pieces(synthetic_table)) if part else dict
        self.fps = fps  # the camera's rate: how far a sliding piece goes between two frames
        self._slides: dict[int, tuple] = {}  # piece -> (x, y where it goes, mm per frame)
        self.hand = None  # (x_mm, y_mm, angle) of a palm held over the mat, or None
        self._lock = threading.Lock()

    def act(self, action: dict, view: dict | None = None) -> str:
        """One of the game's verbs, e.g. {"action": "play", ...}; `view` is the table's view."""
        if not isinstance(action, dict) or not isinstance(action.get("action"), str):
            raise IllegalMove('say what to do on the virtual table, e.g. {"action": "clear"}')
        if action["action"] == "hand":
            return self._hand(action.get("over"))
        if self.verbs is None:
            raise IllegalMove(Msg("this game has nothing to lay on the virtual table"))
        slide = _slide(action.get("slide"), self.layout)
        with self._lock:
            before = dict(self._pieces())
            said = self.verbs.act(action, view or {})
            if slide is not None:
                (x0, y0), speed = slide
                for piece, t in self._pieces().items():
                    if piece not in before:  # put down by this verb: it arrives sliding
                        self._slides[piece] = (t.x_mm, t.y_mm, speed / self.fps)
                        self.table.move(piece, x0, y0)
            return said

    def restore(self, view) -> None:
        """A game resumed: its pieces laid as the view has them (every game's verbs "lay")."""
        if self.verbs is not None:
            self.act({"action": "lay"}, view)

    def lay(self, pieces) -> None:
        """The mat cleared, then each piece put down at once: (what, x_mm, y_mm, angle, face_up,
        back), as the synthetic table's place takes them (teaching the camera a shot's pieces)."""
        with self._lock:
            self._slides.clear()
            self.table.clear()
            for what, x, y, angle, up, back in pieces:
                self.table.place(what, x, y, angle=angle, face_up=up, back=back)

    def _hand(self, over) -> str:
        if not isinstance(over, bool):
            raise IllegalMove('say whether a hand is over the mat: {"action": "hand", "over": true}')
        w, h = self.layout.size_mm
        with self._lock:  # the palm over the middle, the arm from the mat's near edge
            self.hand = (w / 2, h / 2, 0.0) if over else None
        return Msg("A hand is over the mat") if over else Msg("The hand is off the mat")

    @property
    def sliding(self) -> bool:
        """Whether a piece is still on its way (its last frame has not been taken yet)."""
        return bool(self._slides)

    def frame(self):
        with self._lock:
            self._slide_on()
            return self.table.live(hand=self.hand)

    def close(self):
        """The game is over or another began: the drawings kept for quick frames are let go."""
        from vision.synthetic import forget
        with self._lock:
            self._slides.clear()
            forget()

    def _slide_on(self):
        """Each sliding piece one frame further along its way; there, it rests."""
        pieces = self._pieces()
        for piece, (x, y, step) in list(self._slides.items()):
            t = pieces.get(piece)
            if t is None:  # taken off meanwhile
                del self._slides[piece]
                continue
            dx, dy = x - t.x_mm, y - t.y_mm
            d = math.hypot(dx, dy)
            if d <= step:
                self.table.move(piece, x, y)
                del self._slides[piece]
            else:
                self.table.move(piece, t.x_mm + dx * step / d, t.y_mm + dy * step / d)


def _slide(spec, layout):
    """((x, y), mm per second) of a slide asked for, or None; refused in words when not sensible."""
    if spec is None:
        return None
    try:
        x, y = (float(v) for v in spec["from"])
        speed = float(spec.get("mm_per_s", 150.0))
    except (TypeError, KeyError, ValueError, AttributeError):
        raise IllegalMove('say where a slide starts and how fast: {"from": [x_mm, y_mm], "mm_per_s": 150}') from None
    w, h = layout.size_mm
    if not (0 <= x <= w and 0 <= y <= h) or not SLIDE_MM_PER_S[0] <= speed <= SLIDE_MM_PER_S[1]:
        raise IllegalMove(f"a slide starts on the mat ({w:.0f} x {h:.0f} mm) at "
                          f"{SLIDE_MM_PER_S[0]:.0f} to {SLIDE_MM_PER_S[1]:.0f} mm a second")
    return (x, y), speed
