"""The icons that change what a path gives: the veto (Directional Daddy), the selfish and all-in
icons (Machine Mama)."""
from dataclasses import replace

from companion.games import dynasty
from companion.games.dynasty import power
from companion.games.dynasty.moves import Market, Mission
from companion.games.dynasty import strength as st
from companion.games.dynasty.maps import Half, Square, frozen
from companion.games.dynasty.report import report

from .helpers import free, grid, lay, strengths

FILLER = "grass//|grass//"


def test_a_veto_s_path_ignores_the_icons_the_shared_map_shows():
    g = grid({(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/veto/W"})
    assert st.capital(g, (0, 0), shown=frozenset({"person"})).worth == 1
    assert st.capital(g, (0, 0), shown=frozenset({"knife"})).worth == 2
    no_veto = grid({(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava//W"})
    assert st.capital(no_veto, (0, 0), shown=frozenset({"person"})).worth == 2
    # a hole beside the veto silences it: the person counts again
    holed = grid({(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/veto/EW",
                  (3, 0): "lava/hole/W"})
    assert st.capital(holed, (0, 0), shown=frozenset({"person"})).worth == 2


def test_a_person_laid_on_the_shared_map_is_vetoed_on_a_personal_path():
    state = free(direction="yes")
    state = lay(state, 0, "personal", ((5, 3), (6, 3)), "lava/person/EW", "lava/veto/W")
    assert strengths(state)["warfare"] == 2 * 2
    state = lay(state, 0, "shared", ((5, 1), (6, 1)), "lava/person/", "lava//")
    table = power.strengths(state)["warfare"]
    assert table["strength"] == 1 * 4 and table["capitals"][0]["cancelled"] == ["F4"]


def _reported(roles, marked, needs):
    """Seat 0 (the first role) gets a square showing `marked` on its capital's path; each seat's
    mission asks `needs[seat]`; the report follows at once."""
    state = dynasty.setup({"players": len(roles), "roles": list(roles), "machine": "yes"}, 0)
    state, _ = dynasty.apply(state, Market(0, (FILLER,) * (2 * len(roles))))
    for seat, need in enumerate(needs):
        state, _ = dynasty.apply(state, Mission(seat, (need,)))
    mine = dict(state.personal[0]) | {(5, 3): Square(Half.parse(f"lava/{marked}/W"), 99)}
    state = replace(state, personal=(frozen(mine),) + state.personal[1:])
    return report(state)


def status(state):
    return [m.status for m in sorted(state.missions, key=lambda m: m.seat)]


def test_a_selfish_path_s_strength_is_for_its_own_player_only():
    assert status(_reported(("warfare", "goods"), "", ("goods 1", "warfare 1"))) == ["passed", "passed"]
    selfish = _reported(("warfare", "goods"), "selfish", ("warfare 2", "warfare 1"))
    assert power.strengths(selfish)["warfare"]["selfish"] == 2
    assert status(selfish) == ["passed", "failed"]
    assert "Military 0 of 1 needed" in " ".join(selfish.report)


def test_an_all_in_path_s_strength_goes_to_one_player_only():
    roles = ("warfare", "goods", "housing")
    assert status(_reported(roles, "", ("goods 1", "warfare 1", "warfare 1"))) == ["passed"] * 3
    allin = _reported(roles, "allin", ("goods 1", "warfare 1", "warfare 1"))
    # the Sibling of Space (role 3) reports before the Aunt of Goods (role 4) and takes it all
    assert status(allin) == ["passed", "failed", "passed"]
    # one player may take all of it
    assert status(_reported(roles, "allin", ("goods 1", "warfare 2", "goods 1"))) == ["passed"] * 3
