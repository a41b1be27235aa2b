"""The one small protocol every game speaks (DESIGN.md, "The rules core").

A game is a package under companion/games/ exposing its description `GAME` (a `Game`, at the
end of this file) and its rules, declared as the type `Rules` below it (the registry checks a
game against it once, when it first loads it, and gives `keep` and `viewers` their defaults):

    NAME: str
    MOVES: tuple of move dataclasses      (for records: move_to_dict / move_from_dict)
    setup(options: dict, seed: int) -> state
    apply(state, move) -> (state, [events])      raises IllegalMove with a reason in players' words
    view(state, viewer: Viewer) -> dict          the only door out of the server
    scores(state) -> {seat: points}
    is_over(state) -> bool
    winners(state) -> [seat, ...]                empty until the game is over
    viewers(state) -> ["seat-0", ...]            optional: who gets a phone link ("master" for a
                                                 game master); by default one link per seat
    legal_moves(state) -> [move, ...]            every move the rules accept now and no other: the
                                                 phones offer them (for kinds in `Game.told`, the
                                                 companion's own); random play, hints
    secrets(state) -> {viewer: {text, ...}}      what only that viewer (and a game master) may
                                                 see; the leak checks look for it in other views
    keep(state) -> dict | None                   optional: what the table taught, handed to its
                                                 next game as options["kept"] (docs/games.md);
                                                 by default nothing

States are immutable values; `apply` never mutates its argument, so a session can keep the
states it has seen for undo. Randomness comes only from the seed given to `setup` (kept in the
state and drawn from with `chance`) or from an explicit chance move whose outcome is in the move.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import random
import types
import typing
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..errors import IllegalMove  # a refusal, shown to players as it is (companion.errors)
from ..i18n import Listed, Msg


@dataclass(frozen=True)
class Viewer:
    """Who is looking: the whole table (public), one seat, or the game master (e.g. the OP)."""

    kind: str  # "table" | "seat" | "master"
    seat: int | None = None

    def __post_init__(self):
        if self.kind not in ("table", "seat", "master"):
            raise ValueError(f"unknown viewer kind {self.kind!r}")
        if (self.kind == "seat") != (self.seat is not None):
            raise ValueError("a seat viewer needs a seat number, and only a seat viewer has one")

    @classmethod
    def of_seat(cls, seat: int) -> "Viewer":
        return cls("seat", seat)

    def __str__(self) -> str:
        return f"seat-{self.seat}" if self.kind == "seat" else self.kind


TABLE = Viewer("table")
MASTER = Viewer("master")


@dataclass(frozen=True)
class Event:
    """Something that happened, with a sentence a player can read. Games subclass it."""

    def text(self) -> str:  # pragma: no cover - every game event overrides this
        return type(self).__name__


@dataclass(frozen=True)
class Prompt:
    """A question on the OLED that waits for a button: A accepts, C shows the next choice, B drops.

    `choices` are (words, move) pairs; with none it only tells the table something. A camera
    game's watcher asks one when a read is doubtful or refused; `at` is where the piece lies, so
    an accepted answer makes that piece a play. `no` is what B means, said when it is pressed
    (by default: the read is ignored). `short` is the same told in fewer words, which the OLED
    shows when `text` would be cut there (the host page and phones show `text` whole).
    """
    title: str
    text: str
    choices: tuple = ()
    index: int = 0
    at: Any = None
    no: str = ""
    short: Any = ""

    @property
    def move(self):
        return self.choices[self.index][1] if self.choices else None

    @property
    def words(self) -> str:
        if len(self.choices) > 1:
            from ..i18n import Msg  # the OLED's and the host page's words, in the table's language
            return Msg("{choice}? A ok, C next, B no", choice=self.choices[self.index][0])
        return self.text

    def next_choice(self) -> "Prompt":
        return dataclasses.replace(self, index=(self.index + 1) % max(1, len(self.choices)))


@dataclass(frozen=True)
class TakeBack:
    """A question's answer that is no move: the table is right, so the moves entered since the
    game was `to` (a state) are taken back. `said` is what the table then hears."""
    to: Any
    said: str


@dataclass(frozen=True)
class Agreed:
    """A question's answer that enters nothing: the game is right and the table will be put in
    step with it; `said` tells the players what to move."""
    said: str


class AsksOnce:
    """For a camera game's watcher (a dataclass with an ``asked`` set): each question is put once
    for what lies on the table. A notice the table may since have put right (a refused domino
    taken off) is taken back with ``retract``, so what still lies there is asked again."""

    _last: tuple | None = None  # (the last prompt put, its key), until retracted

    def _ask(self, key, prompt: Prompt):
        if key in self.asked:
            return None
        self.asked.add(key)
        self._last = (prompt, key)
        return prompt

    def begin(self, state) -> None:
        """The game as the companion took it up (started or resumed), before the camera's first
        look. A watcher that tells a table behind the phones from a move made on it starts from
        here; by default there is nothing to do."""

    def undone(self) -> bool | None:
        """B took the last move back. A watcher that must not read what the table still shows
        of that move as a new one says so here; by default there is nothing to do. True: look at
        the table at once (the watcher then says what to put back)."""

    def settled(self, prompt: Prompt, state) -> bool:
        """Whether the table itself has since answered this question (the pieces moved to match
        the game while it was up): it is then taken off the OLED. By default none is."""
        return False

    def retract(self, prompt: Prompt) -> bool:
        """Forget that this prompt, the last one put, was asked; False if it was not this one's."""
        last = self._last
        if last is None or last[0] is not prompt:
            return False
        self.asked.discard(last[1])
        self._last = None
        return True


def chance(seed: int, *labels: Any) -> random.Random:
    """A reproducible random stream for one chance step (a shuffle, a bag draw).

    Derived from the game's seed and labels naming the step, so replaying the log redraws the
    same tiles without any stored generator state.
    """
    key = ":".join([str(seed), *map(str, labels)]).encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


def evolve(value, /, **changes):
    """`dataclasses.replace` for the rules' frozen state values, several times faster: a game's
    `apply` makes hundreds of new values a move and `legal_moves` tries every move. The fields are
    copied as they are, so a class that checks itself in __post_init__ (a move) or keeps a
    cached_property goes through `replace`; a name that is not a field is refused as `replace`
    refuses it."""
    cls = type(value)
    if not _copied_as_is(cls):
        return dataclasses.replace(value, **changes)
    if not changes.keys() <= value.__dict__.keys():
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(changes.keys() - value.__dict__.keys()))}")
    new = object.__new__(cls)
    new.__dict__.update(value.__dict__)
    new.__dict__.update(changes)
    return new


@functools.lru_cache(maxsize=None)
def _copied_as_is(cls) -> bool:
    """Whether a value of `cls` is its fields and nothing else, so copying them makes a new one."""
    return (dataclasses.is_dataclass(cls) and not hasattr(cls, "__post_init__") and not hasattr(cls, "__slots__")
            and not any(isinstance(v, functools.cached_property) for k in cls.__mro__ for v in vars(k).values()))


def to_dict(obj) -> dict:
    """A move or event as a JSON-ready dict: {"type": ClassName, **fields}."""
    out = {"type": type(obj).__name__}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def from_dict(classes: Iterable[type], data: dict):
    """The inverse of to_dict over a game's move classes; bad data raises IllegalMove.

    Every field is checked against the type its move class declares (`int`, `str | None`,
    `tuple[tuple[int, str], ...]`, ...), so a record line or a phone's post with a number for a
    list, a list for a word or a list nested too deep is refused here, in words, before the
    rules see it; JSON's lists become the tuples a move holds. `Any` and a bare `tuple` leave
    the contents to the rules."""
    if not isinstance(data, dict):
        raise IllegalMove(Msg("a move must be an object"))
    by_name = {cls.__name__: cls for cls in classes}
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in by_name:
        raise IllegalMove(Msg("unknown move {kind}; expected one of {kinds}", kind=repr(kind),
                              kinds=Listed(sorted(by_name), sep=", ")))
    cls = by_name[kind]
    fields = dataclasses.fields(cls)
    extra = set(data) - {f.name for f in fields} - {"type"}
    if extra:
        raise IllegalMove(Msg("{kind} does not take {fields}", kind=kind, fields=Listed(sorted(extra), sep=", ")))
    missing = [f.name for f in fields if f.name not in data and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if missing:
        raise IllegalMove(Msg("{kind} needs {fields}", kind=kind, fields=Listed(missing, sep=", ")))
    hints = _hints(cls)
    return cls(**{f.name: _shaped(data[f.name], hints.get(f.name, Any), kind, f.name)
                  for f in fields if f.name in data})


@functools.lru_cache(maxsize=None)
def _hints(cls) -> dict:
    try:
        return typing.get_type_hints(cls)
    except Exception:  # a type this module cannot name: that class's fields go unchecked
        return {}


def _shaped(value, hint, kind: str, field: str):
    """`value`, from JSON, as the declared type `hint` holds it; IllegalMove if it is not one."""
    if _fits(hint)(value):
        return _as_declared(hint)(value)
    shown = json.dumps(value) if isinstance(value, (list, dict)) else repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    raise IllegalMove(Msg("{what} must be {shape}, not {shown}", what=Msg("{kind}'s {field}", kind=kind, field=field),
                          shape=_words(hint), shown=shown))


# A declared type's test and conversion are worked out once per type, as functions of the value:
# records and phones send every move through them, and the property tests millions of times.

def _is_sequence(value) -> bool:
    return isinstance(value, (list, tuple))


@functools.lru_cache(maxsize=None)
def _fits(hint) -> Callable[[Any], bool]:
    """Whether a value is one the declared type `hint` holds."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return lambda value: True
    if hint is type(None) or hint is None:
        return lambda value: value is None
    if origin in (typing.Union, types.UnionType):
        arms = tuple(_fits(a) for a in args)
        return lambda value: any(fits(value) for fits in arms)
    if hint is bool:
        return lambda value: isinstance(value, bool)
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return lambda value: isinstance(value, str)
    if hint is tuple or origin is tuple:
        if not args:
            return _is_sequence
        if len(args) == 2 and args[1] is Ellipsis:
            each = _fits(args[0])
            return lambda value: _is_sequence(value) and all(map(each, value))
        parts = tuple(_fits(a) for a in args)
        return lambda value: (_is_sequence(value) and len(value) == len(parts)
                              and all(fits(v) for fits, v in zip(parts, value)))
    if hint is dict or origin is dict:
        if not args:
            return lambda value: isinstance(value, dict)
        key, each = _fits(args[0]), _fits(args[1])
        return lambda value: isinstance(value, dict) and all(key(k) and each(v) for k, v in value.items())
    if origin is typing.Literal:
        return lambda value: any(value == a and type(value) is type(a) for a in args)
    return lambda value: True


def _as_it_is(value):
    return value


@functools.lru_cache(maxsize=None)
def _as_declared(hint) -> Callable[[Any], Any]:
    """A fitting value as the declared type holds it: JSON's lists as the tuples a move holds (a
    move is a value); contents of `Any` as given."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        arms = tuple((_fits(a), _as_declared(a)) for a in args)
        return lambda value: next(made for fits, made in arms if fits(value))(value)
    if hint is Any:
        return lambda value: tuple(value) if isinstance(value, list) else value
    if hint is tuple or origin is tuple:
        if not args:
            return lambda value: tuple(value) if _is_sequence(value) else value
        if len(args) == 2 and args[1] is Ellipsis:
            each = _as_declared(args[0])
            return lambda value: tuple(map(each, value)) if _is_sequence(value) else value
        parts = tuple(_as_declared(a) for a in args)
        return lambda value: tuple(made(v) for made, v in zip(parts, value)) if _is_sequence(value) else value
    return _as_it_is


_WORDS = {bool: Msg("true or false"), int: Msg("a whole number"), float: Msg("a number"), str: Msg("a word"),
          type(None): Msg("null"), dict: Msg("an object"), tuple: Msg("a list")}


def _words(hint) -> Msg:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return Listed([_words(a) for a in args], sep=" or ")
    if origin is tuple and args:
        if len(args) == 2 and args[1] is Ellipsis:
            return Msg("a list, each {shape}", shape=_words(args[0]))
        return Msg("a list of {n}: {shapes}", n=len(args), shapes=Listed([_words(a) for a in args], sep=", "))
    if origin is typing.Literal:
        return Listed([json.dumps(a) for a in args], sep=" or ")
    return _WORDS.get(origin or hint, Msg("something else"))


def accepted(apply, state, candidates) -> list:
    """The candidate moves the rules (`apply`) accept in `state`: a game's legal moves."""
    out = []
    for move in candidates:
        try:
            apply(state, move)
        except IllegalMove:
            continue
        out.append(move)
    return out


# ---------------------------------------------------------------- the game description
#
# Shared code never asks which game is running; it asks the game. Every game package holds a
# `GAME = Game(...)` beside its rules. The description is plain data; the optional parts (camera,
# OLED pages, records, simulation) are modules of the package named here and imported only when
# they are used, so a phone-only game never loads the camera code (or OpenCV).

# The keys of `view(state, viewer)` that shared code reads, for every game and every viewer:
VIEW_KEYS = {
    "game": "the game's NAME",
    "seats": "how many seats the table has (a game master, if any, is one of them)",
    "names": "a name per seat, in seat order, as the OLED and the phones print them",
    "scores": "{'seat number': points} as players write them",
    "finished": "true once the game is over",
    "winners": "the winning seats (empty until the game is over)",
}


@dataclass(frozen=True)
class Option:
    """One setup option, described well enough for the host page to draw the new-game form.

    kind:
      "count"   a whole number from `low` to `high`
      "choice"  one of `choices` ((value, words) pairs); value "" means "leave it to the game"
      "names"   a list of text, one per seat of the count option named in `per`
      "each"    one of `choices` for each of `per` less `less` (different from each other; a
                choice of value "" means "leave it to the game" and may repeat)
      "numbers" for each value chosen in the "each" option `per`: numbers named in `fields`,
                from `low` to `high`, all optional (left out, the game's own values stand)
    `when` shows the option only when another option has one value, e.g. {"players": 2}.
    """
    key: str
    label: str
    kind: str
    default: Any = None
    low: int | None = None
    high: int | None = None
    choices: tuple = ()
    per: str | None = None
    less: int = 0
    fields: tuple = ()
    when: tuple = ()  # ((key, value), ...)
    help: str = ""

    KINDS = ("count", "choice", "names", "each", "numbers")

    def __post_init__(self):
        if self.kind not in self.KINDS:
            raise ValueError(f"option {self.key}: kind is one of {', '.join(self.KINDS)}")

    def as_json(self) -> dict:
        out = {"key": self.key, "label": self.label, "kind": self.kind, "default": self.default,
               "help": self.help}
        for name in ("low", "high", "per", "less"):
            if getattr(self, name) not in (None, 0):
                out[name] = getattr(self, name)
        if self.choices:
            out["choices"] = [{"value": v, "words": w} for v, w in self.choices]
        if self.fields:
            out["fields"] = list(self.fields)
        if self.when:
            out["when"] = dict(self.when)
        return out


def _unprintable(text: str) -> bool:
    """Whether `text` holds a control character (a line break, a tab, an escape)."""
    return any(unicodedata.category(c) == "Cc" for c in text)


_OPTION_SHAPES = {"count": int, "choice": (str, int, bool), "names": list, "each": (list, dict),
                  "numbers": (dict, list)}
_OPTION_WORDS = {"count": Msg("a whole number"), "choice": Msg("one word"), "names": Msg("a list"),
                 "each": Msg("a list or an object, one per seat"), "numbers": Msg("an object")}


@dataclass(frozen=True)
class Game:
    """What a game is, for the session, the table service, the OLED, the phones and the tests.

    name, title      the registry name ("paradominetor") and the words players know it by
    players          (fewest, most) people at the table, a game master included
    options          the new-game form, in order; `setup(defaults)` must give a playable game
    master           True when one viewer is the game master (Paradox Island's OP), whose moves
                     come from the master link as seat `master_seat`
    parts            the optional parts it has, by role (PARTS below: "camera", "oled", "records",
                     "simulation", "bench"); each is a typed value (Camera, Oled, ...) in a
                     module of the package, imported only when used
    web              the phone page's script and style, files in the package's web/ folder
    told             move kinds (class names) in which the table tells the companion what only the
                     table can know: a card's printed cost, the dominoes or the mission card drawn
                     from a shuffled deck. `legal_moves` offers the companion's own (for random
                     play and hints); the rules accept any the components allow. Every other move
                     the rules accept, `legal_moves` offers (tests/test_conformance.py checks both)
    """
    name: str
    title: str
    players: tuple[int, int]
    options: tuple[Option, ...] = ()
    master: bool = False
    master_seat: int | None = None
    parts: tuple[str, ...] = ()
    web: tuple[str, ...] = ("game.js", "game.css")
    told: tuple[str, ...] = ()

    def __post_init__(self):
        unknown = set(self.parts) - set(PARTS)
        if unknown:
            raise ValueError(f"{self.name}: no part is called {', '.join(sorted(unknown))}; "
                             f"a game's parts are {', '.join(PARTS)}")

    def defaults(self) -> dict:
        return {o.key: o.default for o in self.options if o.default is not None}

    def check_options(self, options: dict):
        """Each declared option given has the shape its kind has (a whole number, a word, a
        list of names, ...); IllegalMove says which is not. What the values may be is the
        game's `setup` to say."""
        for o in self.options:
            value = options.get(o.key)
            if value is None or isinstance(value, _OPTION_SHAPES[o.kind]) and not (
                    o.kind == "count" and isinstance(value, bool)):
                continue
            raise IllegalMove(Msg("{option} must be {shape}", option=o.key, shape=_OPTION_WORDS[o.kind]))
        for o in self.options:
            # a name is printed on one OLED line and quoted in one-line refusals
            if o.kind == "names" and any(isinstance(n, str) and _unprintable(n) for n in options.get(o.key) or ()):
                raise IllegalMove(Msg("a seat's name is one line of text, without line breaks or tabs"))

    def check_names(self, options: dict):
        """Seat names (the option every game calls "names") typed on the new-game form for more
        or fewer seats than chosen are said, not dropped for P1, P2, ... (a record's header is the
        rules' to read as it was written)."""
        for o in self.options:
            value, per = options.get(o.key), next((p for p in self.options if p.key == o.per), None)
            if o.key != "names" or o.kind != "names" or not value or per is None or not any(str(v).strip() for v in value):
                continue
            seats = options.get(per.key, per.default)
            if isinstance(seats, int) and len(value) != seats - o.less:
                from ..i18n import Msg
                raise IllegalMove(Msg("{given} names for {count} seats: one name for each seat, or none",
                                      given=len(value), count=seats - o.less))

    def as_json(self) -> dict:
        return {"name": self.name, "title": self.title, "players": list(self.players),
                "options": [o.as_json() for o in self.options], "master": self.master,
                "master_seat": self.master_seat,
                "camera": "camera" in self.parts, "web": list(self.web)}


# ---------------------------------------------------------------- the rules, as a type
#
# A game's package is its rules: the registry (companion.games) checks once, when it first loads
# a package, that it has every member below, and gives the optional ones their defaults, so
# shared code calls any of them without asking first. Modules satisfy a Protocol as objects do.

@typing.runtime_checkable
class Rules(typing.Protocol):
    """The one protocol every game speaks; see the module docstring for what each member does."""
    NAME: str
    GAME: Game
    MOVES: tuple

    def setup(self, options: dict, seed: int) -> Any: ...
    def apply(self, state: Any, move: Any) -> tuple[Any, list[Event]]: ...
    def view(self, state: Any, viewer: Viewer) -> dict: ...
    def viewers(self, state: Any) -> list[str]: ...
    def scores(self, state: Any) -> dict[int, int]: ...
    def is_over(self, state: Any) -> bool: ...
    def winners(self, state: Any) -> list[int]: ...
    def legal_moves(self, state: Any) -> list: ...
    def secrets(self, state: Any) -> dict[str, set[str]]: ...
    def keep(self, state: Any) -> dict | None: ...
    def move_from_dict(self, data: dict) -> Any: ...
    def move_to_dict(self, move: Any) -> dict: ...


def keeps_nothing(state) -> None:
    """`keep` for a game whose table teaches its next game nothing."""
    return None


def seat_viewers(view: Callable[[Any, Viewer], dict]) -> Callable[[Any], list[str]]:
    """`viewers` for a game without a game master: one phone link per seat of its table view."""
    def viewers(state) -> list[str]:
        return [f"seat-{s}" for s in range(view(state, TABLE)["seats"])]
    return viewers


# ---------------------------------------------------------------- the optional parts
#
# Each part is a value of its own type, held by a module of the game's package under the name of
# its role in capitals (`CAMERA = Camera(...)`); PARTS says which module. Vision and the screens
# appear here only as names in annotations: a phone-only game loads neither.

@typing.runtime_checkable
class Watcher(typing.Protocol):
    """What turns the camera's steady table events (vision.tracker.TableEvent) into moves: `see`
    them, then `next(state)` until None (a move, a Prompt, a TakeBack or an Agreed each time);
    `begin(state)` with the game as the companion took it up, before the first events;
    `accepted(at)` when a prompted play at `at` was taken, `undone()` when B took the last move
    back, `retract(prompt)` when the table changed under a notice, `settled(prompt, state)` when
    the table itself has answered the question up (AsksOnce gives these but `accepted`; Paradox
    Initiative's says so once the discs are moved to match the phone)."""
    def begin(self, state: Any) -> None: ...
    def see(self, events: list) -> None: ...
    def next(self, state: Any) -> Any: ...
    def accepted(self, at: Any) -> None: ...
    def undone(self) -> None: ...
    def retract(self, prompt: Prompt) -> bool: ...
    def settled(self, prompt: Prompt, state: Any) -> bool: ...


@dataclass(frozen=True)
class Camera:
    """What the camera watches for a game: its printed mat (vision.mat.MatSpec), its pieces as
    the reader names them (vision.tiles.TileSet), vision's reader for them (vision.readers:
    "tiles", "grid", "dominoes"), the mat's areas where moves are watched, the printed cells of
    a reader of cells (vision.grid.Grid, else None), and how a watcher is made for the rules."""
    mat: Any
    pieces: Any
    reader: str
    zones: tuple[str, ...]
    watcher: Callable[[Rules], Watcher]
    cells: Any = None
    # where the camera reads more than the areas moves are played on (Domino Dynasty's market
    # beside its maps): those areas and their cells; none: the zones and cells above
    watched: tuple[str, ...] = ()
    watched_cells: Any = None
    # below this confidence the watcher asks about a reading rather than play it (the command
    # line then says it is unknown): 0 where every reading the reader names is sure
    sure: float = 0.0

    def areas_read(self) -> tuple[str, ...]:
        return self.watched or self.zones

    def cells_read(self):
        return self.watched_cells if self.watched_cells is not None else self.cells


@dataclass(frozen=True)
class Oled:
    """The game's own OLED pages, "auto" (follow the game) first; `screen(view, page, message)`
    gives (screen, data) for the table's view, or None to leave the page to the shared ones
    (companion.panel). The screen is a shared screen's name (hardware.screens.SCREENS) or one of
    `screens`: the game's own, each a function `(draw, data)` drawn with hardware.drawing's
    helpers, whose name is the screen's name."""
    pages: tuple[str, ...]
    screen: Callable[[dict, str, str], tuple[Any, dict] | None]
    screens: tuple[Callable[[Any, dict], None], ...] = ()


@dataclass(frozen=True)
class Records:
    """A record's own line kinds (docs/records.md): `lines` {kind: (state, value) -> state};
    `header(options)` the options a record's header means; `result(state)` and
    `describe(state)` what `paradox-table replay` prints (JSON, and lines in words)."""
    lines: dict[str, Callable[[Any, Any], Any]]
    header: Callable[[dict], dict]
    result: Callable[[Any], dict]
    describe: Callable[[Any], list[str]]


@dataclass(frozen=True)
class Simulation:
    """The virtual table's verbs: `verbs(synthetic_table, layout)` makes the object whose
    `act(action, view)` does one ("play", "flip", ...; every game's "lay" puts a resumed game's
    pieces down as the game master's view has them); `pieces(synthetic_table)` is where that
    table keeps its pieces ({id: piece with x_mm, y_mm}), for slides."""
    verbs: Callable[[Any, Any], Any]
    pieces: Callable[[Any], dict]


@dataclass(frozen=True)
class Bench:
    """The game's own `make bench` figures: `latency(device)` at a simulated table."""
    latency: Callable[[Any], dict]


# role -> (its type, the module of the package that holds it as ROLE in capitals). The camera
# part sits beside its watcher in table.py, which reads the mat's data from camera.py.
PARTS: dict[str, tuple[type, str]] = {
    "camera": (Camera, "table"),
    "oled": (Oled, "oled"),
    "records": (Records, "records"),
    "simulation": (Simulation, "simulation"),
    "bench": (Bench, "bench"),
}
