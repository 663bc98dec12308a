// The onag explorer: one page, drawn from its address, asking only the JSON API under /api/.
// It computes no value, move or legality itself: every value, outcome and move shown is the
// server's answer, and every picture the library's drawing (or a line through values it sent).
"use strict";

const main = document.getElementById("main");
const busy = document.getElementById("busy");
const busyText = document.getElementById("busy-text");
const busyCancel = document.getElementById("busy-cancel");

// ---- small helpers -------------------------------------------------------------------------

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function link(href, text, attributes) {
  return el("a", Object.assign({ href, onclick: follow }, attributes || {}), text);
}

// Links within the explorer change the address and redraw, so back and forward work.
function follow(event) {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  go(event.currentTarget.getAttribute("href"));
}

function go(href, replace) {
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  render();
}

window.addEventListener("popstate", render);

function query() {
  return new URLSearchParams(location.search);
}

function address(path, parameters) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== null && value !== "" && value !== false) search.set(key, value);
  }
  const text = search.toString();
  return text ? path + "?" + text : path;
}

// A component as the JSON writes it (a number, an array of numbers, or text) in the program's
// notation, and a position's components joined by spaces, as on the command line.
function componentText(component) {
  if (Array.isArray(component)) return component.join(",");
  return String(component);
}

function positionText(position) {
  return position.map(componentText).join(" ");
}

function gamePath(view, game) {
  return "/" + view + "/" + encodeURIComponent(game).replace(/%3A/gi, ":").replace(/%2C/gi, ",");
}

function errorBox(message) {
  return el("p", { class: "error", role: "alert", text: message });
}

function outcomeWords(outcome) {
  return {
    P: "P-position: the player to move loses with best play",
    N: "N-position: the player to move wins with best play",
    D: "D-position: neither player can force a win",
  }[outcome] || outcome;
}

// ---- calling the API, with progress and cancel -----------------------------------------------

const running = new Set();

window.addEventListener("pagehide", () => {
  for (const job of running) navigator.sendBeacon("/api/cancel?job=" + job);
});

class ApiError extends Error {}

let generation = 0;

// Fetches an API route; while it runs, shows its progress and offers to cancel it. Answers the
// parsed JSON (or the text, when `asText`), or throws an ApiError with the server's message.
// A job id from the server: 128 random bits, known only to this page, which alone can then
// follow and cancel the computation it names.
async function newJob() {
  const answer = await fetch("/api/job", { method: "POST" });
  if (!answer.ok) throw new Error(answer.status + " " + answer.statusText);
  return (await answer.json()).job;
}

async function api(path, parameters, options) {
  options = options || {};
  let job = null;
  if (!options.noJob) {
    try {
      job = await newJob();
    } catch (error) {
      throw new ApiError("the server did not answer: " + error.message);
    }
    running.add(job);
  }
  const url = address(path, Object.assign({}, parameters, { job: job || undefined }));
  let timer = null;
  const started = Date.now();
  const show = (text) => {
    busy.hidden = false;
    busyText.textContent = text;
  };
  const poll = async () => {
    try {
      const answer = await fetch("/api/progress?job=" + job);
      const state = await answer.json();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      let text = "Computing… " + seconds + " s";
      const progress = state.progress;
      if (progress) {
        if (progress.total !== undefined) text += " · " + progress.kind + " " + progress.done + " of " + progress.total;
        else text += " · " + progress.done + " positions";
      }
      if (running.has(job)) show(text);
    } catch (ignored) { /* the next poll tries again */ }
  };
  if (!options.noJob) {
    timer = setTimeout(function tick() {
      poll().finally(() => { if (running.has(job)) timer = setTimeout(tick, 500); });
    }, 300);
  }
  const controller = new AbortController();
  busyCancel.onclick = () => {
    if (job) fetch("/api/cancel?job=" + job, { method: "POST" });
    controller.abort();
  };
  try {
    const answer = await fetch(url, {
      method: options.body !== undefined ? "POST" : "GET",
      body: options.body,
      signal: controller.signal,
    });
    const text = await answer.text();
    if (!answer.ok) {
      let message = text;
      try { message = JSON.parse(text).error; } catch (ignored) { /* not JSON */ }
      throw new ApiError(message || answer.status + " " + answer.statusText);
    }
    return options.asText ? text : JSON.parse(text);
  } catch (error) {
    if (error.name === "AbortError") throw new ApiError("cancelled");
    if (error instanceof ApiError) throw error;
    throw new ApiError("the server did not answer: " + error.message);
  } finally {
    if (job) running.delete(job);
    clearTimeout(timer);
    if (running.size === 0) busy.hidden = true;
  }
}

// ---- the views ----------------------------------------------------------------------------

let catalogue = null;

async function games() {
  if (!catalogue) catalogue = (await api("/api/games", {}, { noJob: true })).games;
  return catalogue;
}

// The catalogue entry of a game name such as `bash:3` (its name before the first colon).
async function entryOf(game) {
  const list = await games();
  const base = game.split(":")[0];
  return list.find((entry) => entry.name === game) || list.find((entry) => entry.name === base);
}

function exampleParts(example) {
  const at = example.indexOf(" ");
  return at < 0 ? [example, ""] : [example.slice(0, at), example.slice(at + 1)];
}

async function viewCatalogue() {
  document.title = "onag explorer";
  const list = await games();
  const rows = list.map((entry) => {
    const [game, position] = exampleParts(entry.example);
    const extra = [];
    if (entry.engine === "heaps") {
      extra.push(link(gamePath("sequence", game), "sequence"), " ", link(gamePath("quotient", game), "quotient"));
    }
    return el("tr", { "data-game": entry.name },
      el("td", {}, link(address(gamePath("game", game), { position }), entry.syntax, { class: "game-link" })),
      el("td", { class: "kind", text: entry.kind }),
      el("td", { class: "mono", text: entry.component }),
      el("td", { text: entry.rule }),
      el("td", {}, link(address(gamePath("game", game), { position }), entry.example, { class: "mono" })),
      el("td", {}, extra));
  });
  main.replaceChildren(
    el("h1", { text: "Games" }),
    el("p", { class: "note", text: "Pick a game, or open an example. Every value is exact: closed forms, proven periods, or a search of the position. In an impartial game both players have the same moves and a position's value is a nimber; in a partizan game Left and Right differ, and the value is a canonical form." }),
    el("table", { id: "catalogue" },
      el("thead", {}, el("tr", {}, ["game", "kind", "a component", "a move", "example", "research"].map((h) => el("th", { text: h })))),
      el("tbody", {}, rows)));
}

function positionForm(game, position, misere, view) {
  const input = el("input", { type: "text", name: "position", value: position, id: "position-input", "aria-label": "position", placeholder: "components, separated by spaces" });
  const box = el("input", { type: "checkbox", id: "misere-input", checked: misere });
  const form = el("form", { class: "inline", id: "position-form" },
    el("label", { for: "position-input", text: "Position" }), input,
    el("label", {}, box, " misère"),
    el("button", { type: "submit", text: view === "play" ? "Play" : "Show" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    go(address(gamePath(view, game), { position: input.value.trim(), misere: box.checked ? "1" : "" }));
  });
  return form;
}

async function viewPosition(game) {
  const parameters = query();
  const position = (parameters.get("position") || "").trim();
  const misere = parameters.get("misere") === "1";
  const entry = await entryOf(game);
  document.title = game + " " + position + " · onag explorer";
  const heading = el("h1", {}, el("span", { text: game }), " ", el("span", { class: "mono", text: position }));
  const rule = entry ? el("p", { class: "note", text: entry.rule + ". A component: " + entry.component + "." }) : null;
  const links = el("p", { class: "links" },
    link(address(gamePath("play", game), { position, misere: misere ? "1" : "" }), "Play this position against onag", { id: "play-link" }),
    entry && entry.engine === "heaps" ? link(gamePath("sequence", game), "Grundy sequence") : null,
    entry && entry.engine === "heaps" ? link(gamePath("quotient", game), "Misère quotient") : null,
    link(address("/graph", { game, position, misere: misere ? "1" : "" }), "Game graph"));
  const result = el("section", { id: "result" });
  main.replaceChildren(heading, rule, positionForm(game, position, misere, "game"), links, result);
  if (!position) {
    result.append(el("p", { class: "note", text: "Enter a position: its components separated by spaces (for example " + (entry ? exampleParts(entry.example)[1] : "10 12") + ")." }));
    return;
  }
  const mine = ++generation;
  try {
    const parameters = { game, position, misere: misere ? "1" : "" };
    const value = await api("/api/value", parameters);
    if (mine !== generation) return;
    const summary = el("dl", { class: "summary", id: "summary" });
    if (!misere) summary.append(el("dt", { text: "value" }), el("dd", { class: "value", id: "value", text: value.value !== undefined ? value.value : "unknown (past the limits; the outcome is from a closed form)" }));
    summary.append(el("dt", { text: "outcome" }), el("dd", { id: "outcome", class: "outcome-" + value.outcome, text: value.outcome + " — " + outcomeWords(value.outcome) }));
    if (value.remoteness !== undefined && value.remoteness !== null) summary.append(el("dt", { text: "remoteness" }), el("dd", { id: "remoteness", text: value.remoteness + " (moves to the end with best play)" }));
    if (value.escape_set) summary.append(el("dt", { text: "escape set" }), el("dd", { text: "{" + value.escape_set.join(", ") + "}" }));
    if (misere) summary.append(el("dt", { text: "play" }), el("dd", { text: "misère: the player who makes the last move loses" }));
    result.replaceChildren(summary);
    const moves = await api("/api/moves", parameters);
    if (mine !== generation) return;
    if (game === "chomp") {
      const status = el("p", { class: "note", id: "board-status", text: "Click a square to bite there (it and every square below and right of it go)." });
      result.append(chompBoards(value.position, moves.moves, (move) => go(address(gamePath("game", game), { position: positionText(move.position), misere: misere ? "1" : "" })), status), status);
    } else if (rowsOf(game.split(":")[0], String(value.position[0]))) {
      // A board (Cram): a click on the cells of a move makes it.
      const status = el("p", { class: "note", id: "board-status", text: "Click the cells of a move to make it." });
      const components = value.position.map(String);
      result.append(clickableBoards(game.split(":")[0], components, moves.moves, (move) => go(address(gamePath("game", game), { position: positionText(move.position), misere: misere ? "1" : "" })), status), status);
    }
    result.append(el("h2", { text: "Moves (" + moves.moves.length + (moves.moves_truncated ? "+" : "") + ")" }), movesList(game, moves, misere));
    if (moves.moves_truncated) result.append(el("p", { class: "note", text: "More moves exist than are listed." }));
    if (entry && entry.engine === "loopy") {
      const svg = await api("/api/graph", { game, position, format: "svg", misere: misere ? "1" : "" }, { asText: true });
      if (mine !== generation) return;
      result.append(el("h2", { text: "Game graph" }), svgBox(svg));
    }
  } catch (error) {
    if (mine === generation) result.replaceChildren(errorBox(error.message));
  }
}

function movesList(game, moves, misere) {
  if (moves.moves.length === 0) {
    return el("p", { id: "no-moves", text: misere ? "No moves: under misère play the player to move has won." : "No moves: the player to move has lost." });
  }
  return el("div", {}, movesLegend(), el("ul", { class: "moves", id: "moves" }, moves.moves.map((move) => {
    const next = positionText(move.position);
    const target = next ? address(gamePath("game", game), { position: next, misere: misere ? "1" : "" }) : null;
    const description = target ? link(target, move.description, { class: "move" }) : el("span", { class: "move", text: move.description + " (nothing is left)" });
    return el("li", { class: move.outcome, "data-winning": move.winning ? "1" : "0", "data-outcome": move.outcome },
      description,
      el("span", { class: "mono", text: "leaves " + (next || "nothing") }),
      el("span", { text: move.value !== undefined ? "value " + move.value : move.outcome }),
      move.winning ? el("span", { class: "tag win", text: "wins" }) : null,
      move.outcome === "D" && moves.outcome === "D" ? el("span", { class: "tag draw", text: "keeps the draw" }) : null);
  })));
}

// What the colours of a list of moves mean.
function movesLegend() {
  const swatch = (outcome) => el("span", { class: "swatch " + outcome, "aria-hidden": "true" });
  return el("p", { class: "legend note", id: "moves-legend" },
    swatch("P"), " leaves a P-position (a winning move) ",
    swatch("N"), " leaves an N-position (the opponent wins) ",
    swatch("D"), " leaves a draw");
}

function svgBox(text) {
  const box = el("div", { class: "svgbox" });
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = parsed.documentElement;
  if (svg && svg.nodeName === "svg") box.append(document.importNode(svg, true));
  return box;
}

// ---- play ---------------------------------------------------------------------------------

let game_state = null;

async function viewPlay(game) {
  const parameters = query();
  const start = (parameters.get("position") || "").trim();
  const misere = parameters.get("misere") === "1";
  const first = parameters.get("first") === "onag" ? "onag" : "me";
  document.title = "Play " + game + " · onag explorer";
  const choose = el("p", { class: "links" }, "Who moves first: ",
    link(address(gamePath("play", game), { position: start, misere: misere ? "1" : "", first: "me" }), "you", { id: "first-me" }),
    link(address(gamePath("play", game), { position: start, misere: misere ? "1" : "", first: "onag" }), "onag", { id: "first-onag" }));
  const board = el("section", { id: "play" });
  main.replaceChildren(el("h1", { text: "Play " + game + (misere ? " (misère)" : "") }), positionForm(game, start, misere, "play"), choose, board);
  if (!start) return;
  game_state = { game, misere, turns: [], board, finished: false, waiting: first === "onag" };
  await playTurn(start, first === "onag");
}

// A turn: the position, whose move it is, and its value (as the server gives it).
async function playTurn(position, onagToMove) {
  const state = game_state;
  const parameters = { game: state.game, position, misere: state.misere ? "1" : "" };
  let value = null;
  let moves = { moves: [] };
  try {
    if (position) {
      value = await api("/api/value", parameters);
      moves = await api("/api/moves", parameters);
    }
  } catch (error) {
    if (state !== game_state) return;
    state.waiting = false;
    state.board.append(errorBox(error.message));
    return;
  }
  if (state !== game_state) return;
  // The heaps in the page's order: the position as it was asked (the page sends its order).
  let display = value && isHeapPosition(value.position) ? position.split(/\s+/).filter(Boolean).map(Number) : null;
  if (display && (without(display, value.position).length > 0 || without(value.position, display).length > 0)) display = [...value.position];
  state.turns.push({ position, onagToMove, value, moves, display });
  if (moves.moves.length === 0) {
    state.finished = true;
    state.waiting = false;
    drawPlay();
    return;
  }
  if (onagToMove) {
    // onag moves as `onag play` does: the first winning move the library lists, else one that
    // keeps a draw, else the first move.
    const winning = value.winning_moves || [];
    const drawing = value.drawing_moves || [];
    let next = null;
    let said = null;
    if (winning.length > 0) { next = winning[0]; said = value.winning_moves_described[0]; }
    else if (drawing.length > 0) { next = drawing[0]; said = value.drawing_moves_described[0]; }
    else { next = moves.moves[0].position; said = moves.moves[0].description; }
    state.turns[state.turns.length - 1].said = inPagesOrder(said, value.position, display);
    state.waiting = true;
    drawPlay();
    const kept = display ? restack(display, heapMove(value.position, next)) : null;
    await playTurn(kept ? kept.join(" ") : positionText(next), false);
    return;
  }
  state.waiting = false;
  drawPlay();
}

function drawPlay() {
  const state = game_state;
  const turn = state.turns[state.turns.length - 1];
  const parts = [];
  parts.push(el("p", { class: "mono", id: "current" }, "position: ", turn.position || "nothing left"));
  if (state.waiting) {
    // Between the player's move and onag's reply there is no move to offer and nothing to
    // undo: a click now would be a move made for onag.
    parts.push(el("p", { id: "to-move", text: "onag is moving…" }));
  } else if (state.finished) {
    // The player to move has no move: in normal play that player has lost, in misère play won.
    const moverWins = state.misere;
    const onagWins = turn.onagToMove === moverWins;
    parts.push(el("p", { class: "banner", id: "result", text: (onagWins ? "onag wins" : "You win") + ": " + (turn.onagToMove ? "onag" : "you") + " cannot move" + (state.misere ? " (misère play: the last mover loses)" : "") + "." }));
  } else {
    parts.push(el("p", { id: "to-move", text: "Your move. " + (turn.value && turn.value.value !== undefined ? "Value " + turn.value.value + ", " : "") + outcomeWords(turn.value.outcome) + "." }));
    const hint = el("p", { id: "hint", class: "note" });
    parts.push(el("p", {},
      el("button", { type: "button", class: "plain", id: "hint-button", onclick: () => {
        const winning = turn.value.winning_moves_described || [];
        hint.textContent = winning.length > 0 ? "Hint: " + winning[0] : "No move wins: every move leaves onag a winning reply (if it finds it).";
      } }, "Hint"), " ",
      el("button", { type: "button", class: "plain", id: "undo-button", disabled: myTurns(state) < 2, onclick: undo }, "Undo")));
    parts.push(hint);
    if (turn.value && state.game === "chomp") {
      const status = el("p", { class: "note", id: "board-status", text: "Click a square to bite there, or pick the move below." });
      parts.push(chompBoards(turn.value.position, turn.moves.moves, (move) => playerMoves(move), status), status);
    } else if (turn.value && isHeapPosition(turn.value.position)) {
      const status = el("p", { class: "note", id: "board-status", text: "Click the counters to take (the first of them for a take from the end), or pick the move below." });
      parts.push(heapCounters(turn.display, turn.value.position, turn.moves.moves, (move, display) => playerMoves(move, display), status), status);
    }
    parts.push(el("ul", { class: "moves", id: "play-moves" }, turn.moves.moves.map((move) =>
      el("li", { class: "neutral" }, el("button", { type: "button", class: "plain play-move", onclick: () => playerMoves(move) }, inPagesOrder(move.description, turn.value.position, turn.display))))));
  }
  parts.push(el("h2", { text: "The game so far" }), historyLog(state), valueChart(state));
  state.board.replaceChildren(...parts);
}

// ---- Chomp drawn as its board ---------------------------------------------------------------
// A component is written RxC, as one number (a single row) or as row lengths; its moves are
// named "bite at row R, column C", so a click on a square picks the move that bites there.

function chompRows(component) {
  if (Array.isArray(component)) return component.map(Number);
  if (typeof component === "number") return [component];
  const whole = /^(\d+)x(\d+)$/.exec(String(component));
  if (whole) return Array.from({ length: Number(whole[1]) }, () => Number(whole[2]));
  return String(component).split(",").map(Number);
}

function chompBoards(components, moves, play, status) {
  return el("div", { class: "boards", id: "boards" }, components.map((component, index) => {
    const rows = chompRows(component);
    if (rows.some((n) => !(n >= 0)) || rows.reduce((a, b) => a + b, 0) > 400) return el("span", { class: "mono component", text: componentText(component) });
    return el("table", { class: "board partizan-board chomp", "data-component": index }, rows.map((length, r) =>
      el("tr", {}, Array.from({ length }, (_, c) => el("td", {
        class: "cell " + (r === 0 && c === 0 ? "cell-filled poison" : "cell-empty"),
        "data-row": r, "data-column": c,
        title: r === 0 && c === 0 ? "the poisoned square" : "bite here",
        onclick: play ? () => {
          const move = moves.find((m) => m.component - 1 === index && m.description === "bite at row " + (r + 1) + ", column " + (c + 1));
          if (move) play(move);
          else status.textContent = "No bite there: the poisoned corner is never eaten by choice.";
        } : null,
      })))));
  }));
}

// ---- heaps drawn as counters ------------------------------------------------------------
// A heap game's position is drawn as rows of counters, each heap kept in its place while the
// game goes on (the server writes positions sorted; the page keeps its own order, and puts
// the parts a move leaves where the heap was). A move is picked from the server's list by
// the counters it takes: a move that leaves parts (a) of a heap of h takes counters a+1..h,
// parts (a, b) counters a+1..h-b (Kayles' pins from the middle), no part all of them.

// The multiset difference a - b of two lists of numbers.
function without(a, b) {
  const left = [...b];
  const out = [];
  for (const x of a) {
    const at = left.indexOf(x);
    if (at >= 0) left.splice(at, 1); else out.push(x);
  }
  return out;
}

// What a move from `before` to `after` (lists of heaps) did: the heap moved on and the parts
// left, or null when it is not one heap replaced by parts.
function heapMove(before, after) {
  const removed = without(before, after);
  if (removed.length !== 1) return null;
  return { heap: removed[0], parts: without(after, before) };
}

// The ways a move can be read as counters taken from its heap: each a range [from, to]
// (1-based) with the parts in the order they stand, the part before the range first.
function takenCounters(move) {
  const { heap, parts } = move;
  if (parts.length === 0) return [{ range: [1, heap], parts }];
  if (parts.length === 1 && parts[0] < heap) return [{ range: [parts[0] + 1, heap], parts }];
  if (parts.length === 2 && parts[0] + parts[1] < heap) {
    const [a, b] = parts;
    const ways = [{ range: [a + 1, heap - b], parts: [a, b] }];
    if (a !== b) ways.push({ range: [b + 1, heap - a], parts: [b, a] });
    return ways;
  }
  return [];
}

// The heaps in the page's order after a move: the heap's first place holds its parts.
function restack(display, move) {
  if (!move) return null;
  const at = display.indexOf(move.heap);
  if (at < 0) return null;
  return [...display.slice(0, at), ...move.parts, ...display.slice(at + 1)];
}

// A move's words ("heap 2: 5 -> 3", numbered in the server's sorted order) with the heap
// numbered as the page draws it.
function inPagesOrder(description, position, display) {
  if (!display) return description;
  return description.replace(/^heap (\d+):/, (whole, number) => {
    const at = display.indexOf(position[Number(number) - 1]);
    return at < 0 ? whole : "heap " + (at + 1) + ":";
  });
}

function isHeapPosition(position) {
  return Array.isArray(position) && position.length > 0 && position.every((x) => typeof x === "number");
}

// The counters of `display`, clickable: counters clicked in one heap are kept until they
// name one move of `moves` (the server's list from `position`), which `play` then makes.
function heapCounters(display, position, moves, play, status) {
  let heapAt = null;
  let picked = new Set();
  const holder = el("div", { class: "heaps", id: "heaps" });
  // The moves that take every counter picked, each read one way (its parts ordered).
  const candidates = () => moves.flatMap((move) => {
    const done = heapMove(position, move.position);
    if (!done || done.heap !== display[heapAt]) return [];
    return takenCounters(done)
      .filter(({ range }) => [...picked].every((k) => range[0] <= k && k <= range[1]))
      .map((way) => ({ move, done: { heap: done.heap, parts: way.parts }, taken: way.range }));
  });
  const draw = () => holder.replaceChildren(...display.map((size, index) => el("div", { class: "heap", "data-heap": index + 1 },
    el("span", { class: "heap-label", text: "heap " + (index + 1) + " (" + size + ")" }),
    size > 60 ? el("span", { class: "note", text: " too many counters to draw: pick its move below" })
      : el("span", { class: "counters" }, Array.from({ length: size }, (_, k) => el("button", {
        type: "button", class: "counter" + (heapAt === index && picked.has(k + 1) ? " selected" : ""),
        "data-heap": index + 1, "data-counter": k + 1, "aria-label": "heap " + (index + 1) + " counter " + (k + 1),
        onclick: () => click(index, k + 1),
      }, "●"))))));
  const click = (index, k) => {
    if (heapAt !== index) { heapAt = index; picked = new Set(); }
    if (picked.has(k)) picked.delete(k); else picked.add(k);
    const found = candidates();
    const low = Math.min(...picked), high = Math.max(...picked);
    const exact = found.filter(({ taken }) => taken[0] === low && taken[1] === high);
    const fromLow = found.filter(({ taken }) => taken[0] === low);
    // One move takes them all; or, of two counters or more, one takes exactly those from the
    // first picked to the last; or, where every move takes from the end of the heap (Nim), the
    // one that takes from the counter clicked on.
    const fromEnd = found.every(({ taken }) => taken[1] === display[heapAt]);
    const chosen = found.length === 1 ? found[0]
      : picked.size >= 2 && exact.length === 1 ? exact[0]
        : picked.size === 1 && fromEnd && fromLow.length === 1 ? fromLow[0] : null;
    if (chosen && picked.size > 0) { play(chosen.move, restack(display, chosen.done)); return; }
    if (found.length === 0) {
      status.replaceChildren("No move takes those counters: click the counters a move takes.");
      picked = new Set();
    } else {
      status.replaceChildren(found.length + " moves take these counters: ", ...found.map(({ move, done }) =>
        el("button", { type: "button", class: "plain pick-move", onclick: () => play(move, restack(display, done)) }, inPagesOrder(move.description, position, display))), " (or click more counters).");
    }
    draw();
  };
  draw();
  return holder;
}

function myTurns(state) {
  return state.turns.filter((turn) => !turn.onagToMove).length;
}

async function playerMoves(move, display) {
  const state = game_state;
  const turn = state.turns[state.turns.length - 1];
  if (state.waiting || state.finished || turn.onagToMove) return;
  turn.said = turn.value ? inPagesOrder(move.description, turn.value.position, turn.display) : move.description;
  state.waiting = true;
  drawPlay();
  // The heaps keep their places: the position is sent in the page's order.
  const next = display || (turn.value && isHeapPosition(turn.value.position) ? restack(turn.display, heapMove(turn.value.position, move.position)) : null);
  await playTurn(next ? next.join(" ") : positionText(move.position), true);
}

// Takes back the player's last turn (and onag's reply to it).
function undo() {
  const state = game_state;
  if (state.waiting) return;
  state.finished = false;
  state.turns.pop();
  while (state.turns.length > 0 && state.turns[state.turns.length - 1].onagToMove) state.turns.pop();
  if (state.turns.length === 0) return;
  state.turns[state.turns.length - 1].said = undefined;
  drawPlay();
}

function historyLog(state) {
  return el("ol", { class: "log", id: "history" }, state.turns.filter((turn) => turn.said).map((turn) =>
    el("li", { text: (turn.onagToMove ? "onag: " : "you: ") + turn.said })));
}

// The value of each position of the game as it was played (the server's values), drawn as a
// line: a P-position is 0.
function valueChart(state) {
  const points = state.turns.map((turn, index) => [index, turn.value && typeof turn.value.grundy === "number" ? turn.value.grundy : null]);
  const known = points.filter(([, value]) => value !== null);
  const top = Math.max(1, ...known.map(([, value]) => value));
  const width = 600, height = 160, left = 40, bottom = 24, upper = 12;
  const x = (index) => left + (width - left - 10) * index / Math.max(1, points.length - 1);
  const y = (value) => upper + (height - upper - bottom) * (1 - value / top);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 " + width + " " + height);
  svg.setAttribute("id", "value-history");
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  const add = (tag, attributes, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
  };
  add("line", { x1: left, y1: y(0), x2: width - 10, y2: y(0), stroke: "#999" });
  add("text", { x: left - 6, y: y(0) + 4, "text-anchor": "end", "font-size": 11 }, "0");
  add("text", { x: left - 6, y: y(top) + 4, "text-anchor": "end", "font-size": 11 }, String(top));
  if (state.misere) add("text", { x: left, y: height - 6, "font-size": 11 }, "misère play: outcomes only");
  add("polyline", { points: known.map(([index, value]) => x(index) + "," + y(value)).join(" "), fill: "none", stroke: "#236", "stroke-width": 2 });
  for (const [index, value] of known) add("circle", { cx: x(index), cy: y(value), r: 3.5, fill: value === 0 ? "#1a7f37" : "#b42318", "data-value": value });
  const dot = (colour) => el("span", { class: "swatch dot", style: "background:" + colour, "aria-hidden": "true" });
  return el("div", { class: "svgbox" },
    el("p", { class: "legend note", id: "value-legend" }, "Value after each move: ", dot("#1a7f37"), " 0, a P-position ", dot("#b42318"), " not 0, an N-position"),
    svg);
}

// ---- sequences and quotients ----------------------------------------------------------------

async function viewSequence(game) {
  const parameters = query();
  const to = parameters.get("to") || "1000";
  const from = parameters.get("from") || "";
  const upto = parameters.get("upto") || "";
  document.title = game + " sequence · onag explorer";
  const toInput = el("input", { type: "number", min: 1, value: to, id: "to-input", "aria-label": "last heap" });
  const fromInput = el("input", { type: "number", min: 0, value: from, placeholder: "0", "aria-label": "zoom from", id: "from-input" });
  const uptoInput = el("input", { type: "number", min: 0, value: upto, placeholder: to, "aria-label": "zoom to", id: "upto-input" });
  const form = el("form", { class: "inline" }, "G(n) for n up to ", toInput, " zoom to heaps ", fromInput, " – ", uptoInput, el("button", { type: "submit", text: "Show" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    go(address(gamePath("sequence", game), { to: toInput.value, from: fromInput.value, upto: uptoInput.value }));
  });
  const result = el("section", { id: "result" });
  main.replaceChildren(el("h1", { text: "Grundy sequence of " + game }), form, result);
  const mine = ++generation;
  try {
    const sequence = await api("/api/sequence", { game, to });
    if (mine !== generation) return;
    const period = sequence.period;
    const summary = el("dl", { class: "summary", id: "summary" },
      el("dt", { text: "period" }), el("dd", { id: "period", text: period ? "preperiod " + period.preperiod + ", period " + period.period + (period.saltus ? ", saltus " + period.saltus : "") + (period.proven ? " (proven)" : " (observed, not proven)") : "none found up to " + to }),
      el("dt", { text: "largest" }), el("dd", { text: sequence.largest === null ? "-" : sequence.largest + " (first at heap " + sequence.largest_at + ")" }),
      el("dt", { text: "rare values" }), el("dd", { text: sequence.rare_mask === null ? "-" : sequence.rare_count + " heaps (mask " + sequence.rare_mask + (sequence.rare_by === "position" ? ", by position" : "") + "), the last at " + (sequence.last_rare === null ? "none" : sequence.last_rare) }));
    result.replaceChildren(summary);
    const plot = await api("/api/plot", { game, to, from, upto }, { asText: true });
    if (mine !== generation) return;
    result.append(el("h2", { text: "Plot (rare values in red)" }), svgBox(plot));
    // The table in rows of the period (or of 20 when none), as far as 3000 values.
    const width = period && period.period >= 2 && period.period <= 60 ? period.period : 20;
    const values = sequence.values.slice(0, 3000);
    const rows = [];
    for (let start = 0; start < values.length; start += width) {
      rows.push(el("tr", {}, el("td", { class: "n", text: start + ":" }), values.slice(start, start + width).map((value) => el("td", { text: value }))));
    }
    result.append(el("h2", { text: "Values, in rows of " + width + (values.length < sequence.values.length ? " (the first 3000)" : "") }), el("div", { class: "svgbox" }, el("table", { class: "sequence", id: "values" }, el("tbody", {}, rows))));
  } catch (error) {
    if (mine === generation) result.replaceChildren(errorBox(error.message));
  }
}

async function viewQuotient(game) {
  const to = query().get("to") || "300";
  document.title = game + " misère quotient · onag explorer";
  const input = el("input", { type: "number", min: 1, value: to, "aria-label": "last heap" });
  const form = el("form", { class: "inline" }, "Heaps up to ", input, el("button", { type: "submit", text: "Compute" }));
  form.addEventListener("submit", (event) => { event.preventDefault(); go(address(gamePath("quotient", game), { to: input.value })); });
  const result = el("section", { id: "result" });
  main.replaceChildren(el("h1", { text: "Misère quotient of " + game }), form, result);
  const mine = ++generation;
  try {
    const q = await api("/api/quotient", { game, to });
    if (mine !== generation) return;
    const generators = q.generators.map((g) => g.name + " = heap " + g.heap).join(", ");
    const phi = [];
    for (let start = 0; start < q.phi.length; start += 12) {
      phi.push(el("tr", {}, el("td", { class: "n", text: start + ":" }), q.phi.slice(start, start + 12).map((word) => el("td", { text: word }))));
    }
    result.replaceChildren(el("dl", { class: "summary", id: "summary" },
      el("dt", { text: "order" }), el("dd", { id: "order", text: q.order }),
      el("dt", { text: "generators" }), el("dd", { class: "mono", text: generators || "none" }),
      el("dt", { text: "relations" }), el("dd", { class: "mono", id: "relations", text: q.relations.join(", ") || "none" }),
      el("dt", { text: "P-portion" }), el("dd", { class: "mono", id: "p-portion", text: "{" + q.p_portion.join(", ") + "}" }),
      el("dt", { text: "period of Φ" }), el("dd", { text: q.period === null ? "none found" : "Φ(n + " + q.period + ") = Φ(n) from heap " + q.preperiod }),
      el("dt", { text: "status" }), el("dd", { id: "status", text: q.certified ? "certified for every heap" : "partial: the quotient of heaps 0 to " + q.heap_reached + (q.stopped ? " (" + q.stopped + ")" : "") })),
      el("h2", { id: "phi-heading", text: "Φ: the element of each heap, 0 to " + (q.phi.length - 1) }),
      q.phi.length - 1 < Number(to) && q.period !== null
        ? el("p", { class: "note", id: "phi-note", text: "Φ repeats from heap " + q.preperiod + " with period " + q.period + ", so these heaps give Φ of every heap up to " + to + " and beyond." })
        : null,
      el("div", { class: "svgbox" }, el("table", { class: "sequence" }, el("tbody", {}, phi))));
  } catch (error) {
    if (mine === generation) result.replaceChildren(errorBox(error.message));
  }
}

// ---- graphs: a game's, or one uploaded ------------------------------------------------------

async function viewGraph() {
  const parameters = query();
  const game = parameters.get("game");
  const position = parameters.get("position") || "";
  const misere = parameters.get("misere") === "1" ? "1" : "";
  document.title = "Graph · onag explorer";
  const result = el("section", { id: "result" });
  if (game) {
    main.replaceChildren(el("h1", {}, "Game graph of ", el("span", { class: "mono", text: game + " " + position })), result);
    const mine = ++generation;
    try {
      const svg = await api("/api/graph", { game, position, format: "svg", misere }, { asText: true });
      const graph = await api("/api/graph", { game, position, misere });
      if (mine === generation) result.replaceChildren(svgBox(svg), graphNodes(graph));
    } catch (error) {
      if (mine === generation) result.replaceChildren(errorBox(error.message));
    }
    return;
  }
  const file = el("input", { type: "file", id: "graph-file", accept: ".dot,.gv,.json,.txt" });
  const text = el("textarea", { id: "graph-text", rows: 6, cols: 60, placeholder: "digraph { a -> b; b -> a; b -> c }" });
  const vertices = el("input", { type: "text", id: "graph-vertices", placeholder: "tokens on vertices (none: every vertex)" });
  const form = el("form", { id: "graph-form" },
    el("p", { class: "note", text: "A directed graph: DOT, JSON ({\"edges\": [[\"a\", \"b\"]]}) or an edge list (a b on each line). A move takes a token along an edge; cycles are allowed, so values may be ∞ with an escape set, and outcomes draws." }),
    el("p", {}, file), el("p", {}, text), el("p", {}, vertices, " ", el("button", { type: "submit", text: "Analyse" })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = file.files.length > 0 ? await file.files[0].text() : text.value;
    const mine = ++generation;
    try {
      const values = await api("/api/value", { vertices: vertices.value.trim() }, { body });
      const svg = await api("/api/graph", { format: "svg" }, { body, asText: true });
      if (mine !== generation) return;
      result.replaceChildren(graphValues(values), svgBox(svg));
    } catch (error) {
      if (mine === generation) result.replaceChildren(errorBox(error.message));
    }
  });
  main.replaceChildren(el("h1", { text: "A game on a graph of your own" }), form, result);
}

// Every position of a game's graph with its value (an infinite one written with its escape
// set, ∞{0,2}), draws marked.
function graphNodes(graph) {
  // A partizan game's graph gives each position's canonical form instead of a value.
  const partizan = graph.nodes.some((node) => node.form !== undefined);
  return el("table", { id: "graph-nodes" },
    el("thead", {}, el("tr", {}, ["position", partizan ? "form" : graph.play === "misere" ? "misère value" : "value", "outcome"].map((h) => el("th", { text: h })))),
    el("tbody", {}, graph.nodes.map((node) => el("tr", { class: "outcome-" + node.outcome },
      el("td", { class: "mono", text: positionText(node.position) || "nothing" }),
      el("td", { text: partizan ? node.form : node.value !== undefined ? node.value : "-" }),
      el("td", { text: node.outcome === "D" ? "D (draw)" : node.outcome })))));
}

function graphValues(values) {
  if (!values.vertices) {
    return el("dl", { class: "summary", id: "summary" },
      el("dt", { text: "value" }), el("dd", { class: "value", id: "value", text: values.value }),
      el("dt", { text: "outcome" }), el("dd", { id: "outcome", class: "outcome-" + values.outcome, text: values.outcome + " — " + outcomeWords(values.outcome) }));
  }
  return el("table", { id: "vertex-values" },
    el("thead", {}, el("tr", {}, ["vertex", "value", "outcome", "remoteness"].map((h) => el("th", { text: h })))),
    el("tbody", {}, values.vertices.map((row) => el("tr", { class: "outcome-" + row.outcome },
      el("td", { class: "mono", text: row.vertex }),
      el("td", { text: row.value }),
      el("td", { text: row.outcome === "D" ? "D (draw)" : row.outcome }),
      el("td", { text: row.remoteness === null || row.remoteness === undefined ? "-" : row.remoteness })))));
}

// ---- nimbers -------------------------------------------------------------------------------

async function viewNimber() {
  const expression = query().get("expression") || "";
  document.title = "Nimbers · onag explorer";
  const input = el("input", { type: "text", value: expression, id: "nimber-input", "aria-label": "expression", placeholder: "sqrt(13) + inv(7)" });
  const form = el("form", { class: "inline" }, input, el("button", { type: "submit", text: "Evaluate" }));
  form.addEventListener("submit", (event) => { event.preventDefault(); go(address("/nimber", { expression: input.value })); });
  const result = el("section", { id: "result" });
  main.replaceChildren(el("h1", { text: "The nimber field" }),
    el("p", { class: "note", id: "nimber-help", text: "+ is the nim-sum, * and / the nim product and quotient, a ^ n the nim power (a nim-multiplied by itself n times, n an ordinary whole number: 2 ^ 2 is 3; ^ is not xor), sqrt(…) and inv(…); numbers below 2^4096, in decimal or 0x hexadecimal, or as nimbers (*5)." }),
    form, result);
  if (!expression) return;
  try {
    const answer = await api("/api/nimber", { expression }, { noJob: true });
    result.replaceChildren(el("dl", { class: "summary" },
      el("dt", { text: "value" }), el("dd", { class: "value mono", id: "nimber-value", text: answer.value }),
      el("dt", { text: "field" }), el("dd", { text: "nimbers below 2^" + answer.field_bits })));
  } catch (error) {
    result.replaceChildren(errorBox(error.message));
  }
}

// ---- partizan games -----------------------------------------------------------------------
// Left and Right have different moves; a position's value is its canonical form. The page
// draws boards from the written position and lets a click pick among the moves the server
// listed (a move is the one whose board differs from this one at every clicked cell); it
// judges no move itself.

const GRID_GAMES = new Set(["domineering", "clobber", "konane", "amazons", "toads-and-frogs", "cram"]);

function isPartizan(entry) {
  return Boolean(entry && entry.kind === "partizan");
}

function sideName(left) {
  return left ? "Left" : "Right";
}

function partizanOutcomeWords(outcome) {
  return {
    L: "Left wins, whoever starts",
    R: "Right wins, whoever starts",
    N: "the player to move wins",
    P: "the player to move loses",
  }[outcome] || outcome;
}

// A written component as rows of cells, for the games drawn as boards; null for the others.
function rowsOf(game, component) {
  if (!GRID_GAMES.has(game) || typeof component !== "string" || component === "0") return null;
  const whole = /^(\d+)x(\d+)$/.exec(component);
  if (whole) {
    // A whole board, RxC: every cell free (at most a screenful is drawn).
    const [rows, columns] = [Number(whole[1]), Number(whole[2])];
    if (rows * columns > 400) return null;
    return Array.from({ length: rows }, () => Array.from({ length: columns }, () => "."));
  }
  return component.split("/").map((row) => Array.from(row));
}

// The cells where two written components differ, as "r,c" keys (same shape only).
function changedCells(game, before, after) {
  const a = rowsOf(game, before), b = rowsOf(game, after);
  const changed = new Set();
  if (!a || !b || a.length !== b.length) return changed;
  a.forEach((row, r) => row.forEach((cell, c) => { if (b[r] && b[r][c] !== cell) changed.add(r + "," + c); }));
  return changed;
}

// The boards of a position, one a component, whose cells call `onCell(component, r, c)`.
function partizanBoards(game, components, selected, onCell) {
  const boards = components.map((component, index) => {
    const rows = rowsOf(game, component);
    if (!rows) return el("span", { class: "mono component", text: component });
    const table = el("table", { class: "board partizan-board", "data-component": index });
    rows.forEach((row, r) => {
      table.append(el("tr", {}, row.map((cell, c) => {
        const key = index + ":" + r + "," + c;
        return el("td", {
          class: "cell cell-" + ({ ".": "empty", "#": "filled", x: "left", o: "right", t: "left", f: "right" }[cell] || "other") + (selected.has(key) ? " selected" : ""),
          "data-row": r, "data-column": c, "data-cell": cell,
          onclick: onCell ? () => onCell(index, r, c) : null,
        }, cell === "x" || cell === "t" ? "●" : cell === "o" || cell === "f" ? "○" : "");
      })));
    });
    return table;
  });
  return el("div", { class: "boards", id: "boards" }, boards);
}

// The moves of `side` (the server's list) that change component `index` at every cell of
// `cells` (a set of "r,c").
function movesThrough(game, components, moves, index, cells) {
  return moves.filter((move) => {
    // The JSON counts components from 1.
    if (move.component - 1 !== index) return false;
    const changed = changedCells(game, components[index], move.position[index]);
    for (const cell of cells) if (!changed.has(cell)) return false;
    return true;
  });
}

// A click-to-move board: cells clicked are kept until they name one move of `moves`, which is
// then played by `play(move)`.
function clickableBoards(game, components, moves, play, status) {
  let selected = new Set();
  let component = null;
  const holder = el("div", {});
  const draw = () => holder.replaceChildren(partizanBoards(game, components, new Set([...selected].map((cell) => component + ":" + cell)), onCell));
  const onCell = (index, r, c) => {
    if (component !== index) { selected = new Set(); component = index; }
    const key = r + "," + c;
    if (selected.has(key)) selected.delete(key); else selected.add(key);
    const candidates = movesThrough(game, components, moves, index, selected);
    if (candidates.length === 1 && selected.size > 0) {
      play(candidates[0]);
      return;
    }
    if (candidates.length === 0) {
      status.textContent = "No move there: pick the cells of one move (a domino's two cells, a stone and where it goes).";
      selected = new Set();
    } else {
      status.textContent = candidates.length + " moves use these cells: " + candidates.map((move) => move.description).join("; ") + ". Click another of the cells of the one you want.";
    }
    draw();
  };
  draw();
  return holder;
}

// Games drawn as pictures by the server (`onag draw`): Hackenbush, whose moves name the edge
// they cut ("cut edge 3 ..."), numbered as the drawing's `data-edge`.
const PICTURE_GAMES = new Set(["hackenbush"]);

// The drawn position, in `holder`, each edge a click that plays the move cutting it (one of
// `moves`, the server's list for the side to move); no clicks when `play` is null.
function pictureBoards(game, components, moves, play, status) {
  const holder = el("div", { class: "boards", id: "boards" }, el("p", { class: "note", text: "Drawing…" }));
  api("/api/draw", { game, position: components.join(" ") }, { asText: true, noJob: true }).then((svg) => {
    const box = svgBox(svg);
    box.id = "picture";
    if (play) {
      box.querySelectorAll("path.edge").forEach((path) => {
        path.style.cursor = "pointer";
        path.addEventListener("click", () => {
          const component = Number(path.getAttribute("data-component"));
          const edge = Number(path.getAttribute("data-edge"));
          const move = moves.find((candidate) => candidate.component - 1 === component && candidate.description.startsWith("cut edge " + edge + " "));
          if (move) play(move);
          else status.textContent = "Edge " + edge + " is not yours to cut: Left cuts blue and green edges, Right red and green.";
        });
      });
    }
    holder.replaceChildren(box);
  }).catch((error) => holder.replaceChildren(errorBox(error.message)));
  return holder;
}

// The position to click: a picture or a board.
function positionBoards(game, components, moves, play, status) {
  if (PICTURE_GAMES.has(game)) return pictureBoards(game, components, moves, play, status);
  if (!play) return partizanBoards(game, components, new Set(), null);
  return clickableBoards(game, components, moves, play, status);
}

function partizanMovesList(game, moves, left, winningOnly) {
  const list = left ? moves.left_moves : moves.right_moves;
  if (list.length === 0) return el("p", { class: "note", id: (left ? "left" : "right") + "-no-moves", text: sideName(left) + " has no move." });
  return el("ul", { class: "moves", id: (left ? "left" : "right") + "-moves" }, list.filter((move) => !winningOnly || move.winning).map((move) => {
    const next = move.position.join(" ");
    return el("li", { class: move.winning ? "P" : "N", "data-winning": move.winning ? "1" : "0" },
      link(address(gamePath("game", game), { position: next }), move.description, { class: "move" }),
      el("span", { class: "mono", text: "leaves " + next }),
      el("span", { text: "form " + move.form }),
      move.winning ? el("span", { class: "tag win", text: sideName(left) + " wins" }) : null);
  }));
}

async function viewPartizan(game, entry) {
  const position = (query().get("position") || "").trim();
  const moving = query().get("side") === "right" ? "right" : "left";
  document.title = game + " " + position + " · onag explorer";
  const heading = el("h1", {}, el("span", { text: game }), " ", el("span", { class: "mono", text: position }));
  const rule = el("p", { class: "note", text: entry.rule + ". A component: " + entry.component + "." });
  const input = el("input", { type: "text", name: "position", value: position, id: "position-input", "aria-label": "position" });
  const form = el("form", { class: "inline", id: "position-form" }, el("label", { for: "position-input", text: "Position" }), input, el("button", { type: "submit", text: "Show" }));
  form.addEventListener("submit", (event) => { event.preventDefault(); go(address(gamePath("game", game), { position: input.value.trim() })); });
  const links = el("p", { class: "links" },
    link(address(gamePath("play", game), { position, side: "left" }), "Play as Left against onag", { id: "play-left" }),
    link(address(gamePath("play", game), { position, side: "right" }), "Play as Right against onag", { id: "play-right" }),
    link(address("/graph", { game, position }), "Game graph", { id: "graph-link" }));
  const result = el("section", { id: "result" });
  main.replaceChildren(heading, rule, form, links, result);
  if (!position) return;
  const mine = ++generation;
  try {
    const parameters = { game, position };
    const value = await api("/api/value", parameters);
    const moves = await api("/api/moves", parameters);
    if (mine !== generation) return;
    const summary = el("dl", { class: "summary", id: "summary" },
      el("dt", { text: "form" }), el("dd", { class: "value mono", id: "form", text: value.form }),
      el("dt", { text: "outcome" }), el("dd", { id: "outcome", class: "outcome-" + value.outcome, text: value.outcome + " — " + partizanOutcomeWords(value.outcome) }),
      el("dt", { text: "temperature" }), el("dd", { id: "temperature", text: value.temperature }),
      el("dt", { text: "mean" }), el("dd", { id: "mean", text: value.mean }),
      el("dt", { text: "stops" }), el("dd", { id: "stops", text: "left " + value.left_stop + ", right " + value.right_stop }));
    const status = el("p", { class: "note", id: "board-status", text: PICTURE_GAMES.has(game) ? "Click an edge to cut it." : "Click the cells of a move to make it." });
    const left = moving === "left";
    const sideLinks = el("p", { class: "links" }, "Clicks move for: ",
      link(address(gamePath("game", game), { position, side: "left" }), "Left" + (left ? " ✓" : ""), { id: "side-left" }),
      link(address(gamePath("game", game), { position, side: "right" }), "Right" + (left ? "" : " ✓"), { id: "side-right" }));
    const sideMoves = left ? moves.left_moves : moves.right_moves;
    const boards = positionBoards(game, value.position, sideMoves, (move) => go(address(gamePath("game", game), { position: move.position.join(" "), side: left ? "right" : "left" })), status);
    result.replaceChildren(summary, sideLinks, boards, status,
      el("h2", { text: "Left's moves" }), partizanMovesList(game, moves, true, false),
      el("h2", { text: "Right's moves" }), partizanMovesList(game, moves, false, false));
    const svg = await api("/api/thermograph", parameters, { asText: true });
    if (mine !== generation) return;
    result.append(el("h2", { text: "Thermograph" }), svgBox(svg));
  } catch (error) {
    if (mine === generation) result.replaceChildren(errorBox(error.message));
  }
}

let partizan_state = null;

async function viewPartizanPlay(game) {
  const parameters = query();
  const start = (parameters.get("position") || "").trim();
  const me = parameters.get("side") === "right" ? "right" : "left";
  const first = parameters.get("first") === "onag" ? "onag" : "me";
  document.title = "Play " + game + " · onag explorer";
  const choose = el("p", { class: "links" }, "You play: ",
    link(address(gamePath("play", game), { position: start, side: "left", first }), "Left", { id: "side-left" }),
    link(address(gamePath("play", game), { position: start, side: "right", first }), "Right", { id: "side-right" }),
    " · Who moves first: ",
    link(address(gamePath("play", game), { position: start, side: me, first: "me" }), "you", { id: "first-me" }),
    link(address(gamePath("play", game), { position: start, side: me, first: "onag" }), "onag", { id: "first-onag" }));
  const board = el("section", { id: "play" });
  main.replaceChildren(el("h1", { text: "Play " + game + " as " + sideName(me === "left") }), choose, board);
  if (!start) return;
  partizan_state = { game, meLeft: me === "left", turns: [], board, finished: false, waiting: first === "onag" };
  await partizanTurn(start, first === "onag" ? me !== "left" : me === "left");
}

// A turn: the position and whether Left is to move, with the server's value and moves.
async function partizanTurn(position, leftToMove) {
  const state = partizan_state;
  let value = null, moves = null;
  try {
    value = await api("/api/value", { game: state.game, position });
    moves = await api("/api/moves", { game: state.game, position });
  } catch (error) {
    if (state !== partizan_state) return;
    state.waiting = false;
    state.board.append(errorBox(error.message));
    return;
  }
  if (state !== partizan_state) return;
  const list = leftToMove ? moves.left_moves : moves.right_moves;
  state.turns.push({ position, leftToMove, value, moves, list });
  if (list.length === 0) {
    state.finished = true;
    state.waiting = false;
    drawPartizanPlay();
    return;
  }
  if (leftToMove !== state.meLeft) {
    // onag moves as `onag play` does: the first winning move the library marks, else the first.
    const move = list.find((candidate) => candidate.winning) || list[0];
    state.turns[state.turns.length - 1].said = move.description;
    state.waiting = true;
    drawPartizanPlay();
    await partizanTurn(move.position.join(" "), !leftToMove);
    return;
  }
  state.waiting = false;
  drawPartizanPlay();
}

function drawPartizanPlay() {
  const state = partizan_state;
  const turn = state.turns[state.turns.length - 1];
  const parts = [el("p", { class: "mono", id: "current" }, "position: " + turn.position + " (form " + turn.value.form + ")")];
  if (state.waiting) {
    parts.push(positionBoards(state.game, turn.value.position, [], null, null));
    parts.push(el("p", { id: "to-move", text: "onag is moving…" }));
  } else if (state.finished) {
    const onagStuck = turn.leftToMove !== state.meLeft;
    parts.push(positionBoards(state.game, turn.value.position, [], null, null));
    parts.push(el("p", { class: "banner", id: "result", text: (onagStuck ? "You win" : "onag wins") + ": " + (onagStuck ? "onag" : "you") + " (" + sideName(turn.leftToMove) + ") cannot move." }));
  } else {
    const status = el("p", { class: "note", id: "board-status", text: "Your move as " + sideName(state.meLeft) + ": click " + (PICTURE_GAMES.has(state.game) ? "the edge to cut" : "its cells") + ", or pick it below." });
    parts.push(positionBoards(state.game, turn.value.position, turn.list, (move) => partizanPlayerMoves(move), status), status);
    parts.push(el("ul", { class: "moves", id: "play-moves" }, turn.list.map((move) =>
      el("li", { class: "neutral" }, el("button", { type: "button", class: "plain play-move", onclick: () => partizanPlayerMoves(move) }, move.description)))));
  }
  parts.push(el("h2", { text: "The game so far" }), el("ol", { class: "log", id: "history" }, state.turns.filter((t) => t.said).map((t) =>
    el("li", { text: (t.leftToMove === state.meLeft ? "you: " : "onag: ") + t.said }))));
  state.board.replaceChildren(...parts);
}

async function partizanPlayerMoves(move) {
  const state = partizan_state;
  const turn = state.turns[state.turns.length - 1];
  if (state.waiting || state.finished || turn.leftToMove !== state.meLeft) return;
  turn.said = move.description;
  state.waiting = true;
  drawPartizanPlay();
  await partizanTurn(move.position.join(" "), !turn.leftToMove);
}

// ---- routing -------------------------------------------------------------------------------

async function render() {
  const path = decodeURIComponent(location.pathname);
  const [, view, ...rest] = path.split("/");
  const game = rest.join("/");
  try {
    if (view === "") await viewCatalogue();
    else if (view === "game" || view === "play") {
      const entry = await entryOf(game);
      if (isPartizan(entry)) await (view === "game" ? viewPartizan(game, entry) : viewPartizanPlay(game));
      else if (view === "game") await viewPosition(game);
      else await viewPlay(game);
    }
    else if (view === "sequence") await viewSequence(game);
    else if (view === "quotient") await viewQuotient(game);
    else if (view === "graph") await viewGraph();
    else if (view === "nimber") await viewNimber();
    else main.replaceChildren(errorBox("Nothing here."));
  } catch (error) {
    main.replaceChildren(errorBox(error.message));
  }
}

render();
