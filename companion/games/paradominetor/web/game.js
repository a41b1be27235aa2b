"use strict";
// Paradominetor on the phones, drawn only from the viewer's own view: the trick, the scores and
// the last ruling on every page; a seat's hand and its moves on that seat's phone; in simulation,
// the host page's controls that lay tiles on the virtual table for the camera to read.
(function () {
  const el = ParadoxTable.el;
  const TIMEFRAMES = ["past", "present", "future"];

  function tileEl(t) {
    const [colour, value] = t.tile.split("-");
    const label = colour === "black" ? (t.declare ? "0 → " + t.declare : "0") : value;
    return el("span", { class: "tile " + colour, title: t.tile },
      label, el("small", {}, t.timeframe ? t.timeframe : colour));
  }

  function board(root, v) {
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
    root.replaceChildren(...[
      el("h2", {}, v.finished ? "Game over" : `Trick ${v.trick_number} of ${v.tricks_total}`),
      score,
      el("p", {}, v.finished ? "" : (v.to_play !== null ? `${names[v.to_play]} to play` :
        v.awaiting_flip.length ? "Flip the paradox tiles: " + v.awaiting_flip.map((s) => names[s]).join(", ") : "")),
      trick,
      last ? el("p", { class: "dim", id: "last-trick" }, `Trick ${last.number}: ${last.reason}`) : null,
      ...v.revokes.map((r) => el("p", { class: "error" },
        `Revoke: ${names[r.seat]} played ${r.colour} in trick ${r.trick} but did not follow ${r.colour} in trick ${r.earlier_trick}`)),
    ].filter(Boolean));
  }

  // ------------------------------------------------------------------ a seat's own moves

  function say(text, bad) {
    const n = document.getElementById("mine-msg");
    if (n) { n.textContent = text; n.className = bad ? "error" : "dim"; }
  }

  function playTile(v, ctx, tile) {
    let declare = null;
    if (tile.startsWith("black") && v.current_trick.length === 0) {
      declare = prompt("You lead black: which colour? " + v.colours.join(", "));
      if (!declare) return;
    }
    ctx.post({ type: "Play", tile, declare }).then(() => say("Played"), (e) => say(e.message, true));
  }

  function seat(box, v, ctx) {
    const me = v.you;
    if (me === undefined) { box.replaceChildren(); return; }
    const parts = [el("h2", {}, "Your moves")];
    if (v.awaiting_flip.includes(me)) {
      parts.push(el("p", {}, "Your tile is in the paradox: turn it over and tap its back."),
        el("div", { class: "row" }, ...TIMEFRAMES.map((tf) =>
          el("button", { onclick: () => ctx.post({ type: "Reveal", timeframe: tf }).then(() => say("Thanks"), (e) => say(e.message, true)) }, tf))));
    }
    if (v.hand) {
      parts.push(el("p", { class: "dim" }, "Your hand (only you see this):"),
        el("div", { class: "tiles" }, ...v.hand.map((t) => el("button", { class: "quiet", onclick: () => playTile(v, ctx, t) },
          tileEl({ tile: t, timeframe: t.split("-")[2] })))));
    } else if (v.to_play === me) {
      parts.push(el("p", { class: "dim" }, "If the camera cannot see your tile, tell the companion here:"));
      const colour = el("select", { "aria-label": "colour" }, ...v.colours.concat(["black"]).map((c) => el("option", {}, c)));
      const value = el("select", { "aria-label": "value" }, ...[1, 2, 3, 4, 5, 6].map((x) => el("option", {}, String(x))));
      parts.push(el("div", { class: "row" }, colour, value,
        el("button", { onclick: () => playTile(v, ctx, colour.value === "black" ? "black-0" : colour.value + "-" + value.value) }, "I played this")));
    }
    if (parts.length === 1) parts.push(el("p", { class: "dim" }, "Play your tiles on the table: the camera reads them."));
    parts.push(el("div", { id: "mine-msg", class: "dim" }));
    box.replaceChildren(...parts);
  }

  // ------------------------------------------------------------------ the virtual table (host, simulation)
  //
  // Built once and then only refreshed, so a half-chosen tile survives the live updates.
  function virtualTable(box, v, ctx) {
    if (!box.querySelector("#sim-play")) {
      const sel = (id, label, ...opts) => el("select", { id, "aria-label": label }, ...opts);
      box.replaceChildren(
        el("div", { class: "row" },
          el("label", {}, "Seat ", sel("sim-seat", "seat")),
          el("label", {}, "Tile ", sel("sim-colour", "colour")),
          sel("sim-value", "value", ...[0, 1, 2, 3, 4, 5, 6].map((x) => el("option", {}, String(x)))),
          sel("sim-timeframe", "timeframe", ...TIMEFRAMES.map((t) => el("option", {}, t))),
          el("label", {}, "Declare ", sel("sim-declare", "declare"))),
        el("div", { class: "row" },
          el("button", { id: "sim-play", onclick: () => {
            const $ = (id) => box.querySelector("#" + id).value;
            const colour = $("sim-colour");
            const tile = colour === "black" ? "black-0" : `${colour}-${$("sim-value")}-${$("sim-timeframe")}`;
            ctx.act({ action: "play", seat: parseInt($("sim-seat"), 10), tile, declare: $("sim-declare") || null }).catch(() => null);
          } }, "Put tile in the trick"),
          el("button", { class: "quiet", id: "sim-flip", onclick: () => ctx.act({ action: "flip" }).catch(() => null) }, "Flip paradox tiles"),
          el("button", { class: "quiet", id: "sim-clear", onclick: () => ctx.act({ action: "clear" }).catch(() => null) }, "Clear the trick area")));
    }
    const seatSel = box.querySelector("#sim-seat");
    const want = v.names.map((n, s) => s + ":" + n).join("|") + "/" + v.colours.join(",");
    if (seatSel.dataset.names !== want) {
      seatSel.dataset.names = want;
      seatSel.replaceChildren(...v.names.map((n, s) => el("option", { value: s }, n)));
      box.querySelector("#sim-colour").replaceChildren(...v.colours.concat(["black"]).map((c) => el("option", {}, c)));
      box.querySelector("#sim-declare").replaceChildren(el("option", { value: "" }, "—"), ...v.colours.map((c) => el("option", {}, c)));
    }
    if (v.to_play !== null) seatSel.value = String(v.to_play);
  }

  ParadoxTable.register("paradominetor", { board, seat, virtualTable });
})();
