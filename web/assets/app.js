// The Carcassonne page, last of its scripts: the buttons wired, the page's
// address followed (a game's, an invitation's, or none: the setup page), and
// the browser's Back and Forward between the setup page and the games.
"use strict";

// The address fragment the page last showed or followed.
let routed = null;

// Shows `hash` in the address bar: a new entry of the browser's history when
// `push` (and the address changes), else in place of the current one.
function setAddress(hash, push) {
  const url = location.pathname + location.search + hash;
  if (push && location.hash !== hash) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
  routed = location.hash;
}

$("new-game").onclick = () => showSetup(true);
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
$("name-ask").onsubmit = giveName;
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
  // A finished game's turns, one by one.
  if (!$("viewer").hidden && e.key === "ArrowLeft") $("turn-prev").click();
  if (!$("viewer").hidden && e.key === "ArrowRight") $("turn-next").click();
});

// An address `#game=ID` (to watch) or `#game=ID&seat=N&token=T` (an
// invitation): opens that game (false: the address names no game). An
// invitation the game refuses (its seat taken from the lobby, a token cut
// short) is forgotten, and said so; the game is watched.
async function fromAddress() {
  const hash = location.hash.slice(1);
  if (!hash.includes("game")) return false;
  const h = new URLSearchParams(hash);
  const id = h.get("game");
  const seat = h.get("seat"), token = h.get("token");
  if (!id || !/^[0-9a-f]+$/.test(id) || (seat !== null && !/^[0-9]$/.test(seat))) {
    showSetup();
    showError(new Error("This link does not name a game (it may be incomplete): here are this server's games instead."));
    return true;
  }
  let stale = false;
  if (seat !== null && token) {
    const known = mySeats(id)[seat] === token;
    keepSeat(id, Number(seat), token);
    try {
      // Take the seat (with this page's name for it, or, a first time, ask
      // for one).
      const name = load("carcassonne.name", "");
      await api("POST", "/api/games/" + id + "/seat", name ? { name } : {}, token);
      if (!name && !known) askName = id;
    } catch (e) {
      if (e.status === 403) {
        dropSeat(id, Number(seat));
        stale = true;
      } else if (e.status !== 404 && e.status !== 409) {
        // 404: opening the game says it; 409: the game is over (its seats
        // stay as they were), or was read again: it is shown as it is.
        showError(e);
      }
    }
  }
  openGame(id);
  if (stale) showStale(id);
  return true;
}

(async function main() {
  try {
    setup = await api("GET", "/api/setup");
  } catch (e) { showError(e); return; }
  routed = location.hash;
  if (!(await fromAddress())) showSetup();
})();

// The address changed without the page loading again: the browser's Back or
// Forward (between the setup page and a game), or a link pasted into the
// address bar of a page of this server already open (only the part after `#`
// changes). Both events come for one change: it is followed once.
async function route() {
  if (!setup || location.hash === routed) return;
  routed = location.hash;
  if (!(await fromAddress())) showSetup();
}
window.addEventListener("popstate", route);
window.addEventListener("hashchange", route);
