"""The roles' powers (the easier variant) that are moves of their own: the Sister of Coin keeps one
of two missions, the Sibling of Space moves or turns a domino, the Aunt of Goods takes two market
dominoes or none. Each offered on its owner's turn with exactly its legal choices."""
from dataclasses import replace

import pytest

from companion.games import dynasty
from companion.games.dynasty.moves import Choose, Lend, Market, Mission, Pass, Place, Shift, Take
from companion.games.base import IllegalMove, Viewer

FILLER = "grass//|grass//"


def game(roles, **options):
    return dynasty.setup({"players": len(roles), "roles": list(roles), "powers": "yes", **options}, 0)


def drawn(state, dominoes, missions=None):
    state, _ = dynasty.apply(state, Market(0, tuple(dominoes)))
    for seat in range(state.config.players):
        state, _ = dynasty.apply(state, Mission(seat, tuple((missions or {}).get(seat, ("goods 1",)))))
    return state


def apply(state, move):
    return dynasty.apply(state, move)[0]


# ---------------------------------------------------------------- the Sister of Coin

def test_the_sister_of_coin_draws_two_missions_and_keeps_the_one_she_picks():
    state = game(("money", "goods"))
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * 4))
    state = apply(state, Mission(0, ("goods 9",), secret=True))
    state = apply(state, Mission(1, ("goods 1",)))
    assert state.phase == "draw"  # she has a second mission to draw
    phone = dynasty.view(state, Viewer("seat", 0))
    assert phone["needs_mission"] and phone["keep_one_of"] == []
    with pytest.raises(IllegalMove, match="already has this round's mission"):
        dynasty.apply(state, Mission(1, ("goods 2",)))
    state = apply(state, Mission(0, ("money 1",)))
    assert state.phase == "draw"
    first, second = [m.id for m in state.missions if m.seat == 0]
    assert dynasty.view(state, Viewer("seat", 0))["keep_one_of"] == [first, second]
    assert sorted(m.mission for m in dynasty.legal_moves(state) if isinstance(m, Choose)) == [first, second]
    with pytest.raises(IllegalMove, match="not one of those drawn: 1 or 3"):
        dynasty.apply(state, Choose(0, 99))
    with pytest.raises(IllegalMove, match="a player who draws one mission keeps it"):
        dynasty.apply(state, Choose(1, first))
    state = apply(state, Choose(0, second))
    assert state.phase == "claim"
    kept = [m for m in state.missions if m.seat == 0 and m.status != "put back"]
    assert [m.id for m in kept] == [second]
    # the secret mission she put back stays secret from the others
    other = dynasty.view(state, Viewer("seat", 1))
    assert not any("goods 9" in str(m) for m in other["missions"])
    while state.phase == "claim":
        state = apply(state, dynasty.legal_moves(state)[0])
    assert [m.status for m in state.missions if m.seat == 0] == ["put back", "passed"]


def test_without_the_powers_or_when_powerless_the_sister_draws_one():
    state = dynasty.setup({"players": 2, "roles": ["money", "goods"]}, 0)
    state = drawn(state, (FILLER,) * 4)
    assert state.phase == "claim"
    state = game(("money", "goods"))
    state = replace(state, effects=((0, "powerless", True),))  # a penalty of last round
    state = drawn(state, (FILLER,) * 4)
    assert state.phase == "claim"


# ---------------------------------------------------------------- the Sibling of Space

def test_the_sibling_of_space_moves_or_turns_a_domino_once_a_round_on_her_turn():
    state = game(("housing", "goods"))
    state = drawn(state, ("plains//EW|plains//W",) + (FILLER,) * 3)
    state = apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("plains//EW", "plains//W")))
    assert state.turn == 1  # the Aunt's turn
    assert not any(isinstance(m, Shift) for m in dynasty.legal_moves(state))
    with pytest.raises(IllegalMove, match="own turn of the claim step"):
        dynasty.apply(state, Shift(0, "personal", (5, 3), ((3, 4), (3, 5)), ("plains//NS", "plains//N")))
    state = apply(state, next(m for m in dynasty.legal_moves(state) if isinstance(m, Place)))
    # a half turn in place: G4's closed end would face the start's open east edge on F4
    with pytest.raises(IllegalMove, match="paths do not match on the west edge of square F4"):
        dynasty.apply(state, Shift(0, "personal", (5, 3), ((6, 3), (5, 3)), ("plains//EW", "plains//E")))
    with pytest.raises(IllegalMove, match="turned as it would lie there"):
        dynasty.apply(state, Shift(0, "personal", (5, 3), ((3, 4), (3, 5)), ("plains//EW", "plains//W")))
    after = apply(state, Shift(0, "personal", (6, 3), ((3, 4), (3, 5)), ("plains//NS", "plains//N")))
    mine = dict(after.personal[0])
    assert (5, 3) not in mine and (6, 3) not in mine and mine[(3, 4)].half.paths == "NS"
    assert mine[(3, 4)].domino == mine[(3, 5)].domino == dict(state.personal[0])[(5, 3)].domino
    assert after.power_used[0] and after.turn == 0  # the power is part of her turn: she still places
    with pytest.raises(IllegalMove, match="once per round"):
        dynasty.apply(after, Shift(0, "personal", (3, 4), ((5, 3), (6, 3)), ("plains//EW", "plains//W")))
    with pytest.raises(IllegalMove, match="stays where it is"):
        dynasty.apply(state, Shift(0, "personal", (3, 3), ((3, 4), (3, 5)), ("plains/housing/NESW", "plains//NESW")))


def test_the_sibling_s_offered_moves_are_exactly_those_the_rules_accept():
    state = game(("housing", "goods"))
    state = drawn(state, ("plains//EW|plains//W",) + (FILLER,) * 3)
    state = apply(state, Place(0, "personal", ((5, 3), (6, 3)), ("plains//EW", "plains//W")))
    state = apply(state, next(m for m in dynasty.legal_moves(state) if isinstance(m, Place)))
    offered = {m for m in dynasty.legal_moves(state) if isinstance(m, Shift)}
    assert offered
    # every shift one could name on this table, brute force: each domino, each pair of squares
    # around both maps, each turn
    from companion.games.dynasty.maps import Half
    names = set()
    for where in ("personal", "shared"):
        g = dict(state.shared) if where == "shared" else dict(state.personal[0])
        by_domino = {}
        for c, sq in g.items():
            by_domino.setdefault(sq.domino, []).append((c, sq.half))
        for parts in by_domino.values():
            (a, ha), (b, hb) = sorted(parts)
            for x in range(-1, 10):
                for y in range(-1, 10):
                    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                        for q in range(4):
                            names.add(Shift(0, where, a, ((x, y), (x + dx, y + dy)),
                                            (ha.turned(q).text(), hb.turned(q).text())))
    accepted = set()
    for move in names:
        try:
            dynasty.apply(state, move)
        except IllegalMove:
            continue
        accepted.add(move)
    # a domino lies the same named from either end: compare where and how it comes to lie
    def lie(m):
        g = dict(state.shared) if m.map == "shared" else dict(state.personal[0])
        return m.map, g[m.cell].domino, frozenset(zip(m.cells, m.halves))
    assert {lie(m) for m in offered} == {lie(m) for m in accepted}
    assert offered <= accepted
    assert all(Half.parse(h) for m in offered for h in m.halves)
    # the starting dominoes never move; another role's icon is not hers to handle
    starts = {c for _, cells in state.starts for c in cells} | {(3, 3), (4, 3)}
    assert not any(m.cell in starts for m in offered if m.map == "shared" or m.cell in ((3, 3), (4, 3)))


def test_the_sibling_may_not_move_a_domino_showing_another_player_s_icon():
    state = game(("housing", "goods"))
    state = drawn(state, ("grass/goods/|grass//",) + (FILLER,) * 3)
    state = apply(state, Place(0, "shared", ((5, 5), (6, 5)), ("grass//", "grass//")))
    state = apply(state, Place(1, "shared", ((7, 5), (7, 6)), ("grass/goods/", "grass//")))
    with pytest.raises(IllegalMove, match="only P2"):
        dynasty.apply(state, Shift(0, "shared", (7, 5), ((7, 4), (7, 3)), ("grass/goods/", "grass//")))


# ---------------------------------------------------------------- the Aunt of Goods

def test_the_aunt_of_goods_takes_two_dominoes_in_one_turn():
    state = game(("goods", "warfare"))
    state = drawn(state, (FILLER,) * 4)
    assert {m for m in dynasty.legal_moves(state) if isinstance(m, Take)} == {Take(0, 0), Take(0, 2)}
    state = apply(state, Take(0, 2))
    state = apply(state, Place(0, "shared", ((5, 5), (6, 5)), ("grass//", "grass//")))
    assert state.turn == 0 and len(state.market) == 3
    state = apply(state, Place(0, "shared", ((7, 5), (7, 6)), ("grass//", "grass//")))
    assert state.turn == 1 and len(state.market) == 2
    state = apply(state, next(m for m in dynasty.legal_moves(state) if isinstance(m, Place)))
    assert state.turn == 0
    assert not any(isinstance(m, Take) for m in dynasty.legal_moves(state))
    with pytest.raises(IllegalMove, match="once per round"):
        dynasty.apply(state, Take(0, 0))


def test_the_aunt_of_goods_may_take_none_though_a_domino_fits():
    state = game(("goods", "warfare"))
    state = drawn(state, (FILLER,) * 4)
    with pytest.raises(IllegalMove, match="still fits"):
        dynasty.apply(state, Pass(0))
    with pytest.raises(IllegalMove, match="2 dominoes or none"):
        dynasty.apply(state, Take(0, 1))
    with pytest.raises(IllegalMove, match="only the Aunt of Goods"):
        dynasty.apply(apply(state, Take(0, 0)), Take(1, 0))
    state = apply(state, Take(0, 0))
    assert state.turn == 1 and len(state.market) == 4 and state.power_used[0]


def test_powers_stay_off_without_the_variant():
    state = dynasty.setup({"players": 2, "roles": ["goods", "housing"]}, 0)
    state = drawn(state, (FILLER,) * 4)
    assert not any(isinstance(m, (Take, Shift, Choose)) for m in dynasty.legal_moves(state))
    with pytest.raises(IllegalMove, match="with the powers variant"):
        dynasty.apply(state, Take(0, 2))
    assert dynasty.view(state, Viewer("seat", 0))["powers"] == []


# ---------------------------------------------------------------- Machine Mama's lending

def test_a_lent_role_icon_is_handled_by_the_borrower_only_for_the_round():
    state = game(("warfare", "infrastructure"), machine="yes")
    state, _ = dynasty.apply(state, Market(0, ("lava/warfare/|lava//",) + ("lava//|lava//",) * 3))
    state = apply(state, Lend(0, 1, "warfare", "icon"))
    assert Lend(0, 1, "warfare", "power") not in dynasty.legal_moves(state)  # one loan a round
    with pytest.raises(IllegalMove, match="already lent"):
        dynasty.apply(state, Lend(0, 1, "warfare", "power"))
    for seat in (0, 1):
        state = apply(state, Mission(seat, ("goods 1",)))
    icon = Place(0, "shared", ((5, 1), (6, 1)), ("lava/warfare/", "lava//"))
    with pytest.raises(IllegalMove, match="only P2, who borrowed it this round, may handle"):
        dynasty.apply(state, icon)
    state = apply(state, Place(0, "shared", ((5, 1), (6, 1)), ("lava//", "lava//")))
    state = apply(state, Place(1, "shared", ((7, 1), (8, 1)), ("lava/warfare/", "lava//")))
    assert dict(state.shared)[(7, 1)].half.icon == "warfare"
    while state.phase == "claim":
        state = apply(state, next(m for m in dynasty.legal_moves(state) if isinstance(m, Place)))
    assert state.round == 2 and not state.effects  # the loan ends with the round


def test_a_lent_power_is_the_borrower_s_and_no_longer_the_lender_s():
    state = game(("goods", "warfare"), machine="yes")
    state = apply(state, Lend(0, 1, "goods", "power"))
    state = drawn(state, (FILLER,) * 4)
    with pytest.raises(IllegalMove, match="only the Aunt of Goods"):
        dynasty.apply(state, Take(0, 0))
    state = apply(state, Place(0, "shared", ((5, 5), (6, 5)), ("grass//", "grass//")))
    assert {m for m in dynasty.legal_moves(state) if isinstance(m, Take)} == {Take(1, 0), Take(1, 2)}
    assert dynasty.view(state, Viewer("seat", 1))["powers"] == ["goods"]
    state = apply(state, Take(1, 0))
    assert state.turn == 0


def test_only_a_player_connected_on_the_shared_map_may_borrow():
    from companion.games.dynasty.moves import Start
    state = dynasty.setup({"players": 2, "roles": ["warfare", "goods"], "machine": "yes", "powers": "yes",
                           "starts": "entered"}, 0)
    lay = {"warfare": ((0, 0), (1, 0)), "money": ((0, 2), (1, 2)), "infrastructure": ((0, 4), (1, 4)),
           "housing": ((0, 6), (1, 6)), "goods": ((4, 6), (5, 6))}  # apart: no path joins them
    for role, cells in lay.items():
        state = apply(state, Start(0, "shared", cells, role))
    for seat in (0, 1):
        state = apply(state, Start(seat, "personal", ((3, 3), (4, 3))))
    assert dynasty.view(state, Viewer("seat", 0))["lend"] == []
    with pytest.raises(IllegalMove, match="only a player connected on the shared map may borrow"):
        dynasty.apply(state, Lend(0, 1, "warfare", "icon"))
    # the companion lays the starts one under another, joined by their open paths
    joined = dynasty.setup({"players": 2, "roles": ["warfare", "goods"], "machine": "yes", "powers": "yes"}, 0)
    assert {(m["to"], m["what"]) for m in dynasty.view(joined, Viewer("seat", 0))["lend"]} == {
        (1, "power"), (1, "icon")}


def test_lending_needs_machine_mama_and_lends_only_one_s_own_role():
    state = game(("warfare", "goods"))
    with pytest.raises(IllegalMove, match="Machine Mama"):
        dynasty.apply(state, Lend(0, 1, "warfare", "icon"))
    state = game(("warfare", "goods"), machine="yes")
    with pytest.raises(IllegalMove, match="only their own role"):
        dynasty.apply(state, Lend(0, 1, "goods", "icon"))
    with pytest.raises(IllegalMove, match="another player"):
        dynasty.apply(state, Lend(0, 0, "warfare", "icon"))
