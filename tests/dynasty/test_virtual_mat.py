"""A 2-player Domino Dynasty played on the virtual mat: the maps laid out, market dominoes put on
the maps, read from synthetic camera frames by the real domino reader; the companion places them
for the right seat, says a refusal with the rules' reason, keeps the strengths live, and takes a
domino lifted off a map as the removal a failed mission's penalty waits for."""
import shutil

from companion.games import TABLE, dynasty
from companion.games.dynasty import power
from companion.games.dynasty.moves import Market, Mission, Place, Remove

from camera_feed import resume_elsewhere, settle
from patience import WAIT_SECONDS

MARKET = ("grass/person/W|plains//", "stone//N|stone//S", "desert//|desert/person/", "lava//EW|lava//W")
OPTIONS = {"players": 2, "names": ["Ana", "Ben"], "roles": {"0": "warfare", "1": "infrastructure"}}


def _view(c):
    return c.snapshot.view(TABLE)


def _strengths(view):
    return {r: v["strength"] for r, v in view["strength"].items()}


def test_dominoes_laid_on_the_virtual_mat_are_placed_and_their_strength_said(device):
    c = device.companion
    c.new_game("dynasty", OPTIONS, seed=1).result(WAIT_SECONDS)
    c.submit(Market(0, MARKET), "phone").result(WAIT_SECONDS)
    missions = (Mission(0, ("warfare 50",), "", "remove"), Mission(1, ("warfare 2",)))  # Ana's fails
    for mission in missions:
        c.submit(mission, "phone").result(WAIT_SECONDS)
    assert _view(c)["phase"] == "claim" and _view(c)["turn"] == 0
    table = device.virtual_table
    table.act({"action": "clear"}, _view(c))
    assert table.act({"action": "lay"}, _view(c)) == "Laid 7 dominoes"  # five shared starts, two personal
    for _ in range(8):  # the starting dominoes are what the companion holds already: nothing happens
        device.camera.step()
    assert c.snapshot.prompt is None and _view(c)["turn"] == 0

    # the reference: the same placements straight into the rules
    expected = dynasty.setup(OPTIONS, 1)
    expected = dynasty.apply(expected, Market(0, MARKET))[0]
    for mission in missions:
        expected = dynasty.apply(expected, mission)[0]

    # Ana lays the grass domino east of her start: a person joins her capital's roads
    table.act({"action": "place", "seat": 0, "map": "personal", "market": 0, "cells": [[5, 3], [6, 3]]}, _view(c))
    # until the camera has read it in, the market still lists it: it is not put down twice
    import pytest
    from companion.games.base import IllegalMove
    with pytest.raises(IllegalMove, match="Market domino 1 is on the mat already"):
        table.act({"action": "place", "seat": 0, "map": "personal", "market": 0, "cells": [[5, 5], [6, 5]]}, _view(c))
    settle(device, lambda: _view(c)["turn"] == 1)
    expected = dynasty.apply(expected, Place(0, "personal", ((5, 3), (6, 3)), ("grass/person/W", "plains//")))[0]
    view = _view(c)
    assert _strengths(view) == {r: v["strength"] for r, v in power.strengths(expected).items()}
    # the capital and one person, times the province of two lava squares on the shared map
    assert view["strength"]["warfare"]["strength"] == 4
    assert view["said"] == "Ana placed grass person paths W | plains on F4-G4 of their map. Military 2->4."

    # Ben stands the stone domino where its roads cannot meet his start's: refused, with the reason
    table.act({"action": "place", "seat": 1, "map": "personal", "market": 1, "cells": [[5, 3], [5, 4]]}, _view(c))
    settle(device, lambda: c.snapshot.prompt is not None)
    prompt = c.snapshot.prompt
    assert prompt.title == "Not allowed" and prompt.move is None
    assert prompt.text == "Ben's map, F4-F5: the paths do not match on the west edge of square F4"
    c.button("undo").result(WAIT_SECONDS)
    table.act({"action": "remove", "seat": 1, "map": "personal", "cell": [5, 3]}, _view(c))

    # ...then lays the desert domino on the shared map, beside the money start
    assert [m["domino"] for m in _view(c)["market"]] == list(MARKET[1:])  # Ana's is gone
    table.act({"action": "place", "seat": 1, "map": "shared", "market": 1, "cells": [[5, 2], [6, 2]]}, _view(c))
    settle(device, lambda: _view(c)["turn"] == 0)
    expected = dynasty.apply(expected, Place(1, "shared", ((5, 2), (6, 2)), ("desert//", "desert/person/")))[0]
    view = _view(c)
    assert c.snapshot.prompt is None
    assert _strengths(view) == {r: v["strength"] for r, v in power.strengths(expected).items()}
    assert [m for m in c.snapshot.session.moves if isinstance(m, Place)] == [
        Place(0, "personal", ((5, 3), (6, 3)), ("grass/person/W", "plains//")),
        Place(1, "shared", ((5, 2), (6, 2)), ("desert//", "desert/person/"))]

    # the last two market dominoes entered by phone; Ana's mission fails and its penalty waits
    while c.snapshot.session.state.phase == "claim":
        c.submit(dynasty.legal_moves(c.snapshot.session.state)[0], "phone").result(WAIT_SECONDS)
    state = c.snapshot.session.state
    assert state.phase == "report" and [(t.seat, t.kind) for t in state.tasks] == [(0, "remove")]
    # she lifts her grass domino off the mat: the camera takes it as the removal
    table.act({"action": "remove", "seat": 0, "map": "personal", "cell": [5, 3]}, _view(c))
    settle(device, lambda: not c.snapshot.session.state.tasks)
    assert c.snapshot.session.moves[-1] == Remove(0, "personal", (5, 3))
    assert (5, 3) not in dict(c.snapshot.session.state.seat_map(0)) and c.snapshot.prompt is None


def test_the_market_laid_in_its_places_on_the_virtual_mat_is_the_rounds_market(device, tmp_path, dynasty_profile):
    """Nobody types the market: its dominoes laid in the mat's numbered places are read by the
    camera and become the round's market, in place order. A place still in doubt (a domino on
    one square only) is asked about first, and nothing is drawn until the market is whole."""
    shutil.copy(dynasty_profile, tmp_path / dynasty_profile.name)
    c = device.companion
    c.new_game("dynasty", OPTIONS, seed=1).result(WAIT_SECONDS)
    state = c.snapshot.session.state
    assert state.phase == "draw" and not state.drawn and state.market_size() == 4
    table = device.virtual_table
    table.act({"action": "clear"}, _view(c))
    # three of the four laid: nothing yet
    assert table.act({"action": "market", "dominoes": list(MARKET[:3])}, _view(c)) == \
        "Laid the market out: 3 dominoes"
    for _ in range(6):
        device.camera.step()
    assert not c.snapshot.session.state.drawn and c.snapshot.prompt is None
    # the fourth lies across places 4 and 5: asked about, not guessed
    from companion.games.dynasty import camera
    (x1, y1), (x2, y2) = (camera.WATCHED_CELLS.centre(table.layout, *sq) for sq in
                          (camera.market_place(4)[1], camera.market_place(5)[0]))
    stray = table.table.place("lava//EW|lava//W", (x1 + x2) / 2, (y1 + y2) / 2, 0.0)
    settle(device, lambda: c.snapshot.prompt is not None)
    assert c.snapshot.prompt.title == "Check" and "place" in c.snapshot.prompt.text
    assert not c.snapshot.session.state.drawn
    c.button("undo").result(WAIT_SECONDS)
    table.table.remove(stray)
    table.act({"action": "market", "dominoes": list(MARKET)}, _view(c))
    settle(device, lambda: c.snapshot.session.state.drawn)
    assert c.snapshot.session.moves[-1] == Market(0, MARKET)
    assert [m["domino"] for m in _view(c)["market"]] == list(MARKET)


def test_the_virtual_table_says_what_a_market_is_when_it_is_not_one(device):
    device.companion.new_game("dynasty", OPTIONS, seed=1).result(WAIT_SECONDS)
    table = device.virtual_table
    import pytest
    from companion.games.base import IllegalMove
    for bad in ([], ["grass//"], "lava//|lava//", [1, 2]):
        with pytest.raises(IllegalMove, match="market|domino"):
            table.act({"action": "market", "dominoes": bad}, _view(device.companion))


def test_the_host_draws_a_market_onto_the_virtual_mat_and_the_camera_makes_it_the_rounds(device, tmp_path,
                                                                                          dynasty_profile):
    """In simulation the host page's "Draw the market" is the hand that draws the round's market
    from the box and lays it in the numbered places: as many dominoes as the market holds, read by
    the camera into the round's market. Once drawn, drawing again is refused in words."""
    import pytest
    from companion.games.base import IllegalMove
    shutil.copy(dynasty_profile, tmp_path / dynasty_profile.name)
    c = device.companion
    c.new_game("dynasty", OPTIONS, seed=1).result(WAIT_SECONDS)
    assert _view(c)["market_due"] == 4
    table = device.virtual_table
    assert table.act({"action": "market", "draw": True}, _view(c)) == "Laid the market out: 4 dominoes"
    laid = [table.table.tiles[p].label for p in table.verbs.market]
    assert len(laid) == 4
    settle(device, lambda: c.snapshot.session.state.drawn)
    assert c.snapshot.session.moves[-1] == Market(0, tuple(laid))
    assert _view(c)["market_due"] == 0
    # a market domino put on a map is taken from its market place, as a hand takes it
    table.act({"action": "place", "seat": 0, "map": "personal", "market": 2, "cells": [[5, 5], [6, 5]]}, _view(c))
    # four in all: three left in the market, the third one on the map (laid east, as drawn)
    assert sorted(t.label for t in table.table.tiles.values() if t.label in laid) == sorted(laid)
    assert [table.table.tiles[p].label for p in table.verbs.market] == laid[:2] + laid[3:]
    with pytest.raises(IllegalMove, match="market"):
        table.act({"action": "market", "draw": True}, _view(c))


def test_a_resumed_game_finds_its_maps_and_market_on_the_virtual_mat(device, tmp_path, dynasty_profile):
    """Resumed from the games list (as after a restart), the virtual mat holds the maps and the
    round's market as the game stands, as a real table keeps them: nothing is asked of them."""
    shutil.copy(dynasty_profile, tmp_path / dynasty_profile.name)
    c = device.companion
    c.new_game("dynasty", OPTIONS, seed=1).result(WAIT_SECONDS)
    c.submit(Market(0, MARKET), "phone").result(WAIT_SECONDS)
    resume_elsewhere(device, c.snapshot.session.id)
    table = device.virtual_table
    labels = sorted(t.label for t in table.table.tiles.values())
    assert len(labels) == 7 + 4  # five shared starts and two personal ones; the market's four
    assert [table.table.tiles[p].label for p in table.verbs.market] == list(MARKET)
    assert c.snapshot.prompt is None and c.snapshot.session.moves[-1] == Market(0, MARKET)



def _ana_s_domino_read(device):
    """(companion, virtual table) once Ana's grass domino, laid on F4-G4 of her map in the claim
    step, has been read and placed: Ben's turn."""
    c = device.companion
    c.new_game("dynasty", OPTIONS, seed=1).result(WAIT_SECONDS)
    c.submit(Market(0, MARKET), "phone").result(WAIT_SECONDS)
    for mission in (Mission(0, ("warfare 2",)), Mission(1, ("warfare 2",))):
        c.submit(mission, "phone").result(WAIT_SECONDS)
    table = device.virtual_table
    table.act({"action": "clear"}, _view(c))
    table.act({"action": "lay"}, _view(c))
    table.act({"action": "place", "seat": 0, "map": "personal", "market": 0, "cells": [[5, 3], [6, 3]]}, _view(c))
    settle(device, lambda: _view(c)["turn"] == 1)
    return c, table


def test_a_domino_taken_back_by_b_is_said_to_come_off_its_map_and_is_not_laid_again(device):
    c, table = _ana_s_domino_read(device)
    c.button("undo").result(WAIT_SECONDS)  # B: Ana's domino taken back, still on F4-G4
    told = c.snapshot.prompt
    assert told is not None and told.title == "Take it off" and told.move is None
    assert told.text == "Ana's map: the move was taken back. Take the domino off F4 and G4"
    for _ in range(6):
        device.camera.step()
    assert _view(c)["turn"] == 0 and not [m for m in c.snapshot.session.moves if isinstance(m, Place)]
    table.act({"action": "remove", "seat": 0, "map": "personal", "cell": [5, 3]}, _view(c))
    settle(device, lambda: c.snapshot.prompt is None)
    assert _view(c)["turn"] == 0
    # laid again, it is Ana's placement again
    table.act({"action": "place", "seat": 0, "map": "personal", "market": 0, "cells": [[5, 3], [6, 3]]}, _view(c))
    settle(device, lambda: _view(c)["turn"] == 1)
    assert [m for m in c.snapshot.session.moves if isinstance(m, Place)] == [
        Place(0, "personal", ((5, 3), (6, 3)), ("grass/person/W", "plains//"))]


def test_a_domino_knocked_off_its_map_is_said_to_be_put_back_and_the_next_play_still_counts(device):
    """Ana's domino, counted, is knocked off the mat. Ben's next domino is still his placement;
    then the OLED says where hers goes back, and the notice goes once it lies there again."""
    c, table = _ana_s_domino_read(device)
    strengths = _strengths(_view(c))
    table.act({"action": "remove", "seat": 0, "map": "personal", "cell": [5, 3]}, _view(c))  # knocked off
    for _ in range(6):
        device.camera.step()
        c.call(lambda: None, WAIT_SECONDS)  # what the frame caused is done
    assert c.snapshot.prompt is None and _strengths(_view(c)) == strengths  # no move: the rules keep it
    table.act({"action": "place", "seat": 1, "map": "shared", "market": 1, "cells": [[5, 2], [6, 2]]}, _view(c))
    settle(device, lambda: c.snapshot.prompt is not None)
    assert _view(c)["turn"] == 0  # Ben's domino was placed
    told = c.snapshot.prompt
    assert told.title == "Put back" and told.move is None
    assert told.text == "Ana's map: the domino on F4-G4 is off its squares; the game still has it there: put it back"
    assert table.act({"action": "lay"}, _view(c)) == "Laid 1 domino"
    settle(device, lambda: c.snapshot.prompt is None)
    assert [m for m in c.snapshot.session.moves if isinstance(m, Place)] == [
        Place(0, "personal", ((5, 3), (6, 3)), ("grass/person/W", "plains//")),
        Place(1, "shared", ((5, 2), (6, 2)), ("desert//", "desert/person/"))]  # the market's second now
