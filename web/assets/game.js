// The game page: a game as the server shows it to this page's seat (or to a
// spectator), followed over server-sent events; the panel beside the board
// (prompt, choices, invitations, scores, log) and the requests a player
// makes. Loaded after api.js, board.js and setup.js.
"use strict";

let askName = null;       // the game whose invitation was opened with no name stored
let standInTimer = null;  // a refresh once another player may call a stand-in
let shownInvites = null;  // what the invitations show (redrawn when it changes)

function closeEvents() {
  if (events) events.close();
  events = null;
}

// Follows the game: every change of the server's move count, or of who plays
// the seats (the `seats` fingerprint), brings a new view.
function follow() {
  closeEvents();
  const id = gameId;
  let seenSeats = null;
  events = new EventSource("/api/games/" + id + "/events");
  events.addEventListener("moves", (e) => {
    $("connection").hidden = true;
    const d = JSON.parse(e.data);
    const seatsChanged = seenSeats !== null && d.seats !== seenSeats;
    seenSeats = d.seats;
    if (id === gameId && (!view || d.moves !== view.moves || d.stuck || seatsChanged)) {
      refresh().catch((err) => viewFailed(id, err, false));
    }
  });
  // The browser reconnects by itself and sends the last move it saw.
  events.onerror = () => { if (id === gameId) $("connection").hidden = false; };
}

// Says that the invitation of a seat of game `id` stopped working.
function showStale(id) {
  showNotice(STALE_INVITATION + (Object.keys(mySeats(id)).length ? "." : ": you are watching."));
}

// A view of game `id` that could not be had (`opening`: the game was being
// opened). A seat's token the game refuses is forgotten (that seat's only) and
// the game opened again without it; a game the server does not have is
// forgotten too.
function viewFailed(id, e, opening) {
  if (id !== gameId) return;
  if (e.status === 403 && e.seat !== undefined && e.seat !== null) {
    dropSeat(id, e.seat);
    showStale(id);
    openGame(id);
  } else if (e.status === 404) {
    dropGame(id);
    showSetup();
    showError(new Error(NOT_HERE));
  } else if (opening) {
    showSetup();
    showError(e);
  } else {
    showError(e);
  }
}

// Opens game `id`; `push`: as a new entry of the browser's history (Back
// then returns to the setup page).
async function openGame(id, push) {
  if (id !== gameId) showNotice(null);
  closeEvents();
  clearTimeout(standInTimer);
  gameId = id;
  view = null;
  shownTurn = null;
  shownInvites = null;
  if (push === true) setAddress("#game=" + id, true);
  $("setup").hidden = true;
  $("game").hidden = false;
  $("record").hidden = true;
  $("record").href = "/api/games/" + id + "/record";
  $("name-ask").hidden = true;
  showInvites();
  try {
    await refresh();
  } catch (e) {
    viewFailed(id, e, true);
    return;
  }
  if (id === gameId) follow();
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

// The view of game `id` as seat `seat` (null: a spectator); a refused token
// is an error naming its seat (`e.seat`).
async function viewAs(id, seat) {
  try {
    return await api("GET", "/api/games/" + id, undefined, seat === null ? null : mySeats(id)[seat]);
  } catch (e) {
    if (e.status === 403) e.seat = seat;
    throw e;
  }
}

async function fetchView() {
  const id = gameId;
  const v = await asActor(id, await viewAs(id, seatFor(view ? view.actor : null)));
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
    return viewAs(id, v.actor);
  }
  return v;
}

// The invitations of the other person seats (kept when the game was
// created): a link to copy, or, once its seat is taken, who joined.
function showInvites() {
  const invites = load("carcassonne.invites." + gameId, []);
  const taken = (s) => (view && view.seats[s.seat] && view.seats[s.seat].taken ? view.seats[s.seat].name : null);
  const key = JSON.stringify([gameId, invites.map(taken)]);
  if (key === shownInvites) return; // a link being copied stays as it is
  shownInvites = key;
  const list = $("invite-list");
  list.innerHTML = "";
  for (const s of invites) {
    const li = document.createElement("li");
    const who = taken(s);
    if (who !== null) {
      li.className = "joined";
      li.dataset.seat = s.seat;
      li.textContent = who + ": joined.";
    } else {
      li.innerHTML = '<span class="who"></span> <input class="link" readonly>';
      li.querySelector(".who").textContent = NAMES[s.seat];
      const input = li.querySelector("input");
      input.value = location.origin + s.invite;
      input.dataset.seat = s.seat;
      input.onfocus = () => input.select();
    }
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

// "Ann (Red)" for the seat named "Red (Ann)", "Red" for "Red".
function whoPlays(seatName) {
  const m = /^(\S+) \((.+)\)$/.exec(seatName);
  return m ? m[2] + " (" + m[1] + ")" : seatName;
}

function update(v) {
  view = v;
  sel = null;
  clearTimeout(standInTimer);
  // A counter that tells programs driving the page (tests) that it changed.
  document.body.dataset.updates = Number(document.body.dataset.updates || 0) + 1;
  document.body.dataset.state = v.over ? "over" : v.your_turn ? "play" : "wait";
  document.body.dataset.moves = v.moves;
  const url = "#game=" + gameId + (v.you !== null ? "&seat=" + v.you + "&token=" + mySeats(gameId)[v.you] : "");
  setAddress(url, false);
  document.title = v.your_turn ? "● Your turn — " + v.name : TITLE;
  $("game-title").textContent = v.name + (v.you !== null ? " — you play " + NAMES[v.you] : " — watching");
  // Someone may know the tiles to come (the seed was chosen, or the game
  // opened from a record): the players are told while it matters.
  const seed = v.over ? "" : seedNotice(v.seed_known, v.seats);
  $("seed-known").textContent = seed;
  $("seed-known").hidden = !seed;
  const waiting = !v.over && !v.your_turn && v.actor !== null && v.actor !== undefined;
  $("waiting").textContent = waiting ? "Waiting for " + whoPlays(v.seats[v.actor].name) + "…" : "";
  $("waiting").hidden = !waiting;
  $("prompt").textContent = v.prompt;
  $("name-ask").hidden = !(askName === gameId && v.you !== null && !v.over);
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
      for (const [ev, on] of [["mouseenter", true], ["mouseleave", false], ["focus", true], ["blur", false]]) {
        b.addEventListener(ev, () => lightChoice(i, on));
      }
      ch.appendChild(b);
    });
  }
  showInvites();
  $("auto-pass-row").hidden = v.you === null || v.over;
  $("auto-pass").checked = v.auto_pass;
  if (shownTurn === null) showScores(v.seats, v.actor);
  $("tiles-left").textContent = v.over ? "" :
    v.tiles_left + (v.tiles_left === 1 ? " tile" : " tiles") + " left in the bag";
  showLots(v.lots || []);
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
  showLog(v);
  // Viewer of a finished game.
  $("viewer").hidden = !v.over;
  if (v.over && shownTurn === null) {
    const r = $("turn-range");
    r.max = v.turns - 1;
    r.value = v.turns - 1;
    $("turn-label").textContent = "The final board (turn " + (v.turns - 1) + ").";
  }
}

// The turn log of view `v`: every line of a finished game (its replay may
// show any turn), the last 300 of one in play. Each line knows its turn (the
// view's `log_turns`); the lines of the turn whose board is shown are marked:
// the turn in play, or the one the replay shows. In a finished game a line
// clicked shows the board after its turn.
function showLog(v) {
  const log = $("log");
  log.innerHTML = "";
  const starts = v.log_turns || [];
  let turn = 0;
  for (let i = v.over ? 0 : Math.max(0, v.log.length - 300); i < v.log.length; i++) {
    while (turn + 1 < starts.length && starts[turn + 1] <= i) turn++;
    const li = document.createElement("li");
    li.textContent = v.log[i];
    li.dataset.turn = turn;
    if (v.over) {
      const n = turn;
      li.className = "step";
      li.onclick = () => showTurn(n);
    }
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  if (shownTurn === null) markLogTurn(v.turn, false);
  else markLogTurn(shownTurn, true);
}

// Marks the log lines of turn `n`, the turn whose board is shown; `scroll`:
// the first of them brought to the top of the log (the log scrolls, not the
// page).
function markLogTurn(n, scroll) {
  const log = $("log");
  let first = null;
  for (const li of log.children) {
    const on = Number(li.dataset.turn) === n;
    li.classList.toggle("shown", on);
    if (on && !first) first = li;
  }
  if (scroll && first) log.scrollTop += first.getBoundingClientRect().top - log.getBoundingClientRect().top;
}

// The tiles in the plugins' lots (the bazaar's), numbered from 0 in the order
// drawn: what a decision about "the N-th tile left" counts.
function showLots(lots) {
  const box = $("lots");
  box.innerHTML = "";
  for (const lot of lots) {
    const h = document.createElement("p");
    h.className = "hint";
    h.textContent = "In the " + lot.plugin + "'s lot (numbered from 0):";
    box.appendChild(h);
    const row = document.createElement("div");
    row.className = "lot";
    lot.tiles.forEach(([id, svg], i) => {
      const fig = document.createElement("figure");
      fig.className = "lot-tile";
      fig.dataset.index = i;
      fig.title = id;
      fig.innerHTML = svg;
      const cap = document.createElement("figcaption");
      cap.textContent = String(i);
      fig.appendChild(cap);
      row.appendChild(fig);
    });
    box.appendChild(row);
  }
  box.hidden = lots.length === 0;
}

// "5 min", "40 s": how long until `seconds` have passed.
function duration(seconds) {
  return seconds >= 60 ? Math.ceil(seconds / 60) + " min" : seconds + " s";
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
    bar.style.width = (100 * Math.max(0, s.score) / best) + "%";
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
    // a player who keeps the game waiting (once the server allows it: until
    // then the button is off, says when, and the page looks again then), a
    // bot for oneself, and one's seat taken back.
    const seated = view && actor !== null && view.you !== null && view.you !== undefined && !view.over;
    const wait = view ? view.stand_in_in : null;
    if (seated && actor === i && view.you !== i && s.kind === "person" && !s.stand_in &&
        wait !== null && wait !== undefined) {
      const bot = (setup && setup.bots[0]) || "greedy";
      const b = seatButton("let " + bot + " play for them", "stand-in", () =>
        api("POST", "/api/games/" + gameId + "/stand-in", { seat: i, bot: bot }, tokenFor(view.you)));
      li.appendChild(b);
      if (wait > 0) {
        b.disabled = true;
        const when = document.createElement("span");
        when.className = "stand-in-wait hint";
        when.textContent = "a bot may play for them in " + duration(wait);
        li.appendChild(when);
        const id = gameId;
        clearTimeout(standInTimer);
        standInTimer = setTimeout(() => {
          if (id === gameId) refresh().catch((err) => viewFailed(id, err, false));
        }, wait * 1000 + 250);
      }
    }
    if (seated && view.you === i) {
      if (s.stand_in) {
        li.appendChild(seatButton("play again (" + s.stand_in + " plays for you)", "take-back", () =>
          api("POST", "/api/games/" + gameId + "/seat", { stand_in: null }, tokenFor(i))));
      } else {
        const bot = (setup && setup.bots[0]) || "greedy";
        li.appendChild(seatButton("away: let " + bot + " play for me", "away", () =>
          api("POST", "/api/games/" + gameId + "/seat", { stand_in: bot }, tokenFor(i)),
          "Let " + bot + " play your seat until you take it back?"));
      }
    }
    const score = li.querySelector(".score");
    score.textContent = s.score;
    score.dataset.seat = i;
    sc.appendChild(li);
  });
}

// A small button of a seat's line: `request()` (an API call answering a
// view) on a click (once the person confirms `ask`, if given), its view
// shown, or its error.
function seatButton(text, cls, request, ask) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "seat-button " + cls;
  b.textContent = text;
  b.addEventListener("click", async () => {
    if (ask && !confirm(ask)) return;
    try {
      showNewer(await asActor(gameId, await request()));
    } catch (e) {
      showError(e);
    }
  });
  return b;
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
      await refresh().catch(showError);
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

// The name of a person who opened an invitation with none stored: given to
// his seat and kept for the next games.
async function giveName(e) {
  e.preventDefault();
  const name = $("ask-name").value.trim();
  if (!name || !view || view.you === null) return;
  try {
    const id = gameId;
    const v = await api("POST", "/api/games/" + id + "/seat", { name }, tokenFor(view.you));
    save("carcassonne.name", name);
    askName = null;
    $("name-ask").hidden = true;
    if (id === gameId) showNewer(await asActor(id, v));
  } catch (err) { showError(err); }
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
    markLogTurn(n, true);
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
