"""Loop's rules, pure: a state and a move give a new state and the words said.

Rules: shared/rules/loop.ja.txt (the original) and loop.en.md; decisions the rulebook leaves
open: docs/rulings.md ("Loop"). Every action either happens in full or cracks (`crack_reason`
says why before it happens); launches check every condition of the rulebook's 発進 section, and
what one will cost (a crack as the day's second machine, scrapped parts) is said before it is
chosen (`launch_warning`).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ..base import IllegalMove
from .moves import Act, EndTurn, Future, Launch, Told, TrashPart
from .state import State, TurnRecord, freeze, thaw
from ...i18n import Listed, Msg, term

NAME = "loop"
ROMAN = {1: "I", 2: "II", 3: "III"}
CRACK_PENALTY = {0: 0, 1: 1, 2: 3, 3: 6}
TAKE_EFFECTS = ("garage", "shop", "armory", "any_store", "supply")
STORE_TITLES = {"garage": "Garage", "shop": "Shop", "armory": "Armory"}


def plural(part: str) -> str:
    return part if part.endswith("s") or part == "armor" else part + "s"


# ---------------------------------------------------------------- what a player has

def unlaunched(state, seat: int) -> list[int]:
    """The player's machines still on their board today (day d brings machines I..d)."""
    p = state.seats[seat]
    return [m for m in range(1, state.day + 1) if m not in p.launched]


def takeable(state, effect: str) -> list[str]:
    """The parts an action taking a part could take now."""
    if effect == "supply":
        return [k for i, (k, _) in enumerate(state.kinds) if state.supply[i] > 0]
    stores = None if effect == "any_store" else effect
    return [k for i, (k, s) in enumerate(state.kinds)
            if state.stores[i] > 0 and (stores is None or s == stores)]


def free_destinations(state) -> list[str]:
    """Destinations with nothing on them today: no machine launched there, no Ad."""
    busy = {d for d, _ in state.on_dest} | {d for p in state.seats for d in p.ads_out}
    return [d.name for d in state.destinations if d.name not in busy]


def crack_reason(state, seat: int, effect: str) -> str | None:
    """Why the action would crack if played now, in the players' words; None if it can be done."""
    p = state.seats[seat]
    mine = unlaunched(state, seat)
    if effect == "office":
        return None
    if effect == "advertise":
        if p.ads == 0:
            return Msg("you have no Ad tokens left")
        if not free_destinations(state):
            return Msg("every destination already has a machine or an Ad today")
        return None
    if not mine:
        return Msg("all your time machines have launched")
    if effect in TAKE_EFFECTS and not takeable(state, effect):
        if effect == "supply":
            return Msg("the supply has no parts left")
        if effect == "any_store":
            return Msg("every store is empty")
        kinds = Listed([term(plural(k)) for k, s in state.kinds if s == effect], sep=" or ")
        return Msg("the {store} has no {parts} left", store=term(STORE_TITLES[effect]), parts=kinds)
    parts_on = [part for m in mine for part in p.machines[m - 1]]
    if effect == "exchange" and not parts_on:
        return Msg("your time machines that have not launched have no parts to return")
    if effect == "move":
        if len(mine) < 2:
            return Msg("only one of your time machines has not launched")
        if not parts_on:
            return Msg("your time machines that have not launched have no parts to move")
    return None


# ---------------------------------------------------------------- apply

def apply(state: State, move) -> tuple[State, list[Told]]:
    if state.phase == "over":
        raise IllegalMove(Msg("the game is over"))
    seat = getattr(move, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalMove(Msg("there is no seat {seat} at this table", seat=seat))
    if seat != state.turn:
        raise IllegalMove(Msg("it is seat {turn}'s turn ({name}), not seat {seat}'s",
                              turn=state.turn, name=state.names[state.turn], seat=seat))
    w = thaw(state)
    w.told = []  # the words of this move, for its events; not part of the state
    if isinstance(move, Act):
        _act(w, move)
    elif isinstance(move, TrashPart):
        _trash_part(w, move)
    elif isinstance(move, Launch):
        _launch(w, move)
    elif isinstance(move, Future):
        _future(w, move)
    elif isinstance(move, EndTurn):
        if w.phase == "action":
            raise IllegalMove(Msg("first take an action: a new one or the leftmost card of your hand"))
        _end_turn(w)
    else:
        raise IllegalMove(Msg("{move} is not a Loop move", move=type(move).__name__))
    told = w.told
    del w.told
    return freeze(w), [Told(words) for words in told]


def article(part: str) -> str:
    return "An" if part[:1].lower() in "aeiou" else "A"


def say(w, words: Msg):
    w.said.append(words)
    w.told.append(words)


# ---------------------------------------------------------------- the action

def _act(w, move: Act):
    if w.phase != "action":
        raise IllegalMove(Msg("you have taken your action this turn: launch a machine or end your turn"))
    p = w.seats[w.turn]
    if move.new is None:
        if not p.hand:
            raise IllegalMove(Msg("your hand is empty: take a new action from the centre"))
        card_id = p.hand.pop(0)
        new = False
    else:
        if p.hand and sum(1 for _, n in p.placed if n) >= 3:
            raise IllegalMove(Msg("you have taken your 3 new actions today: play the leftmost card of your hand"))
        if sum(1 for _, n in p.placed if n) >= 3:
            raise IllegalMove(Msg("you have taken your 3 new actions today"))
        centre = dict(w.centre)
        if move.new not in centre:
            raise IllegalMove(Msg("there is no {card!r} card in this game", card=move.new))
        if centre[move.new] == 0:
            raise IllegalMove(Msg("no {card} card is left in the centre", card=term(_title(w, move.new))))
        w.centre = [[c, n - 1 if c == move.new else n] for c, n in w.centre]
        card_id, new = move.new, True
    p.placed.append([card_id, new])
    card = _card(w, card_id)
    who = p.name
    reason = crack_reason(w, w.turn, card.effect)
    given = {k: getattr(move, k) for k in ("part", "machine", "give", "take", "to_machine",
                                           "from_machine", "destination")
             if getattr(move, k) is not None}
    if move.parts:
        given["parts"] = move.parts
    w.history.append(TurnRecord(w.day, w.turn, card_id, new, crack=reason is not None))
    if reason is not None:
        if given:
            raise IllegalMove(Msg("{card} cracks: {reason}, so the turn names no {given}",
                                  card=term(card.title), reason=reason, given=Listed(given, sep=", ")))
        say(w, (Msg("{name} adds {card}: it cracks, {reason}.", name=who, card=term(card.title), reason=reason)
                if new else
                Msg("{name} replays {card}: it cracks, {reason}.", name=who, card=term(card.title), reason=reason)))
        _crack(w, w.turn)
        _after_action(w)
        return
    say(w, Msg("{name} adds {card}.", name=who, card=term(card.title)) if new else
        Msg("{name} replays {card}.", name=who, card=term(card.title)))
    if card.effect == "trash":
        _check_keys(card.title, given, {"parts"})
        for pair in move.parts:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise IllegalMove(Msg("trash names its parts as [machine, part] pairs"))
            _take_off(w, w.turn, pair[0], pair[1])
        if not move.parts:
            w.phase = "trash"
            _maybe_end(w)
            return
    else:
        _perform(w, card.title, card.effect, given)
    _after_action(w)


def _after_action(w):
    w.phase = "launch"
    _maybe_end(w)


def _check_keys(title: str, given: dict, allowed: set, needed: set = frozenset()):
    extra = set(given) - allowed
    if extra:
        raise IllegalMove(Msg("{action} does not take {what}", action=term(title),
                              what=Listed(sorted(extra), sep=", ")))
    missing = set(needed) - set(given)
    if missing:
        raise IllegalMove(Msg("{action} needs {what}", action=term(title),
                              what=Listed(sorted(missing), sep=" and ")))


def _perform(w, title: str, effect: str, given: dict):
    """An action that can be done, done in full with the choices given."""
    seat = w.turn
    if effect in TAKE_EFFECTS:
        _check_keys(title, given, {"part", "machine"}, {"part", "machine"})
        part, machine = given["part"], given["machine"]
        if part not in takeable(w, effect):
            where = {"supply": Msg("the supply"), "any_store": Msg("any store")}.get(
                effect, Msg("the {store}", store=term(STORE_TITLES.get(effect, effect))))
            raise IllegalMove(Msg("{action} cannot take {part!r}: {where} has none to give",
                                  action=term(title), part=term(part), where=where))
        _machine_ok(w, seat, machine)
        i = _kind(w, part)
        if effect == "supply":
            w.supply[i] -= 1
        else:
            w.stores[i] -= 1
        w.seats[seat].machines[machine - 1].append(part)
        if effect == "supply":
            say(w, Msg("{a} {part} from the supply goes on machine {machine}.", a=article(part),
                       part=term(part), machine=ROMAN[machine]))
        else:
            say(w, Msg("{a} {part} from the {store} goes on machine {machine}.", a=article(part),
                       part=term(part), store=term(STORE_TITLES[w.kinds[i][1]]), machine=ROMAN[machine]))
    elif effect == "exchange":
        _check_keys(title, given, {"give", "take", "machine", "to_machine"}, {"give", "take", "machine"})
        machine, give, take = given["machine"], given["give"], given["take"]
        to = given.get("to_machine", machine)
        _take_off(w, seat, machine, give, store=True)
        if take not in takeable(w, "any_store"):
            raise IllegalMove(Msg("no store has a {part} to take", part=term(take)))
        _machine_ok(w, seat, to)
        w.stores[_kind(w, take)] -= 1
        w.seats[seat].machines[to - 1].append(take)
        say(w, Msg("{a} {part} goes on machine {machine}.", a=article(take), part=term(take), machine=ROMAN[to]))
    elif effect == "move":
        _check_keys(title, given, {"part", "from_machine", "to_machine"}, {"part", "from_machine", "to_machine"})
        a, b, part = given["from_machine"], given["to_machine"], given["part"]
        _machine_ok(w, seat, a)
        _machine_ok(w, seat, b)
        if a == b:
            raise IllegalMove(Msg("Move takes a part to another machine"))
        if part not in w.seats[seat].machines[a - 1]:
            raise IllegalMove(Msg("machine {machine} has no {part}", machine=ROMAN[a], part=term(part)))
        w.seats[seat].machines[a - 1].remove(part)
        w.seats[seat].machines[b - 1].append(part)
        say(w, Msg("The {part} moves from machine {a} to machine {b}.", part=term(part), a=ROMAN[a], b=ROMAN[b]))
    elif effect == "advertise":
        _check_keys(title, given, {"destination"}, {"destination"})
        d = given["destination"]
        if _dest(w, d) is None:
            raise IllegalMove(Msg("there is no destination {destination!r} on the table", destination=d))
        if d not in free_destinations(w):
            raise IllegalMove(Msg("{destination} already has a machine or an Ad today", destination=term(d)))
        p = w.seats[seat]
        p.ads -= 1
        p.ads_out.append(d)
        say(w, Msg("{name} puts an Ad on {destination}.", name=p.name, destination=term(d)))
    elif effect == "office":
        _check_keys(title, given, {"part"})
        part = given.get("part")
        if part is not None:
            p = w.seats[seat]
            if part not in p.scrapped:
                raise IllegalMove(Msg("there is no scrapped {part} in your penalty area", part=term(part)))
            p.scrapped.remove(part)
            w.supply[_kind(w, part)] += 1
            say(w, Msg("{name} takes a scrapped {part} out of the penalty area.", name=p.name, part=term(part)))
    else:
        raise IllegalMove(Msg("{action} is not an action this companion knows", action=term(title)))


def _machine_ok(w, seat: int, machine):
    if not isinstance(machine, int) or isinstance(machine, bool) or not 1 <= machine <= 3:
        raise IllegalMove(Msg("a machine is 1, 2 or 3"))
    if machine > w.day:
        raise IllegalMove(Msg("machine {machine} is not in use until day {day}", machine=ROMAN[machine], day=machine))
    if machine in w.seats[seat].launched:
        raise IllegalMove(Msg("machine {machine} has launched today", machine=ROMAN[machine]))


def _take_off(w, seat, machine, part, store=False):
    _machine_ok(w, seat, machine)
    parts = w.seats[seat].machines[machine - 1]
    if part not in parts:
        raise IllegalMove(Msg("machine {machine} has no {part}", machine=ROMAN[machine], part=term(part)))
    parts.remove(part)
    if store:
        w.stores[_kind(w, part)] += 1
    else:
        w.supply[_kind(w, part)] += 1
    say(w, Msg("The {part} comes off machine {machine} to its store.", part=term(part), machine=ROMAN[machine])
        if store else
        Msg("The {part} comes off machine {machine} to the supply.", part=term(part), machine=ROMAN[machine]))


def _kind(w, part) -> int:
    names = [k for k, _ in w.kinds]
    if part not in names:
        raise IllegalMove(Msg("there is no part called {part!r}; the parts are {parts}", part=part,
                              parts=Listed([term(n) for n in names], sep=", ")))
    return names.index(part)


def _card(w, card_id: str):
    return next(c for c in w.cards if c.id == card_id)


def _title(w, card_id: str) -> str:
    return _card(w, card_id).title


def _dest(w, name):
    return next((d for d in w.destinations if d.name == name), None)


def _crack(w, seat: int):
    p = w.seats[seat]
    p.cracks += 1
    if p.cracks >= 4:
        p.removed = True
        w.removed_order.append(seat)
        say(w, Msg("{name} takes a 4th crack token and ceases to exist in this space-time: "
                   "out of the game.", name=p.name))
    else:
        say(w, Msg("{name} takes crack token {n}.", name=p.name, n=p.cracks))


# ---------------------------------------------------------------- after the action

def _trash_part(w, move: TrashPart):
    if w.phase != "trash":
        raise IllegalMove(Msg("parts come off only during a Trash action"))
    _take_off(w, w.turn, move.machine, move.part)
    _maybe_end(w)


def launch_problem(state, seat: int, machine: int, name: str) -> str | None:
    """Why this launch cannot be made now, or None."""
    p = state.seats[seat]
    if not isinstance(machine, int) or isinstance(machine, bool) or not 1 <= machine <= state.day:
        return Msg("machine {machine} is not in use today", machine=machine)
    if machine in p.launched:
        return Msg("machine {machine} has launched today", machine=ROMAN[machine])
    d = next((d for d in state.destinations if d.name == name), None)
    if d is None:
        return Msg("there is no destination {destination!r} on the table", destination=name)
    missing = _lacking(d.parts, tuple(p.machines[machine - 1]))
    if missing:
        return Msg("machine {machine} lacks {parts} for {destination}", machine=ROMAN[machine],
                   parts=Listed([term(k) for k in missing], sep=", "),
                   destination=term(d.name))
    if any(t == d.name for t, _ in p.tokens):
        return Msg("you already have a time machine token at {destination}", destination=term(d.name))
    if arrivals(state, seat, d.name) >= 2:
        return Msg("two machines have already gone to {destination} today", destination=term(d.name))
    return None


@lru_cache(maxsize=4096)
def _lacking(needed: tuple, on_machine: tuple) -> tuple:
    """The parts a destination needs that a machine lacks, sorted: asked for every machine and
    destination each time the moves a player may make are listed."""
    return tuple(sorted((Counter(needed) - Counter(on_machine)).elements()))


def arrivals(state, seat: int, name: str) -> int:
    """Machines counted at a destination today for a launch by `seat`: machines there and other
    players' Ads there."""
    return (sum(1 for d, _ in state.on_dest if d == name)
            + sum(1 for s, p in enumerate(state.seats) if s != seat for d in p.ads_out if d == name))


def second_reason(state, seat: int, name: str) -> str | None:
    """Why a launch there now would be the day's second machine, and crack (発進: この日、その旅行先
    にすでに他のプレイヤーのタイムマシン / 広告トークンが置かれている); None if it would be the first."""
    if arrivals(state, seat, name) != 1:
        return None
    there = next((s for d, s in state.on_dest if d == name), None)
    if there is not None:
        return Msg("it would be the second machine at {destination} today: {name}'s machine is there",
                   destination=term(name), name=state.seats[there].name)
    ad = next(s for s, p in enumerate(state.seats) if s != seat and name in p.ads_out)
    return Msg("it would be the second machine at {destination} today: {name}'s Ad is there",
               destination=term(name), name=state.seats[ad].name)


def scrapped_by(state, seat: int, machine: int, name: str) -> list[str]:
    """The parts a launch there would scrap: every part the destination does not need, surplus
    duplicates included (必要な部品以外の部品(重複した過剰な部品を含む)), -1 each."""
    d = next(d for d in state.destinations if d.name == name)
    return sorted((Counter(state.seats[seat].machines[machine - 1]) - Counter(d.parts)).elements())


def scrap_words(state, seat: int, machine: int, name: str) -> str | None:
    """The parts a launch there would scrap, in words ("a wheel and 2 nets: Rome does not need
    them (-1 each)"), or None."""
    gone = Counter(scrapped_by(state, seat, machine, name))
    if not gone:
        return None
    what = [Msg("{a} {part}", a=article(k).lower(), part=term(k)) if n == 1 else
            Msg("{n} {parts}", n=n, parts=term(plural(k))) for k, n in sorted(gone.items())]
    if sum(gone.values()) == 1:
        return Msg("{parts}: {destination} does not need it (-1 each)",
                   parts=Listed(what, sep=" and "), destination=term(name))
    return Msg("{parts}: {destination} does not need them (-1 each)",
               parts=Listed(what, sep=" and "), destination=term(name))


def launch_warning(state, seat: int, machine: int, name: str) -> str | None:
    """What a possible launch will cost, said before it is chosen, as an action's crack is."""
    crack, scrap = second_reason(state, seat, name), scrap_words(state, seat, machine, name)
    out = ([Msg("this will crack: {reason}", reason=crack)] if crack else []) + (
        [Msg("this will scrap {parts}", parts=scrap)] if scrap else [])
    return Listed(out, sep="; ") if out else None


def _launch(w, move: Launch):
    if w.phase not in ("launch", "trash"):
        raise IllegalMove(Msg("a machine launches after the turn's action, once a turn"))
    problem = launch_problem(w, w.turn, move.machine, move.destination)
    if problem:
        raise IllegalMove(Msg("machine {machine} cannot launch to {destination}: {problem}",
                              machine=ROMAN.get(move.machine, move.machine),
                              destination=term(move.destination), problem=problem))
    seat, p, d = w.turn, w.seats[w.turn], _dest(w, move.destination)
    second = second_reason(w, seat, d.name) is not None
    gone = scrapped_by(w, seat, move.machine, d.name)
    p.launched.append(move.machine)
    p.tokens.append([d.name, w.day])
    w.on_dest.append([d.name, seat])
    p.points += d.points
    rec = w.history[-1]
    w.history[-1] = TurnRecord(rec.day, rec.seat, rec.card, rec.new, rec.crack, d.name, d.points)
    say(w, Msg("{name} launches machine {machine} to {destination}: {points} points.", name=p.name,
               machine=ROMAN[move.machine], destination=term(d.name), points=d.points))
    if d.name in p.ads_out:
        p.ads_out.remove(d.name)
        say(w, Msg("{name}'s Ad on {destination} is fulfilled.", name=p.name, destination=term(d.name)))
    if gone:
        p.machines[move.machine - 1] = list(d.parts)
        p.scrapped.extend(gone)
        say(w, Msg("{destination} needs no {parts}: scrapped, -{count} in {name}'s penalty area.",
                   destination=term(d.name), parts=Listed([term(k) for k in gone], sep=", "),
                   count=len(gone), name=p.name))
    if second:
        say(w, Msg("Machine {machine} is the second at {destination} today: a crack.",
                   machine=ROMAN[move.machine], destination=term(d.name)))
        _crack(w, seat)
    if d.action and not p.removed and _future_possible(w, seat, d.action):
        w.phase = "future"
        say(w, Msg("{destination} offers its action: {action}.", destination=term(d.name),
                   action=term(d.action.replace('_', ' '))))
        return
    _end_turn(w)


def _future_possible(state, seat, effect) -> bool:
    return crack_reason(state, seat, effect) is None


def _future(w, move: Future):
    if w.phase != "future":
        raise IllegalMove(Msg("a Future destination's action comes right after launching there"))
    d = _dest(w, w.on_dest[-1][0])
    given = {k: getattr(move, k) for k in ("part", "machine", "give", "take", "to_machine",
                                           "from_machine") if getattr(move, k) is not None}
    _perform(w, d.name, d.action, given)
    _end_turn(w)


def _maybe_end(w):
    """A turn with nothing left to choose ends by itself."""
    seat = w.turn
    if w.seats[seat].removed:
        return _end_turn(w)
    if w.phase == "trash" and any(w.seats[seat].machines[m - 1] for m in unlaunched(w, seat)):
        return
    if w.phase in ("trash", "launch") and can_launch(w, seat):
        return
    _end_turn(w)


def can_launch(state, seat: int) -> bool:
    return any(launch_problem(state, seat, m, d.name) is None
               for m in unlaunched(state, seat) for d in state.destinations)


# ---------------------------------------------------------------- turns and days

def actions_left(state, seat: int) -> int:
    p = state.seats[seat]
    if p.removed:
        return 0
    return len(p.hand) + 3 - sum(1 for _, n in p.placed if n)


def _end_turn(w):
    """The next player clockwise with actions left; when none has any, the day ends."""
    w.phase = "action"
    n = len(w.seats)
    while True:
        for step in range(1, n + 1):
            seat = (w.turn + step) % n
            if actions_left(w, seat) > 0:
                w.turn = seat
                return
        _end_day(w)
        if w.phase == "over" or actions_left(w, w.turn) > 0:
            return


def _unfulfilled_words(p) -> str:
    """Every Ad that turned to -3 today, by destination, and what the player's Ads cost in all
    (one sentence per player, so it never names one Ad of several)."""
    today = p.ads_out
    where = Listed([term(d) for d in today])
    out = (Msg("{name}'s Ad on {where} was not fulfilled: -3.", name=p.name, where=where) if len(today) == 1
           else Msg("{name}'s {count} Ads on {where} were not fulfilled: -3 each.", name=p.name,
                    count=len(today), where=where))
    if p.unfulfilled > len(today):  # earlier days' too: the whole of the Ad penalty so far
        out = Listed([out, Msg("{count} unfulfilled Ads in all: -{penalty}.", count=p.unfulfilled,
                               penalty=3 * p.unfulfilled)], sep=" ")
    return out


def _end_day(w):
    mark = len(w.said)
    say(w, Msg("Day {day} ends.", day=w.day))
    w.on_dest = []
    for p in w.seats:
        if p.ads_out:
            p.unfulfilled += len(p.ads_out)
            say(w, _unfulfilled_words(p))
            p.ads_out = []
        p.launched = []
    if w.day == 3:
        if w.office:
            for p in w.seats:
                ids = [c for c, _ in p.placed]
                bonus = sum(2 if i < 3 else 1 for i, c in enumerate(ids[:6]) if c == "office")
                if bonus and not p.removed:
                    p.points += bonus
                    say(w, Msg("{name}'s Office work on day 3: +{bonus}.", name=p.name, bonus=bonus))
    w.days.append([[p.points for p in w.seats], [p.cracks for p in w.seats]])
    if w.day == 3:
        w.phase = "over"
        w.said = w.said[mark:]
        say_final(w)
        return
    drawn = w.anomaly_deck[:len(w.seats)]
    w.anomaly_deck = w.anomaly_deck[len(w.seats):]
    for cid in drawn:
        w.centre.append([cid, 1])
    if drawn:
        say(w, Msg("Time anomalies: {cards}.", cards=Listed([term(_title(w, c)) for c in drawn], sep=", ")))
    for p in w.seats:
        p.hand = [c for c, _ in p.placed]
        p.placed = []
    for i in range(len(w.kinds)):
        short = max(0, len(w.seats) - w.stores[i])
        give = min(short, w.supply[i])
        w.stores[i] += give
        w.supply[i] -= give
    w.day += 1
    w.start = next_start(w)
    w.turn = w.start
    say(w, Msg("Day {day}: {name} starts, furthest behind on the score track.", day=w.day,
               name=w.seats[w.start].name))
    w.said = w.said[mark:]


def next_start(state) -> int:
    """The player furthest behind starts; on a tie the nearest clockwise after the last start
    player (who comes last)."""
    n = len(state.seats)
    order = [(state.start + k) % n for k in range(1, n + 1)]
    alive = [s for s in order if not state.seats[s].removed] or order
    low = min(state.seats[s].points for s in alive)
    return next(s for s in alive if state.seats[s].points == low)


def say_final(w):
    totals = {s: total(w, s) for s in range(len(w.seats))}
    say(w, Msg("The game ends. {totals}.", totals=Listed(
        [Msg("{name} {total}", name=w.seats[s].name, total=t) for s, t in totals.items()], sep=", ")))


# ---------------------------------------------------------------- scoring

def penalties(state, seat: int) -> dict[str, int]:
    p = state.seats[seat]
    return {"scrapped": len(p.scrapped), "ads": 3 * p.unfulfilled,
            "cracks": CRACK_PENALTY[min(p.cracks, 3)]}


def total(state, seat: int) -> int:
    return state.seats[seat].points - sum(penalties(state, seat).values())


def scores(state: State) -> dict[int, int]:
    """The score track while the game is played; the totals, penalties taken, once it is over."""
    if state.phase == "over":
        return {s: total(state, s) for s in range(state.players)}
    return {s: p.points for s, p in enumerate(state.seats)}


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state) -> list[int]:
    if state.phase != "over":
        return []
    alive = [s for s, p in enumerate(state.seats) if not p.removed]
    if not alive:
        return []
    key = {s: (total(state, s), -sum(penalties(state, s).values())) for s in alive}
    best = max(key.values())
    return [s for s in alive if key[s] == best]
