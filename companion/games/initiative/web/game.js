"use strict";
// Paradox Initiative on the phones and the table, drawn only from the viewer's own view:
// - every page: the round, who acts now, the glitch and the fifteen worlds, the research goals,
//   the anomaly, the wormhole, and each player's console (cards by section with their turns
//   left and the particles placed), matrix, switches, tech modules, alliances and score pile;
// - a player's phone (seat view) puts their own lab first: the secret research goal, their
//   matrix (tap two particles with the same symbol to swap them, or one and an anomaly
//   particle), then buttons for exactly the moves the rules accept now, grouped as the
//   rulebook groups them, and what the camera cannot see: the particle drawn from the bag, the
//   card drafted, particles placed on cards, worlds stabilised or locked, a new card's cost.
(function () {
  const el = ParadoxTable.el;
  const COLOUR = { R: "red", Y: "yellow", B: "blue", K: "black", W: "white" };
  const LETTER = { red: "R", yellow: "Y", blue: "B", black: "K", white: "W" };
  const SECTIONS = ["past", "present", "nexus", "future"];
  const MODULE = {
    destroy: "Destroy a column of your matrix and refill it",
    diagonal: "Your next action may resolve a diagonal strand",
    swap: "Swap any two particles, whatever their symbols",
    rewind: "Return a card on your console to its starting section",
    glitch: "Move the glitch marker 1-3 spaces without harm",
    paradox: "Move a particle from one card to another",
    shift: "Shift a row of your matrix one space to the right",
    search: "Take a card from the discard pile onto your console",
  };
  const COST = ["R", "Y", "B", "K", "W", "any", "purple", "planet"];
  // What this phone is in the middle of: the particle tapped first, a cost being entered.
  const ui = { pick: null, cost: null, costFor: null, at: null, msg: "", bad: false, busy: false, module: false };
  let last = null;  // the latest (root, box, view, ctx), to redraw after a tap

  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const key = (x) => (Array.isArray(x) ? x.join(",") : String(x));
  const cellWords = (x) => (Array.isArray(x) ? `row ${x[0] + 1}, column ${x[1] + 1}`
    : `anomaly particle ${Number(String(x).split(":")[1]) + 1}`);

  function particleWords(p) {
    if (p === "purple") return "purple particle";
    if (p.startsWith("ally-")) return `${p.slice(5)} alliance token`;
    return `${COLOUR[p[0]]} ${p[1]}`;
  }

  function disc(p, attrs) {
    if (!p || p === "--") return el("span", Object.assign({ class: "pi-disc pi-empty" }, attrs || {}), "");
    if (p === "purple") return el("span", { class: "pi-disc pi-P", title: "purple" }, "");
    if (p.startsWith("ally-")) return el("span", { class: `pi-disc pi-${LETTER[p.slice(5)]} pi-ally`, title: particleWords(p) }, "A");
    return el("span", Object.assign({ class: `pi-disc pi-${p[0]}`, title: particleWords(p) }, attrs || {}), p[1]);
  }

  function costChip(x) {
    if (COLOUR[x]) return el("span", { class: `pi-need pi-${x}`, title: COLOUR[x] }, COLOUR[x]);
    return el("span", { class: `pi-need pi-${x}` }, x);
  }

  function worldName(v, n) {
    const w = v.worlds[n - 1];
    return w && w.name !== `World ${n}` ? `World ${n} ${w.name}` : `World ${n}`;
  }

  function cardWords(v, id) {
    let m = /^world-(\d+)-(\w+)$/.exec(id);
    if (m) return `${worldName(v, Number(m[1]))}, ${m[2]}`;
    m = /^(\w+)-(past|present|future)$/.exec(id);
    if (m) return `${cap(m[1])} experiment, ${m[2]}`;
    if (id.startsWith("parallel")) return "Parallel universe";
    return id;
  }

  function costEl(v, id) {
    const c = (v.cards || {})[id];
    if (!c) return null;
    if (c.timeframe === "nexus") return el("span", { class: "pi-cost dim" }, c.at ? `nexus at ${cellWords(c.at)}` : "nexus");
    return el("span", { class: "pi-cost" + (c.known ? "" : " pi-guess"), title: c.known ? "" : "the catalog's guess until the table enters it" },
      ...c.cost.map(costChip));
  }

  // ---------------------------------------------------------------- who acts now

  function nowWords(v) {
    const names = v.names;
    const w = v.awaiting;
    if (v.finished) return "The game is over. Winners: " + v.winners.map((s) => names[s]).join(", ");
    if (w) {
      const who = names[w.seat];
      if (w.kind === "draw") {
        const where = { anomaly: "the anomaly", matrix: `${who}'s matrix`, rival: "the rival lab" }[w.to];
        return `${who}: draw a particle from the bag for ${where}`;
      }
      return { teach: `${who}: enter the cost of ${cardWords(v, w.card || "")}`, keep: `${who}: keep one of two tech modules`,
        switch: `${who}: activate a trigger switch`, "rival-card": `${who}: give the rival lab a card`,
        penalty: `${who}: discard a card of fractured ${worldName(v, w.world)}` }[w.kind] || `${who} to act`;
    }
    if (v.turn === null) return "";
    const who = names[v.turn];
    if (v.phase === "wormhole") return `${who}: draft a card, activate a switch or build a tech module`;
    return `${who}: ${v.actions} matrix action${v.actions === 1 ? "" : "s"} left`;
  }

  function headerEl(v) {
    const round = v.final ? "Final matrix actions" : `Round ${v.round}`;
    return el("div", { class: "pi-head" },
      el("h2", {}, `${round} · ${v.phase === "setup" ? "setting up" : v.phase + " phase"}`),
      el("p", { class: "pi-now" }, nowWords(v)),
      el("div", { class: "pi-said" }, ...(v.said || []).slice(-2).map((w) => el("p", { class: "dim small" }, w))));
  }

  // ---------------------------------------------------------------- the table

  function worldsEl(v) {
    return el("div", { class: "pi-worlds" }, ...v.worlds.map((w) => el("span", {
      class: "pi-world" + (w.stable ? "" : " fractured") + (w.locked ? " locked" : "") + (w.number === v.glitch ? " glitch" : ""),
      title: worldName(v, w.number) + (w.stable ? "" : ", fractured") + (w.locked ? ", locked" : ""),
    }, String(w.number))));
  }

  function tableEl(v, skip) {
    const glitch = v.worlds[v.glitch - 1];
    const alt = v.players.length <= 2;
    const slots = v.wormhole.map((c, i) => ({ c, i })).filter((x) => x.c);
    const goalBonus = ["+1 a card", "+3 a pair", "+6 a triple"];
    const allied = Object.entries(v.alliances).filter(([, s]) => s !== null);
    return el("div", { class: "pi-table" },
      el("h3", {}, "The multiverse"),
      el("p", {}, `Glitch on ${worldName(v, glitch.number)}` + (glitch.locked ? " (locked)" : glitch.stable ? "" : " (fractured)")),
      worldsEl(v),
      el("p", { class: "small dim" }, "Fractured worlds are struck through; locked ones are ringed."),
      el("p", { class: "small" }, "Research goals: " + v.goals.map((g, i) => `${g} (${goalBonus[i]})`).join(" · ")),
      v.finished && v.secret_goals && v.secret_goals.some((g) => g)  // revealed at scoring
        ? el("p", { class: "small" }, "Revealed: " + v.secret_goals.map((g, s) => g && `${v.names[s]}'s ${g}`).filter((x) => x).join(" · ")) : null,
      el("p", { class: "small" }, `Purple particles on the board: ${v.purple} · particles in the bag: ${v.bag}` +
        (allied.length ? " · alliances: " + allied.map(([c, s]) => `${c} ${s === "card" ? "on a card" : v.names[s]}`).join(", ") : "")),
      el("div", { class: "pi-anomaly-row" }, el("b", {}, "Anomaly "), ...v.anomaly.map((p) => disc(p))),
      el("h3", {}, "The wormhole"),
      el("ul", { class: "pi-cards" }, ...slots.map(({ c, i }) => el("li", {},
        el("span", {}, (alt && i < 3 ? "alternate: " : "") + cardWords(v, c)), " ", costEl(v, c)))),
      el("p", { class: "small dim" }, `Timeline deck: ${v.deck} cards` + (alt ? ` · alternate timeline: ${v.alternate}` : "") +
        ` · discarded: ${v.discard.length}`),
      ...v.players.filter((p) => p.seat !== skip).map((p) => playerEl(v, p, false)),
      v.rival ? el("p", {}, `Rival lab: score pile ${v.rival.pile.length} cards, pawn on space ${v.rival.pawn}`) : null);
  }

  function consoleEl(v, p) {
    if (!p.console.length) return el("p", { class: "dim small" }, "Console: no cards.");
    return el("div", { class: "pi-console" }, ...SECTIONS.map((sec) => {
      const cards = p.console.filter((e) => e.section === sec);
      if (!cards.length) return null;
      return el("div", { class: "pi-section" }, el("b", {}, cap(sec)),
        ...cards.map((e) => el("div", { class: "pi-card" + (e.turns_left <= 1 ? " danger" : ""), "data-card": e.card },
          el("span", {}, cardWords(v, e.card)),
          el("span", { class: "small" + (e.turns_left <= 1 ? " pi-warn" : " dim") },
            e.turns_left <= 1 ? " lost at the end of this turn unless focused" : ` ${e.turns_left} turns left`),
          el("div", {}, costEl(v, e.card), e.placed.length ? el("span", { class: "small" }, " placed: ") : null,
            ...e.placed.map((x) => disc(x)), e.planets_saved ? el("span", { class: "small" }, ` planets saved: ${e.planets_saved}`) : null))));
    }));
  }

  function playerEl(v, p, mine) {
    const on = Object.entries(p.switches).map(([c, x]) => el("span", { class: `pi-switch pi-${LETTER[c]}` + (x ? " on" : "") }, `${c} ${x ? "on" : "off"}`));
    const allies = Object.entries(v.alliances).filter(([, s]) => s === p.seat).map(([c]) => c);
    const body = [
      el("div", { class: "pi-switches" }, ...on),
      el("p", { class: "small" }, "Tech modules: " + (p.tech.length ? p.tech.join(", ") : "none") + ` (${p.tech_deck} in the deck)` +
        (allies.length ? " · alliances: " + allies.join(", ") : "")),
      p.earned.length ? el("p", { class: "small" }, "Earned particles: ", ...p.earned.map((x) => disc(x))) : null,
      consoleEl(v, p),
      el("p", { class: "small" }, `Score pile (${p.pile.length}): ` + (p.pile.map((c) => cardWords(v, c)).join("; ") || "empty")),
    ];
    if (mine) return el("div", { class: "pi-mine" }, ...body);
    return el("details", { class: "pi-player" + (p.seat === v.turn ? " turn" : ""), "data-seat": String(p.seat) },
      el("summary", {}, el("b", {}, v.names[p.seat]), ` · ${v.scores[String(p.seat)]} points` + (p.seat === v.turn ? " · to act" : "")),
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
      grid.append(mine ? el("button", { class: cls.join(" "), "data-cell": k, "aria-label": (x === "--" ? "empty" : particleWords(x)) + ", " + cellWords([r, c]),
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
          ? `Nothing with the same symbol can swap with ${cellWords(k.includes(":") ? k : k.split(",").map(Number))}.` : "";
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

  function say(words, bad) {
    ui.msg = words; ui.bad = !!bad;
    const n = document.getElementById("pi-msg");
    if (n) { n.textContent = words; n.className = bad ? "error" : "dim"; }
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
    switch (m.type) {
      case "Place": return el("span", {}, disc(m.particle), ` ${particleWords(m.particle)} on ${card(m.card)}`);
      case "Stabilise": return `Stabilise ${worldName(v, m.world)} with ${particleWords(m.particle)}` + (m.card ? `, saving a planet on ${card(m.card)}` : "");
      case "Lock": return `Lock ${worldName(v, m.world)} with ${particleWords(m.particle)}` + (m.card ? `, saving a planet on ${card(m.card)}` : "");
      case "Ally": return `${v.alliances[m.colour] === null ? "Form" : "Break"} the ${m.colour} alliance with ${particleWords(m.particle)}`;
      case "Purple": return m.world ? `Switches off: a purple particle stabilises ${worldName(v, m.world)}` + (m.card ? `, saving a planet on ${card(m.card)}` : "")
        : `Switches off: a purple particle on ${card(m.card)}`;
      case "Tech": return ({
        destroy: `Destroy column ${m.column + 1}`, diagonal: "Diagonal: the next action may resolve a diagonal strand",
        swap: `Swap ${cellWords(m.a || [0, 0])} and ${cellWords(m.b || [0, 0])}`, rewind: `Rewind ${card(m.card || "")} to its starting section`,
        glitch: `Move the glitch ${m.spaces} space${m.spaces === 1 ? "" : "s"}`, search: `Search: take ${card(m.card || "")} from the discard`,
        paradox: `Paradox: ${particleWords(m.particle || "")} from ${card(m.card || "")} to ${card(m.to_card || "")}`,
        shift: `Shift row ${m.row + 1} one space right`,
      })[m.module] || m.module;
      case "Resolve": return `Resolve the strand through ${cellWords(m.at)}`;
      default: return m.type;
    }
  }

  // ---------------------------------------------------------------- this phone's controls

  function askedEl(v, legal) {
    const w = v.awaiting;
    if (!w) return null;
    if (w.kind === "draw") {
      const where = w.to === "matrix" ? `your matrix, ${cellWords(w.cells[0])} (${w.cells.length} to fill)`
        : w.to === "anomaly" ? "the anomaly" : "the rival lab";
      return el("div", { class: "pi-ask" }, el("h3", {}, `Which particle came out of the bag for ${where}?`),
        el("div", { class: "pi-draws" }, ...legal.filter((m) => m.type === "Draw").map((m) =>
          el("button", { class: "pi-draw", "data-draw": m.particle, "aria-label": particleWords(m.particle), onclick: () => send(m) }, disc(m.particle)))));
    }
    if (w.kind === "keep") {
      return el("div", { class: "pi-ask" }, el("h3", {}, "Keep one tech module (the other goes under your deck)"),
        el("div", { class: "pi-choices" }, ...legal.filter((m) => m.type === "Keep").map((m) =>
          button(el("span", {}, el("b", {}, cap(m.module)), ": " + MODULE[m.module]), m, { "data-keep": m.module }))));
    }
    if (w.kind === "switch" || w.kind === "rival-card") {
      return el("div", { class: "pi-ask" }, el("h3", {}, w.kind === "switch" ? "Activate a trigger switch" : "Give the rival lab a card of the alternate timeline"),
        el("div", { class: "pi-choices" }, ...legal.map((m) => button(m.type === "Switch" ? `Activate the ${m.colour} switch` : cardWords(v, m.card), m))));
    }
    if (w.kind === "penalty") {
      // "they must choose and discard one card corresponding to each fractured world"
      return el("div", { class: "pi-ask" }, el("h3", {}, `${worldName(v, w.world)} is fractured: discard one of its cards from your score pile`),
        el("div", { class: "pi-choices" }, ...legal.filter((m) => m.type === "Discard").map((m) =>
          button(el("span", {}, cardWords(v, m.card), m.card === w.best ? el("b", {}, " (suggested: costs you least)") : ""), m, { "data-discard": m.card }))));
    }
    if (w.kind === "teach") return teachEl(v, legal.find((m) => m.type === "Teach"));
    return null;
  }

  // A card the companion does not know yet: its cost (or nexus position) as printed, entered once.
  function teachEl(v, m) {
    if (!m) return null;
    const nexus = v.cards[m.card] && v.cards[m.card].timeframe === "nexus";
    if (ui.costFor !== m.card) { ui.costFor = m.card; ui.cost = [...(m.cost || [])]; ui.at = m.at ? key(m.at) : null; }
    const head = el("h3", {}, `${cardWords(v, m.card)} is new to the companion: enter it as printed`);
    if (nexus) {
      return el("div", { class: "pi-ask" }, head,
        el("p", {}, ui.at ? `Nexus position: ${cellWords(ui.at.split(",").map(Number))}. Tap another cell of your matrix to change it.` : "Tap the cell of your matrix the card shows."),
        el("button", Object.assign({ id: "pi-teach", onclick: () => send(Object.assign({}, m, { at: ui.at.split(",").map(Number) })) },
          ui.at ? {} : { disabled: "" }), "This is the nexus position"));
    }
    return el("div", { class: "pi-ask" }, head,
      el("p", {}, "Cost: ", ...(ui.cost.length ? ui.cost.map((x, i) => el("button", { class: "pi-chip", title: "tap to take it off",
        onclick: () => { ui.cost.splice(i, 1); redraw(); } }, costChip(x))) : [el("span", { class: "dim" }, "nothing yet")])),
      el("div", { class: "pi-addcost" }, ...COST.map((x) => el("button", { class: "quiet", "data-add": x, onclick: () => { ui.cost.push(x); redraw(); } }, "+ ", costChip(x)))),
      el("button", Object.assign({ id: "pi-teach", onclick: () => send(Object.assign({}, m, { cost: ui.cost, at: null })) },
        ui.cost.length ? {} : { disabled: "" }), "This is the cost"));
  }

  function turnEl(v, legal) {
    if (v.awaiting || !legal.length) return null;
    const of = (t) => legal.filter((m) => m.type === t);
    const parts = [];
    if (v.phase === "wormhole") {
      const alt = v.players.length <= 2;
      parts.push(el("h3", {}, "Your wormhole action"),
        group("Draft a card", of("Draft").map((m) => {
          const i = v.wormhole.indexOf(m.card);
          return button(el("span", {}, (alt && i < 3 ? "Alternate: " : "") + cardWords(v, m.card), " ", costEl(v, m.card)), m, { "data-draft": m.card });
        }), true),
        group("Activate a trigger switch", of("Switch").map((m) => button(`Activate the ${m.colour} switch`, m))),
        group("Build a tech module", of("Build").map((m) => button("Draw two tech modules and keep one", m))));
    } else {
      const swaps = of("Swap").length;
      parts.push(el("h3", {}, `Your matrix phase: ${v.actions} matrix action${v.actions === 1 ? "" : "s"} left`),
        swaps ? el("p", { class: "small" }, "Swap: tap a particle of your matrix, then a lit one with the same symbol (or an anomaly particle).") : null,
        group("Resolve a strand the refill made", of("Resolve").map((m) => button(moveWords(v, m), m))),
        group("Place particles on your cards", of("Place").map((m) => button(moveWords(v, m), m))),
        group("Stabilise or lock a world", [...of("Stabilise"), ...of("Lock")].map((m) => button(moveWords(v, m), m))),
        group("Alliances", of("Ally").map((m) => button(moveWords(v, m), m))),
        group("Purple particle", of("Purple").map((m) => button(moveWords(v, m), m))),
        of("Tech").some((m) => m.module === "swap") ? el("button", { id: "pi-swap-module", class: ui.module ? "picked" : "quiet",
          onclick: () => { ui.module = !ui.module; ui.pick = null; redraw(); } },
          ui.module ? "Swap module on: tap any two particles (tap here to cancel)" : "Use the swap module: swap any two particles") : null,
        group("Tech modules", of("Tech").filter((m) => m.module !== "swap").map((m) => button(moveWords(v, m), m))),
        ...of("EndTurn").map((m) => button("End my turn", m, { id: "pi-end-turn", class: "quiet" })),
        of("EndTurn").length ? null : el("p", { class: "small dim" }, "Your turn can end once your matrix actions are taken."));
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
    const p = v.players[me];
    const legal = v.legal || [];
    const controls = matrixControls(v, legal);
    const anomaly = v.anomaly.map((x, i) => {
      const k = `anomaly:${i}`;
      return el("button", { class: ["pi-cell", ...controls.marks(k)].join(" "), "data-cell": k, "aria-label": particleWords(x) + ", anomaly",
        onclick: () => controls.tap(k) }, disc(x));
    });
    root.replaceChildren(headerEl(v),
      el("div", { class: "pi-lab" },
        v.secret_goal ? el("p", { class: "pi-secret" }, "Your ", el("span", { "data-secret": "" }, v.secret_goal), " (yours alone)") : null,
        v.secret_score ? el("p", { class: "pi-secret small" }, v.secret_score, " (other phones and the table count your score without it)") : null,
        el("div", { class: "pi-boards" }, matrixEl(v, p, controls),
          el("div", { class: "pi-anomaly" }, el("span", { class: "small" }, "Anomaly"), ...anomaly)),
        playerEl(v, p, true)));
  }

  function seat(box, v, ctx) {
    const me = mySeat(ctx);
    if (me === null) return box.replaceChildren();
    last = Object.assign(last || {}, { box, v, ctx });
    const legal = v.legal || [];
    box.replaceChildren(...[
      askedEl(v, legal), turnEl(v, legal),
      el("div", { id: "pi-msg", class: ui.bad ? "error" : "dim" }, ui.msg),
      !legal.length && !v.finished ? el("p", { class: "dim" }, "Waiting: " + nowWords(v)) : null,
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
        select.append(...[0, 1, 2].map((i) => el("option", { value: "anomaly:" + i }, "anomaly " + (i + 1))));
        select.addEventListener("change", () => $("pi-sim-b-col").classList.toggle("hidden", select.value.startsWith("anomaly:")));
        return select;
      };
      const act = (a) => ctx.act(a).catch(() => null);
      const particle = el("select", { id: "pi-sim-particle", "aria-label": "particle" },
        ...["R", "Y", "B", "K", "W"].flatMap((c) => [1, 2, 3].map((n) => el("option", { value: c + n }, particleWords(c + n)))));
      box.replaceChildren(
        el("div", { class: "row" }, el("label", {}, "Lab ", el("select", { id: "pi-sim-seat", "aria-label": "seat" }))),
        el("div", { class: "row" }, "Swap row ", num("pi-sim-a-row", 5), " column ", num("pi-sim-a-col", 5),
          " with ", anomalyToo(num("pi-sim-b-row", 5, "row ")), " ", num("pi-sim-b-col", 5, "column ")),
        el("div", { class: "row" },
          el("button", { id: "pi-sim-swap", onclick: () => act({ action: "swap", seat: parseInt($("pi-sim-seat").value, 10), a: cell("pi-sim-a"), b: cell("pi-sim-b") }) }, "Swap them"),
          el("button", { class: "quiet", id: "pi-sim-drop", onclick: () => act({ action: "drop", seat: parseInt($("pi-sim-seat").value, 10) }) }, "Take the strand out and let it drop")),
        el("div", { class: "row" }, particle,
          el("button", { class: "quiet", id: "pi-sim-draw", onclick: () => act({ action: "draw", particles: [particle.value] }) }, "Lay it where the companion waits"),
          el("button", { class: "quiet", id: "pi-sim-deal", onclick: () => act({ action: "deal" }) }, "Deal all it waits for (a whole matrix, the anomaly)"),
          el("button", { class: "quiet", onclick: () => act({ action: "clear" }) }, "Clear the mat")));
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
