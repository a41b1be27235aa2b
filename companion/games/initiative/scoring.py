"""End-game scoring: the fractured-world penalty, world and experiment sets, parallel universes,
locked worlds, research goals, alliances, and the tie-breaks (RULEBOOK "Game end & scoring").

Cards are the catalog's `Card`s (a world's, an experiment's or a parallel universe), goals its
`Goal`s. The player chooses the penalty discards and where parallel
universes join; the companion chooses for them the way that scores most. The rival lab loses
its nexus cards first, then past, present, future (solo rules).
"""
from __future__ import annotations

from itertools import product

from ...i18n import Msg, term
from .catalog import Card, Goal

WORLD_SET = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}
EXPERIMENT_SET = {0: 0, 1: 1, 2: 3, 3: 6}
GOAL_RATE = ((1, 1), (2, 3), (3, 6))  # goal 1: +1 a card; goal 2: +3 a pair; goal 3: +6 a triple
TIMEFRAMES = ("past", "present", "future", "nexus")
RIVAL_LOSES = ("nexus", "past", "present", "future")
_TOO_MANY = 4096  # penalty combinations beyond this are chosen world by world


def goal_words(goal: Goal) -> str:
    if goal.secret:
        return Msg("secret objective")
    if goal.asset is not None:
        return Msg("research asset {asset}", asset=goal.asset)
    return Msg("{timeframe} cards", timeframe=term(goal.timeframe))


def _matches(goal: Goal, card: Card, as_timeframe: str | None) -> bool:
    if goal.asset is not None:
        return card.asset == goal.asset
    # Timeline/nexus goals are about worlds: world cards, and a parallel universe as the
    # timeline it stands for (ruling).
    return as_timeframe == goal.timeframe


def _score(cards, parallels, placement, locked, goals, secret, alliances) -> dict:
    worlds: dict[int, set] = {}
    experiments: dict[str, int] = {}
    goal_cards = []  # (card, timeframe it counts as for timeline goals)
    for card in cards:
        if card.world is not None:
            worlds.setdefault(card.world, set()).add(card.timeframe)
            goal_cards.append((card, card.timeframe))
        elif card.experiment is not None:
            experiments[card.experiment] = experiments.get(card.experiment, 0) + 1
            goal_cards.append((card, None))
    for card, spot in zip(parallels, placement):
        if spot is not None:
            worlds[spot[0]].add(spot[1])
            goal_cards.append((card, spot[1]))
    out = {"worlds": sum(WORLD_SET[len(s)] for s in worlds.values()),
           "experiments": sum(EXPERIMENT_SET[min(3, n)] for n in experiments.values()),
           "locked": len([w for w in worlds if w in locked])}
    goal_points = []
    for (need, rate), goal in zip(GOAL_RATE, goals):
        if goal.secret:
            goal = secret
        n = sum(1 for card, tf in goal_cards if goal and _matches(goal, card, tf))
        goal_points.append(n // need * rate)
    out["goals"] = goal_points
    out["alliances"] = alliances
    out["total"] = out["worlds"] + out["experiments"] + out["locked"] + sum(goal_points) + alliances
    return out


def _placements(cards, parallels):
    """Every way the parallel universes can join a world set: a world with a card, in a
    timeline it lacks, one parallel per gap; None only when no gap is left."""
    have: dict[int, set] = {}
    for card in cards:
        if card.world is not None:
            have.setdefault(card.world, set()).add(card.timeframe)
    gaps = [(w, tf) for w in sorted(have) for tf in TIMEFRAMES if tf not in have[w]]
    out = []

    def walk(i, used):
        if i == len(parallels):
            out.append(tuple(used))
            return
        free = [g for g in gaps if g not in used]
        for g in free:
            walk(i + 1, used + [g])
        if not free:
            walk(i + 1, used + [None])
    walk(0, [])
    return out


def score_pile(pile, *, fractured=(), locked=(), goals=(), secret=None, alliances=0,
               rival=False, challenging=False) -> dict:
    """The player's end score with their best choices, and what it rests on. Best is most
    points, then most nexus cards (the tie-break; the cards kept are as many whatever is lost).
    `challenging`: the rival lab's harder solo variant, +1 per world it keeps a card of."""
    # Fractured worlds leave the board before the locked ones score: no lock point (ruling i).
    fractured, locked = set(fractured), set(locked) - set(fractured)
    parallels = [c for c in pile if c.parallel]
    rest = [c for c in pile if not c.parallel]
    hit = sorted({c.world for c in rest if c.world is not None and c.world in fractured})
    options = [[c for c in rest if c.world == w] for w in hit]
    if rival:
        options = [[min(cs, key=lambda c: RIVAL_LOSES.index(c.timeframe))] for cs in options]
    combos = 1
    for cs in options:
        combos *= len(cs)
    if combos > _TOO_MANY:  # many fractured worlds at once: choose each world on its own
        chosen = []
        for cs in options:
            chosen.append(max(cs, key=lambda c: _rank(_best([x for x in rest if x is not c],
                                                            parallels, locked, goals, secret,
                                                            alliances))))
        choices = [tuple(chosen)]
    else:
        choices = list(product(*options))
    best = None
    for lost in choices:
        ids = {id(c) for c in lost}
        kept = [c for c in rest if id(c) not in ids]
        result = _best(kept, parallels, locked, goals, secret, alliances)
        result["penalty"] = [c.id for c in lost]
        result["cards"] = len(kept) + len(parallels)
        if challenging:
            result["challenge"] = len({c.world for c in kept if c.world is not None})
            result["total"] += result["challenge"]
        if best is None or _rank(result) > _rank(best):
            best = result
    return best


def _rank(result) -> tuple:
    """How good an outcome is for its player: points, then the tie-break's nexus cards."""
    return (result["total"], result["nexus"])


def _best(kept, parallels, locked, goals, secret, alliances) -> dict:
    best = None
    for placement in _placements(kept, parallels):
        result = _score(kept, parallels, placement, locked, goals, secret, alliances)
        result["parallel"] = [f"world-{p[0]}-{p[1]}" if p else None for p in placement]
        result["nexus"] = sum(1 for c in kept if c.timeframe == "nexus" and c.world is not None)
        if best is None or result["total"] > best["total"]:
            best = result
    return best


def winners(results: dict, solo: bool = False) -> list:
    """Most points; then most cards in the pile after the penalty; then most nexus cards;
    still tied, all share the victory. Solo (seat 1 the rival lab): "If your final score is
    higher than the rival lab's final score, you win!": a tie is the rival's, no tie-breaks."""
    if not results:
        return []
    if solo:
        return [0] if results[0]["total"] > results[1]["total"] else [1]
    key = {s: (r["total"], r["cards"], r["nexus"]) for s, r in results.items()}
    top = max(key.values())
    return sorted(s for s, k in key.items() if k == top)
