"""The rulebook's worked examples, each on an island laid out to match it."""
from dataclasses import replace

import pytest

from companion.games import IllegalMove
from companion.games import island as G
from companion.games.island import layout
from companion.games.island.moves import (Choose, Move, RockAction, UseBonus, WaveAttack,
                                          WaveMove)
from companion.games.island.state import board, piece, set_board

from .helpers import at, game, play, put, turn_of, words

PHIL, SCHRODIE, THESEUS = 1, 2, 3


def test_phil_moves_southwest_onto_portal_3():
    """p.9 A and p.12: 'You're on Portal 3, I'm moving you to another Portal 3'."""
    s = game({"D4": ("portal", "3")})
    start = at("D4", "NE")
    s = turn_of(put(s, "phil", start), PHIL)
    twin = layout.portal_twin(s.island, "D4")
    s, ev = play(s, Move(PHIL, "SW"))
    said = words(ev)
    assert said.index("Phil, you're on Portal 3 (red).") + 1 == \
        said.index("Phil, I'm moving you to another Portal 3 (red).")
    assert piece(s, "phil").space == twin
    assert piece(s, "phil").energy == 4 and s.actions == 1
    # nothing more is said about where the other portal is
    assert not any(twin in w for w in words(ev))


def test_phil_moves_a_space_over_northeast_safely_onto_an_escher_knot():
    """p.9 B: two energy, the knot is named, and Phil is asked whether to activate it."""
    s = game({"D4": ("knot", "")})
    s = turn_of(put(s, "phil", at("D4", "SW", 2)), PHIL)
    s, ev = play(s, Move(PHIL, "NE", over=True, safe=True))
    assert piece(s, "phil").space == "D4"
    assert piece(s, "phil").energy == 2
    assert "Phil, you're on an Escher knot." in words(ev)
    assert s.pending.seat == PHIL
    assert s.pending.options == ("activate", "do not activate")
    s, _ = play(s, Choose(PHIL, "do not activate"))
    assert piece(s, "phil").space == "D4" and s.pending is None


def schrodie_island():
    camp = "C3"
    portal = at(camp, "SE")
    other, knot = "E6", at("E6", "W")
    fixed = {camp: ("camp", "A"), portal: ("portal", "2"), other: ("portal", "2"),
             knot: ("knot", "")}
    return game(fixed, fruits={"phil": "lime", "schrodie": "banana", "theseus": "orange"}), camp, other, knot


def test_schrodies_turn_from_camp_a():
    """p.14: a safe move onto Portal 2, through it, then an unsafe move onto an Escher knot that
    she does not activate thanks to the banana's bonus."""
    s, camp, other, knot = schrodie_island()
    s = turn_of(put(s, "schrodie", camp), SCHRODIE)
    s, ev = play(s, Move(SCHRODIE, "SE", safe=True))
    assert piece(s, "schrodie").energy == 3
    assert "Schrodie, you're on Portal 2 (green)." in words(ev)
    assert s.pending.prompt == "Would you like to activate Portal 2 (green)?"
    s, ev = play(s, Choose(SCHRODIE, "activate"))
    assert piece(s, "schrodie").space == other
    s, ev = play(s, Move(SCHRODIE, "W"))
    assert "Schrodie, you're on an Escher knot." in words(ev)
    assert s.pending.seat == SCHRODIE
    assert s.pending.options == ("activate", "use the banana: do not activate")
    s, ev = play(s, Choose(SCHRODIE, "use the banana: do not activate"))
    assert piece(s, "schrodie").space == knot
    assert dict(board(s, SCHRODIE).fruits)["banana"] == "crossed"
    assert s.actions == 0
    # the Escher knot she visited counts towards her mission
    assert [sym for sym, _ in board(s, SCHRODIE).mission] == ["an Escher knot"]


TRIANGLE = ("D4", "D5", "E4")  # a triangular lake: E4 lies behind D4 when moving northwest


def theseus_lake_island():
    fixed = {c: ("lake", "triangular") for c in TRIANGLE}
    fixed.update({at("D4", "NW"): ("fruit", "banana"), at("D5", "NW"): ("knot", ""),
                  at("D4", "NW", 2): ("camp", "A"), at("D5", "NW", 2): ("anomaly", "")})
    s = game(fixed, anomalies={at("D5", "NW", 2): "health"},
             fruits={"phil": "lime", "schrodie": "cherries", "theseus": "orange"})
    return replace(s, bush=at("D5", "NW", 2))


def test_theseus_lying_in_the_triangular_lake_moves_northwest():
    """p.13: the OP may take him to the banana or the Escher knot; a space over, to Camp A or
    the anomaly with the Bush (never across the lake itself)."""
    s = theseus_lake_island()
    s = turn_of(put(s, "theseus", "E4", lying=True), THESEUS)
    one, _ = play(s, Move(THESEUS, "NW"))
    assert one.pending.seat == 0 and one.pending.kind == "lake_exit"
    assert set(one.pending.options) == {at("D4", "NW"), at("D5", "NW")}
    two, _ = play(s, Move(THESEUS, "NW", over=True))
    assert set(two.pending.options) == {at("D4", "NW", 2), at("D5", "NW", 2)}
    # the OP sends him to the anomaly with the Bush: it attacks him (the move was unsafe)
    after, ev = play(two, Choose(0, at("D5", "NW", 2)))
    assert "The Bush attacks Theseus: lose 1 health and 1 energy." in words(ev)
    assert piece(after, "theseus").lying is False


def test_theseus_walks_through_a_lake_safely():
    """p.13: a safe move into the lake, not activated; then a space over safely across the lake
    to an anomaly with health loss, which he does not activate."""
    fixed = {c: ("lake", "triangular") for c in TRIANGLE}
    fixed.update({at("E4", "SE"): ("portal", "2"), at("E4", "NW", 2): ("anomaly", "")})
    s = game(fixed, anomalies={at("E4", "NW", 2): "health"},
             fruits={"phil": "lime", "schrodie": "cherries", "theseus": "orange"})
    s = turn_of(put(s, "theseus", at("E4", "SE")), THESEUS)
    s, _ = play(s, Move(THESEUS, "NW", safe=True), Choose(THESEUS, "do not activate"))
    assert piece(s, "theseus").space == "E4" and not piece(s, "theseus").lying
    s, ev = play(s, Move(THESEUS, "NW", over=True, safe=True))
    assert "Theseus, you're on an anomaly with health loss." in words(ev)
    s, _ = play(s, Choose(THESEUS, "do not activate"))
    assert piece(s, "theseus").health == 4 and piece(s, "theseus").energy == 1


def test_the_wave_attacks_hempel_then_moves_to_reach_theseus():
    """p.16: Hempel on a corner beside the Wave's part; Theseus beside another part; Schrodie
    inland. The OP moves the Wave to the part both are beside and may attack each once."""
    s = game(characters=("hempel", "theseus", "schrodie"), wave="north",
             fruits={"hempel": "lime", "theseus": "orange", "schrodie": "cherries"})
    s = put(put(put(s, "hempel", "A4"), "theseus", "B5"), "schrodie", "D4")
    s = turn_of(s, 0)
    for who in ("theseus", "schrodie"):
        with pytest.raises(IllegalMove, match="not beside the Wave"):
            G.apply(s, WaveAttack(who))
    s, _ = play(s, WaveMove("north-east"))
    s, ev = play(s, WaveAttack("hempel"), WaveAttack("theseus"))
    assert piece(s, "hempel").health == 3 and piece(s, "theseus").health == 3
    assert "The Wave attacks Hempel: lose 1 health point." in words(ev)
    with pytest.raises(IllegalMove, match="all 3 actions"):
        G.apply(s, WaveMove("north"))
    again = replace(s, actions=1)
    with pytest.raises(IllegalMove, match="already attacked"):
        G.apply(again, WaveAttack("hempel"))


def test_the_rock_pushes_schrodie_into_the_lake_or_theseus_onto_a_mirage():
    """p.17: from the Rock, Schrodie is pushed southwest into a lake (on her side if the OP
    wishes); Theseus is pushed east onto a mirage."""
    rock = "D4"
    fixed = {at(rock, "SW", 2): ("lake", "straight"), at(rock, "E", 2): ("mirage", ""),
             rock: ("anomaly", "")}
    s = game(fixed, rock=rock, fruits={"phil": "lime", "schrodie": "cherries", "theseus": "orange"})
    s = put(put(s, "schrodie", at(rock, "SW")), "theseus", at(rock, "E"))
    s = turn_of(s, 0)
    pushed, ev = play(s, RockAction(push="schrodie"))
    assert "The Rock pushes Schrodie southwest." in words(ev)
    assert piece(pushed, "schrodie").space == at(rock, "SW", 2)
    assert pushed.pending.seat == 0 and pushed.pending.kind == "activate"
    pushed, _ = play(pushed, Choose(0, "activate"))
    assert piece(pushed, "schrodie").lying
    east, ev = play(s, RockAction(push="theseus"), Choose(0, "activate"))
    assert piece(east, "theseus").space == at(rock, "E", 2)
    assert piece(east, "theseus").health == 3  # the mirage


def test_the_rock_pushes_across_a_whole_lake_and_into_the_ocean():
    """p.17: a captive on a lake space goes straight across the entire lake; lying, it can be
    pushed from any space beside the lake; in the same lake it cannot be pushed."""
    lake = ("D3", "D4", "D5")
    s = game({c: ("lake", "straight") for c in lake} | {"D2": ("anomaly", "")}, rock="D2",
             fruits={"phil": "lime", "schrodie": "cherries", "theseus": "orange"})
    s = turn_of(put(s, "schrodie", "D3"), 0)
    across, _ = play(s, RockAction(push="schrodie"))
    assert piece(across, "schrodie").space == "D6"
    lying = replace(put(s, "schrodie", "D5", lying=True), rock=at("D4", "NW"))
    pushed, _ = play(lying, RockAction(push="schrodie", push_direction="SE"))
    assert piece(pushed, "schrodie").space == at("D4", "SE")
    same = replace(lying, rock="D3")
    with pytest.raises(IllegalMove, match="same lake"):
        G.apply(same, RockAction(push="schrodie"))
    # into the ocean from the edge, with the Wave there: it attacks, then back to the fruit
    edge = replace(put(s, "theseus", "A2"), rock="B2", wave="north")
    out, ev = play(edge, RockAction(push="theseus", push_direction="NE"))
    assert "Theseus, you are in the ocean with the Wave." in words(ev)
    assert piece(out, "theseus").health == 3
    assert piece(out, "theseus").space == layout.find(out.island, "fruit", "orange")[0]


def test_theseus_steps_into_the_ocean_with_the_wave():
    """p.14: a space over southwest unsafely into the ocean; the Wave is there and attacks; OP
    asks for his starting fruit and puts him on the banana."""
    s = game(fruits={"phil": "lime", "schrodie": "cherries", "theseus": "banana"},
             wave="south-west")
    s = turn_of(put(s, "theseus", "E2"), THESEUS)
    s, ev = play(s, Move(THESEUS, "SW", over=True))
    assert "Theseus, you are in the ocean with the Wave." in words(ev)
    assert "Theseus, remind me, what's your starting fruit?" in words(ev)
    assert piece(s, "theseus").health == 3
    assert piece(s, "theseus").space == layout.find(s.island, "fruit", "banana")[0]


def test_theseus_follows_an_escher_knot_to_an_oracle():
    """p.11: from the cherries onto an Escher knot, along its arrow to an oracle, which counts
    towards his mission and then activates."""
    knot = "D4"
    # cherries-knot1 with the cherries east of the knot: the tile is turned 3 times, so the
    # arrow from the east side leads out of the north-east side
    fixed = {knot: ("knot", "1"), at(knot, "E"): ("fruit", "cherries"),
             at(knot, "NE"): ("oracle", "")}
    s = game(fixed, fruits={"phil": "lime", "schrodie": "orange", "theseus": "cherries"})
    assert layout.knot_exit(s.island, knot, "W") == "NE"
    s = turn_of(s, THESEUS)
    s, ev = play(s, Move(THESEUS, "W"))
    assert words(ev)[1:4] == ["Theseus, you're on an Escher knot.", "Theseus, you move along the arrow.",
                              "Theseus, you're on an oracle."]
    assert [sym for sym, _ in board(s, THESEUS).mission] == ["an oracle"]
    assert s.pending.kind == "oracle" and s.pending.seat == THESEUS


def test_schrodie_asks_the_oracle_northeast_and_west():
    """p.11: 'To the northeast is an arrow anomaly. To the west is a triangular lake.'"""
    oracle = "D4"
    fixed = {oracle: ("oracle", ""), at(oracle, "NE"): ("anomaly", ""),
             at(oracle, "W"): ("lake", "triangular")}
    s = game(fixed, anomalies={at(oracle, "NE"): "arrow"},
             fruits={"phil": "lime", "schrodie": "orange", "theseus": "cherries"})
    s = turn_of(put(s, "schrodie", at(oracle, "SE")), SCHRODIE)
    s, _ = play(s, Move(SCHRODIE, "NW", safe=True), Choose(SCHRODIE, "activate"))
    s, ev = play(s, Choose(SCHRODIE, "NE W"))
    assert words(ev) == ["Northeast and west.",
                         "To the northeast is an arrow anomaly. To the west is the triangular lake."]


def test_theseus_uses_the_banana_to_move_safely_to_the_orange():
    """p.10: banana, orange and cherries circled; the banana moves him safely to the orange; the
    same bonus again needs the cherries (or grapes)."""
    s = game(fruits={"phil": "lime", "schrodie": "grapes", "theseus": "banana"}, bush=None)
    s = replace(s, bush=layout.find(s.island, "fruit", "strawberry")[0])
    s = set_board(s, THESEUS, fruits=(("banana", "circled"), ("orange", "circled"),
                                      ("cherries", "circled")),
                  visited_fruits=("banana", "orange", "cherries"))
    s = turn_of(s, THESEUS)
    s, ev = play(s, UseBonus(THESEUS, "banana", target="orange"))
    orange = layout.find(s.island, "fruit", "orange")[0]
    assert piece(s, "theseus").space == orange
    assert s.pending.options == ("activate", "do not activate")  # moved safely
    assert s.actions == 2  # a free action
    s, _ = play(s, Choose(THESEUS, "do not activate"))
    with pytest.raises(IllegalMove, match="not circled"):
        G.apply(s, UseBonus(THESEUS, "banana", target="cherries"))
    s, _ = play(s, UseBonus(THESEUS, "cherries", target="banana"))
    assert piece(s, "theseus").space == layout.find(s.island, "fruit", "banana")[0]


def test_theseus_counts_only_the_first_portal_of_a_pair():
    """p.24: the other space of Portal 2 does not count again."""
    s = game({"D4": ("portal", "2")}, fruits={"phil": "lime", "schrodie": "grapes",
                                               "theseus": "orange"})
    s = turn_of(put(s, "theseus", at("D4", "W")), THESEUS)
    s, _ = play(s, Move(THESEUS, "E"))  # onto Portal 2 and through it
    assert [sym for sym, _ in board(s, THESEUS).mission] == ["Portal 2"]
    assert [sp for _, sp in board(s, THESEUS).mission] == ["D4"]
