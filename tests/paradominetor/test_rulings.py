"""The rulings in docs/rulings.md ("Paradominetor"), one test (or more) each."""
import pytest

from companion.games import IllegalMove, MASTER, TABLE
from companion.games import paradominetor as P
from companion.games.paradominetor.moves import FlipRequested, Play, Reveal, RevokeFound
from companion.games.paradominetor.rules import legal_plays

from .table import dealt, last, new, reveal, trick


def test_a_everyone_black_the_lead_leads_again():
    state, _ = trick(new(3, first_lead=1), "black-0", "black-0", "black-0", declare="blue")
    r = last(state)
    assert r["points"] == {"1": 0.5, "2": 0.5, "0": 0.5} and r["next_lead"] == 1
    assert state.to_play == 1


def test_b_paradox_colours_rank_by_first_appearance_anywhere_in_the_trick():
    # Yellow 1s make the first paradox, but red appeared first (the lead): red 2 wins.
    state, _ = trick(new(5), "red-5-present", "yellow-1-past", "red-2-future", "yellow-1-present",
                     "red-2-past")
    r = last(state)
    assert r["paradox"] == "red 2" and r["points"] == {"2": 0.5, "4": 1}


def test_b_a_colour_seen_first_outside_any_paradox_still_ranks_first():
    # Blue 6 leads; green appears (green 1) before the yellow paradox and the green 3 paradox.
    state, _ = trick(new(5), "blue-6-future", "green-1-past", "yellow-2-past", "yellow-2-present",
                     "green-1-present")
    assert last(state)["paradox"] == "green 1"


def test_c_only_the_winning_paradox_is_flipped_and_every_tile_of_it_is_read():
    state, events = trick(new(5), "red-5", "yellow-1", "red-2", "yellow-1", "red-2")
    assert events[-1].seats == (2, 4)  # the yellow 1s are not asked to flip
    with pytest.raises(IllegalMove, match="P2 has no paradox tile to flip; waiting for P3, P5"):
        P.apply(state, Reveal(1, "past"))
    state, _ = reveal(state, {2: "future"})
    assert state.phase == "flip" and P.view(state, TABLE)["awaiting_flip"] == [4]
    state, _ = reveal(state, {4: "past"})
    plays = last(state)["plays"]
    assert [p.get("timeframe") for p in plays] == [None, None, "future", None, "past"]


def test_d_a_revoke_is_announced_but_the_trick_stands():
    state, _ = trick(new(3), "red-1", "green-6", "red-2")  # P2 shows no red; P3 wins
    state, events = trick(state, "blue-5", "blue-2", "red-5")  # P3 leads; P2 now plays red 5
    assert [e.text() for e in events if isinstance(e, RevokeFound)] == [
        "Revoke: P2 played red in trick 2 but did not follow red in trick 1"]
    assert [r.winners for r in state.done] == [(2,), (2,)]
    assert P.scores(state) == {0: 0, 1: 0, 2: 2} and state.lead == 2 and state.phase == "play"


def test_e_a_black_tile_that_does_not_lead_declares_nothing():
    state, _ = P.apply(new(3), Play(0, "red-3"))
    with pytest.raises(IllegalMove, match="P2 cannot declare a colour: only a black tile that leads"):
        P.apply(state, Play(1, "black-0", "blue"))


def test_f_a_black_tile_that_does_not_lead_adds_no_colour_to_follow():
    hands = [["red-3-past"], ["black-0", "blue-1-past"], ["blue-4-past", "green-2-past"]]
    state, _ = trick(dealt(3, hands=hands), "red-3-past", "black-0")
    assert P.view(state, TABLE)["must_follow"] == ["red"]
    assert {m.tile for m in legal_plays(state)} == {"blue-4-past", "green-2-past"}


def test_g_a_black_0_that_does_not_lead_never_wins_alone():
    state, _ = trick(new(3), "red-2", "black-0", "blue-5")
    assert last(state)["winners"] == [0]


def test_h_the_declared_colour_does_not_count_as_played_for_paradoxes():
    # Black declared purple; the yellow 2 paradox comes before any purple tile, so it beats
    # the on-colour purple 3 paradox.
    state, _ = trick(new(5, colours=["red", "blue", "green", "yellow", "purple"]),
                     "black-0", "yellow-2-past", "yellow-2-future", "purple-3-present",
                     "purple-3-past", declare="purple")
    r = last(state)
    assert r["paradox"] == "yellow 2" and r["points"] == {"1": 1, "2": 0.5}


def test_i_a_black_lead_alone_wins_as_a_0_of_its_colour():
    state, events = trick(new(3), "black-0", "blue-3", "green-4", declare="red")
    assert last(state)["winners"] == [0]
    assert events[-1].text() == "P1 wins with black (red): 1 pt"
    state, _ = trick(state, "black-0", "red-1", "green-5", declare="red")
    assert last(state)["winners"] == [1]  # any red beats the black lead's 0


def test_j_the_earliest_black_scores_1_in_a_black_paradox_that_does_not_lead():
    state, events = trick(new(4), "red-4", "black-0", "red-5", "black-0")
    r = last(state)
    assert r["paradox"] == "black 0" and r["points"] == {"1": 1, "3": 0.5} and r["next_lead"] == 1


def test_k_a_back_known_from_a_record_needs_no_flip_and_stays_hidden_until_then():
    state, events = trick(new(4), "blue-3-past", "blue-5-present", "yellow-1-present", "yellow-1-past")
    assert not any(isinstance(e, FlipRequested) for e in events)
    table = P.view(state, TABLE)["tricks"][0]["plays"]
    master = P.view(state, MASTER)["tricks"][0]["plays"]
    assert [p.get("timeframe") for p in table] == [None, None, "present", "past"]
    assert [p.get("timeframe") for p in master] == ["past", "present", "present", "past"]
    state, _ = P.apply(state, Play(3, "green-2-future"))
    assert "timeframe" not in P.view(state, TABLE)["current_trick"][0]


def test_every_ruling_names_a_test_that_exists():
    import re
    from pathlib import Path
    here = Path(__file__).parent
    doc = (here.parents[1] / "docs" / "rulings.md").read_text()
    section = doc.split("## Paradominetor", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`(?:tests/paradominetor/)?(test_\w+\.py)(?:::(test_\w+))?`", section)
    assert len(named) > 20
    for module, test in named:
        source = (here / module).read_text()
        assert not test or f"def {test}(" in source, f"docs/rulings.md names {module}::{test}"
