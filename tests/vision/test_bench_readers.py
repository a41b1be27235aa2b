"""`make bench` times each camera game with its own reader: Paradox Initiative's disc grid is
timed with the disc-grid reader on disc frames, not with the tile reader's tile frames."""
from companion.games.initiative import camera
from vision.bench import run_reader
from vision.readers import load_profile


def test_the_disc_grid_game_is_timed_with_its_own_reader_on_its_own_pieces():
    r = run_reader(camera.MAT, camera.TILES, camera.READER, camera.ZONES, camera.CELLS, frames=2)  # enrolled by the bench itself
    assert (r["game"], r["reader"]) == ("initiative", "grid")
    c = r["cost_ratios"]
    assert c["frames"] == 2 and c["frames_with_pieces_read"] == 2  # the discs were read, not missed
    assert c["aruco_ms"] > 0 and c["recognition_cold_ms"] > 0 and c["detector_ms"] > 0


def test_the_domino_game_is_timed_on_maps_of_dominoes_at_the_frame_size_its_reader_needs(lessons):
    from companion.games.dynasty import camera as dynasty
    # the enrolment the bench would make, as the virtual table learns it (rendered once per run)
    r = run_reader(dynasty.MAT, dynasty.TILES, dynasty.READER, dynasty.ZONES, dynasty.CELLS, frames=2,
                   profile=load_profile(lessons.profile("dynasty")))
    assert (r["game"], r["reader"], r["frame_size"]) == ("dynasty", "dominoes", [2592, 1944])
    assert r["cost_ratios"]["frames_with_pieces_read"] == 2  # dominoes on its maps, not in the tray



def test_the_bench_measures_every_disc_and_domino_printing_the_readers_were_not_tuned_on():
    """`make bench` gives item 2's figures for the second printings of discs and dominoes: each
    printing module it names loads as the bench loads it (from its file, in a process that has
    only what `make bench` has: a sibling imported by name would be missing there) and offers
    what the bench reads (the printing's frames themselves are measured by the bench and by
    tests/vision/test_second_*.py)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from companion.bench import SECOND_PRINTINGS
    assert set(SECOND_PRINTINGS) == {"initiative", "dynasty"}
    ask = ("import inspect, json; from companion.bench import SECOND_PRINTINGS, printing_module; "
           "print(json.dumps({path: list(inspect.signature(printing_module(name, path).printing).parameters) "
           "for printings in SECOND_PRINTINGS.values() for name, path in printings.items()}))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", ask], cwd=Path(__file__).resolve().parents[2], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = json.loads(out.stdout)
    assert sorted(loaded) == sorted(p for printings in SECOND_PRINTINGS.values() for p in printings.values())
    assert all(params == ["layout", "cells", "out_dir", "frames"] for params in loaded.values())
