"""A whole 3-player Paradominetor game played only by putting tiles on the virtual mat.

Every play is read from synthetic camera frames by the real vision pipeline; black leads are
declared with the buttons, paradox tiles are flipped on the mat and their backs read. After each
trick the OLED shows exactly what the replay of the same record shows, and so does the winner.
"""
import json

import numpy as np

from companion import records
from companion.games import TABLE
from companion.panel import oled_screen
from companion.games.paradominetor.scripted import scripted_game
from hardware.display import Display, emulated_device

from camera_feed import settle
from patience import WAIT_SECONDS

NAMES = ["Ana", "Ben", "Cy"]



def oled_for_record(lines, join_url):
    """What the OLED shows for a replayed record: the same screen code, a fresh dummy device."""
    rep = records.replay([json.dumps(line) for line in lines])

    class Snap:
        shutting_down = False
        prompt = None
        alert = ""
        screen = "auto"
        message = ""

        @staticmethod
        def view(viewer):
            return rep.rules.view(rep.state, viewer)
        session = True

    with Display(emulated_device()) as display:
        display.show(*oled_screen(Snap, join_url))
        return np.array(display.image)


def test_a_whole_game_on_the_virtual_mat(device):
    tricks, final = scripted_game(seed=5, names=NAMES)
    c = device.companion
    c.new_game("paradominetor", {"seats": 3, "names": NAMES}, seed=0).result(WAIT_SECONDS)
    header = {"game": "paradominetor", "seats": 3, "names": NAMES}
    flips = 0
    for number, trick in enumerate(tricks, start=1):
        device.virtual_table.act({"action": "clear"})
        settle(device, lambda: device.camera.tracker.stable == [])
        for i, play in enumerate(trick):
            device.virtual_table.act({"action": "play", "seat": play["seat"], "tile": play["tile"]})
            plays_before = i
            settle(device, lambda: c.snapshot.prompt is not None
                   or len(c.snapshot.view(TABLE)["current_trick"]) > plays_before
                   or len(c.snapshot.view(TABLE)["tricks"]) == number)
            if c.snapshot.prompt is not None:  # a black lead: choose its colour with C, then A
                assert play.get("declare"), c.snapshot.prompt.text
                while not c.snapshot.prompt.words.endswith(f"as {play['declare']}? A ok, C next, B no"):
                    c.button("next").result(WAIT_SECONDS)
                c.button("confirm").result(WAIT_SECONDS)
        view = c.snapshot.view(TABLE)
        if view["phase"] == "flip":
            flips += 1
            assert device.display.screen == "prompt"
            device.virtual_table.act({"action": "flip", "seats": view["awaiting_flip"]})
            settle(device, lambda: len(c.snapshot.view(TABLE)["tricks"]) == number)
        view = c.snapshot.view(TABLE)
        assert len(view["tricks"]) == number, view
        live = np.array(device.display.image)
        expected = oled_for_record([header] + [{"trick": t} for t in tricks[:number]], device.companion.join_url)
        if number < 15:
            assert (live == expected).all(), f"OLED differs after trick {number}"
    assert flips >= 1
    rep = records.replay([json.dumps(header)] + [json.dumps({"trick": t}) for t in tricks])
    assert records.result(rep)["winners"] == c.snapshot.view(TABLE)["winners"]
    assert records.result(rep)["scores"] == c.snapshot.view(TABLE)["scores"]
    assert device.display.screen == "winner"
    assert (np.array(device.display.image) ==
            oled_for_record([header] + [{"trick": t} for t in tricks], device.companion.join_url)).all()
