// The board and the drawn tile: the board's picture (its squares and figures
// to click), its zoom, the drawn tile turned and placed, and the number fields
// of plugins' decisions. Loaded after api.js.
"use strict";

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
    const i = Number(c.dataset.choice);
    c.addEventListener("click", () => act(view.choices[i].text));
    // Every choice on the board says what clicking it does, and lights up
    // its button (and the button its place on the board).
    if (view && view.choices[i]) {
      let title = c.querySelector("title");
      if (!title) {
        title = document.createElementNS("http://www.w3.org/2000/svg", "title");
        c.prepend(title);
      }
      title.textContent = view.choices[i].label;
    }
    c.addEventListener("mouseenter", () => lightChoice(i, true));
    c.addEventListener("mouseleave", () => lightChoice(i, false));
  }
}

// Lights up (or not) choice `i` on the board and among the buttons: what a
// button does is seen where it happens.
function lightChoice(i, on) {
  const sel = 'g.choice[data-choice="' + i + '"], #choices button[data-index="' + i + '"]';
  for (const e of document.querySelectorAll(sel)) e.classList.toggle("lit", on);
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
