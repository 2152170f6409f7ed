// The Carcassonne page: the lobby and a new game's setup, then a game as the
// server shows it to this page's seat (or to a spectator), followed over
// server-sent events. Every rule lives on the server; this page only shows
// what the engine offers (legal placements, figure options, decisions).
//
// Seats: the page keeps the token of each seat it plays in local storage
// (`carcassonne.seats.<game>`: {seat: token}); an invitation link
// (`#game=ID&seat=N&token=T`) adds one. A reload, or the same link on another
// device, plays the same seat.
"use strict";

const $ = (id) => document.getElementById(id);
const NAMES = ["Red", "Blue", "Green", "Yellow", "Black", "Grey"];
let setup = null;      // rulesets and bots on offer
let gameId = null;
let view = null;       // the last view of the game
let sel = null;        // the selected placement: {x, y, rot}
let rotation = 0;      // the rotation the person last chose
let zoom = null;       // null: fit the board to the window
let busy = false;
let events = null;     // the game's event stream
let shownTurn = null;  // turn shown by the viewer, null: the live board

// ---------------------------------------------------------- number fields

// Runs of at least five plugin choices with the same words before a number
// (a bid: "bazaar bid 0" ... "bazaar bid 30") are shown as one number field.
// Returns, by choice index, the run starting there, or null for the others
// of a run.
function numberFields(choices) {
  const out = new Map();
  let i = 0;
  while (i < choices.length) {
    const c = choices[i];
    const words = c.number === null || c.number === undefined ? null : c.text.slice(0, c.text.lastIndexOf(" "));
    let j = i + 1;
    if (words !== null) {
      while (j < choices.length && choices[j].number !== null && choices[j].number !== undefined
             && choices[j].text.slice(0, choices[j].text.lastIndexOf(" ")) === words) j++;
    }
    if (words !== null && j - i >= 5) {
      const run = choices.slice(i, j);
      out.set(i, { words, numbers: run.map((x) => x.number), label: run[0].label });
      for (let k = i + 1; k < j; k++) out.set(k, null);
      i = j;
    } else {
      i++;
    }
  }
  return out;
}

// A number field with its button for a run of numbered choices.
function numberField(f) {
  const box = document.createElement("span");
  box.className = "number-choice";
  const input = document.createElement("input");
  input.type = "number";
  input.min = Math.min(...f.numbers);
  input.max = Math.max(...f.numbers);
  input.value = input.min;
  input.setAttribute("aria-label", f.words);
  const b = document.createElement("button");
  b.className = "choice";
  b.type = "button";
  b.textContent = f.label.replace(/\d+$/, "").trim() || "OK";
  b.dataset.text = f.words + " " + input.min;
  input.oninput = () => { b.dataset.text = f.words + " " + input.value; };
  b.onclick = () => {
    const n = Number(input.value);
    if (!f.numbers.includes(n)) {
      showError(new Error("Choose a number from " + input.min + " to " + input.max + "."));
      return;
    }
    act(f.words + " " + n);
  };
  box.append(input, b);
  return box;
}

// ---------------------------------------------------------------- storage

function load(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v === null ? fallback : v;
  } catch (_) { return fallback; }
}

function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (_) { /* private mode */ }
}

// The seats this page plays in game `id`: {seat: token}.
function mySeats(id) { return load("carcassonne.seats." + id, {}); }

function keepSeat(id, seat, token) {
  const seats = mySeats(id);
  seats[seat] = token;
  save("carcassonne.seats." + id, seats);
}

// The token to act or look with: the seat to act if this page plays it,
// else any seat it plays, else none (a spectator).
function tokenFor(actor) {
  const seats = mySeats(gameId);
  if (actor !== null && actor !== undefined && seats[actor]) return seats[actor];
  const any = Object.values(seats);
  return any.length ? any[0] : null;
}

// ---------------------------------------------------------------- requests

// Whether a request may be sent twice without harm: it reads, or it names the
// move it was chosen at (the server refuses it a second time), or it sets a
// seat's settings.
function repeatable(method, path, body) {
  return method === "GET" || (body !== undefined && body.moves !== undefined) || path.endsWith("/seat");
}

async function api(method, path, body, token) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (token) opts.headers["Authorization"] = "Bearer " + token;
  let r;
  try {
    r = await fetch(path, opts);
  } catch (e) {
    // A network error: the server may have closed an idle connection just as
    // the request went out on it. A request safe to send twice goes again once.
    if (!repeatable(method, path, body)) throw e;
    await new Promise((done) => setTimeout(done, 300));
    r = await fetch(path, opts);
  }
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

// ---------------------------------------------------------------- lobby and setup

function renderSeats() {
  const n = Number($("players").value);
  const seats = $("seats");
  const old = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.innerHTML = "";
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    label.textContent = NAMES[i] + " ";
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

async function showLobby() {
  try {
    const r = await api("GET", "/api/lobby");
    const body = $("lobby").querySelector("tbody");
    body.innerHTML = "";
    for (const g of r.games) {
      const tr = document.createElement("tr");
      tr.className = "lobby-game";
      tr.dataset.id = g.id;
      const cell = (text) => { const td = document.createElement("td"); td.textContent = text; tr.appendChild(td); return td; };
      cell(g.name);
      cell(g.ruleset);
      cell(g.seats.map((s) => s.name + (s.free ? " (free)" : s.kind === "person" ? (s.player ? " (" + s.player + ")" : "") : " (" + s.kind + ")")).join(", "));
      cell(g.to_act || "");
      const actions = cell("");
      for (const s of g.seats.filter((s) => s.free)) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "join";
        b.dataset.seat = s.seat;
        b.textContent = "Play " + s.name;
        b.onclick = () => join(g.id, s.seat);
        actions.appendChild(b);
      }
      const watch = document.createElement("a");
      watch.href = "#game=" + g.id;
      watch.textContent = "watch";
      watch.onclick = (e) => { e.preventDefault(); openGame(g.id); };
      actions.appendChild(watch);
      body.appendChild(tr);
    }
    $("lobby-empty").hidden = r.games.length > 0;
  } catch (e) { showError(e); }
}

async function join(id, seat) {
  try {
    const r = await api("POST", "/api/games/" + id + "/join", { seat, name: $("player-name").value });
    keepSeat(id, seat, r.token);
    showError(null);
    openGame(id);
  } catch (e) { showError(e); showLobby(); }
}

function showSetup() {
  closeEvents();
  gameId = null;
  view = null;
  history.replaceState(null, "", location.pathname + location.search);
  document.body.dataset.state = "setup";
  $("game").hidden = true;
  $("setup").hidden = false;
  $("record").hidden = true;
  $("player-name").value = load("carcassonne.name", "");
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
  showLobby();
}

// The seats this page takes in a new game: every person seat at one
// computer, else the first person seat.
function seatsToTake(kinds) {
  const people = kinds.map((k, i) => (k === "person" ? i : -1)).filter((i) => i >= 0);
  return $("hot-seat").checked ? people : people.slice(0, 1);
}

async function started(r, take) {
  for (const s of r.seats) {
    if (take.includes(s.seat) && s.token) keepSeat(r.id, s.seat, s.token);
  }
  // The other person seats' invitations, shown beside the game.
  save("carcassonne.invites." + r.id, r.seats.filter((s) => s.invite && !take.includes(s.seat)));
  showError(null);
  openGame(r.id);
}

async function start() {
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const take = seatsToTake(seats);
  const name = $("player-name").value.trim();
  save("carcassonne.name", name);
  const body = { ruleset: Number($("ruleset").value), seats, take, listed: $("listed").checked };
  if (name) body.player = name;
  if ($("game-name").value.trim()) body.name = $("game-name").value.trim();
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    started(await api("POST", "/api/games", body), take);
  } catch (e) { showError(e); }
}

async function openRecord(file) {
  try {
    const text = await file.text();
    if (text.length > setup.record_bytes) throw new Error("this record is larger than the server takes");
    const r = await api("POST", "/api/records", { record: text, listed: false });
    started(r, r.seats.filter((s) => s.token).map((s) => s.seat));
  } catch (e) { showError(e); }
}

// ---------------------------------------------------------------- game

function closeEvents() {
  if (events) events.close();
  events = null;
}

// Follows the game: every change of the server's move count brings a new view.
function follow() {
  closeEvents();
  const id = gameId;
  events = new EventSource("/api/games/" + id + "/events");
  events.addEventListener("moves", (e) => {
    $("connection").hidden = true;
    const d = JSON.parse(e.data);
    if (id === gameId && (!view || d.moves !== view.moves || d.stuck)) refresh();
  });
  // The browser reconnects by itself and sends the last move it saw.
  events.onerror = () => { if (id === gameId) $("connection").hidden = false; };
}

async function openGame(id) {
  gameId = id;
  view = null;
  shownTurn = null;
  $("setup").hidden = true;
  $("game").hidden = false;
  $("record").hidden = true;
  $("record").href = "/api/games/" + id + "/record";
  showInvites();
  try {
    await refresh();
  } catch (e) {
    if (e.status === 403 && Object.keys(mySeats(id)).length) {
      // A token this game does not know (a mistyped link): watch instead.
      save("carcassonne.seats." + id, {});
      return openGame(id);
    }
    showError(e);
    showSetup();
    return;
  }
  follow();
}

// Fetches this page's view (as the seat to act, if this page plays it). One
// request at a time: a change announced meanwhile fetches once more after.
let refreshing = null;
let refreshAgain = false;

async function refresh() {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      await fetchView();
    } while (refreshAgain);
  })();
  try { await refreshing; } finally { refreshing = null; }
}

async function fetchView() {
  const id = gameId;
  const v = await asActor(id, await api("GET", "/api/games/" + id, undefined, tokenFor(view ? view.actor : null)));
  if (id !== gameId) return;
  showError(null);
  showNewer(v);
}

// View `v` of game `id`, or, when the seat to act is another one this page
// plays, that seat's view of the same game. Every view the page shows goes
// through here: a seat's view shown after the actor's (an action's answer
// arriving after the change it announced) would leave the page waiting.
async function asActor(id, v) {
  if (v.actor !== null && v.actor !== undefined && v.actor !== v.you && mySeats(id)[v.actor]) {
    return api("GET", "/api/games/" + id, undefined, mySeats(id)[v.actor]);
  }
  return v;
}

function showInvites() {
  const invites = load("carcassonne.invites." + gameId, []);
  const list = $("invite-list");
  list.innerHTML = "";
  for (const s of invites) {
    const li = document.createElement("li");
    li.innerHTML = '<span class="who"></span> <input class="link" readonly>';
    li.querySelector(".who").textContent = NAMES[s.seat];
    const input = li.querySelector("input");
    input.value = location.origin + s.invite;
    input.dataset.seat = s.seat;
    input.onfocus = () => input.select();
    list.appendChild(li);
  }
  $("invites").hidden = invites.length === 0;
}

// "Next tile: one of 9 (…); then RI.1/I.e; then 72 tiles." from the view's
// groups of tiles to come.
function comingText(groups) {
  const part = (g) => {
    if (g.tiles.length === 0) return g.count + (g.count === 1 ? " tile" : " tiles");
    const names = g.tiles.join(", ");
    return g.count === 1 ? names : "one of " + g.count + " (" + names + ")";
  };
  return groups.map((g, i) => (i === 0 ? "Next tile: " : "then ") + part(g)).join("; ") +
    (groups.length ? "." : "");
}

function update(v) {
  view = v;
  sel = null;
  // A counter that tells programs driving the page (tests) that it changed.
  document.body.dataset.updates = Number(document.body.dataset.updates || 0) + 1;
  document.body.dataset.state = v.over ? "over" : v.your_turn ? "play" : "wait";
  document.body.dataset.moves = v.moves;
  const url = "#game=" + gameId + (v.you !== null ? "&seat=" + v.you + "&token=" + mySeats(gameId)[v.you] : "");
  history.replaceState(null, "", location.pathname + location.search + url);
  $("game-title").textContent = v.name + (v.you !== null ? " — you play " + NAMES[v.you] : " — watching");
  $("prompt").textContent = v.prompt;
  // A bot that could not move (the engine or a plugin failed): the game waits.
  if (v.stuck) showError(new Error("The game cannot go on: " + v.stuck));
  $("record").hidden = !v.record_available;
  if (shownTurn === null) drawBoard(v.board);
  // A decision naming figures on the board (a capture): they are ringed.
  if (v.your_turn && $("board").querySelector("g.figure.choice")) {
    $("prompt").textContent += " Click a ringed figure on the board, or choose below.";
  }
  // The drawn tile.
  const placing = v.your_turn && v.placements.length > 0;
  $("drawn").hidden = !placing;
  if (placing) showDrawn();
  // Squares the tile's sides fit that a rule refuses, with the engine's reason.
  const rf = $("refused");
  rf.innerHTML = "";
  rf.hidden = !placing || v.refused.length === 0;
  for (const r of placing ? v.refused : []) {
    const li = document.createElement("li");
    li.textContent = "Not at " + r.x + " " + r.y + ": " + r.why;
    rf.appendChild(li);
  }
  // Other choices.
  const ch = $("choices");
  ch.innerHTML = "";
  if (v.your_turn) {
    const fields = numberFields(v.choices);
    v.choices.forEach((c, i) => {
      const f = fields.get(i);
      if (f === null) return; // inside a number field shown before
      if (f) {
        ch.appendChild(numberField(f));
        return;
      }
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
  $("auto-pass-row").hidden = v.you === null || v.over;
  $("auto-pass").checked = v.auto_pass;
  if (shownTurn === null) showScores(v.seats, v.actor);
  $("tiles-left").textContent = v.over ? "" : v.tiles_left + " tiles left in the bag";
  // Which tiles come next, when a rule holds some back (the river's).
  $("coming").textContent = comingText(v.coming || []);
  $("coming").hidden = !v.coming || v.coming.length === 0;
  // What the symbols on the board are.
  const mk = $("markers");
  mk.innerHTML = "";
  for (const [name, svg] of v.markers) {
    const li = document.createElement("li");
    li.innerHTML = svg;
    li.appendChild(document.createTextNode(" " + name));
    mk.appendChild(li);
  }
  // The areas off the board that hold figures (a city's quarters).
  const ar = $("areas");
  ar.innerHTML = "";
  for (const [name, figures] of v.areas || []) {
    const li = document.createElement("li");
    li.dataset.area = name;
    li.textContent = name + ": " + figures;
    ar.appendChild(li);
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
  if (v.over && shownTurn === null) {
    const r = $("turn-range");
    r.max = v.turns - 1;
    r.value = v.turns - 1;
    $("turn-label").textContent = "The final board (turn " + (v.turns - 1) + ").";
  }
}

// The scores and figures in hand of `seats`; `actor` marked.
function showScores(seats, actor) {
  const sc = $("scores");
  sc.innerHTML = "";
  const best = Math.max(1, ...seats.map((x) => x.score));
  seats.forEach((s, i) => {
    const li = document.createElement("li");
    if (actor === i) li.className = "to-act";
    li.innerHTML = '<span class="swatch"></span><span class="name"></span><span class="score"></span>' +
      '<span class="track"><span class="bar"></span></span><span class="supply"></span>';
    const bar = li.querySelector(".bar");
    bar.style.background = s.color;
    bar.style.width = (100 * s.score / best) + "%";
    li.querySelector(".swatch").style.background = s.color;
    const free = s.kind === "person" && !s.taken ? " — free seat" : "";
    li.querySelector(".name").textContent = s.name + (view && view.you === i ? " (you)" : "") + free;
    const hand = s.hand && s.hand.length ? "; tiles: " + s.hand.join(", ") : "";
    li.querySelector(".supply").textContent = "in hand: " + s.supply + hand;
    // The figures the seat holds (prisoners), then what each plugin says
    // about it (pieces left, ...), with the plugin's symbol.
    if (s.holds) {
      const h = document.createElement("span");
      h.className = "holds";
      h.textContent = s.holds;
      li.appendChild(h);
    }
    for (const n of s.notes || []) {
      const note = document.createElement("span");
      note.className = "seat-note";
      note.dataset.plugin = n.plugin;
      note.title = n.plugin ? n.plugin + ": " + n.note : n.note;
      note.innerHTML = n.symbol;
      const text = document.createElement("span");
      text.className = "note-text";
      text.textContent = n.plugin ? n.note : "? " + n.note;
      note.appendChild(text);
      li.appendChild(note);
    }
    // The game as it stands (not a past turn), seen from a seat: a bot for
    // a player who keeps the game waiting (the server says from when), a
    // bot for oneself, and one's seat taken back.
    const seated = view && actor !== null && view.you !== null && view.you !== undefined && !view.over;
    if (seated && actor === i && view.you !== i && s.kind === "person" && !s.stand_in) {
      const bot = (setup && setup.bots[0]) || "greedy";
      li.appendChild(seatButton("let " + bot + " play for them", "stand-in", () =>
        api("POST", "/api/games/" + gameId + "/stand-in", { seat: i, bot: bot }, tokenFor(view.you))));
    }
    if (seated && view.you === i) {
      if (s.stand_in) {
        li.appendChild(seatButton("play again (" + s.stand_in + " plays for you)", "take-back", () =>
          api("POST", "/api/games/" + gameId + "/seat", { stand_in: null }, tokenFor(i))));
      } else {
        const bot = (setup && setup.bots[0]) || "greedy";
        li.appendChild(seatButton("away: let " + bot + " play for me", "away", () =>
          api("POST", "/api/games/" + gameId + "/seat", { stand_in: bot }, tokenFor(i))));
      }
    }
    const score = li.querySelector(".score");
    score.textContent = s.score;
    score.dataset.seat = i;
    sc.appendChild(li);
  });
}

// A small button of a seat's line: `request()` (an API call answering a
// view) on a click, its view shown, or its error.
function seatButton(text, cls, request) {
  const b = document.createElement("button");
  b.className = "seat-button " + cls;
  b.textContent = text;
  b.addEventListener("click", async () => {
    try {
      showNewer(await request());
    } catch (e) {
      showError(e);
    }
  });
  return b;
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
    // A figure to click says what clicking it does.
    const title = c.matches(".figure") && c.querySelector("title");
    if (title && view && view.choices[Number(c.dataset.choice)]) {
      title.textContent = view.choices[Number(c.dataset.choice)].label;
    }
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
  // The chosen square and rotation: placed without a piece (the button
  // "Place tile"), or with one of the pieces plugins offer there (a bridge:
  // a button each).
  const s = sel ? spot(sel.x, sel.y) : null;
  $("place").disabled = !s || !s.plain.includes(sel.rot);
  const pc = $("piece-choices");
  pc.innerHTML = "";
  for (const p of s && s.pieces ? s.pieces : []) {
    if (p.rot !== sel.rot) continue;
    const b = document.createElement("button");
    b.className = "choice piece";
    b.type = "button";
    b.dataset.text = p.text;
    b.textContent = p.label;
    b.onclick = () => act(p.text);
    pc.appendChild(b);
  }
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
  if (!view || !view.drawn_rotations.length) return;
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

// Shows `v` unless the page shows a later move already (an answer may come
// after the pushed view of the moves that followed it: bots answer at once)
// or this very view (a redraw would drop the person's selection, and the
// buttons he is about to click).
function showNewer(v) {
  if (view && (v.moves < view.moves || JSON.stringify(v) === JSON.stringify(view))) return;
  update(v);
}

async function act(text) {
  if (busy || !view || !view.your_turn) return;
  busy = true;
  try {
    const id = gameId;
    const v = await asActor(id, await api("POST", "/api/games/" + id + "/act", { action: text, moves: view.moves }, tokenFor(view.actor)));
    if (id === gameId) {
      showError(null);
      showNewer(v);
    }
  } catch (e) {
    // Sent twice (the first answer lost on the way) or overtaken: the game
    // moved on, which the page shows instead of an error.
    if (e.status === 409 && String(e.message).startsWith("the game is at move")) {
      await refresh();
    } else {
      showError(e);
    }
  }
  busy = false;
}

async function setAutoPass(on) {
  try {
    showNewer(await api("POST", "/api/games/" + gameId + "/seat", { auto_pass: on }, tokenFor(view.you)));
  } catch (e) { showError(e); }
}

// A past turn of a finished game: its board and its scores.
async function showTurn(n) {
  try {
    const t = await api("GET", "/api/games/" + gameId + "/turns/" + n + "/view");
    shownTurn = t.last ? null : n;
    drawBoard(t.board);
    showScores(t.seats, null);
    $("turn-range").value = n;
    $("turn-label").textContent = t.last ? "The final board (turn " + n + ")." : "The board after turn " + n + ".";
  } catch (e) { showError(e); }
}

// The record, fetched with this page's token when the game is not over.
async function downloadRecord(e) {
  if (!view || view.over) return;
  e.preventDefault();
  try {
    const r = await fetch($("record").href, { headers: { Authorization: "Bearer " + tokenFor(view.you) } });
    if (!r.ok) throw new Error((await r.json()).error);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(await r.blob());
    a.download = "carcassonne-" + gameId + ".json";
    a.click();
  } catch (err) { showError(err); }
}

// ---------------------------------------------------------------- wiring

$("new-game").onclick = showSetup;
$("start").onclick = start;
$("lobby-refresh").onclick = showLobby;
$("record-file").onchange = (e) => { if (e.target.files.length) openRecord(e.target.files[0]); };
$("record").onclick = downloadRecord;
$("rotate-left").onclick = () => turnTile(-1);
$("rotate-right").onclick = () => turnTile(1);
$("place").onclick = () => {
  if (sel && spot(sel.x, sel.y).plain.includes(sel.rot)) act("place " + sel.x + " " + sel.y + " " + sel.rot);
};
$("auto-pass").onchange = (e) => setAutoPass(e.target.checked);
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

// An address `#game=ID` (to watch) or `#game=ID&seat=N&token=T` (an invitation).
async function fromAddress() {
  const h = new URLSearchParams(location.hash.slice(1));
  const id = h.get("game");
  if (!id || !/^[0-9a-f]+$/.test(id)) return false;
  const seat = h.get("seat"), token = h.get("token");
  if (seat !== null && token) {
    keepSeat(id, Number(seat), token);
    try {
      // Take the seat (with this page's name for it).
      const name = load("carcassonne.name", "");
      await api("POST", "/api/games/" + id + "/seat", name ? { name } : {}, token);
    } catch (e) { showError(e); }
  }
  openGame(id);
  return true;
}

(async function main() {
  try {
    setup = await api("GET", "/api/setup");
  } catch (e) { showError(e); return; }
  if (!(await fromAddress())) showSetup();
})();

// A link opened in a page of this server already open (pasted into its
// address bar) changes only the part after `#`: the page is not loaded again,
// so it follows the new address itself.
window.addEventListener("hashchange", async () => {
  if (setup && !(await fromAddress())) showSetup();
});
