"""The last penalties and rewards: missions drawn two (or Neutral-strength) at a time and all judged,
arrowed paths only, dominoes taken off until no two equal icons touch, and Goblin Grandma's
Corrupters taken off any maps."""
import dataclasses
import os

import pytest

from companion.games import dynasty
from companion.games.base import IllegalMove, Viewer
from companion.games.dynasty.moves import Choose, Market, Mission, Pass, Place, Remove
from companion.games.dynasty.maps import Half, Square, frozen

FILLER = "grass//|grass//"


def game(**options):
    return dynasty.setup({"players": 2, "roles": ["goods", "warfare"], **options}, 0)


def with_squares(state, seat, squares):
    """Seat's map with these {(x, y): (domino, "terrain/icon/paths")} squares added."""
    mine = dict(state.personal[seat]) | {c: Square(Half.parse(t), d) for c, (d, t) in squares.items()}
    personal = list(state.personal)
    personal[seat] = frozen(mine)
    return dataclasses.replace(state, personal=tuple(personal), next_domino=200)


def claim_all(state):
    while state.phase == "claim":
        state = dynasty.apply(state, [m for m in dynasty.legal_moves(state) if isinstance(m, (Place, Pass))][0])[0]
    return state


def failed_with(state, penalty, other=("goods 1",)):
    """P1's mission of this round fails with `penalty`; P2's passes."""
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 99",), penalty=penalty))
    state, _ = dynasty.apply(state, Mission(1, other))
    return claim_all(state)


NEUTRAL_2 = {(5, 3): (90, "grass/neutral/W"), (3, 2): (91, "grass/neutral/S")}  # two Neutral capitals, 1 each


# ---------------------------------------------------------------- more missions to fulfil

def test_double_mission_draws_two_missions_next_round_and_both_are_judged():
    state = failed_with(game(), "double_mission")
    assert state.round == 2 and "Penalty for P1: Next round draw 2 missions." in state.said
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    # the claim step waits for P1's second mission: drawn, not picked, so there is nothing to keep
    assert state.phase == "draw" and dynasty.view(state, Viewer("seat", 0))["needs_mission"]
    state, _ = dynasty.apply(state, Mission(0, ("warfare 77",), secret=True))
    assert state.phase == "claim"
    assert not [m for m in dynasty.legal_moves(state) if isinstance(m, Choose)]
    assert dynasty.view(state, Viewer("seat", 0))["keep_one_of"] == []
    with pytest.raises(IllegalMove, match="missions are drawn at the start of a round"):
        dynasty.apply(state, Mission(0, ("goods 2",)))
    with pytest.raises(IllegalMove, match="one mission is kept once all 2 are drawn"):
        dynasty.apply(state, Choose(0, 3))
    # the second one is secret: P2 never sees it
    assert "77" not in str(dynasty.view(state, Viewer("seat", 1))["missions"])
    assert "77" in str(dynasty.view(state, Viewer("seat", 0))["missions"])
    state = claim_all(state)
    mine = [(m.needs[0].role, m.status) for m in state.missions if m.round == 2 and m.seat == 0]
    assert mine == [("goods", "passed"), ("warfare", "failed")]
    assert "P1's secret mission failed." in state.said and state.round == 3
    # the round after, one mission again
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim"


def test_many_missions_draws_as_many_as_the_neutral_strength_and_at_least_one():
    state = failed_with(with_squares(game(), 0, NEUTRAL_2), "many_mission_dynamic")
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    for needs in (("goods 1",), ("goods 2",)):
        assert state.phase == "draw"
        state, _ = dynasty.apply(state, Mission(0, needs))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim"
    state = claim_all(state)
    assert [m.status for m in state.missions if m.round == 2 and m.seat == 0] == ["passed", "passed"]
    # with no Neutral strength a player still draws (and is judged on) one
    state = failed_with(game(), "many_mission_dynamic")
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim"


def test_the_sister_of_coin_under_double_mission_keeps_both_and_swaps_none():
    from companion.games.dynasty.moves import Ignore, Swap
    state = dynasty.setup({"players": 2, "roles": ["money", "goods"], "powers": "yes"}, 0)
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("money 99",), penalty="double_mission"))
    state, _ = dynasty.apply(state, Mission(0, ("money 98",)))
    state, _ = dynasty.apply(state, Choose(0, 1))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    state = claim_all(state)
    assert state.round == 2
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("money 1",)))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1", "money 99")))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim"  # two drawn, both kept: no pick
    assert [m.status for m in state.missions if m.round == 2 and m.seat == 0] == ["open", "open"]
    assert not state.power_used[0]
    # swaps trade one mission for one: a player holding two takes part in none
    assert not [m for m in dynasty.legal_moves(state) if isinstance(m, (Swap, Ignore))]


def test_good_times_names_which_of_several_missions_ignores_a_part():
    from companion.games.dynasty.moves import Happening, Ignore
    state = game(proximity="yes")
    state, _ = dynasty.apply(state, Happening(0, "reward_break"))  # a round with no rewards: nothing else
    state = failed_with(state, "double_mission")
    state, _ = dynasty.apply(state, Happening(0, "mission_soften"))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1", "warfare 99")))
    state, _ = dynasty.apply(state, Mission(0, ("goods 99", "warfare 1")))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    first, second = [m.id for m in state.missions if m.round == 2 and m.seat == 0]
    assert Ignore(0, 1, first) in dynasty.legal_moves(state) and Ignore(0, 0, second) in dynasty.legal_moves(state)
    assert {(p["mission"], p["need"]) for p in dynasty.view(state, Viewer("seat", 0))["ignore_parts"]} == \
        {(first, 0), (first, 1), (second, 0), (second, 1)}
    with pytest.raises(IllegalMove, match=f"P1 holds 2 missions: name the one \\({first}, {second}\\)"):
        dynasty.apply(state, Ignore(0, 0))
    state, said = dynasty.apply(state, Ignore(0, 1, first))
    assert said[0].text() == "P1 ignores Military 99 of their mission (Good Times)."
    state = claim_all(state)
    assert [m.status for m in state.missions if m.round == 2 and m.seat == 0] == ["passed", "passed"]


# ---------------------------------------------------------------- arrowed paths only

def test_direction_restriction_allows_only_arrowed_paths_next_round():
    state = failed_with(game(direction="yes"), "direction_restriction")
    bare, arrowed, pathless = "grass//EW|grass//W", "grass//EW/E|grass//W/W", "grass//|grass//"
    state, _ = dynasty.apply(state, Market(0, (bare, arrowed, pathless, bare)))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "claim" and state.turn == 0
    with pytest.raises(IllegalMove, match="this round P1 may only place paths with a direction: "
                                          "the grass paths EW half shows a path without an arrow"):
        dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("grass//EW", "grass//W")))
    offered = {m.halves for m in dynasty.legal_moves(state) if isinstance(m, Place)}
    assert offered and all(all(h.split("/")[2] == "" or len(h.split("/")) == 4 for h in hs) for hs in offered)
    assert ("grass//", "grass//") in offered  # a domino with no path places no undirected path
    state, _ = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("grass//EW/E", "grass//W/W")))
    # the other player is not restricted
    assert state.turn == 1
    dynasty.apply(state, Place(1, "personal", ((5, 3), (6, 3)), ("grass//EW", "grass//W")))


# ---------------------------------------------------------------- equal icons apart

def test_proximity_remove_takes_dominoes_off_until_no_two_equal_icons_touch():
    squares = {(5, 3): (90, "grass/person/W"), (6, 3): (90, "grass//"),
               (5, 4): (91, "grass/person/"), (6, 4): (91, "grass//"),
               (3, 2): (92, "grass/neutral/S"), (4, 2): (92, "grass/neutral/"),
               (2, 3): (93, "grass/goods/E"), (1, 3): (93, "grass//"),   # a goods capital beside the start's
               (0, 0): (94, "grass//"), (1, 0): (94, "grass//")}         # touches nothing alike
    state = failed_with(with_squares(game(), 0, squares), "proximity_remove")
    assert state.phase == "report" and state.tasks[0].kind == "remove equal"
    offered = {m.cell for m in dynasty.legal_moves(state)}
    # only removals that part equal icons; never the starting domino (its goods capital pairs with 93's)
    assert {dict(state.personal[0])[c].domino for c in offered} == {90, 91, 92, 93}
    assert not [m for m in dynasty.legal_moves(state) if isinstance(m, Pass)]
    with pytest.raises(IllegalMove, match="P1 takes dominoes off their own map only"):
        dynasty.apply(state, Remove(0, "personal", (5, 3), 1))
    # the claim grew P1's map past the mat's west and north edges: its squares are named where the
    # map lies on the mat, one column east and three rows south of where the rules hold them
    with pytest.raises(IllegalMove, match="taking the domino on B4 off parts no two equal icons"):
        dynasty.apply(state, Remove(0, "personal", (0, 0)))
    with pytest.raises(IllegalMove, match="the starting domino on E7 may not come off: it anchors the map"):
        dynasty.apply(state, Remove(0, "personal", (3, 3)))
    for cell in ((3, 2), (5, 3)):
        state, _ = dynasty.apply(state, Remove(0, "personal", cell))
        assert state.phase == "report"
    # the persons no longer touch: 91 helps no more
    assert {dict(state.personal[0])[m.cell].domino for m in dynasty.legal_moves(state)} == {93}
    state, said = dynasty.apply(state, Remove(0, "personal", (2, 3)))
    assert said[-2].text() == "No two equal icons touch on P1's map any more." and state.round == 2
    left = {sq.domino for _, sq in state.personal[0]}
    assert {state.homes[0], 91, 94} <= left and not {90, 92, 93} & left


def test_proximity_remove_with_nothing_touching_alike_takes_nothing():
    state = failed_with(game(), "proximity_remove")
    assert state.round == 2 and "No two equal icons touch on P1's map any more." in state.said


# ---------------------------------------------------------------- Goblin Grandma's reward

def test_corrupters_come_off_any_maps_as_many_as_the_neutral_strength():
    state = with_squares(game(goblin="yes"), 0, NEUTRAL_2)
    state = with_squares(state, 1, {(5, 3): (95, "lava/corrupter/"), (6, 3): (95, "lava//"),
                                    (2, 3): (96, "lava/corrupter/"), (1, 3): (96, "lava//")})
    shared = dict(state.shared) | {(5, 1): Square(Half.parse("desert/corrupter/"), 97),
                                   (6, 1): Square(Half.parse("desert//"), 97),
                                   (5, 2): Square(Half.parse("desert//"), 98),
                                   (6, 2): Square(Half.parse("desert//"), 98)}
    state = dataclasses.replace(state, shared=frozen(shared))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",), reward="remove_corrupter_dynamic"))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    state = claim_all(state)
    assert state.phase == "report" and state.tasks[0].kind == "remove corrupter any"
    assert state.tasks[0].count == 2  # P1's Neutral strength
    moves = dynasty.legal_moves(state)
    assert {(m.map, m.owner, m.cell) for m in moves if isinstance(m, Remove)} == {
        ("shared", None, (5, 1)), ("personal", 1, (5, 3)), ("personal", 1, (1, 3)),  # either square names
        ("shared", None, (6, 1)), ("personal", 1, (6, 3)), ("personal", 1, (2, 3))}  # the domino
    assert Pass(0) in moves
    with pytest.raises(IllegalMove, match="the shared map is no player's own"):
        dynasty.apply(state, Remove(0, "shared", (5, 1), 1))
    with pytest.raises(IllegalMove, match="there is no seat 5 at this table"):
        dynasty.apply(state, Remove(0, "personal", (5, 3), 5))
    with pytest.raises(IllegalMove, match="the domino on F3 shows no Corrupter that may come off"):
        dynasty.apply(state, Remove(0, "shared", (5, 2)))
    # a record names the other player's map; one written before `owner` still reads
    assert dynasty.move_from_dict(dynasty.move_to_dict(Remove(0, "personal", (5, 3), 1))) == Remove(0, "personal", (5, 3), 1)
    assert dynasty.move_from_dict({"type": "Remove", "seat": 0, "map": "shared", "cell": [5, 1]}).owner is None
    state, said = dynasty.apply(state, Remove(0, "personal", (5, 3), 1))
    assert said[0].text() == "P1 took the domino on G4 off P2's map."  # P2's map lies a column east on the mat
    assert (5, 3) not in dict(state.personal[1]) and state.phase == "report"
    state, said = dynasty.apply(state, Remove(0, "shared", (5, 1)))
    assert said[0].text() == "P1 took the domino on F2 off the shared map."
    assert state.round == 2 and (2, 3) in dict(state.personal[1])  # two taken: the third stays


def test_corrupters_reward_with_no_neutral_strength_takes_nothing_and_may_stop_early():
    state = with_squares(game(goblin="yes"), 1, {(5, 3): (95, "lava/corrupter/"), (6, 3): (95, "lava//")})
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",), reward="remove_corrupter_dynamic"))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    state = claim_all(state)
    assert state.round == 2 and (5, 3) in dict(state.personal[1])
    state = with_squares(game(goblin="yes"), 0, NEUTRAL_2)
    state = with_squares(state, 1, {(5, 3): (95, "lava/corrupter/"), (6, 3): (95, "lava//")})
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",), reward="remove_corrupter_dynamic"))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    state = claim_all(state)
    with pytest.raises(IllegalMove, match="first P1 must take a Corrupter off any map"):
        dynasty.apply(state, Remove(1, "personal", (5, 3)))
    state, _ = dynasty.apply(state, Pass(0))
    assert state.round == 2 and (5, 3) in dict(state.personal[1])


# ---------------------------------------------------------------- random play with every expansion

@pytest.mark.parametrize("seed", range(int(os.environ.get("DYNASTY_SEEDS", "6")) // 3))
def test_random_games_with_every_expansion_follow_these_penalties_and_rewards(seed):
    """Every offered move is accepted; a player under the arrows-only penalty lays only arrowed
    paths; a player to keep several missions is judged on each; the views stay JSON.
    DYNASTY_SEEDS=50 plays more games."""
    import json
    import random
    rng = random.Random(seed)
    state = dynasty.setup({"players": 2 + seed % 4, "goblin": "yes", "proximity": "yes", "direction": "yes",
                           "machine": "yes", "powers": "yes" if seed % 2 else "no"}, seed)
    seen = set()
    for _ in range(1200):
        if dynasty.is_over(state):
            break
        moves = dynasty.legal_moves(state)
        assert moves, f"no legal move in phase {state.phase}"
        move = rng.choice(moves)
        if isinstance(move, Place) and state.effect(move.seat, "direction_restriction") is not None:
            assert all(len(h.split("/")) == 4 or not h.split("/")[2] for h in move.halves)
        before = state
        state, _ = dynasty.apply(state, move)
        seen |= {k for _, k, _ in before.effects}
        if before.phase == "report" or (before.phase in ("claim", "swap") and state.phase != before.phase):
            for seat in range(state.config.players):
                judged = [m for m in state.missions if m.seat == seat and m.round == before.round
                          and m.status in ("passed", "failed")]
                assert len(judged) <= powers_kept(before, seat)
        json.dumps(dynasty.view(state, Viewer("seat", 0)))
    assert dynasty.is_over(state)


def powers_kept(state, seat):
    from companion.games.dynasty import powers
    return powers.missions_to_keep(state, seat)


# ---------------------------------------------------------------- one board for the whole report

ATTACKED = {(5, 3): (90, "lava/person/EW"), (3, 2): (91, "lava/person/NS")}  # people, open-ended paths


def test_the_report_measures_every_mission_on_one_board_and_the_goblins_attack_after_it():
    # "The strength you need to have ... depends on the current state of the board": P2's (the
    # Brother of Warfare's) failed mission sends the goblins, but P1's "Goods 4 x people" is still
    # measured with the 2 people they will take: 8, more than the Goods 6 the claim step left
    state = with_squares(game(goblin="yes"), 1, ATTACKED)
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(1, ("warfare 99",), penalty="attack"))
    state, _ = dynasty.apply(state, Mission(0, ("goods 4 num_people",)))
    state = claim_all(state)
    goods = next(m for m in state.missions if m.seat == 0)
    assert goods.status == "failed" and goods.result == (("goods", 8, 6),)
    # the attack waits as a task: the dominoes with open-ended paths as the report found them
    assert [(t.seat, t.kind, t.count) for t in state.tasks] == [(1, "remove attacked", 2)]
    offered = {m.cell for m in dynasty.legal_moves(state)}
    assert offered == {(5, 3), (3, 2)}
    with pytest.raises(IllegalMove):
        dynasty.apply(state, Remove(1, "personal", (3, 3)))  # the starting domino never comes off
    state, _ = dynasty.apply(state, Remove(1, "personal", (5, 3)))
    state, _ = dynasty.apply(state, Remove(1, "personal", (3, 2)))
    assert state.round == 2 and not {(5, 3), (3, 2)} & set(dict(state.personal[1]))


def test_remove_neutral_takes_every_neutral_capital_off_one_after_another():
    state = failed_with(with_squares(game(), 0, NEUTRAL_2), "remove_neutral")
    assert [(t.seat, t.kind) for t in state.tasks] == [(0, "remove neutral")]
    assert {m.cell for m in dynasty.legal_moves(state)} == {(5, 3), (3, 2)}
    state, _ = dynasty.apply(state, Remove(0, "personal", (3, 2)))
    assert state.round == 1 and {m.cell for m in dynasty.legal_moves(state)} == {(5, 3)}
    state, _ = dynasty.apply(state, Remove(0, "personal", (5, 3)))
    assert state.round == 2 and not any(sq.half.icon == "neutral" for _, sq in state.personal[0])
