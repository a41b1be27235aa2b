"""Paradox Initiative's OLED in Japanese: its three pages (what the table waits for, the scores,
the worlds) at a table whose language is Japanese, against golden images
(tests/hardware/golden/ja-initiative-*.png), every word fitting the panel.
After an intended change: UPDATE_GOLDEN=1 .venv/bin/pytest tests/hardware/test_oled_japanese_initiative.py
"""
from __future__ import annotations

from test_oled_japanese import JOIN, check_golden, drawn, fits, has_font, screens_of, table  # noqa: F401 - the fixture

from companion.run import screen_for
from patience import WAIT_SECONDS

NAMES = ["さくら", "たろう"]
ANOMALY = ["R1", "Y2", "W3"]
# a matrix with no strand, as tests/initiative/test_table.py deals it, bottom row first
ROWS = ["K1 W2 B3 Y1 K2", "W3 B1 Y2 K3 W1", "R1 R2 R3 B2 Y3", "Y1 K2 W3 R2 B1", "B2 W1 K3 Y2 W2"]
MATRIX = [p for row in reversed(ROWS) for p in row.split()]


def deal(table):
    """A two-player game at seed 0, the anomaly and both matrices told by phone."""
    table.new_game("initiative", {"players": 2, "names": NAMES}, seed=0).result(WAIT_SECONDS)
    for particle in ANOMALY + MATRIX * 2:
        seat = table.snapshot.state.queue[0].seat
        table.submit({"type": "Draw", "seat": seat, "particle": particle}, "phone").result(WAIT_SECONDS)


@has_font
def test_initiatives_screens_in_japanese(table):
    deal(table)
    waiting = screen_for(table.snapshot, JOIN)  # each player keeps one of two tech modules
    assert waiting[0] == "message" and waiting[1]["title"] == "ラウンド1" and waiting[1]["right"] == "準備"
    assert waiting[1]["text"].startswith(f"{NAMES[0]}: テックモジュールを残す。グリッチ: ")
    assert fits(waiting[1]), waiting
    check_golden("initiative-keep", drawn(waiting))
    shown = screens_of(table, ["scoreboard", "worlds"])
    scores = shown["scoreboard"]
    assert scores[1]["title"] == "得点" and [s["name"] for s in scores[1]["seats"]] == NAMES
    check_golden("initiative-scores", drawn(scores))
    worlds = shown["worlds"]
    assert worlds[1]["text"] == "崩壊: なし。ロック: なし。紫の残り: 12。"
    assert fits(worlds[1]), worlds
    check_golden("initiative-worlds", drawn(worlds))

