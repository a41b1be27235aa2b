"""The companion as the camera feeds it, for tests: each observed list is what lies on the table
once it has held still, turned into table events by the real tracker; `settle`, which runs a
simulated companion's camera until the table gets where a test wants it; `resume_elsewhere`."""
from dataclasses import dataclass

from companion.service import Companion
from vision.reading import FrameReading, TileReading
from vision.tracker import TableTracker
from patience import WAIT_SECONDS


@dataclass
class Seen:
    """One tile lying steady in the trick area."""
    label: str
    x_mm: float
    y_mm: float
    confidence: float = 1.0


class Table(Companion):
    def __init__(self, store):
        super().__init__(store)
        self.tracker = TableTracker()

    def observe(self, seen):
        reading = FrameReading(True, tiles=[TileReading(s.label, s.x_mm, s.y_mm, 0.0, s.confidence, "trick")
                                            for s in seen])
        events = []
        for _ in range(self.tracker.k):
            events += self.tracker.update(reading)
        return super().observe(events)


def settle(dev, until, steps=40):
    """Run camera frames through the pipeline until `until()` holds."""
    for _ in range(steps):
        dev.camera.step()
        dev.companion.call(lambda: None, WAIT_SECONDS)  # let the worker finish what the frame caused
        if until():
            return
    raise AssertionError(f"the table did not get there: {dev.companion.snapshot.message}")


def resume_elsewhere(dev, game_id, frames=8, other=("paradominetor", {"seats": 3, "names": ["Ana", "Ben", "Cy"]})):
    """The game in progress put aside for `other` (its camera following that one, with its own
    empty virtual mat), then resumed from the games list, as after a restart; `frames` camera
    frames run after it."""
    c = dev.companion
    c.new_game(*other, seed=0).result(WAIT_SECONDS)
    dev.camera.step()
    c.resume(game_id, replace=True).result(WAIT_SECONDS)
    for _ in range(frames):
        dev.camera.step()
        c.call(lambda: None, WAIT_SECONDS)


def read_cells(reader, cells, layout, tables):
    """(cells, cells read) over synthetic tables, each (table, {cell: label}): every piece must be
    found where it lies, and a cell the reader names must be named right ("unknown" is doubt)."""
    count = read = 0
    for i, (table, truth) in enumerate(tables):
        reading = reader.read(table.render())
        assert reading.calibrated and not reading.hand_in_view
        seen = {cells.cell_at(layout, t.x_mm, t.y_mm): t.label for t in reading.tiles}
        assert set(seen) == set(truth), f"frame {i}: found {sorted(set(seen) ^ set(truth))} wrongly"
        for cell, label in truth.items():
            count += 1
            if seen[cell] != "unknown":
                assert seen[cell] == label, f"frame {i}: {cell} is {label}, read {seen[cell]}"
                read += 1
    return count, read


def found_or_waited(reading, truth, why=None) -> bool:
    """Whether the reader waited (as under a hand) on this frame; asserts that every piece of
    `truth` ({cell: label}) was found, or lies in an area the reader waited on and read nothing of."""
    got = {t.cell for t in reading.tiles}
    for cell in truth:
        assert cell in got or reading.hand_in_view and not any(c[0] == cell[0] for c in got), (why, cell)
    return reading.hand_in_view
