// The Carcassonne page: set up a game, then show the server's view of it and
// send the person's choices. Every rule lives on the server; this page only
// shows what the engine offers (legal placements, figure options, decisions).
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let setup = null;      // rulesets and bots on offer
let gameId = null;
let view = null;       // the last view of the game
let sel = null;        // the selected placement: {x, y, rot}
let rotation = 0;      // the rotation the person last chose
let zoom = null;       // null: fit the board to the window
let busy = false;
let botTimer = null;
let shownTurn = null;  // turn shown by the viewer, null: the live board

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  const text = await r.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = { error: text || r.statusText }; }
  if (!r.ok) {
    const e = new Error(data.error || r.statusText);
    e.status = r.status;
    throw e;
  }
  return data;
}

function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
  $("error").hidden = !e;
}

function botDelay() {
  const d = params.get("delay");
  return d !== null ? Number(d) : setup.bot_delay_ms;
}

// ---------------------------------------------------------------- setup

function renderSeats() {
  const n = Number($("players").value);
  const seats = $("seats");
  const old = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.innerHTML = "";
  const names = ["Red", "Blue", "Green", "Yellow", "Black", "Grey"];
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    label.textContent = names[i] + " ";
    const s = document.createElement("select");
    s.className = "seat";
    for (const k of ["person", ...setup.bots]) {
      const o = document.createElement("option");
      o.value = k;
      o.textContent = k === "person" ? "a person" : k + " bot";
      s.appendChild(o);
    }
    s.value = old[i] || (i === 0 ? "person" : setup.bots[0]);
    label.appendChild(s);
    seats.appendChild(label);
  }
}

function showSetup() {
  clearTimeout(botTimer);
  gameId = null;
  history.replaceState(null, "", location.pathname + location.search);
  document.body.dataset.state = "setup";
  $("game").hidden = true;
  $("setup").hidden = false;
  $("record").hidden = true;
  const rs = $("ruleset");
  if (!rs.options.length) {
    setup.rulesets.forEach((r, i) => {
      const o = document.createElement("option");
      o.value = i;
      o.textContent = r.name + " (" + r.origin + ")";
      rs.appendChild(o);
    });
    for (let n = 2; n <= 6; n++) {
      const o = document.createElement("option");
      o.value = n;
      o.textContent = n;
      $("players").appendChild(o);
    }
    rs.onchange = () => {
      const r = setup.rulesets[rs.value];
      $("ruleset-description").textContent = r.description;
      $("players").value = r.players;
      renderSeats();
    };
    rs.onchange();
    $("players").onchange = renderSeats;
  }
}

async function start() {
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const body = { ruleset: Number($("ruleset").value), seats };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    const r = await api("POST", "/api/games", body);
    showError(null);
    openGame(r.id);
  } catch (e) { showError(e); }
}

async function openRecord(file) {
  try {
    const text = await file.text();
    const r = await api("POST", "/api/records", { record: text });
    showError(null);
    openGame(r.id);
  } catch (e) { showError(e); }
}

// ---------------------------------------------------------------- game

async function openGame(id) {
  gameId = id;
  history.replaceState(null, "", location.pathname + location.search + "#game=" + id);
  $("setup").hidden = true;
  $("game").hidden = false;
  $("record").href = "/api/games/" + id + "/record";
  $("record").hidden = false;
  shownTurn = null;
  try {
    update(await api("GET", "/api/games/" + id));
  } catch (e) {
    showError(e);
    showSetup();
  }
}

function update(v) {
  view = v;
  sel = null;
  // A counter that tells programs driving the page (tests) that it changed.
  document.body.dataset.updates = Number(document.body.dataset.updates || 0) + 1;
  document.body.dataset.state = v.over ? "over" : v.person_to_act ? "person" : "bot";
  $("prompt").textContent = v.prompt;
  drawBoard(v.board);
  // The drawn tile.
  const placing = v.person_to_act && v.placements.length > 0;
  $("drawn").hidden = !placing;
  if (placing) showDrawn();
  // Other choices.
  const ch = $("choices");
  ch.innerHTML = "";
  if (v.person_to_act) {
    v.choices.forEach((c, i) => {
      const b = document.createElement("button");
      b.className = "choice";
      b.type = "button";
      b.dataset.text = c.text;
      b.dataset.index = i;
      b.textContent = c.label;
      b.onclick = () => act(c.text);
      ch.appendChild(b);
    });
  }
  // Scores.
  const sc = $("scores");
  sc.innerHTML = "";
  v.seats.forEach((s, i) => {
    const li = document.createElement("li");
    if (v.actor === i) li.className = "to-act";
    li.innerHTML = '<span class="swatch"></span><span class="name"></span><span class="score"></span>' +
      '<span class="track"><span class="bar"></span></span><span class="supply"></span>';
    const bar = li.querySelector(".bar");
    bar.style.background = s.color;
    bar.style.width = (100 * s.score / Math.max(1, ...v.seats.map((x) => x.score))) + "%";
    li.querySelector(".swatch").style.background = s.color;
    li.querySelector(".name").textContent = s.name;
    li.querySelector(".supply").textContent = "in hand: " + s.supply;
    const score = li.querySelector(".score");
    score.textContent = s.score;
    score.dataset.seat = i;
    sc.appendChild(li);
  });
  $("tiles-left").textContent = v.over ? "" : v.tiles_left + " tiles left in the bag";
  // What the symbols on the board are.
  const mk = $("markers");
  mk.innerHTML = "";
  for (const [name, svg] of v.markers) {
    const li = document.createElement("li");
    li.innerHTML = svg;
    li.appendChild(document.createTextNode(" " + name));
    mk.appendChild(li);
  }
  // Log.
  const log = $("log");
  log.innerHTML = "";
  for (const line of v.log.slice(-300)) {
    const li = document.createElement("li");
    li.textContent = line;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  // Viewer of a finished game.
  $("viewer").hidden = !v.over;
  if (v.over) {
    const r = $("turn-range");
    r.max = v.turns - 1;
    r.value = v.turns - 1;
    $("turn-label").textContent = "The final board (turn " + (v.turns - 1) + ").";
  }
  clearTimeout(botTimer);
  if (!v.over && !v.person_to_act) {
    botTimer = setTimeout(botMove, botDelay());
  }
}

function drawBoard(svgText) {
  const board = $("board");
  board.innerHTML = svgText;
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.dataset.w = svg.getAttribute("width");
  svg.dataset.h = svg.getAttribute("height");
  applyZoom();
  for (const c of svg.querySelectorAll("rect.candidate")) {
    c.addEventListener("click", () => pickSpot(Number(c.dataset.x), Number(c.dataset.y)));
  }
  for (const c of svg.querySelectorAll("g.choice")) {
    c.addEventListener("click", () => act(view.choices[Number(c.dataset.choice)].text));
  }
}

function applyZoom() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const w = Number(svg.dataset.w), h = Number(svg.dataset.h);
  const area = $("board-area");
  const fit = Math.min(1.6, (area.clientWidth - 8) / w, (area.clientHeight - 48) / h);
  const z = zoom === null ? Math.max(0.2, fit) : zoom;
  svg.setAttribute("width", w * z);
  svg.setAttribute("height", h * z);
}

function setZoom(f) {
  const svg = $("board").querySelector("svg");
  const cur = svg ? Number(svg.getAttribute("width")) / Number(svg.dataset.w) : 1;
  zoom = f === null ? null : Math.min(3, Math.max(0.15, cur * f));
  applyZoom();
}

function showDrawn() {
  const r = sel ? sel.rot : rotation;
  $("drawn-tile").innerHTML = view.drawn_rotations[r];
  $("place").disabled = !sel;
}

function spot(x, y) {
  return view.placements.find((s) => s.x === x && s.y === y);
}

function pickSpot(x, y) {
  const s = spot(x, y);
  if (!s) return;
  if (sel && sel.x === x && sel.y === y) {
    turnTile(1);
    return;
  }
  const rot = s.rots.includes(rotation) ? rotation : s.rots[0];
  sel = { x, y, rot };
  showPreview();
}

function turnTile(dir) {
  if (!view || !view.drawn) return;
  if (!sel) {
    rotation = (rotation + dir + 4) % 4;
    showDrawn();
    return;
  }
  const rots = spot(sel.x, sel.y).rots;
  const i = rots.indexOf(sel.rot);
  sel.rot = rots[(i + dir + rots.length) % rots.length];
  rotation = sel.rot;
  showPreview();
}

// The drawn tile on the selected square, in the chosen rotation.
function showPreview() {
  const svg = $("board").querySelector("svg");
  svg.querySelectorAll(".preview").forEach((e) => e.remove());
  svg.querySelectorAll("rect.candidate.selected").forEach((e) => e.classList.remove("selected"));
  const rect = svg.querySelector('rect.candidate[data-x="' + sel.x + '"][data-y="' + sel.y + '"]');
  rect.classList.add("selected");
  const tmp = document.createElement("div");
  tmp.innerHTML = view.drawn_rotations[sel.rot];
  const tile = tmp.querySelector("svg");
  tile.setAttribute("class", "preview");
  tile.setAttribute("x", Number(rect.getAttribute("x")) - 3);
  tile.setAttribute("y", Number(rect.getAttribute("y")) - 3);

  tile.style.pointerEvents = "none";
  rect.before(tile);
  showDrawn();
}

async function act(text) {
  if (busy) return;
  busy = true;
  try {
    const v = await api("POST", "/api/games/" + gameId + "/act", { action: text });
    showError(null);
    update(v);
  } catch (e) { showError(e); }
  busy = false;
}

async function botMove() {
  if (busy || !gameId) return;
  busy = true;
  try {
    const v = await api("POST", "/api/games/" + gameId + "/bot");
    showError(null);
    busy = false;
    update(v);
  } catch (e) {
    busy = false;
    if (e.status !== 409) { showError(e); return; }
    // Another window moved this game on: show where it stands.
    try {
      update(await api("GET", "/api/games/" + gameId));
    } catch (e2) { showError(e2); }
  }
}

async function showTurn(n) {
  const r = await fetch("/api/games/" + gameId + "/turns/" + n);
  if (!r.ok) { showError(await r.text()); return; }
  drawBoard(await r.text());
  $("turn-range").value = n;
  $("turn-label").textContent = n === view.turns - 1 ? "The final board (turn " + n + ")." : "The board after turn " + n + ".";
}

// ---------------------------------------------------------------- wiring

$("new-game").onclick = showSetup;
$("start").onclick = start;
$("record-file").onchange = (e) => { if (e.target.files.length) openRecord(e.target.files[0]); };
$("rotate-left").onclick = () => turnTile(-1);
$("rotate-right").onclick = () => turnTile(1);
$("place").onclick = () => { if (sel) act("place " + sel.x + " " + sel.y + " " + sel.rot); };
$("zoom-in").onclick = () => setZoom(1.25);
$("zoom-out").onclick = () => setZoom(0.8);
$("zoom-fit").onclick = () => setZoom(null);
$("turn-prev").onclick = () => showTurn(Math.max(0, Number($("turn-range").value) - 1));
$("turn-next").onclick = () => showTurn(Math.min(view.turns - 1, Number($("turn-range").value) + 1));
$("turn-range").oninput = () => showTurn(Number($("turn-range").value));
window.addEventListener("resize", applyZoom);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "r") turnTile(1);
  if (e.key === "R") turnTile(-1);
  if (e.key === "Enter" && sel) $("place").click();
});

(async function main() {
  try {
    setup = await api("GET", "/api/setup");
  } catch (e) { showError(e); return; }
  const m = location.hash.match(/game=([0-9a-f]+)/);
  if (m) openGame(m[1]); else showSetup();
})();
