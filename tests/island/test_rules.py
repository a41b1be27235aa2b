"""One rule at a time: moving, spaces, encounters, perishing, the OP's pieces, setup, characters."""
from dataclasses import replace

import pytest

from companion.games import MASTER, TABLE, IllegalMove, Viewer
from companion.games import island as G
from companion.games.island import board as geo
from companion.games.island import catalog, layout
from companion.games.island.moves import (BuildIsland, BushAction, Choose, ChooseStartingFruit,
                                          EndTurn, Move, PlaceOpPieces, Rest, RockAction,
                                          UseBonus, UseExtraBonus, WaveAttack, WaveMove)
from companion.games.island.state import board, piece, set_board

from .helpers import at, game, play, put, turn_of, words

FRUITS = {"phil": "lime", "schrodie": "cherries", "theseus": "orange", "hempel": "banana",
          "achilles": "grapes", "granddead": "strawberry"}


def settle(s):
    """Answer every pending decision with its first option."""
    while s.pending is not None and not G.is_over(s):
        s, _ = G.apply(s, Choose(s.pending.seat, s.pending.options[0]))
    return s


def make(characters=("phil", "schrodie", "theseus"), fixed=None, **kw):
    fruits = kw.pop("fruits", None) or {c: FRUITS[c] for c in characters}
    return game(fixed, characters=characters, fruits=fruits, **kw)


# ---------------------------------------------------------------- moving and energy

def test_a_space_over_and_safely_each_cost_one_energy():
    s = turn_of(put(make(), "phil", "D4"), 1)
    for over, safe, cost in [(False, False, 0), (True, False, 1), (False, True, 1), (True, True, 2)]:
        after, _ = G.apply(s, Move(1, "E", over=over, safe=safe))
        assert piece(after, "phil").energy == 4 - cost
    tired = put(s, "phil", "D4", energy=1)
    with pytest.raises(IllegalMove, match="needs 2 energy"):
        G.apply(tired, Move(1, "E", over=True, safe=True))


def test_two_actions_a_turn_and_resting_restores_two_energy():
    s = turn_of(put(make(), "phil", "D4", energy=1), 1)
    s, _ = play(s, Rest(1))
    assert piece(s, "phil").energy == 3
    s, _ = play(s, Rest(1))
    assert piece(s, "phil").energy == 4  # never above the board's maximum
    with pytest.raises(IllegalMove, match="no actions left"):
        G.apply(s, Rest(1))
    with pytest.raises(IllegalMove, match="not Schrodie's turn"):
        G.apply(s, Move(2, "E"))


def test_schrodie_moves_two_spaces_over_for_free_and_only_the_last_counts():
    s = make(fixed={"D4": ("knot", ""), "D5": ("mirage", "")})
    s = turn_of(put(s, "schrodie", "D3"), 2)
    s, ev = play(s, Move(2, "E", over=True))
    assert piece(s, "schrodie").space == "D6" and piece(s, "schrodie").energy == 4
    assert "Schrodie: I'm moving east two spaces over unsafely." in [e.text() for e in ev]
    assert all("mirage" not in sym and "knot" not in sym for sym, _ in board(s, 2).mission)
    safe, _ = play(turn_of(put(s, "schrodie", "D3"), 2), Move(2, "E", over=True, safe=True))
    assert piece(safe, "schrodie").energy == 3


def test_moving_unsafely_from_one_lake_space_to_another_lays_the_piece_down():
    lake = ("D3", "D4", "D5")
    s = make(fixed={c: ("lake", "straight") for c in lake})
    s = turn_of(put(s, "phil", "D3"), 1)  # standing, not lying
    s, ev = play(s, Move(1, "E"), Choose(1, "activate"))
    assert piece(s, "phil").lying
    # Phil may refuse to lie down, even after an unsafe move
    assert "stay standing (Phil's ability)" in G.apply(
        turn_of(put(s, "phil", "D3"), 1), Move(1, "E"))[0].pending.options


def test_from_a_lake_into_the_ocean_only_when_no_island_space_is_possible():
    lake = ("A1", "A2", "A3")
    s = make(fixed={c: ("lake", "straight") for c in lake})
    s = turn_of(put(s, "theseus", "A2", lying=True), 3)
    north, _ = play(s, Move(3, "NE"))  # every lake space has the ocean to its north-east
    assert north.pending.kind == "lake_exit"
    assert set(north.pending.options) == {"ocean:A1", "ocean:A2", "ocean:A3"}
    south, _ = play(s, Move(3, "SE"))
    assert south.pending.kind == "lake_exit"
    assert set(south.pending.options) == {at(c, "SE") for c in lake}
    # the OP is asked where Theseus lands, and each answer is a landing place in words
    assert south.pending.prompt == "Theseus leaves the lake southeast: where does Theseus come out?"
    assert {c["words"] for c in G.view(north, MASTER)["decision"]["choices"]} == {
        "into the ocean beside A1", "into the ocean beside A2", "into the ocean beside A3"}


# ---------------------------------------------------------------- spaces

def test_a_fruit_is_circled_once_and_a_camp_regenerates():
    s = make(fixed={"D4": ("fruit", "banana"), "D5": ("camp", "")})
    s = turn_of(put(s, "phil", "D3", health=2), 1)
    s, ev = play(s, Move(1, "E"))
    assert dict(board(s, 1).fruits)["banana"] == "circled"
    assert "Phil, circle the banana." in words(ev)
    s, _ = play(s, Move(1, "E"))
    assert s.pending.options == ("2 health", "2 energy", "1 health and 1 energy")
    s, _ = play(s, Choose(1, "2 health"))
    assert piece(s, "phil").health == 4


def test_a_mirage_names_its_vision_and_costs_a_health_point():
    s = make(fixed={"D4": ("mirage", "zombies")})
    s, ev = play(turn_of(put(s, "phil", "D3"), 1), Move(1, "E"))
    assert "Phil, you're on a mirage with zombies." in words(ev)
    assert piece(s, "phil").health == 3


def test_an_escher_knot_into_the_ocean_returns_the_captive_to_the_starting_fruit():
    # an Escher knot on the island's east corner: half its sides face the ocean
    s = make(fixed={"D7": ("knot", "3"), "D6": ("anomaly", "")})
    assert geo.step("D7", layout.knot_exit(s.island, "D7", "E")) is None  # on this island
    s = turn_of(put(s, "theseus", "D6"), 3)
    s, ev = play(s, Move(3, "E"))
    assert words(ev)[1:4] == ["Theseus, you're on an Escher knot.", "Theseus, you move along the arrow.",
                              "Theseus, you are in the ocean."]
    assert piece(s, "theseus").space == layout.find(s.island, "fruit", "orange")[0]


@pytest.mark.parametrize("token, check", [
    ("health", lambda s: piece(s, "phil").health == 3),
    ("energy", lambda s: piece(s, "phil").energy == 3),
])
def test_anomalies_that_cost_points(token, check):
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": token}, rock="D4")
    s = replace(s, rock=None)
    s, _ = play(turn_of(put(s, "phil", "D3"), 1), Move(1, "E"))
    assert check(s)


def test_the_fruit_loss_anomaly_lets_the_op_choose_a_circled_fruit():
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "fruit"})
    s = set_board(s, 1, fruits=(("lime", "circled"), ("grapes", "circled")))
    s, _ = play(turn_of(put(s, "phil", "D3"), 1), Move(1, "E"))
    assert s.pending.seat == 0 and set(s.pending.options) == {"lime", "grapes"}
    s, ev = play(s, Choose(0, "grapes"))
    assert dict(board(s, 1).fruits)["grapes"] == "crossed"


def test_an_anomaly_gives_the_op_one_action_out_of_turn():
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "bush"})
    s = replace(s, bush="D6")
    s = turn_of(put(s, "phil", "D3"), 1)
    s, ev = play(s, Move(1, "E"))
    assert "I take one action with the Bush now." in words(ev)
    assert s.pending.kind == "op_action" and s.interrupt == "Bush"
    with pytest.raises(IllegalMove):
        G.apply(s, RockAction(direction="E"))  # only the Bush may act
    s, ev = play(s, BushAction("W"))
    assert s.bush == "D5" and s.pending is None and s.turn == 1
    assert s.actions == 1  # Phil's turn goes on


def test_anomalies_that_move_the_captive_leave_activation_to_the_op():
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "to-lake"})
    s, _ = play(turn_of(put(s, "phil", "D3"), 1), Move(1, "E"))
    assert set(s.pending.options) == set(layout.find(s.island, "lake"))
    target = s.pending.options[0]
    s, ev = play(s, Choose(0, target))
    assert piece(s, "phil").space == target
    assert s.pending.seat == 0 and s.pending.kind == "activate"


def test_the_arrow_anomaly_moves_the_captive_to_an_adjacent_space_named_by_direction():
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "arrow"})
    s, _ = play(turn_of(put(s, "phil", "D3"), 1), Move(1, "E"))
    assert set(s.pending.options) == set(geo.DIRECTIONS)
    s, ev = play(s, Choose(0, "SE"))
    assert "Phil, I'm moving you southeast." in words(ev)
    assert piece(s, "phil").space == at("D4", "SE")


def test_the_escher_anomaly_offers_two_exits_depending_on_the_side_entered():
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "escher"})
    turns = layout.space(s.island, "D4").turns
    s, _ = play(turn_of(put(s, "phil", "D3"), 1), Move(1, "E"))
    token = catalog.anomaly_tokens()["escher"]
    assert s.pending.options == layout.escher_like_exits(s.island, "D4", token, "E")
    assert len(s.pending.options) == 2 and turns in range(6)


# ---------------------------------------------------------------- encounters

def test_unsafe_onto_the_bush_it_attacks_safe_onto_it_scares_it_off():
    s = make()
    s = turn_of(replace(put(s, "phil", "D3"), bush="D4"), 1)
    hit, ev = play(s, Move(1, "E"))
    assert "The Bush attacks Phil: lose 1 health and 1 energy." in words(ev)
    assert (piece(hit, "phil").health, piece(hit, "phil").energy) == (3, 3)
    scared, ev = play(s, Move(1, "E", safe=True))
    assert "Phil scares off the Bush; I take it off the map." in words(ev)
    assert scared.bush is None and scared.actions == 2  # one spent, one gained
    scared, _ = play(scared, Choose(1, "do not activate"), EndTurn(1))
    assert scared.pending.kind == "op_return"
    assert all(layout.space(s.island, o).kind == "fruit" for o in scared.pending.options)
    assert layout.find(s.island, "fruit", "lime")[0] not in scared.pending.options or \
        piece(scared, "phil").space != layout.find(s.island, "fruit", "lime")[0]
    back, ev = play(scared, Choose(0, scared.pending.options[0]))
    assert back.bush == scared.pending.options[0]
    assert "The Bush is back on the map." in words(ev)


def test_scaring_off_the_wave_in_the_ocean():
    s = make(wave="south")
    s = turn_of(put(s, "phil", "G2"), 1)
    s, ev = play(s, Move(1, "SE", safe=True))
    assert "Phil scares off the Wave; I take it off the map." in words(ev)
    assert s.wave is None


def test_captives_meeting_are_named_and_theseus_circles_an_additional_bonus():
    s = make()
    s = turn_of(put(put(s, "theseus", "D3"), "phil", "D4"), 3)
    s, ev = play(s, Move(3, "E"))
    assert "Also here: Phil." in words(ev)
    assert board(s, 3).extra[0] == "circled"
    s = replace(s, pending=None)
    energy = piece(s, "theseus").energy
    s = put(s, "theseus", "D4", energy=1)
    s, _ = play(s, UseExtraBonus(3, 1))
    assert piece(s, "theseus").energy == 2 and board(s, 3).extra[0] == "crossed"
    with pytest.raises(IllegalMove, match="not circled"):
        G.apply(s, UseExtraBonus(3, 1))
    assert energy == 4


# ---------------------------------------------------------------- perishing and revival

def test_perishing_in_your_own_turn_revives_you_at_once_at_a_camp():
    s = make(fixed={"D4": ("mirage", "")})
    s = turn_of(put(s, "phil", "D3", health=1, energy=0), 1)
    s, ev = play(s, Move(1, "E"))
    assert "Phil perishes; I take an anomaly token (1 of 5)." in words(ev)
    assert s.pending.seat == 1 and s.pending.options == ("A", "B")
    s, ev = play(s, Choose(1, "B"))
    p = piece(s, "phil")
    assert p.space == layout.find(s.island, "camp", "B")[0]
    assert (p.health, p.energy) == (4, 4) and s.actions == 1


def test_perishing_in_someone_elses_turn_waits_for_the_end_of_that_turn():
    s = make(wave="north")
    s = turn_of(put(put(s, "phil", "A2", health=1), "theseus", "A3", health=1), 0)
    s, ev = play(s, WaveAttack("theseus"), WaveAttack("phil"))
    assert piece(s, "phil").space is None and piece(s, "theseus").space is None
    assert s.perished == 2 and G.scores(s)[0] == 2
    s, _ = play(s, EndTurn(0))
    assert s.pending.seat == 1  # Phil, closest to the OP's left, first
    s, _ = play(s, Choose(1, "A"))
    assert s.pending.seat == 3
    s, _ = play(s, Choose(3, "A"))
    assert s.turn == 1 and piece(s, "theseus").space == piece(s, "phil").space


def test_the_op_wins_at_the_fifth_perish():
    s = replace(make(wave="north"), perished=4)
    s = turn_of(put(s, "phil", "A2", health=1), 0)
    s, ev = play(s, WaveAttack("phil"))
    assert G.is_over(s) and G.winners(s) == [0]
    assert "The Omnipotence Paradox completes the mission and wins the game." in words(ev)


def test_a_completed_mission_ends_the_game_at_once():
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "health"})
    s = set_board(s, 1, mission=(("an anomaly", "A1"), ("an anomaly", "A2"), ("an anomaly", "A3"),
                                 ("an anomaly", "A4")))
    s = turn_of(put(s, "phil", "D3", health=1), 1)
    s, ev = play(s, Move(1, "E"))
    # the mission counts when the space is named, before the anomaly would kill Phil
    assert G.winners(s) == [1] and piece(s, "phil").health == 1
    assert words(ev)[-1] == "Phil completes the mission and wins the game."


# ---------------------------------------------------------------- the OP's pieces

def test_power_tokens_draw_two_keep_one_the_other_under_the_stack():
    s = make()
    s = turn_of(s, 3)
    top = s.stack[:2]
    s, _ = play(s, EndTurn(3))
    assert s.pending.kind == "power_token" and s.pending.options == top
    s, ev = play(s, Choose(0, top[1]))
    assert s.in_force == top[1] and s.stack[-1] == top[0] and len(s.stack) == 11
    assert G.view(s, TABLE)["power_token"]["name"] == catalog.power_tokens()[top[1]]["name"]
    s, _ = play(s, EndTurn(0), EndTurn(1), EndTurn(2), EndTurn(3))
    assert s.in_force is None and len(s.stack) == 10 and top[1] in s.stack


def test_the_bush_never_visits_a_space_twice_in_a_turn():
    s = turn_of(replace(make(), bush="D4"), 0)
    s, _ = play(s, BushAction("E"))
    with pytest.raises(IllegalMove, match="twice"):
        G.apply(s, BushAction("W"))
    s, _ = play(s, BushAction("E"))
    with pytest.raises(IllegalMove, match="all 3 actions"):
        G.apply(play(s, BushAction("SW"))[0], BushAction("W"))


def test_the_bush_in_a_lake_is_in_the_whole_lake():
    lake = ("D3", "D4", "D5")
    s = make(fixed={c: ("lake", "straight") for c in lake})
    s = turn_of(replace(put(put(s, "phil", "D5", lying=True), "theseus", "D6"), bush="D2"), 0)
    s, ev = play(s, BushAction("E"))
    assert "The Bush attacks Phil: lose 1 health and 1 energy." in words(ev)
    with pytest.raises(IllegalMove, match="which lake space"):
        G.apply(s, BushAction("NE"))
    s, ev = play(s, BushAction("E", start="D5"))
    assert s.bush == "D6" and piece(s, "theseus").health == 3


def test_the_bush_into_the_ocean_leaves_the_map_until_the_end_of_the_turn():
    s = turn_of(replace(make(), bush="A1"), 0)
    s, ev = play(s, BushAction("NW"))
    assert s.bush is None and s.returns == ("Bush",)
    assert G.view(s, TABLE)["off_the_map"] == ["Bush"]
    with pytest.raises(IllegalMove, match="off the map"):
        G.apply(s, BushAction("E"))
    s, _ = play(s, EndTurn(0))
    assert s.pending.kind == "op_return"


def test_the_rock_moves_then_pushes_or_pushes_then_moves():
    s = make(fixed={"D2": ("anomaly", "")}, rock="D2")
    s = turn_of(put(s, "phil", "D4"), 0)
    s, ev = play(s, RockAction(direction="E", push="phil"))
    assert s.rock == "D3" and piece(s, "phil").space == "D5"
    first = turn_of(put(make(fixed={"D2": ("anomaly", "")}, rock="D2"), "phil", "D3"), 0)
    first, ev = play(first, RockAction(direction="SW", push="phil", push_first=True))
    assert piece(first, "phil").space == "D4"
    first, _ = play(first, Choose(0, "do not activate"))
    assert first.rock == at("D2", "SW")


def test_the_wave_moves_only_to_another_part_and_silently():
    s = turn_of(make(wave="north"), 0)
    with pytest.raises(IllegalMove, match="another part"):
        G.apply(s, WaveMove("north"))
    s, ev = play(s, WaveMove("south"))
    assert words(ev) == ["The Wave moves."]


def test_phil_calls_off_the_bush():
    s = make(fixed={"D4": ("fruit", "grapes")})
    s = set_board(s, 1, fruits=(("lime", "circled"),))
    s = turn_of(put(s, "phil", "D3"), 1)
    s, _ = play(s, UseBonus(1, "lime", target="Bush"))
    s = replace(s, bush="D4")
    s, ev = play(s, Move(1, "E"))
    assert "Phil has called off the Bush: it cannot attack." in words(ev)
    assert piece(s, "phil").health == 4


def test_phil_looks_along_a_line_to_the_ocean():
    s = make(fixed={"D5": ("oracle", ""), "D6": ("mirage", "snakes")})
    s = set_board(s, 1, fruits=(("grapes", "circled"),))
    s = turn_of(put(s, "phil", "D4"), 1)
    s, ev = play(s, UseBonus(1, "grapes", direction="E"))
    assert words(ev)[-1].startswith("To the east: an oracle, a mirage with snakes, ")
    assert words(ev)[-1].endswith(", the ocean.")


def test_phil_leaves_the_ocean_to_the_opposite_space():
    s = make(fixed={"D1": ("oracle", "")})
    s = turn_of(put(s, "phil", "D6"), 1)
    s, _ = play(s, Move(1, "E", over=True))  # over D7 and into the ocean
    assert s.pending.options == ("return to the starting fruit", "move to the opposite space")
    s, ev = play(s, Choose(1, "move to the opposite space"))
    assert piece(s, "phil").space == "D1"
    assert s.pending.kind == "oracle"  # moved unsafely: it activates


# ---------------------------------------------------------------- characters

def test_granddead_uses_energy_as_health_and_comes_back_weaker():
    s = make(characters=("granddead", "phil", "theseus"), fixed={"D4": ("mirage", "")})
    g = piece(s, "granddead")
    assert (g.energy, g.max_energy) == (6, 6)
    s = turn_of(put(s, "granddead", "D3", energy=1), 1)
    with pytest.raises(IllegalMove, match="has 0 to spend"):
        G.apply(s, Move(1, "E", safe=True))  # the last point is health only
    s, ev = play(s, Move(1, "E"), Choose(1, "A"))
    assert piece(s, "granddead").energy == 5 == piece(s, "granddead").max_energy
    s = put(s, "granddead", "D3", energy=1)
    s, _ = play(s, Move(1, "E"), Choose(1, "A"))
    assert piece(s, "granddead").energy == 4


def test_granddead_counts_his_own_scare_offs():
    s = make(characters=("granddead", "phil", "theseus"))
    s = turn_of(replace(put(s, "granddead", "D3"), bush="D4"), 1)
    s, _ = play(s, Move(1, "E", safe=True))
    assert [sym for sym, _ in board(s, 1).mission] == ["a scare-off"]


def test_granddead_may_count_another_captives_scare_off_with_grapes_or_strawberry():
    s = make(characters=("granddead", "phil", "theseus"))
    s = turn_of(replace(put(s, "phil", "D3"), bush="D4"), 2)
    s = set_board(s, 1, fruits=(("strawberry", "circled"), ("grapes", "circled")))
    s, _ = play(s, Move(2, "E", safe=True))
    assert s.pending.seat == 1 and s.pending.kind == "granddead"
    assert "let it pass" in s.pending.options
    s, _ = play(s, Choose(1, "use the grapes: count it"))
    assert [sym for sym, _ in board(s, 1).mission] == ["a scare-off"]
    assert dict(board(s, 1).fruits)["grapes"] == "crossed"


def test_achilles_counts_moving_into_the_ocean_from_a_corner():
    s = make(characters=("achilles", "phil", "theseus"))
    s = turn_of(put(s, "achilles", "A1"), 1)
    s, _ = play(s, Move(1, "NW"))
    assert [(sym, sp) for sym, sp in board(s, 1).mission] == [("a corner", "A1")]
    s = turn_of(put(s, "achilles", "A1"), 1)
    s, _ = play(s, Move(1, "W"))
    assert len(board(s, 1).mission) == 1  # the same corner only once
    s = turn_of(put(s, "achilles", "A2"), 1)
    s, _ = play(s, Move(1, "NW"))
    assert len(board(s, 1).mission) == 1  # not a corner


def test_achilles_crosses_out_a_piece_to_gain_two_actions_once():
    s = make(characters=("achilles", "phil", "theseus"))
    s = turn_of(replace(put(s, "achilles", "D3"), bush="D4"), 1)
    s, _ = play(s, Move(1, "E", safe=True))
    assert s.pending.options == ("cross out the Bush: 2 actions", "1 action")
    s, _ = play(s, Choose(1, "cross out the Bush: 2 actions"))
    assert s.actions == 3 and board(s, 1).spent_symbols == ("Bush",)
    s = turn_of(replace(put(s, "achilles", "D3"), bush="D4", pending=None), 1)
    s, _ = play(s, Move(1, "E", safe=True))
    assert s.actions == 2  # the Bush is crossed out: one action like everyone else


def test_hempel_writes_new_fruits_in_palm_boxes_and_replenishes_them():
    s = make(characters=("hempel", "phil", "theseus"), fixed={"D4": ("fruit", "cherries")})
    assert board(s, 1).palms == (("banana", 0),)
    s = turn_of(put(s, "hempel", "D3"), 1)
    s, _ = play(s, Move(1, "E"))
    assert s.pending.kind == "palm"
    s, _ = play(s, Choose(1, "restore_health"))
    assert ("cherries", 1) in board(s, 1).palms
    assert [sym for sym, _ in board(s, 1).mission] == ["the cherries"]
    s, _ = play(s, UseBonus(1, "cherries"))
    assert dict(board(s, 1).fruits)["cherries"] == "crossed"
    s = turn_of(put(s, "hempel", "D3"), 1)
    s, ev = play(s, Move(1, "E"))
    assert dict(board(s, 1).fruits)["cherries"] == "circled"
    assert len(board(s, 1).mission) == 1  # the same fruit counts once


# ---------------------------------------------------------------- setting up, two players

def test_setting_up_by_moves():
    s = G.setup({"characters": ["phil", "hempel"]}, 5)
    assert s.phase == "island"
    with pytest.raises(IllegalMove, match="needs all 17 tiles"):
        G.apply(s, BuildIsland(("lake-straight A1 0",)))
    placements = layout.random_placements(__import__("random").Random(9))
    s, ev = play(s, BuildIsland(placements))
    assert s.phase == "pieces" and len(s.anomalies) == 5
    with pytest.raises(IllegalMove, match="anomaly space"):
        G.apply(s, PlaceOpPieces("north", "D4" if "D4" not in dict(s.anomalies) else "A1",
                                 layout.find(s.island, "fruit")[0]))
    apple = layout.find(s.island, "fruit", "apple")[0]
    s, ev = play(s, PlaceOpPieces("north", s.anomalies[0][0], apple))
    assert "The Bush is on the apple." in words(ev)
    with pytest.raises(IllegalMove, match="Hempel chooses a starting fruit first"):
        G.apply(s, ChooseStartingFruit(1, "lime"))  # Hempel sits on the OP's right: first
    s, _ = play(s, ChooseStartingFruit(2, "lime", bonus="restore_energy"))
    with pytest.raises(IllegalMove, match="another piece is on the apple"):
        G.apply(s, ChooseStartingFruit(1, "apple"))
    with pytest.raises(IllegalMove, match="another piece is on the lime"):
        G.apply(s, ChooseStartingFruit(1, "lime"))
    s, _ = play(s, ChooseStartingFruit(1, "orange"))
    assert s.phase == "play" and s.turn == 1
    assert board(s, 2).palms == (("lime", 2),)
    seat = G.view(s, Viewer.of_seat(1))["board"]
    assert seat["known_spaces"] == {layout.find(s.island, "fruit", "orange")[0]: "orange"}
    assert seat["fruits"]["orange"] == "circled"


def test_character_numbers_can_be_changed_at_setup():
    s = make(character_stats={"phil": {"health": 6, "energy": 3}})
    assert (piece(s, "phil").max_health, piece(s, "phil").max_energy) == (6, 3)


def test_the_two_player_game_one_board_two_pieces():
    s = make(characters=("schrodie",), second_piece="theseus",
             fruits={"schrodie": "lime", "theseus": "orange"})
    assert s.perish_goal == 4
    assert [p.name for p in s.pieces] == ["schrodie", "theseus"]
    assert piece(s, "theseus").max_health == piece(s, "schrodie").max_health
    s = turn_of(put(put(s, "schrodie", "D4"), "theseus", "F2"), 1)
    s = settle(play(s, Move(1, "E", piece="schrodie"))[0])
    s = settle(play(s, Move(1, "E", piece="theseus"))[0])
    with pytest.raises(IllegalMove, match="already taken all its actions"):
        G.apply(s, Move(1, "W", piece="schrodie"))
    s = put(s, "theseus", "F2")
    s = settle(play(s, Move(1, "E", over=True, piece="theseus"))[0])
    assert piece(s, "theseus").energy == 4  # he moves like Schrodie: her board, her ability
    with pytest.raises(IllegalMove, match="no actions left"):
        G.apply(s, Rest(1, piece="theseus"))
    view = G.view(s, Viewer.of_seat(1))
    assert [p["piece"] for p in view["pieces"]] == ["Schrodie", "Theseus"]
    # the OP marked only the first piece's starting fruit on the board (p.19)
    assert list(view["board"]["known_spaces"].values()) == ["lime"]


def test_only_the_pending_player_may_answer_and_only_with_a_listed_option():
    s = turn_of(put(make(), "phil", "D4"), 1)
    s, _ = play(s, Move(1, "E", safe=True))
    with pytest.raises(IllegalMove, match="Phil must decide first"):
        G.apply(s, Choose(2, "activate"))
    with pytest.raises(IllegalMove, match="not one of the choices"):
        G.apply(s, Choose(1, "maybe"))
    with pytest.raises(IllegalMove, match="first: Would you like"):
        G.apply(s, Move(1, "E"))
    assert G.view(s, MASTER)["decision"]["seat"] == 1
    assert G.view(s, Viewer.of_seat(1))["decision"]["options"] == ["activate", "do not activate"]
    assert "decision" not in G.view(s, Viewer.of_seat(2))


def test_with_the_hurricane_a_portal_leads_to_any_other_portal():
    s = make(fixed={"D4": ("portal", "1"), "D3": ("oracle", "")})
    s = replace(turn_of(put(s, "phil", "D3"), 1), in_force="hurricane")
    s, _ = play(s, Move(1, "E"))
    assert s.pending.seat == 0 and s.pending.kind == "portal"
    assert set(s.pending.options) == set(layout.find(s.island, "portal")) - {"D4"}
    exit_portal = s.pending.options[-1]
    s, ev = play(s, Choose(0, exit_portal))
    assert piece(s, "phil").space == exit_portal
    op = turn_of(replace(put(s, "phil", "A1"), bush="D3", pending=None), 0)
    with pytest.raises(IllegalMove, match="Hurricane: say which portal"):
        G.apply(op, BushAction("E", activate=True))
    op, _ = play(op, BushAction("E", activate=True, through=exit_portal))
    assert op.bush == exit_portal


def test_with_the_flood_the_wave_enters_a_lake_and_attacks_from_it():
    lake = ("D3", "D4", "D5")
    s = make(fixed={c: ("lake", "straight") for c in lake} | {"C3": ("oracle", "")},
             wave="north")
    s = put(put(s, "phil", "D4", lying=True), "theseus", "C3")
    s = turn_of(s, 0)
    with pytest.raises(IllegalMove, match="needs the Flood"):
        G.apply(s, WaveMove("the straight lake"))
    s = replace(s, in_force="flood")
    s, ev = play(s, WaveMove("the straight lake"))
    assert words(ev) == ["The Wave floods the straight lake.",
                         "The Wave attacks Phil: lose 1 health point."]
    s, _ = play(s, WaveAttack("theseus"))  # beside the lake
    assert piece(s, "theseus").health == 3
    # a captive stepping into the flooded lake safely scares the Wave off
    s = turn_of(put(s, "schrodie", "D2"), 2)
    s, ev = play(s, Move(2, "E", safe=True))
    assert "Schrodie scares off the Wave; I take it off the map." in words(ev)


def test_with_anomaly_portals_the_bush_goes_from_anomaly_to_anomaly_and_one_space_on():
    s = make(fixed={"D4": ("anomaly", ""), "D3": ("oracle", "")})
    s = turn_of(replace(s, bush="D3", in_force="teleport"), 0)
    other = [a for a in layout.find(s.island, "anomaly") if a != "D4"][0]
    with pytest.raises(IllegalMove, match="which anomaly"):
        G.apply(s, BushAction("E", activate=True))
    onward = next(d for d in geo.DIRECTIONS if geo.step(other, d) not in (None, "D3", "D4"))
    s, ev = play(s, BushAction("E", activate=True, through=other, then=onward))
    assert s.bush == geo.step(other, onward)
    assert words(ev)[1].startswith("The Bush goes through it and comes out on ")
    without = replace(s, in_force=None, bush="D3", trails=())
    with pytest.raises(IllegalMove, match="only the Anomaly Portals"):
        G.apply(without, BushAction("E", activate=True, through=other, then=onward))


def test_the_thorny_bush_comes_back_from_the_ocean_and_crosses_out_any_fruit():
    s = make()
    s = turn_of(replace(put(s, "phil", "D1"), bush="D7", in_force="thorns"), 0)
    s, ev = play(s, BushAction("E"))  # east into the ocean, back on the far side: Phil's space
    assert s.bush == "D1"
    assert "The Bush attacks Phil: lose 1 health and 1 energy." in words(ev)
    assert s.pending.kind == "thorns" and "apple" in s.pending.options
    s, _ = play(s, Choose(0, "apple"))  # not even circled
    assert dict(board(s, 1).fruits)["apple"] == "crossed"


def test_under_lithophytes_the_bush_pushes_and_the_rock_attacks():
    """"The Bush's pushes work the same as the Rock's pushes, and the Rock attacks and moves
    according to the rules of the Bush" (p.20): powers added, none lost."""
    s = make(fixed={"D2": ("anomaly", "")}, rock="D2")
    s = turn_of(replace(put(put(s, "phil", "D4"), "theseus", "D3"), bush="D5",
                        in_force="lithophytes"), 0)
    pushed, ev = play(s, RockAction(push="theseus"))  # the Rock still pushes
    assert "The Rock pushes Theseus east." in words(ev) or piece(pushed, "theseus").space != "D3"
    s, ev = play(s, BushAction(push="phil"))
    assert "The Bush pushes Phil west." in words(ev)
    assert piece(s, "phil").space == "D3" and s.pending.kind == "activate"
    s = turn_of(replace(s, pending=None), 0)
    s, ev = play(s, RockAction(direction="E"))
    assert "The Rock attacks Theseus: lose 1 health and 1 energy." in words(ev)
    with pytest.raises(IllegalMove, match="twice"):
        G.apply(s, RockAction(direction="W"))
    # the Bush still attacks where it moves, and its move may push as well
    s = turn_of(replace(put(put(make(), "phil", "D4"), "theseus", "C4"), bush="D5", rock=None,
                        in_force="lithophytes"), 0)
    both, ev = play(s, BushAction("W", push="theseus"))
    assert "The Bush attacks Phil: lose 1 health and 1 energy." in words(ev)
    assert piece(both, "theseus").space != "C4"


def test_the_wave_reaches_a_captive_lying_in_a_lake_that_touches_its_part():
    """p.16: standing on a lake space, only that space counts; lying, any space of the lake."""
    lake = ("A1", "B1", "C1")  # a straight lake running south-west from the north shore
    s = make(fixed={c: ("lake", "straight") for c in lake}, wave="north")
    assert "north" in geo.parts_of("A1") and "north" not in geo.parts_of("B1")
    standing = turn_of(put(s, "phil", "B1"), 0)
    assert "phil" not in G.op.wave_targets(standing)
    lying = turn_of(put(s, "phil", "B1", lying=True), 0)
    assert "phil" in G.op.wave_targets(lying)
    lying, ev = play(lying, WaveAttack("phil"))
    assert piece(lying, "phil").health == 3


def test_a_fruit_the_thorny_bush_crossed_out_before_hempel_obtained_it_is_new_to_him():
    """Thorny Bush: "OP can cross out any fruit, even one that has not been circled" (p.20);
    Hempel: "When visiting a space with a new fruit, draw it in an empty space with a palm tree.
    If you visit it again and it has been crossed out, replenish it" (p.26). A fruit he never
    wrote in a palm box has no palm symbol to replenish: it is still new to him."""
    s = make(characters=("hempel", "phil", "theseus"), fixed={"D4": ("fruit", "cherries")})
    s = turn_of(replace(put(s, "hempel", "D3"), bush="D2", in_force="thorns"), 0)
    s, _ = play(s, BushAction("E"))
    assert s.pending.kind == "thorns"
    s, _ = play(s, Choose(0, "cherries"))
    assert dict(board(s, 1).fruits)["cherries"] == "crossed"
    assert "cherries" not in dict(board(s, 1).palms)
    s = turn_of(replace(s, pending=None, bush="A1"), 1)
    s, _ = play(s, Move(1, "E"))
    assert s.pending.kind == "palm"  # asked like any new fruit, not replenished without a box
    s, _ = play(s, Choose(1, s.pending.options[0]))
    assert dict(board(s, 1).fruits)["cherries"] == "circled"
    assert "cherries" in dict(board(s, 1).palms)
    for viewer in (MASTER, TABLE, Viewer.of_seat(1)):
        G.view(s, viewer)
    assert any(isinstance(m, UseBonus) and m.fruit == "cherries" for m in G.legal_moves(s))


def test_the_ops_phone_offers_moves_that_push_and_the_step_after_an_anomaly_portal():
    """"The Rock action is complex and consists of a move and a push in any order ... You may
    perform only the movement or push action if you wish" (p.17); Anomaly Portals: "the OP piece
    gains an additional movement (not an action!) to exit the exit portal to any adjacent space"
    (p.20). Every such action is in the legal-move list, not only accepted."""
    s = make(fixed={"D2": ("anomaly", "")}, rock="D2")
    s = turn_of(put(s, "phil", "D4"), 0)
    legal = G.legal_moves(s)
    assert RockAction(direction="E", push="phil", push_direction="E") in legal  # move, then push
    first = turn_of(put(make(fixed={"D2": ("anomaly", "")}, rock="D2"), "phil", "D3"), 0)
    assert RockAction(direction="SW", push="phil", push_direction="E",
                      push_first=True) in G.legal_moves(first)  # push, then move
    for m in legal:  # and each is accepted
        G.apply(s, m)
    # Lithophytes: the Bush may move and push as well
    litho = turn_of(replace(put(make(), "phil", "D4"), bush="D5", rock=None,
                            in_force="lithophytes"), 0)
    assert any(isinstance(m, BushAction) and m.direction and m.push for m in G.legal_moves(litho))
    # Anomaly Portals: through another anomaly, then one more step
    tele = make(fixed={"D4": ("anomaly", ""), "D3": ("oracle", "")})
    tele = turn_of(replace(tele, bush="D3", in_force="teleport"), 0)
    other = [a for a in layout.find(tele.island, "anomaly") if a != "D4"][0]
    steps = [m for m in G.legal_moves(tele) if isinstance(m, BushAction) and m.through == other
             and m.then is not None]
    assert steps and all(G.apply(tele, m)[0].bush == geo.step(other, m.then) for m in steps
                         if geo.step(other, m.then) is not None)


def test_a_captives_refusals_name_the_character_and_the_fruit_in_japanese():
    from companion.i18n import said, translate
    from companion.games.island.moves import UseBonus
    s = turn_of(put(make(), "phil", "D4", energy=0), 1)
    refusals = []
    # Phil starts on the lime, circled; the orange is not
    for move in (Move(2, "E"), Move(1, "E", over=True), UseBonus(1, "orange"), UseBonus(1, "lime", target="Tide")):
        with pytest.raises(IllegalMove) as refused:
            G.apply(s, move)
        refusals.append((str(refused.value), translate(said(refused.value), "ja")))
    assert refusals[0] == ("it is not Schrodie's turn", "今はシュレディのターンではありません")
    assert refusals[1] == ("Phil needs 1 energy for that move and has 0 to spend",
                           "フィルがその移動をするにはエネルギーが1必要ですが、使えるのは0です")
    assert refusals[2] == ("the orange is not circled on Phil's board", "フィルのボードでオレンジに丸が付いていません")
    assert refusals[3] == ("call off the Wave, the Rock or the Bush", "波、岩、茂みのどれかを呼び戻してください")


def test_a_decision_waited_for_is_said_in_the_readers_language():
    from companion.i18n import said, translate
    s = turn_of(put(make(), "phil", "D4"), 1)
    s, _ = play(s, Move(1, "E", safe=True))
    with pytest.raises(IllegalMove) as refused:
        G.apply(s, Choose(2, "activate"))
    assert translate(said(refused.value), "ja").startswith("先にフィルが決める番です: ")
    with pytest.raises(IllegalMove) as refused:
        G.apply(s, Choose(1, "maybe"))
    assert translate(said(refused.value), "ja").startswith("'maybe'は選択肢にありません: ")
