"""The component data: counts as the rulebook gives them, every unprinted value marked."""
from collections import Counter

from companion.games.island import catalog


def marked(entry: dict) -> bool:
    """A source, or an assumption with a note for the players."""
    assumed = any(k.endswith("assumption") and v for k, v in entry.items())
    return "source" in entry or (assumed and "note" in entry)


def test_the_tiles_make_37_spaces_of_the_right_kinds():
    tiles = catalog.tiles()
    assert len(tiles) == 17
    shapes = Counter(t["shape"] for t in tiles.values())
    assert shapes == {"pair": 14, "straight": 1, "L-shaped": 1, "triangular": 1}
    spaces = [s for t in tiles.values() for s in t["spaces"]]
    assert len(spaces) == 14 * 2 + 3 * 3 == 37
    kinds = Counter(s["kind"] for s in spaces)
    counts = catalog.load("tiles")["source_counts"]
    assert kinds == {"fruit": counts["fruits"], "camp": counts["camps"], "oracle": counts["oracles"],
                     "mirage": counts["mirages"], "knot": counts["escher_knots"],
                     "portal": 2 * counts["portal_pairs"], "anomaly": counts["anomalies"],
                     "lake": counts["lake_spaces"]}
    assert sorted(s["fruit"] for s in spaces if s["kind"] == "fruit") == sorted(catalog.fruits())
    for tile in tiles.values():
        assert marked(tile), tile["id"]


def test_every_unprinted_value_is_marked():
    data = catalog.load("tiles")
    for number in ("1", "2", "3"):
        assert marked(data["knots"][number]) and marked(data["portal_colours"][number])
    for token in catalog.anomaly_tokens().values():
        assert marked(token), token["id"]
    assert len(catalog.anomaly_tokens()) == 10
    assert len(catalog.power_tokens()) == 12
    for token in catalog.power_tokens().values():
        assert marked(token), token["id"]
    for name, character in catalog.characters().items():
        for bonus in character["bonuses"]:
            assert marked(bonus), name


def test_each_characters_fruits_are_split_among_its_three_bonuses():
    for name, character in catalog.characters().items():
        assert len(character["bonuses"]) == 3
        if name == "hempel":
            assert sum(b["boxes"] for b in character["bonuses"]) == 7
            continue
        fruits = [f for b in character["bonuses"] for f in b["fruits"]]
        assert sorted(fruits) == sorted(catalog.fruits()), name
        assert all(len(b["fruits"]) in (2, 3) for b in character["bonuses"])
