"""The referee's eye for Paradominetor: steady camera readings of the trick area become moves.

Vision reports what lies in the trick area once it has been steady for several frames; this
turns the difference from what the game already knows into a move, or into a question on the
OLED when the read is doubtful, and never scores a doubtful read silently:

- a new face-up tile becomes a Play for the seat whose turn it is;
- a read below the confidence threshold, an unreadable tile or a black lead (the camera cannot
  hear which colour was declared) becomes a prompt: A accepts, C offers the next choice, B drops;
- a tile the rules refuse is shown with the reason and ignored until it is picked up;
- when a paradox is waiting, a paradox tile seen back up becomes a Reveal of its timeframe.

Tiles are told apart by where they lie (mat millimetres), so a tile that was taken back by an
undo, refused, or belongs to a trick already scored is not read again until it is removed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .games import TABLE, IllegalMove

SAME_PLACE_MM = 20.0   # a tile nudged less than this is the same tile
SURE = 0.80            # below this confidence a read is asked about, not played


@dataclass(frozen=True)
class Seen:
    """One tile steady in the trick area."""
    label: str        # "red-3", "black-0", "back-past", or "unknown"
    x_mm: float
    y_mm: float
    confidence: float = 1.0


@dataclass(frozen=True)
class Ask:
    """A question for the OLED: `choices` are (words, move) pairs; none means 'just note it'."""
    title: str
    text: str
    choices: tuple = ()
    at: tuple | None = None  # where the tile lies, so an accepted answer makes it a play


@dataclass
class TrickWatcher:
    rules: object
    sure: float = SURE
    placed: list = field(default_factory=list)    # (x, y) of each play of the current trick
    ignored: list = field(default_factory=list)   # (x, y) of tiles to leave alone until removed
    _scored: int = 0                              # tricks done when `placed` was last in step

    def observe(self, state, seen: list[Seen]):
        """What to do about a steady reading: a move to submit, an Ask, or None."""
        view = self.rules.view(state, TABLE)
        self._follow(view, seen)
        new = [s for s in seen if not self._known(s)]
        if view["phase"] == "flip":
            return self._flip(view, seen)
        if view["phase"] != "play" or not new:
            return None
        if len(new) > 1:
            return Ask("One at a time", f"{len(new)} new tiles at once: "
                       "take all but one back, then play them in turn")
        tile = new[0]
        seat = view["to_play"]
        name = view["names"][seat]
        if tile.label == "unknown" or tile.label.startswith("back-"):
            self.ignored.append((tile.x_mm, tile.y_mm))
            return Ask("Can't read", f"{name}'s tile: turn it face up and straight, or enter it by phone")
        words = _words(tile.label)
        if tile.label == "black-0" and not view["current_trick"]:
            self.ignored.append((tile.x_mm, tile.y_mm))
            choices = tuple((f"{name} leads black as {c}", self.rules.Play(seat, "black-0", c))
                            for c in view["colours"])
            return Ask("Black lead", f"{name} leads black: which colour? C next, A ok", choices,
                       (tile.x_mm, tile.y_mm))
        move = self.rules.Play(seat, tile.label)
        try:
            self.rules.apply(state, move)
        except IllegalMove as exc:
            self.ignored.append((tile.x_mm, tile.y_mm))
            return Ask("Not allowed", f"Seen {words} for {name}: {exc}")
        if tile.confidence < self.sure:
            self.ignored.append((tile.x_mm, tile.y_mm))
            return Ask("Check", f"Seen {words} for {name}? A yes, B no", ((words, move),),
                       (tile.x_mm, tile.y_mm))
        self.placed.append((tile.x_mm, tile.y_mm))
        return move

    def accepted(self, at: tuple | None):
        """A prompted play was accepted: the tile at `at` is now a play, not a tile to ignore."""
        if at is not None and at in self.ignored:
            self.ignored.remove(at)
            self.placed.append(at)

    def _flip(self, view, seen):
        trick = view["current_trick"]
        for seat in view["awaiting_flip"]:
            i = next(i for i, p in enumerate(trick) if p["seat"] == seat)
            if i >= len(self.placed):
                continue
            for s in seen:
                if _near(self.placed[i], s) and s.label.startswith("back-"):
                    if s.confidence < self.sure:
                        return Ask("Check", f"{view['names'][seat]}'s back reads {s.label[5:]}? A yes, B no",
                                   ((s.label[5:], self.rules.Reveal(seat, s.label[5:])),))
                    return self.rules.Reveal(seat, s.label[5:])
        return None

    def _follow(self, view, seen):
        """Keep the remembered places in step with the game (undo, scored tricks, removals)."""
        plays = len(view["current_trick"])
        if len(view["tricks"]) != self._scored:
            # A trick was scored (or an undo reopened one): its tiles stay until picked up.
            self._scored = len(view["tricks"])
            self.ignored.extend(self.placed)
            self.placed = []
        if len(self.placed) > plays:  # an undo took plays back; their tiles are left alone
            self.ignored.extend(self.placed[plays:])
            self.placed = self.placed[:plays]
        self.ignored = [p for p in self.ignored if any(_near(p, s) for s in seen)]

    def _known(self, s: Seen) -> bool:
        return any(_near(p, s) for p in self.placed + self.ignored)


def _near(p, s: Seen) -> bool:
    return (p[0] - s.x_mm) ** 2 + (p[1] - s.y_mm) ** 2 <= SAME_PLACE_MM ** 2


def _words(label: str) -> str:
    colour, value = label.split("-")[:2]
    return "black 0" if colour == "black" else f"{colour} {value}"
