"""Mission scalars measured on all maps together ("their numbers are always about all the maps
(combined)"), Machine Mama's included (docs/rulings.md (l))."""
from companion.games import dynasty
from companion.games.dynasty.moves import Mission
from companion.games.dynasty import power

from .helpers import free, lay


def test_open_ended_paths_are_counted_on_every_map_the_shared_one_too():
    state = free()
    # the shared map: five starts one under another, every edge open: 2 north, 2 south, 5 west,
    # 5 east lead nowhere; each personal start: 6 open edges lead nowhere
    assert power.measure(state, "open_ends", 0) == 14 + 3 * 6


def test_machine_mama_s_scalars_may_be_entered_and_are_measured():
    state = dynasty.setup({"players": 3, "roles": {"0": "warfare", "1": "infrastructure", "2": "goods"},
                           "machine": "yes"}, 0)
    for need in ("warfare 1 players_connected", "money 2 num_capital_routes"):
        state = dynasty.apply(state, Mission(0 if "warfare" in need else 1, (need,)))[0]
    assert [m.needs[0].scalar for m in state.missions] == ["players_connected", "num_capital_routes"]
    # the starts are joined by open paths on the shared map: every player is connected
    assert power.measure(state, "players_connected", 0) == 3
    # every two of the five starting capitals are joined by a path no third capital stops: 10
    assert power.measure(state, "num_capital_routes", 0) == 10


def test_a_path_between_capitals_on_a_personal_map_counts_and_a_capital_between_stops_it():
    # a Neutral capital east of the warfare start, and another east of that: the first two and
    # the last two are joined; the outer two only through the middle capital, which stops the path
    state = lay(free(), 0, "personal", ((5, 3), (6, 3)), "grass/neutral/EW", "grass//EW")
    state = lay(state, 0, "personal", ((7, 3), (8, 3)), "grass/neutral/W", "grass//")
    assert power.measure(state, "num_capital_routes", 0) == 10 + 2
