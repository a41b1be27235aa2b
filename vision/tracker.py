"""From per-frame readings to table events.

A reading becomes an event only once it has held for K consecutive frames with no hand in
view: a hand passing over the mat, a tile sliding into place or a flicker of the reader must
not produce a play. Events: a tile appeared (label, position), a tile was removed, a tile was
flipped (same place, face became back or back became face).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from .reading import FrameReading, TileReading
from .tiles import UNKNOWN, is_back


@dataclass(frozen=True)
class TableEvent:
    kind: str  # "appeared", "removed", "flipped", or "unreadable": a steady new piece not read
    label: str  # the tile's label now (for "removed": the label it had)
    x_mm: float
    y_mm: float
    angle: float
    confidence: float
    zone: str | None
    was: str | None = None  # for "flipped" (and "unreadable" in place of a read piece): the label before
    cell: tuple[str, int, int] | None = None  # (area, row, column), where the reader knows one
    opening: bool = False  # found by a resumed game's first steady look: it lay there before


@dataclass
class TableTracker:
    """Feed it one FrameReading per frame; ``update`` returns the stable changes."""

    k: int = 5  # consecutive agreeing frames before a change counts
    same_place_mm: float = 8.0  # a tile within this distance is the same tile
    stable: list[TileReading] = field(default_factory=list)
    resumed: bool = False  # the game was under way when this began (a restart): see TableEvent.opening
    _candidate: list[TileReading] | None = None
    _count: int = 0
    _looked: bool = False

    @property
    def pending(self) -> bool:
        """A reading differs from what held still before and has not held for k frames yet."""
        return self._candidate is not None and not self._same(self._candidate, self.stable)

    def moving(self) -> None:
        """The table moves (a hand, a tile sliding): what was being counted starts over."""
        self._candidate, self._count = None, 0

    def update(self, reading: FrameReading) -> list[TableEvent]:
        if not reading.calibrated or reading.hand_in_view:
            self._candidate, self._count = None, 0  # start over once the view is clear
            return []
        seen = sorted(reading.tiles, key=lambda t: (t.x_mm, t.y_mm))
        if self._candidate is not None and self._same(seen, self._candidate):
            self._count += 1
        else:
            self._candidate, self._count = seen, 1
        if self._count < self.k:
            return []
        opening, self._looked = self.resumed and not self._looked, True
        if self._same(seen, self.stable):
            return []
        events = self._diff(self.stable, seen)
        self.stable = seen
        return [replace(e, opening=True) for e in events] if opening else events

    def _same(self, a: list[TileReading], b: list[TileReading]) -> bool:
        if len(a) != len(b):
            return False
        used = set()
        for t in a:
            j = self._match(t, b, used)
            if j is None or b[j].label != t.label:
                return False
            used.add(j)
        return True

    def _match(self, t, others, used):
        best, best_d = None, self.same_place_mm
        for j, o in enumerate(others):
            if j in used:
                continue
            d = math.hypot(t.x_mm - o.x_mm, t.y_mm - o.y_mm)
            if d <= best_d:
                best, best_d = j, d
        return best

    def _diff(self, old, new) -> list[TableEvent]:
        events = []
        used_old: set[int] = set()
        for t in new:
            j = self._match(t, old, used_old)
            if j is None:  # a piece that stays unreadable is said, so the table can ask about it
                events.append(_event("appeared" if t.label != UNKNOWN else "unreadable", t))
                continue
            used_old.add(j)
            before = old[j]
            if before.label != t.label:
                flipped = is_back(before.label) != is_back(t.label)
                if flipped and UNKNOWN not in (before.label, t.label):
                    events.append(_event("flipped", t, was=before.label))
                elif t.label != UNKNOWN:
                    # a reading firmed up from unknown, or a tile swapped in place
                    if before.label != UNKNOWN:
                        events.append(_event("removed", before))
                    events.append(_event("appeared", t))
                else:  # read before, in doubt now (a piece changed in place?): never the old label
                    events.append(_event("unreadable", t, was=before.label))
        for j, o in enumerate(old):
            if j not in used_old:
                events.append(_event("removed", o))
        return events


def _event(kind, t: TileReading, was=None) -> TableEvent:
    return TableEvent(kind, t.label, t.x_mm, t.y_mm, t.angle, t.confidence, t.zone, was, t.cell)
