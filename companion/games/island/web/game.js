"use strict";
// Paradox Island on the phones and the table, drawn only from the viewer's own view:
// - the OP's link (master view): the island as a hex map with every piece, the words to say
//   aloud, the captives' boards, and the moves the rules accept now (the view's `legal` list);
// - a captive's link (seat view): their own character board, their decision and moves, and a
//   blank notes map of the 37 spaces that only they write on;
// - the table (public view): whose turn, markers, perishes, the power token, what was said.
(function () {
  const { el, tr, trn, term, listed } = ParadoxTable;
  const COMMA = ParadoxTable.comma;  // between a label's clauses
  const AND = ParadoxTable.lang === "ja" ? "と" : " and ";
  const SVG = "http://www.w3.org/2000/svg";
  const ROOT3 = Math.sqrt(3);
  const SIZE = 24;  // hex radius in SVG units
  const PARTS = ["north", "north-east", "south-east", "south", "south-west", "north-west"];
  const PART_ANGLE = { "north": -90, "north-east": -30, "south-east": 30, "south": 90, "south-west": 150, "north-west": 210 };
  const DIRS = ["NW", "NE", "W", "E", "SW", "SE"];  // laid out as they point
  const DIR_WORDS = { E: "east", SE: "southeast", SW: "southwest", W: "west", NW: "northwest", NE: "northeast" };
  const LABELS = [];
  for (let r = -3; r <= 3; r++) {
    const first = Math.max(-3, -3 - r), last = Math.min(3, 3 - r);
    for (let q = first; q <= last; q++) LABELS.push("ABCDEFG"[r + 3] + (q - first + 1));
  }
  // What a page keeps between redraws (a live update must not lose a half-made choice).
  const ui = { palm: null, dir: null, over: false, safe: false, piece: null, noteSpace: null, draft: "",
               msg: "", bad: false, wave: null, rock: null, bush: null, build: "",
               tile: null, turns: 0, lift: null, print: null, fix: null,
               sel: null, choose: null, info: null, busy: false, view: null, oracle: [], me: null };

  const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
  const dirWords = (d) => term(DIR_WORDS[d]);
  const named = (id) => term(cap(id));  // a piece's id ("phil") as the players read it

  function coord(label) {
    const r = label.charCodeAt(0) - 65 - 3;
    const first = Math.max(-3, -3 - r);
    return [first + parseInt(label.slice(1), 10) - 1, r];
  }
  function centre(label) {
    const [q, r] = coord(label);
    return [SIZE * ROOT3 * (q + r / 2), SIZE * 1.5 * r];
  }
  function svgEl(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }
  function hexPoints(x, y, s) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 180 * (60 * i - 30);
      pts.push((x + s * Math.cos(a)).toFixed(1) + "," + (y + s * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }

  // Every word on a map is at least ~11 px on a 390 px phone: the map fills the phone's width
  // (game.css), the ocean is a band around the island, and a word too long for its hex is
  // narrowed (textLength) rather than made smaller.
  const FONT = 11.5;  // SVG units; the map is drawn at ~1.05-1.1 px per unit on such a phone
  const HALF_W = 168, HALF_H = 156;
  // a kana is ~1 em wide, a letter ~0.6
  const ems = (text) => [...String(text)].reduce((w, c) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 1 : 0.6), 0);
  function label(x, y, text, cls, max) {
    const t = svgEl("text", { x: x.toFixed(1), y: y.toFixed(1), class: cls }, text);
    if (max && ems(text) * FONT > max) { t.setAttribute("textLength", max); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
    return t;
  }
  // The start of a note that a map shows: as wide as 7 letters (4 kana), so it stays readable.
  function clip(text, em) {
    let out = "";
    for (const c of String(text)) { if (ems(out + c) > em) break; out += c; }
    return out;
  }
  function partSpot(name, d) {
    const a = Math.PI / 180 * PART_ANGLE[name];
    return [d * Math.cos(a), d * Math.sin(a)];
  }
  // Where a part's label sits (and along which angle it reads), and beside it its pieces.
  function partLabelAt(name) {
    const a = PART_ANGLE[name];
    if (a === -90) return { x: 0, y: -HALF_H + 12, rot: 0, along: [1, 0] };
    if (a === 90) return { x: 0, y: HALF_H - 12, rot: 0, along: [1, 0] };
    const [x, y] = partSpot(name, 147);
    const rot = a + 90 * (Math.cos(Math.PI / 180 * a) > 0 ? 1 : -1);
    const r = Math.PI / 180 * rot;
    return { x, y, rot, along: [Math.cos(r), Math.sin(r)] };
  }

  // The island's hexes in their ocean. `cell(label)` -> {cls, lines, attrs}; `part(name)` ->
  // {cls, text}; taps go to onCell/onPart; `over(svg)` adds pieces on top.
  function hexMap(cell, part, onCell, onPart, over, cls) {
    const svg = svgEl("svg", { viewBox: `${-HALF_W} ${-HALF_H} ${HALF_W * 2} ${HALF_H * 2}`,
                               class: "island-map " + (cls || ""), role: "img" });
    const far = HALF_W * 3;
    for (const name of PARTS) {
      const a = PART_ANGLE[name];
      const v = (d) => [far * Math.cos(Math.PI / 180 * d), far * Math.sin(Math.PI / 180 * d)];
      const [x1, y1] = v(a - 30), [x2, y2] = v(a + 30);
      const p = part(name);
      const g = svgEl("g", { class: "ocean " + (p.cls || ""), "data-part": name },
        svgEl("polygon", { points: `0,0 ${x1.toFixed(1)},${y1.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}` }));
      const at = partLabelAt(name);
      const t = label(at.x, at.y, p.text || term(name), "part-label", Math.abs(a) === 90 ? 250 : 120);
      if (at.rot) t.setAttribute("transform", `rotate(${at.rot} ${at.x.toFixed(1)} ${at.y.toFixed(1)})`);
      g.append(t);
      if (onPart) g.addEventListener("click", () => onPart(name));
      svg.append(g);
    }
    for (const name of LABELS) {
      const [x, y] = centre(name);
      const c = cell(name);
      const g = svgEl("g", Object.assign({ class: "hex " + (c.cls || ""), "data-space": name }, c.attrs || {}),
        svgEl("polygon", { points: hexPoints(x, y, SIZE - 1) }),
        label(x, y - 12, name, "space-label"));
      // a word no wider than the hex is where it lies, clear of its border (ポータル2, サクランボ):
      // 35 across the middle, 24 lower down where the hex narrows
      (c.lines || []).slice(0, 2).forEach((line, i) => g.append(label(x, y + 1 + i * 12, line, "space-text", i ? 24 : 35)));
      if (onCell) g.addEventListener("click", () => onCell(name));
      svg.append(g);
    }
    if (over) over(svg);
    return svg;
  }

  // ---- shared bits

  // A move from this phone. A refusal is shown until the next view arrives (fresh()); a move the
  // companion took needs no word of its own: the new view and what is said show it.
  function post(send, move) {
    if (ui.busy) return Promise.resolve();
    ui.msg = ""; ui.bad = false; ui.busy = true; flash();
    return send(move).then((res) => { ui.busy = false; return res; },
      (e) => { ui.busy = false; ui.msg = e.message; ui.bad = true; flash(); });
  }
  function flash() {
    const n = document.getElementById("island-msg");
    if (n) { n.textContent = ui.msg; n.className = ui.bad ? "error" : "dim"; }
  }
  function msgEl() { return el("div", { id: "island-msg", class: ui.bad ? "error" : "dim" }, ui.msg); }
  // A new view from the companion (not a redraw of this page's own): the last view's refusal and
  // half-made map choice are gone.
  function fresh(v) {
    if (ui.view === v) return;
    ui.view = v; ui.msg = ""; ui.bad = false; ui.choose = null;
  }

  // on a captive's own phone the game waiting for them says so: "waiting for you", not their name
  function whoIs(v, seat) { return seat === ui.me ? tr("you") : seat === 0 ? tr("the OP") : v.names[seat]; }

  function status(v, compact) {
    const lines = [];
    if (v.phase === "over") {
      lines.push(el("p", { class: "island-winner" }, v.winner === 0
        ? tr("The Omnipotence Paradox wins: {n} captives perished.", { n: v.perished })
        : tr("{name} completed their mission and wins!", { name: v.names[v.winner] })));
    } else if (v.phase !== "play") {
      const step = { island: tr("the OP builds the island"), pieces: tr("the OP places the Wave, the Rock and the Bush"),
        fruits: tr("each captive chooses a starting fruit") }[v.phase] || v.phase;
      lines.push(el("p", {}, tr("Setting up: {step}", { step }) +
        (v.waiting_for !== null ? " · " + tr("waiting for {who}", { who: whoIs(v, v.waiting_for) }) : "")));
    } else {
      lines.push(el("p", { class: "island-turn" }, tr("Round {round}", { round: v.round }) + " · " +
        (v.turn === 0 ? tr("the OP's turn") : tr("{name}'s turn", { name: v.names[v.turn] })) +
        " · " + trn("{n} action left", "{n} actions left", v.actions_left) +
        (v.waiting_for !== null && v.waiting_for !== v.turn ? " · " + tr("waiting for {who}", { who: whoIs(v, v.waiting_for) }) : "")));
    }
    const offMap = () => el("p", { class: "dim" }, tr("Off the map: {pieces}", { pieces: listed(v.off_the_map.map(term)) }));
    if (compact) {
      lines.push(el("p", { class: "island-public dim" }, tr("Markers given to the OP: {markers}", { markers:
        Object.entries(v.mission_markers).map(([seat, n]) => `${v.names[seat]} ${n}`).join(" · ") }) +
        " · " + tr("perished {n} of {goal}", { n: v.perished, goal: v.perish_goal })));
      lines.push(el("p", { class: "island-token dim" }, v.power_token ? tr("Power token: {name}. {text}", v.power_token) : tr("No power token in force")));
      if (v.off_the_map.length) lines.push(offMap());
      return lines;
    }
    const markers = el("table", { class: "island-public" },
      el("tr", {}, el("th", {}, tr("Captive")), el("th", {}, tr("Markers given to the OP"))));
    for (const [seat, n] of Object.entries(v.mission_markers)) {
      markers.append(el("tr", { "data-seat": seat }, el("td", {}, v.names[seat] +
        (v.pieces_of_seats[seat].length > 1 ? " (" + v.pieces_of_seats[seat].join(COMMA) + ")" : "")),
        el("td", { class: "num" }, String(n))));
    }
    lines.push(markers);
    lines.push(el("p", { class: "island-perished" }, tr("Perished: {n} of {goal}", { n: v.perished, goal: v.perish_goal })));
    lines.push(el("p", { class: "island-token" }, v.power_token
      ? el("span", {}, el("strong", {}, tr("Power token in force: {name}", v.power_token)), el("br"), el("span", { class: "dim" }, v.power_token.text))
      : el("span", { class: "dim" }, tr("No power token in force"))));
    if (v.off_the_map.length) lines.push(offMap());
    return lines;
  }

  function saidLog(v, count) {
    const box = el("ol", { class: "island-said", reversed: "" });
    v.said.slice(-count).reverse().forEach((s) => box.append(el("li", {}, el("strong", {}, s.speaker + ": "), s.words)));
    return box;
  }

  // Every OP line since "Said it" was last tapped (one dropped here is never heard). The mark, a
  // count of the table's lines, stays on this phone per game link; an undo lowers it.
  const SAID_KEY = "island-said-up-to";
  function saidMark(v) {
    let kept = {};
    try { kept = JSON.parse(localStorage.getItem(SAID_KEY) || "{}") || {}; } catch (e) { kept = {}; }
    if (kept.link !== localStorage.getItem("seatToken")) return 0;
    const n = Number(kept.n) || 0;
    if (n > v.said.length) markSaid(v, v.said.length);  // taken back: the lines said after it come anew
    return Math.min(n, v.said.length);
  }
  function markSaid(v, n) {
    localStorage.setItem(SAID_KEY, JSON.stringify({ link: localStorage.getItem("seatToken"), n: n === undefined ? v.said.length : n }));
  }
  function toSayAloud(v) {
    return v.said.slice(saidMark(v)).filter((s) => s.speaker === "OP").map((s) => s.words);
  }

  function pips(n, max, cls) {
    const box = el("span", { class: "pips " + cls, title: tr("{n} of {max}", { n, max }) });
    for (let i = 0; i < max; i++) box.append(el("span", { class: i < n ? "pip on" : "pip" }));
    box.append(el("span", { class: "pip-num" }, ` ${n}/${max}`));
    return box;
  }

  function pieceLine(p, named) {
    return el("div", { class: "island-piece" }, named ? el("strong", {}, term(p.piece)) : null,
      p.perished ? el("span", { class: "error" }, " " + tr("perished")) : null,
      p.lying ? el("span", { class: "dim" }, " " + tr("lying in a lake")) : null,
      el("div", {}, (p.energy_is_health ? tr("Energy (also health)") : tr("Health")) + " ",
        p.energy_is_health ? null : pips(p.health, p.max_health, "health")),
      p.energy_is_health ? null : el("div", {}, tr("Energy") + " ", pips(p.energy, p.max_energy, "energy")),
      p.energy_is_health ? pips(p.energy, p.max_energy, "energy") : null,
      p.starting_fruit ? el("div", { class: "dim" }, tr("Starting fruit: {fruit}", { fruit: term(p.starting_fruit) })) : null);
  }

  function boardEl(b, pieces) {
    const fruits = el("div", { class: "fruits" });
    for (const [fruit, mark] of Object.entries(b.fruits)) {
      fruits.append(el("span", { class: "fruit " + (mark || "none"), "data-fruit": fruit,
        title: mark ? term(fruit) + " " + term(mark) : term(fruit) }, term(fruit)));
    }
    const bonuses = el("ul", { class: "bonuses" });
    b.bonuses.forEach((x) => bonuses.append(el("li", {}, x.words,
      el("span", { class: "dim" }, " (" + (x.fruits.length ? x.fruits.map(term).join(COMMA) : tr("no fruit yet")) + (x.when === "any" ? COMMA + tr("any time") : "") + ")"))));
    const total = b.markers_left + b.crossed_out.length;
    return el("div", { class: "island-board" },
      el("h3", {}, term(b.character)),
      ...pieces.map((p) => pieceLine(p, pieces.length > 1 || p.piece !== b.character)),
      el("p", {}, el("strong", {}, tr("Mission:") + " "), b.mission),
      el("div", {}, tr("Progress") + " ", pips(b.crossed_out.length, total, "mission"),
        b.crossed_out.length ? el("span", { class: "dim" }, " · " + b.crossed_out.join(COMMA)) : null),
      el("p", { class: "dim" }, tr("Fruits: circled can be used, crossed out are spent")), fruits,
      el("p", { class: "dim" }, tr("Bonuses")), bonuses,
      b.additional_bonuses ? el("p", {}, tr("Additional bonus squares: {squares}", { squares:
        b.additional_bonuses.map((x, i) => `${i + 1} ${term(x.state || "empty")}`).join(" · ") })) : null,
      b.crossed_out_op_pieces && b.crossed_out_op_pieces.length ? el("p", {}, tr("OP pieces crossed out: {pieces}", { pieces: b.crossed_out_op_pieces.map(term).join(COMMA) })) : null,
      b.called_off ? el("p", {}, tr("Called off: {pieces}", { pieces: b.called_off.map(term).join(COMMA) })) : null);
  }

  function button(text, attrs, onclick) {
    const clean = {};
    for (const [k, x] of Object.entries(attrs || {})) if (x !== null && x !== undefined) clean[k] = x;
    return el("button", Object.assign(clean, { onclick }), text);
  }

  // A folding section that stays open or closed across live redraws.
  const opened = new Set();
  function fold(key, summary, ...children) {
    const head = el("summary", {}, summary);
    const d = el("details", Object.assign({ "data-fold": key }, opened.has(key) ? { open: "" } : {}), head, ...children);
    // noted on the tap itself: a live redraw may replace this fold before its toggle event
    head.addEventListener("click", () => { if (d.open) opened.delete(key); else opened.add(key); });
    return d;
  }

  function optionWords(o) { return DIR_WORDS[o] ? `${o} · ${dirWords(o)}` : term(o); }

  // What a fruit's bonus does, in the board's words (a captive's own board; in the OP's view, the
  // board of the seat the move is for).
  function bonusWords(v, seat, fruit) {
    const board = v.board || (v.boards || {})[seat];
    const b = board && board.bonuses.find((x) => x.fruits.includes(fruit));
    return b ? b.words.replace(/\.$/, "") : "";
  }

  function moveWords(m, v) {
    const who = m.type.startsWith("Bush") ? "Bush" : "Rock";
    switch (m.type) {
      case "WaveMove": return tr("Wave to {part}", { part: term(m.part) });
      case "WaveAttack": return tr("Wave attacks {name}", { name: named(m.target) });
      case "BushAction": case "RockAction": {
        const said = { piece: term(who), name: named(m.push), direction: dirWords(m.push_direction), to: dirWords(m.direction) };
        if (m.push) return !m.direction ? tr("{piece} pushes {name} {direction}", said)
          : m.push_first ? tr("{piece} pushes {name} {direction}, then moves {to}", said) : tr("{piece} pushes {name} {direction} after moving {to}", said);
        return tr("{piece} {direction}", { piece: term(who), direction: dirWords(m.direction) }) +
          (m.start ? " " + tr("from {space}", { space: m.start }) : "") +
          (m.activate ? COMMA + tr("through it") : "") + (m.through ? " " + tr("out at {space}", { space: m.through }) : "") +
          (m.then ? COMMA + tr("then {direction}", { direction: dirWords(m.then) }) : "");
      }
      case "Rest": return m.piece ? tr("Rest ({name}): restore 2 energy", { name: named(m.piece) }) : tr("Rest: restore 2 energy");
      case "UseBonus": {
        const words = v ? bonusWords(v, m.seat, m.fruit) : "";
        return (m.piece ? tr("Use the {fruit} ({name})", { fruit: term(m.fruit), name: named(m.piece) }) : tr("Use the {fruit}", { fruit: term(m.fruit) })) +
          (words ? ": " + words : "") + (m.target ? " · " + term(m.target) : "") +
          (m.direction ? " · " + dirWords(m.direction) : "");
      }
      case "UseExtraBonus": return tr("Additional bonus square {square}", { square: m.square });
      case "EndTurn": return tr("End turn");
      default: return m.type;
    }
  }

  // A decision: its options in the view's words (a bonus as printed, a power token with what it
  // does, a space with what lies there), for whoever it is put to.
  function decisionEl(v, send, mine) {
    const d = v.decision;
    if (!d) return null;
    if (!mine) return el("p", { class: "island-waiting" }, tr("Waiting for {who}: {prompt}", { who: whoIs(v, d.seat), prompt: d.prompt }));
    const said = {};
    (d.choices || []).forEach((c) => { said[c.option] = c; });
    const chooses = (v.legal || []).filter((m) => m.type === "Choose" && m.seat === (d.seat === undefined ? m.seat : d.seat));
    if (isOracle(chooses)) return oracleEl(d, chooses, send);
    return el("div", { class: "decision" },
      el("p", { class: "decision-prompt" }, d.prompt),
      el("div", { class: "row" }, ...chooses.map((m) => {
        const c = said[m.option] || { words: optionWords(m.option) };
        const b = button(c.words, { "data-option": m.option, class: c.text ? "explained" : null }, () => post(send, m));
        if (c.text) b.append(el("span", { class: "explain" }, c.text));
        return b;
      })));
  }

  // The oracle's answer is up to two directions: the captive taps them on the compass and asks,
  // rather than reading 22 buttons (none, six singles, fifteen pairs).
  const isOracle = (chooses) => chooses.length > 7 && chooses.some((m) => m.option === "none") &&
    chooses.every((m) => m.option === "none" || m.option.split(" ").every((x) => DIR_WORDS[x]));
  function oracleEl(d, chooses, send) {
    const picked = (ui.oracle || []).filter((x) => DIR_WORDS[x]);
    const wanted = (m) => {
      const dirs = m.option === "none" ? [] : m.option.split(" ");
      return dirs.length === picked.length && picked.every((x) => dirs.includes(x));
    };
    const move = chooses.find(wanted);
    const tap = (x) => {
      const had = picked.includes(x);
      ui.oracle = had ? picked.filter((y) => y !== x) : picked.concat([x]).slice(-2);  // a third replaces the oldest
      redraw();
    };
    return el("div", { class: "decision oracle" },
      el("p", { class: "decision-prompt" }, d.prompt),
      el("p", { class: "dim" }, tr("Tap up to two directions, then ask.")),
      el("div", { class: "pad" }, ...DIRS.map((x) => button(`${x} · ${dirWords(x)}`,
        { "data-dir": x, class: picked.includes(x) ? "on" : "quiet" }, () => tap(x)))),
      button(picked.length ? tr("Ask about {directions}", { directions: picked.map(dirWords).join(AND) }) : tr("Ask about no direction"),
        { id: "island-oracle-ask", "data-option": move ? move.option : "" },
        () => { if (move) { ui.oracle = []; post(send, move); } }));
  }

  // ---- the OP (master view)
  //
  // The OP plays on the map: tap a piece (the Wave, the Bush, the Rock), then one of the lit
  // spaces or ocean parts the view's `reach` names for it (each entry is a move of `legal`).
  // Every move is also in a folded list below the map.

  const TOKEN_WORDS = { "to-fruit": "to fruit", "to-lake": "to lake" };  // the rest by their id
  const KIND_TEXT = {
    fruit: (s) => [term(s.value)], camp: (s) => [tr("Camp {camp}", { camp: s.value })], oracle: () => [tr("Oracle")], mirage: (s) => [term(s.value)],
    knot: (s) => [tr("Knot {n}", { n: s.value })], portal: (s) => [tr("Portal {number}", { number: s.value })], lake: () => [tr("lake")],
    anomaly: (s, tokens) => [term(TOKEN_WORDS[tokens[s.space]] || tokens[s.space]) || tr("an anomaly")],
  };
  const OP_PIECES = ["Wave", "Bush", "Rock"];
  const DOES = {
    Wave: () => tr("The Wave moves to another part of the ocean, or attacks a captive beside its part (1 health)."),
    attack: (piece) => tr("The {piece} moves one space (never the same space twice a turn) and attacks every captive there (1 health, 1 energy).", { piece }),
    push: (piece) => tr("The {piece} moves one space, or pushes a captive next to it one space on (across a whole lake).", { piece }),
  };

  // a portal's fill: the colour its name says
  const COLOURS = ["red", "blue", "green", "yellow"];
  function portalColour(s) {
    return COLOURS.find((c) => (s.name || "").includes("(" + c + ")") || (s.name || "").includes("（" + term(c) + "）")) || "";
  }

  function spacesOf(v) {
    const out = {};
    if (v.island) v.island.spaces.forEach((s) => { out[s.space] = s; });
    return out;
  }

  // Where each OP piece stands: the spaces (a whole lake counts as its space) or ocean part to tap.
  function opPlaces(v) {
    const spaces = Object.values(spacesOf(v));
    // a lake by the Wave's id for it ("the straight lake")
    const lakeOf = (place) => spaces.filter((s) => s.kind === "lake" && `the ${s.value} lake` === place).map((s) => s.space);
    const out = {};
    for (const which of OP_PIECES) {
      const at = v.op_pieces[which];
      if (!at) out[which] = [];
      else if (PARTS.includes(at)) out[which] = [at];
      else if (which === "Wave") out[which] = lakeOf(at);
      else {
        const s = spaces.find((x) => x.space === at);
        out[which] = s && s.kind === "lake" ? lakeOf(`the ${s.value} lake`) : [at];
      }
    }
    return out;
  }

  function actors(v) { return OP_PIECES.filter((w) => (v.reach || []).some((r) => r.piece === w)); }

  // The moves a tap on `where` can mean for the chosen piece, one per different outcome.
  function movesTo(v, which, where) {
    const seen = new Set();
    return (v.reach || []).filter((r) => {
      if (r.piece !== which || !r.to.includes(where)) return false;
      const key = JSON.stringify([r.to, r.path, r.hits, r.pushes]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  function reachWords(v, r) {
    const m = v.legal[r.i];
    const words = moveWords(m, v);
    if (r.pushes || m.type === "WaveMove" || m.type === "WaveAttack") return words;
    const ocean = PARTS.includes(r.to[0]) ? [tr("the {part} ocean", { part: r.to.map(term).join(" / ") })] : [];
    return words + ": " + r.path.concat(ocean).join(" → ") + (r.hits ? COMMA + tr("attacks {names}", { names: r.hits }) : "");
  }

  function does(v, which) {
    if (which === "Wave") return DOES.Wave();
    const litho = v.power_token && v.power_token.id === "lithophytes";
    return ((which === "Bush") !== litho ? DOES.attack : DOES.push)(term(which));
  }

  function hereWords(v, where) {
    const places = opPlaces(v);
    const here = v.captive_pieces.filter((p) => p.space === where).map((p) => term(p.piece))
      .concat(OP_PIECES.filter((w) => places[w].includes(where)).map((w) => tr("the {piece}", { piece: term(w) })));
    return placeWords(v, where) + (here.length ? " · " + tr("here: {pieces}", { pieces: here.join(COMMA) }) : "");
  }

  function opTap(v, send, where) {
    if (ui.busy) return;
    ui.info = null;
    if (v.phase === "pieces") {
      const place = (v.legal || []).filter((m) => m.type === "PlaceOpPieces");
      for (const k of ["wave", "rock", "bush"]) if (place.some((m) => m[k] === where)) ui[k] = where;
      return redraw();
    }
    const who = actors(v);
    if (ui.sel && !who.includes(ui.sel)) ui.sel = null;
    if (ui.sel) {
      const list = movesTo(v, ui.sel, where);
      if (list.length === 1) { ui.choose = null; redraw(); post(send, v.legal[list[0].i]); return; }
      if (list.length > 1) { ui.choose = { where, list }; return redraw(); }
    }
    const places = opPlaces(v);
    const here = who.filter((w) => places[w].includes(where));
    ui.choose = null;
    if (here.length) ui.sel = here.includes(ui.sel) ? (here.length > 1 ? here[(here.indexOf(ui.sel) + 1) % here.length] : null) : here[0];
    else ui.info = where;
    redraw();
  }

  function opMap(v, send) {
    const spaces = spacesOf(v);
    const tokens = v.island.anomaly_tokens;
    const places = opPlaces(v);
    const who = actors(v);
    const lit = new Set(), chosen = new Set(), can = new Set();
    if (v.phase === "pieces") {
      for (const m of (v.legal || []).filter((x) => x.type === "PlaceOpPieces")) { lit.add(m.wave); lit.add(m.rock); lit.add(m.bush); }
      [ui.wave, ui.rock, ui.bush].forEach((w) => w && chosen.add(w));
    } else if (ui.sel && who.includes(ui.sel)) {
      (v.reach || []).filter((r) => r.piece === ui.sel).forEach((r) => r.to.forEach((t) => lit.add(t)));
      places[ui.sel].forEach((p) => chosen.add(p));
    } else {
      who.forEach((w) => places[w].forEach((p) => can.add(p)));
    }
    if (ui.choose) chosen.add(ui.choose.where);
    const mark = (where) => (chosen.has(where) ? " chosen" : lit.has(where) ? " target" : can.has(where) ? " can-act" : "") +
      (ui.info === where ? " info" : "");
    const onSpace = {}, onPart = {};
    const add = (where, p) => { const box = PARTS.includes(where) ? onPart : onSpace; (box[where] = box[where] || []).push(p); };
    // two letters of a name, or one kana, fit a token
    const short = (name) => (ParadoxTable.lang === "ja" ? term(name).slice(0, 1) : name.slice(0, 2));
    v.captive_pieces.forEach((p) => { if (p.space) add(p.space, { key: p.piece, text: short(p.piece), cls: "captive" + (p.lying ? " lying" : "") }); });
    const preview = v.phase === "pieces" ? { Wave: ui.wave, Rock: ui.rock, Bush: ui.bush } : null;
    for (const which of OP_PIECES) {
      const at = preview ? preview[which] : (places[which] || [])[0];
      if (at) add(at, { key: which, text: term(which)[0], cls: "op-piece " + which.toLowerCase() + (preview ? " preview" : "") });
    }
    const markers = {};
    for (const b of Object.values(v.boards)) for (const m of b.markers_on) if (m.space) markers[m.space] = (markers[m.space] || 0) + 1;
    const token = (svg, p, x, y, where) => {
      const g = svgEl("g", { class: "piece " + p.cls, "data-piece": p.key, "data-space": where },
        p.cls.includes("op-piece") ? svgEl("rect", { x: (x - 9).toFixed(1), y: (y - 9).toFixed(1), width: 18, height: 18, rx: 3 })
          : svgEl("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 9 }),
        label(x, y, p.text, "piece-text"));
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        if (!ui.busy && p.key === ui.sel) { ui.sel = null; ui.choose = null; return redraw(); }  // tapped again: let go
        // a tap on another of the OP's pieces that can act takes that piece, never moves the chosen
        // one onto its space (the Wave's lake can hold the Bush)
        if (!ui.busy && actors(v).includes(p.key)) { ui.sel = p.key; ui.choose = null; ui.info = null; return redraw(); }
        opTap(v, send, where);
      });
      svg.append(g);
    };
    return hexMap(
      (name) => {
        const s = spaces[name];
        if (!s) return { cls: "blank" };
        return { cls: `kind-${s.kind} ${s.kind === "portal" ? "portal-" + portalColour(s) : ""} ${markers[name] ? "marked" : ""}` + mark(name),
                 lines: (KIND_TEXT[s.kind] || (() => [s.kind]))(s, tokens), attrs: { "data-name": s.name } };
      },
      (name) => ({ cls: (v.op_pieces.Wave === name ? "wave-here" : "") + mark(name) }),
      (name) => opTap(v, send, name), (name) => opTap(v, send, name),
      (svg) => {
        for (const [space, list] of Object.entries(onSpace)) {
          const [x, y] = centre(space);
          list.forEach((p, i) => token(svg, p, x + (i - (list.length - 1) / 2) * 19, y + 13, space));
        }
        for (const [part, list] of Object.entries(onPart)) {
          const at = partLabelAt(part);
          list.forEach((p, i) => token(svg, p, at.x + at.along[0] * (52 + i * 20), at.y + at.along[1] * (52 + i * 20), part));
        }
        for (const [space, n] of Object.entries(markers)) {
          const [x, y] = centre(space);
          svg.append(svgEl("g", { class: "mission-marker" }, svgEl("circle", { cx: (x + 14).toFixed(1), cy: (y - 12).toFixed(1), r: 6 }),
            n > 1 ? label(x + 14, y - 12, String(n), "marker-text") : null));
        }
      }, "op-map");
  }

  // What the OP may do now, at the top of the page: set-up steps, their decision, their turn.
  function opPanel(v, send) {
    const legal = v.legal || [];
    const mine = legal.filter((m) => m.seat === 0);
    const of = (type) => mine.filter((m) => m.type === type);
    const parts = [];
    function endTurn() {
      const end = of("EndTurn")[0];
      return end ? button(tr("End turn"), { id: "island-end-turn" }, () => { ui.sel = null; post(send, end); }) : null;
    }
    if (v.phase === "island") {
      parts.push(...buildPanel(v, send));
    } else if (v.phase === "pieces") {
      const place = of("PlaceOpPieces");
      const spaces = spacesOf(v);
      const select = (k, text) => {
        const opts = [...new Set(place.map((m) => m[k]))];
        if (!opts.includes(ui[k])) ui[k] = opts[0];
        const s = el("select", { id: "island-" + k }, ...opts.map((o) => el("option", { value: o }, spaces[o] ? `${o} · ${spaces[o].name}` : term(o))));
        s.value = ui[k];
        s.addEventListener("change", () => { ui[k] = s.value; redraw(); });
        return el("label", {}, term(text) + " ", s);
      };
      parts.push(el("p", {}, tr("Put your pieces on the island: tap an ocean part for the Wave, an anomaly for the Rock, a fruit for the Bush.")),
        el("div", { class: "row place" }, select("wave", "Wave"), select("rock", "Rock"), select("bush", "Bush")),
        button(tr("Place the pieces"), { id: "island-place" }, () => {
          const m = place.find((x) => x.wave === ui.wave && x.rock === ui.rock && x.bush === ui.bush);
          if (!m) { ui.msg = tr("Those places are not allowed together"); ui.bad = true; flash(); return; }
          post(send, m);
        }));
    } else if (v.phase === "fruits") {
      parts.push(el("p", { class: "island-waiting" }, tr("Waiting for {who} to choose a starting fruit.", { who: whoIs(v, v.waiting_for) })));
    }
    if (v.decision) parts.push(decisionEl(v, send, v.decision.seat === 0));
    const who = actors(v);
    if (ui.sel && !who.includes(ui.sel)) ui.sel = null;
    if (v.interrupt && who.includes(v.interrupt)) ui.sel = v.interrupt;
    if (who.length) {
      const n = v.actions_left;
      parts.push(el("p", { class: "op-turn" }, v.decision ? tr("Or act once with the {piece} now: tap it, then a lit place.", { piece: term(v.interrupt) })
        : tr("Your turn") + " · " + trn("{n} action left", "{n} actions left", n)),
      v.decision ? null : el("p", { class: "dim" }, tr("Tap a piece on the map, then a lit place.")),
      el("div", { class: "row pieces-pick" }, ...OP_PIECES.map((w) => {
        const b = button(term(w), { "data-pick": w, class: ui.sel === w ? "on" : "quiet" }, () => { ui.sel = ui.sel === w ? null : w; ui.choose = null; redraw(); });
        if (!who.includes(w)) b.disabled = true;
        return b;
      }), endTurn()));
    }
    if (!who.length) parts.push(endTurn());
    if (v.phase === "play" && !v.decision && v.turn !== 0) {
      parts.push(el("p", { class: "island-waiting" }, tr("{name}'s turn: wait for their declaration.", { name: v.names[v.turn] })));
    }
    if (v.phase === "over") parts.push(el("p", {}, tr("The game is over.")));
    // under the map, where the tap was: what the chosen piece does, a tap that can mean more than
    // one move, and a refusal
    const foot = [];
    if (who.length && ui.sel) foot.push(el("p", { class: "op-does dim" }, does(v, ui.sel)));
    if (who.length && ui.choose) {
      foot.push(el("div", { class: "decision op-choose" }, el("p", { class: "decision-prompt" }, tr("Which one, at {space}?", { space: ui.choose.where })),
        ...ui.choose.list.map((r) => button(reachWords(v, r), { class: "quiet", "data-reach": r.i }, () => { ui.choose = null; post(send, v.legal[r.i]); })),
        button(tr("Cancel"), { class: "quiet" }, () => { ui.choose = null; redraw(); })));
    }
    foot.push(msgEl());
    return [el("div", { id: "island-op", class: "op-panel" }, ...parts.filter(Boolean)), el("div", { class: "op-foot" }, ...foot)];
  }

  // Every move of the OP's pieces as buttons: the fallback for the map.
  function opList(v, send) {
    const reach = (v.reach || []);
    if (!reach.length) return null;
    const rows = [];
    for (const which of OP_PIECES) {
      const list = reach.filter((r) => r.piece === which);
      if (!list.length) continue;
      rows.push(el("div", { class: "op-actions", "data-actions": which }, el("strong", {}, term(which)),
        el("div", { class: "row" }, ...list.map((r) => button(reachWords(v, r), { class: "quiet", "data-kind": v.legal[r.i].type },
          () => post(send, v.legal[r.i]))))));
    }
    return fold("op-list", tr("Every move as a list ({n})", { n: reach.length }), ...rows);
  }

  function placeWords(v, where) {
    const s = spacesOf(v)[where];
    return s ? `${where} · ${s.name}` : PARTS.includes(where) ? tr("the {part} ocean", { part: term(where) }) : where;
  }

  // The OP's notes follow the pieces: where each one is now, then what happened behind the screen.
  function behindTheScreen(v) {
    const now = OP_PIECES.map((w) => el("li", {}, term(w) + ": " + (v.op_pieces[w] ? placeWords(v, v.op_pieces[w]) : tr("off the map"))))
      .concat(v.captive_pieces.map((p) => el("li", {}, term(p.piece) + ": " + (p.space ? placeWords(v, p.space) + (p.lying ? COMMA + tr("lying") : "") : tr("off the island")))));
    return fold("log", tr("Behind the screen"),
      el("p", { class: "dim" }, tr("Where every piece is now")), el("ul", { class: "op-now" }, ...now),
      v.op_log.length ? el("p", { class: "dim" }, tr("What happened, latest first")) : null,
      v.op_log.length ? el("ol", { class: "op-log", reversed: "" }, ...v.op_log.slice(-15).reverse().map((t) => el("li", {}, t))) : null);
  }

  function drawMaster(root, v, send) {
    const aloud = toSayAloud(v);
    const captives = el("div", { class: "island-captives" });
    for (const [seat, b] of Object.entries(v.boards)) {
      const pieces = v.captive_pieces.filter((p) => String(p.seat) === seat);
      const card = boardEl(b, pieces);
      card.append(el("p", { class: "dim" }, tr("Where: {pieces}", { pieces: pieces.map((p) => term(p.piece) + " " + (p.space || tr("off the island"))).join(COMMA) }) +
        (b.markers_on.length ? " · " + tr("markers: {markers}", { markers: b.markers_on.map((m) => m.symbol + (m.space ? " " + tr("on {space}", { space: m.space }) : "")).join(COMMA) }) : "")));
      captives.append(card);
    }
    const panel = opPanel(v, send);
    root.replaceChildren(...[
      el("div", { class: "island-aloud", id: "island-aloud" },
        el("div", { class: "aloud-head" }, el("span", { class: "dim" }, aloud.length ? tr("Say aloud ({n})", { n: aloud.length }) : tr("Last said")),
          aloud.length ? button(tr("Said it"), { id: "island-said-it", class: "quiet" }, () => { markSaid(v); redraw(); }) : null),
        // many lines scroll inside the box, so the OP's own moves stay on the first screen
        el("div", { class: "aloud-lines" }, ...(aloud.length ? aloud : v.said.slice(-1).map((s) => s.speaker + ": " + s.words)).map((w) => {
          const p = el("p", { class: "clamped", title: tr("Tap to read it all") }, w);
          p.addEventListener("click", () => p.classList.toggle("clamped"));
          return p;
        }))),
      panel[0],
      v.island ? opMap(v, send) : v.building ? buildMap(v, send) : null,
      panel[1],
      v.island ? el("p", { id: "island-info", class: "dim" }, ui.info ? hereWords(v, ui.info) : tr("Tap a space to see what is there.")) : null,
      opList(v, send),
      ...status(v, true),
      v.trails && Object.keys(v.trails).length ? el("p", { class: "dim" }, tr("This turn: {trails}", { trails:
        Object.entries(v.trails).map(([k, s]) => term(k) + " " + s.map((x) => (x.startsWith("lake:") ? term(x.slice(5)) : x)).join("→")).join(" · ") })) : null,
      v.island ? behindTheScreen(v) : null,
      v.phase === "play" ? correctionsEl(v, send) : null,
      fold("captives", tr("Captives' boards"), captives),
      fold("said", tr("Said at the table"), saidLog(v, 30)),
    ].filter(Boolean));
  }

  // ---- the OP builds the island
  //
  // As the physical tiles go down behind the screen: choose a tile, turn it, tap the space for
  // its first half (the lit spaces are where it fits). A laid tile is tapped to lift it again.
  // Where the group's tiles are printed differently, a space of the chosen tile is reprinted.

  const LABEL_AT = {};
  LABELS.forEach((l) => { LABEL_AT[coord(l).join(",")] = l; });
  const VECTORS = { E: [1, 0], SE: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [0, -1], NE: [1, -1] };
  // words looked up when drawn: the page's words may arrive after this script
  const PRINTED = () => ({ fruit: tr("a fruit"), camp: tr("a camp"), oracle: tr("an oracle"), mirage: tr("a mirage"), knot: tr("an Escher knot"),
                    portal: tr("a portal"), anomaly: tr("an anomaly") });
  const VALUE_HINT = () => ({ fruit: tr("apple, banana…"), camp: tr("A or B"), mirage: tr("snakes, zombies, UFOs…"), knot: "1-3", portal: "1-3" });

  function turned(cell, turns) {
    let [q, r] = cell;
    for (let i = 0; i < turns; i++) [q, r] = [-r, q + r];
    return [q, r];
  }
  function tileCells(tile, anchor, turns) {
    const [q0, r0] = coord(anchor);
    return tile.cells.map((c) => { const [dq, dr] = turned(c, turns); return LABEL_AT[(q0 + dq) + "," + (r0 + dr)] || null; });
  }
  function shortWords(s) { return (KIND_TEXT[s.kind] || (() => [s.kind]))(s, {})[0]; }
  function tileWords(t) { return t.shape === "pair" ? t.spaces.map(shortWords).join(" · ") : cap(t.spaces[0].name.replace(/^the /, "")); }
  function layWords(t) {
    const [dq, dr] = turned(t.cells[1], ui.turns);
    const dir = Object.keys(VECTORS).find((d) => VECTORS[d][0] === dq && VECTORS[d][1] === dr);
    const first = t.spaces[0].name, second = t.spaces[1].name;
    return t.shape === "pair" ? tr("Tap the space for {first}; {second} lies to its {direction}.", { first, second, direction: dirWords(dir) })
      : tr("Tap the space for one end of {first}; the next space lies to its {direction}.", { first, direction: dirWords(dir) });
  }

  function buildPanel(v, send) {
    const b = v.building, parts = [];
    const left = b.tiles.filter((t) => !t.laid);
    if (!left.some((t) => t.id === ui.tile)) ui.tile = null;
    parts.push(el("p", {}, tr("Lay your tiles behind the screen and here as they go down ({n} of 17 laid): choose a tile, turn it like yours, then tap the lit space for its first half.", { n: 17 - left.length })));
    if (b.last_island.length) {
      parts.push(button(tr("Lay the island of your last game"), { id: "island-last" }, () => post(send, { type: "BuildIsland", placements: b.last_island })));
    }
    if (b.problem) parts.push(el("p", { class: "error", id: "island-printing-problem" }, tr("Your tiles as reprinted: {problem}.", { problem: b.problem })));
    parts.push(el("div", { class: "row tiles-pick" }, ...left.map((t) => button(tileWords(t),
      { "data-tile": t.id, class: (ui.tile === t.id ? "on" : "quiet") + (t.reprinted ? " reprinted" : "") },
      () => { ui.tile = ui.tile === t.id ? null : t.id; ui.turns = 0; ui.lift = null; redraw(); }))));
    const t = left.find((x) => x.id === ui.tile);
    if (t) {
      parts.push(el("div", { class: "row" },
        button(tr("Turn ⟳ {degrees}°", { degrees: ui.turns * 60 }), { id: "island-turn", class: "quiet" }, () => { ui.turns = (ui.turns + 1) % 6; redraw(); }),
        el("span", { class: "dim", id: "island-lay-words" }, layWords(t))));
      if (t.shape === "pair") parts.push(reprintEl(t, send));
    }
    if (ui.lift) {
      parts.push(el("div", { class: "row" }, el("span", {}, `${ui.lift}: `),
        button(tr("Lift this tile"), { id: "island-lift" }, () => { const tile = ui.lift; ui.lift = null; post(send, { type: "LiftTile", tile }); }),
        button(tr("Leave it"), { class: "quiet" }, () => { ui.lift = null; redraw(); })));
    }
    parts.push(el("div", { class: "row" }, button(tr("Random island"), { id: "island-random", class: "quiet" }, () => post(send, { type: "RandomIsland" })),
      el("span", { class: "dim" }, tr("or let the companion lay one; then lay your tiles to match its map."))));
    const area = el("textarea", { id: "island-build-text", rows: 8, placeholder: tr("One tile per line: <tile> <space> <turns>, e.g. lake-straight A3 3") });
    area.value = ui.build;
    area.addEventListener("input", () => { ui.build = area.value; });
    parts.push(fold("build", tr("Or type the whole island"),
      el("p", { class: "dim" }, tr("All 17 tiles, each as its name, the space of its first half, and how many times it is turned clockwise.")),
      area, button(tr("Build this island"), { class: "quiet" }, () => post(send, { type: "BuildIsland",
        placements: ui.build.split("\n").map((x) => x.trim()).filter(Boolean) }))));
    return parts;
  }

  // A space of the chosen tile as the group's copy prints it (kept for their next game).
  function reprintEl(t, send) {
    const p = ui.print && ui.print.tile === t.id ? ui.print
      : (ui.print = { tile: t.id, half: 2, kind: t.spaces[1].kind, value: t.spaces[1].value, arrows: (t.spaces[1].arrows || []).join(" ") });
    const half = el("select", { id: "island-print-half" }, ...t.spaces.map((s, i) => el("option", { value: i + 1 }, tr("half {n}: {name}", { n: i + 1, name: s.name }))));
    half.value = String(p.half);
    half.addEventListener("change", () => {
      const s = t.spaces[+half.value - 1];
      Object.assign(p, { half: +half.value, kind: s.kind, value: s.value, arrows: (s.arrows || []).join(" ") });
      redraw();
    });
    const kind = el("select", { id: "island-print-kind" }, ...Object.entries(PRINTED()).map(([k, w]) => el("option", { value: k }, w)));
    kind.value = p.kind;
    kind.addEventListener("change", () => { p.kind = kind.value; p.value = ""; redraw(); });
    const hint = VALUE_HINT()[p.kind];
    const value = hint ? el("input", { id: "island-print-value", placeholder: hint, size: 10 }) : null;
    if (value) { value.value = p.value; value.addEventListener("input", () => { p.value = value.value.trim(); }); }
    const arrows = p.kind === "knot" ? el("input", { id: "island-print-arrows", placeholder: "NW-SW NE-SE E-W", size: 16 }) : null;
    if (arrows) { arrows.value = p.arrows; arrows.addEventListener("input", () => { p.arrows = arrows.value; }); }
    return fold("reprint", tr("My tile is printed differently"),
      el("p", { class: "dim" }, tr("Set what your tile shows; the companion keeps it for your next game.")),
      el("div", { class: "row" }, half, kind, value, arrows),
      button(tr("Save this space"), { id: "island-print-save", class: "quiet" }, () => post(send, {
        type: "PrintSpace", tile: t.id, half: p.half, kind: p.kind, value: p.value,
        arrows: p.kind === "knot" ? p.arrows.split(/\s+/).filter(Boolean) : [] })));
  }

  function buildMap(v, send) {
    const b = v.building;
    const covered = {};
    b.covered.forEach((c) => { covered[c.space] = c; });
    const tile = b.tiles.find((t) => t.id === ui.tile && !t.laid);
    const fits = new Set();
    if (tile) {
      for (const l of LABELS) if (tileCells(tile, l, ui.turns).every((c) => c && !covered[c])) fits.add(l);
    }
    return hexMap(
      (name) => {
        const c = covered[name];
        return { cls: (c ? `kind-${c.kind}` : "blank") + (fits.has(name) ? " target" : "") +
                   (c && ui.lift === c.tile ? " chosen" : ""), lines: c ? [shortWords(c)] : [] };
      },
      () => ({ cls: "" }),
      (name) => {
        if (tile && fits.has(name)) {
          ui.tile = null;
          return post(send, { type: "LayTile", tile: tile.id, space: name, turns: ui.turns });
        }
        ui.lift = covered[name] ? covered[name].tile : null;
        redraw();
      }, null, null, "op-map build-map");
  }

  // ---- the OP's hand
  //
  // What the rules cannot foresee (a power token known only from the box, a house rule): the OP
  // moves a piece, sets a track, marks a fruit or a captive's map. The table hears the OP's words,
  // or words that never say where a piece is.

  const FIXES = () => ({ place: tr("Move a piece"), health: tr("Set health"), energy: tr("Set energy"), fruit: tr("Circle or cross out a fruit"),
                  mark: tr("Mark a captive's map") });

  function correctionsEl(v, send) {
    const f = ui.fix || (ui.fix = { what: "place", piece: "", space: "", value: "", fruit: "", words: "" });
    const captives = v.captive_pieces.filter((p) => p.space || f.what === "fruit" || f.what === "mark").map((p) => p.piece);
    const who = f.what === "place" ? captives.concat(OP_PIECES) : captives;
    if (!who.includes(f.piece)) f.piece = who[0] || "";
    const select = (id, options, key, words) => {
      const s = el("select", { id }, ...options.map((o) => el("option", { value: o }, words ? words(o) : o)));
      if (!options.includes(f[key])) f[key] = options[0] || "";
      s.value = f[key];
      s.addEventListener("change", () => { f[key] = s.value; redraw(); });
      return s;
    };
    const spaceWords = (s) => placeWords(v, s);
    const fields = [el("label", {}, tr("What") + " ", select("island-fix-what", Object.keys(FIXES()), "what", (k) => FIXES()[k])),
      el("label", {}, (f.what === "place" ? tr("Piece") : tr("Captive")) + " ", select("island-fix-piece", who, "piece", term))];
    const piece = v.captive_pieces.find((p) => p.piece === f.piece);
    if (f.what === "place") {
      fields.push(el("label", {}, tr("To") + " ", select("island-fix-space", f.piece === "Wave" ? PARTS : LABELS, "space", spaceWords)));
    } else if (f.what === "health" || f.what === "energy") {
      const top = piece ? (f.what === "health" ? piece.max_health : piece.max_energy) || piece.max_energy : 9;
      const now = piece ? piece[f.what] ?? piece.energy : 0;
      const range = Array.from({ length: top + 1 }, (_, i) => String(i));
      if (!range.includes(f.value)) f.value = String(now);
      fields.push(el("label", {}, tr("Now") + " ", select("island-fix-value", range, "value")));
    } else if (f.what === "fruit") {
      const board = piece && v.boards[String(piece.seat)];
      fields.push(el("label", {}, tr("Fruit") + " ", select("island-fix-fruit", board ? Object.keys(board.fruits) : [], "fruit", term)),
        el("label", {}, tr("Mark") + " ", select("island-fix-status", ["circled", "crossed", ""], "value",
          (s) => ({ circled: tr("circled"), crossed: tr("crossed out"), "": tr("rubbed out") })[s])));
    } else {
      const text = el("input", { id: "island-fix-text", maxlength: 40, placeholder: tr("what they learn, e.g. oracle") });
      if (["circled", "crossed"].includes(f.value) || /^\d+$/.test(f.value)) f.value = "";
      text.value = f.value;
      text.addEventListener("input", () => { f.value = text.value; });
      fields.push(el("label", {}, tr("Space") + " ", select("island-fix-space", LABELS.concat(PARTS), "space", (s) => (PARTS.includes(s) ? term(s) : s))), text);
    }
    const words = el("input", { id: "island-fix-words", maxlength: 160, placeholder: tr("What you say aloud (optional)") });
    words.value = f.words;
    words.addEventListener("input", () => { f.words = words.value; });
    return fold("fix", tr("Correct the island by hand"),
      el("p", { class: "dim" }, tr("For a power token known only from the box, or a house rule. It is logged and can be undone; the table hears your words, or words that never say where a piece is.")),
      el("div", { class: "row fix" }, ...fields), words,
      button(tr("Apply"), { id: "island-fix-apply" }, () => {
        const move = { type: "Correct", what: f.what, piece: f.piece, space: ["place", "mark"].includes(f.what) ? f.space : "",
                       value: f.what === "place" ? "" : f.value, fruit: f.what === "fruit" ? f.fruit : "", words: f.words.trim() };
        post(send, move).then(() => { if (!ui.bad) f.words = ""; });
      }));
  }

  // ---- a captive (seat view)

  function notesMap(v, send) {
    const b = v.board;
    const known = b.known_spaces, notes = b.notes;
    const svg = hexMap(
      (label) => ({ cls: (known[label] ? "known " : "") + (notes[label] ? "noted " : "") + (ui.noteSpace === label ? "selected" : ""),
                    lines: [known[label] ? term(known[label]) : "", clip(notes[label] || "", 4.2)].filter(Boolean) }),
      (name) => ({ cls: ui.noteSpace === name ? "selected" : "", text: notes[name] ? term(name) + ": " + clip(notes[name], 7.2) : term(name) }),
      (label) => pick(label), (name) => pick(name), null);
    function pick(space) {
      ui.noteSpace = space;
      ui.draft = notes[space] || "";
      redraw();
    }
    const input = el("input", { id: "island-note", maxlength: 40, placeholder: tr("what is here?") });
    input.value = ui.draft;
    input.addEventListener("input", () => { ui.draft = input.value; });
    const free = el("textarea", { id: "island-free-notes", rows: 3, placeholder: tr("Free notes") });
    free.value = notes.notes || "";
    return el("div", { class: "notes" },
      el("h2", {}, tr("Your map")),
      el("p", { class: "dim" }, tr("Tap a space or an ocean part, then write what you learnt. Only you see this map.")),
      svg,
      ui.noteSpace ? el("div", { class: "row" }, el("strong", {}, ui.noteSpace), input,
        button(tr("Save"), { id: "island-note-save" }, () => post(send, { type: "WriteNote", space: ui.noteSpace, text: ui.draft })),
        button(tr("Wipe"), { class: "quiet" }, () => { ui.draft = ""; post(send, { type: "WriteNote", space: ui.noteSpace, text: "" }); })) : null,
      free, button(tr("Save notes"), { class: "quiet" }, () => post(send, { type: "WriteNote", space: "notes", text: free.value })));
  }

  const DECLARE = {
    "adjacent safely": (direction) => tr("I'm moving {direction}, safely", { direction }),
    "adjacent unsafely": (direction) => tr("I'm moving {direction}, unsafely", { direction }),
    "over safely": (direction) => tr("I'm moving {direction} a space over, safely", { direction }),
    "over unsafely": (direction) => tr("I'm moving {direction} a space over, unsafely", { direction }),
  };

  function movePad(v, send, moves) {
    const pieces = [...new Set(moves.map((m) => m.piece))];
    if (!pieces.includes(ui.piece)) ui.piece = pieces[0];
    const fits = (m) => m.piece === ui.piece && m.over === ui.over && m.safe === ui.safe;
    const chosen = moves.find((m) => fits(m) && m.direction === ui.dir);
    const pad = el("div", { class: "pad" }, ...DIRS.map((d) => {
      const ok = moves.some((m) => fits(m) && m.direction === d);
      // the pad's compass in the reader's words: NW in English, 北西 in Japanese
      const b = button(ParadoxTable.lang === "en" ? d : dirWords(d), { "data-dir": d, class: ui.dir === d ? "on" : "quiet" }, () => { ui.dir = d; redraw(); });
      if (!ok) b.disabled = true;
      return b;
    }));
    const toggle = (key, on, off) => button(ui[key] ? on : off, { class: ui[key] ? "on" : "quiet", "data-toggle": key },
      () => { ui[key] = !ui[key]; redraw(); });
    return el("div", { class: "declare" },
      el("p", {}, tr("Declare a move")),
      pieces.length > 1 ? el("div", { class: "row" }, ...pieces.map((p) =>
        button(named(p), { class: ui.piece === p ? "on" : "quiet" }, () => { ui.piece = p; redraw(); }))) : null,
      pad,
      el("div", { class: "row" }, toggle("over", tr("a space over"), tr("adjacent")), toggle("safe", tr("safely"), tr("unsafely"))),
      button(chosen ? DECLARE[`${chosen.over ? "over" : "adjacent"} ${chosen.safe ? "safely" : "unsafely"}`](dirWords(chosen.direction))
        : tr("Choose a direction"),
        { id: "island-declare" }, () => { if (chosen) { ui.dir = null; post(send, chosen); } }));
  }

  function captiveControls(box, v, send) {
    const legal = v.legal || [];
    const parts = [];
    if (v.decision) parts.push(el("h2", {}, tr("Your decision")), decisionEl(v, send, true));
    const fruitChoices = legal.filter((m) => m.type === "ChooseStartingFruit");
    if (fruitChoices.length) {
      // Hempel puts the fruit in a palm box of the bonus he chooses (one with a box left)
      const palms = v.board.bonuses.filter((b) => b.palm_boxes && b.fruits.length < b.palm_boxes);
      if (!palms.some((b) => b.effect === ui.palm)) ui.palm = palms.length ? palms[0].effect : null;
      parts.push(el("h2", {}, tr("Choose {name}'s starting fruit", { name: named(fruitChoices[0].piece) })),
        palms.length ? el("div", { class: "row palm-choice" }, el("span", { class: "dim" }, tr("Under the bonus:")),
          ...palms.map((b) => button(b.words, { class: ui.palm === b.effect ? "on" : "quiet", "data-bonus": b.effect },
            () => { ui.palm = b.effect; redraw(); }))) : null,
        el("div", { class: "row fruit-choice" }, ...fruitChoices.map((m) => button(term(m.fruit), { "data-fruit": m.fruit },
          () => post(send, ui.palm ? Object.assign({}, m, { bonus: ui.palm }) : m)))));
    }
    const moves = legal.filter((m) => m.type === "Move");
    if (!v.decision && v.phase === "play" && legal.length) {
      parts.push(el("h2", {}, trn("Your turn: {n} action left", "Your turn: {n} actions left", v.actions_left)));
      if (moves.length) parts.push(movePad(v, send, moves));
      const rests = legal.filter((m) => m.type === "Rest");
      const several = v.pieces.length > 1;
      if (rests.length) parts.push(el("div", { class: "row" }, ...rests.map((m, i) =>
        button(several ? moveWords(m, v) : tr("Rest: restore 2 energy"), { class: "quiet", id: i === 0 ? "island-rest" : null, "data-kind": "Rest" }, () => post(send, m)))));
      const bonuses = legal.filter((m) => ["UseBonus", "UseExtraBonus"].includes(m.type));
      if (bonuses.length) parts.push(fold("bonuses", tr("Use a bonus ({n})", { n: bonuses.length }), el("div", { class: "row" }, ...bonuses.map((m) =>
        button(moveWords(m, v), { class: "quiet", "data-kind": m.type }, () => post(send, m))))));
      const end = legal.find((m) => m.type === "EndTurn");
      if (end) parts.push(button(tr("End turn"), { id: "island-end-turn" }, () => post(send, end)));
    }
    // nothing to decide now: the first screen says whom the game waits for, above the notes
    if (!parts.length && v.phase !== "over") {
      const who = v.waiting_for !== null && v.waiting_for !== undefined ? v.waiting_for : v.turn;
      parts.push(el("p", { class: "island-waiting", id: "island-wait" }, tr("Waiting for {who}.", { who: whoIs(v, who) })));
    }
    parts.push(msgEl(), notesMap(v, send));
    box.replaceChildren(...parts.filter(Boolean));
  }

  // ---- wiring

  let redraw = () => {};

  // The page's line of the table's last words repeats the last line of the box below it; shown
  // only when it says something else (a move taken back, a new link).
  function sayOnce(v) {
    const line = document.getElementById("said"), last = v.said[v.said.length - 1];
    if (line && last) line.classList.toggle("hidden", line.textContent === last.speaker + ": " + last.words);
  }

  function drawIsland(root, v, ctx) {
    fresh(v);
    ui.me = ctx && /^seat-\d+$/.test(ctx.viewer || "") && v.board ? Number(ctx.viewer.slice(5)) : null;
    if (ctx && ctx.viewer !== "table" && ctx.viewer !== "host") sayOnce(v);
    if (v.island !== undefined) {  // the OP: everything on one page, what they may do first
      redraw = () => drawMaster(root, v, ctx.post);
      return redraw();
    }
    const parts = [el("div", { class: "island-aloud small" }, el("div", { class: "dim" }, tr("Last said")),
      ...v.said.slice(-2).map((s) => el("p", {}, s.speaker + ": " + s.words))), ...status(v, !!v.board)];
    if (v.board) parts.push(boardEl(v.board, v.pieces));
    parts.push(v.board ? fold("said", tr("Said at the table"), saidLog(v, 20)) : el("div", {}, el("h3", {}, tr("Said at the table")), saidLog(v, 12)));
    root.replaceChildren(...parts);
  }

  function drawMine(box, v, send) {
    fresh(v);
    if (v.island !== undefined || !v.board) return box.replaceChildren();
    redraw = () => drawMine(box, v, send);
    captiveControls(box, v, send);
  }

  ParadoxTable.register("island", {
    board: (root, v, ctx) => drawIsland(root, v, ctx),
    seat: (box, v, ctx) => drawMine(box, v, ctx.post),
  });
})();
