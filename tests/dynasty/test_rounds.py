"""The round: missions against live strength (shared out in role order), rewards and penalties,
secret missions, the cooperative win and loss, the final score, and the variants."""
import dataclasses
import json

import pytest

from companion.games import dynasty
from companion.games.dynasty.moves import Happening, Market, Mission, Place, Remove, Share, Start
from companion.games.base import TABLE, IllegalMove, Viewer

from .helpers import free, lay, strengths

FILLER = "grass//|grass//"  # fits the shared map beside the goods start and touches no path


def game(players=2, roles=("warfare", "goods"), **options):
    return dynasty.setup({"players": players, "roles": list(roles), **options}, 0)


def play_round(state, missions, dominoes=None, secret=()):
    """Draw the market and the missions, then place every market domino where it first fits."""
    n = state.config.players
    state, _ = dynasty.apply(state, Market(0, tuple(dominoes or [FILLER] * (2 * n))))
    for seat, needs in enumerate(missions):
        reward, penalty = "", ""
        if isinstance(needs, dict):
            needs, reward, penalty = needs["needs"], needs.get("reward", ""), needs.get("penalty", "")
        state, _ = dynasty.apply(state, Mission(seat, tuple(needs), reward, penalty, seat in secret))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    return state


def cards(state, round_):
    return [m for m in state.missions if m.round == round_]


def test_the_owner_decides_who_gets_strength_that_cannot_serve_every_mission():
    # "If not, the owning Role decides how to distribute the strength they have."
    state = game()  # warfare 1 x province 2 = 2, goods 2
    assert strengths(state)["warfare"] == 2
    waiting = play_round(state, [["warfare 2"], ["warfare 1"]])
    assert waiting.phase == "share"  # the report waits for the Brother of Warfare's choice
    first, second = cards(waiting, 1)
    offered = [m for m in dynasty.legal_moves(waiting) if isinstance(m, Share)]  # beside the next round's draw
    assert {m.missions for m in offered} == {(first.id,), (second.id,)} and {m.seat for m in offered} == {0}
    chosen, _ = dynasty.apply(waiting, Share(0, "warfare", (second.id,)))
    first, second = cards(chosen, 1)
    assert first.status == "failed" and first.result == (("warfare", 2, 1),)  # the 1 left over
    assert second.status == "passed" and second.result == (("warfare", 1, 2),)
    assert "P1's mission failed: Military 1 of 2 needed." in chosen.report
    # nobody answers (the next round's market is entered): the suggestion stands; both choices pass
    # one mission, so it serves the first in report order
    went_on, said = dynasty.apply(waiting, Market(0, (FILLER,) * 4))
    first, second = cards(went_on, 1)
    assert first.status == "passed" and second.status == "failed" and went_on.round == 2
    with pytest.raises(IllegalMove):
        dynasty.apply(waiting, Share(1, "warfare", (second.id,)))  # not P2's strength
    with pytest.raises(IllegalMove):
        dynasty.apply(waiting, Share(0, "warfare", (first.id, second.id)))  # 3 asked of 2


def test_the_suggestion_passes_the_most_missions_where_first_come_first_served_would_pass_one():
    # Military 2 and Money 2: P1 asks both, P2 Military 2, P3 Money 2. Served in role order P1's
    # mission would take everything; the owners may instead serve P2 and P3: two missions pass.
    state = game(3, ("warfare", "money", "goods"))
    assert strengths(state)["warfare"] == strengths(state)["money"] == 2
    waiting = play_round(state, [["warfare 2", "money 2"], ["warfare 2"], ["money 2"]])
    assert waiting.phase == "share"
    p1, p2, p3 = cards(waiting, 1)
    view = dynasty.view(waiting, Viewer.of_seat(0))
    assert view["share"] == [{"role": "warfare", "options": [[p1.id], [p2.id]], "suggested": [p2.id],
                              "asks": {str(p1.id): 2, str(p2.id): 2}, "strength": 2}]
    # nobody answers: the suggestion applies
    settled, _ = dynasty.apply(waiting, Market(0, (FILLER,) * 6))
    assert [m.status for m in cards(settled, 1)] == ["failed", "passed", "passed"]
    # the owners choose P1's mission: it passes alone
    one, _ = dynasty.apply(waiting, Share(0, "warfare", (p1.id,)))
    assert one.phase == "share"
    one, _ = dynasty.apply(one, Share(1, "money", (p1.id,)))
    assert [m.status for m in cards(one, 1)] == ["passed", "failed", "failed"]
    # the Brother of Warfare chooses P1's, the Sister of Coin P3's: P1's mission lacks Money and
    # takes nothing, so the Military it was given goes on to P2
    split, _ = dynasty.apply(waiting, Share(0, "warfare", (p1.id,)))
    split, _ = dynasty.apply(split, Share(1, "money", (p3.id,)))
    assert [m.status for m in cards(split, 1)] == ["failed", "passed", "passed"]


def test_a_repeated_icon_asks_only_its_highest_number():
    state = play_round(game(), [["warfare 1", "warfare 2"], ["goods 2"]])
    assert [m.status for m in cards(state, 1)] == ["passed", "passed"]


def test_a_scalar_is_measured_on_all_maps_as_they_stand():
    state = game()
    # 0 people anywhere: "2 x people" asks for nothing
    passed = play_round(state, [["warfare 2 num_people"], ["goods 1"]])
    assert cards(passed, 1)[0].result == (("warfare", 0, 2),)
    people = "grass/person/|grass/person/"
    failed = play_round(state, [["warfare 2 num_people"], ["goods 1"]], [people] * 4)
    assert cards(failed, 1)[0].result == (("warfare", 16, 2),) and cards(failed, 1)[0].status == "failed"


def test_a_secret_mission_shows_only_on_its_owner_s_phone_until_completed():
    state = game()
    state, said = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, said = dynasty.apply(state, Mission(1, ("goods 2",), secret=True))
    assert said[0].text() == "P2 drew a secret mission."
    secret = dynasty.secrets(state)["seat-1"]
    assert secret == {"Mission 1: Goods 2"}
    assert "Mission 1: Goods 2" in json.dumps(dynasty.view(state, Viewer.of_seat(1)))
    for viewer in (TABLE, Viewer.of_seat(0)):
        assert "Mission 1: Goods 2" not in json.dumps(dynasty.view(state, viewer))
    state, _ = dynasty.apply(state, Mission(0, ("warfare 1",)))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert cards(state, 1)[1].status == "passed" and dynasty.secrets(state)["seat-1"] == set()
    assert "Mission 1: Goods 2" in json.dumps(dynasty.view(state, TABLE))  # face up now


def test_a_failed_secret_mission_stays_face_down():
    state = play_round(game(), [["warfare 1"], ["goods 50"]], secret=(1,))
    assert "P2's secret mission failed." in state.report
    assert "Goods 50" not in json.dumps(dynasty.view(state, Viewer.of_seat(0)))
    assert "Goods 50" in json.dumps(dynasty.view(state, Viewer.of_seat(1)))


def test_competitive_missions_are_public():
    state = play_round(game(mode="competitive"), [["warfare 1"], ["goods 50"]], secret=(1,))
    assert not any(m.secret for m in state.missions)
    goods = strengths(state)["goods"]
    assert f"P2's mission failed: Goods {goods} of 50 needed." in state.report


def test_three_failed_missions_lose_the_cooperative_game():
    state = game()
    for round_ in (1, 2, 3):
        assert not dynasty.is_over(state)
        state = play_round(state, [["warfare 1"], ["goods 50"]])
    assert dynasty.is_over(state) and state.result == "lost" and dynasty.winners(state) == []
    assert state.left == 1


def test_three_missions_per_player_win_the_cooperative_game_and_the_weakest_strength_scores():
    state = game()
    for round_ in (1, 2, 3):
        state = play_round(state, [["warfare 1"], ["goods 1"]])
    assert state.result == "won" and dynasty.winners(state) == [0, 1]
    table = strengths(state)
    assert dynasty.scores(state) == {0: min(table["warfare"], table["goods"])} | \
        {1: min(table["warfare"], table["goods"])}


def test_competitive_ends_when_a_player_leaves_who_loses_8():
    state = game(mode="competitive")
    for _ in range(3):
        state = play_round(state, [["warfare 1"], ["goods 50"]])
    assert dynasty.is_over(state) and state.left == 1
    table = strengths(state)
    points = {0: table["warfare"], 1: table["goods"] - 8}
    assert dynasty.scores(state) == points
    assert dynasty.winners(state) == [s for s in points if points[s] == max(points.values())]


def test_a_penalty_takes_a_domino_off_but_never_the_starting_domino():
    state = game()
    dominoes = ["lava//W|lava//"] + [FILLER] * 3  # seat 0 lays it east of its start (first fit)
    state = play_round(state, [{"needs": ["warfare 50"], "penalty": "remove"}, ["goods 1"]], dominoes)
    assert state.phase == "report" and state.tasks[0].kind == "remove"
    moves = dynasty.legal_moves(state)
    assert moves and all(isinstance(m, Remove) and m.seat == 0 for m in moves)
    assert not {m.cell for m in moves} & {(3, 3), (4, 3)}
    with pytest.raises(IllegalMove, match="may not come off"):
        dynasty.apply(state, Remove(0, "personal", (3, 3)))
    with pytest.raises(IllegalMove, match="first P1 must take a domino off their map"):
        dynasty.apply(state, Remove(1, "personal", (3, 3)))
    before = len(state.personal[0])
    state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert len(state.personal[0]) == before - 2 and state.phase == "draw" and state.round == 2


def test_a_reward_of_five_counts_all_next_round():
    state = play_round(game(), [{"needs": ["warfare 1"], "reward": "extra_score"}, ["goods 1"]])
    assert strengths(state)["warfare"] == 2 + 5
    state = play_round(state, [["warfare 1"], ["goods 1"]])
    assert strengths(state)["warfare"] == 2


def test_the_chaotic_start_leaves_personal_maps_empty_and_strength_at_least_1():
    state = game(chaotic="yes")
    assert state.personal == ((), ())
    assert strengths(state)["warfare"] == 1
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    assert state.phase == "draw"


def test_all_roles_dealt_and_a_player_is_as_strong_as_their_weakest_role():
    state = game(all_roles="yes")
    assert state.config.roles == (("warfare", "money", "housing"), ("goods", "infrastructure"))
    assert all(v["in_game"] for v in dynasty.power.strengths(state).values())


def test_tactical_counts_the_shared_capitals_and_halves_the_product():
    state = game(tactical="yes")
    # (1 personal + 1 shared capital) x province 2 / 2
    assert strengths(state)["warfare"] == 2


def test_the_report_rule_of_housing_counts_0_without_a_placement():
    only_goods = ["grass/goods/|grass//"] * 4  # the Sibling of Space may not handle these
    for rules, status in (("yes", "failed"), ("no", "passed")):
        state = game(players=2, roles=("housing", "goods"), report_rules=rules)
        state = play_round(state, [["housing 1"], ["goods 1"]], only_goods)
        assert cards(state, 1)[0].status == status


def test_an_event_halves_a_strength_for_its_round():
    state = game(proximity="yes")
    state, _ = dynasty.apply(state, Happening(0, "military_punish"))
    assert strengths(state)["warfare"] == 1
    with pytest.raises(IllegalMove, match="once"):
        dynasty.apply(state, Happening(0, "goods_punish"))


def test_bad_missions_and_markets_are_refused_in_words():
    state = game()
    with pytest.raises(IllegalMove, match="holds 4 dominoes, not 5"):
        dynasty.apply(state, Market(0, (FILLER,) * 5))
    with pytest.raises(IllegalMove, match="unknown terrain 'mud'"):
        dynasty.apply(state, Market(0, ("mud//|lava//",)))
    with pytest.raises(IllegalMove, match="a requirement is 'ROLE NUMBER"):
        dynasty.apply(state, Mission(0, ("army 3",)))
    with pytest.raises(IllegalMove, match="claim step"):
        dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava//W", "lava//")))
    # an empty market says the deck is out: never before the first market was drawn from it
    with pytest.raises(IllegalMove, match="before the first market"):
        dynasty.apply(state, Market(0, ()))
    later = dataclasses.replace(state, dealt=40)  # as if earlier rounds had drawn the deck down
    state, _ = dynasty.apply(later, Market(0, ()))
    assert dynasty.is_over(state) and state.result == "ended"


def test_the_uncle_of_infrastructure_s_power_places_a_mismatched_domino_once_a_round():
    state = game(players=2, roles=("infrastructure", "goods"), powers="yes")
    state, _ = dynasty.apply(state, Market(0, ("lava//|lava//",) * 4))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    bad = Place(0, "personal", ((5, 3), (6, 3)), ("lava//", "lava//"))  # F4's west edge is closed
    with pytest.raises(IllegalMove, match="paths do not match"):
        dynasty.apply(state, bad)
    state, said = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava//", "lava//"), power=True))
    assert state.mismatched == (True, False) and state.power_used == (True, False)
    # the table sees a domino that does not match: it hears why it may lie so
    assert "The Uncle of Infrastructure's power lets it lie mismatched." in str(said[0].words)
    with pytest.raises(IllegalMove, match="only the Uncle of Infrastructure"):
        dynasty.apply(state, Place(1, "personal", ((5, 3), (6, 3)), ("lava//", "lava//"), power=True))


def test_the_brother_of_warfare_s_power_removes_a_domino_of_an_earlier_round_only():
    state = game(powers="yes")
    state, _ = dynasty.apply(state, Market(0, ("lava//W|lava//",) + (FILLER,) * 3))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    state, _ = dynasty.apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("lava//W", "lava//")))
    state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])  # seat 1's turn
    with pytest.raises(IllegalMove, match="from an earlier round"):
        dynasty.apply(state, Remove(0, "personal", (5, 3)))
    while state.phase == "claim":
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    with pytest.raises(IllegalMove, match="may not come off"):
        dynasty.apply(state, Remove(0, "personal", (3, 3)))  # the starting domino
    after, said = dynasty.apply(state, Remove(0, "personal", (5, 3)))
    assert (5, 3) not in dict(after.personal[0]) and after.turn == 0
    with pytest.raises(IllegalMove, match="no domino is to be taken off now"):
        dynasty.apply(after, Remove(0, "personal", (6, 3)))


def test_a_player_holding_several_roles_counts_their_weakest():
    state = free(players=2, roles=["warfare", "goods"], all_roles="yes", mode="competitive")
    state = lay(state, 0, "shared", ((5, 1), (6, 1)), "lava//", "lava//")
    state = lay(state, 0, "shared", ((2, 2), (1, 2)), "desert//", "desert//")
    table = strengths(state)
    assert (table["warfare"], table["money"], table["housing"]) == (4, 4, 2)
    assert dynasty.scores(state)[0] == 2


def test_the_next_game_knows_the_box_s_dominoes_and_ignores_bad_kept_data():
    state, _ = dynasty.apply(game(), Market(0, ("lava/person/EW|grass//W",) * 2 + (FILLER,) * 2))
    kept = dynasty.keep(state)
    assert kept == {"dominoes": ["lava/person/EW|grass//W", FILLER]}
    again = dynasty.setup({"players": 2, "kept": {"dominoes": kept["dominoes"] + ["mud//|x", 7, None]}}, 1)
    assert again.known == ("lava/person/EW|grass//W", FILLER)
    assert dynasty.view(again, Viewer.of_seat(0))["known"] == list(again.known)
    for bad in (None, "junk", {"dominoes": "lava"}, {"dominoes": [["a"]]}):
        assert dynasty.setup({"players": 2, "kept": bad}, 1).known == ()
    assert dynasty.keep(game()) is None


def apart_game(**options):
    """Three players whose provinces lie apart on the shared map: no path joins their capitals."""
    state = dynasty.setup({"players": 3, "roles": ["warfare", "money", "goods"], "starts": "entered",
                           **options}, 0)
    for role, cells in (("warfare", ((0, 0), (1, 0))), ("money", ((0, 2), (1, 2))),
                        ("infrastructure", ((0, 4), (1, 4))), ("housing", ((0, 6), (1, 6))),
                        ("goods", ((3, 0), (4, 0)))):
        state, _ = dynasty.apply(state, Start(0, "shared", cells, role))
    for seat in range(3):
        state, _ = dynasty.apply(state, Start(seat, "personal", ((3, 3), (4, 3))))
    return state


def test_machine_mama_an_unconnected_role_shares_with_one_player_a_round():
    for machine, statuses in (("no", ["passed", "passed", "passed"]), ("yes", ["passed", "failed", "passed"])):
        state = apart_game(machine=machine)
        state, _ = dynasty.apply(state, Market(0, ("grass//|grass//",)))
        for seat in range(3):
            state, _ = dynasty.apply(state, Mission(seat, ("goods 1",) if seat < 2 else ("warfare 1",)))
        state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
        goods = strengths(state)["goods"]
        assert goods >= 2
        assert [m.status for m in cards(state, 1)] == statuses
        if machine == "yes":
            assert cards(state, 1)[1].result == (("goods", 1, 0),)


def test_holding_hands_adds_4_to_players_joined_on_the_shared_map():
    joined = game(proximity="yes")  # the companion's layout: every start touches the next, all open
    apart = apart_game(proximity="yes")
    before = strengths(joined)["warfare"]
    joined, _ = dynasty.apply(joined, Happening(0, "holding_hands"))
    apart, _ = dynasty.apply(apart, Happening(0, "holding_hands"))
    assert strengths(joined)["warfare"] == before + 4
    assert strengths(apart)["warfare"] == before


def test_the_reverse_round_turns_the_other_way():
    state = apart_game(proximity="yes")
    state, _ = dynasty.apply(state, Happening(0, "reverse_order"))
    state, _ = dynasty.apply(state, Market(0, ("grass//|grass//",) * 6))
    for seat in range(3):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert state.turn == 2


def test_storms_and_floods_take_dominoes_off_in_role_order_before_the_claim_step():
    from companion.games.dynasty.moves import Take
    state = game(players=2, roles=("goods", "warfare"), proximity="yes", powers="yes", play="free")
    state = lay(state, 0, "shared", ((5, 5), (6, 5)), "grass//", "grass//")
    state = lay(state, 1, "shared", ((5, 1), (6, 1)), "lava//", "lava//")
    state = lay(state, 1, "personal", ((5, 3), (6, 3)), "lava//W", "lava//")
    state = dataclasses.replace(state, phase="draw")
    storm, _ = dynasty.apply(state, Happening(0, "storm_remove"))
    assert [(t.seat, t.kind, t.count) for t in storm.tasks] == [(1, "remove shared", 1), (0, "remove shared", 1)]
    assert {type(m) for m in dynasty.legal_moves(storm)} == {Remove}
    with pytest.raises(IllegalMove, match="first P2 must take a domino off the shared map"):
        dynasty.apply(storm, Remove(0, "shared", (5, 5)))
    storm, _ = dynasty.apply(storm, Remove(1, "shared", (5, 1)))
    storm, _ = dynasty.apply(storm, Market(0, (FILLER,) * 4))
    for seat in (0, 1):
        storm, _ = dynasty.apply(storm, Mission(seat, ("goods 1",)))
    assert storm.phase == "draw"  # the Aunt has not taken hers off yet
    storm, _ = dynasty.apply(storm, Remove(0, "shared", (6, 5)))
    assert storm.phase == "claim" and (5, 5) not in dict(storm.shared) and (5, 1) not in dict(storm.shared)
    flood, _ = dynasty.apply(state, Happening(0, "floods_punish"))
    # P1 has only its starting domino: nothing comes off; P2 takes off its one domino, then none is left
    assert [(t.seat, t.kind, t.count) for t in flood.tasks] == [(1, "remove", 2)]
    flood, _ = dynasty.apply(flood, Remove(1, "personal", (6, 3)))
    assert not flood.tasks and (5, 3) not in dict(flood.personal[1])
    flood, _ = dynasty.apply(flood, Market(0, (FILLER,) * 4))
    for seat in (0, 1):
        flood, _ = dynasty.apply(flood, Mission(seat, ("goods 1",)))
    with pytest.raises(IllegalMove, match="takes it away"):
        dynasty.apply(flood, Take(0, 2))


def test_strict_regime_costs_a_failed_mission_3_dominoes():
    from companion.games.dynasty.maps import Half, Square, frozen
    from companion.games.dynasty.report import report
    state = game(players=2, roles=("goods", "warfare"), proximity="yes")
    state, _ = dynasty.apply(state, Happening(0, "mission_harden"))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",)))
    state, _ = dynasty.apply(state, Mission(1, ("goods 99",)))
    mine = dict(state.personal[1]) | {(5, 3): Square(Half.parse("lava//W"), 98), (6, 3): Square(Half.parse("lava//"), 98)}
    state = report(dataclasses.replace(state, personal=(state.personal[0], frozen(mine))))
    assert [(t.seat, t.kind, t.count) for t in state.tasks] == [(1, "remove", 3)]
    assert "Strict Regime: P2 takes 3 dominoes off their map." in state.said
    state, _ = dynasty.apply(state, Remove(1, "personal", (6, 3)))
    assert state.round == 2 and not state.tasks  # nothing else may come off: the round goes on


def _rewarded(reward):
    """P1's mission passes with `reward`; P1's map holds a domino beside its start."""
    from companion.games.dynasty.maps import Half, Square, frozen
    from companion.games.dynasty.report import report
    state = game(players=2, roles=("goods", "warfare"))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state, _ = dynasty.apply(state, Mission(0, ("goods 1",), reward))
    state, _ = dynasty.apply(state, Mission(1, ("goods 1",)))
    mine = dict(state.personal[0]) | {(5, 3): Square(Half.parse("grass//EW"), 98),
                                      (6, 3): Square(Half.parse("grass/person/W"), 98)}
    return report(dataclasses.replace(state, personal=(frozen(mine),) + state.personal[1:]))


def test_a_rotate_reward_turns_a_domino_about_one_of_its_squares_ignoring_the_placement_rules():
    from companion.games.dynasty.moves import Pass, Shift
    state = _rewarded("rotate")
    assert [(t.seat, t.kind, t.count, t.optional) for t in state.tasks] == [(0, "turn", 1, True)]
    offered = [m for m in dynasty.legal_moves(state) if isinstance(m, Shift)]
    assert Pass(0) in dynasty.legal_moves(state)
    # turned about F4: the person's half stands up to F3 or down to F5 (paths need not match);
    # about G4: F4's half swings to G3 or G5, or past it to H4
    assert {m.cells for m in offered} == {((5, 3), (5, 2)), ((5, 3), (5, 4)), ((6, 2), (6, 3)),
                                          ((6, 4), (6, 3)), ((7, 3), (6, 3))}
    with pytest.raises(IllegalMove, match="turns about one of its squares"):
        dynasty.apply(state, Shift(0, "personal", (5, 3), ((5, 4), (5, 5)), ("grass//NS", "grass/person/N")))
    state, _ = dynasty.apply(state, Shift(0, "personal", (5, 3), ((5, 3), (5, 4)), ("grass//NS", "grass/person/N")))
    mine = dict(state.personal[0])
    assert mine[(5, 4)].half.icon == "person" and (6, 3) not in mine
    assert state.round == 2 and not state.tasks


def test_a_rearrange_reward_moves_up_to_3_dominoes_by_the_placement_rules():
    from companion.games.dynasty.moves import Pass, Shift
    state = _rewarded("rearrange")
    assert [(t.kind, t.count) for t in state.tasks] == [("move", 3)]
    with pytest.raises(IllegalMove, match="paths do not match on the east edge of square C4"):
        dynasty.apply(state, Shift(0, "personal", (5, 3), ((2, 4), (2, 3)), ("grass//NS", "grass/person/S")))
    assert all(m.map == "personal" for m in dynasty.legal_moves(state) if isinstance(m, Shift))
    state, _ = dynasty.apply(state, Shift(0, "personal", (5, 3), ((3, 4), (3, 5)), ("grass//NS", "grass/person/N")))
    assert state.tasks[0].count == 2
    state, _ = dynasty.apply(state, Pass(0))
    assert state.round == 2


def test_a_turn_may_be_named_from_either_end_of_the_domino():
    from companion.games.dynasty.moves import Shift
    state = _rewarded("rotate")
    # G4 (the person's half) stays; F4's half swings up to G3: named from G4, as a phone does
    state, _ = dynasty.apply(state, Shift(0, "personal", (6, 3), ((6, 3), (6, 2)), ("grass/person/N", "grass//NS")))
    mine = dict(state.personal[0])
    assert mine[(6, 3)].half.text() == "grass/person/N" and mine[(6, 2)].half.paths == "NS"


def _quake_game(event, cells=((5, 3), (6, 3)), halves=("grass//EW", "grass/person/W")):
    """P1 (goods) with a domino beside its start, P2 (warfare) with only its start; the event revealed."""
    state = game(players=2, roles=("goods", "warfare"), proximity="yes", play="free")
    state = lay(state, 0, "personal", cells, *halves)
    state = dataclasses.replace(state, phase="draw")
    return dynasty.apply(state, Happening(0, event))


def test_the_earthquake_turns_one_domino_each_by_the_placement_rules_and_may_not_be_skipped():
    from companion.games.dynasty.moves import Pass, Shift
    # E3 (open all round) on the start's open north edge, E2 (a person, no path) above it
    state, said = _quake_game("earthquake_rotate", ((4, 2), (4, 1)), ("grass//NESW", "grass/person/"))
    # P2 has nothing but its starting domino: nothing to turn, said; P1 must turn its one domino
    assert [(t.seat, t.kind, t.count, t.optional) for t in state.tasks] == [(0, "turn", 1, False)]
    assert "P2 has no domino they may turn." in [s.text() for s in said]
    # unlike the rotate reward the placement rules bind: turned about E3, the person's closed half
    # may swing east to F3 (touching nothing) but not west onto D3 above the start's open edge;
    # turned about E2, E3's half would leave the map
    offered = dynasty.legal_moves(state)
    assert [set(zip(m.cells, m.halves)) for m in offered] == [{((4, 2), "grass//NESW"), ((5, 2), "grass/person/")}]
    with pytest.raises(IllegalMove, match="first P1 must turn a domino of their map$"):
        dynasty.apply(state, Pass(0))
    with pytest.raises(IllegalMove, match="paths do not match on the south edge of square D3"):
        dynasty.apply(state, Shift(0, "personal", (4, 2), ((4, 2), (3, 2)), ("grass//NESW", "grass/person/")))
    state, _ = dynasty.apply(state, dynasty.legal_moves(state)[0])
    assert dict(state.personal[0])[(5, 2)].half.icon == "person"
    assert not state.tasks and state.phase == "draw"
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    for seat in (0, 1):
        state, _ = dynasty.apply(state, Mission(seat, ("goods 1",)))
    assert state.phase == "claim"


def test_local_elections_move_3_different_dominoes_by_the_placement_rules():
    from companion.games.dynasty.moves import Pass, Shift
    state, _ = _quake_game("elections_rearrange")
    assert [(t.seat, t.kind, t.count, t.optional) for t in state.tasks] == [(0, "move", 3, False)]
    offered = dynasty.legal_moves(state)
    assert offered and Pass(0) not in offered and all(isinstance(m, Shift) for m in offered)
    with pytest.raises(IllegalMove, match="paths do not match on the east edge of square C4"):
        dynasty.apply(state, Shift(0, "personal", (5, 3), ((2, 4), (2, 3)), ("grass//NS", "grass/person/S")))
    state, said = dynasty.apply(state, Shift(0, "personal", (5, 3), ((3, 4), (3, 5)),
                                             ("grass//NS", "grass/person/N")))
    # the one domino that may move has moved, and each moves once: the elections end for P1
    assert not state.tasks and said[-1].text() == "P1 has no domino they may move."


def test_roles_left_empty_are_dealt_at_random_from_the_seed():
    # the new-game form: "Leave empty to deal the roles at random"; "Shuffle and deal each player 1 Role"
    from companion.games.dynasty import GAME
    roles = next(o for o in GAME.options if o.key == "roles")
    assert roles.choices[0][0] == ""  # a role box may be left to the deal
    dealt = {dynasty.setup({"players": 3, "roles": ["", "", ""]}, seed).config.roles for seed in range(12)}
    assert len(dealt) > 1 and any(r[0] != ("warfare",) for r in dealt)
    assert all(len({h[0] for h in r}) == 3 for r in dealt)  # one role each, all different
    again = dynasty.setup({"players": 3, "roles": ["", "", ""]}, 7).config.roles
    assert again == dynasty.setup({"players": 3, "roles": ["", "", ""]}, 7).config.roles
    partly = dynasty.setup({"players": 3, "roles": ["", "money", ""]}, 3).config.roles
    assert partly[1] == ("money",) and "money" not in partly[0] + partly[2] and partly[0] != partly[2]


def test_a_role_nobody_holds_shares_out_as_the_suggestion_says_without_waiting():
    # "Any Roles not in the game ... also decide how to distribute that power": nobody at the table
    # speaks for the Money (as strong as the strongest player: Goods 10 once the claim step grew
    # its province), so the suggestion stands at once
    state = play_round(game(), [["money 6"], ["money 6"]])
    assert state.phase != "share" and state.round == 2
    first, second = cards(state, 1)
    assert first.result == (("money", 6, 10),) and first.status == "passed"
    assert second.result == (("money", 6, 4),) and second.status == "failed"
