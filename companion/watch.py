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
class Spot:
    """Where a known tile lies and what it last read as (a flipped tile reads as its back)."""
    x_mm: float
    y_mm: float
    label: str

    def holds(self, s: Seen) -> bool:
        """Is `s` this tile? Near, and the same face, or turned over, or unreadable for now.
        A different face in the same place is a new tile put down where a scored one lay."""
        near = (self.x_mm - s.x_mm) ** 2 + (self.y_mm - s.y_mm) ** 2 <= SAME_PLACE_MM ** 2
        return near and (s.label == self.label or s.label == "unknown" or s.label.startswith("back-"))


@dataclass
class TrickWatcher:
    rules: object
    sure: float = SURE
    placed: list = field(default_factory=list)    # Spot of each play of the current trick
    ignored: list = field(default_factory=list)   # Spots to leave alone until picked up
    _scored: int = 0                              # tricks done when `placed` was last in step

    def observe(self, state, seen: list[Seen]):
        """What to do about a steady reading: a move to submit, an Ask, or None."""
        view = self.rules.view(state, TABLE)
        self._follow(view, seen)
        if view["phase"] == "flip":
            return self._flip(view, seen)
        new = [s for s in seen if not any(spot.holds(s) for spot in self.placed + self.ignored)]
        if view["phase"] != "play" or not new:
            return None
        if len(new) > 1:
            return Ask("One at a time", f"{len(new)} new tiles at once: "
                       "take all but one back, then play them in turn")
        tile = new[0]
        spot = Spot(tile.x_mm, tile.y_mm, tile.label)
        seat = view["to_play"]
        name = view["names"][seat]
        if tile.label == "unknown" or tile.label.startswith("back-"):
            self.ignored.append(spot)
            return Ask("Can't read", f"{name}'s tile: turn it face up and straight, or enter it by phone")
        words = _words(tile.label)
        if tile.label == "black-0" and not view["current_trick"]:
            self.ignored.append(spot)
            choices = tuple((f"{name} leads black as {c}", self.rules.Play(seat, "black-0", c))
                            for c in view["colours"])
            return Ask("Black lead", f"{name} leads black: which colour? C next, A ok", choices, spot)
        move = self.rules.Play(seat, tile.label)
        try:
            self.rules.apply(state, move)
        except IllegalMove as exc:
            self.ignored.append(spot)
            return Ask("Not allowed", f"Seen {words} for {name}: {exc}")
        if tile.confidence < self.sure:
            self.ignored.append(spot)
            return Ask("Check", f"Seen {words} for {name}? A yes, B no", ((words, move),), spot)
        self.placed.append(spot)
        return move

    def accepted(self, spot: Spot | None):
        """A prompted play was accepted: its tile is now a play, not a tile to ignore."""
        if spot is not None and spot in self.ignored:
            self.ignored.remove(spot)
            self.placed.append(spot)

    def _flip(self, view, seen):
        trick = view["current_trick"]
        for seat in view["awaiting_flip"]:
            i = next(i for i, p in enumerate(trick) if p["seat"] == seat)
            if i >= len(self.placed):
                continue
            for s in seen:
                if self.placed[i].holds(s) and s.label.startswith("back-"):
                    timeframe = s.label[5:]
                    if s.confidence < self.sure:
                        return Ask("Check", f"{view['names'][seat]}'s back reads {timeframe}? A yes, B no",
                                   ((timeframe, self.rules.Reveal(seat, timeframe)),))
                    return self.rules.Reveal(seat, timeframe)
        return None

    def _follow(self, view, seen):
        """Keep the remembered spots in step with the game (undo, scored tricks, removals)."""
        plays = len(view["current_trick"])
        if len(view["tricks"]) != self._scored:
            # A trick was scored (or an undo reopened one): its tiles stay until picked up.
            self._scored = len(view["tricks"])
            self.ignored.extend(self.placed)
            self.placed = []
        if len(self.placed) > plays:  # an undo took plays back; their tiles are left alone
            self.ignored.extend(self.placed[plays:])
            self.placed = self.placed[:plays]
        kept = []
        for spot in self.ignored:
            match = next((s for s in seen if spot.holds(s)), None)
            if match is not None:  # still there; remember a flip so a new face is told apart
                spot.label = match.label if match.label != "unknown" else spot.label
                kept.append(spot)
        self.ignored = kept
        for spot in self.placed:
            match = next((s for s in seen if spot.holds(s)), None)
            if match is not None and match.label != "unknown":
                spot.label = match.label


def _words(label: str) -> str:
    colour, value = label.split("-")[:2]
    return "black 0" if colour == "black" else f"{colour} {value}"
