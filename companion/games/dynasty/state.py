"""Domino Dynasty's state: immutable values only (the session keeps old states for undo)."""
from __future__ import annotations

from dataclasses import dataclass

from ...i18n import Listed, Msg
from .catalog import ROLES, SCALARS, scalar_words, strength_name, word
from .maps import Half, offset

SHARED, PERSONAL = "shared", "personal"


@dataclass(frozen=True)
class Config:
    players: int
    names: tuple
    roles: tuple                 # per seat, the roles it holds (one, or more when all are dealt)
    mode: str = "cooperative"    # or "competitive"
    powers: bool = False         # easier: the roles' powers
    freeform: bool = False       # easier: one terrain of the shared map needs to match
    report_rules: bool = False   # harder: the roles' report rules
    absent: str = "highest"      # roles not in the game take the highest (harder: lowest) score
    tactical: bool = False
    chaotic: bool = False
    expansions: tuple = ()
    starts: str = "arranged"     # or "entered": the starting dominoes are laid by Start moves
    play: str = "rounds"         # or "free": placements as laid, no market (records)

    @property
    def in_game(self) -> tuple:
        return tuple(r for r in ROLES if any(r in held for held in self.roles))

    def holder(self, role: str) -> int | None:
        return next((s for s, held in enumerate(self.roles) if role in held), None)


@dataclass(frozen=True)
class Need:
    role: str
    num: float
    scalar: str = "number"

    @classmethod
    def parse(cls, text: str) -> "Need":
        from ..base import IllegalMove
        parts = text.split() if isinstance(text, str) else []
        if len(parts) not in (2, 3) or parts[0] not in ROLES:
            raise IllegalMove(Msg("a requirement is 'ROLE NUMBER [SCALAR]', e.g. 'warfare 2 num_people'; "
                                  "roles are {roles}", roles=", ".join(ROLES)))
        try:
            num = float(parts[1])
        except ValueError:
            raise IllegalMove(Msg("{number!r} is not a number", number=parts[1])) from None
        if not 0 < num <= 100:
            raise IllegalMove(Msg("a requirement's number is above 0"))
        scalar = parts[2] if len(parts) == 3 else "number"
        if scalar not in SCALARS:
            raise IllegalMove(Msg("unknown mission scalar {scalar!r}; known: {known}", scalar=scalar,
                                  known=", ".join(SCALARS)))
        return cls(parts[0], int(num) if num.is_integer() else num, scalar)

    def words(self) -> Msg:
        words = scalar_words(self.scalar)
        if words:
            return Msg("{strength} {num} x {scalar}", strength=strength_name(self.role), num=self.num, scalar=words)
        return Msg("{strength} {num}", strength=strength_name(self.role), num=self.num)


@dataclass(frozen=True)
class MissionCard:
    id: int
    seat: int
    round: int
    needs: tuple            # of Need
    reward: str = ""
    penalty: str = ""
    secret: bool = False
    status: str = "open"    # open | passed | failed | forgiven | put back
    result: tuple = ()      # ((role, needed, had), ...) at the report
    ignored: int | None = None  # Good Times: the requirement its holder ignores

    def words(self) -> Msg:
        parts = [Msg("Mission {id}: {needs}", id=self.id, needs=Listed([n.words() for n in self.needs], sep=", "))]
        if self.reward:  # the card's reward and penalty by their short names (the catalog's keys)
            parts.append(Msg("reward {reward}", reward=word(self.reward)))
        if self.penalty:
            parts.append(Msg("penalty {penalty}", penalty=word(self.penalty)))
        return Listed(parts, sep="; ")


@dataclass(frozen=True)
class Task:
    """Something a seat must (or may) do on its maps before the next round: take dominoes off
    ("remove", "remove capital", "remove shared", "remove corrupter"; "remove corrupter any" from
    any map; "remove equal" until no two equal icons touch; "remove neutral" every Neutral capital;
    "remove attacked" the dominoes the goblins attack), lay free ones ("place"), or
    move or turn dominoes of its own map ("move", "turn"). `bound`: a turn obeys the placement rules
    (an event's, not a reward's); `moved`: the dominoes already moved for it (each moves once)."""
    seat: int
    kind: str
    count: int
    optional: bool = False
    bound: bool = False
    moved: tuple = ()
    only: tuple = ()    # the dominoes it may take off, when found before it begins (the goblins' attack)

    @property
    def map(self) -> str:
        """The map a removal takes dominoes off: the shared map's when it says so, else the
        player's own ("remove corrupter any" names the map with each removal)."""
        return SHARED if self.kind == "remove shared" else PERSONAL


@dataclass(frozen=True)
class State:
    config: Config
    seed: int
    shared: tuple                       # ((x, y), Square) pairs
    personal: tuple                     # per seat
    starts: tuple = ()                  # ((role, cells), ...) on the shared map
    homes: tuple = ()                   # per seat: its personal starting domino's number (or -1)
    phase: str = "start"                # start | draw | claim | report | free | over
    round: int = 1
    market: tuple = ()                  # domino texts still in the market
    drawn: bool = False                 # the market was drawn this round
    dealt: int = 0                      # dominoes drawn into markets so far
    known: tuple = ()                   # this print's dominoes, as markets showed them (kept)
    event: str = ""
    turn: int = 0
    passes: int = 0
    missions: tuple = ()                # MissionCard
    tasks: tuple = ()                   # Task
    placed: tuple = ()                  # per seat: dominoes placed this round
    on_shared: tuple = ()               # per seat: added to the shared map this round
    mismatched: tuple = ()              # per seat: placed a domino that did not match
    power_used: tuple = ()              # per seat
    effects: tuple = ()                 # ((seat, key, value), ...) for this round
    next_effects: tuple = ()
    next_domino: int = 1
    first_of_round: int = 1            # dominoes numbered from here were placed this round
    left: int | None = None             # the seat that left the family (competitive)
    result: str = ""                    # "won" | "lost" | "ended"
    report: tuple = ()                  # the last report's lines, public words
    shares: tuple = ()                  # ((role, mission ids), ...) its owner chose at this report
    placements: tuple = ()              # ((seat, map, ((role, strength), ...)), ...) after each
    said: tuple = ()
    shifts: tuple = ()                  # ((SHARED or seat, (dx, dy)), ...): maps lying shifted on the mat

    def seat_map(self, seat: int) -> dict:
        return dict(self.personal[seat])

    def map_of(self, where: str, seat: int | None = None) -> dict:
        """The shared map, or `seat`'s own: square -> what lies there."""
        return dict(self.shared) if where == SHARED else self.seat_map(seat)

    def shift(self, where: str, seat: int | None = None) -> tuple[int, int]:
        """How far a map lies shifted on the mat's printed grid: it moved there when it grew past
        the grid's edge, and stays while its squares fit (`maps.offset`)."""
        squares = self.shared if where == SHARED else self.personal[seat]
        return offset((c for c, _ in squares), dict(self.shifts).get(SHARED if where == SHARED else seat, (0, 0)))

    def held_shifts(self) -> tuple:
        """`shifts` once a move has changed the maps: each map moves on the mat only as far as it
        must to fit there (grown past its edge); the rest lie where they lay."""
        out = {SHARED: self.shift(SHARED), **{s: self.shift(PERSONAL, s) for s in range(len(self.personal))}}
        return tuple((key, by) for key, by in out.items() if by != (0, 0))

    def effect(self, seat: int, key: str):
        return next((v for s, k, v in self.effects if s == seat and k == key), None)

    def market_size(self) -> int:
        """How many dominoes this round's market holds: two per player, twice that when
        Breakthrough (draw more) is the round's event."""
        return 2 * self.config.players * (2 if self.event == "breakthrough_draw_more" else 1)


def starting_halves(role: str) -> tuple[Half, Half]:
    """A starting domino: the role's terrain on both halves, open on all sides, its icon first."""
    from .catalog import TERRAIN_OF
    t = TERRAIN_OF[role]
    return Half(t, role, "NESW"), Half(t, None, "NESW")
