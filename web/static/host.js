"use strict";
// The host page: the table's public view, plus (with the host token) games, seats, the device.
(function () {
  const params = new URLSearchParams(location.search);
  if (params.get("host")) {
    localStorage.setItem("hostToken", params.get("host"));
    history.replaceState(null, "", location.pathname);
  }
  const token = localStorage.getItem("hostToken");
  const $ = (id) => document.getElementById(id);
  const post = (path, payload) => api(path, token, "X-Host-Token", payload);
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

  function onView(data) {
    if (!data) return;
    latest = data;
    $("said").textContent = data.table.message || "";
    $("prompt").textContent = data.table.prompt ? data.table.prompt.title + ": " + data.table.prompt.text : "";
    drawGame($("game"), data.view);
    document.body.dataset.version = data.version;  // which view this page shows now
    if (data.seats) drawSeats(data);
    if (data.games) fillGames(data.games);
    if (data.simulation) {
      $("device-section").classList.remove("hidden");
      $("sim-section").classList.remove("hidden");
      fillSim(data.view);
      $("camera").src = "/api/camera.jpg?token=" + encodeURIComponent(token) + "&v=" + data.version;
    }
    if (!data.simulation || (data.view && data.view.game && data.view.game !== "paradominetor")) {
      $("sim-section").classList.add("hidden");  // the virtual table lays Paradominetor tiles only
    }
    $("oled").src = "/api/oled.png?v=" + data.version;
  }

  function fillGames(games) {
    const sel = $("game-name");
    if (sel.options.length) return;
    games.forEach((g) => sel.append(el("option", { value: g }, GAME_NAMES[g] || g)));
    showOptions();
  }

  // Paradox Island: 2-4 players (the OP and 1-3 captives), each captive a different character.
  const GAME_NAMES = { paradominetor: "Paradominetor", island: "Paradox Island" };
  const CHARACTERS = ["hempel", "theseus", "schrodie", "phil", "granddead", "achilles"];  // recommended first
  const title = (c) => c.charAt(0).toUpperCase() + c.slice(1);

  function showOptions() {
    const island = $("game-name").value === "island";
    $("island-options").classList.toggle("hidden", !island);
    $("seat-options").classList.toggle("hidden", island);
    if (!island) return;
    const captives = parseInt($("island-players").value, 10) - 1;
    const box = $("island-characters");
    const before = [...box.querySelectorAll(".island-captive")].map((row) =>
      [...row.querySelectorAll("select, input")].map((n) => n.value));
    // Health and energy are not printed in the rulebook: the catalog's values unless the
    // players write their own here.
    box.replaceChildren(...Array.from({ length: captives }, (_, i) => {
      const s = el("select", { id: "island-character-" + (i + 1) }, ...CHARACTERS.map((c) => el("option", { value: c }, title(c))));
      const num = (what) => el("input", { id: `island-${what}-${i + 1}`, class: "stat", type: "number", min: "1", max: "9",
        inputmode: "numeric", placeholder: what, "aria-label": `${what} of captive ${i + 1}` });
      const health = num("health"), energy = num("energy");
      const was = before[i] || [];
      s.value = was[0] || CHARACTERS[i];
      health.value = was[1] || "";
      energy.value = was[2] || "";
      return el("div", { class: "row island-captive" }, el("label", {}, "Captive " + (i + 1) + " ", s), health, energy);
    }));
    const second = $("island-second");
    if (!second.options.length) second.replaceChildren(el("option", { value: "" }, "drawn at random"),
      ...CHARACTERS.map((c) => el("option", { value: c }, title(c))));
    $("island-second-row").classList.toggle("hidden", captives !== 1);
  }

  function islandOptions() {
    const players = parseInt($("island-players").value, 10);
    const rows = [...$("island-characters").querySelectorAll(".island-captive")];
    const characters = rows.map((row) => row.querySelector("select").value);
    const options = { players, characters };
    const stats = {};
    rows.forEach((row, i) => {
      for (const what of ["health", "energy"]) {
        const n = parseInt(row.querySelector(".stat[placeholder=" + what + "]").value, 10);
        if (n >= 1 && n <= 9) (stats[characters[i]] = stats[characters[i]] || {})[what] = n;
      }
    });
    if (Object.keys(stats).length) options.character_stats = stats;
    if (players === 2 && $("island-second").value) options.second_piece = $("island-second").value;
    return options;
  }
  $("game-name").addEventListener("change", showOptions);
  $("island-players").addEventListener("change", showOptions);

  function fillSim(v) {
    if (!v || v.game !== "paradominetor") return;
    const seatSel = $("sim-seat");
    const want = v.names.map((n, s) => s + ":" + n).join("|");
    if (seatSel.dataset.names !== want) {
      seatSel.dataset.names = want;
      seatSel.replaceChildren(...v.names.map((n, s) => el("option", { value: s }, n)));
      $("sim-colour").replaceChildren(...v.colours.concat(["black"]).map((c) => el("option", {}, c)));
      $("sim-value").replaceChildren(...[0, 1, 2, 3, 4, 5, 6].map((x) => el("option", {}, String(x))));
      $("sim-declare").replaceChildren(el("option", { value: "" }, "—"), ...v.colours.map((c) => el("option", {}, c)));
    }
    if (v.to_play !== null) seatSel.value = String(v.to_play);
  }

  async function sim(action) {
    $("sim-error").textContent = "";
    try { await post("/api/host/table", action); } catch (e) { $("sim-error").textContent = e.message; }
  }

  $("start").addEventListener("click", async () => {
    $("start-error").textContent = "";
    const game = $("game-name").value;
    let options;
    if (game === "island") options = islandOptions();
    else {
      const names = $("seat-names").value.split(",").map((s) => s.trim()).filter(Boolean);
      options = { seats: parseInt($("players").value, 10) };
      if (names.length) options.names = names;
    }
    try { await post("/api/host/game", { game, options }); } catch (e) { showError(e); }
  });
  $("undo").addEventListener("click", () => post("/api/host/undo").catch(showError));
  document.querySelectorAll("[data-press]").forEach((b) =>
    b.addEventListener("click", () => post("/api/host/button", { name: b.dataset.press }).catch(showError)));
  $("sim-play").addEventListener("click", () => {
    const colour = $("sim-colour").value;
    const tile = colour === "black" ? "black-0" : `${colour}-${$("sim-value").value}-${$("sim-timeframe").value}`;
    sim({ action: "play", seat: parseInt($("sim-seat").value, 10), tile, declare: $("sim-declare").value || null });
  });
  $("sim-flip").addEventListener("click", () => sim({ action: "flip" }));
  $("sim-clear").addEventListener("click", () => sim({ action: "clear" }));

  const url = token ? "/api/stream?token=" + encodeURIComponent(token) : "/api/stream";
  connectLive(url, onView, $("status"));
})();
