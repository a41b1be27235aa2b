"""End scoring: every rule in the rulebook's "Game end & scoring", the penalty and parallel
universes included, through the scoring record lines."""
import json

import pytest

from companion import records


def score(players, *lines):
    rep = records.replay([json.dumps({"game": "initiative", "players": players})]
                         + [json.dumps(x) for x in lines])
    return records.result(rep)


def pile(seat, cards, alliances=0, **more):
    return {"pile": {"seat": seat, "cards": cards, "alliances": alliances, **more}}


def test_world_sets_score_1_3_6_10():
    out = score(2, pile(0, ["world-1-past"]), pile(1, ["world-2-past", "world-2-present"]))
    assert out["scores"] == {"0": 1, "1": 3}
    out = score(2, pile(0, ["world-1-past", "world-1-present", "world-1-future"]),
                pile(1, ["world-2-past", "world-2-present", "world-2-future", "world-2-nexus"]))
    assert out["scores"] == {"0": 6, "1": 10}


def test_experiments_score_1_3_6_and_are_never_fractured():
    out = score(2, {"worlds": {"fractured": [1, 2, 3]}},
                pile(0, ["spires-past", "spires-present", "spires-future", "gates-past"]))
    assert out["breakdown"]["0"]["experiments"] == 7 and out["breakdown"]["0"]["penalty"] == []


def test_the_fractured_world_penalty_discards_the_card_that_costs_least():
    # world 3 fractured: losing one of two world-3 cards; the past goal makes the past card dear
    out = score(2, {"worlds": {"fractured": [3]}}, {"goals": [{"timeframe": "past"}]},
                pile(0, ["world-3-past", "world-3-future"]))
    b = out["breakdown"]["0"]
    assert b["penalty"] == ["world-3-future"] and b["total"] == 1 + 1
    assert b["cards"] == 1


def test_a_locked_world_scores_once_however_many_of_its_cards():
    out = score(2, {"worlds": {"locked": [5, 6]}}, pile(0, ["world-5-past", "world-5-nexus"]))
    assert out["breakdown"]["0"]["locked"] == 1 and out["scores"]["0"] == 3 + 1


def test_a_parallel_universe_must_join_another_card_in_the_best_place():
    alone = score(2, pile(0, ["parallel"]))
    assert alone["scores"]["0"] == 0
    # with world 4 at three cards, the parallel completes it: 10, not 6 + 1
    out = score(2, pile(0, ["world-4-past", "world-4-present", "world-4-future", "world-9-past",
                            "parallel"]))
    assert out["breakdown"]["0"]["parallel"] == ["world-4-nexus"] and out["scores"]["0"] == 10 + 1


def test_research_goals_pay_per_card_per_pair_and_per_triple_in_their_order():
    cards = ["world-1-nexus", "world-2-nexus", "world-3-nexus", "world-4-nexus", "world-5-nexus"]
    for goals, bonus in (([{"timeframe": "nexus"}], 5),
                         ([{"asset": "A"}, {"timeframe": "nexus"}], 2 * 3),
                         ([{"asset": "A"}, {"asset": "B"}, {"timeframe": "nexus"}], 1 * 6)):
        out = score(2, {"goals": goals}, pile(0, cards))
        assert out["scores"]["0"] == 5 + bonus


def test_a_parallel_universe_counts_as_the_timeline_it_stands_for():
    out = score(2, {"goals": [{"timeframe": "nexus"}]}, pile(0, ["world-1-past", "parallel"]))
    assert out["scores"]["0"] == 3 + 1  # placed as world 1's nexus: a pair, and a nexus card


def test_a_secret_objective_scores_the_owners_own_goal():
    out = score(2, {"goals": [{"secret": True}]},
                pile(0, ["world-1-future", "world-2-future"], secret={"timeframe": "future"}),
                pile(1, ["world-1-past"], secret={"timeframe": "nexus"}))
    assert out["breakdown"]["0"]["goals"] == [2] and out["breakdown"]["1"]["goals"] == [0]


def test_alliances_and_the_issue_example():
    out = score(3, {"worlds": {"fractured": [3], "locked": [7, 9]}},
                {"goals": [{"timeframe": "past"}, {"timeframe": "nexus"}, {"asset": "A"}]},
                pile(0, ["world-3-past", "world-3-nexus", "world-7-future", "spires-past",
                         "parallel"], alliances=1))
    b = out["breakdown"]["0"]
    # keep the nexus, the parallel as world 7's nexus: worlds 1 + 3, spires 1, locked 7: 1,
    # two nexus cards: 3, one alliance
    assert b["penalty"] == ["world-3-past"] and b["total"] == 4 + 1 + 1 + 3 + 1
    assert out["winners"] == [0]


def test_ties_go_to_more_cards_then_more_nexus_cards_then_are_shared():
    fewer = score(2, pile(0, ["world-1-past", "world-1-present"]),
                  pile(1, ["world-2-past", "world-3-past", "world-4-past"]))
    assert fewer["scores"] == {"0": 3, "1": 3} and fewer["winners"] == [1]
    nexus = score(2, pile(0, ["world-1-past"]), pile(1, ["world-2-nexus"]))
    assert nexus["winners"] == [1]
    shared = score(2, pile(0, ["world-1-nexus"]), pile(1, ["world-2-nexus"]))
    assert shared["winners"] == [0, 1]


def test_a_bad_pile_names_its_line():
    with pytest.raises(records.RecordError, match="line 2: unknown card 'world-16-past'"):
        score(2, pile(0, ["world-16-past"]))
