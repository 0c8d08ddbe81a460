// The page: renders the session's phase and state, turns taps and keys into session
// actions, paces and animates, saves the session's bytes after every action. It decides no
// rule, score, seed or turn: the wasm `Game` does (see scopa-web/src/lib.rs).

import init, { Game } from './pkg/scopa_web.js';
import { backSvg, cardSvg } from './cards.js';
import { browserLang, cardList, cardName, getLang, setLang, t } from './i18n.js';
import * as store from './storage.js';

const $ = (id) => document.getElementById(id);
const LEVELS = ['random', 'easy', 'medium', 'expert', 'handheld'];
// AI pause before a play, and animation time of one flight, in ms.
const PACE = { slow: [1300, 460], normal: [700, 300], fast: [250, 150], instant: [0, 0] };
const DEFAULT_SETTINGS = {
  players: 2, deal: 'standard', target: 11, primiera: 'classic', ace: 'none',
  napola: false, re_bello: false, kings_redeal: true, seats: ['human', 'expert'],
};

let prefs = { deck: 'italian', pace: 'normal', lang: browserLang(), settings: DEFAULT_SETTINGS };
let game = null;
let token = 0; // bumped when the game is replaced: late AI replies and animations are dropped
let busy = false;
let bottom = 0;
let worker = null;
let workerCalls = new Map();
let nextCall = 1;
let optionFocus = -1;
const transcript = [];

// ----- small helpers ----------------------------------------------------------------------

const errText = (e) => (e && e.message ? e.message : String(e));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const flightMs = () => (reducedMotion() ? 0 : PACE[prefs.pace][1]);

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'html') e.innerHTML = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function face(index) {
  return el('span', { class: 'cardface', html: cardSvg(index, prefs.deck) });
}

function back() {
  return el('span', { class: 'cardface', html: backSvg() });
}

const sideOf = (st, seat) => (st.players === 4 ? seat % 2 : seat);
const humans = (st) => st.seats.filter((s) => s === 'human').length;

function seatName(st, seat) {
  if (st.seats[seat] === 'human') return humans(st) === 1 ? t('you') : t('player', { n: seat + 1 });
  return t('seat', { n: seat + 1 });
}

function sideName(st, side) {
  if (st.players !== 4) return seatName(st, side);
  return `${t('team', { n: side + 1 })} (${seatName(st, side)}, ${seatName(st, side + 2)})`;
}

function moveText(st, seat, mv) {
  const name = seatName(st, seat);
  const card = cardName(mv.card, prefs.deck);
  return mv.capture.length === 0
    ? t('laid', { name, card })
    : t('took', { name, card, cards: cardList(mv.capture, prefs.deck) });
}

function setStatus(text) {
  $('status').textContent = text;
}

function savePrefs() {
  store.writePrefs(prefs);
}

// ----- the game ---------------------------------------------------------------------------

function randomSeed() {
  const w = new Uint32Array(2);
  crypto.getRandomValues(w);
  return (BigInt(w[0] & 0x1fffff) << 32n) | BigInt(w[1]);
}

// Replaces the game; returns an error text if the settings are refused.
function newGame(settings, seedText) {
  let seed;
  try {
    seed = seedText && seedText.trim() !== '' ? BigInt(seedText.trim()) : randomSeed();
    if (seed < 0n || seed >= 1n << 64n) throw new Error('the seed must be 0 … 18446744073709551615');
  } catch (e) {
    return errText(e);
  }
  let g;
  try {
    g = new Game({ ...settings, lang: getLang() }, seed);
  } catch (e) {
    return errText(e);
  }
  if (game) game.free();
  game = g;
  token += 1;
  busy = false;
  transcript.length = 0;
  prefs.settings = settings;
  savePrefs();
  save();
  return null;
}

function save() {
  store.writeSave(game.toBytes());
}

// Applies an action, saves, and returns its events.
function act(action) {
  const events = game.apply(action);
  save();
  for (const e of events) if (e.kind === 'played') transcript.push(`${e.seat} ${e.move.text}`);
  return events;
}

// ----- the AI in a Web Worker -------------------------------------------------------------

function startWorker() {
  try {
    worker = new Worker('./ai-worker.js', { type: 'module' });
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

// The AI's move for the current bytes: in the worker, or here if there is none.
function aiMove(bytes) {
  if (!worker) return Promise.resolve(game.aiMove());
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    workerCalls.set(id, { resolve, reject });
    worker.postMessage({ id, bytes });
  });
}

async function runAi(seat) {
  const mine = token;
  busy = true;
  const st = game.state();
  setStatus(t('thinking', { name: seatName(st, seat) }));
  const started = performance.now();
  let mv;
  try {
    mv = await aiMove(game.toBytes());
  } catch {
    mv = null;
  }
  if (mine !== token) return;
  const wait = PACE[prefs.pace][0] - (performance.now() - started);
  if (wait > 0) await sleep(wait);
  if (mine !== token) return;
  const events = mv
    ? act({ kind: 'ai_play', card: mv.card, capture: mv.capture })
    : act({ kind: 'run_ai' });
  await animate(events, st);
  if (mine !== token) return;
  busy = false;
  advance();
}

// ----- animation --------------------------------------------------------------------------

async function fly(nodes, toRect, ms) {
  if (ms <= 0 || !toRect) return;
  const layer = $('fly');
  const runs = nodes.map(({ index, from, faceUp }) => {
    if (!from) return Promise.resolve();
    const node = faceUp ? face(index) : back();
    Object.assign(node.style, {
      left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`,
    });
    layer.append(node);
    const dx = toRect.left + toRect.width / 2 - (from.left + from.width / 2);
    const dy = toRect.top + toRect.height / 2 - (from.top + from.height / 2);
    const scale = Math.max(0.3, Math.min(3, (toRect.height * 0.9) / from.height));
    const anim = node.animate(
      [{ transform: 'none' }, { transform: `translate(${dx}px, ${dy}px) scale(${scale})` }],
      { duration: ms, easing: 'ease-in-out', fill: 'forwards' },
    );
    return anim.finished.then(() => node.remove(), () => node.remove());
  });
  await Promise.all(runs);
}

const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
const seatNode = (seat) => document.querySelector(`.seat[data-seat="${seat}"] .backs`);
const tableCard = (index) => document.querySelector(`#table [data-card="${index}"]`);
const handCard = (index) => document.querySelector(`#hand [data-card="${index}"]`);

function pileRect(st, side) {
  if (sideOf(st, bottom) === side) return rectOf($('me-info'));
  for (let s = 0; s < st.players; s++) {
    if (s !== bottom && sideOf(st, s) === side) return rectOf(seatNode(s));
  }
  return null;
}

async function banner(text, ms) {
  const b = $('banner');
  b.textContent = text;
  if (ms <= 0) {
    b.textContent = '';
    return;
  }
  await b.animate(
    [{ opacity: 0, transform: 'scale(0.5)' }, { opacity: 1, transform: 'scale(1.15)', offset: 0.3 },
      { opacity: 1, transform: 'scale(1)', offset: 0.75 }, { opacity: 0, transform: 'scale(1)' }],
    { duration: ms * 3, easing: 'ease-out' },
  ).finished.catch(() => {});
  b.textContent = '';
}

// Animates the events of one play against the page as it was before it (`st`).
async function animate(events, st) {
  const ms = flightMs();
  for (const e of events) {
    if (e.kind === 'played') {
      setStatus(moveText(st, e.seat, e.move));
      const source = handCard(e.move.card) || seatNode(e.seat);
      const fromMine = Boolean(handCard(e.move.card));
      const tableRect = rectOf($('table'));
      await fly([{ index: e.move.card, from: rectOf(source), faceUp: fromMine || ms > 0 }], tableRect, ms);
      if (e.move.capture.length > 0) {
        const nodes = e.move.capture.map((c) => ({ index: c, from: rectOf(tableCard(c)), faceUp: true }));
        for (const c of e.move.capture) {
          const n = tableCard(c);
          if (n) n.style.visibility = 'hidden';
        }
        nodes.push({ index: e.move.card, from: tableRect && centerRect(tableRect, rectOf(source)), faceUp: true });
        await fly(nodes, pileRect(st, sideOf(st, e.seat)), ms);
      }
    } else if (e.kind === 'scopa') {
      setStatus(t('sweptBy', { name: seatName(st, e.seat) }));
      await banner(t('scopa'), ms);
    } else if (e.kind === 'collected') {
      setStatus(t('collected', { name: sideName(st, e.side) }));
      const nodes = e.cards.map((c) => ({ index: c, from: rectOf(tableCard(c)), faceUp: true }));
      await fly(nodes, pileRect(st, e.side), ms);
    } else if (e.kind === 'dealt') {
      setStatus(t('dealt', { n: e.deck_left }));
    }
  }
}

function centerRect(area, like) {
  if (!like) return null;
  return {
    left: area.left + area.width / 2 - like.width / 2, top: area.top + area.height / 2 - like.height / 2,
    width: like.width, height: like.height,
  };
}

// ----- rendering --------------------------------------------------------------------------

function renderScore(st) {
  const parts = [];
  for (let s = 0; s < st.sides; s++) {
    const name = st.players === 4 ? t('team', { n: s + 1 }) : seatName(st, s);
    parts.push(`${name} ${st.scores[s]}`);
  }
  $('score').textContent = `${parts.join(' – ')} · ${t('toWin', { n: st.target })}`;
}

function countsText(st, seat) {
  const side = sideOf(st, seat);
  let s = `${t('handCount', { n: st.hand_sizes[seat] })} · ${t('pile', { n: st.piles[side] })}`;
  if (st.scope[side] > 0) s += ` · ${t('scope', { n: st.scope[side] })}`;
  return s;
}

function renderOpponents(st, ph) {
  const box = $('opponents');
  box.replaceChildren();
  for (let k = st.players - 1; k >= 1; k--) {
    const seat = (bottom + k) % st.players;
    const level = st.seats[seat] === 'human' ? t('human') : t(`level_${st.seats[seat]}`);
    const partner = st.players === 4 && k === 2 ? ` · ${t('partner')}` : '';
    const backs = el('div', { class: 'backs' });
    for (let i = 0; i < st.hand_sizes[seat]; i++) backs.append(back());
    const turn = ph.seat === seat && ['ai_due', 'play', 'choose_capture', 'hand_off'].includes(ph.kind);
    box.append(el('div', { class: `seat${turn ? ' turn' : ''}`, 'data-seat': seat },
      el('span', { class: 'name' }, `${seatName(st, seat)}${partner}`),
      el('span', { class: 'counts' }, level),
      backs,
      el('span', { class: 'counts' }, countsText(st, seat))));
  }
}

function renderTable(st, ph) {
  const table = $('table');
  table.setAttribute('aria-label', t('table'));
  table.replaceChildren();
  const deck = $('deck');
  deck.replaceChildren(back(), el('span', {}, t('cardsLeft', { n: st.deck_left })));
  deck.setAttribute('aria-label', `${t('deck')}: ${t('cardsLeft', { n: st.deck_left })}`);
  deck.setAttribute('role', 'img');
  if (st.table.length === 0) {
    table.append(el('p', { class: 'empty' }, t('emptyTable')));
    return;
  }
  const choosing = ph.kind === 'choose_capture';
  for (const c of st.table) {
    const inOptions = choosing ? ph.options.map((o, i) => (o.includes(c) ? i : -1)).filter((i) => i >= 0) : [];
    const b = el('button', {
      type: 'button', class: 'card', 'data-card': c, 'aria-label': cardName(c, prefs.deck),
      disabled: inOptions.length === 0,
      onclick: () => chooseFromTable(c),
    }, face(c));
    if (inOptions.length) b.classList.add('option');
    if (choosing && optionFocus >= 0 && ph.options[optionFocus]?.includes(c)) b.classList.add('focus');
    table.append(b);
  }
}

function renderChoice(st, ph) {
  const box = $('choice');
  box.replaceChildren();
  if (ph.kind !== 'choose_capture') {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.append(el('span', {}, t('chooseCapture', { card: cardName(ph.card, prefs.deck) })));
  ph.options.forEach((opt, i) => {
    box.append(el('button', {
      type: 'button', 'data-option': i,
      onclick: () => takeCapture(i),
      onfocus: () => { optionFocus = i; highlightOption(ph); },
      onmouseenter: () => { optionFocus = i; highlightOption(ph); },
    }, t('take', { cards: cardList(opt, prefs.deck) })));
  });
  box.append(el('button', { type: 'button', id: 'choice-cancel', onclick: cancelCapture }, t('cancel')));
}

function highlightOption(ph) {
  for (const b of document.querySelectorAll('#table .card')) {
    const c = Number(b.dataset.card);
    b.classList.toggle('focus', optionFocus >= 0 && ph.options[optionFocus].includes(c));
  }
}

function renderHand(st, ph) {
  const hand = $('hand');
  hand.replaceChildren();
  hand.setAttribute('aria-label', t('yourHand'));
  const info = $('me-info');
  const myTurn = st.viewer !== null && st.viewer !== undefined && ph.seat === st.viewer &&
    (ph.kind === 'play' || ph.kind === 'choose_capture');
  info.className = `me-info${myTurn ? ' turn' : ''}`;
  info.textContent = `${seatName(st, bottom)} · ${countsText(st, bottom)}`;
  if (st.viewer === null || st.viewer === undefined) {
    for (let i = 0; i < st.hand_sizes[bottom]; i++) hand.append(el('span', { class: 'card' }, back()));
    return;
  }
  const canPlay = ph.kind === 'play' && ph.seat === st.viewer && !busy;
  st.hand.forEach((c, i) => {
    const b = el('button', {
      type: 'button', class: 'card', 'data-card': c, 'aria-label': cardName(c, prefs.deck),
      disabled: !canPlay && !(ph.kind === 'choose_capture' && ph.card === c),
      tabindex: i === 0 ? '0' : '-1',
      onclick: () => (ph.kind === 'choose_capture' ? cancelCapture() : selectCard(c)),
    }, face(c));
    if (ph.kind === 'choose_capture' && ph.card === c) b.classList.add('selected');
    hand.append(b);
  });
}

function render() {
  const st = game.state();
  const ph = game.phase();
  if (st.viewer !== null && st.viewer !== undefined) bottom = st.viewer;
  else if (ph.kind === 'hand_off') bottom = ph.seat;
  if (ph.kind !== 'choose_capture') optionFocus = -1;
  renderScore(st);
  renderOpponents(st, ph);
  renderTable(st, ph);
  renderChoice(st, ph);
  renderHand(st, ph);
  $('btn-hint').disabled = !(ph.kind === 'play' || ph.kind === 'choose_capture') || busy;
  return { st, ph };
}

// ----- the flow: the session says what comes next ------------------------------------------

function closeGameDialogs() {
  for (const id of ['dlg-summary', 'dlg-over', 'dlg-handoff']) {
    if ($(id).open) $(id).close();
  }
}

function advance() {
  if (busy) {
    render();
    return;
  }
  closeGameDialogs();
  const { st, ph } = render();
  switch (ph.kind) {
    case 'ai_due':
      runAi(ph.seat);
      return;
    case 'hand_summary':
      showSummary(st);
      break;
    case 'match_over':
      recordStats(st, ph);
      showOver(st, ph);
      break;
    case 'hand_off':
      showHandOff(st, ph);
      break;
    case 'play':
      setStatus(t('yourTurn'));
      if (!anyDialogOpen()) document.querySelector('#hand .card:not(:disabled)')?.focus({ preventScroll: true });
      break;
    case 'choose_capture':
      document.querySelector('#choice button')?.focus({ preventScroll: true });
      break;
    default:
      break;
  }
}

const anyDialogOpen = () => Boolean(document.querySelector('dialog[open]'));

async function selectCard(card) {
  if (busy) return;
  const before = game.state();
  let events;
  try {
    events = act({ kind: 'select', card });
  } catch (e) {
    setStatus(errText(e));
    return;
  }
  await playEvents(events, before);
}

async function takeCapture(index) {
  if (busy) return;
  const before = game.state();
  await playEvents(act({ kind: 'capture', index }), before);
}

function chooseFromTable(card) {
  const ph = game.phase();
  if (ph.kind !== 'choose_capture' || busy) return;
  const holding = ph.options.map((o, i) => (o.includes(card) ? i : -1)).filter((i) => i >= 0);
  if (holding.length === 1) {
    takeCapture(holding[0]);
  } else if (holding.length > 1) {
    // The card is in several options: each tap shows the next; the buttons confirm.
    const at = holding.indexOf(optionFocus);
    optionFocus = holding[(at + 1) % holding.length];
    highlightOption(ph);
    document.querySelector(`#choice [data-option="${optionFocus}"]`)?.focus({ preventScroll: true });
  }
}

function cancelCapture() {
  if (busy) return;
  act({ kind: 'cancel' });
  advance();
}

async function playEvents(events, before) {
  if (events.length === 0) {
    advance();
    return;
  }
  const mine = token;
  busy = true;
  render();
  await animate(events, before);
  if (mine !== token) return;
  busy = false;
  advance();
}

function showHint() {
  const h = game.hint();
  for (const n of document.querySelectorAll('.hinted')) n.classList.remove('hinted');
  if (!h) {
    setStatus(t('noHint'));
    return;
  }
  handCard(h.move.card)?.classList.add('hinted');
  for (const c of h.move.capture) tableCard(c)?.classList.add('hinted');
  const st = game.state();
  const move = moveText(st, bottom, h.move).replace(/\.$/, '');
  setStatus(t('hintText', { move, reason: h.reason }));
}

// ----- dialogs ----------------------------------------------------------------------------

function showSummary(st) {
  const finished = st.winner === null || st.winner === undefined ? st.hand_number : st.hand_number + 1;
  $('summary-title').textContent = t('handOver', { n: finished });
  const sides = st.last_hand || [];
  const head = el('tr', {}, el('th', { scope: 'col' }, ''));
  for (let s = 0; s < sides.length; s++) head.append(el('th', { scope: 'col' }, sideName(st, s)));
  const rows = [head];
  const row = (label, cells, cls) => {
    const tr = el('tr', cls ? { class: cls } : {}, el('th', { scope: 'row' }, label));
    for (const c of cells) tr.append(el('td', {}, String(c)));
    rows.push(tr);
  };
  row('', sides.map((x) => t('cardsCoins', { c: x.cards, d: x.coins })));
  row(t('row_scope'), sides.map((x) => x.scope));
  row(t('row_carte'), sides.map((x) => x.carte));
  row(t('row_denari'), sides.map((x) => x.denari));
  row(t('row_settebello'), sides.map((x) => x.settebello));
  row(t('row_primiera'), sides.map((x) => `${x.primiera} (${x.primiera_value === null || x.primiera_value === undefined
    ? t('primieraNone') : t('primieraValue', { v: x.primiera_value })})`));
  if (st.napola) row(t('row_napola'), sides.map((x) => x.napola));
  if (st.re_bello) row(t('row_re_bello'), sides.map((x) => x.re_bello));
  row(t('row_total'), sides.map((x) => x.total), 'total');
  row(t('row_match'), st.scores, 'total');
  $('summary-body').replaceChildren(el('table', { class: 'summary' }, ...rows));
  $('summary-continue').textContent = t('continue');
  $('dlg-summary').showModal();
}

function showOver(st, ph) {
  $('over-title').textContent = t('matchOver');
  const scores = st.scores.map((s, i) => `${sideName(st, i)} ${s}`).join(' · ');
  $('over-body').textContent = `${t('winner', { name: sideName(st, ph.winner) })} ${scores}`;
  $('over-rematch').textContent = t('rematch');
  $('over-settings').textContent = t('newMatch');
  $('over-stats').textContent = t('stats');
  $('dlg-over').showModal();
}

function showHandOff(st, ph) {
  const name = seatName(st, ph.seat);
  $('handoff-title').textContent = t('handOff', { name });
  $('handoff-note').textContent = t('handOffNote', { name });
  $('handoff-ready').textContent = t('ready', { name });
  setStatus(t('turnOf', { name }));
  $('dlg-handoff').showModal();
}

function showMessage(text) {
  $('message-text').textContent = text;
  $('dlg-message').showModal();
  return new Promise((resolve) => $('dlg-message').addEventListener('close', resolve, { once: true }));
}

function recordStats(st, ph) {
  if (humans(st) !== 1) return;
  const human = st.seats.indexOf('human');
  const ais = st.seats.filter((s) => s !== 'human').join(', ');
  const key = `${st.rules} | ${ais}`;
  store.recordResult(store.toBase64(game.toBytes()), key, sideOf(st, human) === ph.winner);
}

function showStats() {
  const s = store.readStats();
  const keys = Object.keys(s.rows).sort();
  $('stats-title').textContent = t('stats');
  if (keys.length === 0) {
    $('stats-body').replaceChildren(el('p', {}, t('statsEmpty')));
  } else {
    const rows = [el('tr', {}, el('th', { scope: 'col' }, t('against')), el('th', { scope: 'col' }, t('rules')),
      el('th', { scope: 'col' }, t('won')), el('th', { scope: 'col' }, t('lost')))];
    for (const k of keys) {
      const [rules, ais] = k.split(' | ');
      rows.push(el('tr', {}, el('td', {}, ais), el('td', {}, rules),
        el('td', {}, String(s.rows[k].won)), el('td', {}, String(s.rows[k].lost))));
    }
    $('stats-body').replaceChildren(el('table', { class: 'summary' }, ...rows));
  }
  $('stats-reset').textContent = t('resetStats');
  $('stats-close').textContent = t('close');
  $('dlg-stats').showModal();
}

// ----- settings ---------------------------------------------------------------------------

function select(id, label, options, value, onchange) {
  const s = el('select', { id, name: id }, ...options.map(([v, text]) =>
    el('option', { value: v, selected: String(v) === String(value) }, text)));
  if (onchange) s.addEventListener('change', onchange);
  return el('div', { class: 'field' }, el('label', { for: id }, label), s);
}

function checkbox(id, label, checked) {
  return el('div', { class: 'field' }, el('label', { for: id }, label),
    el('input', { type: 'checkbox', id, name: id, checked }));
}

let draft = null;

function seatOptions() {
  return [['human', t('human')], ...LEVELS.map((l) => [l, t(`level_${l}`)])];
}

function renderSettings() {
  const d = draft;
  const body = $('settings-body');
  const rules = el('fieldset', {}, el('legend', {}, t('rulesGroup')),
    select('set-players', t('players'), [[2, '2'], [3, '3'], [4, '4']], d.players, () => {
      readDraft();
      renderSettings();
    }),
    select('set-deal', t('dealKind'), ['standard', 'scopone', 'scopone_scientifico'].map((v) => [v, t(`deal_${v}`)]), d.deal),
    select('set-target', t('target'), [11, 16, 21, 31].map((v) => [v, String(v)]), d.target),
    select('set-primiera', t('primiera'), ['classic', 'lenient', 'most_sevens'].map((v) => [v, t(`primiera_${v}`)]), d.primiera),
    select('set-ace', t('ace'), ['none', 'takes_all', 'match_takes_all'].map((v) => [v, t(`ace_${v}`)]), d.ace),
    checkbox('set-napola', t('napola'), d.napola),
    checkbox('set-rebello', t('reBello'), d.re_bello),
    checkbox('set-kings', t('kingsRedeal'), d.kings_redeal));
  const presets = el('div', { class: 'presets' },
    el('button', { type: 'button', onclick: () => preset('solo') }, t('presetSolo')),
    el('button', { type: 'button', onclick: () => preset('pass') }, t('presetPass')),
    el('button', { type: 'button', onclick: () => preset('watch') }, t('presetWatch')));
  const seats = el('fieldset', {}, el('legend', {}, t('seats')), presets);
  for (let i = 0; i < d.players; i++) {
    seats.append(select(`set-seat-${i}`, t('seat', { n: i + 1 }), seatOptions(), d.seats[i] || 'expert'));
  }
  seats.append(el('div', { class: 'field' }, el('label', { for: 'set-seed' }, t('seed')),
    el('input', { type: 'text', id: 'set-seed', inputmode: 'numeric', autocomplete: 'off', value: d.seed || '' })));
  const display = el('fieldset', {}, el('legend', {}, t('displayGroup')),
    select('set-lang', t('language'), [['en', 'English'], ['it', 'Italiano']], prefs.lang, () => {
      readDraft();
      prefs.lang = $('set-lang').value;
      setLang(prefs.lang);
      savePrefs();
      staticTexts();
      renderSettings();
      render();
    }),
    select('set-deck', t('deckStyle'), [['italian', t('deck_italian')], ['french', t('deck_french')]], prefs.deck, () => {
      prefs.deck = $('set-deck').value;
      savePrefs();
      render();
    }),
    select('set-pace', t('pace'), Object.keys(PACE).map((p) => [p, t(`pace_${p}`)]), prefs.pace, () => {
      prefs.pace = $('set-pace').value;
      savePrefs();
    }));
  body.replaceChildren(rules, seats, display);
  $('settings-title').textContent = t('settings');
  $('settings-start').textContent = t('start');
  $('settings-close').textContent = t('close');
}

function readDraft() {
  const v = (id) => $(id)?.value;
  const players = Number(v('set-players'));
  const seats = [];
  for (let i = 0; i < players; i++) seats.push(v(`set-seat-${i}`) || draft.seats[i] || 'expert');
  draft = {
    players, deal: v('set-deal'), target: Number(v('set-target')), primiera: v('set-primiera'),
    ace: v('set-ace'), napola: $('set-napola').checked, re_bello: $('set-rebello').checked,
    kings_redeal: $('set-kings').checked, seats, seed: v('set-seed'),
  };
}

function preset(kind) {
  readDraft();
  draft.seats = draft.seats.map((s, i) => {
    if (kind === 'pass') return 'human';
    if (kind === 'watch') return 'expert';
    return i === 0 ? 'human' : (s === 'human' ? 'expert' : s);
  });
  renderSettings();
}

function openSettings() {
  draft = { ...prefs.settings, seats: [...prefs.settings.seats], seed: '' };
  $('settings-error').textContent = '';
  renderSettings();
  if (!$('dlg-settings').open) $('dlg-settings').showModal();
}

function submitSettings(ev) {
  ev.preventDefault();
  readDraft();
  const { seed, ...settings } = draft;
  const err = newGame(settings, seed);
  if (err) {
    $('settings-error').textContent = t('badSettings', { reason: err });
    return;
  }
  $('dlg-settings').close();
  advance();
}

// ----- start ------------------------------------------------------------------------------

function staticTexts() {
  $('btn-hint').textContent = t('hint');
  $('btn-new').textContent = t('newMatch');
  $('btn-settings').textContent = t('settings');
  $('btn-stats').textContent = t('stats');
  $('title').textContent = t('title');
  document.querySelector('nav.actions').setAttribute('aria-label', t('settings'));
}

function wire() {
  $('btn-hint').addEventListener('click', showHint);
  $('btn-new').addEventListener('click', openSettings);
  $('btn-settings').addEventListener('click', openSettings);
  $('btn-stats').addEventListener('click', showStats);
  $('summary-continue').addEventListener('click', () => {
    $('dlg-summary').close();
    act({ kind: 'continue' });
    advance();
  });
  $('handoff-ready').addEventListener('click', () => {
    $('dlg-handoff').close();
    act({ kind: 'continue' });
    advance();
  });
  $('over-rematch').addEventListener('click', () => {
    $('dlg-over').close();
    act({ kind: 'rematch' });
    transcript.length = 0;
    advance();
  });
  $('over-settings').addEventListener('click', () => {
    $('dlg-over').close();
    openSettings();
  });
  $('over-stats').addEventListener('click', showStats);
  $('message-ok').addEventListener('click', () => $('dlg-message').close());
  $('stats-close').addEventListener('click', () => $('dlg-stats').close());
  $('stats-reset').addEventListener('click', () => {
    store.clearStats();
    showStats();
  });
  $('settings-form').addEventListener('submit', submitSettings);
  $('settings-close').addEventListener('click', () => {
    $('dlg-settings').close();
    advance();
  });
  // Dialogs that only a choice may close: Escape must not leave the game stuck.
  for (const id of ['dlg-summary', 'dlg-over', 'dlg-handoff']) {
    $(id).addEventListener('cancel', (e) => e.preventDefault());
  }
  // Arrow keys move between the cards of a row; Enter or Space plays (they are buttons).
  for (const id of ['hand', 'table', 'choice']) {
    $(id).addEventListener('keydown', (e) => {
      if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
      const items = [...$(id).querySelectorAll('button:not(:disabled)')];
      const at = items.indexOf(document.activeElement);
      if (at < 0 || items.length === 0) return;
      const step = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1;
      const next = items[(at + step + items.length) % items.length];
      for (const b of items) b.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
      e.preventDefault();
    });
  }
}

function loadPrefs() {
  const p = store.readPrefs();
  if (!p) return;
  if (['italian', 'french'].includes(p.deck)) prefs.deck = p.deck;
  if (Object.hasOwn(PACE, p.pace)) prefs.pace = p.pace;
  if (['en', 'it'].includes(p.lang)) prefs.lang = p.lang;
  if (p.settings && typeof p.settings === 'object' && Array.isArray(p.settings.seats)) {
    prefs.settings = { ...DEFAULT_SETTINGS, ...p.settings };
  }
}

async function main() {
  window.__scopa = { ready: false, transcript, busy: () => busy, pace: () => prefs.pace };
  await init();
  loadPrefs();
  setLang(prefs.lang);
  staticTexts();
  wire();
  startWorker();
  let damaged = null;
  try {
    const bytes = store.readSave();
    if (bytes) game = Game.fromBytes(bytes);
  } catch (e) {
    damaged = errText(e);
    store.setAsideSave(damaged);
    game = null;
  }
  if (!game) {
    const err = newGame(prefs.settings, '');
    if (err) {
      prefs.settings = DEFAULT_SETTINGS;
      newGame(prefs.settings, '');
    }
  }
  $('app').classList.remove('loading');
  if (damaged) {
    render();
    showMessage(t('damaged', { reason: damaged })).then(advance);
  } else {
    advance();
  }
  window.__scopa.ready = true;
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  }
}

main().catch((e) => {
  document.body.textContent = `Scopa could not start: ${errText(e)}`;
  throw e;
});
