"""Domino Dynasty's pure rules: setup, the round (draw, claim, report) and placement."""
from __future__ import annotations

from dataclasses import replace

from ..base import IllegalMove, chance
from . import missions, power, powers
from .catalog import CAPITALS, EVENTS, EXPANSIONS, PENALTIES, REWARDS, ROLES, TERRAIN_OF, role_name, strength_name
from .maps import BOUND, Half, Square, check_cells, frozen, lift, name, refusal
from .moves import Choose, Happening, Ignore, Lend, Market, Mission, Pass, Place, Remove, Said, Shift, Start, Swap, Take
from .state import PERSONAL, SHARED, Config, MissionCard, Need, State, Task, starting_halves
from .steps import add_task, anchors, finish, put, removable, say, set_at, sits_out, task_done, waiting

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
            raise IllegalMove(f"roles names one role for each of the {players} seats, 0 to {players - 1}") from None
    if given in (None, "", []) or (isinstance(given, list) and all(g in ("", None) for g in given)):
        deck = list(ROLES)
        chance(seed, "roles").shuffle(deck)
        given = deck[:players]
    if not isinstance(given, (list, tuple)) or len(given) != players:
        raise IllegalMove(f"roles names one role for each of the {players} seats")
    for role in given:
        if role not in ROLES:
            raise IllegalMove(f"unknown role {role!r}; roles are {', '.join(ROLES)}")
    if len(set(given)) != len(given):
        raise IllegalMove("each role is dealt to one player only")
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
        raise IllegalMove("Domino Dynasty is for 1 to 5 players: one role each")
    names = options.get("names") or [f"P{s + 1}" for s in range(players)]
    if not isinstance(names, (list, tuple)) or len(names) != players:
        raise IllegalMove(f"names gives one name for each of the {players} seats")
    names = tuple(str(n).strip() or f"P{s + 1}" for s, n in enumerate(names))
    mode = options.get("mode", "cooperative")
    if mode not in ("cooperative", "competitive"):
        raise IllegalMove("mode is cooperative or competitive")
    absent = options.get("absent", "highest")
    if absent not in ("highest", "lowest"):
        raise IllegalMove("roles not in the game take the highest or the lowest score")
    expansions = options.get("expansions", ())
    if isinstance(expansions, str):
        expansions = [e for e in expansions.split(",") if e]
    expansions = tuple(e for e in EXPANSIONS if e in expansions or _flag(options, e))
    if set(options.get("expansions") or ()) - set(EXPANSIONS) and not isinstance(options.get("expansions"), str):
        raise IllegalMove(f"expansions are {', '.join(EXPANSIONS)}")
    starts = options.get("starts", "arranged")
    play = options.get("play", "rounds")
    if starts not in ("arranged", "entered") or play not in ("rounds", "free"):
        raise IllegalMove("starts is arranged or entered; play is rounds or free")
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
    return replace(state, phase="free" if state.config.play == "free" else "draw",
                   first_of_round=state.next_domino)


def _lay_start(state: State, where: str, role: str, cells, seat: int | None = None) -> State:
    halves = starting_halves(role)
    number = state.next_domino
    squares = {c: Square(h, number) for c, h in zip(cells, halves)}
    state = replace(state, next_domino=number + 1)
    if where == SHARED:
        g = dict(state.shared) | squares
        return replace(state, shared=frozen(g), starts=state.starts + ((role, tuple(cells)),))
    g = state.seat_map(seat) | squares
    personal = list(state.personal)
    personal[seat] = frozen(g)
    homes = list(state.homes)
    homes[seat] = number
    return replace(state, personal=tuple(personal), homes=tuple(homes))


# ---------------------------------------------------------------- apply

def apply(state: State, move) -> tuple[State, list[Said]]:
    if state.phase == "over":
        raise IllegalMove("the game is over")
    seat = getattr(move, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < state.config.players:
        raise IllegalMove(f"there is no seat {seat} at this table")
    handler = {Start: _start, Market: _market, Mission: _mission, Happening: _happening,
               Place: _place, Pass: _pass, Remove: _remove, Choose: powers.choose, Shift: powers.shift,
               Take: powers.take, Lend: powers.lend, Ignore: missions.ignore, Swap: missions.swap}.get(type(move))
    if handler is None:
        raise IllegalMove(f"{type(move).__name__} is not a Domino Dynasty move")
    new = handler(state, move)
    return new, [Said(w) for w in new.said[len(state.said):]]


def _start(state: State, move: Start) -> State:
    if state.phase != "start":
        raise IllegalMove("the starting dominoes are already down")
    cells = check_cells(move.cells)
    cfg = state.config
    if move.map == SHARED:
        if move.role not in ROLES:
            raise IllegalMove(f"a shared starting domino names its role: one of {', '.join(ROLES)}")
        if move.role in dict(state.starts):
            raise IllegalMove(f"the {move.role} starting domino is already on the shared map")
        # "however you like": the starts need not touch each other, only stay within 8x8
        why = refusal(dict(state.shared), cells, starting_halves(move.role), None, "the shared map",
                      attach=False)
        if why:
            raise IllegalMove(why)
        state = _lay_start(state, SHARED, move.role, cells)
    elif move.map == PERSONAL:
        if cfg.chaotic:
            raise IllegalMove("in the chaotic start personal maps start empty")
        if state.homes[move.seat] != -1:
            raise IllegalMove(f"seat {move.seat}'s personal map already has its starting domino")
        state = _lay_start(state, PERSONAL, cfg.roles[move.seat][0], cells, move.seat)
    else:
        raise IllegalMove("map is shared or personal")
    done = len(state.starts) == len(ROLES) and (cfg.chaotic or -1 not in state.homes)
    return _begin(state) if done else state


def _market(state: State, move: Market) -> State:
    if state.phase != "draw" or state.drawn:
        raise IllegalMove("the market is drawn once, at the start of a round")
    size = 2 * state.config.players * (2 if state.event == "breakthrough_draw_more" else 1)
    doms = tuple(move.dominoes)
    if len(doms) > size:
        raise IllegalMove(f"the market holds {size} dominoes, not {len(doms)}")
    texts = tuple("|".join(h.text() for h in parse_domino(d)) for d in doms)
    if not texts:  # the deck is out: the game ends where it stands
        return finish(say(state, "The deck is empty: the game ends."), "ended")
    state = replace(state, market=texts, drawn=True, dealt=state.dealt + len(texts),
                    known=tuple(dict.fromkeys(state.known + texts))[-KNOWN:])
    state = say(state, f"Round {state.round}: {len(texts)} dominoes in the market.")
    if state.event == "terrible_bonds":  # dominoes of roles not in the game are discarded (ee)
        kept = tuple(t for t in texts if not bonds_broken(state, parse_domino(t)))
        if len(kept) < len(texts):
            state = say(replace(state, market=kept), f"Terrible Bonds: {len(texts) - len(kept)} of them "
                                                     f"show a role not in the game and are discarded.")
    return maybe_claim(state)


def bonds_broken(state: State, halves) -> str | None:
    """Terrible Bonds: what a domino shows of a role not in the game (its icon or terrain), or None."""
    for role in ROLES:
        if role in state.config.in_game:
            continue
        for half in halves:
            if half.icon == role:
                return f"the {role_name(role)}'s icon"
            if half.terrain == TERRAIN_OF[role]:
                return f"the {role_name(role)}'s terrain ({half.terrain})"
    return None


def parse_domino(text) -> tuple[Half, Half]:
    if isinstance(text, str):
        parts = text.split("|")
    elif isinstance(text, (list, tuple)):
        parts = list(text)
    else:
        parts = []
    if len(parts) != 2:
        raise IllegalMove("a domino has two halves, written half|half")
    return Half.parse(parts[0]), Half.parse(parts[1])


def needs_mission(state: State, seat: int) -> bool:
    broken = {f"{power._event_key(r)}_break" for r in state.config.roles[seat]}
    return state.event not in broken


def _mission(state: State, move: Mission) -> State:
    if state.phase != "draw":
        raise IllegalMove("missions are drawn at the start of a round")
    state = powers.fix_missions_to_draw(state, move.seat)
    if len(powers.round_cards(state, move.seat)) >= powers.missions_to_draw(state, move.seat):
        raise IllegalMove(f"{state.config.names[move.seat]} already has this round's mission")
    if not needs_mission(state, move.seat):
        raise IllegalMove(f"the round's event spares {state.config.names[move.seat]} a mission")
    needs = move.needs if isinstance(move.needs, (list, tuple)) else ()
    if not 1 <= len(needs) <= 4:
        raise IllegalMove("a mission has 1 to 4 requirements")
    needs = tuple(Need.parse(n) for n in needs)
    if move.reward and move.reward not in REWARDS:
        raise IllegalMove(f"unknown reward {move.reward!r}")
    if move.penalty and move.penalty not in PENALTIES:
        raise IllegalMove(f"unknown penalty {move.penalty!r}")
    secret = bool(move.secret) and state.config.mode == "cooperative"  # competitive: all public
    card = MissionCard(len(state.missions) + 1, move.seat, state.round, needs, move.reward,
                       move.penalty, secret)
    state = replace(state, missions=state.missions + (card,))
    who = state.config.names[move.seat]
    state = say(state, f"{who} drew a secret mission." if secret else f"{who}: {card.words()}")
    return maybe_claim(state)


def _happening(state: State, move: Happening) -> State:
    if "proximity" not in state.config.expansions:
        raise IllegalMove("events come with the Proximity Papa expansion")
    if state.phase != "draw" or state.event:
        raise IllegalMove("the round's event is revealed once, at the start of a round")
    if move.event not in EVENTS:
        raise IllegalMove(f"unknown event {move.event!r}")
    if any(m.round == state.round for m in state.missions) or state.drawn:
        raise IllegalMove("the event is revealed before the market and the missions")
    state = say(replace(state, event=move.event), EVENTS[move.event]["words"])
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
        return say(state, "Nobody has a capital: everyone plays this round.")
    most = [s for s in range(cfg.players) if count[s] == best]
    key, what = (("sits out", ("does" if len(most) == 1 else "do") + " nothing this round")
                 if event == "capital_punishment"
                 else ("places people", "may place dominoes showing people this round"))
    names = " and ".join(cfg.names[s] for s in most)
    noun = "capitals" if event == "capital_punishment" else "people"
    state = replace(state, effects=state.effects + tuple((s, key, True) for s in most))
    return say(state, f"{names} ({best} {noun}) {what}.")


def role_order(state: State) -> list[int]:
    """Seats in the order of their (lowest) role numbers."""
    return sorted(range(state.config.players), key=lambda s: min(ROLES.index(r) for r in state.config.roles[s]))


def maybe_claim(state: State) -> State:
    """The claim step begins once the market is out and every mission is drawn (and the Sister
    of Coin has kept one of her two)."""
    cfg = state.config
    if not state.drawn or ("proximity" in cfg.expansions and not state.event) or state.tasks:
        return state
    waiting = [s for s in range(cfg.players) if needs_mission(state, s) and not powers.settled(state, s)]
    if waiting:
        return state
    active = [s for s in range(cfg.players) if not sits_out(state, s)]
    if not active:
        return missions.end_claim(say(state, "Nobody may claim a domino this round."))
    return replace(state, phase="claim", turn=active[0], passes=0)


# ---------------------------------------------------------------- placing

def _match(state: State, seat: int, where: str, free: bool) -> str | None:
    strict = state.event == "designer_match" or state.effect(seat, "strict_placement") is not None
    if free:
        return None
    if where == PERSONAL:
        if state.effect(seat, "ignore_placement") is not None:
            return None
        return "both" if strict else "paths"
    if strict:
        return "both"
    return "one terrain" if state.config.freeform else "terrain"


def overlapping(state: State, seat: int, moving: bool = False) -> str | None:
    """Whether a new domino must (Snowfalls) or may (the overlap reward) lie over others; a domino
    moved or turned is no new domino (docs/rulings.md (dd))."""
    if moving:
        return None
    if state.event == "snow_overlap":
        return "must"
    return "may" if state.effect(seat, "overlap") is not None else None


def placement_refusal(state: State, seat: int, where: str, cells, halves, power_: bool = False,
                      moving: bool = False) -> str | None:
    """Why seat may not lay these halves on these cells of `where`, or None (`moving`: a domino
    already down moved or turned)."""
    cfg = state.config
    if where not in (SHARED, PERSONAL):
        return "map is shared or personal"
    if state.event != "better_bonds":
        for half in halves:
            holder = powers.handler(state, half.icon) if half.icon in ROLES else None
            if holder is not None and holder != seat:
                who = (f"{cfg.names[holder]} ({role_name(half.icon)})" if holder == cfg.holder(half.icon)
                       else f"{cfg.names[holder]}, who borrowed it this round,")
                return f"only {who} may handle a domino showing the {half.icon} icon"
    if not moving:
        why = _event_refusal(state, seat, halves) or _arrows_only(state, seat, halves)
        if why:
            return why
    g = dict(state.shared) if where == SHARED else state.seat_map(seat)
    label = "the shared map" if where == SHARED else f"{cfg.names[seat]}'s map"
    bound = 5 if state.event == "border_dispute" else BOUND
    why = refusal(g, cells, halves, _match(state, seat, where, power_), label, bound,
                  overlap=overlapping(state, seat, moving), keep=anchors(state, seat, where))
    if why is None and "proximity" in cfg.expansions:
        why = _sniper(g, cells, halves)
    if why is None and where == SHARED and state.event == "border_dispute_alt":
        grown = replace(state, shared=frozen(g | {c: Square(h, 0, g.get(c)) for c, h in zip(cells, halves)}))
        for role in cfg.in_game:
            if len(power.province(grown, role)) > len(power.province(state, role)):
                return f"no province may grow this round ({role_name(role)}'s would)"
    return why


def _event_refusal(state: State, seat: int, halves) -> str | None:
    """What the round's event forbids of a new domino (docs/rulings.md (ee), (ff))."""
    cfg = state.config
    if sits_out(state, seat):
        return f"Capital Punishment: {cfg.names[seat]} does nothing this round"
    if state.event == "terrible_bonds":
        shown = bonds_broken(state, halves)
        if shown:
            return f"Terrible Bonds: a domino showing {shown} is discarded this round"
    if state.event == "man_of_the_people" and any(h.icon == "person" for h in halves) \
            and (seat, "places people", True) not in state.effects:
        most = " or ".join(cfg.names[s] for s, k, _ in state.effects if k == "places people")
        return f"Man of the People: only {most} may place a domino showing a person this round"
    return None


def _arrows_only(state: State, seat: int, halves) -> str | None:
    """Directional Daddy's penalty: "Next round, you may only place paths with a direction": every
    half showing a path shows its arrow; a domino with no path places none (docs/rulings.md (ll))."""
    if state.effect(seat, "direction_restriction") is None:
        return None
    bare = [h for h in halves if h.paths and not h.arrow]
    if bare:
        return (f"this round {state.config.names[seat]} may only place paths with a direction: "
                f"the {bare[0].words()} half shows a path without an arrow")
    return None


def _sniper(g: dict, cells, halves) -> str | None:
    from .catalog import CAPITALS
    for cell, half in zip(cells, halves):
        if half.icon in CAPITALS:
            for other, sq in g.items():
                if sq.half.icon == "sniper" and (other[0] == cell[0] or other[1] == cell[1]):
                    return f"a sniper on {name(other)} forbids a capital on {name(cell)}"
    return None


def _as_laid(move: Place) -> tuple:
    cells = check_cells(move.cells)
    halves = move.halves if isinstance(move.halves, (list, tuple)) else ()
    if len(halves) != 2:
        raise IllegalMove("a domino has two halves, one for each cell")
    return cells, tuple(Half.parse(h) for h in halves)


def market_index(state: State, cells, halves) -> int | None:
    """Which market domino these halves are, turned as they lie on cells (or None)."""
    side = "ESWN".index(_side(cells))
    for i, text in enumerate(state.market):
        a, b = parse_domino(text)
        if (a.turned(side), b.turned(side)) == tuple(halves):
            return i
    return None


def _side(cells) -> str:
    from .maps import side_towards
    return side_towards(cells[0], cells[1])


def _place(state: State, move: Place) -> State:
    cfg = state.config
    cells, halves = _as_laid(move)
    seat = move.seat
    task = None
    if state.phase == "claim":
        if seat != state.turn:
            raise IllegalMove(f"it is {cfg.names[state.turn]}'s turn to claim a domino")
        index = market_index(state, cells, halves)
        if index is None:
            raise IllegalMove("that domino is not in the market")
    elif state.phase == "report":
        task = next((t for t in state.tasks if t.seat == seat and t.kind == "place"), None)
        if task is None or state.tasks[0].seat != seat:
            raise IllegalMove(waiting(state))
        index = None
    elif state.phase == "free":
        index = None
    elif state.phase == "start":
        raise IllegalMove("the starting dominoes come first")
    else:
        raise IllegalMove("dominoes are placed in the claim step, after the market and missions are drawn")
    use_power = bool(move.power)
    if use_power:
        if not cfg.powers or not powers.wields(state, seat, "infrastructure"):
            raise IllegalMove("only the Uncle of Infrastructure's power places a mismatched domino, "
                              "with the powers variant")
        if not powers.has_power(state, seat, "infrastructure"):
            raise IllegalMove("the power is used once per round (twice after the powerful reward), and not when a penalty or the event takes it away")
    why = placement_refusal(state, seat, move.map, cells, halves, use_power)
    if why:
        raise IllegalMove(why)
    mismatch = placement_refusal(state, seat, move.map, cells, halves) is not None or (
        move.map == PERSONAL and state.effect(seat, "ignore_placement") is not None
        and placement_refusal(replace(state, effects=()), seat, move.map, cells, halves) is not None)
    before = power.strengths(state)
    state = _lay(state, seat, move.map, cells, halves)
    state = replace(state, placed=set_at(state.placed, seat, state.placed[seat] + 1),
                    on_shared=set_at(state.on_shared, seat, state.on_shared[seat] or move.map == SHARED),
                    mismatched=set_at(state.mismatched, seat, state.mismatched[seat] or mismatch))
    if use_power:
        state = powers.spend_power(state, seat)
    table = power.strengths(state)
    # what the placement did to the strengths, said at once: players need not recount
    changed = [f"{strength_name(r)} {before[r]['strength']}->{table[r]['strength']}" for r in cfg.in_game
               if table[r]["strength"] != before[r]["strength"]]
    where = "the shared map" if move.map == SHARED else "their map"
    state = say(state, f"{cfg.names[seat]} placed {halves[0].words()} | {halves[1].words()} on "
                        f"{name(cells[0])}-{name(cells[1])} of {where}."
                        + (f" {', '.join(changed)}." if changed else ""))
    state = replace(state, placements=state.placements + (
        (seat, move.map, tuple((r, table[r]["strength"]) for r in ROLES)),))
    if index is not None:
        market = state.market[:index] + state.market[index + 1:]
        again = state.effect(seat, "second_domino") is not None and market
        state = replace(state, market=market, passes=0, turn=seat if again else after(state, seat),
                        effects=tuple(e for e in state.effects if e[:2] != (seat, "second_domino")))
        return missions.end_claim(state) if not market else state
    if task is not None:
        return task_done(state, task)
    return state


def _lay(state: State, seat: int, where: str, cells, halves) -> State:
    """The domino on its squares, over what they showed (kept: it shows again when it comes off)."""
    number = state.next_domino
    g = dict(state.shared) if where == SHARED else state.seat_map(seat)
    state = replace(state, next_domino=number + 1)
    return put(state, seat, where, g | {c: Square(h, number, g.get(c)) for c, h in zip(cells, halves)})


def after(state: State, seat: int) -> int:
    """The next seat to claim: clockwise, or the other way in the Reverse Round, past players
    who sit the round out."""
    step = -1 if state.event == "reverse_order" else 1
    n = state.config.players
    for k in range(1, n + 1):
        nxt = (seat + step * k) % n
        if not sits_out(state, nxt):
            return nxt
    return seat


def fits_anywhere(state: State, seat: int) -> bool:
    """Whether any market domino fits anywhere for seat (else it may place nothing)."""
    return next(iter(placements(state, seat)), None) is not None


def placements(state: State, seat: int, dominoes_=None):
    """Every (map, cells, halves) seat may lay from the market (or from `dominoes_`)."""
    from .maps import spots
    texts = dict.fromkeys(state.market if dominoes_ is None else dominoes_)
    over = overlapping(state, seat) is not None
    for where in (PERSONAL, SHARED):
        g = dict(state.shared) if where == SHARED else state.seat_map(seat)
        for cells in spots(g, overlap=over, keep=anchors(state, seat, where) if over else ()):
            side = "ESWN".index(_side(cells))
            for text in texts:
                a, b = parse_domino(text)
                halves = (a.turned(side), b.turned(side))
                if placement_refusal(state, seat, where, cells, halves) is None:
                    yield where, cells, halves


def _pass(state: State, move: Pass) -> State:
    cfg = state.config
    if state.phase == "swap":
        return missions.decline(state, move)
    if state.phase == "report" or (state.phase == "draw" and state.tasks):
        task = state.tasks[0] if state.tasks else None
        if task is None or task.seat != move.seat or not task.optional:
            raise IllegalMove(waiting(state))
        return maybe_claim(task_done(state, task, finished=True)) if state.phase == "draw" else \
            task_done(state, task, finished=True)
    if state.phase != "claim":
        raise IllegalMove("placing nothing is a turn of the claim step")
    if move.seat != state.turn:
        raise IllegalMove(f"it is {cfg.names[state.turn]}'s turn to claim a domino")
    if fits_anywhere(state, move.seat):
        raise IllegalMove("a market domino still fits: picking and placing one is required")
    state = say(state, f"{cfg.names[move.seat]} can use no market domino and places nothing.")
    state = replace(state, passes=state.passes + 1, turn=after(state, move.seat),
                    effects=tuple(e for e in state.effects if e[:2] != (move.seat, "second_domino")))
    if state.passes >= sum(1 for s in range(cfg.players) if not sits_out(state, s)):
        # nobody can use what is left: it is discarded
        return missions.end_claim(say(state, "Nobody can use the rest of the market."))
    return state


# ---------------------------------------------------------------- taking dominoes off

def _remove(state: State, move: Remove) -> State:
    cfg = state.config
    seat = move.seat
    cell = tuple(move.cell) if isinstance(move.cell, (list, tuple)) else None
    if cell is None or len(cell) != 2:
        raise IllegalMove("name the square of the domino to take off, [x, y]")
    task = state.tasks[0] if state.phase in ("report", "draw") and state.tasks else None
    owner = seat
    if task is not None and task.seat == seat and task.kind == "remove corrupter any":
        where = move.map  # Goblin Grandma's reward: from all maps (nn)
        if where not in (SHARED, PERSONAL):
            raise IllegalMove("map is shared or personal")
        if where == SHARED and move.owner is not None:
            raise IllegalMove("the shared map is no player's own: name no owner for it")
        if where == PERSONAL and move.owner is not None:
            if not isinstance(move.owner, int) or isinstance(move.owner, bool) \
                    or not 0 <= move.owner < cfg.players:
                raise IllegalMove(f"there is no seat {move.owner} at this table")
            owner = move.owner
    elif task is not None and task.seat == seat and task.kind.startswith("remove"):
        where = SHARED if task.kind == "remove shared" else PERSONAL
        if move.map != where:
            raise IllegalMove(f"{cfg.names[seat]} takes a domino off {'the shared map' if where == SHARED else 'their own map'}")
    elif state.phase == "claim" and seat == state.turn and powers.has_power(state, seat, "warfare"):
        task, where = None, move.map  # the Brother of Warfare's power: a domino of an earlier round
    else:
        raise IllegalMove(waiting(state) if state.tasks else "no domino is to be taken off now")
    if move.owner not in (None, seat) and owner == seat:
        raise IllegalMove(f"{cfg.names[seat]} takes dominoes off their own map only")
    g = dict(state.shared) if where == SHARED else state.seat_map(owner)
    if cell not in g:
        raise IllegalMove(f"square {name(cell)} is empty")
    options = removable(state, task, owner, where)
    number = g[cell].domino
    if number not in options:
        from .maps import buried
        if number in buried(g):
            raise IllegalMove(f"the domino on {name(cell)} lies partly under another: that one comes off first")
        if number in anchors(state, owner, where):
            raise IllegalMove(f"the starting domino on {name(cell)} may not come off: it anchors the map")
        if task is not None and task.kind == "remove equal":
            raise IllegalMove(f"taking the domino on {name(cell)} off parts no two equal icons")
        if task is not None and task.kind.startswith("remove corrupter"):
            raise IllegalMove(f"the domino on {name(cell)} shows no Corrupter that may come off")
        raise IllegalMove(f"the domino on {name(cell)} may not come off")
    if task is None and number >= state.first_of_round:
        raise IllegalMove("the power takes off a domino from an earlier round")
    state = put(state, owner, where, lift(g, {number}))
    whose = "the shared map" if where == SHARED else "their map" if owner == seat else f"{cfg.names[owner]}'s map"
    state = say(state, f"{cfg.names[seat]} took the domino on {name(cell)} off {whose}.")
    if task is None:
        return powers.spend_power(state, seat)
    state = task_done(state, task)
    return maybe_claim(state) if state.phase == "draw" else state


# ---------------------------------------------------------------- the report step

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
