// Live updates shared by the host and seat pages: one EventSource, a visible connection state,
// and on every (re)connect the page is drawn from the whole current view, never from a replay.
"use strict";

function connectLive(url, onView, statusEl, stillWelcome) {
  let source = null;
  function setStatus(kind, text) {
    statusEl.className = "status " + kind;
    statusEl.textContent = text;
  }
  function open() {
    source = new EventSource(url);
    source.addEventListener("open", () => setStatus("live", "live"));
    source.addEventListener("view", (e) => { setStatus("live", "live"); onView(JSON.parse(e.data)); });
    source.addEventListener("revoked", () => {
      source.close();
      setStatus("lost", "link replaced");
      onView(null);
    });
    source.addEventListener("error", async () => {
      // EventSource retries by itself; a refused one (403, a replaced link) is closed, so ask
      // whether this page is still welcome before trying again.
      setStatus("reconnecting", "reconnecting…");
      if (source.readyState !== EventSource.CLOSED) return;
      if (stillWelcome && !(await stillWelcome())) {
        setStatus("lost", "link replaced");
        onView(null);
        return;
      }
      setTimeout(open, 2000);
    });
  }
  open();
  return { close: () => source && source.close() };
}

async function api(path, token, headerName, payload) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers[headerName] = token;
  const res = await fetch(path, { method: "POST", headers, body: JSON.stringify(payload || {}) });
  let data = {};
  try { data = await res.json(); } catch (e) { data = { error: "the companion did not answer" }; }
  if (!res.ok) throw new Error(data.error || res.statusText);
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

function tileEl(t) {
  const [colour, value] = t.tile.split("-");
  const label = colour === "black" ? (t.declare ? "0 → " + t.declare : "0") : value;
  return el("span", { class: "tile " + colour, title: t.tile },
    label, el("small", {}, t.timeframe ? t.timeframe : colour));
}

// Paradominetor, drawn the same way on every page from the viewer's own view.
function drawParadominetor(root, v) {
  const names = v.names;
  const score = el("table", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "½ tricks"), el("th", {}, "Points")));
  names.forEach((n, s) => {
    const tags = [];
    if (v.lead === s) tags.push("lead");
    if (v.to_play === s) tags.push("to play");
    if (v.winners.includes(s)) tags.push("winner");
    score.append(el("tr", { class: v.you === s ? "you" : "" },
      el("td", {}, n, tags.length ? el("span", { class: "dim" }, " · " + tags.join(", ")) : null),
      el("td", { class: "dim" }, String(v.half_point_tricks[s])),
      el("td", { class: "num", "data-seat": s }, String(v.scores[s]))));
  });
  const trick = el("div", { class: "tiles", id: "current-trick" });
  v.current_trick.forEach((p) => trick.append(el("div", {}, tileEl(p), el("div", { class: "dim" }, names[p.seat]))));
  const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  root.replaceChildren(
    el("h2", {}, v.finished ? "Game over" : `Trick ${v.trick_number} of ${v.tricks_total}`),
    score,
    el("p", {}, v.finished ? "" : (v.to_play !== null ? `${names[v.to_play]} to play` :
      v.awaiting_flip.length ? "Flip the paradox tiles: " + v.awaiting_flip.map((s) => names[s]).join(", ") : "")),
    trick,
    last ? el("p", { class: "dim", id: "last-trick" }, `Trick ${last.number}: ${last.reason}`) : null,
    ...v.revokes.map((r) => el("p", { class: "error" },
      `Revoke: ${names[r.seat]} played ${r.colour} in trick ${r.trick} but did not follow ${r.colour} in trick ${r.earlier_trick}`)));
}

function drawGame(root, v) {
  if (!v || !v.game) { root.replaceChildren(el("p", {}, "No game yet. The host starts one.")); return; }
  if (v.game === "paradominetor") return drawParadominetor(root, v);
  if (window.drawOther && window.drawOther[v.game]) return window.drawOther[v.game](root, v);
  root.replaceChildren(el("pre", {}, JSON.stringify(v, null, 1)));
}
