"""The end of the game as the rulebook words it ("Game end & scoring", the solo rules), through
the scoring record lines."""
import json

from companion import records

from .test_scoring import pile


def score(header, *lines):
    head = {"game": "initiative", **(header if isinstance(header, dict) else {"players": header})}
    rep = records.replay([json.dumps(head)] + [json.dumps(x) for x in lines])
    return records.result(rep)


def test_a_fractured_world_is_removed_before_locked_worlds_score():
    # "Remove any fractured worlds from the multiverse board" comes before "1 point for each
    # locked world on the multiverse board": world 3 fractured and locked gives no lock point.
    out = score(2, {"worlds": {"fractured": [3], "locked": [3]}},
                pile(0, ["world-3-past", "world-3-present"]))
    b = out["breakdown"]["0"]
    assert b["locked"] == 0 and b["total"] == 1
    still = score(2, {"worlds": {"fractured": [3], "locked": [3, 4]}},
                  pile(0, ["world-3-past", "world-4-past"]))
    assert still["breakdown"]["0"]["locked"] == 1  # world 4 is on the board and locked


def test_solo_a_tie_is_a_loss_and_no_tie_break_applies():
    # "If your final score is higher than the rival lab's final score, you win!"
    even = score(1, pile(0, ["world-1-nexus", "world-1-past"]), pile(1, ["world-3-past", "world-3-present"]))
    assert even["scores"] == {"0": 3, "1": 3} and even["winners"] == [1]
    # more cards and nexus cards would win a multiplayer tie, never the solo game
    more = score(1, pile(0, ["world-1-nexus", "world-2-nexus", "world-3-nexus"]),
                 pile(1, ["world-4-past", "world-4-present"]))
    assert more["scores"] == {"0": 3, "1": 3} and more["winners"] == [1]
    win = score(1, pile(0, ["world-1-nexus", "world-1-past"]), pile(1, ["world-3-past"]))
    assert win["winners"] == [0]


def test_the_more_challenging_rival_scores_a_point_per_world_after_penalties():
    # "score 1 point for each unique world in the rival lab's score pile (after fractured
    # world penalties)"
    lines = ({"worlds": {"fractured": [5]}},
             pile(1, ["world-4-past", "world-4-present", "world-5-past", "spires-past"]))
    plain = score(1, *lines)
    hard = score({"players": 1, "challenging": True}, *lines)
    assert plain["scores"]["1"] == 3 + 1  # world 5's only card is lost; spires 1
    assert hard["scores"]["1"] == 3 + 1 + 1  # one world left in the pile: world 4


def test_the_new_game_form_offers_the_harder_rival_lab_to_a_solo_game():
    from companion.games import initiative as game
    from companion.games.initiative.rules import freeze, thaw
    option = next(o for o in game.GAME.options if o.key == "challenging")
    assert dict(option.when) == {"players": 1} and "yes" in dict(option.choices)
    s = thaw(game.setup({"players": 1, "challenging": "yes"}, 0))
    s.rival.pile = ["world-4-past", "world-5-past", "world-5-future"]
    for w in s.worlds:
        w.stable = True
    assert game.view(freeze(s))["breakdown"]["1"]["challenge"] == 2
    plain = game.setup({"players": 1}, 0)
    assert not plain.challenging


def test_the_solo_record_says_who_wins_in_words():
    lines = [{"game": "initiative", "players": 1}, pile(0, ["world-1-nexus", "world-1-past"]),
             pile(1, ["world-3-past", "world-3-present"])]
    words = records.describe(records.replay([json.dumps(x) for x in lines]))
    assert "The rival lab wins." in words  # 3 to 3: a tie is a loss
