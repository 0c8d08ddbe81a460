// The page: a renderer of the core's table model. It holds a `WebSession` (the core's
// presenter), draws each frame it gives (the core's serde `Frame`: cards, seats, choices,
// offers, banner, events and every text), turns taps and keys into action lines, animates
// the frame's events, and asks the frame "what now, and when?": on a `due` it waits the
// given time and fires the token (with the Worker's move for an AI), on a `wait` it waits
// for a tap. It stores the session's bytes whenever a step says so. It decides no flow,
// rule, score, seed or turn, and writes no game text of its own.

import init, {
  WebSession, bigLoaded, cardNames, labels, langFromTag, loadBig, needsBig, saveNeedsBig, statsLabel,
} from './session.js';
import { backSvg, cardIndex, cardSvg } from './cards.js';
import { getLang, setLang, t } from './i18n.js';
import { BRISCOLA, RULES } from './rules.js';
import * as store from './storage.js';
import * as online from './online.js';

const $ = (id) => document.getElementById(id);
const LEVELS = ['random', 'easy', 'medium', 'expert', 'handheld'];
// The card styles (cards.js draws each) and the label of each.
const DECKS = ['italian', 'french', 'spanish'];
const DECK_LABEL = { italian: 'ItalianDeck', french: 'FrenchDeck', spanish: 'SpanishDeck' };
// Per pace: the AI's pause before a play, one card's flight (the scopa banner stays three
// flights), and how long a watched hand's summary stays, in ms — the session's pacing.
const PACE = {
  slow: [1300, 460, 4500], normal: [700, 300, 3000], fast: [250, 150, 1500], instant: [0, 0, 0],
};
const DEFAULT_SETTINGS = {
  game: 'scopa', hand_size: 3, hands: 2, players: 2, deal: 'standard', target: 11, primiera: 'classic', ace: 'none',
  napola: false, re_bello: false, kings_redeal: true, seats: ['human', 'easy'], undo: false,
};
// A first-time player meets a level that teaches (the expert beat newcomers 11–6 and 13–1).

let prefs = { deck: 'italian', pace: 'normal', lang: null, sound: false, settings: DEFAULT_SETTINGS, names: [] };
let paused = false; // watch mode paused: the frame's delays wait until it resumes
let session = null;
// Online (online.js): the session is a room's `RemoteSession` (`session.remote`), and the
// local one waits here until the room is left.
let offline = null;
// The settings dialog creates a room rather than a local match.
let settingsOnline = false;
let generation = 0; // bumped when the session is replaced: late replies and animations are dropped
let due = null; // the delay running now (the frame's `next.due`), until it is fired
let dueRun = 0; // bumped when a delay is replaced or dropped
let animating = false;
let quiet = false; // the first frame of a resumed session: its deal was recorded before the reload
let bottom = 0;
let worker = null;
const workerCalls = new Map();
let nextCall = 1;
let optionFocus = -1;
// The last play of another seat among the latest frame's events: the status line keeps it
// before the frame's own status ("Player 2 plays … Your turn"), so an AI's play is still
// there to read when the person's turn comes (a frame with events replaces it).
let playNote = '';
// The 40 cards' names in the page's language as its deck names them (the core's words,
// `cardNames`), for the cards a frame gives in notation: piles, tricks, a summary's cards,
// last plays. `key` is the language and deck they are for.
let names = { key: null, list: [] };
let restored = false; // the session came from a save: a match may be in progress
// A saved table of 6 or 8 whose wasm could not be fetched (offline, say): kept untouched
// (the match in its place is not saved) until a new match replaces it or a reload resumes it.
let keptSave = false;
let bigModule = null; // the second wasm (tables of 6 and 8), once loaded: for the worker
// What the page did since it loaded, for the tests' cross-check with a native replay.
const record = { seed: null, script: [], transcript: [] };

// ----- helpers ----------------------------------------------------------------------------

const isBriscola = (frame) => frame.table.game === 'briscola';
// A table of 6 or 8 (two decks shuffled together): seats as badges around an oval.
const isBig = (frame) => frame.seats.length > 4;
// With two decks a card can be in a list twice: each copy is told apart by its occurrence
// (0 for the first, 1 for the second), never by the card alone.
function occurrences(list, of = (x) => x) {
  const seen = new Map();
  return list.map((x) => {
    const k = of(x);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return n;
  });
}
// How many times each card is in `cards` (notation → count).
function tally(cards) {
  const m = new Map();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}
const errText = (e) => (e && e.message ? e.message : String(e));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const flightMs = () => (reducedMotion() ? 0 : PACE[prefs.pace][1]);
const anyDialogOpen = () => Boolean(document.querySelector('dialog[open]'));
const busy = () => animating || due !== null;
// Dialogs a person reads: while one is open the game waits (no AI plays behind it); the
// log and the last trick follow the game instead, and the game's own banners are its flow.
const READING = ['dlg-welcome', 'dlg-rules', 'dlg-settings', 'dlg-message', 'dlg-confirm', 'dlg-stats', 'dlg-online'];
const reading = () => READING.some((id) => $(id).open);

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// Cards are images made from the SVG drawn in code (alt="": the button carries the name).
const images = new Map();
function image(key, svg) {
  if (!images.has(key)) images.set(key, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg())}`);
  return el('span', { class: 'cardface' }, el('img', { src: images.get(key), alt: '', draggable: 'false' }));
}
const face = (index) => image(`${prefs.deck}-${index}`, () => cardSvg(index, prefs.deck));
const back = () => image('back', backSvg);
const setStatus = (text) => {
  $('status').textContent = text;
};
const savePrefs = () => store.writePrefs(prefs);

function useLang(code) {
  prefs.lang = code === 'it' ? 'it' : 'en';
  setLang(prefs.lang, labels(prefs.lang));
  if (session && session.setLang(prefs.lang).save) save();
}

// The page's pace as the session's pacing. Reduced motion: no flights, so no scopa banner.
function usePace() {
  const [ai, flight, summary] = PACE[prefs.pace];
  session.setPacing(ai, reducedMotion() ? 0 : 3 * flight, summary);
}

// ----- the session ------------------------------------------------------------------------

function randomSeed() {
  const w = new Uint32Array(2);
  crypto.getRandomValues(w);
  return (BigInt(w[0] & 0x1fffff) << 32n) | BigInt(w[1]);
}

// Loads the second wasm if these settings (a table of 6 or 8) need it; an error text if it
// cannot be fetched. The AI's worker gets it too.
async function useBig(settings) {
  if (!needsBig({ ...settings, lang: getLang() }) || bigLoaded()) return null;
  try {
    bigModule = await loadBig();
  } catch (e) {
    return t('bigFailed', { reason: errText(e) });
  }
  if (worker) worker.postMessage({ module: bigModule, big: true });
  return null;
}

// Replaces the session (its first frame is for `show`); resolves to an error text if the
// settings are refused (or their wasm cannot be fetched).
async function newGame(settings, seedText, names = prefs.names) {
  const failed = await useBig(settings);
  if (failed) return failed;
  let seed;
  try {
    seed = seedText && seedText.trim() !== '' ? BigInt(seedText.trim()) : randomSeed();
    if (seed < 0n || seed >= 1n << 64n) throw new Error('0 … 18446744073709551615');
  } catch (e) {
    return `${t('seed')}: ${errText(e)}`;
  }
  let g;
  try {
    g = new WebSession({ ...settings, lang: getLang() }, seed);
  } catch (e) {
    return errText(e);
  }
  try {
    g.setNames(names);
  } catch (e) {
    g.free();
    return errText(e);
  }
  replace(g);
  record.seed = String(seed);
  record.script = [];
  record.transcript = [session.settingsLine()];
  prefs.settings = settings;
  prefs.names = [...names];
  savePrefs();
  if (session.takeSave()) save();
  return null;
}

// The names kept with the preferences, on a restored session (names are not in the save);
// names the session refuses (kept by an older page) are dropped.
function applyNames() {
  try {
    session.setNames(prefs.names);
  } catch {
    prefs.names = [];
    savePrefs();
  }
}

function replace(g) {
  if (session) session.free();
  if (session?.remote && offline && offline !== g) {
    offline.free();
    offline = null;
  }
  session = g;
  // Cards named as the deck on screen names them (not in the save: set on every session).
  session.setDeck(prefs.deck);
  generation += 1;
  playNote = '';
  restored = false;
  paused = false;
  drop();
  animating = false;
  usePace();
}

function save() {
  if (session.remote || keptSave) return;
  store.writeSave(session.toBytes());
}

// After an input or a timer: save if the step says so, record the action, show the frame.
function stepped(out) {
  if (out.save) save();
  if (out.script) record.script.push(out.script);
  show();
}

// A person's action (its script line). A refused one changes nothing but the frame's
// `refusal`, which the status line shows.
function act(line) {
  if (animating) return;
  let out;
  try {
    out = session.act(line);
  } catch (e) {
    redraw();
    setStatus(errText(e));
    return;
  }
  stepped(out);
}

// ----- what now, and when -----------------------------------------------------------------

// Takes the session's frame: records and animates its events over the page as drawn,
// draws the frame, and runs its `next`.
async function show() {
  const mine = generation;
  const frame = session.frame();
  if (!quiet && !session.remote) for (const e of frame.events) record.transcript.push(...e.line.split('\n'));
  if (frame.events.length > 0) {
    const others = frame.events.filter((e) => e.kind === 'played' && e.seat !== frame.viewer);
    playNote = others.length > 0 ? others[others.length - 1].text : '';
  }
  followLog(frame);
  quiet = false;
  drop();
  if (frame.events.length > 0) {
    animating = true;
    await animate(frame.events, frame);
    if (mine !== generation) return;
    animating = false;
  }
  draw(frame);
  if (frame.banner?.kind === 'scopa' && frame.next.due) flash(t('Scopa'), frame.next.due.after_ms);
  if (frame.choices.kind === 'cards' && !anyDialogOpen()) {
    // Focus for the keyboard, without the ring (it would read as the hint's) until a key is used.
    document.querySelector('#hand .card:not(:disabled)')?.focus({ preventScroll: true, focusVisible: false });
  } else if (frame.choices.kind === 'captures') {
    document.querySelector('#choice button')?.focus({ preventScroll: true });
  }
  run(frame.next);
}

// The number (from 1) of the hand a summary is about. While a hand's summary shows, the
// next hand is already dealt when there is one (the frame's number is then the next hand's,
// from 0, and seats hold cards); after the last hand none is dealt (no seat holds a card:
// the frame's number is the finished hand's own, from 0) — at the match's end, and in the
// last hand's own summary before it.
const summaryNumber = (frame) => frame.hand_number + (frame.seats.every((s) => s.cards === 0) ? 1 : 0);

// The name of a card given in notation (`7d`), in the page's language and deck.
function cardName(notation) {
  const key = `${getLang()}/${prefs.deck}`;
  if (names.key !== key) names = { key, list: cardNames(getLang(), prefs.deck) };
  return names.list[cardIndex(notation)] ?? notation;
}

// A card of the frame by its name; a frame that writes cards in letters (a game server's
// room) gets the page's words for it.
const named = (view) => (view.name === view.card ? cardName(view.card) : view.name);

// An open log follows the game (the frame's `hand_log`, the core's record of the hand).
function followLog(frame) {
  if (!$('dlg-log').open) return;
  // A hand's summary and the match's end stand alone: the log (which already holds the
  // next deal's table) closes under them.
  const kind = frame.banner?.kind;
  if (kind === 'hand_over' || kind === 'match_over') $('dlg-log').close();
  else fillLog(frame);
}

// Drops the delay running, if any (its timer and Worker reply are then ignored).
// A reading dialog closed: the delay it held runs now (if nothing else runs one).
function goOn() {
  if (session && !animating && due === null && !reading()) run(session.peek().next);
}

function drop() {
  dueRun += 1;
  due = null;
}

// Runs the frame's delay, if it names one: waits `after_ms` (for an AI, while the Worker
// computes the move from the session's bytes), then fires its token.
function run(next) {
  drop();
  if (!next.due || paused || session.remote || reading()) return;
  due = next.due;
  const mine = dueRun;
  const { token, after_ms: ms, action } = next.due;
  const move = action === 'ai' ? workerMove(session.toBytes(), session.big).catch(() => null) : null;
  Promise.all([move, sleep(ms)]).then(([mv]) => {
    if (mine !== dueRun) return;
    due = null;
    stepped(fire(token, mv));
  });
}

// Fires a delay; an AI's with the Worker's move, else (no Worker, or a move the session
// refuses) the session computes the move itself.
function fire(token, mv) {
  if (mv) {
    try {
      return session.fireMove(token, mv);
    } catch {
      // refused: the session plays its own move below
    }
  }
  return session.fire(token);
}

// ----- the AI in a Web Worker -------------------------------------------------------------

function startWorker(module) {
  try {
    worker = new Worker('./ai-worker.js', { type: 'module' });
    // The worker runs the page's compiled wasm: fetched and compiled once.
    worker.postMessage({ module });
    if (bigModule) worker.postMessage({ module: bigModule, big: true });
    worker.onmessage = (e) => {
      const call = workerCalls.get(e.data.id);
      if (!call) return;
      workerCalls.delete(e.data.id);
      if (e.data.error) call.reject(new Error(e.data.error));
      else call.resolve(e.data.move);
    };
    worker.onerror = () => {
      for (const call of workerCalls.values()) call.reject(new Error('the AI worker stopped'));
      workerCalls.clear();
      worker = null;
    };
  } catch {
    worker = null;
  }
}

// The AI's move (an `aiplay` line) computed from the session's bytes in the worker (`null`
// without one).
function workerMove(bytes, big) {
  if (!worker) return Promise.resolve(null);
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    workerCalls.set(id, { resolve, reject });
    worker.postMessage({ id, bytes, big });
  });
}

// ----- sound --------------------------------------------------------------------------------

// Sounds synthesized with WebAudio (nothing downloaded), off unless the player turns them on:
// a soft knock when a card is played, a higher one when it takes, a rising chord for a scopa,
// a slower arpeggio when a match ends. `heard` names each sound made (for the tests).
let audio = null;
let sounds = 0;
const heard = [];
function tone(kind, freqs, ms, gain = 0.08) {
  if (!prefs.sound) return;
  try {
    audio = audio || new AudioContext();
    const t0 = audio.currentTime;
    freqs.forEach((f, i) => {
      const osc = audio.createOscillator();
      const amp = audio.createGain();
      osc.type = 'triangle';
      osc.frequency.value = f;
      const start = t0 + (i * ms) / 2000;
      amp.gain.setValueAtTime(gain, start);
      amp.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
      osc.connect(amp).connect(audio.destination);
      osc.start(start);
      osc.stop(start + ms / 1000);
    });
    sounds += 1;
    heard.push(kind);
  } catch {
    // no audio here: the game goes on silent
  }
}

function soundOf(e) {
  if (e.kind === 'played') {
    if (!e.move) tone('play', [220], 90);
    else if (e.move.capture.length > 0) tone('capture', [330, 494], 90);
    else tone('play', [220], 90);
  } else if (e.kind === 'scopa') tone('scopa', [523, 659, 784, 1047], 260, 0.1);
  else if (e.kind === 'trick_taken') tone('capture', [330, 494], 90);
  else if (e.kind === 'match_finished') tone('match_end', [392, 494, 587, 784], 480, 0.1);
}

// ----- animation --------------------------------------------------------------------------

const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
const seatNode = (seat) => document.querySelector(`.seat[data-seat="${seat}"] .backs`);
const handCard = (index) => document.querySelector(`#hand [data-card="${index}"]`);
// The table's nodes of `indices`, one node for each (a card twice in the list: both copies).
function tableCards(indices) {
  const used = new Set();
  return indices.map((index) => {
    const node = [...document.querySelectorAll(`#table [data-card="${index}"]`)].find((n) => !used.has(n)) ?? null;
    if (node) used.add(node);
    return node;
  });
}

async function fly(nodes, toRect, ms) {
  if (ms <= 0 || !toRect) return;
  const layer = $('fly');
  await Promise.all(nodes.map(({ index, from }) => {
    if (!from) return null;
    const node = face(index);
    Object.assign(node.style, {
      left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`,
    });
    layer.append(node);
    const dx = toRect.left + toRect.width / 2 - (from.left + from.width / 2);
    const dy = toRect.top + toRect.height / 2 - (from.top + from.height / 2);
    const scale = Math.max(0.3, Math.min(3, (Math.min(toRect.height, 160) * 0.9) / from.height));
    return node.animate(
      [{ transform: 'none' }, { transform: `translate(${dx}px, ${dy}px) scale(${scale})` }],
      { duration: ms, easing: 'ease-in-out', fill: 'forwards' },
    ).finished.then(() => node.remove(), () => node.remove());
  }));
}

function pileRect(frame, side) {
  if (frame.seats[bottom].side === side) return rectOf($('me-info'));
  const seat = frame.seats.findIndex((s, i) => i !== bottom && s.side === side);
  return seat >= 0 ? rectOf(seatNode(seat)) : null;
}

function centred(area, like) {
  if (!area || !like) return null;
  return {
    left: area.left + area.width / 2 - like.width / 2, top: area.top + area.height / 2 - like.height / 2,
    width: like.width, height: like.height,
  };
}

// The scopa banner, for as long as the session's delay runs.
async function flash(text, ms) {
  const b = $('banner');
  if (ms <= 0) return;
  b.textContent = text;
  await b.animate(
    [{ opacity: 0, transform: 'scale(0.5)' }, { opacity: 1, transform: 'scale(1.15)', offset: 0.3 },
      { opacity: 1, transform: 'scale(1)', offset: 0.75 }, { opacity: 0, transform: 'scale(1)' }],
    { duration: ms, easing: 'ease-out' },
  ).finished.catch(() => {});
  b.textContent = '';
}

// Animates a frame's events over the page as it is still drawn (the state before them).
async function animate(events, frame) {
  const ms = flightMs();
  for (const e of events) {
    soundOf(e);
    if (e.game === 'briscola') {
      await animateBriscola(e, frame, ms);
    } else if (e.kind === 'played') {
      setStatus(e.text);
      const card = cardIndex(e.move.card);
      const taken = e.move.capture.map(cardIndex);
      const source = rectOf(handCard(card) || seatNode(e.seat));
      const table = rectOf($('table'));
      await fly([{ index: card, from: source }], table, ms);
      if (taken.length > 0) {
        const found = tableCards(taken);
        const nodes = taken.map((c, i) => ({ index: c, from: rectOf(found[i]) }));
        for (const n of found) if (n) n.style.visibility = 'hidden';
        nodes.push({ index: card, from: centred(table, source) });
        await fly(nodes, pileRect(frame, frame.seats[e.seat].side), ms);
      }
    } else if (e.kind === 'collected') {
      setStatus(e.text);
      const cards = e.cards.map(cardIndex);
      const found = tableCards(cards);
      await fly(cards.map((c, i) => ({ index: c, from: rectOf(found[i]) })), pileRect(frame, e.side), ms);
    } else if (e.kind === 'dealt' || e.kind === 'scopa') {
      setStatus(e.text);
    }
  }
}

// A Briscola event: a card flies from its seat to the trick and stays there; a trick taken
// stays whole on the table for a moment (the AI's pause and a flight: 1 s at the normal
// pace, none at the instant one), so the last card of it is seen, then flies to the
// taker's place.
async function animateBriscola(e, frame, ms) {
  setStatus(e.text);
  if (e.kind === 'played') {
    const card = cardIndex(e.card);
    const hand = handCard(card);
    await fly([{ index: card, from: rectOf(hand || seatNode(e.seat)) }], rectOf($('table')), ms);
    if (hand) hand.style.visibility = 'hidden';
    const table = $('table');
    table.querySelector('.empty')?.remove();
    const occ = [...table.querySelectorAll(`.trick-card[data-card="${card}"]`)].length;
    table.append(trickCard(frame, e.seat, e.card, occ));
  } else if (e.kind === 'trick_taken') {
    const hold = PACE[prefs.pace][0] + ms;
    if (hold > 0) await sleep(hold);
    const cards = e.cards.map(cardIndex);
    const found = tableCards(cards);
    const nodes = cards.map((c, i) => ({ index: c, from: rectOf(found[i]) }));
    for (const n of found) if (n) n.style.visibility = 'hidden';
    await fly(nodes, pileRect(frame, e.side), ms);
  }
}

// ----- drawing ----------------------------------------------------------------------------

function countParts(frame, seat) {
  const info = frame.seats[seat];
  if (isBriscola(frame)) {
    // The card points its side has taken: public in Briscola, the frame gives them.
    const parts = [t('handCount', { n: info.cards }), t('cardPoints', { n: frame.table.points[info.side] ?? 0 })];
    if (frame.table.briscola_holder === seat) parts.push(t('holdsBriscola'));
    return parts;
  }
  const pile = frame.table.piles[info.side];
  const parts = [t('handCount', { n: info.cards }), t('pile', { n: pile.cards.length })];
  if (pile.scope > 0) parts.push(t('scope', { n: pile.scope }));
  return parts;
}
const countsText = (frame, seat) => countParts(frame, seat).join(' · ');

// Texts in pieces that wrap between them, never inside one (a narrow seat is not cut).
const pieces = (cls, parts) => el('span', { class: cls }, ...parts.map((p, i) =>
  el('span', { class: 'piece' }, i < parts.length - 1 ? `${p} ·` : p)));

// The seat to act: to play (no banner), or to take the device.
const actingSeat = (frame) => (frame.banner ? (frame.banner.kind === 'hand_off' ? frame.banner.seat : null) : frame.turn);

function drawOpponents(frame) {
  const box = $('opponents');
  box.replaceChildren();
  const n = frame.seats.length;
  const acting = actingSeat(frame);
  if (isBig(frame)) {
    drawBadges(frame, box, acting);
    return;
  }
  for (let k = n - 1; k >= 1; k--) {
    const seat = (bottom + k) % n;
    const info = frame.seats[seat];
    const partner = info.side === frame.seats[bottom].side ? t('partner') : null;
    const backs = el('div', { class: 'backs' });
    for (let i = 0; i < info.cards; i++) backs.append(back());
    box.append(el('div', { class: `seat${acting === seat ? ' turn' : ''}`, 'data-seat': seat },
      pieces('name', partner ? [info.name, partner] : [info.name]),
      el('span', { class: 'counts' }, info.player_name),
      backs,
      pieces('counts', countParts(frame, seat)),
      lastPlay(frame, seat)));
  }
}

// A side's colour and name, as a small label (tables of 6 and 8: 3 or 4 sides). A name
// ending in two seat numbers ("Players 2 & 6") wraps before them, never between them.
const sideChip = (frame, side) => el('span', { class: `team side-${side}` },
  (frame.sides[side]?.name ?? '').replace(/(\d+) (\S+) (\d+)$/, '$1\u00a0$2\u00a0$3'));

// A table of 6 or 8: every other seat a compact badge at its place around the oval (the
// viewer at the bottom; `data-pos` k is the k-th seat after the viewer's, in the order of
// play, so partners sit opposite): its name, its side's colour and name, its cards as a
// count (no fan of backs), what its side has taken, and whose turn it is. Its last play is
// drawn small where the screen is wide enough.
function drawBadges(frame, box, acting) {
  const n = frame.seats.length;
  for (let k = n - 1; k >= 1; k--) {
    const seat = (bottom + k) % n;
    const info = frame.seats[seat];
    const partner = info.side === frame.seats[bottom].side;
    const backs = el('span', { class: 'backs', 'aria-hidden': 'true' }, back());
    box.append(el('div', {
      class: `seat badge side-${info.side}${acting === seat ? ' turn' : ''}`, 'data-seat': seat, 'data-pos': k,
    },
    el('span', { class: 'name' }, partner ? `${info.name} · ${t('partner')}` : info.name),
    el('span', { class: 'level' }, info.player_name),
    el('span', { class: 'chip-row' }, sideChip(frame, info.side), lastPlayMini(frame, seat)),
    el('span', { class: 'count' }, backs, pieces('counts', countParts(frame, seat))),
    lastPlay(frame, seat)));
  }
}

// What the seat played last this hand and what it took (small cards): the frame's
// `last_play`, until it plays again.
function lastPlay(frame, seat) {
  const last = frame.seats[seat].last_play;
  const box = el('div', { class: 'last' });
  if (!last) return box;
  const taken = last.capture.map(cardIndex);
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', `${t('lastPlay')}: ${last.text}`);
  box.dataset.card = cardIndex(last.card);
  box.dataset.taken = taken.join(' ');
  box.append(face(cardIndex(last.card)));
  if (taken.length > 0) {
    box.append(el('span', { class: 'took' }, '→'));
    const pile = el('span', { class: 'taken' });
    for (const c of taken) pile.append(face(c));
    box.append(pile);
  }
  return box;
}

// A badge's last play on a phone, where a line of cards has no room: the card played beside
// the side's name, with how many cards it took ("+2"); its label is the whole play. (From
// 900 px wide the badge shows the whole `lastPlay` instead.)
function lastPlayMini(frame, seat) {
  const last = frame.seats[seat].last_play;
  if (!last) return '';
  const box = el('span', {
    class: 'last-mini', role: 'img', 'aria-label': `${t('lastPlay')}: ${last.text}`, 'data-card': cardIndex(last.card),
    'data-taken': last.capture.map(cardIndex).join(' '),
  }, face(cardIndex(last.card)));
  if (last.capture.length > 0) box.append(el('span', { class: 'took-count', 'aria-hidden': 'true' }, `+${last.capture.length}`));
  return box;
}

// The capture options of the frame's choices (none unless a capture is to be chosen).
const optionsOf = (frame) => (frame.choices.kind === 'captures' ? frame.choices.options : []);

function drawTable(frame) {
  $('middle').classList.toggle('briscola', isBriscola(frame));
  $('last-trick').hidden = !isBriscola(frame);
  if (isBriscola(frame)) {
    drawTrick(frame);
    return;
  }
  const options = optionsOf(frame);
  const hinted = frame.hint ? frame.hint.move.capture : [];
  const table = $('table');
  table.setAttribute('aria-label', t('Table'));
  table.replaceChildren();
  const left = t('cardsLeft', { n: frame.table.deck_left });
  // No deck is drawn once it is used up (Scopone scientifico deals it all at once).
  $('deck').hidden = frame.table.deck_left === 0;
  $('deck').replaceChildren(back(), el('span', {}, left));
  $('deck').setAttribute('aria-label', `${t('Deck')}: ${left}`);
  if (frame.table.table.length === 0) {
    table.append(el('p', { class: 'empty' }, t('emptyTable')));
    return;
  }
  // A card on the table twice: either copy chooses it (they are the same card), and as many
  // copies as a capture takes are marked.
  const occ = occurrences(frame.table.table, (c) => c.card);
  const marked = (cards, card, o) => (tally(cards).get(card) ?? 0) > o;
  const most = (card) => Math.max(0, ...options.map((o) => tally(o.cards).get(card) ?? 0));
  frame.table.table.forEach((view, i) => {
    const { card, index } = view;
    const name = named(view);
    const inOption = most(card) > 0;
    const b = el('button', {
      type: 'button', class: `card${most(card) > occ[i] ? ' option' : ''}`, 'data-card': index, 'data-occ': occ[i],
      'aria-label': name, disabled: !inOption, onclick: () => chooseFromTable(card),
    }, face(index));
    if (inOption && optionFocus >= 0 && options[optionFocus] && marked(options[optionFocus].cards, card, occ[i])) b.classList.add('focus');
    if (marked(hinted, card, occ[i])) b.classList.add('hinted');
    table.append(b);
  });
}

// Briscola's middle: the stock with the briscola face up under it, and the trick (each
// card with who played it, the leader marked); the last trick behind a button.
function drawTrick(frame) {
  const tb = frame.table;
  const name = (seat) => frame.seats[seat]?.name ?? '';
  const deck = $('deck');
  deck.hidden = false;
  const trumpName = `${t('Briscola')}: ${named(tb.briscola)}`;
  const holder = tb.briscola_holder === null || tb.briscola_holder === undefined ? null : name(tb.briscola_holder);
  const stockLine = tb.stock > 0 ? t('stockLeft', { n: tb.stock }) : t('briscolaDrawn', { who: holder ?? '' });
  // The briscola lies face up under the stock until it is drawn: the stock's last card.
  const pile = el('div', { class: `pile-trump${tb.stock > 0 ? '' : ' drawn'}`, 'data-card': tb.briscola.index });
  pile.append(el('span', { class: 'trump' }, face(tb.briscola.index)));
  if (tb.stock > 1) pile.append(el('span', { class: 'stock' }, back()));
  deck.replaceChildren(pile, el('span', { class: 'trump-name' }, trumpName), el('span', {}, stockLine));
  deck.setAttribute('aria-label', `${trumpName} · ${t('Stock')}: ${stockLine}`);
  const table = $('table');
  table.setAttribute('aria-label', `${t('Trick')}: ${t('leads', { who: name(tb.leader) })}`);
  table.replaceChildren();
  if (tb.trick.length === 0) {
    table.append(el('p', { class: 'empty' }, t('leads', { who: name(tb.leader) })));
  }
  const occ = occurrences(tb.trick, (c) => c.card);
  tb.trick.forEach(({ seat, card }, i) => table.append(trickCard(frame, seat, card, occ[i])));
  const last = $('last-trick');
  last.disabled = !tb.last_trick;
  last.textContent = t('LastTrick');
}

// A card of the trick with who played it (the leader marked). At a table of 6 or 8 the
// caption is the seat's name alone (the leader's in bold and underlined; the table's label
// says who leads).
function trickCard(frame, seat, card, occ) {
  const tb = frame.table;
  const index = cardIndex(card);
  const name = frame.seats[seat]?.name ?? '';
  // While a trick is animated the frame's leader may already be the next trick's: the
  // leader of the trick on the table is its first card's seat.
  const first = $('table').querySelector('.trick-card');
  const leader = first ? Number(first.dataset.seat) : (tb.trick.length > 0 ? tb.trick[0].seat : tb.leader);
  const led = seat === leader;
  const cap = led && !isBig(frame) ? `${name} · ${t('leader')}` : name;
  const f = el('figure', { class: `card trick-card${led ? ' leader' : ''}`, 'data-card': index, 'data-occ': occ, 'data-seat': seat },
    face(index), el('figcaption', {}, cap));
  f.querySelector('img').alt = cardName(card);
  return f;
}

// The last trick taken, in a dialog: each card with who played it, who took it and its points.
function showLastTrick() {
  const frame = session.peek();
  const lt = isBriscola(frame) ? frame.table.last_trick : null;
  if (!lt) return;
  const name = (seat) => frame.seats[seat]?.name ?? '';
  $('trick-title').textContent = t('LastTrick');
  $('trick-body').replaceChildren(
    el('div', { class: 'trick-cards' }, ...lt.cards.map(({ seat, card }) => {
      const f = face(cardIndex(card));
      f.querySelector('img').alt = cardName(card);
      return el('figure', { class: `trick-card${seat === lt.winner ? ' winner' : ''}`, 'data-card': cardIndex(card) }, f, el('figcaption', {}, name(seat)));
    })),
    el('p', {}, t('trickTo', { who: name(lt.winner), n: lt.points })));
  $('trick-close').textContent = t('close');
  if (!$('dlg-trick').open) $('dlg-trick').showModal();
}

function drawChoice(frame) {
  const options = optionsOf(frame);
  const box = $('choice');
  box.replaceChildren();
  box.hidden = frame.choices.kind !== 'captures';
  if (box.hidden) return;
  box.append(el('span', {}, `${t('ChooseCapture')}:`));
  options.forEach((opt, i) => {
    const show = () => {
      optionFocus = i;
      highlightOption(options);
    };
    box.append(el('button', {
      type: 'button', 'data-option': i, 'data-cards': opt.cards.map(cardIndex).sort((a, b) => a - b).join(' '),
      onclick: () => act(`capture ${i}`), onfocus: show, onmouseenter: show,
    }, opt.text));
  });
  box.append(el('button', { type: 'button', id: 'choice-cancel', onclick: () => act('cancel') }, t('Cancel')));
}

function highlightOption(options) {
  const option = options.length > 0 && optionFocus >= 0 ? options[optionFocus] : null;
  const counts = tally(option ? option.cards.map(cardIndex) : []);
  for (const b of document.querySelectorAll('#table .card')) {
    b.classList.toggle('focus', (counts.get(Number(b.dataset.card)) ?? 0) > Number(b.dataset.occ ?? 0));
  }
}

function drawHand(frame) {
  const choosing = frame.choices.kind === 'captures' ? frame.choices.card.card : null;
  const hand = $('hand');
  hand.replaceChildren();
  hand.setAttribute('aria-label', t('YourHand'));
  const shown = frame.viewer !== null && frame.viewer !== undefined;
  const info = $('me-info');
  info.className = `me-info${frame.choices.kind !== 'none' ? ' turn' : ''}`;
  info.textContent = `${frame.seats[bottom].name} · ${countsText(frame, bottom)}`;
  if (isBig(frame)) info.prepend(sideChip(frame, frame.seats[bottom].side), ' ');
  if (!shown) {
    for (let i = 0; i < frame.seats[bottom].cards; i++) hand.append(el('span', { class: 'card' }, back()));
    return;
  }
  hand.classList.toggle('many', frame.hand.length > 6);
  const canPlay = frame.choices.kind === 'cards';
  // A card in the hand twice: the copy tapped is the one shown chosen (the first copy when
  // the choice came otherwise); the first copy is the one hinted.
  const occ = occurrences(frame.hand, (c) => c.card);
  const pickedCopy = Math.min(picked, occ.filter((o, i) => frame.hand[i].card === choosing).length - 1);
  frame.hand.forEach((view, i) => {
    const { card, index } = view;
    const name = named(view);
    const selected = choosing === card && occ[i] === Math.max(0, pickedCopy);
    const b = el('button', {
      type: 'button', class: `card${selected ? ' selected' : ''}`, 'data-card': index, 'data-occ': occ[i], 'aria-label': name,
      disabled: !canPlay && !selected, tabindex: i === 0 ? '0' : '-1',
      onclick: () => {
        if (dragged) {
          dragged = false;
          return;
        }
        picked = occ[i];
        act(selected ? 'cancel' : `select ${card}`);
      },
      onpointerdown: (e) => canPlay && startDrag(e, card, index, occ[i]),
      onpointermove: moveDrag,
      onpointerup: endDrag,
      onpointercancel: endDrag,
    }, face(index));
    if (frame.hint?.move.card === card && occ[i] === 0) b.classList.add('hinted');
    hand.append(b);
  });
}

// Which copy of a card in the hand twice was tapped or dragged (0: the first).
let picked = 0;
// Drag a card of the hand onto the table to play it (a tap does the same).
let drag = null;
let dragged = false; // a drag just ended: the click that follows it is not a tap

function startDrag(e, card, index, copy) {
  if (animating || e.button !== 0) return;
  drag = { card, index, copy, btn: e.currentTarget, x: e.clientX, y: e.clientY, id: e.pointerId, node: null };
  drag.btn.setPointerCapture(e.pointerId);
}

function moveDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const dx = e.clientX - drag.x;
  const dy = e.clientY - drag.y;
  if (!drag.node) {
    if (Math.hypot(dx, dy) < 12) return;
    const r = drag.btn.getBoundingClientRect();
    drag.node = face(drag.index);
    Object.assign(drag.node.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    $('fly').append(drag.node);
    drag.btn.style.visibility = 'hidden';
  }
  drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
}

function endDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (!d.node) return; // not moved: a tap, the click plays
  dragged = true;
  d.node.remove();
  d.btn.style.visibility = '';
  const zone = $('middle').getBoundingClientRect();
  const inside = e.type === 'pointerup' && e.clientX >= zone.left && e.clientX <= zone.right &&
    e.clientY >= zone.top && e.clientY <= zone.bottom;
  if (inside) {
    picked = d.copy;
    act(`select ${d.card}`);
  }
  setTimeout(() => {
    dragged = false;
  }, 0);
}

// Draws a frame: the table, the seats, the hand, the buttons its offers allow, the status,
// and the dialog its banner calls for.
function draw(frame) {
  if (frame.viewer !== null && frame.viewer !== undefined) bottom = frame.viewer;
  else if (frame.banner?.kind === 'hand_off') bottom = frame.banner.seat;
  else if (bottom >= frame.seats.length) bottom = 0;
  if (frame.choices.kind !== 'captures') optionFocus = -1;
  // Each side's name and points apart ("You 0", "Player 2 0" never read as "Player 20").
  const big = isBig(frame);
  $('app').classList.toggle('big', big);
  $('app').classList.toggle('six', frame.seats.length === 6);
  $('score').replaceChildren(...frame.sides.map((side, i) => el('span', { class: big ? `side side-${i}` : 'side' },
    el('span', { class: 'who' }, side.name), ' ', el('b', { class: 'pts' }, String(side.score)))),
  el('span', { class: 'target' }, t(isBriscola(frame) ? 'handsToWin' : 'toWin', { n: frame.target })));
  // A hand's summary and the match's end stand alone: nothing of the table behind them.
  const kind = frame.banner?.kind;
  $('app').classList.toggle('covered', kind === 'hand_over' || kind === 'match_over');
  $('title').textContent = isBriscola(frame) ? t('Briscola') : t('title');
  drawOpponents(frame);
  drawTable(frame);
  drawChoice(frame);
  drawHand(frame);
  $('btn-hint').disabled = !frame.offers.hint;
  $('btn-undo').hidden = !frame.offers.undo;
  // Watching AIs play: pause and speed at hand.
  const watching = frame.seats.every((x) => x.player !== 'human');
  $('btn-pause').hidden = !watching;
  drawPause();
  $('watch-speed').hidden = !watching;
  $('watch-speed').replaceChildren(...Object.keys(PACE).map((p) => el('option', { value: p, selected: p === prefs.pace }, t(`pace_${p}`))));
  $('watch-speed').setAttribute('aria-label', t('AiPace'));
  const status = frame.refusal ?? frame.hint?.text ?? frame.status;
  const note = playNote && !frame.refusal && !frame.hint && !frame.banner ? `${playNote}${/[.!?]$/.test(playNote) ? '' : '.'} ` : '';
  setStatus(`${note}${status}`);
  drawBanner(frame);
}

function drawPause() {
  $('btn-pause').textContent = paused ? t('resume') : t('pause');
  $('btn-pause').setAttribute('aria-pressed', String(paused));
}

// Draws the frame again without taking its events (a new language, deck or hint).
function redraw() {
  if (animating || !session) return;
  // A card of the hand that had the focus is drawn anew: the focus goes to the new one.
  const inHand = $('hand').contains(document.activeElement);
  const frame = session.peek();
  draw(frame);
  if (inHand && frame.choices.kind === 'cards' && !anyDialogOpen()) {
    document.querySelector('#hand .card:not(:disabled)')?.focus({ preventScroll: true, focusVisible: false });
  }
}

function drawBanner(frame) {
  const kind = frame.banner?.kind;
  dialog('dlg-handoff', kind === 'hand_off', () => showHandOff(frame));
  dialog('dlg-summary', kind === 'hand_over', () => showSummary(frame));
  dialog('dlg-over', kind === 'match_over', () => showOver(frame));
}

// The banner's dialog opens, but not over the settings or a message: once they close, the
// frame is drawn again.
function dialog(id, open, fill) {
  if (open) {
    fill();
    const over = ['dlg-settings', 'dlg-message', 'dlg-welcome', 'dlg-rules', 'dlg-confirm', 'dlg-trick', 'dlg-online'].some((d) => $(d).open);
    if (!$(id).open && !over) {
      $(id).showModal();
      // From its title: the focused button would scroll a long one (a match's end on a
      // phone) down past it.
      $(id).scrollTop = 0;
    }
  } else if ($(id).open) {
    $(id).close();
  }
}

function chooseFromTable(card) {
  const options = optionsOf(session.peek());
  if (animating) return;
  const holding = options.map((o, i) => (o.cards.includes(card) ? i : -1)).filter((i) => i >= 0);
  if (holding.length === 1) {
    act(`capture ${holding[0]}`);
  } else if (holding.length > 1) {
    // The card is in several captures: each tap shows the next one; its button confirms.
    optionFocus = holding[(holding.indexOf(optionFocus) + 1) % holding.length];
    highlightOption(options);
    document.querySelector(`#choice [data-option="${optionFocus}"]`)?.focus({ preventScroll: true });
  }
}

function showHint() {
  if (animating) return;
  try {
    session.hint();
  } catch {
    // refused: the frame's `refusal` says why
  }
  redraw();
}

// ----- dialogs ----------------------------------------------------------------------------

function showSummary(frame) {
  $('summary-title').textContent = t('handTitle', { hand: t('Hand'), n: summaryNumber(frame) });
  $('summary-body').replaceChildren(...summaryOf(frame, frame.banner.summary));
  // A room's summary waits for every person there: once this seat pressed, it says whom
  // it still waits for (the frame message's `summary_wait`).
  const wait = frame.summary_wait;
  // `sent`: this page's Continue is on its way to the room (the summary stays until the
  // room's answer comes).
  const pressed = Boolean(frame.sent) || (Boolean(wait) && !frame.offers.proceed);
  const who = (wait?.waiting_for || []).map((s) => frame.seats[s]?.name).filter(Boolean);
  $('summary-continue').disabled = pressed;
  $('summary-continue').textContent = pressed && who.length > 0 ? t('waitingContinue', { who: who.join(', ') }) : t('Continue');
}

// A hand's summary: Scopa's table and the cards behind its points; Briscola's card points
// per side, who won the hand, and the hands won.
function summaryOf(frame, summary) {
  if (summary.game !== 'briscola') return [summaryTable(frame, summary), summaryCards(frame, summary)];
  const head = el('tr', {}, el('td', {}));
  for (const side of frame.sides) head.append(el('th', { scope: 'col' }, side.name));
  const points = el('tr', {}, el('th', { scope: 'row' }, t('CardPoints')), ...summary.points.map((p) => el('td', {}, String(p))));
  const won = el('tr', { class: 'total' }, el('th', { scope: 'row' }, t('handsWon')), ...frame.sides.map((side) => el('td', {}, String(side.score))));
  return [el('p', { class: 'hand-result' }, summary.text), el('table', { class: 'summary' }, head, points, won)];
}

// A hand's summary as a table: a row per point, a column per side, then the match score.
function summaryTable(frame, { rows }) {
  const head = el('tr', {}, el('td', {}));
  for (const side of frame.sides) head.append(el('th', { scope: 'col' }, side.name));
  const lines = [head];
  rows.forEach((r, i) => {
    // The last row is the hand's total (the order of `summary_rows`).
    const tr = el('tr', i === rows.length - 1 ? { class: 'total' } : {}, el('th', { scope: 'row' }, r.label));
    r.points.forEach((p, side) => {
      const tally = r.tally[side];
      tr.append(el('td', {}, tally === null || tally === undefined ? String(p) : `${p} (${tally})`));
    });
    lines.push(tr);
  });
  const total = el('tr', { class: 'total' }, el('th', { scope: 'row' }, t('MatchScore')));
  for (const side of frame.sides) total.append(el('td', {}, String(side.score)));
  lines.push(total);
  return el('table', { class: 'summary' }, ...lines);
}

// The cards behind a side's points, as the summary's `behind` gives them (the core picks
// them under the match's primiera rule): its denari (the settebello among them) and its
// primiera — the best card of each suit (classic, lenient; none under classic when a suit
// is missing), or its sevens, sixes and Aces, which "most sevens" compares.
function summaryCards(frame, summary) {
  const strip = (cards) => {
    const box = el('span', { class: 'strip', role: 'list' });
    for (const c of cards) {
      const f = face(cardIndex(c));
      f.setAttribute('role', 'listitem');
      f.dataset.card = cardIndex(c);
      f.querySelector('img').alt = cardName(c);
      box.append(f);
    }
    return box;
  };
  const sides = (summary.behind || []).map(({ denari, primiera }, i) => el('div', { class: 'behind-side', 'data-side': i },
    el('h4', {}, frame.sides[i]?.name ?? ''),
    el('div', { class: 'behind-row', 'data-row': 'denari' }, el('span', { class: 'what' }, t('coins')), strip(denari)),
    el('div', { class: 'behind-row', 'data-row': 'primiera' }, el('span', { class: 'what' }, t('primieraCards')), strip(primiera))));
  return el('section', { class: 'behind' }, el('h3', {}, t('behind')), ...sides);
}

function showOver(frame) {
  const won = frame.banner.you_won;
  if (won !== null && won !== undefined && !session.remote) {
    store.recordResult(store.toBase64(session.toBytes()), session.settingsLine(), won);
  }
  $('over-title').textContent = t('matchOver');
  $('over-body').textContent = `${frame.banner.text} ${frame.score_line}`;
  // The last hand's summary under its own number, then the match's hands (the frame's
  // `recap`: those this page's session saw; after a reload, those since).
  const recap = [];
  if (frame.banner.last_hand) {
    recap.push(el('h3', {}, t('handTitle', { hand: t('Hand'), n: summaryNumber(frame) })),
      ...summaryOf(frame, frame.banner.last_hand));
  }
  if (frame.recap.length > 0) {
    const head = el('tr', {}, el('th', { scope: 'col' }, t('Hand')));
    for (const side of frame.sides) head.append(el('th', { scope: 'col' }, side.name));
    const rows = frame.recap.map((h) => el('tr', {}, el('th', { scope: 'row' }, String(h.hand)),
      ...h.points.map((p) => el('td', {}, String(p)))));
    recap.push(el('h3', {}, t('recap')), el('table', { class: 'summary recap' }, head, ...rows));
  }
  $('over-recap').replaceChildren(...recap);
  $('over-rules').textContent = t('howToPlay');
  $('over-rematch').textContent = t('Rematch');
  $('over-settings').textContent = t('Settings');
  $('over-stats').textContent = t('Statistics');
}

function showHandOff(frame) {
  $('handoff-title').textContent = frame.seats[frame.banner.seat].name;
  $('handoff-note').textContent = frame.status;
  $('handoff-ready').textContent = t('Continue');
}

// Resolves when the person has read the message: at once when OK is pressed (the dialog's
// 'close' event comes a task later, and until then the game would sit waiting with nothing
// busy), or on that event when the dialog is closed another way (Escape).
let messageRead = null;
function showMessage(text) {
  $('message-text').textContent = text;
  $('dlg-message').showModal();
  return new Promise((resolve) => {
    messageRead = resolve;
    $('dlg-message').addEventListener('close', resolve, { once: true });
  });
}

function closeMessage() {
  $('dlg-message').close();
  const read = messageRead;
  messageRead = null;
  if (read) read();
}

// This hand: its log (scrollable, the newest line last) and each side's captured cards.
function showLog() {
  const frame = session.peek();
  fillLog(frame);
  $('log-close').textContent = t('close');
  if (!$('dlg-log').open) $('dlg-log').showModal();
  const list = $('log-list');
  list.scrollTop = list.scrollHeight;
  // The dialog from its title (the focused Close button would scroll a short screen down).
  $('dlg-log').scrollTop = 0;
}

function fillLog(frame) {
  const list = $('log-list');
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
  $('log-title').textContent = `${t('thisHand')} (${t('handTitle', { hand: t('Hand'), n: frame.hand_number + 1 })})`;
  $('log-plays').textContent = t('plays');
  $('log-taken-title').textContent = t('cardsTaken');
  list.setAttribute('aria-label', t('plays'));
  list.replaceChildren(...(frame.hand_log.length > 0 ? frame.hand_log.map((line) => el('li', {}, line))
    : [el('li', { class: 'none' }, t('logEmpty'))]));
  if (atEnd) list.scrollTop = list.scrollHeight;
  if (isBriscola(frame)) {
    // Briscola: each side's card points so far (every trick is seen), and the last trick.
    $('log-taken-title').textContent = t('CardPoints');
    const lt = frame.table.last_trick;
    $('log-taken').replaceChildren(...frame.sides.map((side, i) => el('section', { class: 'pile', 'data-side': i },
      el('h4', {}, `${side.name}: ${t('cardPoints', { n: frame.table.points[i] ?? 0 })}`))),
    ...(lt ? [el('p', {}, `${t('LastTrick')}: ${lt.cards.map(({ seat, card }) => `${frame.seats[seat].name} ${cardName(card)}`).join(', ')} — ${t('trickTo', { who: frame.seats[lt.winner].name, n: lt.points })}`)] : []));
    return;
  }
  $('log-taken').replaceChildren(...frame.sides.map((side, i) => {
    const pile = frame.table.piles[i];
    const parts = [t('pile', { n: pile.cards.length })];
    if (pile.scope > 0) parts.push(t('scope', { n: pile.scope }));
    const cards = el('div', { class: 'cards', role: 'list', 'aria-label': `${t('cardsTaken')}: ${side.name}` });
    for (const c of pile.cards) {
      const f = face(cardIndex(c));
      f.setAttribute('role', 'listitem');
      f.dataset.card = cardIndex(c);
      f.querySelector('img').alt = cardName(c);
      cards.append(f);
    }
    return el('section', { class: 'pile', 'data-side': i }, el('h4', {}, `${side.name}: ${parts.join(' · ')}`), cards);
  }));
}

function showStats() {
  const s = store.readStats();
  const keys = Object.keys(s.rows).sort();
  $('stats-title').textContent = t('Statistics');
  if (keys.length === 0) {
    $('stats-body').replaceChildren(el('p', {}, t('statsEmpty')));
  } else {
    // Each game apart: a table of its own under its name.
    const games = { scopa: [], briscola: [] };
    for (const k of keys) {
      const label = statsLabel(k, getLang());
      if (label) games[label.game]?.push([k, label]);
    }
    const tables = [];
    for (const [game, list] of Object.entries(games)) {
      if (list.length === 0) continue;
      const rows = [el('tr', {}, el('th', { scope: 'col' }, t('against')), el('th', { scope: 'col' }, t('rulesGroup')),
        el('th', { scope: 'col' }, t('Won')), el('th', { scope: 'col' }, t('Lost')))];
      for (const [k, label] of list) {
        rows.push(el('tr', {}, el('td', {}, label.against), el('td', { class: 'wrap' }, label.rules),
          el('td', {}, String(s.rows[k].won)), el('td', {}, String(s.rows[k].lost))));
      }
      tables.push(el('h3', { 'data-game': game }, t(game === 'briscola' ? 'Briscola' : 'Scopa')),
        el('table', { class: 'summary', 'data-game': game }, ...rows));
    }
    $('stats-body').replaceChildren(...tables);
  }
  $('stats-reset').textContent = t('resetStats');
  $('stats-close').textContent = t('close');
  if (!$('dlg-stats').open) $('dlg-stats').showModal();
}

// ----- settings ---------------------------------------------------------------------------

// A field with its one-line explanation under it (`help`, tied to it by aria-describedby).
function field(id, label, control, help) {
  const parts = [el('label', { for: id }, label), control];
  if (help) {
    control.setAttribute('aria-describedby', `${id}-help`);
    parts.push(el('small', { class: 'help', id: `${id}-help` }, help));
  }
  return el('div', { class: 'field' }, ...parts);
}

// `options`: [value, text, hidden?] (a hidden option is kept for a setting already chosen).
function select(id, label, options, value, onchange, help) {
  const s = el('select', { id, name: id }, ...options.map(([v, text, hidden]) =>
    el('option', { value: v, selected: String(v) === String(value), hidden: Boolean(hidden) && String(v) !== String(value) }, text)));
  if (onchange) s.addEventListener('change', onchange);
  return field(id, label, s, help);
}

function checkbox(id, label, checked, help, disabled = false) {
  return field(id, label, el('input', { type: 'checkbox', id, name: id, checked: checked && !disabled, disabled }), help);
}

// Which preset the seats match, if any.
function presetOf(seats) {
  const people = seats.filter((s) => s === 'human').length;
  if (people === seats.length) return 'pass';
  if (people === 0) return 'watch';
  if (people === 1 && seats[0] === 'human') return 'solo';
  return null;
}

let draft = null;

function drawSettings() {
  const d = draft;
  const options = (prefix, names) => names.map((v) => [v, t(`${prefix}_${v}`)]);
  const again = () => {
    readDraft();
    drawSettings();
  };
  const briscola = d.game === 'briscola';
  // 6 or 8 players: two decks shuffled together, partners opposite (the core decides the
  // decks from the players, and refuses what it cannot play with its own message).
  const players = [2, 3, 4, 6, 8].map((n) => [n, String(n)]);
  const bigHelp = d.players > 4 ? t('help_players_big', { sides: d.players / 2 }) : null;
  const game = select('set-game', t('Game'), [['scopa', t('Scopa')], ['briscola', t('Briscola')]], d.game, again,
    t(briscola ? 'help_game_briscola' : 'help_game_scopa'));
  const rules = briscola ? el('fieldset', {}, el('legend', {}, t('rulesGroup')), game,
    select('set-players', t('Players'), players, d.players, again, bigHelp ?? t('help_players_briscola')),
    select('set-handsize', t('CardsInHand'), [[3, '3'], [9, '9']], d.hand_size, null, t('help_handsize')),
    select('set-hands', t('HandsToWin'), Array.from({ length: 11 }, (_, i) => [i + 1, String(i + 1)]), d.hands, null, t('help_hands')))
    : el('fieldset', {}, el('legend', {}, t('rulesGroup')), game,
    select('set-players', t('Players'), players, d.players, again, bigHelp ?? t('help_players')),
    select('set-deal', t('Deal'), options('deal', ['standard', 'scopone', 'scopone_scientifico']), d.deal, null, t('help_deal')),
    select('set-target', t('Target'), [11, 16, 21, 31].map((v) => [v, String(v)]), d.target, null, t('help_target')),
    select('set-primiera', t('Primiera'), options('primiera', ['classic', 'lenient', 'most_sevens']), d.primiera, null, t('help_primiera')),
    select('set-ace', t('Ace'), options('ace', ['none', 'takes_all', 'match_takes_all']), d.ace, null, t('help_ace')),
    checkbox('set-napola', t('Napola'), d.napola, t('help_napola')),
    checkbox('set-rebello', t('ReBello'), d.re_bello, t('help_rebello')),
    checkbox('set-kings', t('KingsRedeal'), d.kings_redeal, t('help_kings')));
  const chosen = presetOf(d.seats.slice(0, d.players));
  const presetButton = (kind, label) => el('button', {
    type: 'button', class: chosen === kind ? 'chosen' : '', 'aria-pressed': String(chosen === kind),
    'data-preset': kind, onclick: () => preset(kind),
  }, label);
  const presets = el('div', { class: 'presets' },
    presetButton('solo', t('presetSolo')), presetButton('pass', t('PassAndPlay')), presetButton('watch', t('WatchMode')));
  const seats = el('fieldset', {}, el('legend', {}, t('whoPlays')), presets);
  // The AI levels by the kind of player they play like; the handheld's level is kept for a
  // setting that already names it, hidden otherwise.
  const choices = [['human', t('Human')], ...LEVELS.map((l) => [l, `${t('Ai')}: ${t(`level_${l}`)}`, l === 'handheld'])];
  // With two people or more, each person's name (the session's texts use it; it is kept
  // with the preferences); one person against the computer is "You".
  const people = d.seats.slice(0, d.players).filter((x) => x === 'human').length;
  for (let i = 0; i < d.players; i++) {
    seats.append(select(`set-seat-${i}`, `${t('Seat')} ${i + 1}`, choices, d.seats[i] || 'expert', again));
    if (people >= 2 && (d.seats[i] || 'expert') === 'human') {
      seats.append(field(`set-name-${i}`, t('nameOf', { n: i + 1 }), el('input', {
        type: 'text', id: `set-name-${i}`, autocomplete: 'off', maxlength: '12', value: d.names[i] || '',
        placeholder: t('nameNone', { n: i + 1 }),
      })));
    }
  }
  // Undo is for one person against the computer: otherwise shown off, and why.
  const solo = d.seats.slice(0, d.players).filter((x) => x === 'human').length === 1;
  seats.append(checkbox('set-undo', t('Undo'), d.undo, solo ? t('help_undo') : t('undoOnlySolo'), !solo));
  // A room's deal is the server's to draw: no deal number to replay.
  seats.append(el('details', { id: 'set-replay', open: Boolean(d.seed), hidden: settingsOnline }, el('summary', {}, t('replayDeal')),
    field('set-seed', t('seed'), el('input', { type: 'text', id: 'set-seed', inputmode: 'numeric', autocomplete: 'off', value: d.seed || '' }),
      t('replayHelp'))));
  const display = el('fieldset', {}, el('legend', {}, t('displayGroup')),
    select('set-lang', t('Language'), [['en', 'English'], ['it', 'Italiano']], getLang(), () => {
      readDraft();
      useLang($('set-lang').value);
      savePrefs();
      staticTexts();
      drawSettings();
      redraw();
    }),
    select('set-deck', t('DeckStyle'), DECKS.map((k) => [k, t(DECK_LABEL[k])]), prefs.deck, () => {
      prefs.deck = $('set-deck').value;
      savePrefs();
      session?.setDeck(prefs.deck);
      redraw();
    }),
    select('set-pace', t('AiPace'), Object.keys(PACE).map((p) => [p, t(`pace_${p}`)]), prefs.pace, () => setPace($('set-pace').value)),
    checkbox('set-sound', t('sound'), prefs.sound, t('help_sound')));
  $('settings-body').replaceChildren(rules, seats, display);
  $('set-sound').addEventListener('change', () => {
    prefs.sound = $('set-sound').checked;
    savePrefs();
  });
  $('settings-title').textContent = t('Settings');
  $('settings-start').textContent = settingsOnline ? t('createRoom') : t('Start');
  $('settings-close').textContent = t('close');
  $('settings-rules').textContent = t('howToPlay');
}

function setPace(pace) {
  prefs.pace = pace;
  savePrefs();
  usePace();
  // The delay running goes stale: run the frame's new one.
  if (!animating) run(session.peek().next);
}

function readDraft() {
  const v = (id) => $(id)?.value;
  const players = Number(v('set-players'));
  const seats = [];
  for (let i = 0; i < players; i++) seats.push(v(`set-seat-${i}`) || draft.seats[i] || 'expert');
  // Names of the seats people play (an AI's seat keeps its default name).
  const names = seats.map((s, i) => (s === 'human' ? ($(`set-name-${i}`)?.value ?? draft.names?.[i] ?? '') : ''));
  // The other game's options are not on the form: they keep their values.
  const num = (id, old) => ($(id) ? Number(v(id)) : old);
  const check = (id, old) => ($(id) ? $(id).checked : old);
  draft = {
    ...draft, game: v('set-game') || draft.game, players, hand_size: num('set-handsize', draft.hand_size), hands: num('set-hands', draft.hands),
    deal: v('set-deal') ?? draft.deal, target: num('set-target', draft.target), primiera: v('set-primiera') ?? draft.primiera,
    ace: v('set-ace') ?? draft.ace, napola: check('set-napola', draft.napola), re_bello: check('set-rebello', draft.re_bello),
    kings_redeal: check('set-kings', draft.kings_redeal), seats, undo: $('set-undo').checked && !$('set-undo').disabled, seed: v('set-seed'),
    names,
  };
}

function preset(kind) {
  readDraft();
  draft.seats = draft.seats.map((s, i) => {
    if (kind === 'pass') return 'human';
    if (kind === 'watch') return s === 'human' ? 'expert' : s;
    return i === 0 ? 'human' : (s === 'human' ? 'expert' : s);
  });
  drawSettings();
}

function openSettings(forRoom = false) {
  settingsOnline = forRoom === true;
  draft = { ...DEFAULT_SETTINGS, ...prefs.settings, seats: [...prefs.settings.seats], seed: '', names: [...prefs.names] };
  // A room is for people: every seat a person to begin with.
  if (settingsOnline) draft.seats = draft.seats.map(() => 'human');
  $('settings-error').textContent = '';
  drawSettings();
  if (!$('dlg-settings').open) $('dlg-settings').showModal();
}

// Whether a match would be lost by starting another: one is on, and has been played in
// (or came back from a save).
function inProgress() {
  if (keptSave) return true;
  const frame = session?.peek();
  if (!frame || frame.banner?.kind === 'match_over') return false;
  return restored || record.script.length > 0;
}

// Asks before something that cannot be taken back; resolves to whether to go ahead.
function confirmFirst(text, yes) {
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  $('confirm-no').textContent = t('keepIt');
  $('dlg-confirm').returnValue = '';
  $('dlg-confirm').showModal();
  return new Promise((resolve) => {
    $('dlg-confirm').addEventListener('close', () => resolve($('dlg-confirm').returnValue === 'yes'), { once: true });
  });
}

// New match: the same settings, a new deal (after asking, if a match is in progress);
// Settings is where they change.
async function newMatch() {
  // In a room, a new match is a local one: it leaves the room, so it asks first.
  if (session?.remote && !(await confirmFirst(t('confirmLeaveRoom'), t('confirmNewOk')))) return;
  if (inProgress() && !(await confirmFirst(t('confirmNew'), t('confirmNewOk')))) return;
  keptSave = false; // the person chose a new match over the kept one
  if ((await newGame(prefs.settings, '')) && (await newGame(DEFAULT_SETTINGS, '', []))) return;
  show();
}

async function submitSettings(ev) {
  ev.preventDefault();
  readDraft();
  if (settingsOnline) {
    await createRoom();
    return;
  }
  if (inProgress() && !(await confirmFirst(t('confirmNew'), t('confirmNewOk')))) return;
  const { seed, names, ...settings } = draft;
  const wasKept = keptSave;
  keptSave = false;
  const err = await newGame(settings, seed, names);
  if (err) keptSave = wasKept;
  if (err) {
    $('settings-error').textContent = t('badSettings', { reason: err });
    return;
  }
  $('dlg-settings').close();
  show();
}

// ----- online (online.js) ---------------------------------------------------------------

// The settings of the dialog as the core's settings line (a session of them tells it, and
// refuses settings it cannot play); the server draws the room's secret.
async function createRoom() {
  // Names are each device's own (the server's frames name the seats): not sent.
  const { seed: _, names: __, ...settings } = draft;
  const failed = await useBig(settings);
  if (failed) {
    $('settings-error').textContent = failed;
    return;
  }
  let line;
  try {
    const probe = new WebSession({ ...settings, lang: getLang() }, 0n);
    line = probe.settingsLine();
    probe.free();
  } catch (e) {
    $('settings-error').textContent = t('badSettings', { reason: errText(e) });
    return;
  }
  if (!settings.seats.includes('human')) {
    $('settings-error').textContent = t('badSettings', { reason: t('needPerson') });
    return;
  }
  prefs.settings = settings;
  savePrefs();
  $('dlg-settings').close();
  online.create(line);
}

// A room's frames replace the local match's (kept aside until the room is left).
function enterOnline(remote) {
  if (!session?.remote) offline = session;
  session = null;
  replace(remote);
}

function leaveOnline() {
  if (!session?.remote || !offline) return;
  const local = offline;
  offline = null;
  const remote = session;
  session = null;
  remote.free();
  replace(local);
  restored = true;
  show();
}

// ----- welcome and how to play -----------------------------------------------------------

// A small position: the table's cards, the card played and what it takes (highlighted).
// In Briscola, `trump` is the briscola face up (drawn apart, turned).
function position({ table = [], play = null, take = [], trump = null }) {
  const cards = (list, cls) => el('div', { class: `row ${cls}` }, ...list.map((c) => {
    const f = face(cardIndex(c));
    if (take.includes(c)) f.classList.add('taken-mark');
    return f;
  }));
  const parts = [];
  if (trump) parts.push(el('div', { class: 'row trump-row' }, el('span', { class: 'trump' }, face(cardIndex(trump)))));
  parts.push(cards(table, 'on-table'));
  if (play) parts.push(el('span', { class: 'arrow' }, '←'), cards([play], 'played'));
  return el('div', { class: 'position', 'aria-hidden': 'true' }, ...parts);
}

function showRules() {
  const r = RULES[getLang()];
  const b = BRISCOLA[getLang()];
  $('rules-title').textContent = r.title;
  const sections = (list) => list.map((sec) => el('section', { class: 'rule' },
    el('h3', {}, sec.h), el('p', {}, sec.p), ...(sec.table ? [position(sec)] : [])));
  // Both games the app offers: the one being played first.
  const parts = [[el('h3', { class: 'game-title', id: 'rules-scopa' }, t('Scopa')), ...sections(r.sections)],
    [el('h3', { class: 'game-title', id: 'rules-briscola' }, b.title), ...sections(b.sections)]];
  if (session && isBriscola(session.peek())) parts.reverse();
  $('rules-body').replaceChildren(...parts.flat());
  $('rules-close').textContent = t('close');
  if (!$('dlg-rules').open) $('dlg-rules').showModal();
  // Read from the top (focusing Close scrolled to it; Close stays in view below).
  $('dlg-rules').scrollTop = 0;
}

// The first visit's welcome; a friend's invite link gets its own words (the table that
// opens is the room's, with people, not a match against the computer).
function showWelcome(invited = false) {
  $('welcome-title').textContent = t('welcomeTitle');
  $('welcome-text').textContent = t(invited ? 'welcomeInvite' : 'welcomeText');
  $('welcome-rules').textContent = t('howToPlay');
  $('welcome-play').textContent = t('play');
  if (!$('dlg-welcome').open) $('dlg-welcome').showModal();
}

// ----- start ------------------------------------------------------------------------------

function staticTexts() {
  $('btn-hint').textContent = t('Hint');
  $('btn-undo').textContent = t('Undo');
  $('btn-new').textContent = t('NewMatch');
  $('btn-settings').textContent = t('Settings');
  $('btn-stats').textContent = t('Statistics');
  $('btn-rules').textContent = t('howToPlay');
  $('btn-log').textContent = t('thisHand');
  $('btn-online').textContent = t('playFriends');
  $('btn-menu').textContent = t('menu');
  $('title').textContent = t('title');
  document.querySelector('nav.actions').setAttribute('aria-label', t('menu'));
}

function wire() {
  $('btn-hint').addEventListener('click', showHint);
  $('btn-undo').addEventListener('click', () => act('undo'));
  $('btn-pause').addEventListener('click', () => {
    paused = !paused;
    if (paused) drop();
    drawPause();
    if (!paused && !animating) run(session.peek().next);
  });
  $('watch-speed').addEventListener('change', () => setPace($('watch-speed').value));
  $('btn-new').addEventListener('click', newMatch);
  // A menu entry chosen: the menu closes (a phone's; from 900 px it is part of the bar).
  for (const b of $('menu').querySelectorAll('button')) {
    b.addEventListener('click', () => {
      if ($('menu').matches(':popover-open')) $('menu').hidePopover();
    });
  }
  $('btn-settings').addEventListener('click', openSettings);
  $('btn-stats').addEventListener('click', showStats);
  $('btn-log').addEventListener('click', showLog);
  $('btn-online').addEventListener('click', online.openDialog);
  $('online-close').addEventListener('click', () => $('dlg-online').close());
  $('dlg-online').addEventListener('close', redraw);
  $('last-trick').addEventListener('click', showLastTrick);
  $('trick-close').addEventListener('click', () => $('dlg-trick').close());
  $('dlg-trick').addEventListener('close', redraw);
  $('log-close').addEventListener('click', () => $('dlg-log').close());
  $('dlg-log').addEventListener('close', redraw);
  for (const id of ['btn-rules', 'over-rules', 'settings-rules', 'welcome-rules']) $(id).addEventListener('click', showRules);
  $('rules-close').addEventListener('click', () => $('dlg-rules').close());
  $('welcome-play').addEventListener('click', () => $('dlg-welcome').close());
  // The welcome is shown once: however it closes, it is not shown again.
  $('dlg-welcome').addEventListener('close', () => {
    store.setWelcomed();
    redraw();
  });
  $('dlg-rules').addEventListener('close', redraw);
  $('confirm-yes').addEventListener('click', () => $('dlg-confirm').close('yes'));
  $('confirm-no').addEventListener('click', () => $('dlg-confirm').close('no'));
  // A room's dialog stays open until the room's answer closes (or keeps) it: closing it
  // at once would show it again from the frame still shown.
  const onward = (id, line) => () => {
    if (!session?.remote) $(id).close();
    act(line);
  };
  $('summary-continue').addEventListener('click', onward('dlg-summary', 'continue'));
  $('handoff-ready').addEventListener('click', onward('dlg-handoff', 'continue'));
  $('over-rematch').addEventListener('click', onward('dlg-over', 'rematch'));
  $('over-settings').addEventListener('click', () => {
    $('dlg-over').close();
    openSettings();
  });
  $('over-stats').addEventListener('click', showStats);
  $('message-ok').addEventListener('click', closeMessage);
  $('stats-close').addEventListener('click', () => $('dlg-stats').close());
  $('stats-reset').addEventListener('click', async () => {
    if (!(await confirmFirst(t('confirmStats'), t('confirmStatsOk')))) return;
    store.clearStats();
    showStats();
  });
  $('settings-form').addEventListener('submit', submitSettings);
  $('settings-close').addEventListener('click', () => $('dlg-settings').close());
  // However the settings close (the button, Escape), the game shows what it waits for again.
  $('dlg-settings').addEventListener('close', redraw);
  // A reading dialog closed (after the listeners above have redrawn): the game goes on.
  for (const id of READING) $(id).addEventListener('close', goOn);
  // Dialogs that wait for the game's answer: Escape must not leave the game stuck.
  for (const id of ['dlg-summary', 'dlg-over', 'dlg-handoff']) $(id).addEventListener('cancel', (e) => e.preventDefault());
  // Reduced motion on or off: the scopa banner's time follows.
  window.matchMedia('(prefers-reduced-motion: reduce)').addEventListener('change', () => {
    if (session) usePace();
    if (session && !animating) run(session.peek().next);
  });
  // Arrow keys move between the buttons of a row; Enter or Space presses (they are buttons).
  for (const id of ['hand', 'table', 'choice']) {
    $(id).addEventListener('keydown', (e) => {
      if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
      const items = [...$(id).querySelectorAll('button:not(:disabled)')];
      const at = items.indexOf(document.activeElement);
      if (at < 0) return;
      const next = items[(at + (e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1) + items.length) % items.length];
      for (const b of items) b.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
      e.preventDefault();
    });
  }
}

function loadPrefs() {
  const p = store.readPrefs() || {};
  if (DECKS.includes(p.deck)) prefs.deck = p.deck;
  prefs.sound = p.sound === true;
  if (Object.hasOwn(PACE, p.pace)) prefs.pace = p.pace;
  prefs.lang = ['en', 'it'].includes(p.lang) ? p.lang : langFromTag((navigator.languages || [])[0] || navigator.language || 'en');
  if (Array.isArray(p.names)) prefs.names = p.names.slice(0, 8).map((n) => (typeof n === 'string' ? n : ''));
  if (p.settings && typeof p.settings === 'object' && Array.isArray(p.settings.seats)) {
    prefs.settings = { ...DEFAULT_SETTINGS, ...p.settings };
  }
}

async function main() {
  window.__scopa = {
    ready: false, record, busy, sounds: () => sounds, heard: () => [...heard], online: online.debug(), label: (key) => t(key),
  };
  wire();
  // A first visit's welcome at once, while the game downloads (it needs nothing of the
  // wasm): in the language of the preferences, else the browser's; the core's texts take
  // over once the wasm has started. Until then only the welcome and How to play can open.
  const invited = new URLSearchParams(location.search).has('join');
  const early = !store.welcomed() && store.readSave() === null;
  if (early) {
    const kept = store.readPrefs()?.lang;
    const tag = (navigator.languages || [])[0] || navigator.language || 'en';
    setLang(['en', 'it'].includes(kept) ? kept : (/^it(?![a-z])/i.test(tag) ? 'it' : 'en'));
    showWelcome(invited);
  }
  // The wasm, fetched once and compiled while it downloads; the worker gets the module.
  const module = await WebAssembly.compileStreaming(fetch(new URL('./pkg/scopa_web_bg.wasm', import.meta.url)));
  await init({ module_or_path: module });
  loadPrefs();
  store.dropOldLog();
  useLang(prefs.lang);
  staticTexts();
  let damaged = null;
  try {
    const bytes = store.readSave();
    if (bytes && saveNeedsBig(bytes) && !bigLoaded()) {
      try {
        bigModule = await loadBig();
      } catch (e) {
        keptSave = errText(e);
      }
    }
    if (bytes && !keptSave) {
      replace(WebSession.restore(bytes));
      applyNames();
      restored = true;
      quiet = true;
      if (session.setLang(prefs.lang).save) save();
    }
  } catch (e) {
    damaged = errText(e);
    store.setAsideSave(damaged);
    session = null;
  }
  if (!session && (await newGame(keptSave ? DEFAULT_SETTINGS : prefs.settings, ''))) await newGame(DEFAULT_SETTINGS, '', []);
  $('app').classList.remove('loading');
  if (!store.welcomed() && !damaged) showWelcome(invited);
  if (damaged || keptSave) {
    // The new match is drawn under the message and goes on once it is read.
    const read = showMessage(damaged ? t('damaged', { reason: damaged }) : t('bigKept', { reason: keptSave }));
    redraw();
    read.then(show);
  } else {
    show();
  }
  online.attach({
    el, enter: enterOnline, leave: leaveOnline, show, redraw, current: () => session, setStatus, cardName,
    settingsFor: openSettings, failed: (text) => {
      leaveOnline();
      showMessage(text);
    },
  });
  online.resumeOnLoad();
  window.__scopa.ready = true;
  performance.mark('scopa-interactive');
  // The AI's worker starts once the service worker controls the page, so that the worker's
  // script and the wasm's JS glue come from the service worker's store, not a second
  // download (issue 37). Until then (a first visit's first seconds) an AI's move is
  // computed on the page; without a service worker the worker starts at once.
  const sw = navigator.serviceWorker;
  if (!sw || sw.controller) {
    startWorker(module);
  } else {
    const once = () => {
      if (!worker) startWorker(module);
    };
    sw.addEventListener('controllerchange', once, { once: true });
    sw.register('./sw.js').catch(once);
    return;
  }
  if (sw) sw.register('./sw.js').catch(() => {});
}

main().catch((e) => {
  document.body.textContent = `Scopa could not start: ${errText(e)}`;
  throw e;
});
