"use strict";
// "Teach the camera" on the host page: the mat to print, then a walk shot by shot (what to lay
// where, what the camera sees, the shot taken by itself once the pieces lie still), then a check
// where a misread is corrected with a tap. The walk is kept on the companion: stop any time.
(function () {
  const token = localStorage.getItem("hostToken");
  if (!token) return;
  const $ = (id) => document.getElementById(id);
  const post = (path, payload) => api(path, token, "X-Host-Token", payload);
  const get = async (path) => {
    const res = await fetch(path, { headers: { "X-Host-Token": token } });
    const data = await res.json().catch(() => ({ error: tr("the companion did not answer") }));
    if (!res.ok) throw new Error(data.error || res.statusText);
    return data;
  };
  const q = (s) => encodeURIComponent(s);
  let games = [];
  let walk = null;      // the walk's status, as the companion keeps it
  let shown = null;     // the shot on screen
  let looking = null;   // the timer that asks the camera what it finds
  let picture = 0;

  function say(text) { $("teach-error").textContent = text || ""; }

  function chosen() { return games.find((g) => g.name === $("teach-game").value); }

  function drawSeats() {
    const g = chosen();
    const sel = $("teach-seats");
    sel.replaceChildren();
    for (let n = g.seats[0]; n <= g.seats[1]; n++) sel.append(el("option", { value: String(n) }, trn("{n} seat", "{n} seats", n)));
    sel.value = String(g.seats[1]);
    sel.parentElement.classList.toggle("hidden", g.seats[0] === g.seats[1]);
    drawMat();
  }

  function drawMat() {
    const g = chosen();
    $("teach-mat").href = `/api/teach/${q(g.name)}/mat.pdf?seats=${$("teach-seats").value}&token=${q(token)}`;
    // a sheet larger than A4 is more than most home printers take: said how to print it all the same
    const big = g.paper.mm[0] * g.paper.mm[1] > 297 * 210 + 1;
    const paper = { paper: g.paper.name, w: g.paper.mm[0], h: g.paper.mm[1] };
    $("teach-paper").textContent = big
      ? tr("The mat is {paper} ({w} x {h} mm): print it at a copy shop, or on several smaller sheets (your PDF viewer's poster option, at 100%) taped edge to edge.", paper)
      : tr("The mat is {paper} ({w} x {h} mm).", paper);
  }

  async function load() {
    let got;
    try {
      got = await get("/api/teach");
    } catch (e) { return; }
    games = got.games;
    const sel = $("teach-game");
    sel.replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
    $("teach-section").classList.toggle("hidden", !games.length);
    if (!games.length) return;
    // the game (and mat) last taught: a walk stopped half way is found again after a reload
    const last = got.last && games.find((g) => g.name === got.last.game);
    if (last) sel.value = last.name;
    drawSeats();
    if (last && got.last.seats) {
      $("teach-seats").value = String(got.last.seats);
      drawMat();
    }
  }

  async function begin(replace) {
    say("");
    $("teach-confirm").classList.add("hidden");
    try {
      walk = await post(`/api/teach/${q($("teach-game").value)}/start`,
        { seats: Number($("teach-seats").value), replace: replace === true });
    } catch (e) {
      // a camera game with moves holds the camera: asked first, it is set aside (kept, to resume)
      if (e.data && e.data.confirm) {
        $("teach-question").textContent = e.data.confirm;
        $("teach-confirm").classList.remove("hidden");
      } else say(e.message);
      return;
    }
    shown = walk.next;
    draw();
  }

  async function refresh() {
    try { walk = await get(`/api/teach/${q(walk.game)}`); } catch (e) { say(e.message); return; }
    draw();
  }

  function draw() {
    $("teach-walk").classList.remove("hidden");
    $("teach-title").textContent = trn("{title}, {n} seat", "{title}, {n} seats", walk.seats, { title: walk.title });
    $("teach-progress").textContent = tr("{done} of {pieces} pieces · {taken} of {shots} shots",
      { done: walk.pieces_taken, pieces: walk.pieces, taken: walk.taken, shots: walk.shots.length });
    $("teach-shots").replaceChildren(...walk.shots.map((s) => el("div", { class: "row teach-shotrow" },
      el("span", {}, tr("Shot {number}: {count} in {area}", { number: s.number, count: s.places.length, area: s.area_words }) + " "),
      el("span", { class: s.taken ? "seat-state taken" : "seat-state" }, s.taken ? tr("shot taken") : tr("to take")),
      el("button", { class: "quiet", onclick: () => { shown = s.number; draw(); } }, tr("Show")))));
    const learning = walk.learning ? tr("The camera is learning the pieces…") :
      walk.error ? walk.error : !walk.learnt ? "" : walk.taken < walk.shots.length
        ? tr("A shot is to be taken again: until it is, the camera reads with what it learnt before.")
        : tr("Learnt: the camera knows these pieces now.");
    $("teach-learnt").textContent = learning;
    // what the learnt print shows the camera too unclearly: it asks about those every time
    $("teach-notes").replaceChildren(...(walk.learning ? [] : walk.notes || []).map((n) => el("li", {}, n)));
    $("teach-check").classList.toggle("hidden", !walk.learnt);
    $("teach-lay-check").classList.toggle("hidden", !walk.can_lay);  // the virtual table, in simulation
    // the corrections taught in the check, each to take back (a wrong tap is not learnt for good)
    const taught = walk.taught || [];
    $("teach-taught").classList.toggle("hidden", !taught.length);
    $("teach-taught-list").replaceChildren(...taught.map((c) => el("div", { class: "row teach-reading" },
      el("span", { class: "teach-label" }, c.words), el("span", { class: "dim" }, tr("in {where}", { where: c.where })),
      el("button", { class: "quiet", id: `teach-forget-${c.n}`, onclick: () => forget(c) }, tr("Take back")))));
    const shot = walk.shots.find((s) => s.number === shown);
    $("teach-shot").classList.toggle("hidden", !shot);
    stopLooking();
    if (!shot) {
      if (walk.learning) setTimeout(refresh, 1000);
      return;
    }
    $("teach-shot-title").textContent = tr("Shot {number} of {count}: lay these in {area}",
      { number: shot.number, count: walk.shots.length, area: shot.area_words });
    $("teach-places").replaceChildren(...shot.places.map((p) => el("li", { id: `teach-place-${p.n}` },
      el("strong", {}, p.piece), " — " + p.where)));
    $("teach-lay").classList.toggle("hidden", !walk.can_lay);
    $("teach-redo").classList.toggle("hidden", !shot.taken);
    $("teach-take").classList.toggle("hidden", shot.taken);
    $("teach-found").textContent = shot.taken ? tr("This shot is taken. To take it again, tap Take this shot again.") : tr("Looking…");
    if (!shot.taken) looking = setTimeout(look, 300);
    snapshot();
  }

  function snapshot() {
    // the next picture replaces the one shown only once it has come: no blank between two
    if (!shown) return;
    const next = el("img", { class: "camera", alt: tr("what the camera sees there") });
    next.addEventListener("load", () => {
      const now = $("teach-snapshot");
      next.id = "teach-snapshot";
      now.replaceWith(next);
    });
    next.src = `/api/teach/${q(walk.game)}/snapshot.jpg?shot=${shown}&token=${q(token)}&v=${picture++}`;
  }

  function stopLooking() { if (looking) clearTimeout(looking); looking = null; }

  function found(f, taken, unchanged) {
    (f.places || []).forEach((p, i) => {
      const item = $(`teach-place-${i + 1}`);
      if (item) item.className = p ? "wrong" : "right";
    });
    if (taken) return tr("Taken: every piece lies where it should.");
    if (f.ok && unchanged) return tr("Nothing has changed since the last shot: take its pieces away and lay this shot's (or, if these are this shot's, tap Take the shot now).");
    if (f.ok) return tr("All in place: hold still, the shot is taken by itself…");
    return f.problem;
  }

  async function look() {
    looking = null;
    const number = shown;
    try {
      const got = await post(`/api/teach/${q(walk.game)}/look`, { shot: number });
      if (number !== shown) return;
      $("teach-found").textContent = found(got.finding, got.taken, got.unchanged);
      snapshot();
      if (got.taken) {
        await refresh();
        shown = walk.next;
        draw();
        return;
      }
    } catch (e) { say(e.message); }
    if (number === shown && !$("teach-walk").classList.contains("hidden")) looking = setTimeout(look, 1000);
  }

  async function take() {
    say("");
    try {
      await post(`/api/teach/${q(walk.game)}/take`, { shot: shown });
    } catch (e) { say(e.message); return; }
    await refresh();
    shown = walk.next;
    draw();
  }

  async function redo() {
    say("");
    try { walk = await post(`/api/teach/${q(walk.game)}/redo`, { shot: shown }); } catch (e) { say(e.message); return; }
    draw();
  }

  async function lay() {
    say("");
    try { await post(`/api/teach/${q(walk.game)}/lay`, { shot: shown }); } catch (e) { say(e.message); }
  }

  async function layForCheck() {
    say("");
    try { await post(`/api/teach/${q(walk.game)}/lay-for-check`, {}); } catch (e) { say(e.message); }
  }

  async function stop() {
    stopLooking();
    try { await post(`/api/teach/${q(walk.game)}/stop`, {}); } catch (e) { say(e.message); }
    $("teach-walk").classList.add("hidden");
    say(tr("Stopped: the shots taken are kept. Start again to go on."));
  }

  // Only the latest reading is drawn: an answer to an earlier tap of "Read the mat" (or one that
  // comes after a correction) would wipe the pickers the host is setting.
  let readings = 0;

  async function check() {
    say("");
    const mine = ++readings;
    let got;
    try { got = await post(`/api/teach/${q(walk.game)}/check`, {}); } catch (e) { if (mine === readings) say(e.message); return; }
    if (mine !== readings) return;
    const list = $("teach-read");
    if (!got.pieces.length) { list.replaceChildren(el("p", { class: "dim" }, tr("Nothing read: lay some pieces on the mat."))); return; }
    list.replaceChildren(...got.pieces.map((p, i) => {
      const row = el("div", { class: "row teach-reading" },
        el("span", { class: "teach-label" }, p.words || p.label), el("span", { class: "dim" }, p.named ? tr("in {where}", { where: p.where })
          : tr("in {where}, {x}, {y} mm", { where: p.where, x: Math.round(p.x_mm), y: Math.round(p.y_mm) })));
      if (got.choices.terrains) {  // a half picked by its parts: terrain, icon or none, roads; the read value first
        // asked: the reader's best guess (p.guess), so a tap or two corrects it
        const half = p.half || p.guess || { terrain: got.choices.terrains[0].value, icon: "", paths: "" };
        const options = (list) => list.map((c) => el("option", { value: c.value }, c.words));
        const terrain = el("select", { id: `teach-fix-${i}-terrain`, "aria-label": tr("terrain") }, ...options(got.choices.terrains));
        const icon = el("select", { id: `teach-fix-${i}-icon`, "aria-label": tr("icon") }, ...options(got.choices.icons));
        terrain.value = half.terrain;
        icon.value = half.icon;
        const sides = got.choices.sides.map((side) => el("input", { type: "checkbox", id: `teach-fix-${i}-${side.value}`,
          "data-side": side.value, "data-words": side.words }));
        sides.forEach((box) => { box.checked = half.paths.includes(box.dataset.side); });
        const ticked = () => sides.filter((b) => b.checked);
        const paths = () => ticked().map((b) => b.dataset.side).join("");
        const said = () => `${terrain.value}/${icon.value}/${paths()}`;
        // said back as the reading is
        const words = () => [terrain.selectedOptions[0].text, icon.selectedOptions[0].text,
          paths() ? tr("roads {sides}", { sides: ticked().map((b) => b.dataset.words).join(" ") }) : tr("no roads")].join(", ");
        row.append(el("span", { class: "row teach-half" }, terrain, icon,
          el("span", { class: "teach-sides" }, tr("roads:"), ...sides.map((box) => el("label", {}, box, box.dataset.words)))),
          el("button", { class: "quiet", id: `teach-fix-${i}`, onclick: () => correct(p, said(), words()) }, tr("Correct")));
        return row;
      }
      const pick = el("select", { id: `teach-fix-${i}`, "aria-label": tr("what it really is") },
        ...got.choices.pieces.map((c) => el("option", { value: c.value }, c.words)));
      pick.value = p.label;
      row.append(pick, el("button", { class: "quiet", onclick: () => correct(p, pick.value, pick.selectedOptions[0].text) }, tr("Correct")));
      return row;
    }));
  }

  async function correct(p, label, words) {
    say("");
    readings++;
    try {
      walk = await post(`/api/teach/${q(walk.game)}/correct`, { x_mm: p.x_mm, y_mm: p.y_mm, label });
    } catch (e) { say(e.message); return; }
    $("teach-read").replaceChildren(el("p", { class: "dim" }, tr("Learnt: that piece is {label}. Read the mat again to check.", { label: words || label })));
    shown = null;
    draw();
  }

  async function forget(c) {
    say("");
    readings++;
    try {
      walk = await post(`/api/teach/${q(walk.game)}/forget`, { correction: c.n });
    } catch (e) { say(e.message); return; }
    $("teach-read").replaceChildren(el("p", { class: "dim" }, tr("Taken back: the correction to {label} is forgotten and the camera learns again. Read the mat again to check.", { label: c.words })));
    shown = null;
    draw();
  }

  $("teach-game").addEventListener("change", drawSeats);
  $("teach-seats").addEventListener("change", drawMat);
  $("teach-start").addEventListener("click", () => begin(false));
  $("teach-replace").addEventListener("click", () => begin(true));
  $("teach-keep").addEventListener("click", () => $("teach-confirm").classList.add("hidden"));
  $("teach-take").addEventListener("click", take);
  $("teach-redo").addEventListener("click", redo);
  $("teach-lay").addEventListener("click", lay);
  $("teach-stop").addEventListener("click", stop);
  $("teach-lay-check").addEventListener("click", layForCheck);
  $("teach-read-now").addEventListener("click", check);
  load();
})();
