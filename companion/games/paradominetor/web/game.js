"use strict";
// Paradominetor on the phones, drawn only from the viewer's own view: whose turn it is, the trick,
// the scores and the last ruling on every page; a seat's hand and its moves on that seat's phone;
// in simulation, the host page's controls that lay tiles on the virtual table for the camera to read.
(function () {
  const { el, tr, term, comma } = ParadoxTable;
  const TIMEFRAMES = ["past", "present", "future"];
  // The tiles of one set (rulebook, "Composition of a Set of Tiles"); the black 0 is a past tile.
  const VALUES = { past: [1, 2, 3, 4], present: [1, 2, 3, 4, 5], future: [2, 3, 4, 5, 6] };
  const timeframesOf = (value) => TIMEFRAMES.filter((tf) => VALUES[tf].includes(value));

  const listed = ParadoxTable.listed;  // "a, b and c" as the reader's language joins them

  function tileEl(t) {
    const [colour, value] = t.tile.split("-");
    if (colour === "black" && t.declare) {  // a black lead stands for the colour its player declared
      return el("span", { class: "tile black declared " + t.declare, title: tr("black 0, declared {colour}", { colour: term(t.declare) }) },
        "0", el("small", { class: "as" }, tr("as {colour}", { colour: term(t.declare) })));
    }
    return el("span", { class: "tile " + colour, title: t.tile },
      colour === "black" ? "0" : value, el("small", {}, t.timeframe ? term(t.timeframe) : term(colour)));
  }

  // Whose turn it is, said so that nobody at the table has to ask.
  function turn(v) {
    const names = v.names;
    if (v.finished) {
      const w = v.winners.map((s) => names[s]);
      return el("p", { class: "turn over", id: "turn" },
        el("strong", {}, w.length === 1 ? tr("{name} wins", { name: w[0] }) : tr("{names} share the win", { names: listed(w) })));
    }
    const mine = v.you !== undefined;
    if (v.phase === "flip") {
      const waiting = v.awaiting_flip;
      if (mine && waiting.includes(v.you)) {
        return el("div", { class: "turn mine", id: "turn" }, el("strong", {}, tr("Your turn")),
          el("span", {}, tr("Turn over your paradox tile: the camera reads its back, or tap it below")));
      }
      const who = listed(waiting.map((s) => names[s]));
      return mine
        ? el("div", { class: "turn", id: "turn" }, el("strong", {}, tr("Waiting for {names}", { names: who })),
          el("span", {}, tr("to turn over their paradox tiles")))
        : el("p", { class: "turn", id: "turn" }, tr("Flip the paradox tiles: {names}", { names: waiting.map((s) => names[s]).join(comma) }));
    }
    if (v.phase === "pass") {
      const who = listed((v.waiting_to_pass || []).map((s) => names[s]));
      return el("p", { class: "turn", id: "turn" }, tr("Passing tiles: waiting for {names}", { names: who }));
    }
    if (v.to_play === null || v.to_play === undefined) return null;
    const leading = v.current_trick.length === 0;
    if (!mine) return el("p", { class: "turn", id: "turn" }, tr("{name} to play", { name: names[v.to_play] }));
    if (v.to_play === v.you) {
      const follow = v.must_follow.length
        ? tr("Follow {colours} if you can (black may always be played)", { colours: listed(v.must_follow.map(term), "or") }) : "";
      return el("div", { class: "turn mine", id: "turn" }, el("strong", {}, tr("Your turn")),
        el("span", {}, leading ? tr("You lead: play any tile") : follow));
    }
    return el("div", { class: "turn", id: "turn" }, el("strong", {}, tr("Waiting for {names}", { names: names[v.to_play] })),
      leading ? el("span", {}, tr("{name} leads this trick", { name: names[v.to_play] })) : null);
  }

  function board(root, v) {
    const names = v.names;
    const score = el("table", {}, el("tr", {}, el("th", {}, tr("Player")),
      el("th", { class: "halves" }, tr("Half-point tricks")), el("th", {}, tr("Points"))));
    names.forEach((n, s) => {
      const tags = [];
      if (v.lead === s) tags.push(tr("lead"));
      if (v.to_play === s) tags.push(tr("to play"));
      if (v.winners.includes(s)) tags.push(tr("winner"));
      score.append(el("tr", { class: v.you === s ? "you" : "" },
        // each tag whole on its line (ターン is not broken between its characters)
        el("td", {}, n, tags.length ? el("span", { class: "dim" }, " · ",
          ...tags.flatMap((t, i) => [i ? comma : "", el("span", { class: "tag" }, t)])) : null),
        el("td", { class: "dim halves" }, String(v.half_point_tricks[s])),
        el("td", { class: "num", "data-seat": s }, String(v.scores[s]))));
    });
    const trick = el("div", { class: "tiles", id: "current-trick" });
    v.current_trick.forEach((p) => trick.append(el("div", {}, tileEl(p), el("div", { class: "dim" }, names[p.seat]))));
    const first = v.current_trick[0];
    const blackLead = first && first.tile === "black-0" && first.declare
      ? el("p", { id: "black-lead", class: "black-lead" }, el("span", { class: "swatch " + first.declare }),
        tr("{name} led black, declared {colour}", { name: names[first.seat], colour: term(first.declare) }))
      : null;
    const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    root.replaceChildren(...[
      el("h2", {}, v.finished ? tr("Game over") : tr("Trick {n} of {total}", { n: v.trick_number, total: v.tricks_total })),
      turn(v),
      trick,
      blackLead,
      score,
      el("p", { class: "dim" }, tr("Half-point tricks: paradoxes won with a weaker tile (0.5 pt). Tied on points? Fewer half-point tricks wins.")),
      last ? el("p", { class: "dim", id: "last-trick" }, tr("Trick {number}: {reason}", { number: last.number, reason: last.reason })) : null,
      ...v.revokes.map((r) => el("p", { class: "error" },
        tr("Revoke: {name} played {colour} in trick {trick} but did not follow {colour} in trick {earlier}",
          { name: names[r.seat], colour: term(r.colour), trick: r.trick, earlier: r.earlier_trick }))),
    ].filter(Boolean));
  }

  // ------------------------------------------------------------------ a seat's own moves
  //
  // What the player has half chosen lives here, so the live updates that redraw the page keep it.
  const entry = { colour: null, value: "1", declaring: false, message: "", bad: false,
                  view: null, busy: false, sentFor: null };

  // a refusal is brought into view: on a small phone it may be written off the screen
  function say(text, bad) {
    entry.message = text;
    entry.bad = !!bad;
    const n = document.getElementById("mine-msg");
    if (n) { n.textContent = text; n.className = bad ? "error" : "dim"; if (bad && text) n.scrollIntoView({ block: "nearest" }); }
  }

  function send(ctx, move) {
    // A second tap while the first is on its way, or before the view it changed arrives, is the
    // same play: it is not sent again (the companion would refuse it as out of turn).
    // The view it was sent from is the one to wait past: the new view may come before the answer,
    // and then the next tap is a new play (the trick's winner leading the next one).
    if (entry.busy || entry.sentFor === entry.view) return Promise.resolve();
    entry.busy = true;
    const from = entry.view;
    say("");
    // Taken: the board shows the play. Refused: the reason stays until the next try.
    return ctx.post(move).then(() => { entry.busy = false; entry.sentFor = from; entry.declaring = false; },
      (e) => { entry.busy = false; say(e.message, true); });
  }

  // A black lead: its colour, one tap each, from the colours in this game.
  function declareButtons(v, ctx) {
    return el("div", { class: "declare-black" },
      el("p", {}, el("strong", {}, tr("You lead black.")), " " + tr("Which colour does it stand for?")),
      el("div", { class: "row" }, ...v.colours.map((c) => el("button", { class: "colour " + c, "data-declare": c,
        onclick: () => send(ctx, { type: "Play", tile: "black-0", declare: c }) }, term(c)))));
  }

  function seat(box, v, ctx) {
    entry.view = v;
    const me = v.you;
    if (me === undefined) { box.replaceChildren(); return; }
    const leading = v.phase === "play" && v.to_play === me && v.current_trick.length === 0;
    if (!leading) entry.declaring = false;
    // The camera saw this seat lead black and the companion asks its colour: the colours at once.
    const asked = ((ctx.table || {}).prompt || {}).moves || [];
    const blackSeen = leading && asked.some((m) => m.type === "Play" && m.seat === me && m.tile === "black-0");
    if (blackSeen && v.hand) entry.declaring = true;
    else if (blackSeen && entry.colour !== "black") entry.colour = "black";
    const parts = [el("h2", {}, tr("Your moves"))];
    if (v.awaiting_flip.includes(me)) {
      const mine = v.current_trick.find((p) => p.seat === me);
      const value = mine ? parseInt(mine.tile.split("-")[1], 10) : NaN;
      const backs = timeframesOf(value).length ? timeframesOf(value) : TIMEFRAMES;
      parts.push(el("p", {}, tr("Your tile is in the paradox: turn it over and tap what its back shows.")),
        el("div", { class: "row" }, ...backs.map((tf) =>
          el("button", { "data-reveal": tf, onclick: () => send(ctx, { type: "Reveal", timeframe: tf }) }, term(tf)))));
    }
    if (v.hand) {
      if (entry.declaring) parts.push(declareButtons(v, ctx));
      parts.push(el("p", { class: "dim" }, tr("Your hand (only you see this):")),
        el("div", { class: "tiles" }, ...v.hand.map((t) => el("button", { class: "quiet", onclick: () => {
          if (t.startsWith("black") && leading) { entry.declaring = true; seat(box, v, ctx); return; }
          send(ctx, { type: "Play", tile: t, declare: null });
        } }, tileEl({ tile: t, timeframe: t.split("-")[2] })))));
    } else if (v.to_play === me && v.phase === "play") {
      parts.push(el("p", { class: "dim" }, tr("If the camera cannot see your tile, tell the companion here:")));
      const colours = v.colours.concat(["black"]);
      if (!colours.includes(entry.colour)) entry.colour = colours[0];
      const colour = el("select", { "aria-label": tr("colour"), id: "play-colour" }, ...colours.map((c) => el("option", { value: c }, term(c))));
      const value = el("select", { "aria-label": tr("value"), id: "play-value" },
        ...[1, 2, 3, 4, 5, 6].map((x) => el("option", {}, String(x))));
      colour.value = entry.colour;
      value.value = entry.value;
      colour.addEventListener("change", () => { entry.colour = colour.value; seat(box, v, ctx); });
      value.addEventListener("change", () => { entry.value = value.value; });
      if (entry.colour === "black") {
        parts.push(el("div", { class: "row" }, colour, el("span", { class: "dim" }, "0")));
        parts.push(leading ? declareButtons(v, ctx)
          : el("div", { class: "row" }, el("button", { id: "play-send",
            onclick: () => send(ctx, { type: "Play", tile: "black-0", declare: null }) }, tr("I played black 0"))));
      } else {
        parts.push(el("div", { class: "row" }, colour, value, el("button", { id: "play-send",
          onclick: () => send(ctx, { type: "Play", tile: entry.colour + "-" + value.value, declare: null }) }, tr("I played this"))));
      }
    }
    if (parts.length === 1) parts.push(el("p", { class: "dim" }, tr("Play your tiles on the table: the camera reads them.")));
    parts.push(el("div", { id: "mine-msg", class: entry.bad ? "error" : "dim" }, entry.message));
    box.replaceChildren(...parts);
  }

  // ------------------------------------------------------------------ the virtual table (host, simulation)

  // The backs the chosen value has (value 1: past or present; 6: future only); a black tile hides
  // value and back, it is always 0 and past.
  function showBacks(box) {
    const $ = (id) => box.querySelector("#" + id);
    const black = $("sim-colour").value === "black";
    for (const id of ["sim-value", "sim-back"]) $(id).classList.toggle("hidden", black);
    for (const id of ["sim-black", "sim-hint"]) $(id).classList.toggle("hidden", !black);
    const tf = $("sim-timeframe");
    const was = tf.value;
    const real = timeframesOf(parseInt($("sim-value").value, 10));
    tf.replaceChildren(...real.map((t) => el("option", { value: t }, term(t))));
    tf.value = real.includes(was) ? was : real[0];
  }

  // Built once and then only refreshed, so a half-chosen tile survives the live updates. It offers
  // only tiles that exist: this game's colours, each value with the backs that value has.
  function virtualTable(box, v, ctx) {
    if (!box.querySelector("#sim-play")) {
      const sel = (id, label, ...opts) => el("select", { id, "aria-label": label }, ...opts);
      const $ = (id) => box.querySelector("#" + id);
      const chosen = () => {
        const colour = $("sim-colour").value;
        return colour === "black" ? "black-0" : `${colour}-${$("sim-value").value}-${$("sim-timeframe").value}`;
      };
      box.replaceChildren(
        el("div", { class: "row" }, el("label", {}, tr("Seat") + " ", sel("sim-seat", tr("seat")))),
        el("div", { class: "row" },
          el("label", {}, tr("Tile") + " ", sel("sim-colour", tr("colour"))),
          sel("sim-value", tr("value"), ...[1, 2, 3, 4, 5, 6].map((x) => el("option", {}, String(x)))),
          el("label", { id: "sim-back" }, tr("back") + " ", sel("sim-timeframe", tr("timeframe"))),
          el("span", { id: "sim-black", class: "dim hidden" }, tr("0, past"))),
        el("p", { id: "sim-hint", class: "dim hidden" },
          tr("A black lead's colour: the lead taps it on their phone, or the companion asks (C next, A ok).")),
        el("div", { class: "row" },
          el("button", { id: "sim-play", onclick: () => ctx.act({ action: "play", seat: parseInt($("sim-seat").value, 10),
            tile: chosen(), declare: null }).catch(() => null) }, tr("Put tile in the trick")),
          el("button", { class: "quiet", id: "sim-flip", onclick: () => ctx.act({ action: "flip" }).catch(() => null) }, tr("Flip paradox tiles")),
          el("button", { class: "quiet", id: "sim-clear", onclick: () => ctx.act({ action: "clear" }).catch(() => null) }, tr("Clear the trick area"))),
        el("p", { class: "dim" }, tr("A scored trick is gathered when the next tile goes down.")));
      $("sim-colour").addEventListener("change", () => showBacks(box));
      $("sim-value").addEventListener("change", () => showBacks(box));
    }
    const seatSel = box.querySelector("#sim-seat");
    const want = v.names.map((n, s) => s + ":" + n).join("|") + "/" + v.colours.join(",");
    if (seatSel.dataset.names !== want) {
      seatSel.dataset.names = want;
      seatSel.replaceChildren(...v.names.map((n, s) => el("option", { value: s }, n)));
      box.querySelector("#sim-colour").replaceChildren(...v.colours.concat(["black"]).map((c) => el("option", { value: c }, term(c))));
      showBacks(box);
    }
    // the seat to play is offered when the turn passes; between, the host's own pick stands
    if (v.to_play !== null && seatSel.dataset.toPlay !== String(v.to_play)) {
      seatSel.dataset.toPlay = String(v.to_play);
      seatSel.value = String(v.to_play);
    }
    // While a paradox waits, turning its tiles over is the thing to do.
    box.querySelector("#sim-flip").className = v.awaiting_flip.length ? "" : "quiet";
  }

  ParadoxTable.register("paradominetor", { board, seat, virtualTable });
})();
