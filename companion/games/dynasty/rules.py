"""Domino Dynasty's pure rules: setup, each move handed to the rule that takes it, the draw step
(the market, missions and the round's event), passing, and the scores. Placing and taking off
are laying.py's; where a domino may lie is placement.py's."""
from __future__ import annotations

from ...i18n import Listed, Msg, Plural
from ..base import IllegalMove, chance, evolve
from . import laying, missions, power, powers
from .catalog import CAPITALS, EVENTS, EXPANSIONS, PENALTIES, REWARDS, ROLES, event_words, role_name
from .hands import fix_missions_to_draw, missions_to_draw, needs_mission, round_cards
from .maps import BOUND, Square, check_cells, frozen, name, namer, offset, refusal
from .missions import decline, end_claim, maybe_claim
from .moves import (Choose, Happening, Ignore, Lend, Market, Mission, Pass, Place, Remove, Said, Share, Shift, Start,
                    Swap, Take)
from .report import settle, share
from .placement import bonds_broken, map_words, parse_domino, placements
from .state import PERSONAL, SHARED, Config, MissionCard, Need, State, Task, starting_halves
from .steps import after, finish, say, sits_out
from .tasks import add_task, task_done, waiting

NAME = "dynasty"
KNOWN = 300          # dominoes of a print remembered for the next game's market entry


# ---------------------------------------------------------------- setup

def _flag(options: dict, key: str) -> bool:
    value = options.get(key, False)
    return value in (True, "yes", "on", 1)


def _roles(options: dict, players: int, seed: int, all_roles: bool) -> tuple:
    given = options.get("roles")
    if isinstance(given, dict):
        try:
            given = [given[str(s)] if str(s) in given else given[s] for s in range(players)]
        except KeyError:
            raise IllegalMove(Msg("roles names one role for each of the {players} seats, 0 to {last}",
                                  players=players, last=players - 1)) from None
    if given in (None, "", []):
        given = [""] * players
    if not isinstance(given, (list, tuple)) or len(given) != players:
        raise IllegalMove(Msg("roles names one role for each of the {players} seats", players=players))
    if any(g in ("", None) for g in given):
        # a seat left empty is dealt at random (from the seed) from the roles nobody was given
        deck = list(ROLES)
        chance(seed, "roles").shuffle(deck)
        deck = [r for r in deck if r not in given]
        given = [deck.pop(0) if g in ("", None) and deck else g for g in given]
    for role in given:
        if role not in ROLES:
            raise IllegalMove(Msg("unknown role {role!r}; roles are {roles}", role=role, roles=", ".join(ROLES)))
    if len(set(given)) != len(given):
        raise IllegalMove(Msg("each role is dealt to one player only"))
    held = [[r] for r in given]
    if all_roles:  # the rest dealt round the table, in role order
        rest = [r for r in ROLES if r not in given]
        for i, role in enumerate(rest):
            held[i % players].append(role)
    return tuple(tuple(h) for h in held)


def config(options: dict, seed: int) -> Config:
    options = dict(options or {})
    players = options.get("players", 3)
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 5:
        raise IllegalMove(Msg("Domino Dynasty is for 1 to 5 players: one role each"))
    names = options.get("names") or [f"P{s + 1}" for s in range(players)]
    if not isinstance(names, (list, tuple)) or len(names) != players:
        raise IllegalMove(Msg("names gives one name for each of the {players} seats", players=players))
    names = tuple(str(n).strip() or f"P{s + 1}" for s, n in enumerate(names))
    mode = options.get("mode", "cooperative")
    if mode not in ("cooperative", "competitive"):
        raise IllegalMove(Msg("mode is cooperative or competitive"))
    absent = options.get("absent", "highest")
    if absent not in ("highest", "lowest"):
        raise IllegalMove(Msg("roles not in the game take the highest or the lowest score"))
    expansions = options.get("expansions", ())
    if isinstance(expansions, str):
        expansions = [e for e in expansions.split(",") if e]
    expansions = tuple(e for e in EXPANSIONS if e in expansions or _flag(options, e))
    if set(options.get("expansions") or ()) - set(EXPANSIONS) and not isinstance(options.get("expansions"), str):
        raise IllegalMove(Msg("expansions are {expansions}", expansions=", ".join(EXPANSIONS)))
    starts = options.get("starts", "arranged")
    play = options.get("play", "rounds")
    if starts not in ("arranged", "entered") or play not in ("rounds", "free"):
        raise IllegalMove(Msg("starts is arranged or entered; play is rounds or free"))
    return Config(players, names, _roles(options, players, seed, _flag(options, "all_roles")), mode,
                  _flag(options, "powers"), _flag(options, "freeform"), _flag(options, "report_rules"),
                  absent, _flag(options, "tactical"), _flag(options, "chaotic"), expansions, starts, play)


def setup(options: dict | None = None, seed: int = 0) -> State:
    cfg = config(options or {}, seed)
    n = cfg.players
    state = State(config=cfg, seed=seed, shared=(), personal=((),) * n, homes=(-1,) * n,
                  placed=(0,) * n, on_shared=(False,) * n, mismatched=(False,) * n,
                  power_used=(False,) * n, known=_kept((options or {}).get("kept")))
    if cfg.starts == "entered":
        return state
    # The companion lays the shared map's starting dominoes in role order, one under another
    # (the rulebook: "however you like"), and each personal start in the middle of its map.
    for i, role in enumerate(ROLES):
        state = _lay_start(state, SHARED, role, ((3, 1 + i), (4, 1 + i)))
    if not cfg.chaotic:
        for seat in range(n):
            state = _lay_start(state, PERSONAL, cfg.roles[seat][0], ((3, 3), (4, 3)), seat)
    return _begin(state)


def _kept(kept) -> tuple:
    """The dominoes earlier games saw in this box (see keep): bad entries are left out."""
    out = []
    for text in (kept or {}).get("dominoes", []) if isinstance(kept, dict) else []:
        try:
            out.append("|".join(h.text() for h in parse_domino(text)))
        except (IllegalMove, TypeError, AttributeError):
            continue
    return tuple(dict.fromkeys(out))[-KNOWN:]


def keep(state: State) -> dict | None:
    """What the next game learns from this one: the box's dominoes, as the markets showed them,
    so a phone can offer them instead of building each one anew."""
    return {"dominoes": list(state.known)} if state.known else None


def _begin(state: State) -> State:
    return evolve(state, phase="free" if state.config.play == "free" else "draw",
                   first_of_round=state.next_domino)


def _lay_start(state: State, where: str, role: str, cells, seat: int | None = None) -> State:
    halves = starting_halves(role)
    number = state.next_domino
    squares = {c: Square(h, number) for c, h in zip(cells, halves)}
    state = evolve(state, next_domino=number + 1)
    if where == SHARED:
        g = dict(state.shared) | squares
        return evolve(state, shared=frozen(g), starts=state.starts + ((role, tuple(cells)),))
    g = state.seat_map(seat) | squares
    personal = list(state.personal)
    personal[seat] = frozen(g)
    homes = list(state.homes)
    homes[seat] = number
    return evolve(state, personal=tuple(personal), homes=tuple(homes))


# ---------------------------------------------------------------- apply

def apply(state: State, move) -> tuple[State, list[Said]]:
    if state.phase == "over":
        raise IllegalMove(Msg("the game is over"))
    seat = getattr(move, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < state.config.players:
        raise IllegalMove(Msg("there is no seat {seat} at this table", seat=seat))
    handler = {Start: _start, Market: _market, Mission: _mission, Happening: _happening,
               Place: laying.place, Pass: _pass, Remove: laying.remove, Choose: powers.choose, Shift: powers.shift,
               Take: powers.take, Lend: powers.lend, Ignore: missions.ignore, Swap: missions.swap,
               Share: share}.get(type(move))
    if handler is None:
        raise IllegalMove(Msg("{move} is not a Domino Dynasty move", move=type(move).__name__))
    now = state
    if state.phase == "share" and handler is not share:
        now = settle(state)  # the owners did not answer: the suggestion stands and the game goes on
        if now.phase == "over":
            raise IllegalMove(Msg("the game is over"))
    new = handler(now, move)
    if new.shared is not state.shared or new.personal is not state.personal:
        new = evolve(new, shifts=new.held_shifts())
    return new, [Said(w) for w in new.said[len(state.said):]]


def _start(state: State, move: Start) -> State:
    if state.phase != "start":
        raise IllegalMove(Msg("the starting dominoes are already down"))
    cells = check_cells(move.cells)
    cfg = state.config
    if move.map in (SHARED, PERSONAL) and not _on_mat(cells):
        raise IllegalMove(Msg("a starting domino lies on the mat's squares, A1 to H8, not on {a}-{b}",
                              a=name(cells[0]), b=name(cells[1])))
    if move.map == SHARED:
        if move.role not in ROLES:
            raise IllegalMove(Msg("a shared starting domino names its role: one of {roles}", roles=", ".join(ROLES)))
        if move.role in dict(state.starts):
            raise IllegalMove(Msg("the {role} starting domino is already on the shared map", role=role_name(move.role)))
        # "however you like": the starts need not touch each other, only stay within 8x8
        why = refusal(dict(state.shared), cells, starting_halves(move.role), None, Msg("the shared map"),
                      attach=False, held=state.shift(SHARED))
        if why:
            raise IllegalMove(why)
        state = _lay_start(state, SHARED, move.role, cells)
    elif move.map == PERSONAL:
        if cfg.chaotic:
            raise IllegalMove(Msg("in the chaotic start personal maps start empty"))
        if state.homes[move.seat] != -1:
            raise IllegalMove(Msg("seat {seat}'s personal map already has its starting domino", seat=move.seat))
        state = _lay_start(state, PERSONAL, cfg.roles[move.seat][0], cells, move.seat)
    else:
        raise IllegalMove(Msg("map is shared or personal"))
    done = len(state.starts) == len(ROLES) and (cfg.chaotic or -1 not in state.homes)
    return _begin(state) if done else state


def _market(state: State, move: Market) -> State:
    if state.phase != "draw" or state.drawn:
        raise IllegalMove(Msg("the market is drawn once, at the start of a round"))
    size = state.market_size()
    doms = tuple(move.dominoes)
    if len(doms) > size:
        raise IllegalMove(Msg("the market holds {size} dominoes, not {n}", size=size, n=len(doms)))
    texts = tuple("|".join(h.text() for h in parse_domino(d)) for d in doms)
    if not texts and not state.dealt:  # nothing drawn yet: the deck cannot be out
        raise IllegalMove(Msg("the deck holds every domino before the first market: enter the dominoes drawn"))
    if not texts:  # the deck is out: the game ends where it stands
        return finish(say(state, Msg("The deck is empty: the game ends.")), "ended")
    state = evolve(state, market=texts, drawn=True, dealt=state.dealt + len(texts),
                    known=tuple(dict.fromkeys(state.known + texts))[-KNOWN:])
    state = say(state, Msg("Round {round}: {n} dominoes in the market.", round=state.round, n=len(texts)))
    if state.event == "terrible_bonds":  # dominoes of roles not in the game are discarded (ee)
        kept = tuple(t for t in texts if not bonds_broken(state, parse_domino(t)))
        if len(kept) < len(texts):
            state = say(evolve(state, market=kept), Msg("Terrible Bonds: {n} of them show a role not in the game "
                                                         "and are discarded.", n=len(texts) - len(kept)))
    return maybe_claim(state)


def _mission(state: State, move: Mission) -> State:
    if state.phase != "draw":
        raise IllegalMove(Msg("missions are drawn at the start of a round"))
    state = fix_missions_to_draw(state, move.seat)
    if len(round_cards(state, move.seat)) >= missions_to_draw(state, move.seat):
        raise IllegalMove(Msg("{name} already has this round's mission", name=state.config.names[move.seat]))
    if not needs_mission(state, move.seat):
        raise IllegalMove(Msg("the round's event spares {name} a mission", name=state.config.names[move.seat]))
    needs = move.needs if isinstance(move.needs, (list, tuple)) else ()
    if not 1 <= len(needs) <= 4:
        raise IllegalMove(Msg("a mission has 1 to 4 requirements"))
    needs = tuple(Need.parse(n) for n in needs)
    if move.reward and move.reward not in REWARDS:
        raise IllegalMove(Msg("unknown reward {reward!r}", reward=move.reward))
    if move.penalty and move.penalty not in PENALTIES:
        raise IllegalMove(Msg("unknown penalty {penalty!r}", penalty=move.penalty))
    secret = bool(move.secret) and state.config.mode == "cooperative"  # competitive: all public
    card = MissionCard(len(state.missions) + 1, move.seat, state.round, needs, move.reward,
                       move.penalty, secret)
    state = evolve(state, missions=state.missions + (card,))
    who = state.config.names[move.seat]
    state = say(state, Msg("{name} drew a secret mission.", name=who) if secret else
                Msg("{name}: {mission}", name=who, mission=card.words()))
    return maybe_claim(state)


def _happening(state: State, move: Happening) -> State:
    if "proximity" not in state.config.expansions:
        raise IllegalMove(Msg("events come with the Proximity Papa expansion"))
    if state.phase != "draw" or state.event:
        raise IllegalMove(Msg("the round's event is revealed once, at the start of a round"))
    if move.event not in EVENTS:
        raise IllegalMove(Msg("unknown event {event!r}", event=move.event))
    if any(m.round == state.round for m in state.missions) or state.drawn:
        raise IllegalMove(Msg("the event is revealed before the market and the missions"))
    state = say(evolve(state, event=move.event), event_words(move.event))
    # Storms and floods take dominoes off, the earthquake turns and the elections move them, in
    # role order, before the claim step (docs/rulings.md (aa), (cc))
    kind, count = {"storm_remove": ("remove shared", 1), "floods_punish": ("remove", 2),
                   "earthquake_rotate": ("turn", 1), "elections_rearrange": ("move", 3)}.get(move.event, ("", 0))
    for seat in role_order(state) if count else ():
        state = add_task(state, Task(seat, kind, count, bound=kind in ("move", "turn")))
    if move.event in ("capital_punishment", "man_of_the_people"):
        state = _most(state, move.event)
    return maybe_claim(state)


def _most(state: State, event: str) -> State:
    """Capital Punishment and Man of the People, counted on each player's own map as the event is
    revealed: every player tied for the most (ff)."""
    cfg = state.config
    icons = CAPITALS if event == "capital_punishment" else {"person"}
    count = [sum(1 for _, sq in m if sq.half.icon in icons) for m in state.personal]
    best = max(count)
    if event == "capital_punishment" and best == 0:
        return say(state, Msg("Nobody has a capital: everyone plays this round."))
    most = [s for s in range(cfg.players) if count[s] == best]
    key = "sits out" if event == "capital_punishment" else "places people"
    names = Listed([cfg.names[s] for s in most], sep=" and ")
    state = evolve(state, effects=state.effects + tuple((s, key, True) for s in most))
    if event == "capital_punishment":
        return say(state, Plural("{names} ({best} capitals) does nothing this round.",
                                 "{names} ({best} capitals) do nothing this round.", len(most), names=names, best=best))
    return say(state, Msg("{names} ({best} people) may place dominoes showing people this round.", names=names, best=best))


def role_order(state: State) -> list[int]:
    """Seats in the order of their (lowest) role numbers."""
    return sorted(range(state.config.players), key=lambda s: min(ROLES.index(r) for r in state.config.roles[s]))


def _on_mat(cells) -> bool:
    """Whether squares lie on the mat's printed grid, A1 to H8."""
    return all(0 <= v < BOUND for cell in cells for v in cell)


def _as_it_lies(g: dict, cells, held) -> bool:
    """Whether a domino on `cells` of map `g` lies on the mat's printed squares where the map lies
    now (`held`: shifted onto them once it grew past their edge, `maps.offset`): laid anywhere
    else, the whole map must be moved first."""
    return offset([*g, *cells], held) == held


def _pass(state: State, move: Pass) -> State:
    cfg = state.config
    if state.phase == "swap":
        return decline(state, move)
    if state.phase == "report" or (state.phase == "draw" and state.tasks):
        task = state.tasks[0] if state.tasks else None
        if task is None or task.seat != move.seat or not task.optional:
            raise IllegalMove(waiting(state))
        return maybe_claim(task_done(state, task, finished=True)) if state.phase == "draw" else \
            task_done(state, task, finished=True)
    if state.phase != "claim":
        raise IllegalMove(Msg("placing nothing is a turn of the claim step"))
    if move.seat != state.turn:
        raise IllegalMove(Msg("it is {name}'s turn to claim a domino", name=cfg.names[state.turn]))
    # said with a place it fits, so the table can find it: on the mat's squares (A1 to H8) where
    # one is, as a domino laid past them asks for the whole map to be moved
    every = placements(state, move.seat)  # (a generator: the search goes on from the first)
    fits = next(every, None)
    maps = {SHARED: dict(state.shared), PERSONAL: state.seat_map(move.seat)}
    held = {SHARED: state.shift(SHARED), PERSONAL: state.shift(PERSONAL, move.seat)}
    if fits is not None and not _as_it_lies(maps[fits[0]], fits[1], held[fits[0]]):
        fits = next((p for p in every if _as_it_lies(maps[p[0]], p[1], held[p[0]])), fits)
    if fits is not None:
        where, cells, _ = fits
        named = namer(maps[where], cells, held=held[where])
        raise IllegalMove(Msg("a market domino still fits, e.g. on {squares} of {map}: picking and placing one is required",
                              squares=Listed([named(c) for c in cells], sep="-"),
                              map=map_words(where, cfg.names[move.seat])))
    state = say(state, Msg("{name} can use no market domino and places nothing.", name=cfg.names[move.seat]))
    state = evolve(state, passes=state.passes + 1, turn=after(state, move.seat),
                    effects=tuple(e for e in state.effects if e[:2] != (move.seat, "second_domino")))
    if state.passes >= sum(1 for s in range(cfg.players) if not sits_out(state, s)):
        # nobody can use what is left: it is discarded
        return end_claim(say(state, Msg("Nobody can use the rest of the market.")))
    return state


# ---------------------------------------------------------------- scores

def scores(state: State) -> dict[int, int]:
    """Cooperative: everyone's score is the weakest player's strength. Competitive: a player's
    own strength, 8 less for the one who left."""
    cfg = state.config
    table = power.strengths(state)
    own = {s: power.seat_strength(state, s, table) for s in range(cfg.players)}
    if cfg.mode == "cooperative":
        weakest = min(own.values())
        return {s: weakest for s in own}
    return {s: v - (8 if s == state.left else 0) for s, v in own.items()}


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[int]:
    if state.phase != "over":
        return []
    if state.config.mode == "cooperative":
        return list(range(state.config.players)) if state.result == "won" else []
    points = scores(state)
    best = max(points.values())
    return [s for s, v in points.items() if v == best]
