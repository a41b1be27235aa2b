"use strict";
// Paradox Initiative on the phones and the table, drawn only from the viewer's own view:
// - every page: the round, who acts now, the glitch and the fifteen worlds, the research goals,
//   the anomaly, the wormhole, and each player's console (cards by section with their turns
//   left and the particles placed), matrix, switches, tech modules, alliances and score pile;
// - a player's phone (seat view) puts what they must decide first: buttons for exactly the moves
//   the rules accept now, grouped as the rulebook groups them, and what the camera cannot see
//   (the particle drawn from the bag, the card drafted, particles placed on cards, worlds
//   stabilised or locked, a new card's cost); then their matrix (tap two particles with the same
//   symbol to swap them, or one and an anomaly particle), drawn right under the prompt while
//   they must tap it; then the table; their secret research goal and console below.
(function () {
  const { el, tr, trn, term } = ParadoxTable;
  const COLOUR = { R: "red", Y: "yellow", B: "blue", K: "black", W: "white" };
  const LETTER = { red: "R", yellow: "Y", blue: "B", black: "K", white: "W" };
  const SECTIONS = ["past", "present", "nexus", "future"];
  const MODULE = {
    destroy: () => tr("Destroy a column of your matrix and refill it"),
    diagonal: () => tr("Your next action may resolve a diagonal strand"),
    swap: () => tr("Swap any two particles, whatever their symbols"),
    rewind: () => tr("Return a card on your console to its starting section"),
    glitch: () => tr("Move the glitch marker 1-3 spaces without harm"),
    paradox: () => tr("Move a particle from one card to another"),
    shift: () => tr("Shift a row of your matrix one space to the right"),
    search: () => tr("Take a card from the discard pile onto your console"),
  };
  const COST = ["R", "Y", "B", "K", "W", "any", "purple", "planet"];
  // What this phone is in the middle of: the particle tapped first, a cost being entered.
  const ui = { pick: null, cost: null, costFor: null, at: null, msg: "", bad: false, busy: false, module: false };
  let last = null;  // the latest (root, box, view, ctx), to redraw after a tap

  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const key = (x) => (Array.isArray(x) ? x.join(",") : String(x));
  const cellWords = (x) => (Array.isArray(x) ? tr("row {row} column {column}", { row: x[0] + 1, column: x[1] + 1 })
    : tr("anomaly particle {i}", { i: Number(String(x).split(":")[1]) + 1 }));

  function particleWords(p) {
    if (p === "purple") return tr("purple particle");
    if (p.startsWith("ally-")) return tr("{colour} alliance token", { colour: term(p.slice(5)) });
    return tr("{colour} {symbol}", { colour: term(COLOUR[p[0]]), symbol: p[1] });
  }

  function disc(p, attrs) {
    if (!p || p === "--") return el("span", Object.assign({ class: "pi-disc pi-empty" }, attrs || {}), "");
    if (p === "purple") return el("span", { class: "pi-disc pi-P", title: term("purple") }, "");
    if (p.startsWith("ally-")) return el("span", { class: `pi-disc pi-${LETTER[p.slice(5)]} pi-ally`, title: particleWords(p) }, "A");
    return el("span", Object.assign({ class: `pi-disc pi-${p[0]}`, title: particleWords(p) }, attrs || {}), p[1]);
  }

  function costChip(x) {
    if (COLOUR[x]) return el("span", { class: `pi-need pi-${x}`, title: term(COLOUR[x]) }, term(COLOUR[x]));
    return el("span", { class: `pi-need pi-${x}` }, term(x));
  }

  function worldName(v, n) {
    const w = v.worlds[n - 1];
    return w && w.name !== `World ${n}` ? tr("World {number} {name}", { number: n, name: term(w.name) }) : tr("World {number}", { number: n });
  }

  function cardWords(v, id) {
    let m = /^world-(\d+)-(\w+)$/.exec(id);
    if (m) return tr("{world}, {timeframe}", { world: worldName(v, Number(m[1])), timeframe: term(m[2]) });
    m = /^(\w+)-(past|present|future)$/.exec(id);
    if (m) return tr("{experiment} experiment, {timeframe}", { experiment: term(cap(m[1])), timeframe: term(m[2]) });
    if (id.startsWith("parallel")) return tr("Parallel universe");
    return id;
  }

  function costEl(v, id) {
    const c = (v.cards || {})[id];
    if (!c) return null;
    // a nexus card's name already says "nexus": its cost is the cell it claims, once known
    if (c.timeframe === "nexus") return c.at ? el("span", { class: "pi-cost dim" }, tr("at {cell}", { cell: cellWords(c.at) })) : null;
    return el("span", { class: "pi-cost" + (c.known ? "" : " pi-guess"), title: c.known ? "" : tr("the catalog's guess until the table enters it") },
      ...c.cost.map(costChip));
  }

  // ---------------------------------------------------------------- who acts now

  function nowWords(v) {
    const names = v.names;
    const w = v.awaiting;
    if (v.finished) return tr("The game is over. Winners: {names}", { names: v.winners.map((s) => names[s]).join(tr(", ")) });
    if (w) {
      const name = names[w.seat];
      if (w.kind === "draw") {
        const where = { anomaly: tr("the anomaly"), matrix: tr("{name}'s matrix", { name }), rival: tr("the rival lab") }[w.to];
        return tr("{name}: draw a particle from the bag for {where}", { name, where });
      }
      if (w.kind === "teach") return tr("{name}: enter the cost of {card}", { name, card: cardWords(v, w.card || "") });
      if (w.kind === "keep") return tr("{name}: keep one of two tech modules", { name });
      if (w.kind === "switch") return tr("{name}: activate a trigger switch", { name });
      if (w.kind === "rival-card") return tr("{name}: give the rival lab a card", { name });
      if (w.kind === "penalty") return tr("{name}: discard a card of fractured {world}", { name, world: worldName(v, w.world) });
      return tr("{name} to act", { name });
    }
    if (v.turn === null) return "";
    const name = names[v.turn];
    if (v.phase === "wormhole") return tr("{name}: draft a card, activate a switch or build a tech module", { name });
    return trn("{name}: {n} matrix action left", "{name}: {n} matrix actions left", v.actions, { name });
  }

  function headerEl(v) {
    const round = v.final ? tr("Final matrix actions") : tr("Round {n}", { n: v.round });
    const phase = { setup: tr("setting up"), wormhole: tr("wormhole phase"), matrix: tr("matrix phase"),
      penalty: tr("penalty phase"), over: tr("over phase") }[v.phase] || v.phase;
    return el("div", { class: "pi-head" },
      el("h2", {}, `${round} · ${phase}`),
      el("p", { class: "pi-now" }, nowWords(v)),
      el("div", { class: "pi-said" }, ...(v.said || []).slice(-2).map((w) => el("p", { class: "dim small" }, w))));
  }

  // ---------------------------------------------------------------- the table

  function worldsEl(v) {
    return el("div", { class: "pi-worlds" }, ...v.worlds.map((w) => el("span", {
      class: "pi-world" + (w.stable ? "" : " fractured") + (w.locked ? " locked" : "") + (w.number === v.glitch ? " glitch" : ""),
      title: worldName(v, w.number) + (w.stable ? "" : tr(", fractured")) + (w.locked ? tr(", locked") : ""),
    }, String(w.number))));
  }

  function tableEl(v, skip) {
    const glitch = v.worlds[v.glitch - 1];
    const alt = v.players.length <= 2;
    const slots = v.wormhole.map((c, i) => ({ c, i })).filter((x) => x.c);
    const goalBonus = [tr("+1 a card"), tr("+3 a pair"), tr("+6 a triple")];
    const allied = Object.entries(v.alliances).filter(([, s]) => s !== null);
    return el("div", { class: "pi-table" },
      el("h3", {}, tr("The multiverse")),
      el("p", {}, (glitch.locked ? tr("Glitch on {world} (locked)", { world: worldName(v, glitch.number) })
        : glitch.stable ? tr("Glitch on {world}", { world: worldName(v, glitch.number) })
          : tr("Glitch on {world} (fractured)", { world: worldName(v, glitch.number) }))),
      worldsEl(v),
      el("p", { class: "small dim" }, tr("Fractured worlds are struck through; locked ones are ringed.")),
      el("p", { class: "small" }, tr("Research goals: {goals}", { goals: v.goals.map((g, i) => `${g} (${goalBonus[i]})`).join(" · ") })),
      v.finished && v.secret_goals && v.secret_goals.some((g) => g)  // revealed at scoring
        ? el("p", { class: "small" }, tr("Revealed: {goals}", { goals: v.secret_goals.map((g, s) => g && tr("{name}'s {goal}", { name: v.names[s], goal: g })).filter((x) => x).join(" · ") })) : null,
      el("p", { class: "small" }, tr("Purple particles on the board: {purple} · particles in the bag: {bag}", { purple: v.purple, bag: v.bag }) +
        (allied.length ? " · " + tr("alliances: {list}", { list: allied.map(([c, s]) => `${term(c)} ${s === "card" ? tr("on a card") : v.names[s]}`).join(tr(", ")) }) : "")),
      el("div", { class: "pi-anomaly-row" }, el("b", {}, tr("Anomaly") + " "), ...v.anomaly.map((p) => disc(p))),
      el("h3", {}, tr("The wormhole")),
      el("ul", { class: "pi-cards" }, ...slots.map(({ c, i }) => el("li", {},
        el("span", {}, alt && i < 3 ? tr("alternate: {card}", { card: cardWords(v, c) }) : cardWords(v, c)), " ", costEl(v, c)))),
      el("p", { class: "small dim" }, tr("Timeline deck: {n} cards", { n: v.deck }) + (alt ? " · " + tr("alternate timeline: {n}", { n: v.alternate }) : "") +
        " · " + tr("discarded: {n}", { n: v.discard.length })),
      ...v.players.filter((p) => p.seat !== skip).map((p) => playerEl(v, p, false)),
      v.rival ? el("p", {}, tr("Rival lab: score pile {n} cards, pawn on space {space}", { n: v.rival.pile.length, space: v.rival.pawn })) : null);
  }

  function consoleEl(v, p) {
    if (!p.console.length) return el("p", { class: "dim small" }, tr("Console: no cards."));
    return el("div", { class: "pi-console" }, ...SECTIONS.map((sec) => {
      const cards = p.console.filter((e) => e.section === sec);
      if (!cards.length) return null;
      return el("div", { class: "pi-section" }, el("b", {}, cap(term(sec))),
        ...cards.map((e) => el("div", { class: "pi-card" + (e.turns_left <= 1 ? " danger" : ""), "data-card": e.card },
          el("span", {}, cardWords(v, e.card)),
          el("span", { class: "small" + (e.turns_left <= 1 ? " pi-warn" : " dim") },
            " " + (e.turns_left <= 1 ? tr("lost at the end of this turn unless focused") : tr("{n} turns left", { n: e.turns_left }))),
          el("div", {}, costEl(v, e.card), e.placed.length ? el("span", { class: "small" }, " " + tr("placed:") + " ") : null,
            ...e.placed.map((x) => disc(x)), e.planets_saved ? el("span", { class: "small" }, " " + tr("planets saved: {n}", { n: e.planets_saved })) : null))));
    }));
  }

  function playerEl(v, p, mine) {
    const on = Object.entries(p.switches).map(([c, x]) => el("span", { class: `pi-switch pi-${LETTER[c]}` + (x ? " on" : "") }, x ? tr("{colour} on", { colour: term(c) }) : tr("{colour} off", { colour: term(c) })));
    const allies = Object.entries(v.alliances).filter(([, s]) => s === p.seat).map(([c]) => c);
    const body = [
      el("div", { class: "pi-switches" }, ...on),
      el("p", { class: "small" }, tr("Tech modules: {modules} ({n} in the deck)", { modules: p.tech.length ? p.tech.map(term).join(tr(", ")) : tr("none"), n: p.tech_deck }) +
        (allies.length ? " · " + tr("alliances: {list}", { list: allies.map(term).join(tr(", ")) }) : "")),
      p.earned.length ? el("p", { class: "small" }, tr("Earned particles:") + " ", ...p.earned.map((x) => disc(x))) : null,
      consoleEl(v, p),
      el("p", { class: "small" }, tr("Score pile ({n}): {cards}", { n: p.pile.length, cards: p.pile.map((c) => cardWords(v, c)).join(tr("; ")) || tr("empty") })),
    ];
    if (mine) return el("div", { class: "pi-mine" }, ...body);
    return el("details", { class: "pi-player" + (p.seat === v.turn ? " turn" : ""), "data-seat": String(p.seat) },
      el("summary", {}, el("b", {}, v.names[p.seat]), " · " + tr("{n} points", { n: v.scores[String(p.seat)] }) + (p.seat === v.turn ? " · " + tr("to act") : "")),
      matrixEl(v, p, null), ...body);
  }

  // ---------------------------------------------------------------- the matrix

  function matrixEl(v, p, mine) {
    const locks = new Set(p.locks.map((l) => l.join(",")));
    const rows = p.rows.map((r) => r.split(" "));
    const next = v.awaiting && v.awaiting.kind === "draw" && v.awaiting.to === "matrix" && v.awaiting.seat === p.seat
      ? key(v.awaiting.cells[0]) : null;
    const grid = el("div", { class: "pi-matrix" + (mine ? " mine" : "") });
    rows.forEach((row, r) => row.forEach((x, c) => {
      const k = `${r},${c}`;
      const cls = ["pi-cell"];
      if (locks.has(k)) cls.push("locked");
      if (next === k) cls.push("next");
      if (mine) cls.push(...mine.marks(k));
      const inner = disc(x);
      grid.append(mine ? el("button", { class: cls.join(" "), "data-cell": k, "aria-label": (x === "--" ? tr("empty") : particleWords(x)) + tr(", ") + cellWords([r, c]),
        onclick: () => mine.tap(k) }, inner) : el("span", { class: cls.join(" ") }, inner));
    }));
    return grid;
  }

  // The swaps the rules accept, as pairs of tapped places; resolvable runs; a nexus to enter.
  function matrixControls(v, legal) {
    // With the swap module chosen, taps swap any two particles (the module's own moves).
    const moduleSwaps = legal.filter((m) => m.type === "Tech" && m.module === "swap");
    if (!moduleSwaps.length) ui.module = false;
    const swaps = ui.module ? moduleSwaps : legal.filter((m) => m.type === "Swap");
    const partners = (k) => swaps.filter((m) => key(m.a) === k || key(m.b) === k).map((m) => (key(m.a) === k ? key(m.b) : key(m.a)));
    const resolve = new Set(legal.filter((m) => m.type === "Resolve").map((m) => key(m.at)));
    const teach = legal.find((m) => m.type === "Teach" && v.cards[m.card] && v.cards[m.card].timeframe === "nexus");
    return {
      swaps,
      marks(k) {
        const out = [];
        if (ui.pick === k) out.push("picked");
        else if (ui.pick && partners(ui.pick).includes(k)) out.push("partner");
        if (resolve.has(k)) out.push("strand");
        if (teach && ui.at === k) out.push("picked");
        return out;
      },
      tap(k) {
        if (teach) { ui.at = k; return redraw(); }
        if (ui.pick && ui.pick !== k && partners(ui.pick).includes(k)) {
          const move = swaps.find((m) => (key(m.a) === ui.pick && key(m.b) === k) || (key(m.b) === ui.pick && key(m.a) === k));
          ui.pick = null;
          ui.module = false;
          return send(move);
        }
        ui.pick = ui.pick === k || !partners(k).length ? null : k;
        ui.bad = false;
        ui.msg = !partners(k).length && swaps.length
          ? tr("Nothing with the same symbol can swap with {cell}.", { cell: cellWords(k.includes(":") ? k : k.split(",").map(Number)) }) : "";
        redraw();
      },
    };
  }

  // ---------------------------------------------------------------- sending moves

  let sender = null;
  function send(move) {
    if (ui.busy || !sender) return Promise.resolve();
    ui.msg = ""; ui.bad = false; ui.busy = true;
    // A success leaves the forms alone: the next view (which may come before this answer)
    // already asks the next thing, and a new card's cost starts afresh (teachEl).
    return sender(move).then((res) => {
      ui.busy = false;
      return res;
    }, (e) => { ui.busy = false; say(e.message, true); });
  }

  // a refusal is brought into view: on a small phone it may be written off the screen
  function say(words, bad) {
    ui.msg = words; ui.bad = !!bad;
    const n = document.getElementById("pi-msg");
    if (n) { n.textContent = words; n.className = bad ? "error" : "dim"; if (bad && words) n.scrollIntoView({ block: "nearest" }); }
  }

  function redraw() {
    if (!last) return;
    board(last.root, last.v, last.ctx);
    if (last.box) seat(last.box, last.v, last.ctx);
  }

  const button = (words, move, attrs) => el("button", Object.assign({ "data-move": move.type, onclick: () => send(move) }, attrs || {}), words);

  function group(title, buttons, open) {
    if (!buttons.length) return null;
    const box = el("details", { class: "pi-group", "data-group": title });
    if (open || buttons.length <= 4) box.setAttribute("open", "");
    box.append(el("summary", {}, `${title} (${buttons.length})`), el("div", { class: "pi-choices" }, ...buttons));
    return box;
  }

  function moveWords(v, m) {
    const card = (c) => cardWords(v, c);
    const saving = (x) => (x.card ? tr(", saving a planet on {card}", { card: card(x.card) }) : "");
    switch (m.type) {
      case "Place": return el("span", {}, disc(m.particle), " " + tr("{particle} on {card}", { particle: particleWords(m.particle), card: card(m.card) }));
      case "Stabilise": return tr("Stabilise {world} with {particle}", { world: worldName(v, m.world), particle: particleWords(m.particle) }) + saving(m);
      case "Lock": return tr("Lock {world} with {particle}", { world: worldName(v, m.world), particle: particleWords(m.particle) }) + saving(m);
      case "Ally": return v.alliances[m.colour] === null
        ? tr("Form the {colour} alliance with {particle}", { colour: term(m.colour), particle: particleWords(m.particle) })
        : tr("Break the {colour} alliance with {particle}", { colour: term(m.colour), particle: particleWords(m.particle) });
      case "Purple": return m.world ? tr("Switches off: a purple particle stabilises {world}", { world: worldName(v, m.world) }) + saving(m)
        : tr("Switches off: a purple particle on {card}", { card: card(m.card) });
      case "Tech": return ({
        destroy: () => tr("Destroy column {n}", { n: m.column + 1 }), diagonal: () => tr("Diagonal: the next action may resolve a diagonal strand"),
        swap: () => tr("Swap {a} and {b}", { a: cellWords(m.a || [0, 0]), b: cellWords(m.b || [0, 0]) }),
        rewind: () => tr("Rewind {card} to its starting section", { card: card(m.card || "") }),
        glitch: () => trn("Move the glitch {n} space", "Move the glitch {n} spaces", m.spaces),
        search: () => tr("Search: take {card} from the discard", { card: card(m.card || "") }),
        paradox: () => tr("Paradox: {particle} from {card} to {to}", { particle: particleWords(m.particle || ""), card: card(m.card || ""), to: card(m.to_card || "") }),
        shift: () => tr("Shift row {n} one space right", { n: m.row + 1 }),
      }[m.module] || (() => term(m.module)))();
      case "Resolve": return tr("Resolve the strand through {cell}", { cell: cellWords(m.at) });
      default: return m.type;
    }
  }

  // ---------------------------------------------------------------- this phone's controls

  function askedEl(v, legal, me, hand) {
    const w = v.awaiting;
    if (!w || !legal.length) return null;  // another player's decision: this phone says whom it waits for
    if (w.kind === "draw") {
      // any phone at the table may say what came out of the bag: the matrix is named as its owner's
      const where = w.to === "matrix" ? (w.seat === me ? tr("your matrix, {cell} ({n} to fill)", { cell: cellWords(w.cells[0]), n: w.cells.length })
        : tr("{name}'s matrix, {cell} ({n} to fill)", { name: v.names[w.seat], cell: cellWords(w.cells[0]), n: w.cells.length }))
        : w.to === "anomaly" ? tr("the anomaly") : tr("the rival lab");
      return el("div", { class: "pi-ask" }, el("h3", {}, tr("Which particle came out of the bag for {where}?", { where })),
        el("div", { class: "pi-draws" }, ...legal.filter((m) => m.type === "Draw").map((m) =>
          el("button", { class: "pi-draw", "data-draw": m.particle, "aria-label": particleWords(m.particle), onclick: () => send(m) }, disc(m.particle)))));
    }
    if (w.kind === "keep") {
      return el("div", { class: "pi-ask" }, el("h3", {}, tr("Keep one tech module (the other goes under your deck)")),
        el("div", { class: "pi-choices" }, ...legal.filter((m) => m.type === "Keep").map((m) =>
          button(el("span", {}, el("b", {}, cap(term(m.module))), ": " + (MODULE[m.module] ? MODULE[m.module]() : "")), m, { "data-keep": m.module }))));
    }
    if (w.kind === "switch" || w.kind === "rival-card") {
      return el("div", { class: "pi-ask" }, el("h3", {}, w.kind === "switch" ? tr("Activate a trigger switch") : tr("Give the rival lab a card of the alternate timeline")),
        el("div", { class: "pi-choices" }, ...legal.map((m) => button(m.type === "Switch" ? tr("Activate the {colour} switch", { colour: term(m.colour) }) : cardWords(v, m.card), m))));
    }
    if (w.kind === "penalty") {
      // "they must choose and discard one card corresponding to each fractured world"
      return el("div", { class: "pi-ask" }, el("h3", {}, tr("{world} is fractured: discard one of its cards from your score pile", { world: worldName(v, w.world) })),
        el("div", { class: "pi-choices" }, ...legal.filter((m) => m.type === "Discard").map((m) =>
          button(el("span", {}, cardWords(v, m.card), m.card === w.best ? el("b", {}, " " + tr("(suggested: costs you least)")) : ""), m, { "data-discard": m.card }))));
    }
    if (w.kind === "teach") return teachEl(v, legal.find((m) => m.type === "Teach"), hand);
    return null;
  }

  // A card the companion does not know yet: its cost (or nexus position) as printed, entered once.
  function teachEl(v, m, hand) {
    if (!m) return null;
    const nexus = v.cards[m.card] && v.cards[m.card].timeframe === "nexus";
    if (ui.costFor !== m.card) { ui.costFor = m.card; ui.cost = [...(m.cost || [])]; ui.at = m.at ? key(m.at) : null; }
    const head = el("h3", {}, tr("{card} is new to the companion: enter it as printed", { card: cardWords(v, m.card) }));
    if (nexus) {
      return el("div", { class: "pi-ask" }, head,
        el("p", {}, ui.at ? tr("Nexus position: {cell}. Tap another cell of your matrix to change it.", { cell: cellWords(ui.at.split(",").map(Number)) }) : tr("Tap the cell of your matrix the card shows.")),
        ...hand.here(),
        el("button", Object.assign({ id: "pi-teach", onclick: () => send(Object.assign({}, m, { at: ui.at.split(",").map(Number) })) },
          ui.at ? {} : { disabled: "" }), tr("This is the nexus position")));
    }
    return el("div", { class: "pi-ask" }, head,
      el("p", {}, tr("Cost:") + " ", ...(ui.cost.length ? ui.cost.map((x, i) => el("button", { class: "pi-chip", title: tr("tap to take it off"),
        onclick: () => { ui.cost.splice(i, 1); redraw(); } }, costChip(x))) : [el("span", { class: "dim" }, tr("nothing yet"))]),
        // said, not only a tooltip: phones show none
        ...(ui.cost.length ? [" ", el("span", { class: "dim" }, tr("(tap one to take it off)"))] : [])),
      el("div", { class: "pi-addcost" }, ...COST.map((x) => el("button", { class: "quiet", "data-add": x, onclick: () => { ui.cost.push(x); redraw(); } }, "+ ", costChip(x)))),
      el("button", Object.assign({ id: "pi-teach", onclick: () => send(Object.assign({}, m, { cost: ui.cost, at: null })) },
        ui.cost.length ? {} : { disabled: "" }), tr("This is the cost")));
  }

  function turnEl(v, legal, hand) {
    if (v.awaiting || !legal.length) return null;
    const of = (t) => legal.filter((m) => m.type === t);
    const parts = [];
    if (v.phase === "wormhole") {
      const alt = v.players.length <= 2;
      parts.push(el("h3", {}, tr("Your wormhole action")),
        group(tr("Draft a card"), of("Draft").map((m) => {
          const i = v.wormhole.indexOf(m.card);
          return button(el("span", {}, alt && i < 3 ? tr("Alternate: {card}", { card: cardWords(v, m.card) }) : cardWords(v, m.card), " ", costEl(v, m.card)), m, { "data-draft": m.card });
        }), true),
        group(tr("Activate a trigger switch"), of("Switch").map((m) => button(tr("Activate the {colour} switch", { colour: term(m.colour) }), m))),
        group(tr("Build a tech module"), of("Build").map((m) => button(tr("Draw two tech modules and keep one"), m))));
    } else {
      const swaps = of("Swap").length;
      parts.push(el("h3", {}, trn("Your matrix phase: {n} matrix action left", "Your matrix phase: {n} matrix actions left", v.actions)),
        swaps ? el("p", { class: "small" }, tr("Swap: tap a particle of your matrix, then a lit one with the same symbol (or an anomaly particle).")) : null,
        of("Tech").some((m) => m.module === "swap") ? el("button", { id: "pi-swap-module", class: ui.module ? "picked" : "quiet",
          onclick: () => { ui.module = !ui.module; ui.pick = null; redraw(); } },
          ui.module ? tr("Swap module on: tap any two particles (tap here to cancel)") : tr("Use the swap module: swap any two particles")) : null,
        ...hand.here(),  // the matrix to tap, right under what asks for the taps
        group(tr("Resolve a strand the refill made"), of("Resolve").map((m) => button(moveWords(v, m), m))),
        group(tr("Place particles on your cards"), of("Place").map((m) => button(moveWords(v, m), m))),
        group(tr("Stabilise or lock a world"), [...of("Stabilise"), ...of("Lock")].map((m) => button(moveWords(v, m), m))),
        group(tr("Alliances"), of("Ally").map((m) => button(moveWords(v, m), m))),
        group(tr("Purple particle"), of("Purple").map((m) => button(moveWords(v, m), m))),
        group(tr("Tech modules"), of("Tech").filter((m) => m.module !== "swap").map((m) => button(moveWords(v, m), m))),
        ...of("EndTurn").map((m) => button(tr("End my turn"), m, { id: "pi-end-turn", class: "quiet" })),
        of("EndTurn").length ? null : el("p", { class: "small dim" }, tr("Your turn can end once your matrix actions are taken.")));
    }
    return el("div", { class: "pi-turn" }, ...parts);
  }

  function mySeat(ctx) {
    const m = /^seat-(\d+)$/.exec((ctx && ctx.viewer) || "");
    return m ? Number(m[1]) : null;
  }

  // ---------------------------------------------------------------- the two parts

  function board(root, v, ctx) {
    const me = mySeat(ctx);
    last = Object.assign(last || {}, { root, v, ctx });
    if (me === null) {  // the table: everyone's lab
      root.replaceChildren(headerEl(v), tableEl(v, null));
      return;
    }
    sender = ctx.post;
    root.replaceChildren(headerEl(v),
      el("div", { class: "pi-lab" },
        v.secret_goal ? el("p", { class: "pi-secret" }, tr("Your "), el("span", { "data-secret": "" }, v.secret_goal), tr(" (yours alone)")) : null,
        v.secret_score ? el("p", { class: "pi-secret small" }, v.secret_score, " " + tr("(other phones and the table count your score without it)")) : null,
        playerEl(v, v.players[me], true)));
  }

  // The player's own matrix and the anomaly beside it, with the line that answers their taps.
  // here() hands them to the prompt that asks for taps; drawn once, else after the prompts.
  function handEl(v, p, legal) {
    const controls = matrixControls(v, legal);
    const anomaly = v.anomaly.map((x, i) => {
      const k = `anomaly:${i}`;
      return el("button", { class: ["pi-cell", ...controls.marks(k)].join(" "), "data-cell": k, "aria-label": particleWords(x) + tr(", ") + tr("the anomaly"),
        onclick: () => controls.tap(k) }, disc(x));
    });
    const hand = {
      boards: el("div", { class: "pi-boards" }, matrixEl(v, p, controls),
        el("div", { class: "pi-anomaly" }, el("span", { class: "small" }, tr("Anomaly")), ...anomaly)),
      msg: el("div", { id: "pi-msg", class: ui.bad ? "error" : "dim" }, ui.msg),
      placed: false,
      here() { hand.placed = true; return [hand.boards, hand.msg]; },
    };
    return hand;
  }

  function seat(box, v, ctx) {
    const me = mySeat(ctx);
    if (me === null) return box.replaceChildren();
    last = Object.assign(last || {}, { box, v, ctx });
    const legal = v.legal || [];
    const hand = handEl(v, v.players[me], legal);
    const asks = [askedEl(v, legal, me, hand), turnEl(v, legal, hand)];
    box.replaceChildren(...[...asks,
      hand.placed ? null : hand.msg,
      !legal.length && !v.finished ? el("p", { class: "dim" }, tr("Waiting: {now}", { now: nowWords(v) })) : null,
      hand.placed ? null : hand.boards,
      tableEl(v, me)].filter((n) => n));
  }

  // The host page in simulation: what a person does with the discs, for the camera to read.
  function virtualTable(box, v, ctx) {
    if (!box.querySelector("#pi-sim-swap")) {
      const $ = (id) => box.querySelector("#" + id);
      const num = (id, n, word = "") => el("select", { id, "aria-label": id }, ...Array.from({ length: n }, (_, i) => el("option", { value: i }, word + String(i + 1))));
      // A cell of the matrix [row, column], or one of the anomaly's ("anomaly:N"), a row choice
      const cell = (p) => $(p + "-row").value.startsWith("anomaly:") ? $(p + "-row").value
        : [parseInt($(p + "-row").value, 10), parseInt($(p + "-col").value, 10)];
      const anomalyToo = (select) => {
        select.append(...[0, 1, 2].map((i) => el("option", { value: "anomaly:" + i }, tr("anomaly {i}", { i: i + 1 }))));
        select.addEventListener("change", () => $("pi-sim-b-col").classList.toggle("hidden", select.value.startsWith("anomaly:")));
        return select;
      };
      // what the virtual table did, in words ("Laid R1 Y2 W3"); a refusal is the host page's own
      const said = el("p", { id: "pi-sim-said", class: "dim", role: "status" });
      const act = (a) => ctx.act(a).then((r) => { said.textContent = (r && r.result) || ""; }, () => { said.textContent = ""; });
      const particle = el("select", { id: "pi-sim-particle", "aria-label": tr("particle") },
        ...["R", "Y", "B", "K", "W"].flatMap((c) => [1, 2, 3].map((n) => el("option", { value: c + n }, particleWords(c + n)))));
      box.replaceChildren(
        el("div", { class: "row" }, el("label", {}, tr("Lab") + " ", el("select", { id: "pi-sim-seat", "aria-label": tr("seat") }))),
        el("div", { class: "row" }, tr("Swap row") + " ", num("pi-sim-a-row", 5), " " + tr("column") + " ", num("pi-sim-a-col", 5),
          " " + tr("with") + " ", anomalyToo(num("pi-sim-b-row", 5, tr("row") + " ")), " ", num("pi-sim-b-col", 5, tr("column") + " ")),
        el("div", { class: "row" },
          el("button", { id: "pi-sim-swap", onclick: () => act({ action: "swap", seat: parseInt($("pi-sim-seat").value, 10), a: cell("pi-sim-a"), b: cell("pi-sim-b") }) }, tr("Swap them")),
          el("button", { class: "quiet", id: "pi-sim-drop", onclick: () => act({ action: "drop", seat: parseInt($("pi-sim-seat").value, 10) }) }, tr("Take the strand out and let it drop"))),
        el("div", { class: "row" }, particle,
          el("button", { class: "quiet", id: "pi-sim-draw", onclick: () => act({ action: "draw", particles: [particle.value] }) }, tr("Lay it where the companion waits")),
          el("button", { class: "quiet", id: "pi-sim-deal", onclick: () => act({ action: "deal" }) }, tr("Deal what it waits for now: the anomaly, or one player's whole matrix")),
          el("button", { class: "quiet", onclick: () => act({ action: "clear" }) }, tr("Clear the mat"))), said);
    }
    // laying a particle is offered only while the companion waits for one
    const aw = v.awaiting || {};
    box.querySelector("#pi-sim-draw").disabled = !(aw.kind === "draw" && ["matrix", "anomaly"].includes(aw.to));
    const seats = box.querySelector("#pi-sim-seat");
    if (seats.dataset.names !== v.names.join("|")) {
      seats.dataset.names = v.names.join("|");
      seats.replaceChildren(...v.names.map((n, i) => el("option", { value: i }, n)));
    }
  }

  ParadoxTable.register("initiative", { board, seat, virtualTable });
})();
