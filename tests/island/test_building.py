"""The OP enters the real island: tile by tile as the physical tiles go down, turned, with a
space reprinted where the group's tiles differ from the catalog, and kept for the next game."""
import json
import random

import pytest

from companion.games import IllegalMove, Viewer
from companion.games import island as G
from companion.games.base import MASTER, TABLE
from companion.games.island import layout
from companion.games.island.moves import BuildIsland, LayTile, LiftTile, PrintSpace, RandomIsland
from companion.session import Session
from companion.store import Store

from .helpers import words


def fresh(**options):
    return G.setup({"characters": ["phil", "theseus"], **options}, 5)


def placements(seed=3):
    return layout.random_placements(random.Random(seed))


def lay_all(state, texts):
    for text in texts:
        tile, space, turns = text.split()
        state, _ = G.apply(state, LayTile(tile, space, int(turns)))
    return state


def test_laying_the_tiles_one_by_one_builds_the_same_island_as_entering_it_at_once():
    texts = placements()
    one_by_one = lay_all(fresh(), texts[:-1])
    assert one_by_one.phase == "island" and len(one_by_one.laid) == 16
    done, ev = G.apply(one_by_one, LayTile(*texts[-1].split()[:2], int(texts[-1].split()[2])))
    at_once, _ = G.apply(fresh(), BuildIsland(texts))
    assert done.phase == "pieces" and done.island.spaces == at_once.island.spaces
    assert words(ev) == ["The island is ready behind my screen."]
    assert done.laid == ()


def test_a_tile_that_sticks_out_overlaps_or_is_already_down_is_refused_in_words():
    s = fresh()
    with pytest.raises(IllegalMove, match="sticks out into the ocean"):
        G.apply(s, LayTile("lake-straight", "A4", 0))  # east of A4 is the ocean
    s, _ = G.apply(s, LayTile("banana-snakes", "D3", 0))  # D3 and D4
    with pytest.raises(IllegalMove, match="D4 is already covered by banana-snakes"):
        G.apply(s, LayTile("lime-oracle", "D4", 0))
    with pytest.raises(IllegalMove, match="already on the island; lift it first"):
        G.apply(s, LayTile("banana-snakes", "A1", 0))
    with pytest.raises(IllegalMove, match="only the OP"):
        G.apply(s, LayTile("lime-oracle", "A1", 0, seat=1))
    with pytest.raises(IllegalMove, match="no island tile called"):
        G.apply(s, LayTile("mango-oracle", "A1", 0))


def test_a_turned_tile_covers_the_turned_spaces_and_can_be_lifted_again():
    s, _ = G.apply(fresh(), LayTile("banana-snakes", "D4", 1))  # turned once: the second half SE of D4
    covered = {c["space"]: c["name"] for c in G.view(s, MASTER)["building"]["covered"]}
    assert covered == {"D4": "the banana", "E4": "a mirage with snakes"}
    s, _ = G.apply(s, LiftTile("banana-snakes"))
    assert G.view(s, MASTER)["building"]["covered"] == []
    with pytest.raises(IllegalMove, match="not on the island"):
        G.apply(s, LiftTile("banana-snakes"))


def test_a_reprinted_space_is_what_the_island_holds():
    s, _ = G.apply(fresh(), PrintSpace("banana-snakes", 2, "anomaly"))
    texts = placements()
    s, _ = G.apply(s, BuildIsland(texts))
    where = next(t for t in texts if t.startswith("banana-snakes "))
    tile, anchor, turns = layout.parse_placement(where)
    second = layout.tile_cells(tile, anchor, turns)[1]
    assert layout.space(s.island, second).kind == "anomaly"
    assert second in dict(s.anomalies)  # it gets an anomaly token like any other
    assert len(s.anomalies) == 6


def test_a_japanese_op_types_a_reprinted_space_in_the_words_the_page_shows():
    """アノマリー, フルーツ リンゴ, 蜃気楼 ヘビ: the space is kept in the companion's own words, so
    the record and the next game read the same in either language; an unknown word is refused."""
    s, _ = G.apply(fresh(), PrintSpace("banana-snakes", 2, "アノマリー"))
    assert s.printing == ("banana-snakes 2 anomaly",)
    s, _ = G.apply(s, PrintSpace("orange-portal1", 1, "フルーツ", "リンゴ"))
    assert s.printing[-1] == "orange-portal1 1 fruit apple"
    s, _ = G.apply(s, PrintSpace("orange-portal1", 2, "蜃気楼", "ヘビ"))
    assert s.printing[-1] == "orange-portal1 2 mirage snakes"
    assert G.view(s, MASTER)["op_log"][-1].endswith("orange-portal1, half 2, is printed mirage snakes.")
    assert G.keep(s)["printing"] == list(s.printing)
    with pytest.raises(IllegalMove, match="a space is one of"):
        G.apply(s, PrintSpace("orange-portal1", 2, "ほげ"))


def test_a_knot_printed_with_other_arrows_sends_pieces_the_printed_way():
    catalog_way = layout.build(placements())
    knot = next(sp for sp in catalog_way.spaces if sp.kind == "knot" and sp.value == "1")
    s, _ = G.apply(fresh(), PrintSpace("cherries-knot1", 2, "knot", "1", ("NW-SW", "NE-SE", "E-W")))
    s, _ = G.apply(s, BuildIsland(placements()))
    came_in = "E"  # moving east: in through the west side
    assert layout.knot_exit(s.island, knot.label, came_in) != layout.knot_exit(catalog_way, knot.label, came_in)
    with pytest.raises(IllegalMove, match="three arrows joining its six sides"):
        G.apply(fresh(), PrintSpace("cherries-knot1", 2, "knot", "1", ("NW-SW", "NE-SE", "E-E")))


def test_two_portal_numbers_are_swapped_in_two_steps_and_an_unplayable_printing_is_explained():
    s, _ = G.apply(fresh(), PrintSpace("orange-portal1", 2, "portal", "2"))
    problem = G.view(s, MASTER)["building"]["problem"]
    assert problem == "Portal 1 would be on 1 space; each portal number is on exactly two"
    with pytest.raises(IllegalMove, match="Portal 1 would be on 1 space"):
        G.apply(s, BuildIsland(placements()))
    s, _ = G.apply(s, PrintSpace("strawberry-portal2", 2, "portal", "1"))
    assert G.view(s, MASTER)["building"]["problem"] is None
    built, _ = G.apply(s, RandomIsland())
    assert built.phase == "pieces"
    for n in ("1", "2", "3"):
        assert len(layout.find(built.island, "portal", n)) == 2


def test_printing_back_the_catalogs_space_rubs_the_reprint_out():
    s, _ = G.apply(fresh(), PrintSpace("banana-snakes", 2, "anomaly"))
    s, _ = G.apply(s, PrintSpace("banana-snakes", 2, "mirage", "snakes"))
    assert s.printing == ()
    for bad, why in [(PrintSpace("lake-L", 1, "fruit", "apple"), "is a lake"),
                     (PrintSpace("banana-snakes", 3, "oracle"), "two halves"),
                     (PrintSpace("banana-snakes", 1, "fruit", "durian"), "the fruits are"),
                     (PrintSpace("banana-snakes", 1, "volcano"), "a space is one of")]:
        with pytest.raises(IllegalMove, match=why):
            G.apply(s, bad)


def test_the_next_game_starts_with_the_groups_printing_and_offers_its_island():
    s, _ = G.apply(fresh(), PrintSpace("banana-snakes", 2, "anomaly"))
    s = lay_all(s, placements())
    kept = G.keep(s)
    assert kept == {"printing": ["banana-snakes 2 anomaly"], "island": list(s.island.placements)}
    nxt = fresh(kept=json.loads(json.dumps(kept)))
    assert nxt.printing == ("banana-snakes 2 anomaly",) and nxt.last_island == s.island.placements
    assert BuildIsland(s.island.placements) in G.legal_moves(nxt)
    again, _ = G.apply(nxt, BuildIsland(nxt.last_island))
    assert again.island.spaces == s.island.spaces


@pytest.mark.parametrize("kept", [None, "garbage", {"printing": "x"}, {"printing": [3, "banana-snakes 9 x"]},
                                  {"island": ["lake-L A1 0"]}, {"printing": ["banana-snakes 2 anomaly"], "island": 7}])
def test_a_damaged_keepsake_is_ignored_part_by_part(kept):
    s = fresh(kept=kept)
    assert s.phase == "island"
    assert s.last_island == ()
    good = isinstance(kept, dict) and kept.get("printing") == ["banana-snakes 2 anomaly"]
    assert s.printing == (("banana-snakes 2 anomaly",) if good else ())


def test_the_island_being_laid_is_the_ops_alone():
    s = lay_all(fresh(), placements()[:5])
    secret = G.secrets(s)["master"]
    assert set(s.laid) <= secret
    for viewer in (TABLE, Viewer.of_seat(1)):
        text = json.dumps(G.view(s, viewer))
        assert not any(p in text for p in s.laid)


def test_the_companion_keeps_the_island_for_the_next_game_and_undo_takes_it_back(tmp_path):
    store = Store(tmp_path / "games.db")
    first = Session.create(store, "island", {"characters": ["phil", "theseus"]}, seed=5)
    first.submit(PrintSpace("banana-snakes", 2, "anomaly"), "phone")
    first.submit(PrintSpace("lime-oracle", 2, "anomaly"), "phone")
    assert store.kept("island")["printing"] == ["banana-snakes 2 anomaly", "lime-oracle 2 anomaly"]
    first.undo("phone")
    assert store.kept("island")["printing"] == ["banana-snakes 2 anomaly"]
    first.submit(BuildIsland(placements()), "phone")
    second = Session.create(store, "island", {"characters": ["phil", "theseus"]}, seed=6)
    assert second.state.last_island == tuple(placements())
    assert second.state.printing == ("banana-snakes 2 anomaly",)
    assert second.options["kept"] == store.kept("island")  # in the record, so a replay is exact
    assert Session(store, second.id).state == second.state
