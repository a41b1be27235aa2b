"use strict";
// Loop on the phones and the table, drawn only from the viewer's own view:
// - every page: the day, whose turn, the destinations (today's machines and Ads), the stores,
//   each player's machines, parts, cracks, Ads and penalties, and what was said;
// - a player's phone (seat view): their hand in order, the next past action first with
//   "this will crack: ..." before they play it, and exactly the legal choices as buttons;
//   a launch that will crack or scrap parts says so first and launches on a second tap.
(function () {
  const el = ParadoxTable.el;
  const ROMAN = { 1: "I", 2: "II", 3: "III" };
  const ui = { card: undefined, launch: undefined, msg: "", bad: false, busy: false };

  function post(send, move) {
    if (ui.busy) return Promise.resolve();
    ui.msg = ""; ui.bad = false; ui.busy = true;
    return send(move).then((res) => { ui.busy = false; ui.card = undefined; ui.launch = undefined; return res; },
      (e) => { ui.busy = false; ui.msg = e.message; ui.bad = true; const n = document.getElementById("loop-msg");
        if (n) { n.textContent = ui.msg; n.className = "error"; } });
  }

  function title(v, id) {
    const c = v.centre.find((x) => x.card === id);
    if (c) return c.title;
    const h = ((v.me || {}).hand || []).find((x) => x.card === id);
    return h ? h.title : id;
  }

  function machinesEl(p) {
    return el("div", { class: "loop-machines" }, ...p.machines.filter((m) => m.in_use || m.parts.length).map((m) =>
      el("span", { class: "loop-machine" + (m.launched ? " launched" : "") + (m.in_use ? "" : " idle") },
        ROMAN[m.number] + ": " + (m.parts.length ? m.parts.join(", ") : "empty") + (m.launched ? " (launched)" : ""))));
  }

  function playerEl(v, p) {
    const pen = p.penalties;
    return el("div", { class: "loop-player" + (p.seat === v.turn ? " turn" : "") + (p.removed ? " removed" : "") },
      el("div", { class: "loop-head" }, el("b", {}, p.name), " ",
        el("span", { class: "dim" }, p.removed ? "out of the game" :
          `${p.points} pts · cracks ${p.cracks} · Ads ${p.ads_left} left` + (p.ads_out.length ? ` (on ${p.ads_out.join(", ")})` : ""))),
      machinesEl(p),
      el("div", { class: "dim small" }, penaltyWords(pen) +
        ` · hand ${p.hand_count} · today: ` + (p.placed.map((c) => c.title + (c.new ? "*" : "")).join(", ") || "nothing yet")));
  }

  function penaltyWords(pen) {
    const owed = [["scrapped parts", pen.scrapped], ["Ads", pen.ads], ["cracks", pen.cracks]].filter(([, n]) => n);
    return owed.length ? "penalties: " + owed.map(([what, n]) => `${what} −${n}`).join(", ") : "no penalties";
  }

  function destinationsEl(v) {
    return el("table", { class: "loop-dests" }, ...v.destinations.map((d) => el("tr", {},
      el("td", {}, el("b", {}, d.name), el("span", { class: "dim" }, " " + d.era + (d.action ? " · " + d.action.replace("_", " ") : ""))),
      el("td", {}, d.parts.join(" + ")), el("td", { class: "num" }, String(d.points)),
      el("td", { class: "small" }, [
        ...d.today.map((s) => "machine " + v.names[s]), ...d.ads.map((s) => "Ad " + v.names[s])].join(", ")))));
  }

  function board(root, v) {
    const stores = v.stores.map((s) => `${s.part} ${s.count}`).join(" · ");
    root.replaceChildren(...[
      el("h2", {}, v.finished ? "Loop: the game is over" : `Loop · Day ${v.day} of 3 · ${v.names[v.turn]} to play`),
      v.finished ? el("p", {}, "Winners: " + v.winners.map((s) => v.names[s]).join(", ")) : null,
      el("div", { class: "loop-said" }, ...v.said.slice(-3).map((w) => el("p", {}, w))),
      destinationsEl(v),
      el("p", { class: "small" }, "Stores: " + stores),
      el("p", { class: "small dim" }, "Centre: " + v.centre.map((c) => `${c.title}${c.anomaly ? " (anomaly)" : ""} ${c.count}`).join(", ")),
      ...v.players.map((p) => playerEl(v, p))].filter(Boolean));
  }

  function words(v, m) {
    const on = (n) => "machine " + ROMAN[n];
    switch (m.type) {
      case "Act": {
        if (m.part && m.machine) return `${m.part} on ${on(m.machine)}`;
        if (m.give) return `${m.give} off ${on(m.machine)}, ${m.take} on ${on(m.to_machine || m.machine)}`;
        if (m.from_machine) return `${m.part} from ${on(m.from_machine)} to ${on(m.to_machine)}`;
        if (m.destination) return `Ad on ${m.destination}`;
        if (m.part) return `take a scrapped ${m.part} back`;
        return "play it";
      }
      case "TrashPart": return `trash the ${m.part} on ${on(m.machine)}`;
      case "Launch": {
        const d = v.destinations.find((x) => x.name === m.destination);
        return `launch ${on(m.machine)} to ${m.destination} (+${d ? d.points : "?"})`;
      }
      case "Future": return m.part ? `${m.part} on ${on(m.machine)}` : m.give ? `${m.give} for ${m.take}` : `${m.part} moves`;
      case "EndTurn": return "end my turn";
      default: return m.type;
    }
  }

  function seat(box, v, ctx) {
    const me = v.me;
    if (!me) return box.replaceChildren();
    const parts = [el("h2", {}, "Your hand")];
    parts.push(me.hand.length ? el("ol", { class: "loop-hand" }, ...me.hand.map((c, i) => el("li", {},
      c.title, i === 0 && c.warning ? el("span", { class: "loop-warning" }, " " + c.warning) : null))) :
      el("p", { class: "dim" }, "No cards in hand today."));
    const legal = v.legal || [];
    if (legal.length) {
      const acts = legal.filter((m) => m.type === "Act");
      if (acts.length) {
        const keys = [...new Set(acts.map((m) => m.new === null ? "" : m.new))];
        parts.push(el("h3", {}, "Your action"), el("div", { class: "loop-cards" }, ...keys.map((k) => {
          const reason = k === "" ? (me.hand[0] || {}).crack : ((me.new_choices.find((c) => c.card === k) || {}).crack);
          return el("button", { class: (ui.card === k ? "chosen" : "quiet") + (reason ? " cracks" : ""), "data-card": k,
            onclick: () => { ui.card = k; seat(box, v, ctx); } },
            (k === "" ? "Past: " + title(v, me.hand[0].card) : "New: " + title(v, k)) + (reason ? " (cracks)" : ""));
        })));
        if (ui.card !== undefined) {
          const chosen = acts.filter((m) => (m.new === null ? "" : m.new) === ui.card);
          const reason = ui.card === "" ? (me.hand[0] || {}).crack : ((me.new_choices.find((c) => c.card === ui.card) || {}).crack);
          if (reason) parts.push(el("p", { class: "loop-warning" }, "This will crack: " + reason));
          parts.push(el("div", { class: "loop-choices" }, ...chosen.map((m) =>
            el("button", { onclick: () => post(ctx.post, m) }, words(v, m)))));
        }
      } else {
        // a launch that cracks or scraps parts is said first and chosen on a second tap
        const cost = (m) => m.type === "Launch" ? (me.launches || []).find((l) =>
          l.machine === m.machine && l.destination === m.destination) : undefined;
        const key = (m) => m.machine + "@" + m.destination;
        parts.push(el("h3", {}, v.phase === "trash" ? "Trash parts, launch, or end" : v.phase === "future" ? "The destination's action" : "Launch a machine?"),
          el("div", { class: "loop-choices" }, ...legal.map((m) => {
            const c = cost(m);
            const warned = c && c.warning;
            const label = words(v, m) + (c && c.crack ? " (cracks)" : "") + (c && c.scrap.length ? ` (scraps ${c.scrap.length})` : "");
            return el("button", { class: (m.type === "EndTurn" ? "quiet" : "") + (warned ? " cracks" : "") + (warned && ui.launch === key(m) ? " chosen" : ""),
              onclick: () => { if (warned) { ui.launch = key(m); seat(box, v, ctx); } else post(ctx.post, m); } }, label);
          })));
        const chosen = legal.find((m) => m.type === "Launch" && ui.launch === key(m) && (cost(m) || {}).warning);
        if (chosen) {
          const c = cost(chosen);
          if (c.crack) parts.push(el("p", { class: "loop-warning" }, "This will crack: " + c.crack));
          if (c.scrap_words) parts.push(el("p", { class: "loop-warning" }, "This will scrap " + c.scrap_words));
          parts.push(el("div", { class: "loop-choices" }, el("button", { onclick: () => post(ctx.post, chosen) }, "launch it")));
        }
      }
    } else if (!v.finished) {
      parts.push(el("p", { class: "dim" }, `Waiting for ${v.names[v.turn]}.`));
    }
    parts.push(el("div", { id: "loop-msg", class: ui.bad ? "error" : "dim" }, ui.msg));
    box.replaceChildren(...parts);
  }

  ParadoxTable.register("loop", {
    board: (root, v) => board(root, v),
    seat: (box, v, ctx) => seat(box, v, ctx),
  });
})();
