"""Tiles slid across the virtual mat at the speeds hands push them: no play is made while a tile
moves, wherever it passes (into the trick area from a seat, or along inside it), and once it
rests exactly one play, the right one, is made. Every frame goes through the real pipeline at
the camera's rate: the change detector, then the reader and the tracker on settled frames."""
import pytest

from companion.games import TABLE
from companion.games.paradominetor.scripted import scripted_game
from companion.games.paradominetor.tiles import timeframes_of

from camera_feed import settle
from patience import WAIT_SECONDS

NAMES = ["Ana", "Ben", "Cy"]
# (mm a second, where the slide starts relative to the tile's place in the trick area)
SLIDES = [(20.0, (0.0, 60.0)),      # a slow push, all of it inside the trick area
          (120.0, (-90.0, 140.0)),  # from a player's place in front of the area
          (400.0, (150.0, 150.0))]  # a quick shove from across the table


def plays(c) -> int:
    v = c.snapshot.view(TABLE)
    return len(v["current_trick"]) + 3 * len(v["tricks"])


@pytest.mark.parametrize("speed,start", SLIDES, ids=[f"{s:.0f}mm-s" for s, _ in SLIDES])
def test_a_sliding_tile_plays_only_once_it_rests(device, speed, start):
    tricks, _ = scripted_game(seed=5, names=NAMES)
    trick = next(t for t in tricks if not any(p.get("declare") for p in t))  # no colour to choose
    c = device.companion
    c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
    # the same tricks as the scripted game until this one (played by phone, off the table)
    for t in tricks[:tricks.index(trick)]:
        for p in t:
            face = "black-0" if p["tile"].startswith("black") else p["tile"].rsplit("-", 1)[0]
            c.submit({"type": "Play", "seat": p["seat"], "tile": face, "declare": p.get("declare")}, "phone").result(WAIT_SECONDS)
        if c.snapshot.view(TABLE)["phase"] == "flip":
            for seat in c.snapshot.view(TABLE)["awaiting_flip"]:
                tile = next(q["tile"] for q in t if q["seat"] == seat)
                back = "past" if tile.startswith("black") else tile.rsplit("-", 1)[1]
                c.submit({"type": "Reveal", "seat": seat, "timeframe": back}, "phone").result(WAIT_SECONDS)
    table = device.virtual_table
    settle(device, lambda: device.camera.tracker.stable == [])
    for i, play in enumerate(trick):
        x, y = table.verbs.slot(i)  # where the verb puts this trick's i-th tile
        before, frames = plays(c), 0
        table.act({"action": "play", "seat": play["seat"], "tile": play["tile"],
                   "slide": {"from": [x + start[0], y + start[1]], "mm_per_s": speed}},
                  c.snapshot.view(TABLE))
        while table.sliding:
            device.camera.step()
            c.call(lambda: None)  # the worker has judged whatever that frame caused
            frames += 1
            assert plays(c) == before and c.snapshot.prompt is None, f"a play while sliding, frame {frames}"
        travel = (start[0] ** 2 + start[1] ** 2) ** 0.5
        assert frames >= travel / speed * table.fps - 1  # it really took that many frames
        settle(device, lambda: plays(c) > before)
        assert plays(c) == before + 1, c.snapshot.message
        view = c.snapshot.view(TABLE)
        last = view["current_trick"][-1] if view["current_trick"] else view["tricks"][-1]["plays"][-1]
        assert (last["seat"], last["tile"]) == (play["seat"], "-".join(play["tile"].split("-")[:2]))


def test_a_resumed_game_finds_its_trick_on_the_virtual_mat_and_goes_on(device):
    """Resumed from the games list (as after a restart) halfway through a trick, the virtual mat
    holds the tiles played so far, as a real table keeps them: the camera
    reads them without a question, and the trick is finished on the mat."""
    from camera_feed import resume_elsewhere
    tricks, _ = scripted_game(seed=5, names=NAMES)
    trick = tricks[0]
    c = device.companion
    c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
    table = device.virtual_table
    for play in trick[:2]:
        before = plays(c)
        table.act({"action": "play", "seat": play["seat"], "tile": play["tile"]}, c.snapshot.view(TABLE))
        settle(device, lambda: plays(c) > before)
    resume_elsewhere(device, c.snapshot.session.id, other=("dynasty", {"players": 2}))
    assert c.snapshot.session.name == "paradominetor" and plays(c) == 2
    assert device.virtual_table is not table  # the camera opened anew, with its own mat
    table = device.virtual_table
    faces = sorted("black-0" if p["tile"].startswith("black") else p["tile"].rsplit("-", 1)[0] for p in trick[:2])
    lying = table.table.tiles.values()
    assert sorted(t.label for t in lying) == faces and all(t.face_up for t in lying)
    # nobody has seen the backs: each is one its face can have
    assert all(t.back in (("past",) if t.label == "black-0" else timeframes_of(*t.label.split("-")[:1],
                                                                              int(t.label.split("-")[1])))
               for t in lying)
    assert sorted(t.label for t in device.camera.last_reading.tiles) == faces
    assert c.snapshot.prompt is None
    play = trick[2]
    table.act({"action": "play", "seat": play["seat"], "tile": play["tile"], "declare": play.get("declare")},
              c.snapshot.view(TABLE))
    settle(device, lambda: plays(c) > 2)
    assert plays(c) == 3 and c.snapshot.prompt is None, c.snapshot.message
