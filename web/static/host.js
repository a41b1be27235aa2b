"use strict";
// The host page: the table's public view, plus (with the host token) games, seats, the device.
// The new-game form comes from the games' descriptions; the game's script draws the game and,
// in simulation, the virtual table's controls (live.js, ParadoxTable). Without the host token
// this is the join page (join.js): take a seat, or ask to become the host.
(function () {
  const params = new URLSearchParams(location.search);
  if (params.get("host")) {
    localStorage.setItem("hostToken", params.get("host"));
    history.replaceState(null, "", location.pathname);
  }
  const token = localStorage.getItem("hostToken");
  const $ = (id) => document.getElementById(id);
  const post = (path, payload) => api(path, token, "X-Host-Token", payload);
  let games = [];  // the games' descriptions, as the companion sends them
  let latest = null;

  document.querySelectorAll(".host-only").forEach((n) => n.classList.toggle("hidden", !token));
  if (!token) { document.body.classList.add("guest"); Join.start(); }

  // Seats, taken or free. No seat's link or QR code is here (a host who plays would see another's
  // hidden page): opening one says whose page it opens, and the companion tells that phone.
  let asking = null;  // {viewer, what: "open" | "free"}: the question shown under a seat
  let opened = {};  // viewer -> {key, taken (then)}: opened in the game shown
  let shownGame = null;
  let seatsData = null;

  async function openSeat(seat) {
    asking = null;
    try {
      const got = await post("/api/host/seat-link", { viewer: seat.viewer });
      opened[seat.viewer] = { key: got.token, taken: seat.taken };
    } catch (e) { showSeatError(e); }
    drawSeats(seatsData);
  }

  async function freeSeat(seat) {
    asking = null;
    delete opened[seat.viewer];
    try { await post("/api/host/reissue", { viewer: seat.viewer }); } catch (e) { showSeatError(e); }
    drawSeats(seatsData);
  }

  function showSeatError(e) { $("seats-error").textContent = e.message; }

  function seatCard(seat) {
    const state = seat.taken ? "taken" : "free";
    const card = el("div", { class: "seatcard", "data-viewer": seat.viewer });
    const about = el("div", {}, el("strong", {}, seat.label), " ",
      el("span", { class: "seat-state " + state }, seat.taken ? tr("taken") : tr("free")));
    if (seat.host_opened) about.append(el("br"), el("span", { class: "dim" }, tr("opened on the host page {when}", { when: when(seat.host_opened) })));
    card.append(about);
    const ask = (what) => () => { asking = { viewer: seat.viewer, what }; $("seats-error").textContent = ""; drawSeats(seatsData); };
    const cancel = el("button", { class: "quiet", onclick: () => { asking = null; drawSeats(seatsData); } }, tr("Cancel"));
    const key = opened[seat.viewer] && opened[seat.viewer].key;
    if (asking && asking.viewer === seat.viewer && asking.what === "free") {
      card.append(freeQuestion(seat, cancel));
    } else if (key) {
      const link = location.origin + "/seat#" + key;
      card.append(el("div", { class: "handover" },
        el("p", {}, tr("{name}'s hidden page. Scan it with the phone that will hold the seat, or open it here and hand this phone over.", { name: seat.label })),
        el("img", { src: "/api/qr.svg?text=" + encodeURIComponent(link), alt: tr("QR code for {name}'s seat", { name: seat.label }) }),
        el("div", { class: "row" },
          el("a", { href: link, target: "_blank", class: "button seat-link" }, tr("Open {name}'s page here", { name: seat.label })),
          el("button", { class: "quiet", onclick: () => { delete opened[seat.viewer]; drawSeats(seatsData); } }, tr("Hide")),
          el("button", { class: "quiet free", onclick: ask("free") }, tr("Free / new link")))));
    } else if (asking && asking.viewer === seat.viewer && asking.what === "open") {
      card.append(el("div", { class: "confirm seat-question" },
        el("p", {}, tr("This opens {name}'s hidden page: what only {name} may see.", { name: seat.label }) + " " + (seat.taken
          ? tr("{name}'s phone will be told.", { name: seat.label }) : tr("The phone that takes the seat with it will be told."))),
        el("div", { class: "row" }, el("button", { class: "open-yes", onclick: () => openSeat(seat) }, tr("Open it")), cancel)));
    } else {
      card.append(el("div", { class: "row" },
        el("button", { class: "quiet free", onclick: ask("free") }, tr("Free / new link")),
        el("button", { class: "quiet open", onclick: ask("open") }, tr("Open this seat here / show its QR"))));
    }
    return card;
  }

  function freeQuestion(seat, cancel) {
    return el("div", { class: "confirm seat-question" },
      el("p", {}, seat.taken ? tr("Free {name}'s seat? The phone that holds it loses it at once, and {name} takes it again on the join page.", { name: seat.label })
        : tr("Give {name}'s seat a new link? Any old link to it stops working.", { name: seat.label })),
      el("div", { class: "row" }, el("button", { class: "free-yes", onclick: () => freeSeat(seat) }, tr("Free it")), cancel));
  }

  function drawSeats(data) {
    seatsData = data;
    // taken since opened here: its QR code goes, so no second phone scans into that seat
    for (const s of data.seats) if (opened[s.viewer] && !opened[s.viewer].taken && s.taken) delete opened[s.viewer];
    $("seats").dataset.game = String(data.game_id);  // which game's seats these are
    $("seats").replaceChildren(...data.seats.map(seatCard));
  }

  function showError(e) { $("start-error").textContent = e.message; }

  // in the order tapped: a clear does not overtake the deal tapped after it
  let acting = Promise.resolve();
  function act(action) {
    return (acting = acting.catch(() => 0).then(async () => {
      $("sim-error").textContent = "";
      try { return await post("/api/host/table", action); } catch (e) { $("sim-error").textContent = e.message; throw e; } finally { setTimeout(shot, 900); }
    }));
  }
  // what the camera sees, again after the table was touched (a hand changes no view)
  const shot = () => { $("camera").src = "/api/camera.jpg?token=" + encodeURIComponent(token) + "&t=" + Date.now(); };

  function newGameShown(id) { shownGame = id; opened = {}; asking = null; $("sim-error").textContent = ""; }

  function draw(data) {
    const v = data.view;
    // The companion's question, with the choice A would take; what the table said above it,
    // unless the same words again (a refusal is said once).
    const prompt = data.table.prompt;
    const promptWords = prompt ? prompt.words || prompt.text : "";
    $("prompt").textContent = prompt ? prompt.title + ": " + promptWords : "";
    const said = data.table.message || "";
    $("said").textContent = prompt && said === promptWords ? "" : said;
    const asking = data.host_request;
    $("host-request").classList.toggle("hidden", !asking);
    $("host-request").textContent = asking ? tr("A phone asks to become the host; it shows the code {code}. Press A on the companion to agree, B to refuse.", { code: asking.code }) : "";
    if (data.game_id !== shownGame) newGameShown(data.game_id);
    ParadoxTable.board($("game"), v, { viewer: data.viewer });
    // a guest, no game on: the join section says so, not "start one below"
    $("table-section").classList.toggle("hidden", !token && !(v && v.game));
    $("undo").parentElement.classList.toggle("hidden", !token || !(v && v.game));  // nothing to take back yet
    if (!token) Join.draw(data);
    if (data.seats) drawSeats(data);
    if (token) followGames(data);
    if (data.games && !games.length) { games = data.games; fillGames(); }
    const running = games.find((g) => v && g.name === v.game);
    if (data.simulation) $("device-section").classList.remove("hidden");
    // The virtual table of a camera game: its picture, its controls.
    const virtual = !!(data.simulation && running && running.camera);
    $("sim-section").classList.toggle("hidden", !virtual);
    if (virtual) {
      ParadoxTable.virtualTable($("virtual-table"), v, { viewer: data.viewer, act });
      shot();
    }
    $("oled").src = "/api/oled.png?v=" + data.version;
    document.body.dataset.version = data.version;  // which view this page shows now
  }

  function onView(data) {
    if (!data) return;
    // The host's menu sets the table's language (the OLED's): it shows that.
    const pick = $("lang-pick");
    if (token && pick && data.language && document.activeElement !== pick) pick.value = data.language;
    latest = data;
    ParadoxTable.use(data.game_files).then(() => { if (latest === data) draw(data); });
  }

  // ---------------------------------------------------------------- the new-game form
  //
  // Drawn from each game's options (what each kind is: Option, companion/games/base.py);
  // an option with `when` shows only while another option has that value.
  const chosen = {};  // game name -> {key: value} as the host left it, kept across redraws

  function fillGames() {
    const sel = $("game-name");
    sel.replaceChildren(...games.map((g) => el("option", { value: g.name }, term(g.title))));
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
    const s = el("select", { id }, ...choices.map((c) => el("option", { value: String(c.value) }, term(c.words))));
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
        for (let n = o.low ?? 0; n <= o.high; n++) range.push({ value: n, words: String(n) });  // a low of 0 is left out
        rows.push(el("div", { class: "row" }, el("label", {}, term(o.label) + " ",
          select(id, range, values[o.key], (x) => { values[o.key] = parseInt(x, 10); redraw(); }))));
      } else if (o.kind === "choice") {
        rows.push(el("div", { class: "row" }, el("label", {}, term(o.label) + " ",
          select(id, o.choices, values[o.key], (x) => { values[o.key] = x; redraw(); }))));
      } else if (o.kind === "names") {
        const input = el("input", { id, placeholder: tr("separated by commas"), size: "30", "aria-label": term(o.label) });
        input.value = values[o.key] || "";
        input.addEventListener("input", () => { values[o.key] = input.value; });
        rows.push(el("div", {}, el("label", { for: id }, term(o.label)), el("div", { class: "row" }, input)));
      } else if (o.kind === "each") {
        const numbers = game.options.filter((x) => x.kind === "numbers" && x.per === o.key && shown(x, values));
        const n = countOf(game, values, o);
        const picks = values[o.key];
        const each = el("div", { id, class: "each" });
        for (let i = 0; i < n; i++) {  // a different one for each; "" (left to the game) may repeat
          if (!o.choices.some((c) => c.value === picks[i]) || (picks[i] !== "" && picks.slice(0, i).includes(picks[i]))) {
            const free = o.choices.find((c) => c.value === "" || !picks.slice(0, i).includes(c.value)) || o.choices[0];
            picks[i] = free.value;
          }
          const pick = (x) => {  // taking another row's choice gives that row this one's
            const j = picks.slice(0, n).indexOf(x);
            if (x !== "" && j >= 0 && j !== i) picks[j] = picks[i];
            picks[i] = x;
            redraw();
          };
          const row = el("div", { class: "row each-row" }, el("label", {}, `${term(o.label)} ${i + 1} `,
            select(`${id}-${i + 1}`, o.choices, picks[i], pick)));
          for (const num of numbers) {
            const typed = (values[num.key][i] = values[num.key][i] || {});
            for (const field of num.fields) {
              const input = el("input", { id: `opt-${num.key}-${i + 1}-${field}`, class: "number", type: "number",
                min: String(num.low), max: String(num.high), inputmode: "numeric", placeholder: term(field),
                "aria-label": tr("{field} of {label} {n}", { field: term(field), label: I18N.lang === "en" ? o.label.toLowerCase() : term(o.label), n: i + 1 }) });
              input.value = typed[field] || "";
              input.addEventListener("input", () => { typed[field] = input.value; });
              row.append(input);
            }
          }
          each.append(row);
        }
        rows.push(each);
        for (const num of numbers) if (num.help) rows.push(el("p", { class: "dim" }, term(num.label) + ": " + (I18N.lang === "en" ? lower(num.help) : term(num.help))));
      }
      if (o.help) rows.push(el("p", { class: "dim" }, term(o.help)));
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
        // a Japanese keyboard writes 、 or ， between them
        const names = (values[o.key] || "").split(/[,、，]/).map((s) => s.trim()).filter(Boolean);
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

  // -------- games: start, end, resume
  //
  // A game in progress is never ended without asking: the companion answers 409 with the
  // question, the page shows it, and only "End it" sends the request again with replace: true.
  let inProgress = null;  // whether a game was in progress at the last view
  let listedFor = "";  // what the games list was last fetched for

  function followGames(data) {
    const now = !!data.in_progress;
    if (now !== inProgress) {  // the form folds away while a game is on, and opens after it
      inProgress = now;
      $("start-details").open = !now;
    }
    const key = [data.game_id, data.view && data.view.finished, now, data.moves].join("/");
    if (key !== listedFor) { listedFor = key; loadGames(); }
  }

  async function loadGames() {
    try {
      const res = await fetch("/api/host/games", { headers: { "X-Host-Token": token } });
      const got = await res.json();
      if (!res.ok) throw new Error(got.error || res.statusText);
      drawGames(got.games);
    } catch (e) {
      $("games-error").textContent = e.message;
    }
  }

  function when(iso) {
    const d = new Date(iso);
    return isNaN(d) ? "" : d.toLocaleString(I18N.lang, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  }

  const SHOWN = 8;  // the newest games; the rest behind "Show all"
  let showAll = false;
  let lastList = [];

  function drawGames(list) {
    lastList = list;
    const rows = list.slice(0, showAll ? list.length : SHOWN).map((g) => {
      const who = g.names.length ? listed(g.names) : "";
      const state = g.current ? (g.finished ? tr("on the table, over") : tr("on the table now"))
        : g.finished ? tr("over") : g.moves ? tr("interrupted") : tr("not begun");
      const winners = g.finished && g.winners.length ? " · " + tr("won by {names}", { names: listed(g.winners.map((s) => String(g.names[s] ?? s))) }) : "";
      const actions = [];
      if (!g.current) {
        actions.push(el("button", { class: "quiet resume", onclick: () => resume(g, false) }, tr("Resume")));
      }
      if (g.record) {
        actions.push(el("a", { class: "button quiet record", download: "",
          href: `/api/host/games/${g.id}/record.jsonl?token=${encodeURIComponent(token)}` }, tr("Download record")));
      } else {
        actions.push(el("span", { class: "dim" }, tr("record once it is over: until then it would show what players keep hidden")));
      }
      const moves = trn("{n} move", "{n} moves", g.moves);
      return el("div", { class: "played" + (g.current ? " current" : ""), "data-game": String(g.id) },
        el("div", {}, el("strong", {}, term(g.title)), who ? " · " + who : ""),
        el("div", { class: "dim" }, `${when(g.created)} · ${moves} · ${state}${winners}`),
        el("div", { class: "row" }, ...actions));
    });
    if (list.length > rows.length) {
      rows.push(el("button", { class: "quiet", id: "games-all", onclick: () => { showAll = true; drawGames(lastList); } },
        tr("Show all {n} games", { n: list.length })));
    }
    $("games-list").replaceChildren(...(rows.length ? rows : [el("p", { class: "dim" }, tr("No games yet."))]));
  }

  async function resume(game, replace) {
    $("games-error").textContent = "";
    $("resume-confirm").classList.add("hidden");
    try {
      await post("/api/host/resume", { game_id: game.id, replace });
      window.scrollTo({ top: 0 });
    } catch (e) {
      if (e.data && e.data.confirm) {
        $("resume-question").textContent = e.data.confirm;
        $("resume-replace").onclick = () => resume(game, true);
        $("resume-confirm").classList.remove("hidden");
      } else {
        $("games-error").textContent = e.message;
      }
    }
  }

  async function startGame(replace) {
    $("start-error").textContent = "";
    $("start-confirm").classList.add("hidden");
    const game = current();
    if (!game) return;
    try {
      await post("/api/host/game", { game: game.name, options: options(game), replace });
    } catch (e) {
      if (e.data && e.data.confirm) {
        $("start-question").textContent = e.data.confirm;
        $("start-confirm").classList.remove("hidden");
      } else {
        showError(e);
      }
    }
  }

  // The join page's QR code: the address this phone reached the companion at (phones on the
  // same network reach it too). It opens no hidden page.
  $("show-join-qr").addEventListener("click", () => {
    const box = $("join-qr");
    const join = location.origin + "/";
    box.querySelector("img").src = "/api/qr.svg?text=" + encodeURIComponent(join);
    $("join-address").textContent = join;
    box.classList.toggle("hidden");
    $("show-join-qr").textContent = box.classList.contains("hidden") ? tr("Show the join page's QR code") : tr("Hide the join page's QR code");
  });
  $("start-replace").addEventListener("click", () => startGame(true));
  $("start-keep").addEventListener("click", () => $("start-confirm").classList.add("hidden"));
  $("resume-keep").addEventListener("click", () => $("resume-confirm").classList.add("hidden"));

  // No picture yet (the camera opening): no broken image; the next view tries again.
  $("camera").addEventListener("error", () => $("camera").classList.add("hidden"));
  $("camera").addEventListener("load", () => $("camera").classList.remove("hidden"));
  $("game-name").addEventListener("change", drawOptions);
  $("start").addEventListener("click", () => startGame(false));
  $("undo").addEventListener("click", () => post("/api/host/undo").catch(showError));
  document.querySelectorAll("[data-press]").forEach((b) =>
    b.addEventListener("click", () => post("/api/host/button", { name: b.dataset.press }).catch(showError)));
  document.querySelectorAll("[data-act]").forEach((b) =>
    b.addEventListener("click", () => act(JSON.parse(b.dataset.act)).catch(() => 0)));

  const url = token ? "/api/stream?token=" + encodeURIComponent(token) : "/api/stream";
  // A host link this companion no longer knows (its state was wiped): this phone is a guest
  // again, and the join page offers to ask for the host's role anew.
  async function stillWelcome() {
    if (!token) return true;
    try {
      const res = await fetch("/api/view", { headers: { "X-Host-Token": token } });
      if (res.status !== 403) return true;
    } catch (e) {
      return true;  // no answer at all: the Wi-Fi dropped, keep trying
    }
    localStorage.removeItem("hostToken");
    location.replace("/");
    return false;
  }

  // The host's language is the table's (the OLED's, and a phone's that chose none).
  languagePicker(token ? (lang) => post("/api/host/language", { language: lang }) : null);
  connectLive(url, onView, $("status"), stillWelcome);

  // "Teach the camera" is shown when there is a camera to teach; its script (teach.js) is
  // fetched only when the host first opens the section, so the host page stays light.
  if (token) {
    fetch("/api/teach", { headers: { "X-Host-Token": token } })
      .then((res) => (res.ok ? res.json() : { games: [] }))
      .then((data) => $("teach-section").classList.toggle("hidden", !(data.games || []).length))
      .catch(() => {});
    $("teach-details").addEventListener("toggle", () => {
      if ($("teach-details").open && !$("teach-script")) {
        document.body.append(el("script", { id: "teach-script", src: "/static/teach.js" }));
      }
    });
  }
})();
