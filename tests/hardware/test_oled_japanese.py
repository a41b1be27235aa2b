"""The OLED in Japanese: the screens of a real Loop and Paradominetor game at a table whose
language is Japanese, against golden images (tests/hardware/golden/ja-*.png), names drawn as
typed, every screen's words fitting the panel, and a missing font said in the log, never a crash.

The kana and kanji come from Debian's fonts-misaki (`make test` installs it); without it the
golden comparisons are skipped, and the fallback is still tested.
After an intended change: UPDATE_GOLDEN=1 .venv/bin/pytest tests/hardware/test_oled_japanese.py
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.run import screen_for
from companion.service import Companion
from companion.store import Store
from hardware import drawing as screens  # the helpers every screen is drawn with
from hardware.display import Display, emulated_device
from hardware.screens import name_of
from patience import WAIT_SECONDS

GOLDEN = Path(__file__).parent / "golden"
OUTPUT = Path(__file__).parents[1] / "output" / "oled"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
JOIN = "http://paradox-table.local:8080/"
has_font = pytest.mark.skipif(not any(p and Path(p).exists() for p in screens.WIDE_FONT_PATHS),
                              reason="fonts-misaki is not installed (make test installs it)")
LOOP = {"players": 3, "names": ["さくら", "たろう", "はなこ"],
        "destinations": ["ローマ AD ネット 4", "ギザ BC ホイール エンジン 5", "京都 AD カメラ 3"]}
LOOP_MOVES = [{"type": "Act", "seat": 0, "new": "shop", "part": "net", "machine": 1},
              {"type": "Launch", "seat": 0, "machine": 1, "destination": "Rome"},
              {"type": "Act", "seat": 1, "new": "advertise", "destination": "Giza"},
              {"type": "Act", "seat": 2, "new": "armory", "part": "armor", "machine": 1}]
PARADOMINETOR = {"seats": 4, "names": ["さくら", "たろう", "はなこ", "じろう"]}
PARADOX = [{"type": "Play", "seat": 0, "tile": "red-3"}, {"type": "Play", "seat": 1, "tile": "red-3"},
           {"type": "Play", "seat": 2, "tile": "blue-2"}, {"type": "Play", "seat": 3, "tile": "red-5"}]


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    return sum(ImageChops.difference(a.convert("L"), b.convert("L")).histogram()[1:])


@pytest.fixture
def table(tmp_path):
    with Store(tmp_path / "games.db") as store:
        companion = Companion(store)
        companion.start()
        companion.set_language("ja").result(WAIT_SECONDS)
        yield companion
        companion.stop()


def play(table, game, options, moves):
    table.new_game(game, options, seed=0).result(WAIT_SECONDS)
    for move in moves:
        table.submit(move, "phone").result(WAIT_SECONDS)


def drawn(screen):
    with Display(emulated_device()) as d:
        d.show(*screen)
        assert d.screen == name_of(screen[0])  # drawn, not replaced by the error screen
        return d.image


def screens_of(table, pages):
    out = {}
    for page in pages:
        table.show_screen(page).result(WAIT_SECONDS)
        out[page] = screen_for(table.snapshot, JOIN)
    return out


def check_golden(name: str, image: Image.Image):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    image.resize((512, 256), Image.NEAREST).save(OUTPUT / f"oled-ja-{name}.png")
    path = GOLDEN / f"ja-{name}.png"
    if UPDATE:
        image.save(path)
    assert path.exists(), f"no golden image {path.name}; run with UPDATE_GOLDEN=1 to create it"
    assert differing_pixels(image, Image.open(path)) == 0, f"{name} differs from {path}"


def fits(data: dict) -> bool:
    """Every line of the screen's text shows whole: no line cut with '..'."""
    for key in ("text",):
        if key in data:
            if len(screens.wrap(data[key])) > screens.BODY_LINES:
                return False
    return all(screens.text_width(screens.clean(data.get(k, ""))) <= screens.WIDTH - 4
               for k in ("title",))


@has_font
def test_loops_screens_in_japanese(table):
    play(table, "loop", LOOP, LOOP_MOVES)
    shown = screens_of(table, ["auto", "said"])
    name, data = shown["auto"]
    assert name == "scoreboard" and data["title"] == "1日目/3"
    assert [s["name"] for s in data["seats"]] == ["さくら", "たろう", "はなこ"]
    assert shown["said"][1]["title"] == "1日目"
    assert shown["said"][1]["text"] == "武器庫のアーマーをタイムマシンIに追加。"
    for page, screen in shown.items():
        assert fits(screen[1]), screen
        check_golden(f"loop-{page}", drawn(screen))


@has_font
def test_paradominetors_screens_in_japanese(table):
    play(table, "paradominetor", PARADOMINETOR, PARADOX[:2])
    trick = screen_for(table.snapshot, JOIN)
    assert name_of(trick[0]) == "trick" and trick[1]["plays"][0] == {"seat": "さくら", "tile": "赤3"}
    check_golden("paradominetor-trick", drawn(trick))
    for move in PARADOX[2:]:
        table.submit(move, "phone").result(WAIT_SECONDS)
    flip = screen_for(table.snapshot, JOIN)  # the paradox: both red 3s are turned over
    assert flip[0] == "prompt" and flip[1]["title"] == "パラドックス!"
    assert fits(flip[1]), flip
    check_golden("paradominetor-paradox", drawn(flip))
    for seat, back in ((0, "past"), (1, "present")):
        table.submit({"type": "Reveal", "seat": seat, "timeframe": back}, "phone").result(WAIT_SECONDS)
    ruling = screen_for(table.snapshot, JOIN)
    assert ruling[1]["text"] == "トリック1: パラドックス 赤3: さくら 過去 1点、たろう 現在 0.5点"
    assert fits(ruling[1]), ruling
    check_golden("paradominetor-ruling", drawn(ruling))
    scores = screens_of(table, ["scoreboard"])["scoreboard"]
    check_golden("paradominetor-scores", drawn(scores))


@has_font
def test_the_shared_screens_in_japanese():
    check_golden("host", drawn(("host", {"code": "4821", "lang": "ja"})))
    check_golden("unplug", drawn(("unplug", {"safe": True, "lang": "ja"})))
    check_golden("winner", drawn(("winner", {"names": ["はなこ"], "score": 12, "lang": "ja"})))
    check_golden("join", drawn(("join", {"url": JOIN, "lang": "ja"})))


@has_font
def test_japanese_names_are_drawn_as_typed():
    assert screens.clean("さくら　x1") == "さくら x1"  # a full-width space is a space
    board = lambda name: drawn(("scoreboard", {"title": "得点", "seats": [{"name": name, "score": 3}]}))  # noqa: E731
    sakura, marks = board("さくら"), board("???")
    assert differing_pixels(sakura, marks) > 0  # not the '?' of a Latin-1 font
    assert differing_pixels(sakura, board("さくら")) == 0 and differing_pixels(sakura, board("たろう")) > 0
    # 8 px a kana: a 16-kana name fills a line, the score stays on it
    assert screens.text_width("あ" * 16) == screens.WIDTH
    assert screens.wrap("さくらが武器庫を追加: 亀裂が発生、どの店舗も空である。") == \
        ["さくらが武器庫を追加: 亀裂が発", "生、どの店舗も空である。"]


@has_font
def test_a_name_written_with_a_kanji_variant_is_drawn_in_its_everyday_form():
    """髙橋 and 𠮷田 (variants Misaki's 8x8 set lacks) are drawn as 高橋 and 吉田, not ?橋; a
    JIS X 0212 kanji Misaki lacks too (濵) is its everyday 濱, never a blank."""
    board = lambda names: drawn(("scoreboard", {"title": "得点", "seats": [  # noqa: E731
        {"name": n, "score": 3} for n in names]}))
    assert screens.clean("髙橋 𠮷田 濵田") == "高橋 吉田 濱田"
    assert differing_pixels(board(["髙橋", "𠮷田", "濵田"]), board(["高橋", "吉田", "濱田"])) == 0
    assert screens.clean("草彅") == "草?"  # no everyday form: said as missing, not drawn blank


@has_font
def test_a_big_word_keeps_its_kanas_top_strokes():
    """The winner's name at twice the size shows each kana whole: た's and ろ's top strokes were
    cut off (たろう read as たらつ)."""
    name = "たろう"
    small = Image.new("1", (screens.text_width(name), 10))
    screens.text(ImageDraw.Draw(small), 0, 1, name)  # a row of room above the kana
    whole = small.resize((small.width * 2, small.height * 2), Image.NEAREST).convert("L")
    image = drawn(("winner", {"names": [name], "score": 9, "lang": "ja"})).convert("L")
    places = [(x, y) for y in range(11, 64 - whole.height) for x in range(128 - whole.width)
              if differing_pixels(image.crop((x, y, x + whole.width, y + whole.height)), whole) == 0]
    assert places, "the name is not drawn whole at twice its size"


def test_without_the_japanese_font_the_screen_says_so_in_the_log_and_draws(monkeypatch, caplog):
    monkeypatch.setattr(screens, "WIDE_FONT_PATHS", ("/nowhere/misaki_gothic.ttf",))
    screens.wide_font.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="paradox-table"):
            assert screens.clean("さくら 3") == "??? 3"
            image = drawn(("scoreboard", {"title": "得点", "seats": [{"name": "さくら", "score": 3}]}))
        assert image.size == (128, 64)
        assert "install fonts-misaki" in caplog.text
    finally:
        screens.wide_font.cache_clear()


@has_font
def test_paradox_islands_screens_in_japanese(table):
    table.new_game("island", {"players": 3}, seed=0).result(WAIT_SECONDS)
    shown = screens_of(table, ["auto", "markers"])
    name, data = shown["auto"]
    assert name == "message" and (data["title"], data["right"]) == ("パラドックス・アイランド", "準備")
    name, data = shown["markers"]
    assert name == "scoreboard" and data["title"] == "マーカー" and data["right"].startswith("ラウンド")
    for screen in shown.values():
        assert fits(screen[1]), screen
        drawn(screen)  # drawn whole, not replaced by the error screen


DYNASTY = {"players": 2, "names": ["さくら", "たろう"], "roles": ["warfare", "goods"]}
DYNASTY_MOVES = [{"type": "Market", "seat": 0, "dominoes": ["lava/person/EW|lava//EW", "grass//NS|grass//NS",
                                                            "lava//EW|lava//W", "desert//E|desert//W"]},
                 {"type": "Mission", "seat": 0, "needs": ["warfare 3"], "penalty": "remove"},
                 {"type": "Mission", "seat": 1, "needs": ["goods 1 num_people"]},
                 {"type": "Place", "seat": 0, "map": "personal", "cells": [[5, 3], [6, 3]],
                  "halves": ["lava/person/EW", "lava//EW"]}]


@has_font
def test_domino_dynastys_screens_in_japanese(table):
    play(table, "dynasty", DYNASTY, DYNASTY_MOVES)
    shown = screens_of(table, ["auto", "strength", "sources", "missions"])
    name, data = shown["auto"]
    assert name == "message" and (data["title"], data["right"]) == ("ラウンド1", "たろう")
    assert data["text"] == "さくら: 自分のマップF4-G4に溶岩・人・EW|溶岩・EW。軍事力2→4。"
    name, data = shown["strength"]
    assert name == "scoreboard" and (data["title"], data["right"]) == ("勢力", "ラウンド1")
    assert [s["name"] for s in data["seats"]] == ["軍事力", "財力", "道路", "住居", "物資"]
    name, data = shown["sources"]
    assert data["title"] == "内訳" and data["seats"][0]["name"] == "軍 D4:2 ×2"
    assert shown["missions"][1]["text"] == "まだ報告されたミッションはありません。"
    for page, screen in shown.items():
        assert fits(screen[1]), screen
        check_golden(f"dynasty-{page}", drawn(screen))


@has_font
def test_domino_dynastys_camera_questions_in_japanese():
    """What the camera asks at a Dynasty table, in Japanese: a placement the rules refuse (their
    reason in it) and a square in doubt with the market domino that fits it."""
    from companion.games import dynasty
    from companion.games.dynasty.table import MapWatcher
    from companion.i18n import Msg, translate
    from tests.dynasty.test_table import claiming, seen
    state = claiming()
    refused = MapWatcher(dynasty)
    refused.see(seen("personal-0", [((5, 3), "stone//E"), ((5, 4), "stone//W")]))
    doubt = MapWatcher(dynasty)
    doubt.see(seen("personal-0", [((5, 3), "unknown"), ((6, 3), "plains//")]))
    shown = {}
    for name, prompt, buttons in (("refused", refused.next(state), {"A": Msg("look again")}),
                                  ("doubt", doubt.next(state), {"A": Msg("accept"), "B": Msg("reject")})):
        shown[name] = ("prompt", translate({"title": prompt.title, "text": prompt.words, "buttons": buttons}, "ja"))
    assert (shown["refused"][1]["title"], shown["refused"][1]["text"]) == \
        ("できません", "AnaのマップのF4-F5: マスF4の西の辺で道が合っていません")
    assert (shown["doubt"][1]["title"], shown["doubt"][1]["text"]) == ("確認", "Anaのマップ: F4が不確か")
    for name, screen in shown.items():
        assert fits(screen[1]), screen
        check_golden(f"dynasty-camera-{name}", drawn(screen))


def test_a_japanese_line_never_starts_with_a_full_stop_or_comma():
    """Kinsoku: the panel's lines break as Japanese print does. A camera question once showed a
    line starting with "。" (the character before it moves down with it instead)."""
    said = "あきのマップ: F4が新しく見えますが1枚のドミノではありません。ドミノ1枚を2マスに置くか、端末で入力してください"
    lines = screens.wrap(said)
    assert all(screens.text_width(line) <= screens.COLUMNS * screens.CHAR_W for line in lines)
    assert not [line for line in lines[1:] if line[0] in screens.NO_LINE_START]
    assert "".join(lines).replace(" ", "") == said.replace(" ", "")  # nothing lost on the way
    for n in range(1, 40):  # wherever a sentence's end falls on the panel
        lines = screens.wrap("あ" * n + "。ドミノ、「です」ー")
        assert not [line for line in lines[1:] if line[0] in screens.NO_LINE_START], (n, lines)
