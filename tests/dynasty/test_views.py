"""What the table, the phones and the OLED show: every role's live strength with where it comes
from after each placement, and each mission's pass or fail with the numbers that decided it."""
import json

from companion.games import dynasty
from companion.games.base import TABLE, Viewer
from companion.games.dynasty import oled
from companion.games.dynasty.moves import Market, Mission, Place

from .helpers import free, lay


def test_each_placement_says_what_it_changed_and_the_view_says_where_strength_comes_from():
    state = free()
    state, said = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava/person/W", "lava//")))
    assert said[-1].text() == "P1 placed lava person paths W | lava on F4-G4 of their map. Military 2->4."
    state = lay(state, 0, "shared", ((5, 1), (6, 1)), "lava//", "lava//")
    warfare = dynasty.view(state, TABLE)["strength"]["warfare"]
    assert warfare["strength"] == 8 and warfare["province"] == 4 and warfare["total"] == 2
    assert warfare["capitals"] == [{"square": "D4", "icon": "warfare", "worth": 2, "people": ["F4"],
                                    "doubled_by": [], "halved_by": [], "cancelled": [], "marks": []}]
    words = dynasty.view(state, Viewer.of_seat(2))["strength_words"]
    assert "Military 8 = (2 military capital D4 (1 people)) x province 4" in words
    assert any(w.startswith("Money 8 (not in the game") for w in words)


def test_the_report_gives_each_mission_s_numbers_to_everyone():
    state = dynasty.setup({"players": 2, "roles": ["warfare", "goods"]}, 0)
    state, _ = dynasty.apply(state, Market(0, ("grass//|grass//",) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("warfare 1", "goods 3")))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    table = dynasty.view(state, TABLE)
    first = table["missions"][0]
    goods = table["strength"]["goods"]["strength"]
    assert first["result"] == [{"role": "warfare", "needed": 1, "had": 2, "passed": True},
                               {"role": "goods", "needed": 3, "had": goods, "passed": goods >= 3}]
    assert table["report"][0].startswith("P1's mission " + ("passed" if goods >= 3 else "failed")
                                         + f": Military 2 of 1 needed, Goods {goods} of 3 needed")


def test_the_oled_pages_show_the_strengths_and_the_report():
    state = free()
    view = dynasty.view(state, TABLE)
    name, data = oled.screen(view, "strength", "")
    assert name == "scoreboard"
    assert [(s["name"], s["score"]) for s in data["seats"]] == [
        ("Military", 2), ("Money", 2), ("Roads", 2), ("Housing", 2), ("Goods", 2)]
    state, _ = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava/person/W", "lava//")))
    name, data = oled.screen(dynasty.view(state, TABLE), "auto", "")
    assert name == "message" and data["text"].endswith("Military 2->4.")
    name, data = oled.screen(dynasty.view(state, TABLE), "missions", "")
    assert data["text"] == "No mission reported yet."
    json.dumps(data)


def test_the_oled_says_where_each_strength_comes_from():
    state = free()
    state = lay(state, 0, "personal", ((5, 3), (6, 3)), "lava/person/W", "lava//")
    state = lay(state, 0, "shared", ((5, 1), (6, 1)), "lava//", "lava//")
    name, data = oled.screen(dynasty.view(state, TABLE), "sources", "")
    assert name == "scoreboard"
    assert [(s["name"], s["score"]) for s in data["seats"]] == [
        ("Mil D4:2 x4", 8), ("Mon not in game", 8), ("Roa D4:1 x2", 2), ("Hou not in game", 8),
        ("Goo D4:1 x2", 2)]


def test_secret_missions_stay_on_their_holders_phones_through_random_games_with_events():
    """Random games with Proximity Papa's events (Political Power swaps, Good Times choices) and the
    powers (the Sister puts missions back): a hidden mission's words reach no other viewer."""
    import random
    for seed in range(3):
        rng = random.Random(seed)
        state = dynasty.setup({"players": 3, "proximity": "yes", "powers": "yes"}, seed)
        for _ in range(300):
            if dynasty.is_over(state):
                break
            state, _ = dynasty.apply(state, rng.choice(dynasty.legal_moves(state)))
            hidden = dynasty.secrets(state)
            for seat in range(3):
                others = [TABLE] + [Viewer.of_seat(s) for s in range(3) if s != seat]
                for words in hidden[f"seat-{seat}"]:
                    assert words in json.dumps(dynasty.view(state, Viewer.of_seat(seat)))
                    for viewer in others:
                        assert words not in json.dumps(dynasty.view(state, viewer)), (words, viewer)



def _drawn(screen_data: dict) -> bytes:
    from PIL import Image, ImageDraw
    from hardware.drawing import HEIGHT, WIDTH
    from hardware.screens import draw_screen
    image = Image.new("1", (WIDTH, HEIGHT))
    draw_screen(ImageDraw.Draw(image), "message", screen_data)
    return image.tobytes()


def test_the_oled_keeps_a_long_placement_s_strength_changes_whole():
    """Six lines of 21 columns would be cut at "Military.." on the OLED's five: there it names who
    and where and keeps the changes whole; the phones, and a placement that fits, keep the halves."""
    from companion.i18n import translate
    from hardware.drawing import BODY_LINES, wrap
    halves = ("lava/money/NESW", "lava/person/NESW")
    state, said = dynasty.apply(free(), Place(0, "personal", ((5, 3), (6, 3)), halves))
    assert len(wrap(said[-1].text())) > BODY_LINES
    view = dynasty.view(state, TABLE)
    name, data = oled.screen(view, "auto", "")
    assert data["text"] == view["said"] and "lava money capital paths NESW" in view["said"]
    assert str(data["short"]) == "P1 placed on F4-G4 of their map. Military 2->6."
    assert translate(data["short"], "ja") == "P1: 自分のマップF4-G4に置いた。軍事力2→6。"
    shown = translate(data, "en")
    assert _drawn(shown) == _drawn({**shown, "text": shown["short"], "short": None}) != _drawn(
        {**shown, "short": None})
    # Japanese says it all in three lines: drawn whole
    shown = translate(data, "ja")
    assert len(wrap(shown["text"])) <= BODY_LINES
    assert _drawn(shown) == _drawn({**shown, "short": None}) != _drawn({**shown, "text": shown["short"]})
    # a placement that fits five lines is drawn whole
    state, _ = dynasty.apply(free(), Place(0, "personal", ((5, 3), (6, 3)), ("lava/person/W", "lava//")))
    shown = translate(oled.screen(dynasty.view(state, TABLE), "auto", "")[1], "en")
    assert _drawn(shown) == _drawn({**shown, "short": None}) != _drawn({**shown, "text": shown["short"]})
