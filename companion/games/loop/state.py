"""Loop's state: immutable values (frozen dataclasses of tuples), and setup.

The rules change a state by thawing it into plain lists (`thaw`), changing those, and freezing
the result (`freeze`): a state once made is never changed, so a session can keep it for undo.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import SimpleNamespace

from ...i18n import Msg
from ..base import IllegalMove, chance
from . import catalog

BASE_ACTIONS = ("garage", "shop", "armory", "exchange", "move", "advertise", "trash")


@dataclass(frozen=True)
class Destination:
    name: str
    era: str
    parts: tuple[str, ...]
    points: int
    action: str | None = None  # a Future destination's action


@dataclass(frozen=True)
class Card:
    id: str          # "garage", ..., or an anomaly's id
    title: str
    effect: str      # what it does: an action name, "any_store" or "supply"
    anomaly: bool = False


@dataclass(frozen=True)
class Player:
    name: str
    machines: tuple[tuple[str, ...], ...]  # parts on machines I, II, III (sorted)
    launched: tuple[int, ...] = ()         # machine numbers launched today
    hand: tuple[str, ...] = ()             # card ids, the leftmost (next) first
    placed: tuple[tuple[str, bool], ...] = ()  # today's cards in order: (card id, new?)
    tokens: tuple[tuple[str, int], ...] = ()   # (destination, day) of every launch
    ads: int = 3                           # Ad tokens not yet placed
    ads_out: tuple[str, ...] = ()          # destinations holding this player's Ad today
    cracks: int = 0
    scrapped: tuple[str, ...] = ()         # parts face down (-1) in the penalty area
    unfulfilled: int = 0                   # Ad tokens turned to -3
    points: int = 0                        # the score track
    removed: bool = False

    @property
    def new_today(self) -> int:
        return sum(1 for _, new in self.placed if new)


@dataclass(frozen=True)
class TurnRecord:
    day: int
    seat: int
    card: str
    new: bool
    crack: bool = False
    launched: str | None = None
    points: int = 0


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    kinds: tuple[tuple[str, str], ...]       # (part, store) in a fixed order
    destinations: tuple[Destination, ...]
    cards: tuple[Card, ...]                  # every card that may come to the centre
    centre: tuple[tuple[str, int], ...]      # card id -> how many lie in the centre
    anomaly_deck: tuple[str, ...]            # shuffled; drawn from the front
    stores: tuple[int, ...]                  # per kind
    supply: tuple[int, ...]                  # per kind
    seats: tuple[Player, ...]
    day: int = 1
    turn: int = 0
    start: int = 0
    phase: str = "action"                    # action | trash | launch | future | over
    on_dest: tuple[tuple[str, int], ...] = ()    # today's launches: (destination, seat)
    history: tuple[TurnRecord, ...] = ()
    days: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()  # (points, cracks) per day
    said: tuple[str, ...] = ()               # today's words
    removed_order: tuple[int, ...] = ()
    office: bool = False
    entered: tuple[Destination, ...] = ()    # destinations the host entered (kept for next time)
    kept: tuple[Destination, ...] = ()       # what earlier games taught

    @property
    def players(self) -> int:
        return len(self.seats)

    def card(self, card_id: str) -> Card:
        return next(c for c in self.cards if c.id == card_id)

    def kinds_of(self, store: str) -> tuple[str, ...]:
        return tuple(k for k, s in self.kinds if s == store)

    def kind_index(self, part: str) -> int:
        return [k for k, _ in self.kinds].index(part)

    def destination(self, name: str) -> Destination | None:
        return next((d for d in self.destinations if d.name == name), None)


# ---------------------------------------------------------------- thaw and freeze

def thaw(state: State) -> SimpleNamespace:
    """A working copy: lists for tuples, so the rules can change it in place. A tuple of
    destinations or cards is a value and stays one. Leaves (words, numbers, turn records) are
    taken as they are, never walked: `legal_moves` thaws a state for every move it tries."""
    def go(value):
        if type(value) is tuple:
            if any(type(v) in _VALUES for v in value):
                return value
            return [go(v) if type(v) in _WALKED else v for v in value]
        if type(value) is Player:
            return SimpleNamespace(**{n: go(getattr(value, n)) for n in _PLAYER_FIELDS})
        return value
    return SimpleNamespace(**{n: go(getattr(state, n)) for n in _STATE_FIELDS})


def freeze(work: SimpleNamespace) -> State:
    def go(value):
        if type(value) is list:
            return tuple([go(v) if type(v) in _FROZEN else v for v in value])
        if type(value) is SimpleNamespace:
            fields = {k: go(v) for k, v in vars(value).items()}
            fields["machines"] = tuple(tuple(sorted(m)) for m in fields["machines"])
            return Player(**fields)
        return value
    return State(**{k: go(v) for k, v in vars(work).items()})


_VALUES = (Destination, Card)
_WALKED = (tuple, Player)
_FROZEN = (list, SimpleNamespace)
_PLAYER_FIELDS = tuple(f.name for f in dataclasses.fields(Player))
_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(State))


# ---------------------------------------------------------------- setup

def setup(options: dict | None = None, seed: int = 0) -> State:
    """A new game. Options (all optional): players (2-4), names, first (the youngest player's
    seat), destinations (the travel cards drawn: "Rome AD net 4" or {"name", "era", "parts",
    "points"}; else drawn from the catalog by player count), parts ({"garage": [2], "shop": [2],
    "armory": [1]}: the stores' part names), anomalies (ids to draw first), extra_anomalies,
    future, office ("yes"/"no"), kept (what earlier games taught: `keep`)."""
    options = dict(options or {})
    players = options.get("players", 3)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise IllegalMove(Msg("Loop is for 2 to 4 players"))
    yes = lambda key: options.get(key) in (True, "yes", 1)  # noqa: E731
    future, office, extra = yes("future"), yes("office"), yes("extra_anomalies")
    kept = _kept(options.get("kept"))
    stores = _stores(options.get("parts"), kept.get("parts"))
    kinds = tuple((p, s) for s in catalog.STORES for p in stores[s])
    part_names = {p for p, _ in kinds}
    lookup = catalog.known()
    for d in kept.get("destinations", []):
        lookup[d["name"].lower()] = d
    entered = options.get("destinations")
    if entered:
        if not isinstance(entered, list):
            raise IllegalMove(Msg("destinations is a list, e.g. ['Rome AD net 4', ...]"))
        chosen = [catalog.destination(e, part_names, lookup) for e in entered if e not in ("", None)]
    else:
        chosen = []
    if not chosen:
        chosen = _draw(players, future, seed, kept.get("destinations", []), part_names)
        entered_dests = ()
    else:
        entered_dests = None
    names = [d["name"] for d in chosen]
    if len(set(names)) != len(names):
        raise IllegalMove(Msg("two destinations have the same name"))
    dests = tuple(Destination(d["name"], d["era"], tuple(d["parts"]), d["points"],
                              d.get("action") if d["era"] == "Future" else None)
                  for d in chosen)
    if entered_dests is None:
        entered_dests = dests
    cards = _cards(office, extra)
    counts = {"garage": 2 * players + 1, "shop": 2 * players + 1}
    centre = tuple((c.id, counts.get(c.id, players + 1)) for c in cards if not c.anomaly)
    deck = [c.id for c in cards if c.anomaly]
    chance(seed, "anomalies").shuffle(deck)
    fixed = options.get("anomalies")
    if isinstance(fixed, list) and all(isinstance(a, str) for a in fixed):
        known_ids = [c.id for c in cards if c.anomaly]
        wanted = [a for a in fixed if a in known_ids]
        deck = wanted + [a for a in deck if a not in wanted]
    first = options.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise IllegalMove(Msg("first is the seat of the youngest player, 0 to {last}", last=players - 1))
    given = options.get("names") or []
    names = tuple(given[s] if s < len(given) and isinstance(given[s], str) and given[s].strip()
                  else f"P{s + 1}" for s in range(players))
    seats = tuple(Player(name=names[s], machines=((), (), ()), ads=catalog.ads_per_player())
                  for s in range(players))
    total = catalog.per_kind()
    return State(names=names, kinds=kinds, destinations=dests, cards=cards, centre=centre,
                 anomaly_deck=tuple(deck), stores=tuple(players for _ in kinds),
                 supply=tuple(total - players for _ in kinds), seats=seats, day=1, turn=first,
                 start=first, office=office, entered=entered_dests,
                 kept=tuple(Destination(d["name"], d["era"], tuple(d["parts"]), d["points"],
                                        d.get("action")) for d in kept.get("destinations", [])),
                 said=(Msg("Day {day}: {name} starts.", day=1, name=names[first]),))


def keep(state: State) -> dict | None:
    """The travel cards this table has entered, and earlier ones, for the next game: a host then
    types only a destination's name."""
    known = {d.name: d for d in state.kept}
    known.update({d.name: d for d in state.entered})
    if not known:
        return None
    out = {"destinations": [{"name": d.name, "era": d.era, "parts": list(d.parts),
                             "points": d.points, **({"action": d.action} if d.action else {})}
                            for d in known.values()]}
    parts = {}
    for k, s in state.kinds:
        parts.setdefault(s, []).append(k)
    if parts != catalog.store_parts():
        out["parts"] = parts
    return out


def _kept(kept) -> dict:
    """What earlier games taught, with anything malformed left out."""
    out = {}
    if not isinstance(kept, dict):
        return out
    parts = kept.get("parts")
    if isinstance(parts, dict) and _stores_ok(parts):
        out["parts"] = parts
    names = {p for s in (out.get("parts") or catalog.store_parts()).values() for p in s}
    good = []
    for d in kept.get("destinations") or []:
        try:
            good.append(catalog.destination(d, names, {}))
        except IllegalMove:
            continue
    out["destinations"] = good
    return out


def _stores_ok(parts: dict) -> bool:
    counts = {"garage": 2, "shop": 2, "armory": 1}
    if set(parts) != set(counts):
        return False
    flat = [p for s in counts for p in (parts[s] if isinstance(parts[s], list) else [None])]
    return (all(isinstance(parts[s], list) and len(parts[s]) == n for s, n in counts.items())
            and all(isinstance(p, str) and p for p in flat) and len(set(flat)) == len(flat))


def _stores(given, kept) -> dict[str, list[str]]:
    if given is not None:
        if not isinstance(given, dict) or not _stores_ok(given):
            raise IllegalMove('parts names the stores\' parts: {"garage": [two], "shop": [two], '
                              '"armory": [one]}, five different names')
        return given
    return kept or catalog.store_parts()


def _draw(players: int, future: bool, seed: int, kept: list[dict], parts: set[str]) -> list[dict]:
    """Travel cards drawn at random by player count; cards the table taught come first."""
    out = []
    for era, n in catalog.draw_counts(players, future).items():
        rng = chance(seed, "travel", era)
        taught = [d for d in kept if d["era"] == era]
        rng.shuffle(taught)
        cards = catalog.deck(era)
        rng.shuffle(cards)
        names = {d["name"] for d in taught}
        pool = taught + [d for card in cards for d in card
                         if d["name"] not in names and all(p in parts for p in d["parts"])]
        out += pool[:2 * n]
    order = {era: i for i, era in enumerate(catalog.ERAS)}
    return sorted(out, key=lambda d: order[d["era"]])  # laid out in historical order


def _cards(office: bool, extra: bool) -> tuple[Card, ...]:
    out = []
    for cid, a in catalog.actions().items():
        if cid == ("trash" if office else "office"):
            continue
        out.append(Card(cid, a["title"], cid))
    for a in catalog.anomalies(extra):
        if a.get("effect") in BASE_ACTIONS + ("any_store", "supply") and a["id"] not in (c.id for c in out):
            out.append(Card(a["id"], a["title"], a["effect"], anomaly=True))
    return tuple(out)
