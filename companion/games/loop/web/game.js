"use strict";
// Loop on the phones and the table, drawn only from the viewer's own view:
// - every page: the day, whose turn, the destinations (today's machines and Ads), the stores,
//   each player's machines, parts, cracks, Ads and penalties, and what was said;
// - a player's phone (seat view): their hand in order, the next past action first with
//   "this will crack: ..." before they play it, and exactly the legal choices as buttons;
//   a launch that will crack or scrap parts says so first and launches on a second tap.
(function () {
  const { el, tr, term, comma } = ParadoxTable;
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
    if (c) return term(c.title);
    const h = ((v.me || {}).hand || []).find((x) => x.card === id);
    return h ? term(h.title) : id;
  }

  function machinesEl(p) {
    return el("div", { class: "loop-machines" }, ...p.machines.filter((m) => m.in_use || m.parts.length).map((m) =>
      el("span", { class: "loop-machine" + (m.launched ? " launched" : "") + (m.in_use ? "" : " idle") },
        ROMAN[m.number] + ": " + (m.parts.length ? m.parts.map(term).join(comma) : tr("empty")) + (m.launched ? " " + tr("(launched)") : ""))));
  }

  function playerEl(v, p) {
    const pen = p.penalties;
    return el("div", { class: "loop-player" + (p.seat === v.turn ? " turn" : "") + (p.removed ? " removed" : "") },
      el("div", { class: "loop-head" }, el("b", {}, p.name), " ",
        el("span", { class: "dim" }, p.removed ? tr("out of the game") :
          tr("{points} pts · cracks {cracks} · Ads {ads} left", { points: p.points, cracks: p.cracks, ads: p.ads_left }) +
          (p.ads_out.length ? " " + tr("(on {destinations})", { destinations: p.ads_out.map(term).join(comma) }) : ""))),
      machinesEl(p),
      el("div", { class: "dim small" }, penaltyWords(pen) + " · " +
        tr("hand {n} · today: {cards}", { n: p.hand_count, cards: p.placed.map((c) => term(c.title) + (c.new ? "*" : "")).join(comma) || tr("nothing yet") })));
  }

  function penaltyWords(pen) {
    const owed = [[tr("scrapped parts"), pen.scrapped], [tr("Ads"), pen.ads], [tr("cracks"), pen.cracks]].filter(([, n]) => n);
    return owed.length ? tr("penalties: {list}", { list: owed.map(([what, n]) => `${what} −${n}`).join(comma) }) : tr("no penalties");
  }

  function destinationsEl(v) {
    return el("table", { class: "loop-dests" }, ...v.destinations.map((d) => el("tr", {},
      el("td", {}, el("b", { class: "loop-word" }, term(d.name)), el("span", { class: "dim" }, " " + term(d.era) + (d.action ? " · " + term(d.action.replace("_", " ")) : ""))),
      el("td", {}, ...unbroken(d.parts.map(term))), el("td", { class: "num" }, String(d.points)),
      el("td", { class: "small loop-whose" }, [
        ...d.today.map((s) => tr("machine {name}", { name: v.names[s] })), ...d.ads.map((s) => tr("Ad {name}", { name: v.names[s] }))].join(comma)))));
  }

  // Parts a narrow column breaks between, never inside one: "ホイール +" / "エンジン", not ホイ/ール.
  function unbroken(parts) {
    return parts.flatMap((w, i) => [i ? " " : null, el("span", { class: "loop-word" }, i < parts.length - 1 ? w + " +" : w)]);
  }

  function board(root, v) {
    const stores = v.stores.map((s) => `${term(s.part)} ${s.count}`).join(" · ");
    root.replaceChildren(...[
      el("h2", {}, v.finished ? tr("Loop: the game is over") : tr("Loop · Day {day} of 3 · {name} to play", { day: v.day, name: v.names[v.turn] })),
      v.finished ? el("p", {}, tr("Winners: {names}", { names: v.winners.map((s) => v.names[s]).join(comma) })) : null,
      el("div", { class: "loop-said" }, ...v.said.slice(-3).map((w) => el("p", {}, w))),
      destinationsEl(v),
      el("p", { class: "small" }, tr("Stores: {stores}", { stores })),
      el("p", { class: "small dim" }, tr("Centre: {cards}", { cards: v.centre.map((c) => `${term(c.title)}${c.anomaly ? " " + tr("(anomaly)") : ""} ${c.count}`).join(comma) })),
      ...v.players.map((p) => playerEl(v, p))].filter(Boolean));
  }

  function words(v, m) {
    const on = (n) => tr("machine {machine}", { machine: ROMAN[n] });
    switch (m.type) {
      case "Act": {
        if (m.part && m.machine) return tr("{part} on {machine}", { part: term(m.part), machine: on(m.machine) });
        if (m.give) return tr("{give} off {machine}, {take} on {to}", { give: term(m.give), machine: on(m.machine), take: term(m.take), to: on(m.to_machine || m.machine) });
        if (m.from_machine) return tr("{part} from {a} to {b}", { part: term(m.part), a: on(m.from_machine), b: on(m.to_machine) });
        if (m.destination) return tr("Ad on {destination}", { destination: term(m.destination) });
        if (m.part) return tr("take a scrapped {part} back", { part: term(m.part) });
        return tr("play it");
      }
      case "TrashPart": return tr("trash the {part} on {machine}", { part: term(m.part), machine: on(m.machine) });
      case "Launch": {
        const d = v.destinations.find((x) => x.name === m.destination);
        return tr("launch {machine} to {destination} (+{points})", { machine: on(m.machine), destination: term(m.destination), points: d ? d.points : "?" });
      }
      case "Future": return m.part && m.machine ? tr("{part} on {machine}", { part: term(m.part), machine: on(m.machine) })
        : m.give ? tr("{give} for {take}", { give: term(m.give), take: term(m.take) }) : tr("{part} moves", { part: term(m.part) });
      case "EndTurn": return tr("end my turn");
      default: return m.type;
    }
  }

  function seat(box, v, ctx) {
    const me = v.me;
    if (!me) return box.replaceChildren();
    const parts = [el("h2", {}, tr("Your hand"))];
    parts.push(me.hand.length ? el("ol", { class: "loop-hand" }, ...me.hand.map((c, i) => el("li", {},
      term(c.title), i === 0 && c.warning ? el("span", { class: "loop-warning" }, " " + c.warning) : null))) :
      el("p", { class: "dim" }, tr("No cards in hand today.")));
    const legal = v.legal || [];
    if (legal.length) {
      const acts = legal.filter((m) => m.type === "Act");
      if (acts.length) {
        const keys = [...new Set(acts.map((m) => m.new === null ? "" : m.new))];
        parts.push(el("h3", {}, tr("Your action")), el("div", { class: "loop-cards" }, ...keys.map((k) => {
          const reason = k === "" ? (me.hand[0] || {}).crack : ((me.new_choices.find((c) => c.card === k) || {}).crack);
          return el("button", { class: (ui.card === k ? "chosen" : "quiet") + (reason ? " cracks" : ""), "data-card": k,
            onclick: () => { ui.card = k; seat(box, v, ctx); } },
            (k === "" ? tr("Past: {card}", { card: title(v, me.hand[0].card) }) : tr("New: {card}", { card: title(v, k) })) + (reason ? " " + tr("(cracks)") : ""));
        })));
        if (ui.card !== undefined) {
          const chosen = acts.filter((m) => (m.new === null ? "" : m.new) === ui.card);
          const reason = ui.card === "" ? (me.hand[0] || {}).crack : ((me.new_choices.find((c) => c.card === ui.card) || {}).crack);
          if (reason) parts.push(el("p", { class: "loop-warning" }, tr("This will crack: {reason}", { reason })));
          parts.push(el("div", { class: "loop-choices" }, ...chosen.map((m) =>
            el("button", { onclick: () => post(ctx.post, m) }, words(v, m)))));
        }
      } else {
        // a launch that cracks or scraps parts is said first and chosen on a second tap
        const cost = (m) => m.type === "Launch" ? (me.launches || []).find((l) =>
          l.machine === m.machine && l.destination === m.destination) : undefined;
        const key = (m) => m.machine + "@" + m.destination;
        parts.push(el("h3", {}, v.phase === "trash" ? tr("Trash parts, launch, or end") : v.phase === "future" ? tr("The destination's action") : tr("Launch a machine?")),
          el("div", { class: "loop-choices" }, ...legal.map((m) => {
            const c = cost(m);
            const warned = c && c.warning;
            const label = words(v, m) + (c && c.crack ? " " + tr("(cracks)") : "") + (c && c.scrap.length ? " " + tr("(scraps {n})", { n: c.scrap.length }) : "");
            return el("button", { class: (m.type === "EndTurn" ? "quiet" : "") + (warned ? " cracks" : "") + (warned && ui.launch === key(m) ? " chosen" : ""),
              onclick: () => { if (warned) { ui.launch = key(m); seat(box, v, ctx); } else post(ctx.post, m); } }, label);
          })));
        const chosen = legal.find((m) => m.type === "Launch" && ui.launch === key(m) && (cost(m) || {}).warning);
        if (chosen) {
          const c = cost(chosen);
          if (c.crack) parts.push(el("p", { class: "loop-warning" }, tr("This will crack: {reason}", { reason: c.crack })));
          if (c.scrap_words) parts.push(el("p", { class: "loop-warning" }, tr("This will scrap {parts}", { parts: c.scrap_words })));
          parts.push(el("div", { class: "loop-choices" }, el("button", { onclick: () => post(ctx.post, chosen) }, tr("launch it"))));
        }
      }
    } else if (!v.finished) {
      parts.push(el("p", { class: "dim" }, tr("Waiting for {name}.", { name: v.names[v.turn] })));
    }
    parts.push(el("div", { id: "loop-msg", class: ui.bad ? "error" : "dim" }, ui.msg));
    box.replaceChildren(...parts);
  }

  ParadoxTable.register("loop", {
    board: (root, v) => board(root, v),
    seat: (box, v, ctx) => seat(box, v, ctx),
  });
})();
