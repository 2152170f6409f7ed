// The Carcassonne page, first of its scripts (index.html loads them in this
// order: api.js, board.js, setup.js, game.js, app.js): the page's state, the
// browser's local storage, requests to the server, and the messages the page
// shows. Every rule lives on the server; the page only shows what the engine
// offers (legal placements, figure options, decisions).
//
// Seats: the page keeps the token of each seat it plays in local storage
// (`carcassonne.seats.<game>`: {seat: token}); an invitation link
// (`#game=ID&seat=N&token=T`) adds one. A reload, or the same link on another
// device, plays the same seat.
"use strict";

const $ = (id) => document.getElementById(id);
const NAMES = ["Red", "Blue", "Green", "Yellow", "Black", "Grey"];
const TITLE = document.title;
let setup = null;      // rulesets and bots on offer
let gameId = null;
let view = null;       // the last view of the game
let sel = null;        // the selected placement: {x, y, rot}
let rotation = 0;      // the rotation the person last chose
let zoom = null;       // null: fit the board to the window
let busy = false;
let events = null;     // the game's event stream
let shownTurn = null;  // turn shown by the viewer, null: the live board

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

function forget(key) {
  try { localStorage.removeItem(key); } catch (_) { /* private mode */ }
}

// The seats this page plays in game `id`: {seat: token}.
function mySeats(id) { return load("carcassonne.seats." + id, {}); }

function keepSeat(id, seat, token) {
  const seats = mySeats(id);
  seats[seat] = token;
  save("carcassonne.seats." + id, seats);
}

// Forgets seat `seat` of game `id` (its token no longer works); the game
// itself once no seat is left.
function dropSeat(id, seat) {
  const seats = mySeats(id);
  delete seats[seat];
  if (Object.keys(seats).length) save("carcassonne.seats." + id, seats);
  else forget("carcassonne.seats." + id);
}

// Forgets game `id` altogether (the server no longer has it).
function dropGame(id) {
  forget("carcassonne.seats." + id);
  forget("carcassonne.invites." + id);
}

// The games this page plays a seat of: their ids.
function myGames() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      const m = /^carcassonne\.seats\.([0-9a-f]+)$/.exec(k || "");
      if (m && Object.keys(mySeats(m[1])).length) out.push(m[1]);
    }
  } catch (_) { /* private mode */ }
  return out;
}

// The token to act or look with: the seat to act if this page plays it,
// else any seat it plays, else none (a spectator).
function tokenFor(actor) {
  const seats = mySeats(gameId);
  if (actor !== null && actor !== undefined && seats[actor]) return seats[actor];
  const any = Object.values(seats);
  return any.length ? any[0] : null;
}

// The seat whose token `tokenFor(actor)` gives (null: none).
function seatFor(actor) {
  const seats = mySeats(gameId);
  if (actor !== null && actor !== undefined && seats[actor]) return Number(actor);
  const any = Object.keys(seats);
  return any.length ? Number(any[0]) : null;
}

// ---------------------------------------------------------------- requests

// Whether a request may be sent twice without harm: it reads (a GET, or the
// summaries of "Your games"), or it names the move it was chosen at (the
// server refuses it a second time), or it sets a seat's settings.
function repeatable(method, path, body) {
  return method === "GET" || path === "/api/my-games" || (body !== undefined && body.moves !== undefined) ||
    path.endsWith("/seat");
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

// ---------------------------------------------------------------- messages

// An error (cleared by the next view the page shows).
function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
  $("error").hidden = !e;
}

// A notice that stays until the page opens another game or the setup page.
function showNotice(text) {
  $("notice").textContent = text || "";
  $("notice").hidden = !text;
}

const NOT_HERE = "This game is not on this server: the link may be incomplete, or the game expired.";
const STALE_INVITATION = "This invitation no longer works (its seat was taken from the lobby, or the link is incomplete)";
