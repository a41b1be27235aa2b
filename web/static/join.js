"use strict";
// The join page: the companion's QR code opens the host page's address on a phone that is not
// the host. There a player takes a free seat of the game in progress (which stays theirs until
// the host frees it), goes back to the seat this phone holds in that game, or asks to
// become the host: the companion's screen shows a code and button A says yes.
const Join = (function () {
  const $ = (id) => document.getElementById(id);
  let gameId = null;      // the game whose seats are shown
  let mine = null;        // {label} of this phone's own seat in that game, once checked
  let choosing = null;    // the seat tapped, waiting for "Yes, take it"
  let latest = null;

  // ---------------------------------------------------------------- taking a seat

  async function checkMine(id) {
    await SeatKeys.migrate();
    const token = SeatKeys.get(id);  // this phone's key for the game in progress, if it sat in it
    mine = null;
    if (!token) { if (latest) draw(latest); return; }
    try {
      const res = await fetch("/api/view", { headers: { "X-Seat-Token": token } });
      if (res.ok && gameId === id) mine = { label: (await res.json()).label };
      else if (res.status === 403) SeatKeys.drop(id, token);  // replaced by the host: the seat is free
    } catch (e) { /* no answer: offer the seats as if this phone had none */ }
    if (latest) draw(latest);
  }

  async function take(seat) {
    $("join-error").textContent = "";
    try {
      const got = await api("/api/join", null, "", { viewer: seat.viewer });
      SeatKeys.put(got.game_id, got.token);
      location.assign("/seat");
    } catch (e) {
      choosing = null;
      $("join-error").textContent = e.message;
      if (latest) draw(latest);
    }
  }

  function draw(data) {
    latest = data;
    const seats = data.join || [];
    if (data.game_id !== gameId) {
      gameId = data.game_id;
      choosing = null;
      if (gameId !== null) checkMine(gameId);
    }
    const box = $("join-seats");
    $("my-seat").replaceChildren(...(mine ? [el("p", {}, tr("This phone has a seat:") + " ",
      el("a", { href: "/seat", id: "open-my-seat", class: "button" }, tr("Open {name}'s seat", { name: mine.label })))] : []));
    if (gameId === null) {
      box.replaceChildren(el("p", { class: "dim" }, tr("No game yet. When the host starts one, its seats show here.")));
      return;
    }
    const free = seats.filter((s) => s.free);
    const rows = seats.map((s) => {
      if (!s.free) {
        return el("div", { class: "row join-seat", "data-viewer": s.viewer },
          el("span", { class: "seat-name" }, s.label), el("span", { class: "dim" }, tr("taken")));
      }
      if (choosing === s.viewer) {
        return el("div", { class: "row join-seat", "data-viewer": s.viewer },
          el("span", { class: "seat-name" }, s.label + "?"),
          el("button", { class: "take-yes", onclick: () => take(s) }, tr("Yes, that's me")),
          el("button", { class: "quiet", onclick: () => { choosing = null; draw(latest); } }, tr("Cancel")));
      }
      return el("div", { class: "row join-seat", "data-viewer": s.viewer },
        el("button", { class: "take", onclick: () => { choosing = s.viewer; draw(latest); } }, tr("Take {name}'s seat", { name: s.label })));
    });
    const note = free.length
      ? el("p", { class: "dim" }, tr("Tap your seat. It stays this phone's, in this game and whenever it is resumed, until the host frees it."))
      : el("p", { class: "dim" }, tr("Every seat is taken. If one is yours (a new phone, a lost link), ask the host to free it, then take it here."));
    box.replaceChildren(note, ...rows);
  }

  // ---------------------------------------------------------------- asking to host

  let polling = null;

  function showAsk(state, said) {
    $("ask-host-waiting").classList.toggle("hidden", state !== "waiting");
    $("ask-host").classList.toggle("hidden", state === "waiting");
    $("ask-host-said").textContent = said || "";
  }

  async function poll(request, code) {
    $("ask-host-code").textContent = code;
    showAsk("waiting");
    clearTimeout(polling);
    let answer = "waiting";
    try {
      const res = await fetch("/api/host-request/" + encodeURIComponent(request));
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || tr("the companion did not answer"));
      answer = data.answer;
      if (answer === "yes") {
        localStorage.removeItem("hostRequest");
        localStorage.setItem("hostToken", data.host);
        location.replace("/");
        return;
      }
    } catch (e) {
      if (e instanceof TypeError) { polling = setTimeout(() => poll(request, code), 2000); return; }  // Wi-Fi
      localStorage.removeItem("hostRequest");
      showAsk("done");
      $("ask-host-error").textContent = e.message;
      return;
    }
    if (answer === "waiting") { polling = setTimeout(() => poll(request, code), 1000); return; }
    localStorage.removeItem("hostRequest");
    showAsk("done", answer === "no" ? tr("The table said no: this phone is not the host.")
      : tr("Nobody answered in time. Ask again when someone can press A on the companion."));
  }

  async function ask() {
    $("ask-host-error").textContent = "";
    $("ask-host-said").textContent = "";
    try {
      const got = await api("/api/host-request", null, "", {});
      // kept in this phone's storage, not the tab's: a tab closed while the table decides comes
      // back to the same request when the join page opens again
      localStorage.setItem("hostRequest", JSON.stringify({ request: got.request, code: got.code }));
      poll(got.request, got.code);
    } catch (e) {
      $("ask-host-error").textContent = e.message;
    }
  }

  function start() {
    document.querySelectorAll(".guest-only").forEach((n) => n.classList.remove("hidden"));
    $("ask-host").addEventListener("click", ask);
    const waiting = localStorage.getItem("hostRequest");  // a reload, or a tab reopened, while the table decides
    if (waiting) {
      try { const r = JSON.parse(waiting); poll(r.request, r.code); } catch (e) { localStorage.removeItem("hostRequest"); }
    }
  }

  return { start, draw };
})();
