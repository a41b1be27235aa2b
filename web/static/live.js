// What the host and seat pages share: the live stream, requests, element building, and the door
// through which each game brings its own drawing. These pages name no game.
"use strict";

// ------------------------------------------------------------------ words in the reader's language
//
// /i18n.js (loaded before this file) sets window.I18N: the reader's language and the catalog's
// words for it (companion/locale). `tr("{name} to play", {name})` looks a message up and fills
// its parameters; `trn(singular, plural, n, params)` chooses the plural form; `term(word)` is a
// game's noun or label shown alone (a part, a card, a colour), untouched when it has no entry.
const I18N = window.I18N || { lang: "en", names: { en: "English" }, words: {} };

function fill(text, params) {
  return params ? text.replace(/\{(\w+)\}/g, (all, k) => (k in params ? String(params[k]) : all)) : text;
}

function tr(text, params) {
  const found = I18N.words[text];
  return fill(typeof found === "string" ? found : text, params);
}

function trn(singular, plural, n, params) {
  const found = I18N.words[singular];
  // Japanese has one form; English chooses by n
  const text = Array.isArray(found) ? found[0] : n === 1 ? singular : plural;
  return fill(text, Object.assign({ n }, params || {}));
}

function term(word) {
  if (word === null || word === undefined) return word;
  const found = I18N.words[String(word)];
  return typeof found === "string" ? found : String(word);
}

// Items joined as the reader's language joins them: "a, b and c" / "a、b、c".
function listed(items, last) {
  const all = items.map(String);
  if (I18N.lang === "ja") return all.length < 2 ? all.join("") : last === "or" ? all.slice(0, -1).join("、") + "または" + all[all.length - 1] : all.join("、");
  return all.length < 2 ? all.join("") : all.slice(0, -1).join(", ") + " " + tr(last || "and") + " " + all[all.length - 1];
}

// This phone's language, chosen in the page's header; kept as a cookie so the companion answers
// in it (pages, views, refusals). `onChange(lang)` runs first (the host page sets the table's).
// The companion's answer sets it too: a script's cookie may miss the reload (web/pages.py).
function languagePicker(onChange) {
  const header = document.querySelector("header");
  if (!header || document.getElementById("lang-pick")) return;
  const pick = document.createElement("select");
  pick.id = "lang-pick";
  pick.setAttribute("aria-label", "Language / 言語");
  for (const [code, name] of Object.entries(I18N.names)) {
    const o = document.createElement("option");
    o.value = code; o.textContent = name;
    pick.append(o);
  }
  pick.value = I18N.lang;
  pick.addEventListener("change", async () => {
    const chosen = pick.value;
    document.cookie = "lang=" + chosen + "; path=/; max-age=31536000; SameSite=Lax";
    if (onChange) { try { await onChange(chosen); } catch (e) { /* the page still follows */ } }
    try { await api("/api/language", null, "", { language: chosen }); } catch (e) { /* the cookie holds it */ }
    location.reload();
  });
  header.append(pick);
}

// Live updates: one EventSource, a visible connection state, and on every (re)connect the page
// is drawn from the whole current view, never from a replay. `onGame` (seat pages): the key is
// good but for a game no longer on the table; the page follows the game in progress.
function connectLive(url, onView, statusEl, stillWelcome, onGame) {
  let source = null;
  let closed = false;     // closed by the page: never opened again
  function setStatus(kind, text) {
    if (!closed) { statusEl.className = "status " + kind; statusEl.textContent = text; }
  }
  function open() {
    if (closed) return;
    source = new EventSource(url);
    source.addEventListener("open", () => setStatus("live", tr("live")));
    // a page reads the table's language unless its reader chose one: it follows a change so
    source.addEventListener("view", (e) => {
      const view = JSON.parse(e.data);
      if (view.lang && view.lang !== I18N.lang) return location.reload();
      setStatus("live", tr("live")); onView(view);
    });
    // the companion ends a stream now and then (so a phone that vanished frees its place): the
    // page opens the next one at once, without showing a lost line
    source.addEventListener("again", () => { source.close(); open(); });
    source.addEventListener("revoked", () => {
      source.close();
      setStatus("lost", tr("link replaced"));
      onView(null);
    });
    source.addEventListener("game", (e) => {
      source.close();
      if (onGame) onGame(JSON.parse(e.data)); else setTimeout(open, 1000);
    });
    source.addEventListener("error", async () => {
      // EventSource retries by itself; a refused one (403, a replaced link) is closed, so ask
      // whether this page is still welcome before trying again.
      setStatus("reconnecting", tr("reconnecting…"));
      if (source.readyState !== EventSource.CLOSED) return;
      if (stillWelcome && !(await stillWelcome())) {
        setStatus("lost", tr("link replaced"));
        onView(null);
        return;
      }
      setTimeout(open, 2000);
    });
  }
  open();
  return { close: () => { closed = true; if (source) source.close(); } };
}

// The seat keys this phone holds: one per game it sat in (game id -> key), so that resuming an
// earlier game brings the phone back to its seat there. A key from before (one key, the latest
// game's, as "seatToken") is filed under its game the first time a page asks.
const SeatKeys = (function () {
  const NAME = "seatKeys";
  function all() {
    try {
      const keys = JSON.parse(localStorage.getItem(NAME) || "{}");
      return keys && typeof keys === "object" && !Array.isArray(keys) ? keys : {};
    } catch (e) { return {}; }
  }
  function save(keys) { localStorage.setItem(NAME, JSON.stringify(keys)); }
  function get(gameId) { return gameId === null || gameId === undefined ? null : all()[gameId] || null; }
  function put(gameId, key) { const keys = all(); keys[gameId] = key; save(keys); }
  function drop(gameId, key) {  // only that key: a newer one for the game stays
    const keys = all();
    if (keys[gameId] === key) { delete keys[gameId]; save(keys); }
  }
  // Ask the companion which game a key is for, and file it there. {game_id, viewer, label,
  // current}; null when the key is no good any more; throws when the companion did not answer.
  async function file(key) {
    const res = await fetch("/api/seat", { headers: { "X-Seat-Token": key } });
    if (res.status === 403 || res.status === 400) return null;
    if (!res.ok) throw new Error(tr("the companion did not answer"));
    const found = await res.json();
    put(found.game_id, key);
    return found;
  }
  // A key from before, or one that came in a link while the Wi-Fi was down: filed now.
  async function migrate() {
    const old = localStorage.getItem("seatToken");
    if (!old) return;
    try {
      await file(old);
      localStorage.removeItem("seatToken");
    } catch (e) { /* no answer: kept, and filed on a later visit */ }
  }
  return { get, put, drop, file, migrate };
})();

async function api(path, token, headerName, payload) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers[headerName] = token;
  let res;  // no answer at all (the companion restarting, the Wi-Fi gone): said in players' words
  try { res = await fetch(path, { method: "POST", headers, body: JSON.stringify(payload || {}) }); } catch (e) { throw new Error(tr("the companion did not answer")); }
  let data = {};
  try { data = await res.json(); } catch (e) { data = { error: tr("the companion did not answer") }; }
  if (!res.ok) {
    const err = new Error(data.error || res.statusText);
    err.status = res.status;
    err.data = data;  // e.g. {error, confirm}: a question to ask before sending it again
    throw err;
  }
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// ------------------------------------------------------------------ games on the pages
//
// Each game's phone script registers itself here: ParadoxTable.register(name, {board, seat,
// virtualTable}); docs/games.md ("A game's phone script") says what each part and ctx are.
const ParadoxTable = (function () {
  const games = {};           // name -> parts
  const scripts = {};         // url -> Promise, resolved once the script ran (or failed)

  function register(name, parts) { games[name] = parts || {}; }

  // Bring the running game's script and style onto the page (only that game's style stays);
  // resolves when its script has run, or failed to load (the page then draws what it can).
  function use(files) {
    const wanted = files || [];
    document.querySelectorAll("link[data-game-style]").forEach((n) => {
      if (!wanted.includes(n.getAttribute("href"))) n.remove();
    });
    const loading = [];
    for (const url of wanted) {
      if (url.endsWith(".css")) {
        if (!document.querySelector(`link[data-game-style][href="${url}"]`)) {
          document.head.append(el("link", { rel: "stylesheet", href: url, "data-game-style": "" }));
        }
      } else if (url.endsWith(".js")) {
        if (!scripts[url]) {
          scripts[url] = new Promise((resolve) => {
            const s = el("script", { src: url });
            s.addEventListener("load", resolve);
            s.addEventListener("error", resolve);
            document.body.append(s);
          });
        }
        loading.push(scripts[url]);
      }
    }
    return Promise.all(loading);
  }

  function part(view, name) {
    const g = view && view.game ? games[view.game] : null;
    return g && g[name] ? g[name] : null;
  }

  // The game in `root`; without the game's script, the names and scores every game's view has.
  function board(root, view, ctx) {
    if (!view || !view.game) {  // the host reads the table's own line (start one below) instead
      root.replaceChildren(...(ctx && ctx.viewer === "host" ? [] : [el("p", {}, tr("No game yet. The host starts one."))]));
      return;
    }
    const draw = part(view, "board");
    if (draw) return draw(root, view, ctx || {});
    const rows = (view.names || []).map((n, s) => el("tr", {}, el("td", {}, n),
      el("td", { class: "num" }, String((view.scores || {})[s] ?? ""))));
    root.replaceChildren(el("table", {}, ...rows));
  }

  function seat(box, view, ctx) {
    const draw = part(view, "seat");
    if (draw) return draw(box, view, ctx || {});
    box.replaceChildren();
  }

  function virtualTable(box, view, ctx) {
    const draw = part(view, "virtualTable");
    if (draw) return draw(box, view, ctx || {});
    box.replaceChildren();
  }

  return { register, use, board, seat, virtualTable, has: (view, name) => !!part(view, name), el,
    tr, trn, term, listed, lang: I18N.lang,
    comma: I18N.lang === "ja" ? "、" : ", " };  // between the items of a short list, as the reader writes it
})();
