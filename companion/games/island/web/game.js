"use strict";
// Paradox Island on the phones and the table, drawn only from the viewer's own view:
// - the OP's link (master view): the island as a hex map with every piece, the words to say
//   aloud, the captives' boards, and the moves the rules accept now (the view's `legal` list);
// - a captive's link (seat view): their own character board, their decision and moves, and a
//   blank notes map of the 37 spaces that only they write on;
// - the table (public view): whose turn, markers, perishes, the power token, what was said.
(function () {
  const el = ParadoxTable.el;
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
               msg: "", bad: false, wave: null, rock: null, bush: null, build: "" };

  const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

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

  // The island's hexes in their ocean. `cell(label)` -> {cls, lines, attrs}; `part(name)` ->
  // {cls, text}; taps go to onCell/onPart; `over(svg)` adds pieces on top.
  function hexMap(cell, part, onCell, onPart, over) {
    const outer = SIZE * 7.3;
    const svg = svgEl("svg", { viewBox: `${-outer} ${-outer * 0.87} ${outer * 2} ${outer * 1.74}`,
                               class: "island-map", role: "img" });
    for (const name of PARTS) {
      const a = PART_ANGLE[name];
      const v = (d) => [outer * Math.cos(Math.PI / 180 * d), outer * Math.sin(Math.PI / 180 * d)];
      const [x1, y1] = v(a - 30), [x2, y2] = v(a + 30);
      const p = part(name);
      const g = svgEl("g", { class: "ocean " + (p.cls || ""), "data-part": name },
        svgEl("polygon", { points: `0,0 ${x1.toFixed(1)},${y1.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}` }));
      const lx = outer * 0.8 * Math.cos(Math.PI / 180 * a), ly = outer * 0.8 * Math.sin(Math.PI / 180 * a);
      const t = svgEl("text", { x: lx.toFixed(1), y: ly.toFixed(1), class: "part-label" }, p.text || name);
      if (Math.abs(Math.sin(Math.PI / 180 * a)) < 0.9) t.setAttribute("transform", `rotate(${a - 90 * Math.sign(Math.cos(Math.PI / 180 * a))} ${lx.toFixed(1)} ${ly.toFixed(1)})`);
      g.append(t);
      if (onPart) g.addEventListener("click", () => onPart(name));
      svg.append(g);
    }
    for (const label of LABELS) {
      const [x, y] = centre(label);
      const c = cell(label);
      const g = svgEl("g", Object.assign({ class: "hex " + (c.cls || ""), "data-space": label }, c.attrs || {}),
        svgEl("polygon", { points: hexPoints(x, y, SIZE - 1) }),
        svgEl("text", { x: x.toFixed(1), y: (y - SIZE * 0.45).toFixed(1), class: "space-label" }, label));
      (c.lines || []).forEach((line, i) => g.append(
        svgEl("text", { x: x.toFixed(1), y: (y + 2 + i * 9).toFixed(1), class: "space-text" }, line)));
      if (onCell) g.addEventListener("click", () => onCell(label));
      svg.append(g);
    }
    if (over) over(svg);
    return svg;
  }

  // ------------------------------------------------------------------ shared bits

  function post(send, move) {
    ui.msg = ""; ui.bad = false;
    return send(move).then((res) => {
      ui.msg = (res.said && res.said.length) ? "" : "Done"; ui.bad = false; flash();
      return res;
    }, (e) => { ui.msg = e.message; ui.bad = true; flash(); });
  }
  function flash() {
    const n = document.getElementById("island-msg");
    if (n) { n.textContent = ui.msg; n.className = ui.bad ? "error" : "dim"; }
  }
  function msgEl() { return el("div", { id: "island-msg", class: ui.bad ? "error" : "dim" }, ui.msg); }

  function whoIs(v, seat) { return seat === 0 ? "the OP" : v.names[seat]; }

  function status(v, compact) {
    const lines = [];
    if (v.phase === "over") {
      lines.push(el("p", { class: "island-winner" }, v.winner === 0
        ? "The Omnipotence Paradox wins: " + v.perished + " captives perished."
        : v.names[v.winner] + " completed their mission and wins!"));
    } else if (v.phase !== "play") {
      lines.push(el("p", {}, "Setting up: " + ({ island: "the OP builds the island", pieces: "the OP places the Wave, the Rock and the Bush",
        fruits: "each captive chooses a starting fruit" }[v.phase] || v.phase) +
        (v.waiting_for !== null ? " · waiting for " + whoIs(v, v.waiting_for) : "")));
    } else {
      lines.push(el("p", { class: "island-turn" }, `Round ${v.round} · ` +
        (v.turn === 0 ? "the OP's turn" : v.names[v.turn] + "'s turn") +
        ` · ${v.actions_left} action${v.actions_left === 1 ? "" : "s"} left` +
        (v.waiting_for !== null && v.waiting_for !== v.turn ? " · waiting for " + whoIs(v, v.waiting_for) : "")));
    }
    if (compact) {
      lines.push(el("p", { class: "island-public dim" }, "Markers given to the OP: " +
        Object.entries(v.mission_markers).map(([seat, n]) => `${v.names[seat]} ${n}`).join(" · ") +
        ` · perished ${v.perished} of ${v.perish_goal}`));
      lines.push(el("p", { class: "island-token dim" }, v.power_token ? "Power token: " + v.power_token.name : "No power token in force"));
      if (v.off_the_map.length) lines.push(el("p", { class: "dim" }, "Off the map: " + v.off_the_map.join(", ")));
      return lines;
    }
    const markers = el("table", { class: "island-public" },
      el("tr", {}, el("th", {}, "Captive"), el("th", {}, "Markers given to the OP")));
    for (const [seat, n] of Object.entries(v.mission_markers)) {
      markers.append(el("tr", { "data-seat": seat }, el("td", {}, v.names[seat] +
        (v.pieces_of_seats[seat].length > 1 ? " (" + v.pieces_of_seats[seat].join(", ") + ")" : "")),
        el("td", { class: "num" }, String(n))));
    }
    lines.push(markers);
    lines.push(el("p", { class: "island-perished" }, `Perished: ${v.perished} of ${v.perish_goal}`));
    lines.push(el("p", { class: "island-token" }, v.power_token
      ? el("span", {}, el("strong", {}, "Power token in force: " + v.power_token.name), el("br"), el("span", { class: "dim" }, v.power_token.text))
      : el("span", { class: "dim" }, "No power token in force")));
    if (v.off_the_map.length) lines.push(el("p", { class: "dim" }, "Off the map: " + v.off_the_map.join(", ")));
    return lines;
  }

  function saidLog(v, count) {
    const box = el("ol", { class: "island-said", reversed: "" });
    v.said.slice(-count).reverse().forEach((s) => box.append(el("li", {}, el("strong", {}, s.speaker + ": "), s.words)));
    return box;
  }

  // The OP's lines since a captive last spoke: what the OP reads out now.
  function toSayAloud(v) {
    const out = [];
    for (let i = v.said.length - 1; i >= 0 && v.said[i].speaker === "OP"; i--) out.unshift(v.said[i].words);
    return out.slice(-3);
  }

  function pips(n, max, cls) {
    const box = el("span", { class: "pips " + cls, title: `${n} of ${max}` });
    for (let i = 0; i < max; i++) box.append(el("span", { class: i < n ? "pip on" : "pip" }));
    box.append(el("span", { class: "pip-num" }, ` ${n}/${max}`));
    return box;
  }

  function pieceLine(p, named) {
    return el("div", { class: "island-piece" }, named ? el("strong", {}, p.piece) : null,
      p.perished ? el("span", { class: "error" }, " perished") : null,
      p.lying ? el("span", { class: "dim" }, " lying in a lake") : null,
      el("div", {}, p.energy_is_health ? "Energy (also health) " : "Health ",
        p.energy_is_health ? null : pips(p.health, p.max_health, "health")),
      p.energy_is_health ? null : el("div", {}, "Energy ", pips(p.energy, p.max_energy, "energy")),
      p.energy_is_health ? pips(p.energy, p.max_energy, "energy") : null,
      p.starting_fruit ? el("div", { class: "dim" }, "Starting fruit: " + p.starting_fruit) : null);
  }

  function boardEl(b, pieces) {
    const fruits = el("div", { class: "fruits" });
    for (const [fruit, mark] of Object.entries(b.fruits)) {
      fruits.append(el("span", { class: "fruit " + (mark || "none"), "data-fruit": fruit,
        title: mark ? fruit + " " + mark : fruit }, fruit));
    }
    const bonuses = el("ul", { class: "bonuses" });
    b.bonuses.forEach((x) => bonuses.append(el("li", {}, x.words,
      el("span", { class: "dim" }, " (" + (x.fruits.length ? x.fruits.join(", ") : "no fruit yet") + (x.when === "any" ? ", any time" : "") + ")"))));
    const total = b.markers_left + b.crossed_out.length;
    return el("div", { class: "island-board" },
      el("h3", {}, b.character),
      ...pieces.map((p) => pieceLine(p, pieces.length > 1 || p.piece !== b.character)),
      el("p", {}, el("strong", {}, "Mission: "), b.mission),
      el("div", {}, "Progress ", pips(b.crossed_out.length, total, "mission"),
        b.crossed_out.length ? el("span", { class: "dim" }, " · " + b.crossed_out.join(", ")) : null),
      el("p", { class: "dim" }, "Fruits: circled can be used, crossed out are spent"), fruits,
      el("p", { class: "dim" }, "Bonuses"), bonuses,
      b.additional_bonuses ? el("p", {}, "Additional bonus squares: " +
        b.additional_bonuses.map((x, i) => `${i + 1} ${x.state || "empty"}`).join(" · ")) : null,
      b.crossed_out_op_pieces && b.crossed_out_op_pieces.length ? el("p", {}, "OP pieces crossed out: " + b.crossed_out_op_pieces.join(", ")) : null,
      b.called_off ? el("p", {}, "Called off: " + b.called_off.join(", ")) : null);
  }

  function button(text, attrs, onclick) {
    const clean = {};
    for (const [k, x] of Object.entries(attrs || {})) if (x !== null && x !== undefined) clean[k] = x;
    return el("button", Object.assign(clean, { onclick }), text);
  }

  // A folding section that stays open or closed across live redraws.
  const opened = new Set();
  function fold(key, summary, ...children) {
    const d = el("details", Object.assign({ "data-fold": key }, opened.has(key) ? { open: "" } : {}),
      el("summary", {}, summary), ...children);
    d.addEventListener("toggle", () => { if (d.open) opened.add(key); else opened.delete(key); });
    return d;
  }

  function optionWords(o) { return DIR_WORDS[o] ? `${o} · ${DIR_WORDS[o]}` : o; }

  function moveWords(m) {
    const who = m.type.startsWith("Bush") ? "Bush" : "Rock";
    switch (m.type) {
      case "WaveMove": return "Wave to " + m.part;
      case "WaveAttack": return "Wave attacks " + cap(m.target);
      case "BushAction": case "RockAction":
        if (m.push) return `${who} pushes ${cap(m.push)} ${DIR_WORDS[m.push_direction]}`;
        return `${who} ${DIR_WORDS[m.direction]}` + (m.start ? " from " + m.start : "") +
          (m.activate ? ", through it" : "") + (m.through ? " out at " + m.through : "");
      case "Rest": return "Rest" + (m.piece ? " (" + cap(m.piece) + ")" : "") + ": restore 2 energy";
      case "UseBonus": return `Use the ${m.fruit}` + (m.target ? ": " + m.target : "") + (m.direction ? ": " + DIR_WORDS[m.direction] : "");
      case "UseExtraBonus": return "Additional bonus square " + m.square;
      case "EndTurn": return "End turn";
      default: return m.type;
    }
  }

  function decisionEl(v, send, mine) {
    const d = v.decision;
    if (!d) return null;
    const chooses = v.legal.filter((m) => m.type === "Choose");
    const names = {};  // the OP's view names the spaces an option may be
    if (v.island) v.island.spaces.forEach((s) => { names[s.space] = s.name; });
    const words = (o) => (names[o] ? `${o} · ${names[o]}` : optionWords(o));
    if (!mine) return el("p", { class: "island-waiting" }, `Waiting for ${whoIs(v, d.seat)}: ${d.prompt}`);
    return el("div", { class: "decision" },
      el("p", { class: "decision-prompt" }, d.prompt),
      el("div", { class: "row" }, ...chooses.map((m) =>
        button(words(m.option), { "data-option": m.option }, () => post(send, m)))));
  }

  // ------------------------------------------------------------------ the OP (master view)

  const KIND_TEXT = {
    fruit: (s) => [s.value === "strawberry" ? "strawb." : s.value], camp: (s) => ["Camp " + s.value], oracle: () => ["Oracle"],
    mirage: (s) => [s.value], knot: (s) => ["Knot " + s.value], portal: (s) => ["Portal " + s.value],
    lake: () => ["lake"], anomaly: (s, tokens) => ["Anomaly", (tokens[s.space] || "").slice(0, 9)],
  };

  function portalColour(s) {
    const m = /\((\w+)\)/.exec(s.name || "");
    return m ? m[1] : "";
  }

  function opMap(v) {
    const island = v.island;
    const spaces = {};
    if (island) island.spaces.forEach((s) => { spaces[s.space] = s; });
    const tokens = island ? island.anomaly_tokens : {};
    const wave = v.op_pieces.Wave;
    const waveLake = wave && !PARTS.includes(wave) ? wave : null;
    const onCell = {};
    const add = (space, node) => { (onCell[space] = onCell[space] || []).push(node); };
    v.captive_pieces.forEach((p) => { if (p.space) add(p.space, { key: p.piece, text: p.piece.slice(0, 2), cls: "captive" + (p.lying ? " lying" : ""), seat: p.seat }); });
    if (v.op_pieces.Rock) add(v.op_pieces.Rock, { key: "Rock", text: "R", cls: "op-piece rock" });
    if (v.op_pieces.Bush) add(v.op_pieces.Bush, { key: "Bush", text: "B", cls: "op-piece bush" });
    if (waveLake && island) {
      const first = island.spaces.find((s) => s.kind === "lake" && s.name === waveLake);
      if (first) add(first.space, { key: "Wave", text: "W", cls: "op-piece wave" });
    }
    const markers = {};
    for (const b of Object.values(v.boards)) for (const m of b.markers_on) if (m.space) markers[m.space] = (markers[m.space] || 0) + 1;
    return hexMap(
      (label) => {
        const s = spaces[label];
        if (!s) return { cls: "blank" };
        const lines = (KIND_TEXT[s.kind] || (() => [s.kind]))(s, tokens);
        return { cls: `kind-${s.kind} ${s.kind === "portal" ? "portal-" + portalColour(s) : ""} ${markers[label] ? "marked" : ""}`,
                 lines, attrs: { "data-name": s.name } };
      },
      (name) => ({ cls: wave === name ? "wave-here" : "", text: wave === name ? "≈ Wave · " + name : name }),
      null, null,
      (svg) => {
        for (const [space, list] of Object.entries(onCell)) {
          const [x, y] = centre(space);
          list.forEach((p, i) => {
            const dx = (i - (list.length - 1) / 2) * 15;
            svg.append(svgEl("g", { class: "piece " + p.cls, "data-piece": p.key, "data-space": space },
              svgEl(p.cls.includes("op-piece") ? "rect" : "circle", p.cls.includes("op-piece")
                ? { x: (x + dx - 7).toFixed(1), y: (y + 4).toFixed(1), width: 14, height: 14, rx: 3 }
                : { cx: (x + dx).toFixed(1), cy: (y + 11).toFixed(1), r: 7.5 }),
              svgEl("text", { x: (x + dx).toFixed(1), y: (y + 14).toFixed(1), class: "piece-text" }, p.text)));
          });
        }
        for (const [space, n] of Object.entries(markers)) {
          const [x, y] = centre(space);
          svg.append(svgEl("g", { class: "mission-marker" }, svgEl("circle", { cx: (x + 13).toFixed(1), cy: (y - 12).toFixed(1), r: 5 }),
            svgEl("text", { x: (x + 13).toFixed(1), y: (y - 9.5).toFixed(1), class: "marker-text" }, n > 1 ? String(n) : "")));
        }
      });
  }

  function drawMaster(root, v) {
    const aloud = toSayAloud(v);
    const captives = el("div", { class: "island-captives" });
    for (const [seat, b] of Object.entries(v.boards)) {
      const pieces = v.captive_pieces.filter((p) => String(p.seat) === seat);
      const card = boardEl(b, pieces);
      card.append(el("p", { class: "dim" }, "Where: " + pieces.map((p) => p.piece + " " + (p.space || "off the island")).join(", ") +
        (b.markers_on.length ? " · markers: " + b.markers_on.map((m) => m.symbol + (m.space ? " on " + m.space : "")).join(", ") : "")));
      captives.append(card);
    }
    const wave = v.op_pieces.Wave;
    root.replaceChildren(...[
      el("div", { class: "island-aloud", id: "island-aloud" },
        el("div", { class: "dim" }, aloud.length ? "Say aloud" : "Last said"),
        ...(aloud.length ? aloud : v.said.slice(-1).map((s) => s.speaker + ": " + s.words)).map((w) => el("p", {}, w))),
      v.island ? opMap(v) : el("p", { class: "dim" }, "No island yet: build it below."),
      ...status(v, true),
      v.island ? el("p", { class: "dim" }, `Wave: ${wave || "not placed"} · Rock: ${v.op_pieces.Rock || "not placed"} · Bush: ${v.op_pieces.Bush || "not placed"}`) : null,
      v.interrupt ? el("p", {}, `The ${v.interrupt} may act once now.`) : null,
      v.trails && Object.keys(v.trails).length ? el("p", { class: "dim" }, "This turn: " + Object.entries(v.trails).map(([k, s]) => k + " " + s.join("→")).join(" · ")) : null,
      el("h3", {}, "Captives' boards"), captives,
      fold("said", "Said at the table", saidLog(v, 30)),
      v.op_log.length ? fold("log", "Behind the screen", el("ol", {}, ...v.op_log.slice(-15).map((t) => el("li", {}, t)))) : null,
    ].filter(Boolean));
  }

  function masterControls(box, v, send) {
    const legal = v.legal || [];
    const parts = [el("h2", {}, "Your moves")];
    const of = (type) => legal.filter((m) => m.type === type);
    if (v.phase === "island") {
      if (of("RandomIsland").length) {
        parts.push(el("p", {}, "Build a random island, then lay the real tiles to match the map."),
          button("Random island", { id: "island-random" }, () => post(send, { type: "RandomIsland" })));
      }
      const area = el("textarea", { id: "island-build-text", rows: 8, placeholder: "One tile per line: <tile> <space> <turns>, e.g. lake-straight A3 3" });
      area.value = ui.build;
      area.addEventListener("input", () => { ui.build = area.value; });
      parts.push(fold("build", "Or enter the island you built",
        el("p", { class: "dim" }, "All 17 tiles, each as its name, the space of its first half, and how many times it is turned clockwise."),
        area, button("Build this island", { class: "quiet" }, () => post(send, { type: "BuildIsland",
          placements: ui.build.split("\n").map((s) => s.trim()).filter(Boolean) }))));
    } else if (v.phase === "pieces") {
      const place = of("PlaceOpPieces");
      const values = (k) => [...new Set(place.map((m) => m[k]))];
      const select = (k, label) => {
        const opts = values(k);
        if (!opts.includes(ui[k])) ui[k] = opts[0];
        const s = el("select", { id: "island-" + k }, ...opts.map((o) => el("option", { value: o }, o)));
        s.value = ui[k];
        s.addEventListener("change", () => { ui[k] = s.value; });
        return el("label", {}, label + " ", s);
      };
      parts.push(el("p", {}, "Put your pieces on the island: the Wave in the ocean, the Rock on an anomaly, the Bush on a fruit."),
        el("div", { class: "row" }, select("wave", "Wave"), select("rock", "Rock"), select("bush", "Bush")),
        button("Place the pieces", { id: "island-place" }, () => {
          const m = place.find((x) => x.wave === ui.wave && x.rock === ui.rock && x.bush === ui.bush);
          if (!m) { ui.msg = "Those places are not allowed together"; ui.bad = true; flash(); return; }
          post(send, m);
        }));
    } else if (v.phase === "fruits") {
      parts.push(el("p", {}, `Waiting for ${whoIs(v, v.waiting_for)} to choose a starting fruit.`));
    } else if (v.phase === "over") {
      parts.push(el("p", {}, "The game is over."));
    }
    if (v.decision) parts.push(decisionEl(v, send, v.decision.seat === 0));
    const actions = legal.filter((m) => ["WaveMove", "WaveAttack", "BushAction", "RockAction"].includes(m.type));
    if (actions.length) {
      parts.push(el("p", {}, v.decision ? `The ${v.interrupt || "piece"} may act now:` : `Your turn: ${v.actions_left} action${v.actions_left === 1 ? "" : "s"} left.`));
      for (const [which, types] of [["Wave", ["WaveMove", "WaveAttack"]], ["Bush", ["BushAction"]], ["Rock", ["RockAction"]]]) {
        const list = actions.filter((m) => types.includes(m.type));
        if (!list.length) continue;
        const f = fold("op-" + which, `${which} (${list.length})`,
          el("div", { class: "row" }, ...list.map((m) => button(moveWords(m), { class: "quiet", "data-kind": m.type }, () => post(send, m)))));
        f.classList.add("op-actions");
        f.setAttribute("data-actions", which);
        parts.push(f);
      }
    }
    const end = legal.find((m) => m.type === "EndTurn");
    if (end) parts.push(button("End turn", { id: "island-end-turn" }, () => post(send, end)));
    parts.push(msgEl());
    box.replaceChildren(...parts);
  }

  // ------------------------------------------------------------------ a captive (seat view)

  function notesMap(v, send) {
    const b = v.board;
    const known = b.known_spaces, notes = b.notes;
    const svg = hexMap(
      (label) => ({ cls: (known[label] ? "known " : "") + (notes[label] ? "noted " : "") + (ui.noteSpace === label ? "selected" : ""),
                    lines: [known[label] || "", (notes[label] || "").slice(0, 8)].filter(Boolean) }),
      (name) => ({ cls: ui.noteSpace === name ? "selected" : "", text: notes[name] ? name + ": " + notes[name].slice(0, 12) : name }),
      (label) => pick(label), (name) => pick(name), null);
    function pick(space) {
      ui.noteSpace = space;
      ui.draft = notes[space] || "";
      redraw();
    }
    const input = el("input", { id: "island-note", maxlength: 40, placeholder: "what is here?" });
    input.value = ui.draft;
    input.addEventListener("input", () => { ui.draft = input.value; });
    const free = el("textarea", { id: "island-free-notes", rows: 3, placeholder: "Free notes" });
    free.value = notes.notes || "";
    return el("div", { class: "notes" },
      el("h2", {}, "Your map"),
      el("p", { class: "dim" }, "Tap a space or an ocean part, then write what you learnt. Only you see this map."),
      svg,
      ui.noteSpace ? el("div", { class: "row" }, el("strong", {}, ui.noteSpace), input,
        button("Save", { id: "island-note-save" }, () => post(send, { type: "WriteNote", space: ui.noteSpace, text: ui.draft })),
        button("Wipe", { class: "quiet" }, () => { ui.draft = ""; post(send, { type: "WriteNote", space: ui.noteSpace, text: "" }); })) : null,
      free, button("Save notes", { class: "quiet" }, () => post(send, { type: "WriteNote", space: "notes", text: free.value })));
  }

  function movePad(v, send, moves) {
    const pieces = [...new Set(moves.map((m) => m.piece))];
    if (!pieces.includes(ui.piece)) ui.piece = pieces[0];
    const fits = (m) => m.piece === ui.piece && m.over === ui.over && m.safe === ui.safe;
    const chosen = moves.find((m) => fits(m) && m.direction === ui.dir);
    const pad = el("div", { class: "pad" }, ...DIRS.map((d) => {
      const ok = moves.some((m) => fits(m) && m.direction === d);
      const b = button(d, { "data-dir": d, class: ui.dir === d ? "on" : "quiet" }, () => { ui.dir = d; redraw(); });
      if (!ok) b.disabled = true;
      return b;
    }));
    const toggle = (key, on, off) => button(ui[key] ? on : off, { class: ui[key] ? "on" : "quiet", "data-toggle": key },
      () => { ui[key] = !ui[key]; redraw(); });
    return el("div", { class: "declare" },
      el("p", {}, "Declare a move"),
      pieces.length > 1 ? el("div", { class: "row" }, ...pieces.map((p) =>
        button(cap(p), { class: ui.piece === p ? "on" : "quiet" }, () => { ui.piece = p; redraw(); }))) : null,
      pad,
      el("div", { class: "row" }, toggle("over", "a space over", "adjacent"), toggle("safe", "safely", "unsafely")),
      button(chosen ? `I'm moving ${DIR_WORDS[chosen.direction]}${chosen.over ? " a space over" : ""}, ${chosen.safe ? "safely" : "unsafely"}` : "Choose a direction",
        { id: "island-declare" }, () => { if (chosen) { ui.dir = null; post(send, chosen); } }));
  }

  function captiveControls(box, v, send) {
    const legal = v.legal || [];
    const parts = [];
    if (v.decision) parts.push(el("h2", {}, "Your decision"), decisionEl(v, send, true));
    const fruitChoices = legal.filter((m) => m.type === "ChooseStartingFruit");
    if (fruitChoices.length) {
      // Hempel puts the fruit in a palm box of the bonus he chooses (one with a box left)
      const palms = v.board.bonuses.filter((b) => b.palm_boxes && b.fruits.length < b.palm_boxes);
      if (!palms.some((b) => b.effect === ui.palm)) ui.palm = palms.length ? palms[0].effect : null;
      parts.push(el("h2", {}, `Choose ${cap(fruitChoices[0].piece)}'s starting fruit`),
        palms.length ? el("div", { class: "row palm-choice" }, el("span", { class: "dim" }, "Under the bonus:"),
          ...palms.map((b) => button(b.words, { class: ui.palm === b.effect ? "on" : "quiet", "data-bonus": b.effect },
            () => { ui.palm = b.effect; redraw(); }))) : null,
        el("div", { class: "row fruit-choice" }, ...fruitChoices.map((m) => button(m.fruit, { "data-fruit": m.fruit },
          () => post(send, ui.palm ? Object.assign({}, m, { bonus: ui.palm }) : m)))));
    }
    const moves = legal.filter((m) => m.type === "Move");
    if (!v.decision && v.phase === "play" && legal.length) {
      parts.push(el("h2", {}, `Your turn: ${v.actions_left} action${v.actions_left === 1 ? "" : "s"} left`));
      if (moves.length) parts.push(movePad(v, send, moves));
      const rests = legal.filter((m) => m.type === "Rest");
      const several = v.pieces.length > 1;
      if (rests.length) parts.push(el("div", { class: "row" }, ...rests.map((m, i) =>
        button(several ? moveWords(m) : "Rest: restore 2 energy", { class: "quiet", id: i === 0 ? "island-rest" : null, "data-kind": "Rest" }, () => post(send, m)))));
      const bonuses = legal.filter((m) => ["UseBonus", "UseExtraBonus"].includes(m.type));
      if (bonuses.length) parts.push(fold("bonuses", `Use a bonus (${bonuses.length})`, el("div", { class: "row" }, ...bonuses.map((m) =>
        button(moveWords(m), { class: "quiet", "data-kind": m.type }, () => post(send, m))))));
      const end = legal.find((m) => m.type === "EndTurn");
      if (end) parts.push(button("End turn", { id: "island-end-turn" }, () => post(send, end)));
    }
    parts.push(msgEl(), notesMap(v, send));
    box.replaceChildren(...parts.filter(Boolean));
  }

  // ------------------------------------------------------------------ wiring

  let redraw = () => {};

  function drawIsland(root, v) {
    if (v.island !== undefined) return drawMaster(root, v);
    const parts = [el("div", { class: "island-aloud small" }, el("div", { class: "dim" }, "Last said"),
      ...v.said.slice(-2).map((s) => el("p", {}, s.speaker + ": " + s.words))), ...status(v, !!v.board)];
    if (v.board) parts.push(boardEl(v.board, v.pieces));
    parts.push(v.board ? fold("said", "Said at the table", saidLog(v, 20)) : el("div", {}, el("h3", {}, "Said at the table"), saidLog(v, 12)));
    root.replaceChildren(...parts);
  }

  function drawMine(box, v, send) {
    redraw = () => drawMine(box, v, send);
    if (v.island !== undefined) return masterControls(box, v, send);
    if (v.board) return captiveControls(box, v, send);
    box.replaceChildren();
  }

  ParadoxTable.register("island", {
    board: (root, v) => drawIsland(root, v),
    seat: (box, v, ctx) => drawMine(box, v, ctx.post),
  });
})();
