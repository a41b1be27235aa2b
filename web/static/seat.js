"use strict";
// A seat page. A seat's key comes once in a link's #fragment (or from the join page) and is kept
// in this phone's storage under its game (SeatKeys), so a reload, a locked screen or a dropped
// Wi-Fi rejoins the same seat without asking again, and when the host resumes an earlier game
// the phone is back on its seat there. The page uses the key of the game in progress and
// follows the table when the host starts or resumes another. The game's own script draws the
// game and this phone's controls (live.js, ParadoxTable).
(function () {
  const $ = (id) => document.getElementById(id);
  const fragment = location.hash.length > 1 ? location.hash.slice(1) : null;
  if (fragment) {
    // filed under its game by SeatKeys.migrate, also when the companion cannot be asked yet
    localStorage.setItem("seatToken", fragment);
    history.replaceState(null, "", location.pathname);
  }
  // a link opened in a tab already here changes only the #fragment
  window.addEventListener("hashchange", () => { if (location.hash.length > 1) location.reload(); });
  let token = null;       // the key in use: this phone's seat in the game in progress
  let gameId = null;      // the game it is for
  let live = null;
  let latest = null;
  let replaced = false;   // this phone's link for the game was replaced by the host

  // While a move is on its way the page says so (aria-busy): a game's script ignores a second tap
  // until the answer comes, and a screen reader or a test can tell when it may tap again. Counted,
  // so a first answer does not clear it while a second move is still on its way.
  let sending = 0;
  const post = (move) => {
    sending += 1;
    document.body.setAttribute("aria-busy", "true");
    return api("/api/move", token, "X-Seat-Token", { move }).finally(() => {
      sending -= 1;
      if (!sending) document.body.removeAttribute("aria-busy");
    });
  };

  // No seat in the game in progress: the table's public view, and the way to the join page.
  function noSeat(data) {
    $("no-seat").classList.remove("hidden");
    $("replaced").classList.toggle("hidden", !replaced);
    $("mine").classList.add("hidden");
    $("host-opened").classList.add("hidden");
    $("asked").classList.add("hidden");
    $("who").textContent = tr("No seat");
    if (data) {
      $("said").textContent = data.table.message || "";
      ParadoxTable.use(data.game_files).then(() => { if (latest === data) ParadoxTable.board($("game"), data.view, { viewer: "table" }); });
    }
  }

  // The host opened this seat's page on the host page: said until this phone says "Seen".
  function hostOpened(data) {
    const at = data.host_opened;
    const seenKey = "seenOpened:" + gameId + ":" + data.viewer;
    const box = $("host-opened");
    if (!at || localStorage.getItem(seenKey) === at) { box.classList.add("hidden"); return; }
    const time = new Date(at);
    // the time as the reader's language writes it
    const clock = isNaN(time) ? "" : time.toLocaleTimeString(I18N.lang, { hour: "numeric", minute: "2-digit" });
    // short: the game stays in sight below it
    box.replaceChildren(
      el("span", {}, (clock ? tr("The host opened {name}'s hidden page on the host page at {time}.", { name: data.label, time: clock })
        : tr("The host opened {name}'s hidden page on the host page.", { name: data.label })) + " "),
      el("button", { class: "quiet", id: "host-opened-seen", onclick: () => { localStorage.setItem(seenKey, at); box.classList.add("hidden"); } }, tr("Seen")));
    box.classList.remove("hidden");
  }

  function draw(data) {
    const v = data.view;
    const ctx = { viewer: data.viewer, label: data.label, post, table: data.table };
    $("no-seat").classList.add("hidden");
    $("mine").classList.remove("hidden");
    $("said").textContent = data.table.message || "";
    const asked = data.table.prompt;  // on the companion's screen for all to see: above this phone's moves
    $("asked").replaceChildren(...(asked ? [el("b", {}, tr("On the companion: {title}", asked)), el("br"), asked.text] : []));
    $("asked").classList.toggle("hidden", !asked);
    if (data.label) $("who").textContent = data.label;
    hostOpened(data);
    ParadoxTable.board($("game"), v, ctx);
    ParadoxTable.seat($("mine"), v, ctx);
    document.body.dataset.version = data.version;  // which view this page shows now
    document.body.dataset.game = String(data.game_id);
  }

  function onView(data) {
    latest = data;
    if (!data) {  // this key was replaced: forget it, and follow the table without a seat
      SeatKeys.drop(gameId, token);
      replaced = true;
      again();
      return;
    }
    ParadoxTable.use(data.game_files).then(() => { if (latest === data) draw(data); });
  }

  // The table's view while this phone has no seat: once the host puts on a game this phone has
  // a key for (or the phone takes a seat on the join page), the page becomes that seat's.
  function onTable(data) {
    latest = data;
    if (!data) return;
    if (data.game_id !== gameId) replaced = false;
    gameId = data.game_id;
    document.body.dataset.game = String(data.game_id);
    if (SeatKeys.get(data.game_id)) { again(); return; }
    noSeat(data);
  }

  async function stillWelcome() {
    try {
      const res = await fetch("/api/seat", { headers: { "X-Seat-Token": token } });
      if (res.status === 403 || res.status === 400) return false;
      if (res.ok && !(await res.json()).current) { again(); return true; }  // another game is on
      return true;
    } catch (e) {
      return true;  // no answer at all: the Wi-Fi dropped, keep trying
    }
  }

  function again() {
    if (live) live.close();
    live = null;
    setTimeout(follow, 0);
  }

  // Which game is on the table, and this phone's key for it.
  async function follow() {
    await SeatKeys.migrate();
    try {
      const res = await fetch("/api/table");
      gameId = (await res.json()).game_id;
    } catch (e) {
      $("status").className = "status reconnecting";
      $("status").textContent = tr("reconnecting…");
      setTimeout(follow, 2000);
      return;
    }
    token = SeatKeys.get(gameId);
    if (!token) {
      noSeat(null);
      live = connectLive("/api/stream", onTable, $("status"));
      return;
    }
    replaced = false;
    live = connectLive("/api/stream?token=" + encodeURIComponent(token), onView, $("status"), stillWelcome, again);
  }

  languagePicker();
  follow();
})();
