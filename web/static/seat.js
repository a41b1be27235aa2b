"use strict";
// A seat page: the token comes once in the link's #fragment, then lives in this phone's storage,
// so a reload, a locked screen or a dropped Wi-Fi rejoins the same seat without asking again.
// The game's own script draws the game and this phone's controls (live.js, ParadoxTable).
(function () {
  const $ = (id) => document.getElementById(id);
  if (location.hash.length > 1) {
    localStorage.setItem("seatToken", location.hash.slice(1));
    history.replaceState(null, "", location.pathname);
  }
  const token = localStorage.getItem("seatToken");
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
  let live = null;
  let latest = null;

  function lost() {
    $("no-seat").classList.remove("hidden");
    $("mine").classList.add("hidden");
    $("who").textContent = "No seat";
  }
  if (!token) { lost(); return; }

  function draw(data) {
    const v = data.view;
    const ctx = { viewer: data.viewer, label: data.label, post, table: data.table };
    $("said").textContent = data.table.message || "";
    if (data.label) $("who").textContent = data.label;
    ParadoxTable.board($("game"), v, ctx);
    ParadoxTable.seat($("mine"), v, ctx);
    document.body.dataset.version = data.version;  // which view this page shows now
  }

  function onView(data) {
    latest = data;
    if (!data) { lost(); live && live.close(); return; }
    ParadoxTable.use(data.game_files).then(() => { if (latest === data) draw(data); });
  }

  async function stillWelcome() {
    try {
      const res = await fetch("/api/view", { headers: { "X-Seat-Token": token } });
      return res.status !== 403;
    } catch (e) {
      return true;  // no answer at all: the Wi-Fi dropped, keep trying
    }
  }

  live = connectLive("/api/stream?token=" + encodeURIComponent(token), onView, $("status"), stillWelcome);
})();
