// The setup page: the games this page plays ("Your games"), the lobby (games
// waiting for players), a new game's form, and a record to open. Loaded after
// api.js and board.js.
"use strict";

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

// What the players are told of who may know a game's seed, and so every tile
// to come (`seed_known` of its view or lobby entry; `seats`: its seats): a
// seed chosen at creation, or a game opened from a record. Nothing for a seed
// the server drew, nor for one person against bots (bots lose nothing by it).
function seedNotice(known, seats) {
  if (!known || seats.filter((s) => s.kind === "person").length < 2) return "";
  return known === "record"
    ? "This game was opened from a record, which holds its seed: whoever has the record knows the tiles to come."
    : "The creator chose this game's seed: whoever knows it knows the tiles to come.";
}

// A link that opens game `id` in this page (a new entry of the history).
function gameLink(id, text, cls) {
  const a = document.createElement("a");
  a.href = "#game=" + id;
  a.className = cls;
  a.textContent = text;
  a.onclick = (e) => { e.preventDefault(); openGame(id, true); };
  return a;
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
      const named = cell(g.name);
      const seed = seedNotice(g.seed_known, g.seats);
      if (seed) {
        const p = document.createElement("div");
        p.className = "hint seed-known";
        p.textContent = seed;
        named.appendChild(p);
      }
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
      actions.appendChild(gameLink(g.id, "watch", "watch"));
      body.appendChild(tr);
    }
    $("lobby-empty").hidden = r.games.length > 0;
  } catch (e) { showError(e); }
}

async function join(id, seat) {
  try {
    const name = $("player-name").value.trim();
    save("carcassonne.name", name);
    const r = await api("POST", "/api/games/" + id + "/join", { seat, name });
    keepSeat(id, seat, r.token);
    showError(null);
    openGame(id, true);
  } catch (e) { showError(e); showLobby(); }
}

// What the games `ids` are to this page, from the server (`POST
// /api/my-games`: one request, or one per `setup.my_games_max` games): {id,
// game, seats} each, `game` the server's summary of it (null: the page's token
// no longer works, the game may be watched). A game the server no longer has
// is forgotten; one it cannot read, or whose request fails, is left out.
async function myGameSummaries(ids) {
  const max = setup.my_games_max || 100;
  const held = ids.map((id) => ({ id, seats: mySeats(id) }));
  const asks = [];
  for (let i = 0; i < held.length; i += max) {
    const seats = held.slice(i, i + max).map((g) => ({ game: g.id, token: String(Object.values(g.seats)[0]) }));
    // A request that fails leaves its games out, not the others.
    const unread = () => seats.map(() => ({ state: "unreadable" }));
    asks.push(api("POST", "/api/my-games", { seats }).then((r) => r.games, unread));
  }
  const answers = (await Promise.all(asks)).flat();
  const out = [];
  answers.forEach((s, i) => {
    const g = held[i];
    if (s.state === "gone") dropGame(g.id);
    else if (s.state === "seat") out.push({ id: g.id, game: s, seats: g.seats });
    else if (s.state === "refused") out.push({ id: g.id, game: null, seats: g.seats });
  });
  return out;
}

// "Your games": the games this page plays a seat of, each with its ruleset and
// players, whose turn it is and a link back to it; the ones to act in first,
// finished ones last.
async function showMyGames() {
  const list = $("my-games").querySelector("tbody");
  const games = await myGameSummaries(myGames());
  if (gameId !== null) return; // a game opened meanwhile
  const rank = (g) => (!g.game ? 2 : g.game.over ? 3 : g.seats[g.game.actor] ? 0 : 1);
  games.sort((a, b) => rank(a) - rank(b));
  list.innerHTML = "";
  for (const g of games) {
    const s = g.game;
    const tr = document.createElement("tr");
    tr.className = "my-game";
    tr.dataset.id = g.id;
    const cell = (text) => { const td = document.createElement("td"); td.textContent = text; tr.appendChild(td); return td; };
    const named = cell(s ? s.name : "game " + g.id);
    if (s) {
      const p = document.createElement("div");
      p.className = "hint players";
      p.textContent = s.ruleset + ": " + s.seats.map((x) => x.name).join(", ");
      named.appendChild(p);
    }
    let state;
    if (!s) state = "your invitation no longer works";
    else if (s.over) state = "over";
    else if (g.seats[s.actor]) state = "your turn (" + NAMES[s.actor] + ")";
    else state = s.actor !== null ? s.seats[s.actor].name + " to play" : "";
    cell(state).className = "state";
    cell("").appendChild(gameLink(g.id, s ? "Resume" : "Watch", "resume"));
    list.appendChild(tr);
  }
  $("my-games-box").hidden = games.length === 0;
}

// The ruleset offered first: the base game's, else the first one.
function defaultRuleset() {
  const i = setup.rulesets.findIndex((r) => r.origin === "base.toml" || /[\\/]base\.toml$/.test(r.origin));
  return Math.max(0, i);
}

// The setup page; `push`: as a new entry of the browser's history (the
// "Games" button), else in place of the current one.
function showSetup(push) {
  closeEvents();
  clearTimeout(standInTimer);
  gameId = null;
  view = null;
  setAddress("", push === true);
  document.body.dataset.state = "setup";
  document.title = TITLE;
  showNotice(null);
  $("game").hidden = true;
  $("setup").hidden = false;
  $("record").hidden = true;
  $("player-name").value = load("carcassonne.name", "");
  $("start").disabled = false;
  const rs = $("ruleset");
  if (!rs.options.length) {
    setup.rulesets.forEach((r, i) => {
      const o = document.createElement("option");
      o.value = i;
      o.textContent = r.name;
      o.title = r.origin;
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
      rs.title = r.origin;
      $("ruleset-description").textContent = r.description;
      $("players").value = r.players;
      renderSeats();
    };
    rs.value = defaultRuleset();
    rs.onchange();
    $("players").onchange = renderSeats;
  }
  showMyGames().catch(showError);
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
  openGame(r.id, true);
}

async function start() {
  if ($("start").disabled) return;
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const take = seatsToTake(seats);
  const name = $("player-name").value.trim();
  save("carcassonne.name", name);
  const body = { ruleset: Number($("ruleset").value), seats, take, listed: $("listed").checked };
  // The name goes with the seats taken (none in a game of bots alone).
  if (name && take.length) body.player = name;
  if ($("game-name").value.trim()) body.name = $("game-name").value.trim();
  // As typed: a JavaScript number loses the digits of seeds above 2^53.
  if ($("seed").value.trim() !== "") body.seed = $("seed").value.trim();
  // One game per click, however fast the clicks.
  $("start").disabled = true;
  try {
    started(await api("POST", "/api/games", body), take);
  } catch (e) { showError(e); }
  $("start").disabled = false;
}

async function openRecord(file) {
  try {
    const text = await file.text();
    if (text.length > setup.record_bytes) throw new Error("this record is larger than the server takes");
    const r = await api("POST", "/api/records", { record: text, listed: false });
    started(r, r.seats.filter((s) => s.token).map((s) => s.seat));
  } catch (e) { showError(e); }
}
