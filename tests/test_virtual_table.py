"""Tricks in a row on the virtual table, as the host page lays them: nobody clears the trick area.

Every action goes in with the table's view, as the host page's requests do; every play is read
from synthetic camera frames by the real vision pipeline. The next lead's tile gathers the scored
trick first, so trick after trick is read; a paradox's tiles stay until they are flipped and read.
"""

import pytest

from companion.games import TABLE, IllegalMove
from companion.games.paradominetor.scripted import scripted_game

from camera_feed import settle
from patience import WAIT_SECONDS

NAMES = ["Ana", "Ben", "Cy"]
TRICKS = 6



def test_trick_after_trick_without_clearing_and_a_paradox_kept_until_flipped(device):
    tricks, _ = scripted_game(seed=5, names=NAMES)
    assert any(len({p["tile"].rsplit("-", 1)[0] for p in t}) < 3 for t in tricks[:TRICKS])  # a paradox
    c = device.companion
    c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
    view = lambda: c.snapshot.view(TABLE)  # noqa: E731
    act = lambda action: device.virtual_table.act(action, view())  # noqa: E731 - as the host page does
    flips = 0
    for number, trick in enumerate(tricks[:TRICKS], start=1):
        for i, play in enumerate(trick):
            act({"action": "play", "seat": play["seat"], "tile": play["tile"]})
            settle(device, lambda: c.snapshot.prompt is not None or len(view()["current_trick"]) > i
                   or len(view()["tricks"]) == number)
            if c.snapshot.prompt is not None:  # a black lead: choose its colour with C, then A
                while not c.snapshot.prompt.words.endswith(f"as {play['declare']}? A ok, C next, B no"):
                    c.button("next").result(WAIT_SECONDS)
                c.button("confirm").result(WAIT_SECONDS)
                settle(device, lambda: view()["current_trick"])
        if view()["phase"] == "flip":
            flips += 1
            waiting = view()["awaiting_flip"]
            # Neither clearing nor the next tile may sweep the paradox away before it is read.
            with pytest.raises(IllegalMove, match="A paradox waits"):
                act({"action": "clear"})
            with pytest.raises(IllegalMove, match="A paradox waits"):
                act({"action": "play", "seat": 0, "tile": "red-1-past"})
            assert len(device.virtual_table.table.tiles) == 3
            act({"action": "flip"})
            settle(device, lambda: len(view()["tricks"]) == number)
            assert [p["seat"] for p in view()["tricks"][-1]["plays"] if "timeframe" in p] == waiting
        assert len(view()["tricks"]) == number, view()
        assert [(p["seat"], p["tile"]) for p in view()["tricks"][-1]["plays"]] == \
            [(p["seat"], "-".join(p["tile"].split("-")[:2])) for p in trick]
        assert len(device.virtual_table.table.tiles) == 3  # the scored trick lies there until the next lead
    assert flips >= 1


def test_a_virtual_table_put_away_lets_go_of_its_drawings(tmp_path, lessons):
    """The mat and sensor noise drawn for quick frames weigh some 150 MB at Domino Dynasty's
    5 MP: when the camera game gives way to another, the companion gives them back."""
    from companion.camera import CameraLoop, opener
    from companion.config import defaults
    from companion.service import Companion
    from companion.store import Store
    from vision import synthetic

    with Store(tmp_path / "games.db") as store:
        c = Companion(store)
        c.start()
        state_dir = lessons.give(tmp_path, ["initiative"])
        loop = CameraLoop(c, opener(defaults(on_pi=False), c, state_dir, simulate=True))
        try:
            c.new_game("initiative", {"players": 2}, seed=1).result(WAIT_SECONDS)
            loop.step()
            loop.step()
            assert loop.last_frame is not None and synthetic._MATS and synthetic._NOISE
            c.new_game("island", {}).result(WAIT_SECONDS)
            loop.step()
            assert loop.pipeline is None and not synthetic._MATS and not synthetic._NOISE
            c.new_game("initiative", {"players": 2}, seed=2).result(WAIT_SECONDS)  # drawn again when wanted
            loop.step()
            assert loop.last_frame is not None and loop.last_frame.shape[:2] == (960, 1280)
        finally:
            loop.stop()
            c.stop()


def test_a_companion_told_to_stop_while_it_learns_the_pieces_stops_at_once(tmp_path):
    """A first start learns the virtual table's pieces, which takes a while on a slow machine;
    systemd gives a stopping service 20 s. The lesson runs in a process of its own and is ended
    when the companion stops: no half-written profile is left, and the next start learns again."""
    import threading

    from companion.camera import opener
    from companion.config import defaults

    class Said:  # the companion, as far as opening the camera speaks to it
        def say(self, words):
            raise AssertionError(f"nothing is said to the table here, not {words!r}")

    stopping = threading.Event()
    stopping.set()
    open_pipeline = opener(defaults(on_pi=False), Said(), tmp_path, simulate=True, stopping=stopping)
    assert open_pipeline("paradominetor") is None
    assert not list(tmp_path.glob("vision-profile*")) and not list(tmp_path.glob(".vision-profile*"))
    # Not stopped, the lesson is learnt in its own process and the camera opens with it.
    pipeline = opener(defaults(on_pi=False), Said(), tmp_path, simulate=True)("paradominetor")
    try:
        assert pipeline is not None and (tmp_path / "vision-profile-paradominetor.npz").is_file()
        assert not list(tmp_path.glob(".vision-profile*"))
    finally:
        pipeline.close()



def test_a_hand_held_over_the_virtual_mat_holds_the_reading_back_until_it_goes(device):
    """The host page's hand over the mat: a tile played under it is not read while the hand is
    there (the table waits, as at a real table), and once the hand is taken away it is read as
    soon as a tile put down without a hand would be, not at the slow pace kept for a hand held
    still. The camera runs at 10 frames a second on the companion's clock."""
    tricks, _ = scripted_game(seed=5, names=NAMES)
    c = device.companion
    now = [0.0]
    device.camera.clock = lambda: now[0]

    def frames(n, until=lambda: False):
        for i in range(n):
            now[0] += 0.1
            device.camera.step()
            c.call(lambda: None)
            if until():
                return i + 1
        return None

    c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
    view = lambda: c.snapshot.view(TABLE)  # noqa: E731
    act = lambda action: device.virtual_table.act(action, view())  # noqa: E731 - as the host page does
    lead, second = tricks[0][0], tricks[0][1]
    act({"action": "play", "seat": lead["seat"], "tile": lead["tile"]})  # a tile put down without a hand
    plain = frames(60, lambda: view()["current_trick"] or c.snapshot.prompt is not None)
    assert plain is not None and c.snapshot.prompt is None
    assert act({"action": "hand", "over": True}) == "A hand is over the mat"
    act({"action": "play", "seat": second["seat"], "tile": second["tile"]})
    assert frames(30, lambda: len(view()["current_trick"]) > 1) is None  # waits while the hand is there
    assert act({"action": "hand", "over": False}) == "The hand is off the mat"
    after = frames(60, lambda: len(view()["current_trick"]) > 1)
    assert after is not None and after <= plain + 1, (plain, after)
    assert [p["seat"] for p in view()["current_trick"]] == [lead["seat"], second["seat"]]
    with pytest.raises(IllegalMove, match="hand"):
        act({"action": "hand", "over": "yes"})
