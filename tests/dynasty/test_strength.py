"""Strength from the rulebook's three steps, on worked maps; each case also against the
independent reference in tests/dynasty/reference.py."""
import pytest

from companion.games.dynasty import strength as st

from . import reference as ref
from .helpers import free, grid, lay, strengths
from companion.games.dynasty.moves import Start


def total(cells):
    g = grid(cells)
    got = sum(c.worth for c in st.capitals(g))
    plain = {c: (sq.half.terrain, sq.half.icon, sq.half.paths, sq.domino) for c, sq in g.items()}
    assert got == ref.map_total(plain)
    return got


def test_a_lone_capital_counts_one():
    assert total({(0, 0): "lava/warfare/NESW", (1, 0): "lava//NESW"}) == 1


def test_a_long_path_counts_every_person_along_it():
    cells = {(0, 0): "lava/warfare/E"}
    for x in range(1, 8):
        cells[(x, 0)] = "stone/person/EW" if x % 2 else "grass//EW"
    assert total(cells) == 1 + 4


def test_a_path_open_on_one_side_only_does_not_join():
    assert total({(0, 0): "lava/warfare/E", (1, 0): "stone/person/N"}) == 1
    assert total({(0, 0): "lava/warfare/", (1, 0): "stone/person/W"}) == 1
    assert total({(0, 0): "lava/warfare/E", (1, 0): "stone/person/W"}) == 2


def test_branching_paths_count_every_branch():
    cells = {(1, 1): "lava/warfare/NES",
             (1, 0): "plains/person/S", (2, 1): "plains//WE", (3, 1): "plains/person/WS",
             (3, 2): "plains/person/N", (1, 2): "grass//NS", (1, 3): "grass/person/N"}
    assert total(cells) == 1 + 4


def test_a_capital_stops_the_path_and_is_not_counted_and_an_icon_counts_for_both():
    # A - person - B - person: A reaches one person; B reaches both; B is not A's modifier.
    cells = {(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "stone/neutral/EW",
             (3, 0): "stone/person/W"}
    g = grid(cells)
    worth = {c.icon: c.worth for c in st.capitals(g)}
    assert worth == {"warfare": 2, "neutral": 3}
    assert total(cells) == 5


def test_magician_doubles_only_when_every_touching_square_shares_its_terrain():
    same = {(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/magician/W",
            (2, 1): "lava//"}
    assert total(same) == 4
    odd = dict(same)
    odd[(2, 1)] = "grass//"  # touches the magician without a path: still not its terrain
    assert total(odd) == 2


def test_knife_halves_rounding_down():
    assert total({(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/knife/W"}) == 1
    assert total({(0, 0): "lava/warfare/E", (1, 0): "lava/knife/W"}) == 0
    assert total({(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/person/EW",
                  (3, 0): "lava/knife/W"}) == 1  # 3 / 2


def test_thief_undoes_what_came_before_it_on_the_way_only():
    cells = {(0, 0): "lava/warfare/ES", (1, 0): "lava/person/EW", (2, 0): "lava/magician/EW",
             (3, 0): "lava/thief/EW", (4, 0): "lava/person/W",
             (0, 1): "lava/person/N"}  # another branch: not on the thief's way
    assert total(cells) == 1 + 2
    # with the thief gone the magician doubles 1 + 3 people
    cells[(3, 0)] = "lava//EW"
    assert total(cells) == (1 + 3) * 2


def test_hole_silences_the_icons_beside_it_along_the_path():
    cells = {(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/hole/EW",
             (3, 0): "lava/person/EW", (4, 0): "lava/person/W"}
    assert total(cells) == 2
    # beside it on the grid but not along a path: not silenced
    cells[(2, 1)] = "lava/person/"
    assert total(cells) == 2
    # a hole silences a thief beside it, so what came before the thief counts again
    hole_thief = {(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/thief/EW",
                  (3, 0): "lava/hole/W"}
    assert total(hole_thief) == 2


def test_a_corrupter_scores_nothing_and_turns_its_people_into_goblins():
    cells = {(0, 0): "lava/warfare/E", (1, 0): "lava/person/EW", (2, 0): "lava/corrupter/W"}
    assert total(cells) == 1


@pytest.mark.parametrize("dominoes, province", [
    ([], 2),
    ([((5, 1), (6, 1), "lava//", "lava//")], 4),                              # joined east
    ([((5, 1), (6, 1), "lava//", "lava//"), ((6, 2), (6, 3), "lava//", "lava//")], 6),  # and on
    ([((5, 5), (6, 5), "grass//", "lava//")], 2),      # lava beyond the goods start: cut off
    ([((5, 1), (6, 1), "lava//", "grass//"), ((7, 1), (7, 2), "grass//", "lava//")], 3),
])
def test_province_is_the_terrain_joined_edge_to_edge_to_the_starting_domino(dominoes, province):
    state = free()  # warfare starts on D2-E2 of the shared map
    for a, b, ha, hb in dominoes:
        state = lay(state, 2, "shared", (a, b), ha, hb)
    shared = ref.from_state(state.shared)
    assert ref.province(shared, "warfare", [(3, 1), (4, 1)]) == province
    assert strengths(state)["warfare"] == 1 * province  # its start's capital alone is worth 1


def test_strength_is_the_personal_total_times_the_province():
    state = free()
    # seat 0 (warfare) lays a person on the path east of its capital (D4 on its map)
    state = lay(state, 0, "personal", ((5, 3), (6, 3)), "stone/person/EW", "stone/person/W")
    state = lay(state, 0, "shared", ((5, 1), (6, 1)), "lava//", "lava//")
    assert strengths(state)["warfare"] == (1 + 2) * 4
    personal = ref.from_state(state.personal[0])
    assert ref.strength(personal, ref.from_state(state.shared), "warfare", [(3, 1), (4, 1)]) == 12


def test_roles_not_in_the_game_take_the_highest_or_in_the_hard_variant_the_lowest():
    state = free()
    state = lay(state, 0, "shared", ((5, 1), (6, 1)), "lava//", "lava//")
    got = strengths(state)
    assert got["warfare"] == 4 and got["infrastructure"] == 2 and got["goods"] == 2
    assert got["money"] == got["housing"] == 4
    hard = lay(free(absent="lowest"), 0, "shared", ((5, 1), (6, 1)), "lava//", "lava//")
    assert strengths(hard)["money"] == strengths(hard)["housing"] == 2


# ---------------------------------------------------------------- expansions' icons

def worths(cells):
    return [(c.icon, c.worth) for c in st.capitals(grid(cells))]


def test_proximity_icons_act_on_the_squares_around_them():
    line = {(0, 0): "lava/warfare/E", (1, 0): "lava/person/W"}
    # an area spell touching the capital adds 1, path or not
    assert worths({**line, (0, 1): "grass/area_spell/"}) == [("warfare", 3)]
    # a people pleaser in the person's column doubles it
    assert worths({**line, (1, 2): "grass/people_pleaser/", (1, 1): "grass//"}) == [("warfare", 3)]
    # a bomb silences what touches it: the person beside it counts nothing
    assert worths({**line, (1, 1): "grass/bomb/"}) == [("warfare", 1)]
    # an aeronaut within 2 squares of a capital scores 3 of its own; farther away nothing
    assert worths({**line, (0, 2): "grass/aeronaut/", (0, 1): "grass//"}) == [("warfare", 2), ("aeronaut", 3)]
    assert worths({**line, (1, 1): "grass/aeronaut/"}) == [("warfare", 2), ("aeronaut", 3)]
    assert worths({**line, (3, 0): "grass/aeronaut/", (2, 0): "grass//"}) == [("warfare", 2)]


def test_a_village_is_a_capital_when_its_neighbours_all_differ():
    assert worths({(0, 0): "lava/village/", (1, 0): "grass//", (0, 1): "stone//"}) == [("village", 1)]
    assert worths({(0, 0): "lava/village/", (1, 0): "grass//", (0, 1): "grass//"}) == []


def test_a_calculator_adds_its_path_s_length():
    cells = {(0, 0): "lava/warfare/E", (1, 0): "lava//EW", (2, 0): "lava/calculator/EW", (3, 0): "lava//W"}
    assert worths(cells) == [("warfare", 1 + 3)]


def test_an_arrow_against_the_walk_stops_it():
    # Directional Daddy: a square with an arrow is left only where it points, entered elsewhere
    along = {(0, 0): "lava/warfare/E", (1, 0): "lava//EW/E", (2, 0): "lava/person/W"}
    assert worths(along) == [("warfare", 2)]
    against = {(0, 0): "lava/warfare/E", (1, 0): "lava//EW/W", (2, 0): "lava/person/W"}
    assert worths(against) == [("warfare", 1)]
    # the capital's own arrow sends its walk one way only
    capital = {(1, 0): "lava/warfare/EW/E", (2, 0): "lava/person/W", (0, 0): "lava/person/E"}
    assert worths(capital) == [("warfare", 2)]
    # paths without arrows go both ways
    assert worths({(1, 0): "lava/warfare/EW", (2, 0): "lava/person/W", (0, 0): "lava/person/E"}) == \
        [("warfare", 3)]


def test_tactical_provinces_grow_through_paths_to_other_patches():
    from companion.games import dynasty
    from companion.games.dynasty import power

    def build(**options):
        # warfare's start A1-B1, goods' start C1-D1 beside it (starts are open all round);
        # then a grass half on E1 whose path runs on to a lava half on F1
        state = dynasty.setup({"players": 3, "roles": ["warfare", "infrastructure", "goods"],
                               "starts": "entered", "play": "free", **options}, 0)
        for role, cells in (("warfare", ((0, 0), (1, 0))), ("goods", ((2, 0), (3, 0))),
                            ("money", ((0, 2), (1, 2))), ("infrastructure", ((0, 4), (1, 4))),
                            ("housing", ((0, 6), (1, 6)))):
            state, _ = dynasty.apply(state, Start(0, "shared", cells, role))
        for seat in range(3):
            state, _ = dynasty.apply(state, Start(seat, "personal", ((3, 3), (4, 3))))
        return lay(state, 2, "shared", ((4, 0), (5, 0)), "grass//EW", "lava//W")

    plain, tactical = build(), build(tactical="yes")
    assert power.strengths(plain)["warfare"]["province"] == 2
    assert ref.province(ref.from_state(plain.shared), "warfare", [(0, 0), (1, 0)]) == 2
    assert power.strengths(tactical)["warfare"]["province"] == 3  # F1 joins by path
    # and the strength: (1 personal + 1 shared capital) x 3 / 2, rounded down
    assert power.strengths(tactical)["warfare"]["strength"] == 3


def test_the_chaotic_start_s_first_domino_lies_anywhere():
    state = free(chaotic="yes")
    assert state.personal[0] == ()
    state = lay(state, 0, "personal", ((6, 6), (7, 6)), "lava/warfare/E", "lava/person/W")
    assert strengths(state)["warfare"] == 2 * 2


def limited(cells, limit=5):
    """A map's total under Weathered Roads, the rules' and the reference's."""
    g = grid(cells)
    got = sum(c.worth for c in st.capitals(g, limit))
    plain = {c: (sq.half.terrain, sq.half.icon, sq.half.paths, sq.domino) for c, sq in g.items()}
    assert got == ref.map_total(plain, limit)
    return got


def long_road(builder_at=None, bomb_at=None):
    """A capital at A1 and 7 people east of it along one path; a builder (and a bomb) off the path."""
    cells = {(0, 0): "lava/warfare/E"} | {(x, 0): "stone/person/EW" for x in range(1, 8)}
    if builder_at:
        cells[builder_at] = "grass/builder/"
    if bomb_at:
        cells[bomb_at] = "grass/bomb/"
    return cells


def test_weathered_roads_count_the_first_5_steps_only():
    assert total(long_road()) == 1 + 7
    assert limited(long_road()) == 1 + 5


def test_a_builder_restarts_the_step_count_of_a_path_beside_it():
    # the builder touches D1 (step 3): from there the walk counts 5 more steps, to the road's end
    assert limited(long_road(builder_at=(3, 1))) == 1 + 7
    # beside F1 (step 5): 5 more from there would reach K1; the road has 2 more people
    assert limited(long_road(builder_at=(5, 1))) == 1 + 7
    # a shorter limit shows the restart exactly: 2 steps, again 2 from D1 (step 3 is not reached)
    assert limited(long_road(builder_at=(3, 1)), limit=2) == 1 + 2
    assert limited(long_road(builder_at=(2, 1)), limit=2) == 1 + 4  # C1 restarts: D1, E1, then E1 ends
    # without Weathered Roads nothing limits a path: the builder changes nothing
    assert total(long_road(builder_at=(3, 1))) == total(long_road())


def test_a_bomb_beside_a_builder_silences_it():
    assert limited(long_road(builder_at=(3, 1), bomb_at=(3, 2))) == 1 + 5


def test_random_maps_with_builders_agree_with_the_reference_under_every_limit():
    import random
    from companion.games.dynasty.maps import Half, Square
    rng = random.Random(13)
    icons = [None, "person", "person", "builder", "warfare", "neutral", "thief", "hole", "knife", "corrupter"]
    compared = restarted = 0
    for _ in range(150):
        cells = {}
        for x in range(6):
            for y in range(6):
                if rng.random() < 0.85:
                    paths = "".join(s for s in "NESW" if rng.random() < 0.75)
                    icon = "bomb" if rng.random() < 0.03 else rng.choice(icons)
                    cells[(x, y)] = f"{rng.choice(['lava', 'grass'])}/{icon or ''}/{paths}"
        g = grid(cells)
        plain = {c: (sq.half.terrain, sq.half.icon, sq.half.paths, sq.domino) for c, sq in g.items()}
        bombs = {c for c, v in plain.items() if v[1] == "bomb"}
        silenced = {(c[0] + dx, c[1] + dy) for c in bombs for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))}
        if any(v[1] in ("person", "thief", "hole", "knife") and c in silenced for c, v in plain.items()):
            continue  # the reference knows a bomb silencing builders only
        plain_builders = {c: Square(Half(sq.half.terrain, None, sq.half.paths), sq.domino)
                          if sq.half.icon == "builder" else sq for c, sq in g.items()}
        for limit in (None, 1, 2, 3, 5):
            got = sum(c.worth for c in st.capitals(g, limit))
            assert got == ref.map_total(plain, limit), (cells, limit)
            compared += 1
            restarted += got != sum(c.worth for c in st.capitals(plain_builders, limit))
    assert compared > 300 and restarted > 30  # the builders changed many of the counts compared


def test_a_village_that_is_a_capital_stops_other_capitals_paths():
    # "Any Capital on the path stops the path": the starting capital D4 reaches the village F4 and
    # stops there; the village (its neighbours lava and stone differ) counts the person G4 itself.
    state = lay(free(expansions=["proximity"]), 0, "personal", ((5, 3), (6, 3)),
                "grass/village/EW", "stone/person/W")
    cells = {(3, 3): "lava/warfare/NESW", (4, 3): "lava//NESW", (5, 3): "grass/village/EW",
             (6, 3): "stone/person/W"}
    assert sorted(worths(cells)) == [("village", 2), ("warfare", 1)]
    assert total(cells) == 3
    assert strengths(state)["warfare"] == (1 + 2) * 2  # province: the 2 lava squares of the start


def test_each_calculator_adds_its_path_s_length():
    cells = {(0, 0): "lava/warfare/E", (1, 0): "lava/calculator/EW", (2, 0): "lava/calculator/EW",
             (3, 0): "lava//W"}
    assert worths(cells) == [("warfare", 1 + 3 + 3)]
    assert total(cells) == 7
    assert total({**cells, (2, 0): "lava//EW"}) == 1 + 3  # one calculator: once


def test_a_bomb_beside_a_village_silences_it():
    # the village's neighbours all differ, but the bomb beside it silences its icon: no capital
    assert worths({(0, 0): "lava/village/", (1, 0): "grass/bomb/", (0, 1): "stone//"}) == []
    assert worths({(0, 0): "lava/village/", (1, 0): "grass//", (0, 1): "stone/bomb/"}) == []
    assert total({(0, 0): "lava/village/", (1, 0): "grass/bomb/", (0, 1): "stone//"}) == 0
