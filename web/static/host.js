"use strict";
// The host page: the table's public view, plus (with the host token) games, seats, the device.
// The new-game form is drawn from the games' own descriptions; the game's script draws the
// game and, in simulation, the virtual table's controls (live.js, ParadoxTable).
(function () {
  const params = new URLSearchParams(location.search);
  if (params.get("host")) {
    localStorage.setItem("hostToken", params.get("host"));
    history.replaceState(null, "", location.pathname);
  }
  const token = localStorage.getItem("hostToken");
  const $ = (id) => document.getElementById(id);
  const post = (path, payload) => api(path, token, "X-Host-Token", payload);
  let games = [];      // the games' descriptions, as the companion sends them
  let latest = null;

  document.querySelectorAll(".host-only").forEach((n) => n.classList.toggle("hidden", !token));
  $("locked").classList.toggle("hidden", !!token);

  function drawSeats(data) {
    const box = $("seats");
    box.replaceChildren();
    for (const seat of data.seats) {
      const link = location.origin + "/seat#" + seat.token;
      box.append(el("div", { class: "seatcard", "data-viewer": seat.viewer },
        el("img", { src: "/api/qr.svg?text=" + encodeURIComponent(link), alt: "QR code for " + seat.label }),
        el("div", {}, el("strong", {}, seat.label), el("br"),
          el("a", { href: link, target: "_blank", class: "seat-link" }, link), el("br"),
          el("button", { class: "quiet", onclick: () => post("/api/host/reissue", { viewer: seat.viewer }).catch(showError) },
            "New link"))));
    }
  }

  function showError(e) { $("start-error").textContent = e.message; }

  async function act(action) {
    $("sim-error").textContent = "";
    try { return await post("/api/host/table", action); } catch (e) { $("sim-error").textContent = e.message; throw e; }
  }

  function draw(data) {
    const v = data.view;
    $("said").textContent = data.table.message || "";
    $("prompt").textContent = data.table.prompt ? data.table.prompt.title + ": " + data.table.prompt.text : "";
    ParadoxTable.board($("game"), v, { viewer: data.viewer });
    if (data.seats) drawSeats(data);
    if (data.games && !games.length) { games = data.games; fillGames(); }
    const running = games.find((g) => v && g.name === v.game);
    if (data.simulation) $("device-section").classList.remove("hidden");
    // The virtual table, for a game the camera watches: the camera's picture, the game's controls.
    const virtual = !!(data.simulation && running && running.camera);
    $("sim-section").classList.toggle("hidden", !virtual);
    if (virtual) {
      ParadoxTable.virtualTable($("virtual-table"), v, { viewer: data.viewer, act });
      $("camera").src = "/api/camera.jpg?token=" + encodeURIComponent(token) + "&v=" + data.version;
    }
    $("oled").src = "/api/oled.png?v=" + data.version;
    document.body.dataset.version = data.version;  // which view this page shows now
  }

  function onView(data) {
    if (!data) return;
    latest = data;
    ParadoxTable.use(data.game_files).then(() => { if (latest === data) draw(data); });
  }

  // ---------------------------------------------------------------- the new-game form
  //
  // Drawn from each game's options (companion/games/base.py, Option): a count, a choice, names
  // (one per seat, comma-separated), a choice for each of a count (less `less`), and numbers for
  // each value chosen there. An option with `when` shows only while another option has that value.
  const chosen = {};   // game name -> {key: value} as the host left it, kept across redraws

  function fillGames() {
    const sel = $("game-name");
    sel.replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
    drawOptions();
  }

  function current() { return games.find((g) => g.name === $("game-name").value); }

  function valuesOf(game) {
    if (!chosen[game.name]) {
      const values = {};
      for (const o of game.options) {
        values[o.key] = { count: o.default ?? o.low, choice: o.default ?? "", names: "", each: [], numbers: [] }[o.kind];
      }
      chosen[game.name] = values;
    }
    return chosen[game.name];
  }

  function shown(o, values) {
    return Object.entries(o.when || {}).every(([k, want]) => String(values[k]) === String(want));
  }

  function countOf(game, values, o) {
    const per = game.options.find((x) => x.key === o.per);
    return per ? Math.max(0, parseInt(values[per.key], 10) - (o.less || 0)) : 0;
  }

  function select(id, choices, value, onchange, label) {
    const s = el("select", { id }, ...choices.map((c) => el("option", { value: String(c.value) }, c.words)));
    if (label) s.setAttribute("aria-label", label);
    s.value = String(value ?? "");
    s.addEventListener("change", () => onchange(s.value));
    return s;
  }

  function drawOptions() {
    const game = current();
    const box = $("game-options");
    if (!game) { box.replaceChildren(); return; }
    const values = valuesOf(game);
    const redraw = () => drawOptions();
    const rows = [];
    for (const o of game.options) {
      if (!shown(o, values) || o.kind === "numbers") continue;  // numbers sit beside their "each"
      const id = "opt-" + o.key;
      if (o.kind === "count") {
        const range = [];
        for (let n = o.low; n <= o.high; n++) range.push({ value: n, words: String(n) });
        rows.push(el("div", { class: "row" }, el("label", {}, o.label + " ",
          select(id, range, values[o.key], (x) => { values[o.key] = parseInt(x, 10); redraw(); }))));
      } else if (o.kind === "choice") {
        rows.push(el("div", { class: "row" }, el("label", {}, o.label + " ",
          select(id, o.choices, values[o.key], (x) => { values[o.key] = x; redraw(); }))));
      } else if (o.kind === "names") {
        const input = el("input", { id, placeholder: o.label + ", separated by commas", size: "30", "aria-label": o.label });
        input.value = values[o.key] || "";
        input.addEventListener("input", () => { values[o.key] = input.value; });
        rows.push(el("div", { class: "row" }, input));
      } else if (o.kind === "each") {
        const numbers = game.options.filter((x) => x.kind === "numbers" && x.per === o.key && shown(x, values));
        const n = countOf(game, values, o);
        const picks = values[o.key];
        const each = el("div", { id, class: "each" });
        for (let i = 0; i < n; i++) {  // a different one for each
          if (!o.choices.some((c) => c.value === picks[i]) || picks.slice(0, i).includes(picks[i])) {
            const free = o.choices.find((c) => !picks.slice(0, i).includes(c.value)) || o.choices[0];
            picks[i] = free.value;
          }
          const pick = (x) => {  // taking another row's choice gives that row this one's
            const j = picks.slice(0, n).indexOf(x);
            if (j >= 0 && j !== i) picks[j] = picks[i];
            picks[i] = x;
            redraw();
          };
          const row = el("div", { class: "row each-row" }, el("label", {}, `${o.label} ${i + 1} `,
            select(`${id}-${i + 1}`, o.choices, picks[i], pick)));
          for (const num of numbers) {
            const typed = (values[num.key][i] = values[num.key][i] || {});
            for (const field of num.fields) {
              const input = el("input", { id: `opt-${num.key}-${i + 1}-${field}`, class: "number", type: "number",
                min: String(num.low), max: String(num.high), inputmode: "numeric", placeholder: field,
                "aria-label": `${field} of ${o.label.toLowerCase()} ${i + 1}` });
              input.value = typed[field] || "";
              input.addEventListener("input", () => { typed[field] = input.value; });
              row.append(input);
            }
          }
          each.append(row);
        }
        rows.push(each);
        for (const num of numbers) if (num.help) rows.push(el("p", { class: "dim" }, num.label + ": " + lower(num.help)));
      }
      if (o.help) rows.push(el("p", { class: "dim" }, o.help));
    }
    box.replaceChildren(...rows);
  }

  function lower(s) { return s.charAt(0).toLowerCase() + s.slice(1); }

  // The options the game is started with: only what is shown, and only what the host gave.
  function options(game) {
    const values = valuesOf(game);
    const out = {};
    for (const o of game.options) {
      if (!shown(o, values)) continue;
      if (o.kind === "count") out[o.key] = parseInt(values[o.key], 10);
      else if (o.kind === "choice") { if (values[o.key] !== "" && values[o.key] !== null) out[o.key] = values[o.key]; }
      else if (o.kind === "names") {
        const names = (values[o.key] || "").split(",").map((s) => s.trim()).filter(Boolean);
        if (names.length) out[o.key] = names;
      } else if (o.kind === "each") out[o.key] = values[o.key].slice(0, countOf(game, values, o));
    }
    for (const o of game.options) {  // numbers: for each value chosen in their "each" option
      if (o.kind !== "numbers" || !shown(o, values)) continue;
      const picks = out[o.per] || [];
      const got = {};
      picks.forEach((pick, i) => {
        for (const field of o.fields) {
          const n = parseInt((values[o.key][i] || {})[field], 10);
          if (n >= o.low && n <= o.high) (got[pick] = got[pick] || {})[field] = n;
        }
      });
      if (Object.keys(got).length) out[o.key] = got;
    }
    return out;
  }

  // No picture yet (the camera is still opening): no broken image, the next view tries again.
  $("camera").addEventListener("error", () => $("camera").classList.add("hidden"));
  $("camera").addEventListener("load", () => $("camera").classList.remove("hidden"));
  $("game-name").addEventListener("change", drawOptions);
  $("start").addEventListener("click", async () => {
    $("start-error").textContent = "";
    const game = current();
    if (!game) return;
    try { await post("/api/host/game", { game: game.name, options: options(game) }); } catch (e) { showError(e); }
  });
  $("undo").addEventListener("click", () => post("/api/host/undo").catch(showError));
  document.querySelectorAll("[data-press]").forEach((b) =>
    b.addEventListener("click", () => post("/api/host/button", { name: b.dataset.press }).catch(showError)));

  const url = token ? "/api/stream?token=" + encodeURIComponent(token) : "/api/stream";
  connectLive(url, onView, $("status"));
})();
