"""Secret research goals stay secret: "deal a face-down research goal to each player", and the
rival lab's "do not look at it until scoring". The points a secret objective adds count in a
seat's score only on its own phone until the end."""
import json

from companion.games import MASTER, TABLE, Viewer
from companion.games import initiative as game
from companion.games.initiative.rules import freeze, thaw



def _secret_game(players):
    """A game whose research goals include the secret objective, each seat holding cards its
    secret goal counts."""
    seed = next(s for s in range(300)
                if any(g.secret for g in game.setup({"players": players}, s).goals))
    state = game.setup({"players": players}, seed)
    s = thaw(state)
    piles = [b.pile for b in s.boards] + ([s.rival.pile] if s.solo else [])
    for seat, pile in enumerate(piles):
        goal = s.secret[seat]
        pile += [c for c, v in sorted(s.cards.items())
                 if (goal.asset is not None and v.asset == goal.asset)
                 or v.timeframe == goal.timeframe and v.world is not None][seat * 6:seat * 6 + 6]
    return freeze(s), s


def _hidden(s):
    return next(i for i, g in enumerate(s.goals) if g.secret)


def test_other_seats_and_the_table_count_a_score_without_its_secret_goal():
    state, s = _secret_game(3)
    i = _hidden(s)
    full = game.scores(state)
    for seat in range(3):
        mine = game.view(state, Viewer.of_seat(seat))
        added = game.view(state, MASTER)["breakdown"][str(seat)]["goals"][i]
        assert added > 0
        assert mine["scores"][str(seat)] == full[seat]
        for other in [game.view(state, TABLE)] + [game.view(state, Viewer.of_seat(o))
                                                  for o in range(3) if o != seat]:
            assert other["scores"][str(seat)] == full[seat] - added
            assert other["breakdown"][str(seat)]["goals"][i] is None


def test_the_secret_scores_are_secrets_the_leak_check_guards():
    state, s = _secret_game(2)
    hidden = game.secrets(state)
    for seat in range(2):
        owner = f"seat-{seat}"
        score = next(w for w in hidden[owner] if "adds" in w)
        assert score in json.dumps(game.view(state, Viewer.of_seat(seat)))
        assert score not in json.dumps(game.view(state, TABLE))
        assert score not in json.dumps(game.view(state, Viewer.of_seat(1 - seat)))


def test_solo_the_rivals_face_down_objective_is_not_counted_for_the_player():
    state, s = _secret_game(1)
    i = _hidden(s)
    added = game.view(state, MASTER)["breakdown"]["1"]["goals"][i]
    assert added > 0
    seen = game.view(state, Viewer.of_seat(0))
    assert seen["scores"]["1"] == game.scores(state)[1] - added
    assert "rival" in game.secrets(state)
    assert not any(w in json.dumps(seen) for w in game.secrets(state)["rival"])


def test_all_is_revealed_at_the_end():
    state, s = _secret_game(2)
    s = thaw(state)
    s.phase = "over"
    over = freeze(s)
    table = game.view(over, TABLE)
    assert table["scores"] == {str(k): v for k, v in game.scores(over).items()}
    assert all(table["secret_goals"][:2]) and game.secrets(over) == {}
