"use strict";
// Domino Dynasty on the phones, drawn only from the viewer's own view: the shared map and every
// personal map, each role's live strength and where it comes from, the market, the missions (a
// secret one only on its owner's phone) and the last report with the numbers that decided it.
// A seat's phone also places a market domino by tapping: a domino, then two squares of a map.
(function () {
  const { el, tr, term, comma } = ParadoxTable;
  const SIDES = ["N", "E", "S", "W"];
  const pick = { index: null, map: null, first: null, shift: null, msg: "", bad: false };

  function turned(half, quarters) {  // "terrain/icon/paths[/arrow]" turned clockwise
    const [t, i, p, a] = half.split("/");
    const turn = (s) => SIDES[(SIDES.indexOf(s) + quarters) % 4];
    const open = new Set([...p].map(turn));
    return [t, i, SIDES.filter((s) => open.has(s)).join("")].concat(a ? [turn(a)] : []).join("/");
  }
  const ARROW = { N: "↑", E: "→", S: "↓", W: "←" };
  // a square named where it lies on the printed mat: `by`, its map's shift there once the map grew
  // past the mat's edge (the view's "shifts"), as the companion's own words name it
  function squareName(x, y, by) {
    x += by[0]; y += by[1];
    return x >= 0 && x < 26 && y >= 0 ? String.fromCharCode(65 + x) + (y + 1) : `(${x}, ${y})`;
  }

  // an icon on its square: its first letters (English), its first two characters (Japanese; three
  // of a word in katakana, which two may turn into another word: ナイフ, not ナイ "not")
  const short = (icon) => {
    if (!icon) return "";
    if (ParadoxTable.lang === "en") return icon.slice(0, 3);
    const word = term(icon);
    return word.slice(0, /^[\u30a0-\u30ff]+$/.test(word) ? 3 : 2);
  };

  // a domino as words: its ids as written in English ("lava/person/EW | lava//W"), its terrains and
  // icons named in the reader's language otherwise (溶岩・人・EW | 溶岩・W)
  function dominoWords(text) {
    if (ParadoxTable.lang === "en") return text.replace("|", " | ");
    return text.split("|").map((h) => h.split("/").map((x, i) => (i < 2 && x ? term(x) : x)).filter((x) => x).join("・")).join(" | ");
  }

  function halfEl(half, tag) {
    const [terrain, icon, paths, arrow] = half.split("/");
    return el(tag || "span", { class: `sq ${terrain}`, title: half, "data-paths": paths },
      ...[...paths].map((s) => el("i", { class: "path p" + s })),
      icon || arrow ? el("b", {}, short(icon) + (arrow ? ARROW[arrow] : "")) : "");
  }

  // map `key` of view v ("shared" or a seat), drawn on the printed 8x8 where it lies shifted on it
  // (v.shifts), with a row and column round it to tap
  function mapEl(v, key, id, onTap) {
    const squares = key === "shared" ? v.shared : v.personal[key], by = v.shifts[key];
    const xs = squares.map((s) => s.x), ys = squares.map((s) => s.y);
    const x0 = Math.min(...xs, -by[0]) - (onTap ? 1 : 0), y0 = Math.min(...ys, -by[1]) - (onTap ? 1 : 0);
    const x1 = Math.max(...xs, 7 - by[0]) + (onTap ? 1 : 0), y1 = Math.max(...ys, 7 - by[1]) + (onTap ? 1 : 0);
    const at = {};
    squares.forEach((s) => { at[s.x + "," + s.y] = s; });
    const grid = el("div", { class: "map", id });
    grid.style.gridTemplateColumns = `1.1em repeat(${x1 - x0 + 1}, 1fr)`;  // a style attribute would break the page's CSP
    // the mat's square names along the edges (A to H across, 1 to 8 down), as the words name squares
    const edge = (text) => el("span", { class: "edge", "aria-hidden": "true" }, text);
    grid.append(edge(""));
    for (let x = x0 + by[0]; x <= x1 + by[0]; x++) grid.append(edge(x >= 0 && x < 26 ? String.fromCharCode(65 + x) : ""));
    for (let y = y0; y <= y1; y++) {
      grid.append(edge(y + by[1] >= 0 ? String(y + by[1] + 1) : ""));
      for (let x = x0; x <= x1; x++) {
        const s = at[x + "," + y];
        const cell = s ? halfEl(`${s.terrain}/${s.icon || ""}/${s.paths}` + (s.arrow ? "/" + s.arrow : ""), "button") : el("button", { class: "sq empty" });
        cell.dataset.cell = x + "," + y;
        cell.title = squareName(x, y, by) + (s ? " " + cell.title : "");
        if (s && s.under && s.under.length) {  // a domino laid over others: what it covers stays beneath
          cell.classList.add("covered");
          cell.title += " " + tr("over {halves}", { halves: s.under.join(comma) });
        }
        if (pick.first && pick.first[0] === x && pick.first[1] === y && pick.map === id) cell.classList.add("chosen");
        if (onTap) cell.addEventListener("click", () => onTap(x, y)); else cell.disabled = true;
        grid.append(cell);
      }
    }
    return grid;
  }

  function strengthTable(v) {
    const t = el("table", { id: "strength" }, el("tr", {}, el("th", {}, tr("Role")), el("th", {}, tr("Strength")), el("th", {}, tr("From"))));
    for (const [role, info] of Object.entries(v.strength)) {
      const from = info.in_game
        ? [info.capitals.map((c) => `${term(c.icon)} ${c.square}: ${c.worth}` + (c.people.length ? " " + tr("(people {squares})", { squares: c.people.join(" ") }) : "")
          + (c.doubled_by.length ? " " + tr("x2 by {squares}", { squares: c.doubled_by.join(" ") }) : "")
          + (c.halved_by.length ? " " + tr("/2 by {squares}", { squares: c.halved_by.join(" ") }) : "")).join("; ") || tr("no capital"),
        tr("x province {n}", { n: info.province }), ...info.notes].join(comma)
        : info.notes.join(comma);
      t.append(el("tr", { "data-role": role }, el("td", {}, info.name), el("td", { class: "num" }, String(info.strength)),
        el("td", { class: "dim" }, from)));
    }
    return t;
  }

  // a mission's status as its card shows it (the view's ids stay English)
  const STATUS = { open: () => tr("open"), passed: () => tr("passed"), failed: () => tr("failed"),
                   forgiven: () => tr("forgiven"), "put back": () => tr("put back") };
  const PHASE = { start: () => tr("setting up"), draw: () => tr("draw"), claim: () => tr("claim"), report: () => tr("report"),
                  share: () => tr("sharing"), swap: () => tr("swapping missions"), free: () => tr("placements"), over: () => tr("over") };
  const RESULT = { won: () => tr("won"), lost: () => tr("lost"), ended: () => tr("ended") };
  const said = (words, key) => (words[key] ? words[key]() : key);  // an id the page does not know stays as it is

  function missionEl(m, v) {
    const who = v.names[m.seat];
    const status = said(STATUS, m.status);
    if (!m.words) return el("li", { class: "dim" }, tr("{name}: a secret mission ({status})", { name: who, status }));
    const res = m.result && m.result.length
      ? " — " + m.result.map((r) => tr("{strength} {had} of {needed}", { strength: v.strength[r.role].name, had: r.had, needed: r.needed }) + " " + (r.passed ? "✓" : "✗")).join(comma) : "";
    const soft = m.ignored !== null && m.ignored !== undefined && m.needs ? " " + tr("(ignoring {part})", { part: m.needs[m.ignored].words }) : "";
    return el("li", { class: m.status }, `${who}: ${m.words}${soft}${m.secret ? " " + tr("(secret)") : ""} [${status}]${res}`);
  }

  function board(root, v) {
    const parts = [el("h2", {}, v.finished ? tr("Game over: {result}", { result: said(RESULT, v.result) })
      : tr("Round {round} · {phase}", { round: v.round, phase: said(PHASE, v.phase) }))];
    if (v.phase === "claim" && v.turn !== null) parts.push(el("p", { class: "turn", id: "turn" }, tr("{name} claims a domino", { name: v.names[v.turn] })));
    parts.push(el("p", { class: "dim" }, tr("Missions completed {n} of {total}; ", { n: v.completed, total: v.to_win }) +
      v.names.map((n, s) => tr("{name} failed {n}", { name: n, n: v.failed[s] })).join(comma)));
    parts.push(strengthTable(v));
    if (v.market.length) parts.push(el("h3", {}, tr("Market")), el("div", { class: "market" },
      ...v.market.map((d) => el("span", { class: "domino" }, ...d.halves.map((h) => halfEl(h))))));
    if (v.report.length) parts.push(el("h3", {}, tr("Report")), el("ul", { id: "report" }, ...v.report.map((r) => el("li", {}, r))));
    parts.push(el("h3", {}, tr("Missions")), el("ul", { id: "missions" }, ...v.missions.slice().reverse().map((m) => missionEl(m, v))));
    parts.push(el("h3", {}, tr("Shared map")), mapEl(v, "shared", "map-shared"));
    v.names.forEach((n, s) => parts.push(el("h3", {}, `${n}: ${v.roles[s].map((r) => v.role_names[r]).join(comma)}`),
      mapEl(v, s, "map-" + s)));
    root.replaceChildren(...parts);
  }

  // A refusal is brought into view once: it is written below both maps, off a phone's screen.
  // It belongs to the moment it was said: once the game moves on (anyone's move), it goes.
  const moment = (v) => JSON.stringify([v.round, v.phase, v.turn, v.market, v.tasks, v.missions.length,
    v.shared.length, Object.values(v.personal).map((m) => m.length)]);
  function say(text, bad) {
    pick.msg = text; pick.bad = !!bad; pick.reveal = !!bad && !!text; pick.said = latest && moment(latest.v);
  }

  // ------------------------------------------------------------------ entering what was drawn
  // A domino is built half by half (terrain, icon, open paths), first half west, as it is drawn.
  const build = { halves: [["lava", "", ""], ["lava", "", ""]], market: [], needs: [["warfare", "1", "number"]],
                  reward: "", penalty: "", secret: false, event: "" };
  // label: what a screen reader says the picker is, in the player's words (its id is the page's own)
  const sel = (id, value, options, onchange, label) => {
    const s = el("select", { id, "aria-label": label || id }, ...options.map(([v, w]) => el("option", { value: v }, w)));
    s.value = value;
    s.addEventListener("change", () => onchange(s.value));
    return s;
  };
  const check = (attrs, on) => { const c = el("input", Object.assign({ type: "checkbox" }, attrs)); c.checked = !!on; return c; };
  const builtText = () => build.halves.map(([t, i, p, a]) => `${t}/${i}/${p}` + (a && p.includes(a) ? "/" + a : "")).join("|");

  function dominoBuilder(v, redraw) {
    return el("div", { class: "builder" }, ...build.halves.map((h, k) => el("div", { class: "row" },
      el("span", { class: "dim" }, (k ? tr("east half") : tr("west half")) + " "),
      sel(`half${k}-terrain`, h[0], v.pieces.terrains.map((t) => [t, term(t)]), (x) => { h[0] = x; redraw(); },
        k ? tr("east half: terrain") : tr("west half: terrain")),
      sel(`half${k}-icon`, h[1], [["", tr("no icon")]].concat(v.pieces.icons.map((i) => [i, term(i)])), (x) => { h[1] = x; redraw(); },
        k ? tr("east half: icon") : tr("west half: icon")),
      ...SIDES.map((side) => el("label", {}, check({ "data-side": side, id: `half${k}-${side}`,
        onchange: (e) => { h[2] = SIDES.filter((s2) => (s2 === side ? e.target.checked : h[2].includes(s2))).join(""); redraw(); } }, h[2].includes(side)), side)),
      v.pieces.arrows ? sel(`half${k}-arrow`, h[3] || "", [["", tr("no arrow")]].concat([...h[2]].map((a) => [a, tr("arrow {arrow}", { arrow: ARROW[a] })])), (x) => { h[3] = x; redraw(); },
        k ? tr("east half: arrow") : tr("west half: arrow")) : null)),
      el("div", { class: "row" }, el("span", { class: "domino" }, ...builtText().split("|").map((x) => halfEl(x)))));
  }

  function marketForm(v, send, redraw) {
    const size = 2 * v.seats;
    return el("div", { id: "enter-market" }, el("h3", {}, tr("The market: enter the {n} dominoes drawn", { n: size })),
      v.known && v.known.length ? sel("known", "", [["", tr("a domino seen before...")]].concat(v.known.map((d) => [d, dominoWords(d)])),
        (x) => { if (x) build.halves = x.split("|").map((h) => h.split("/")); redraw(); }, tr("a domino seen before...")) : null,
      dominoBuilder(v, redraw),
      el("div", { class: "row" },
        el("button", { id: "market-add", onclick: () => { if (build.market.length < 2 * size) build.market.push(builtText()); redraw(); } }, tr("Add this domino")),
        el("button", { class: "quiet", onclick: () => { build.market.pop(); redraw(); } }, tr("Take the last back"))),
      el("div", { class: "market" }, ...build.market.map((d) => el("span", { class: "domino" }, ...d.split("|").map((x) => halfEl(x))))),
      el("div", { class: "row" },
        // an empty market ends the game: only the deck-empty button, which asks first, sends one
        el("button", Object.assign({ id: "market-send", onclick: () => send({ type: "Market", dominoes: build.market.slice() }, () => { build.market = []; }) },
          build.market.length ? {} : { disabled: "" }),
          tr("These {n} are the market", { n: build.market.length })),
        el("button", { class: "quiet", onclick: () => { if (confirm(tr("The deck is empty: end the game?"))) send({ type: "Market", dominoes: [] }); } }, tr("The deck is empty"))));
  }

  function missionForm(v, send, redraw) {
    const roles = Object.keys(v.strength).map((r) => [r, v.strength[r].name]);
    const scalars = Object.entries(v.pieces.scalars).map(([k, w]) => [k, w ? "x " + w : tr("(a plain number)")]);
    return el("div", { id: "enter-mission" }, el("h3", {}, tr("Your mission domino, as drawn")),
      ...build.needs.map((n, k) => el("div", { class: "row" },
        sel(`need${k}-role`, n[0], roles, (x) => { n[0] = x; }, tr("requirement {n}: role", { n: k + 1 })),
        el("input", { id: `need${k}-num`, class: "num-in", type: "number", min: "0.25", step: "0.25", value: n[1],
          "aria-label": tr("requirement {n}: amount", { n: k + 1 }), oninput: (e) => { n[1] = e.target.value; } }),
        sel(`need${k}-scalar`, n[2], scalars, (x) => { n[2] = x; }, tr("requirement {n}: counted by", { n: k + 1 })))),
      el("div", { class: "row" },
        el("button", { class: "quiet", onclick: () => { if (build.needs.length < 3) build.needs.push(["warfare", "1", "number"]); redraw(); } }, tr("Another requirement")),
        el("button", { class: "quiet", onclick: () => { if (build.needs.length > 1) build.needs.pop(); redraw(); } }, tr("One fewer"))),
      el("div", { class: "row" },
        sel("reward", build.reward, [["", tr("no reward")]].concat(Object.entries(v.pieces.rewards)), (x) => { build.reward = x; }, tr("reward if it is completed")),
        sel("penalty", build.penalty, [["", tr("no penalty")]].concat(Object.entries(v.pieces.penalties)), (x) => { build.penalty = x; }, tr("penalty if it fails"))),
      v.mode === "cooperative" ? el("label", {}, check({ id: "secret",
        onchange: (e) => { build.secret = e.target.checked; } }, build.secret), " " + tr("it shows the secret eye")) : null,
      el("button", { id: "mission-send", onclick: () => send({ type: "Mission", needs: build.needs.map((n) => `${n[0]} ${n[1]} ${n[2]}`),
        reward: build.reward, penalty: build.penalty, secret: build.secret }) }, tr("This is my mission")));
  }

  let latest = null;  // the last view drawn: an answer arriving after a live update redraws that one
  function seat(box, v, ctx) {
    latest = { box, v, ctx };
    if (pick.bad && pick.said !== moment(v)) say("");
    const me = v.you;
    if (me === undefined) { box.replaceChildren(); return; }
    const parts = [el("h2", {}, tr("Your moves"))];
    const mine = v.missions.filter((m) => m.seat === me && m.status === "open");
    const keepOne = v.keep_one_of || [];
    mine.forEach((m) => parts.push(el("p", { class: m.secret ? "secret" : "", id: keepOne.length || mine.length > 1 ? `my-mission-${m.id}` : "my-mission" },
      m.secret ? tr("Your secret mission: {mission}", { mission: m.words }) : tr("Your mission: {mission}", { mission: m.words }),
      keepOne.includes(m.id) ? el("button", { class: "keep-mission", onclick: () => send({ type: "Choose", mission: m.id }) }, tr("Keep this one")) : "")));
    const redraw = () => seat(latest.box, latest.v, latest.ctx);
    const send = (move, done) => ctx.post(move).then(() => { if (done) done(); pick.index = pick.first = pick.map = pick.shift = null; say(""); redraw(); },
      (e) => { say(e.message, true); redraw(); });
    // Good Times: one part of the mission ignored; a swap of missions (Political Power, a reward)
    const mineNow = mine.find((m) => m.round === v.round);
    if ((v.ignore || []).length && mineNow && mineNow.needs) {
      parts.push(el("p", {}, mineNow.ignored === null || mineNow.ignored === undefined
        ? tr("Good Times: choose the part of your mission to ignore.")
        : tr("Good Times: you ignore {part}.", { part: mineNow.needs[mineNow.ignored].words })),
      el("div", { class: "row" }, ...v.ignore.map((i) => el("button", { class: "quiet ignore", "data-need": i,
        onclick: () => send({ type: "Ignore", need: i }) }, tr("Ignore {part}", { part: mineNow.needs[i].words })))));
    }
    // ... and with several missions to fulfil (a penalty), a part of each
    mine.filter((m) => (v.ignore_parts || []).some((p) => p.mission === m.id) && m.needs).forEach((m) => {
      parts.push(el("p", {}, m.ignored === null || m.ignored === undefined
        ? tr("Good Times, mission {id}: choose the part to ignore.", { id: m.id })
        : tr("Good Times, mission {id}: you ignore {part}.", { id: m.id, part: m.needs[m.ignored].words })),
      el("div", { class: "row" }, ...v.ignore_parts.filter((p) => p.mission === m.id).map((p) => el("button", {
        class: "quiet ignore", "data-need": p.need, "data-mission": m.id,
        onclick: () => send({ type: "Ignore", need: p.need, mission: m.id }) }, tr("Ignore {part}", { part: m.needs[p.need].words })))));
    });
    if ((v.swap_with || []).length) {
      parts.push(el("div", { class: "row" }, ...v.swap_with.map((o) => el("button", { class: "swap", "data-to": o,
        onclick: () => send({ type: "Swap", to: o }) }, tr("Swap your mission with {name}'s", { name: v.names[o] }))),
      v.phase === "swap" ? el("button", { class: "quiet", id: "keep-mine", onclick: () => send({ type: "Pass" }) }, tr("Keep my mission")) : null));
    }
    // The report waits for this owner: their role cannot serve every mission asking for it.
    (v.share || []).forEach((c) => {
      const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
      const label = (ids) => ids.length ? ids.map((i) => {
        const m = v.missions.find((x) => x.id === i);
        return tr("{name}'s mission {id} ({asks})", { name: v.names[m.seat], id: i, asks: c.asks[i] !== undefined ? c.asks[i] : tr("secret") });
      }).join(" + ") : tr("no mission");
      parts.push(el("h3", {}, tr("Who gets your {strength} {n}?", { strength: v.strength[c.role].name, n: c.strength })),
        el("p", { class: "dim" }, tr("Not enough for every mission asking for it: you decide. The suggestion passes the most missions.")),
        el("div", { class: "row share" }, ...c.options.map((ids) => el("button", {
          class: (same(ids, c.suggested) ? "" : "quiet ") + "share-option", "data-role": c.role, "data-missions": ids.join(","),
          onclick: () => send({ type: "Share", role: c.role, missions: ids }) },
          label(ids) + (same(ids, c.suggested) ? " " + tr("(suggested)") : "")))));
    });
    // Two taps on a map lay a domino: the first half's square, then the square beside it.
    const tapper = (which, halvesFor) => (x, y) => {
      const halves = halvesFor();
      if (!halves) { say(tr("Choose a domino first"), true); redraw(); return; }
      if (!pick.first || pick.map !== which) { pick.first = [x, y]; pick.map = which; redraw(); return; }
      const [fx, fy] = pick.first;
      const q = { "1,0": 0, "0,1": 1, "-1,0": 2, "0,-1": 3 }[(x - fx) + "," + (y - fy)];
      if (q === undefined) { pick.first = [x, y]; redraw(); return; }
      const map = which.endsWith("shared") ? "shared" : "personal";
      if (pick.shift && which.startsWith("shift")) send({ type: "Shift", map, cell: pick.shift.cell, cells: [[fx, fy], [x, y]], halves: halves.map((h) => turned(h, q)) });
      else send({ type: "Place", map, cells: [[fx, fy], [x, y]], halves: halves.map((h) => turned(h, q)), power: false });
    };
    // The Sibling of Space's power: tap a domino, then where it goes (its first half where you tapped).
    const QUARTER = { "1,0": 0, "0,1": 1, "-1,0": 2, "0,-1": 3 };
    const halfText = (s) => `${s.terrain}/${s.icon || ""}/${s.paths}` + (s.arrow ? "/" + s.arrow : "");
    const chooseShift = (which, squares) => (x, y) => {
      const here = squares.find((s) => s.x === x && s.y === y);
      const there = here && squares.find((s) => s.domino === here.domino && s !== here);
      if (!there) { say(tr("Tap a square of the domino to move or turn"), true); redraw(); return; }
      const back = (4 - QUARTER[(there.x - x) + "," + (there.y - y)]) % 4;  // as drawn: first half west
      pick.shift = { cell: [x, y], map: which, halves: [turned(halfText(here), back), turned(halfText(there), back)] };
      pick.first = null; say(tr("Now tap where {square}'s half goes, then the square beside it.", { square: squareName(x, y, v.shifts[which.endsWith("shared") ? "shared" : me]) })); redraw();
    };
    const maps = (halvesFor) => [el("h3", {}, tr("Your map")), mapEl(v, me, "tap-mine", tapper("tap-mine", halvesFor)),
      el("h3", {}, tr("Shared map")), mapEl(v, "shared", "tap-shared", tapper("tap-shared", halvesFor))];
    if (v.phase === "draw") {
      if (v.pieces.events && Object.keys(v.pieces.events).length && !v.event) {
        parts.push(el("h3", {}, tr("The round's event")), sel("event", build.event, [["", tr("which event?")]].concat(Object.entries(v.pieces.events)), (x) => { build.event = x; }, tr("The round's event")),
          el("button", { onclick: () => send({ type: "Happening", event: build.event }) }, tr("Revealed")));
      } else {
        if (!v.market.length) parts.push(marketForm(v, send, redraw));
        if (v.needs_mission) parts.push(missionForm(v, send, redraw));
      }
    }
    if (v.phase === "claim" && v.turn === me) {
      parts.push(el("p", {}, tr("Tap a market domino, then the square for its first half and the square beside it for the second.")));
      parts.push(el("div", { class: "market" }, ...v.market.map((d) => el("button", {
        class: "domino" + (pick.index === d.index ? " chosen" : ""), "data-index": d.index,
        onclick: () => { pick.index = d.index; pick.first = null; redraw(); } }, ...d.halves.map((h) => halfEl(h))))));
      parts.push(...maps(() => (pick.index === null ? null : v.market.find((d) => d.index === pick.index).halves)));
      parts.push(el("button", { class: "quiet", id: "pass", onclick: () => send({ type: "Pass" }) }, tr("Nothing fits: place nothing")));
      const powers = v.powers || [];
      if (powers.includes("goods")) {
        parts.push(el("div", { class: "row" },
          el("button", { id: "take-two", onclick: () => send({ type: "Take", count: 2 }) }, tr("Aunt of Goods: take two dominoes this turn")),
          el("button", { class: "quiet", id: "take-none", onclick: () => send({ type: "Take", count: 0 }) }, tr("Aunt of Goods: take none this turn"))));
      }
      if (powers.includes("housing")) {
        if (!pick.shift) {
          parts.push(el("h3", {}, tr("Sibling of Space: move or turn a domino")), el("p", {}, tr("Tap one of its squares.")),
            el("h3", {}, tr("Your map")), mapEl(v, me, "shift-mine", chooseShift("shift-to-mine", v.personal[me])),
            el("h3", {}, tr("Shared map")), mapEl(v, "shared", "shift-shared", chooseShift("shift-to-shared", v.shared)));
        } else {
          const which = pick.shift.map;
          parts.push(el("h3", {}, tr("Sibling of Space: where the domino goes")),
            mapEl(v, which.endsWith("shared") ? "shared" : me, which, tapper(which, () => pick.shift.halves)),
            el("button", { class: "quiet", id: "shift-cancel", onclick: () => { pick.shift = pick.first = null; say(""); redraw(); } }, tr("Not this domino")));
        }
      }
    }
    // Capital Punishment and Man of the People: what the round's event leaves this player.
    const mark = (key) => (v.effects || []).some((e) => e.seat === me && e.effect === key);
    if (v.event === "capital_punishment" && mark("sits out")) parts.push(el("p", { class: "dim", id: "sits-out" }, tr("Capital Punishment: you do nothing this round.")));
    if (mark("direction_restriction")) parts.push(el("p", { class: "dim", id: "arrows-only" }, tr("Penalty: this round you may only place paths with an arrow.")));
    if (v.event === "man_of_the_people" && !mark("places people")) parts.push(el("p", { class: "dim" }, tr("Man of the People: you may not place a domino showing a person this round.")));
    // Machine Mama: a power or role icon lent to a connected player for this round.
    // a role's possessive, as each language makes it: the Aunt of Goods' icon, 物資の叔母の
    const whose = (role) => (role.endsWith("s") ? tr("{role}'", { role }) : tr("{role}'s", { role }));
    const LENT = { "lent power": (w) => tr("This round you lent the {whose} power.", { whose: w }),
                   "lent icon": (w) => tr("This round you lent the {whose} icon.", { whose: w }),
                   "borrowed power": (w) => tr("This round you borrowed the {whose} power.", { whose: w }),
                   "borrowed icon": (w) => tr("This round you borrowed the {whose} icon.", { whose: w }) };
    (v.effects || []).filter((e) => e.seat === me && /^(lent|borrowed) /.test(e.effect)).forEach((e) =>
      parts.push(el("p", { class: "dim lent" }, LENT[e.effect](whose(v.role_names[e.value])))));
    if ((v.lend || []).length) {
      parts.push(el("h3", {}, tr("Lend for this round")), el("div", { class: "row" }, ...v.lend.map((l) => el("button", {
        class: "quiet lend", "data-to": l.to, "data-what": l.what,
        onclick: () => send({ type: "Lend", to: l.to, role: l.role, what: l.what }) },
        l.what === "power" ? tr("Lend the {whose} power to {name}", { whose: whose(v.role_names[l.role]), name: v.names[l.to] })
          : tr("Lend the {whose} icon to {name}", { whose: whose(v.role_names[l.role]), name: v.names[l.to] })))));
    }
    const task = v.tasks[0];
    if ((v.phase === "report" || v.phase === "draw") && task && task.seat === me) {
      if (task.kind === "place") {
        parts.push(el("p", {}, tr("A free domino ({n} left): build it as drawn, then tap where it goes.", { n: task.count })),
          dominoBuilder(v, redraw), ...maps(() => builtText().split("|")));
      } else if (task.kind === "move" || task.kind === "turn") {  // a reward: dominoes moved or turned
        parts.push(el("p", {}, task.kind === "move"
          ? tr("Move a domino of your map ({n} left): tap it, then the squares where it goes.", { n: task.count })
          : tr("Turn a domino of your map ({n} left): tap the half that stays, then it again and the square the other half turns to.", { n: task.count })));
        if (!pick.shift) parts.push(mapEl(v, me, "shift-mine", chooseShift("shift-to-mine", v.personal[me])));
        else parts.push(mapEl(v, me, "shift-to-mine", tapper("shift-to-mine", () => pick.shift.halves)),
          el("button", { class: "quiet", onclick: () => { pick.shift = pick.first = null; say(""); redraw(); } }, tr("Not this domino")));
      } else if (task.kind === "remove corrupter any") {  // Goblin Grandma's reward: from all maps
        parts.push(el("p", {}, tr("Take a Corrupter off any map ({n} left): tap one of its squares.", { n: task.count })),
          el("h3", {}, tr("Shared map")), mapEl(v, "shared", "tap-remove-shared", (x, y) => send({ type: "Remove", map: "shared", cell: [x, y] })),
          ...v.names.flatMap((n, s) => [el("h3", {}, s === me ? tr("Your map") : tr("{name}'s map", { name: n })),
            mapEl(v, s, `tap-remove-${s}`, (x, y) => send({ type: "Remove", map: "personal", cell: [x, y], owner: s }))]));
      } else if (task.kind === "remove equal") {  // Proximity Papa's penalty
        parts.push(el("p", {}, tr("Take dominoes off your map until no two equal icons touch: tap one of them.")),
          mapEl(v, me, "tap-remove", (x, y) => send({ type: "Remove", map: "personal", cell: [x, y] })));
      } else {
        parts.push(el("p", {}, task.kind === "remove shared"
          ? tr("Take a domino off the shared map ({n} left): lift it off the mat, the camera sees it go; without the camera, tap one of its squares.", { n: task.count })
          : tr("Take a domino off your map ({n} left): lift it off the mat, the camera sees it go; without the camera, tap one of its squares.", { n: task.count })));
        const shared = task.kind === "remove shared";
        parts.push(mapEl(v, shared ? "shared" : me, "tap-remove", (x, y) => send({ type: "Remove", map: shared ? "shared" : "personal", cell: [x, y] })));
      }
      if (task.optional) parts.push(el("button", { class: "quiet", onclick: () => send({ type: "Pass" }) }, tr("Skip")));
    }
    if (v.phase === "free") {
      parts.push(el("p", {}, tr("Build the domino as it lies, then tap its two squares.")), dominoBuilder(v, redraw), ...maps(() => builtText().split("|")));
    }
    const msg = el("div", { id: "mine-msg", class: pick.bad ? "error" : "dim" }, pick.msg);
    parts.push(msg);
    box.replaceChildren(...parts);
    if (pick.reveal) { pick.reveal = false; msg.scrollIntoView({ block: "nearest" }); }
  }

  // The host page in simulation: what a person does with the dominoes, for the camera to read.
  function virtualTable(box, v, ctx) {
    if (!box.querySelector("#dd-sim-place")) {
      const $ = (id) => box.querySelector("#" + id);
      // what the virtual table did, in words ("Laid 7 dominoes"); a refusal is the host page's own
      const said = el("p", { id: "dd-sim-said", class: "dim", role: "status" });
      const act = (a) => ctx.act(a).then((r) => { said.textContent = (r && r.result) || ""; }, () => { said.textContent = ""; });
      // squares of the printed mat, as the phones name them (A1 is the top-left square, H8 the
      // bottom-right); one off it is written (x, y) from 0
      const square = (w) => {
        const m = /^([A-Za-z])(\d+)$/.exec(w);
        return m ? [m[1].toUpperCase().charCodeAt(0) - 65, parseInt(m[2], 10) - 1] : w.replace(/[()]/g, "").split(",").map((n) => parseInt(n, 10));
      };
      const squares = () => $("dd-sim-cells").value.trim().replace(/\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)/g, "$1,$2").split(/\s+/).map(square);
      box.replaceChildren(
        el("div", { class: "row" },
          el("button", { id: "dd-sim-lay", onclick: () => act({ action: "lay" }) }, tr("Lay the maps out")),
          el("button", { id: "dd-sim-draw", onclick: () => act({ action: "market", draw: true }) }, tr("Draw the market")),
          el("button", { class: "quiet", onclick: () => act({ action: "clear" }) }, tr("Clear the mat"))),
        el("div", { class: "row" }, el("label", {}, tr("Player") + " ", el("select", { id: "dd-sim-seat", "aria-label": tr("Player") })),
          el("label", {}, " " + tr("map") + " ", el("select", { id: "dd-sim-map", "aria-label": tr("map") },
            el("option", { value: "personal" }, tr("their own")), el("option", { value: "shared" }, tr("shared")))),
          el("label", {}, " " + tr("market domino") + " ", el("select", { id: "dd-sim-market", "aria-label": tr("market domino") }))),
        el("div", { class: "row" }, el("label", {}, tr("on squares") + " ", el("input", { id: "dd-sim-cells", size: 9, placeholder: "F4 G4" })),
          el("button", { id: "dd-sim-place", onclick: () => act({ action: "place", seat: parseInt($("dd-sim-seat").value, 10),
            map: $("dd-sim-map").value, market: parseInt($("dd-sim-market").value, 10), cells: squares() }) }, tr("Put it down")),
          el("button", { id: "dd-sim-remove", class: "quiet", onclick: () => act({ action: "remove", seat: parseInt($("dd-sim-seat").value, 10),
            map: $("dd-sim-map").value, cell: squares()[0] }) }, tr("Lift it off"))),
        said,
        el("p", { class: "dim" }, tr("Squares as on the phones' maps: A1 to H8, letters to the right, numbers down. To lift a domino off, name one of its squares.")));
    }
    const seats = box.querySelector("#dd-sim-seat"), market = box.querySelector("#dd-sim-market");
    box.querySelector("#dd-sim-draw").disabled = !v.market_due;  // only while the round's market is drawn
    if (seats.dataset.names !== v.names.join("|")) {
      seats.dataset.names = v.names.join("|");
      seats.replaceChildren(...v.names.map((n, i) => el("option", { value: i }, n)));
    }
    const offer = (v.market || []).map((d, i) => String(i + 1)).join("|");
    if (market.dataset.offer !== offer) {
      market.dataset.offer = offer;
      market.replaceChildren(...(v.market || []).map((d, i) => el("option", { value: i }, String(i + 1))));
    }
  }

  ParadoxTable.register("dynasty", { board, seat, virtualTable });
})();
