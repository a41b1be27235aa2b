"""The rulings of docs/rulings.md ("Paradox Island") that no rulebook example pins down, one test each."""
from dataclasses import replace

import pytest

from companion.games import IllegalMove
from companion.games import island as G
from companion.games.island import board as geo
from companion.games.island import layout
from companion.games.island.moves import (BushAction, Choose, EndTurn, Move, RockAction, WaveAttack,
                                          WaveMove)
from companion.games.island.state import board, piece

from .helpers import game, play, put, turn_of, words
from .test_rules import make, settle


def test_b_straight_out_of_a_corner_is_both_parts_of_the_ocean():
    assert geo.parts_entered("D7", "E") == ("north-east", "south-east")
    assert geo.parts_entered("D7", "NE") == ("north-east",)
    assert geo.parts_of("D7") == ("north-east", "south-east")
    s = turn_of(put(make(wave="south-east"), "theseus", "D7"), 3)
    s, ev = play(s, Move(3, "E"))
    assert "Theseus, you are in the ocean with the Wave." in words(ev)


def test_c_a_move_stops_at_the_ocean_and_the_part_is_that_of_the_last_space():
    s = turn_of(put(make(wave="north"), "theseus", "A2"), 3)
    s, ev = play(s, Move(3, "NE", over=True))  # the first step is already the ocean
    assert "Theseus, you are in the ocean with the Wave." in words(ev)


def test_e_achilles_does_not_count_a_corner_he_only_jumped_over():
    s = make(characters=("achilles", "phil", "theseus"))
    s = turn_of(put(s, "achilles", "A2"), 1)  # west over A1, a corner, into the ocean
    s, _ = play(s, Move(1, "W", over=True))
    assert board(s, 1).mission == ()


def test_e_achilles_lying_in_a_lake_with_a_corner_counts_it():
    lake = ("A1", "A2", "A3")
    s = make(characters=("achilles", "phil", "theseus"),
             fixed={c: ("lake", "straight") for c in lake})
    s = turn_of(put(s, "achilles", "A2", lying=True), 1)
    s, _ = play(s, Move(1, "NW"), Choose(0, "ocean:A2"))
    assert board(s, 1).mission == (("a corner", "A1"),)


def test_g_coming_out_of_a_portal_onto_the_bush_after_a_safe_move_scares_it_off():
    s = make(fixed={"D4": ("portal", "1")})
    twin = layout.portal_twin(s.island, "D4")
    s = turn_of(replace(put(s, "phil", "D3"), bush=twin), 1)
    safe, ev = play(s, Move(1, "E", safe=True), Choose(1, "activate"))
    assert "Phil scares off the Bush; I take it off the map." in words(ev)
    unsafe, ev = play(s, Move(1, "E"))
    assert "The Bush attacks Phil: lose 1 health and 1 energy." in words(ev)


def test_h_the_other_portal_is_not_named_again():
    s = make(fixed={"D4": ("portal", "1")})
    s = turn_of(put(s, "phil", "D3"), 1)
    s, ev = play(s, Move(1, "E"))
    assert [w for w in words(ev) if "Portal 1" in w] == [
        "Phil, you're on Portal 1 (blue).",
        "Phil, I'm moving you to another Portal 1 (blue)."]  # each part said once


def test_j_the_arrow_anomaly_never_moves_a_captive_into_the_ocean():
    s = make(fixed={"D7": ("anomaly", "")}, anomalies={"D7": "arrow"})
    s, _ = play(turn_of(put(s, "phil", "D6"), 1), Move(1, "E"))
    assert set(s.pending.options) == {"W", "NW", "SW"}


def test_n_the_bush_attacks_only_where_its_action_ends():
    s = make(fixed={"D4": ("portal", "2"), "D3": ("oracle", "")})
    twin = layout.portal_twin(s.island, "D4")
    s = turn_of(replace(put(put(s, "phil", "D4"), "theseus", twin), bush="D3"), 0)
    s, ev = play(s, BushAction("E", activate=True))
    assert s.bush == twin
    assert piece(s, "phil").health == 4 and piece(s, "theseus").health == 3


def test_z_the_bush_returns_only_to_a_fruit_with_no_piece_on_it():
    s = make()
    s = turn_of(replace(put(s, "phil", "D3"), bush="D4"), 1)
    s, _ = play(s, Move(1, "E", safe=True))
    s, _ = play(s, Choose(1, "do not activate"), EndTurn(1))
    taken = {p.space for p in s.pieces}
    fruits = set(layout.find(s.island, "fruit"))
    assert set(s.pending.options) == fruits - taken


def test_cc_an_anomaly_for_a_piece_off_the_map_does_nothing():
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "rock"})
    s = turn_of(replace(put(s, "phil", "D3"), rock=None, returns=("Rock",)), 1)
    s, ev = play(s, Move(1, "E"))
    assert "The Rock is not on the map: nothing happens." in words(ev)
    assert s.pending is None


def test_q_the_bush_takes_two_energy_from_granddead():
    s = make(characters=("granddead", "phil", "theseus"))
    s = turn_of(replace(put(s, "granddead", "D3"), bush="D4"), 1)
    s, _ = play(s, Move(1, "E"))
    assert piece(s, "granddead").energy == 4


def test_ee_phil_may_stay_standing_when_an_escher_knot_drops_him_in_a_lake():
    for seed in range(1, 40):  # an island where an arrow of the knot on D4 leads into a lake
        s = game({"D4": ("knot", "")}, seed=seed,
                 fruits={"phil": "lime", "schrodie": "cherries", "theseus": "orange"})
        into_lake = [d for d in geo.DIRECTIONS if geo.step("D4", geo.opposite(d))
                     and (dest := geo.step("D4", layout.knot_exit(s.island, "D4", d)))
                     and layout.space(s.island, dest).kind == "lake"
                     and not any(p.space == dest for p in s.pieces)]
        if into_lake:
            break
    d = into_lake[0]
    s = turn_of(put(s, "phil", geo.step("D4", geo.opposite(d))), 1)
    s, _ = play(s, Move(1, d))
    assert "stay standing (Phil's ability)" in s.pending.options
    s, _ = play(s, Choose(1, "stay standing (Phil's ability)"))
    assert not piece(s, "phil").lying


def test_q_granddead_with_his_last_point_loses_no_energy():
    """"When Granddead has 1 energy point left, it can only be used as health. In other words,
    Granddead is considered to have 1 health point and 0 energy points left" (p.22)."""
    s = make(characters=("granddead", "phil", "theseus"), fixed={"D4": ("anomaly", "")},
             anomalies={"D4": "energy"})
    s = turn_of(put(replace(s, rock=None), "granddead", "D3", energy=1), 1)
    s, ev = play(s, Move(1, "E"))
    assert piece(s, "granddead").energy == 1 and piece(s, "granddead").space == "D4"
    assert s.perished == 0
    s = turn_of(put(replace(s, rock=None), "granddead", "D3", energy=2), 1)
    s, ev = play(s, Move(1, "E"))  # with 2 points the energy loss takes the one above the last
    assert piece(s, "granddead").energy == 1
    health = make(characters=("granddead", "phil", "theseus"), fixed={"D4": ("anomaly", "")},
                  anomalies={"D4": "health"})
    health = turn_of(put(replace(health, rock=None), "granddead", "D3", energy=1), 1)
    health, _ = play(health, Move(1, "E"))  # a health loss takes the last point: he perishes
    assert health.perished == 1


def test_u2_the_wave_attacks_a_captive_once_until_the_end_of_the_ops_turn_flood_included():
    """"The Wave cannot attack that captive again until the end of OP's turn" (p.16); Flood:
    "While the Wave is in a lake, it can, as part of its action, attack a captive on any space
    adjacent to that lake ... If there is a captive in the lake to which the Wave has moved, the
    Wave attacks that captive" (p.20)."""
    lake = ("D3", "D4", "D5")
    s = make(fixed={c: ("lake", "straight") for c in lake} | {"C3": ("oracle", "")}, wave="north")
    s = turn_of(replace(put(put(s, "phil", "D4", lying=True), "theseus", "C3"), in_force="flood"), 0)
    s, _ = play(s, WaveMove("the straight lake"))
    assert piece(s, "phil").health == 3
    with pytest.raises(IllegalMove):  # in the lake, not beside it; and attacked already
        G.apply(s, WaveAttack("phil"))
    assert "phil" not in G.op.wave_targets(s) and "theseus" in G.op.wave_targets(s)
    s, _ = play(s, WaveMove("north"))
    s, ev = play(replace(s, actions=1), WaveMove("the straight lake"))  # back in: not again
    assert piece(s, "phil").health == 3
    assert "The Wave attacks Phil: lose 1 health point." not in words(ev)


def test_u2_a_wave_attack_in_a_captives_turn_counts_in_the_ops_next_turn():
    """An anomaly's Wave action in a captive's turn: "The Wave cannot attack that captive again
    until the end of OP's turn" (p.16)."""
    s = make(fixed={"D4": ("anomaly", ""), "A1": ("oracle", "")}, anomalies={"D4": "wave"},
             wave="north")
    s = turn_of(put(put(replace(s, rock=None), "phil", "D3"), "theseus", "A1"), 1)
    s, _ = play(s, Move(1, "E"))
    assert s.pending.kind == "op_action" and s.interrupt == "Wave"
    s, _ = play(s, WaveAttack("theseus"))
    assert piece(s, "theseus").health == 3
    s = settle(s)
    while s.turn != 0:
        s = settle(G.apply(s, EndTurn(s.turn))[0])
    s = settle(s)  # the OP keeps a power token
    assert s.turn == 0 and s.wave == "north"
    with pytest.raises(IllegalMove, match="already attacked"):
        G.apply(s, WaveAttack("theseus"))
    while s.turn == 0:
        s = settle(G.apply(s, EndTurn(0))[0])
    assert "theseus" not in s.wave_attacked  # the OP's turn is over: the limit with it


def test_k_phil_may_stay_standing_when_the_rock_pushes_him_or_an_anomaly_puts_him_in_a_lake():
    """"After visiting a lake, Phil can choose not to activate it, even if the movement was
    unsafe" (p.25)."""
    lake = ("D4", "D5", "D6")
    s = make(fixed={c: ("lake", "straight") for c in lake} | {"D2": ("anomaly", "")}, rock="D2")
    s = turn_of(put(s, "phil", "D3"), 0)
    s, _ = play(s, RockAction(push="phil"))  # pushed east into the lake
    assert piece(s, "phil").space == "D4" and s.pending.seat == 0
    s, _ = play(s, Choose(0, "activate"))
    assert s.pending.seat == 1 and "stay standing (Phil's ability)" in s.pending.options
    standing, _ = play(s, Choose(1, "stay standing (Phil's ability)"))
    assert not piece(standing, "phil").lying and standing.pending is None
    lying, _ = play(s, Choose(1, "activate"))
    assert piece(lying, "phil").lying
    # an anomaly that moves him to a lake, the OP activating it
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "to-lake"})
    s, _ = play(turn_of(put(replace(s, rock=None), "phil", "D3"), 1), Move(1, "E"))
    s, _ = play(s, Choose(0, s.pending.options[0]))
    s, _ = play(s, Choose(0, "activate"))
    assert s.pending.seat == 1 and "stay standing (Phil's ability)" in s.pending.options
    s, _ = play(s, Choose(1, "stay standing (Phil's ability)"))
    assert not piece(s, "phil").lying
    # anyone else lies down when the OP activates the lake
    s = make(fixed={"D4": ("anomaly", "")}, anomalies={"D4": "to-lake"})
    s, _ = play(turn_of(put(replace(s, rock=None), "schrodie", "D3"), 2), Move(2, "E"))
    s, _ = play(s, Choose(0, s.pending.options[0]))
    s, _ = play(s, Choose(0, "activate"))
    assert piece(s, "schrodie").lying


def test_u4_the_thorny_bush_crosses_out_a_fruit_when_a_captive_scares_it_off():
    """Thorny Bush: "When the captive encounters the Bush, OP can cross out any fruit, even one
    that has not been circled" (p.20); scaring it off is encountering it."""
    s = make()
    s = turn_of(replace(put(s, "phil", "D3"), bush="D4", in_force="thorns"), 1)
    s, ev = play(s, Move(1, "E", safe=True))
    assert "Phil scares off the Bush; I take it off the map." in words(ev)
    s = settle_until(s, "thorns")
    assert s.pending.seat == 0 and "apple" in s.pending.options
    s, ev = play(s, Choose(0, "apple"))
    assert dict(board(s, 1).fruits)["apple"] == "crossed"
    assert "Phil, cross out the apple." in words(ev)
    # an unsafe step onto it: attacked, and a fruit crossed out too
    s = make()
    s = turn_of(replace(put(s, "phil", "D3"), bush="D4", in_force="thorns"), 1)
    s, ev = play(s, Move(1, "E"))
    assert "The Bush attacks Phil: lose 1 health and 1 energy." in words(ev)
    assert settle_until(s, "thorns").pending.kind == "thorns"


def settle_until(s, kind):
    """Answer pending decisions with their first option until one of `kind` is asked."""
    while s.pending is not None and s.pending.kind != kind:
        s, _ = G.apply(s, Choose(s.pending.seat, s.pending.options[0]))
    return s


def test_u4_the_thorny_bush_sent_off_the_island_by_a_knot_comes_back_on_the_opposite_side():
    """Thorny Bush: "The Bush's movement is similar to Phil's when using his ability" (p.20):
    "After stepping into the ocean, Phil can ... move ... to a space on the other side of the
    island opposite to the one he moved from in a straight-line" (p.25) — whatever sent it there."""
    for seed in range(1, 60):
        s = make(fixed={"D7": ("knot", ""), "D6": ("oracle", "")}, seed=seed)
        out = layout.knot_exit(s.island, "D7", "E")
        if geo.step("D7", out) is None:
            break
    else:
        pytest.skip("no island with that knot")
    s = start = turn_of(replace(s, bush="D6", rock=None, in_force="thorns"), 0)
    s, ev = play(s, BushAction("E", activate=True))
    assert s.bush == geo.far_side("D7", out) and "Bush" not in s.returns
    assert any("into the ocean and comes back" in w for w in words(ev))
    plain = replace(start, in_force=None)
    plain, _ = play(plain, BushAction("E", activate=True))
    assert plain.bush is None  # without the token it leaves the map


def test_w_two_player_theseus_circles_a_bonus_only_for_another_players_piece():
    """"When Theseus's piece encounters another player's piece, OP announces it and Theseus
    circles the leftmost available ... square" (p.24): his own second piece is not another
    player's."""
    s = make(characters=("theseus",), second_piece="phil",
             fruits={"theseus": "lime", "phil": "orange"}, fixed={"D4": ("oracle", "")})
    s = turn_of(replace(put(put(s, "theseus", "D3"), "phil", "D4"), rock=None, bush="A1"), 1)
    s, ev = play(s, Move(1, "E", piece="theseus"))
    assert "Also here: Phil." in words(ev)
    assert board(s, 1).extra[0] == ""
    s = turn_of(replace(put(replace(s, pending=None), "theseus", "D3"), bush="D4", trails=()), 1)
    s, ev = play(s, Move(1, "E", piece="theseus"))
    assert board(s, 1).extra[0] == "circled"  # the Bush is the OP's


def test_t_a_rock_anomaly_in_the_middle_of_a_rock_action_is_judged_from_where_the_rock_is():
    """"You must fully perform one before performing the other" (p.17): a push onto a Rock
    anomaly gives the OP an extra Rock action before the Rock's move; that action goes from where
    the Rock is, and the rest of the first action from where the extra one left it."""
    s = make(fixed={"D2": ("oracle", ""), "D3": ("oracle", ""), "D4": ("anomaly", "")},
             anomalies={"D4": "rock"})
    s = turn_of(replace(put(s, "phil", "D3"), rock="D2", in_force="lithophytes"), 0)
    s, _ = play(s, RockAction(direction="W", push="phil", push_first=True))
    s, ev = play(s, Choose(0, "activate"))
    assert "I take one action with the Rock now." in words(ev) and s.interrupt == "Rock"
    assert s.rock == "D2"
    offered = [m for m in G.legal_moves(s) if isinstance(m, RockAction)]
    assert RockAction(direction="E") in offered  # from D2, where the Rock is
    with pytest.raises(IllegalMove, match="Phil is not next to the Rock"):
        G.apply(s, RockAction(push="phil"))
    # the extra action goes east back onto D3; the first action's move west would visit D2 twice
    # (Lithophytes: it moves like the Bush): the extra action stands, and the table hears why
    s, ev = play(s, RockAction(direction="E"))
    assert s.rock == "D3"
    assert any(w.startswith("The Rock does not make the rest of its move: the Rock cannot visit")
               for w in words(ev))
