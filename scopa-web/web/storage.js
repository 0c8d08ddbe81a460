// Browser storage: the session's save bytes (written after every action), the player's
// preferences and the local statistics. A storage that refuses (private mode, quota) never
// stops the game: the calls report failure and the match goes on unsaved.

const SAVE = 'scopa.v1.save';
const DAMAGED = 'scopa.v1.damaged';
const PREFS = 'scopa.v1.prefs';
const STATS = 'scopa.v1.stats';

function get(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function toBase64(bytes) {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function writeSave(bytes) {
  return set(SAVE, toBase64(bytes));
}

// The saved bytes, `null` if none; throws if the stored text is not base64.
export function readSave() {
  const text = get(SAVE);
  return text === null ? null : fromBase64(text);
}

// Moves a save that cannot be resumed aside (kept, never deleted) and clears the slot.
export function setAsideSave(reason) {
  const text = get(SAVE);
  if (text !== null) {
    set(DAMAGED, JSON.stringify({ at: new Date().toISOString(), reason: String(reason), save: text }));
  }
  try {
    localStorage.removeItem(SAVE);
  } catch {
    // nothing stored, nothing to remove
  }
}

export function readPrefs() {
  try {
    const p = JSON.parse(get(PREFS) || 'null');
    return p && typeof p === 'object' ? p : null;
  } catch {
    return null;
  }
}

export function writePrefs(prefs) {
  return set(PREFS, JSON.stringify(prefs));
}

export function readStats() {
  try {
    const s = JSON.parse(get(STATS) || 'null');
    if (s && typeof s === 'object' && s.rows && typeof s.rows === 'object') return s;
  } catch {
    // unreadable statistics start again from zero
  }
  return { rows: {}, recorded: [] };
}

// Counts a finished match once: `id` identifies it (its final save), `key` its rules and
// AI levels, `won` whether the human side won.
export function recordResult(id, key, won) {
  const s = readStats();
  if (s.recorded.includes(id)) return s;
  const row = s.rows[key] || { won: 0, lost: 0 };
  if (won) row.won += 1;
  else row.lost += 1;
  s.rows[key] = row;
  s.recorded = [...s.recorded, id].slice(-20);
  set(STATS, JSON.stringify(s));
  return s;
}

export function clearStats() {
  set(STATS, JSON.stringify({ rows: {}, recorded: [] }));
}

// The welcome is shown on the first visit only.
const WELCOMED = 'scopa.v1.welcomed';
export function welcomed() {
  return get(WELCOMED) === '1';
}
export function setWelcomed() {
  return set(WELCOMED, '1');
}

// The hand's log is the frame's now (`hand_log`): the page's own copy, which older versions
// kept under this key, is removed.
export function dropOldLog() {
  try {
    localStorage.removeItem('scopa.v1.log');
  } catch {
    // a storage that refuses: nothing was kept either
  }
}

export { toBase64 };
