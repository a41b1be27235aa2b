"use strict";
// A seat page: the token comes once in the link's #fragment, then lives in this phone's storage,
// so a reload, a locked screen or a dropped Wi-Fi rejoins the same seat without asking again.
(function () {
  const $ = (id) => document.getElementById(id);
  if (location.hash.length > 1) {
    localStorage.setItem("seatToken", location.hash.slice(1));
    history.replaceState(null, "", location.pathname);
  }
  const token = localStorage.getItem("seatToken");
  const post = (payload) => api("/api/move", token, "X-Seat-Token", { move: payload });
  let live = null;

  function lost() {
    $("no-seat").classList.remove("hidden");
    $("mine").classList.add("hidden");
    $("who").textContent = "No seat";
  }
  if (!token) { lost(); return; }

  function say(text, bad) {
    const n = $("mine-msg");
    if (n) { n.textContent = text; n.className = bad ? "error" : "dim"; }
  }

  function drawMine(v) {
    const box = $("mine");
    if (!v || v.game !== "paradominetor") {
      if (window.drawMineOther && v && window.drawMineOther[v.game]) return window.drawMineOther[v.game](box, v, post);
      box.replaceChildren(); return;
    }
    const me = v.you;
    const parts = [el("h2", {}, "Your moves")];
    if (v.awaiting_flip.includes(me)) {
      parts.push(el("p", {}, "Your tile is in the paradox: turn it over and tap its back."),
        el("div", { class: "row" }, ...["past", "present", "future"].map((tf) =>
          el("button", { onclick: () => post({ type: "Reveal", timeframe: tf }).then(() => say("Thanks"), (e) => say(e.message, true)) }, tf))));
    }
    if (v.hand) {
      parts.push(el("p", { class: "dim" }, "Your hand (only you see this):"),
        el("div", { class: "tiles" }, ...v.hand.map((t) => el("button", { class: "quiet", onclick: () => playTile(v, t) }, tileEl({ tile: t, timeframe: t.split("-")[2] })))));
    } else if (v.to_play === me) {
      parts.push(el("p", { class: "dim" }, "If the camera cannot see your tile, tell the companion here:"));
      const colour = el("select", {}, ...v.colours.concat(["black"]).map((c) => el("option", {}, c)));
      const value = el("select", {}, ...[1, 2, 3, 4, 5, 6].map((x) => el("option", {}, String(x))));
      parts.push(el("div", { class: "row" }, colour, value,
        el("button", { onclick: () => playTile(v, colour.value === "black" ? "black-0" : colour.value + "-" + value.value) }, "I played this")));
    }
    parts.push(el("div", { id: "mine-msg", class: "dim" }));
    box.replaceChildren(...parts);
  }

  function playTile(v, tile) {
    let declare = null;
    if (tile.startsWith("black") && v.current_trick.length === 0) {
      declare = prompt("You lead black: which colour? " + v.colours.join(", "));
      if (!declare) return;
    }
    post({ type: "Play", tile, declare }).then(() => say("Played"), (e) => say(e.message, true));
  }

  function onView(data) {
    if (!data) { lost(); live && live.close(); return; }
    const v = data.view;
    $("said").textContent = data.table.message || "";
    if (v && v.names && v.you !== undefined) $("who").textContent = v.names[v.you];
    else if (v && v.game === "island" && data.viewer.startsWith("seat-")) $("who").textContent = v.names[+data.viewer.slice(5)];
    else if (v && v.game === "island" && data.viewer === "master") $("who").textContent = v.names[0];
    else if (data.viewer === "master") $("who").textContent = "Game master";
    drawGame($("game"), v);
    drawMine(v);
    document.body.dataset.version = data.version;  // which view this page shows now
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
