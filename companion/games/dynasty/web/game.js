"use strict";
// Domino Dynasty on the phones, drawn only from the viewer's own view: the shared map and every
// personal map, each role's live strength and where it comes from, the market, the missions (a
// secret one only on its owner's phone) and the last report with the numbers that decided it.
// A seat's phone also places a market domino by tapping: a domino, then two squares of a map.
(function () {
  const el = ParadoxTable.el;
  const SIDES = ["N", "E", "S", "W"];
  const pick = { index: null, map: null, first: null, msg: "", bad: false };

  function turned(half, quarters) {  // "terrain/icon/paths" turned clockwise
    const [t, i, p] = half.split("/");
    const open = new Set([...p].map((s) => SIDES[(SIDES.indexOf(s) + quarters) % 4]));
    return [t, i, SIDES.filter((s) => open.has(s)).join("")].join("/");
  }
  function squareName(x, y) { return x >= 0 && x < 26 && y >= 0 ? String.fromCharCode(65 + x) + (y + 1) : `(${x}, ${y})`; }

  function halfEl(half, tag) {
    const [terrain, icon, paths] = half.split("/");
    return el(tag || "span", { class: `sq ${terrain} ` + [...paths].map((s) => "p" + s).join(" "), title: half },
      icon ? el("b", {}, icon.slice(0, 3)) : "");
  }

  function mapEl(squares, id, onTap) {
    const xs = squares.map((s) => s.x), ys = squares.map((s) => s.y);
    const x0 = Math.min(...xs, 0) - (onTap ? 1 : 0), y0 = Math.min(...ys, 0) - (onTap ? 1 : 0);
    const x1 = Math.max(...xs, 7) + (onTap ? 1 : 0), y1 = Math.max(...ys, 7) + (onTap ? 1 : 0);
    const at = {};
    squares.forEach((s) => { at[s.x + "," + s.y] = s; });
    const grid = el("div", { class: "map", id, style: `grid-template-columns: repeat(${x1 - x0 + 1}, 1fr)` });
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const s = at[x + "," + y];
        const cell = s ? halfEl(`${s.terrain}/${s.icon || ""}/${s.paths}`, "button") : el("button", { class: "sq empty" });
        cell.dataset.cell = x + "," + y;
        cell.title = squareName(x, y) + (s ? " " + cell.title : "");
        if (pick.first && pick.first[0] === x && pick.first[1] === y && pick.map === id) cell.classList.add("chosen");
        if (onTap) cell.addEventListener("click", () => onTap(x, y)); else cell.disabled = true;
        grid.append(cell);
      }
    }
    return grid;
  }

  function strengthTable(v) {
    const t = el("table", { id: "strength" }, el("tr", {}, el("th", {}, "Role"), el("th", {}, "Strength"), el("th", {}, "From")));
    for (const [role, info] of Object.entries(v.strength)) {
      const from = info.in_game
        ? [info.capitals.map((c) => `${c.icon} ${c.square}: ${c.worth}` + (c.people.length ? ` (people ${c.people.join(" ")})` : "")
          + (c.doubled_by.length ? ` x2 by ${c.doubled_by.join(" ")}` : "") + (c.halved_by.length ? ` /2 by ${c.halved_by.join(" ")}` : "")).join("; ") || "no capital",
        `x province ${info.province}`, ...info.notes].join(", ")
        : info.notes.join(", ");
      t.append(el("tr", { "data-role": role }, el("td", {}, info.name), el("td", { class: "num" }, String(info.strength)),
        el("td", { class: "dim" }, from)));
    }
    return t;
  }

  function missionEl(m, v) {
    const who = v.names[m.seat];
    if (!m.words) return el("li", { class: "dim" }, `${who}: a secret mission (${m.status})`);
    const res = m.result && m.result.length
      ? " — " + m.result.map((r) => `${v.strength[r.role].name} ${r.had} of ${r.needed} ${r.passed ? "✓" : "✗"}`).join(", ") : "";
    return el("li", { class: m.status }, `${who}: ${m.words}${m.secret ? " (secret)" : ""} [${m.status}]${res}`);
  }

  function board(root, v) {
    const parts = [el("h2", {}, v.finished ? `Game over: ${v.result}` : `Round ${v.round} · ${v.phase}`)];
    if (v.phase === "claim" && v.turn !== null) parts.push(el("p", { class: "turn", id: "turn" }, `${v.names[v.turn]} claims a domino`));
    parts.push(el("p", { class: "dim" }, `Missions completed ${v.completed} of ${v.to_win}; ` +
      v.names.map((n, s) => `${n} failed ${v.failed[s]}`).join(", ")));
    parts.push(strengthTable(v));
    if (v.market.length) parts.push(el("h3", {}, "Market"), el("div", { class: "market" },
      ...v.market.map((d) => el("span", { class: "domino" }, ...d.halves.map((h) => halfEl(h))))));
    if (v.report.length) parts.push(el("h3", {}, "Report"), el("ul", { id: "report" }, ...v.report.map((r) => el("li", {}, r))));
    parts.push(el("h3", {}, "Missions"), el("ul", { id: "missions" }, ...v.missions.slice().reverse().map((m) => missionEl(m, v))));
    parts.push(el("h3", {}, "Shared map"), mapEl(v.shared, "map-shared"));
    v.names.forEach((n, s) => parts.push(el("h3", {}, `${n}: ${v.roles[s].map((r) => v.role_names[r]).join(", ")}`),
      mapEl(v.personal[s], "map-" + s)));
    root.replaceChildren(...parts);
  }

  function say(text, bad) { pick.msg = text; pick.bad = !!bad; }

  function seat(box, v, ctx) {
    const me = v.you;
    if (me === undefined) { box.replaceChildren(); return; }
    const parts = [el("h2", {}, "Your moves")];
    const mine = v.missions.filter((m) => m.seat === me && m.status === "open");
    mine.forEach((m) => parts.push(el("p", { class: m.secret ? "secret" : "" }, (m.secret ? "Your secret mission: " : "Your mission: ") + m.words)));
    const redraw = () => seat(box, v, ctx);
    const send = (move) => ctx.post(move).then(() => { pick.index = pick.first = pick.map = null; say(""); redraw(); },
      (e) => { say(e.message, true); redraw(); });
    if (v.phase === "claim" && v.turn === me) {
      parts.push(el("p", {}, "Tap a market domino, then the square for its first half and the square beside it for the second."));
      parts.push(el("div", { class: "market" }, ...v.market.map((d) => el("button", {
        class: "domino" + (pick.index === d.index ? " chosen" : ""), "data-index": d.index,
        onclick: () => { pick.index = d.index; pick.first = null; redraw(); } }, ...d.halves.map((h) => halfEl(h))))));
      const tap = (which) => (x, y) => {
        if (pick.index === null) { say("Choose a market domino first", true); redraw(); return; }
        if (!pick.first || pick.map !== which) { pick.first = [x, y]; pick.map = which; redraw(); return; }
        const [fx, fy] = pick.first;
        const q = { "1,0": 0, "0,1": 1, "-1,0": 2, "0,-1": 3 }[(x - fx) + "," + (y - fy)];
        if (q === undefined) { pick.first = [x, y]; redraw(); return; }
        const halves = v.market.find((d) => d.index === pick.index).halves.map((h) => turned(h, q));
        send({ type: "Place", map: which === "map-shared" ? "shared" : "personal", cells: [[fx, fy], [x, y]], halves, power: false });
      };
      parts.push(el("h3", {}, "Your map"), mapEl(v.personal[me], "map-mine", tap("map-mine")));
      parts.push(el("h3", {}, "Shared map"), mapEl(v.shared, "map-shared", tap("map-shared")));
      parts.push(el("button", { class: "quiet", id: "pass", onclick: () => send({ type: "Pass" }) }, "Nothing fits: place nothing"));
    }
    const task = v.tasks[0];
    if (v.phase === "report" && task && task.seat === me) {
      parts.push(el("p", {}, `To do: ${task.kind} (${task.count})`));
      if (task.kind.startsWith("remove")) {
        const which = task.kind === "remove shared" ? v.shared : v.personal[me];
        parts.push(mapEl(which, "map-remove", (x, y) => send({ type: "Remove", map: task.kind === "remove shared" ? "shared" : "personal", cell: [x, y] })));
      }
      if (task.optional) parts.push(el("button", { class: "quiet", onclick: () => send({ type: "Pass" }) }, "Skip"));
    }
    parts.push(el("div", { id: "mine-msg", class: pick.bad ? "error" : "dim" }, pick.msg));
    box.replaceChildren(...parts);
  }

  ParadoxTable.register("dynasty", { board, seat });
})();
