// Words on the page. The game's words — card names, events, phases, hints, the summary,
// the settings' labels and option names — come from the session's texts module
// (scopa_core::session::texts) through the wasm (`labels(lang)` and each frame). Only the
// few words that exist on this page alone live here, in English and Italian.

const PAGE = {
  en: {
    title: 'Scopa', toWin: 'to {n}', handCount: '{n} in hand', pile: '{n} taken', scope: '{n} scope',
    cardsLeft: '{n} cards left', emptyTable: 'The table is empty.', partner: 'partner',
    matchOver: 'Match over', presetSolo: 'Me against the computer', rulesGroup: 'Rules',
    displayGroup: 'Display', seed: 'Seed (empty: random)', close: 'Close',
    pace_slow: 'Slow', pace_normal: 'Normal', pace_fast: 'Fast', pace_instant: 'Instant',
    statsEmpty: 'No finished match against the computer yet.', against: 'Against',
    resetStats: 'Clear statistics',
    damaged: 'Your saved match could not be resumed ({reason}). It was set aside and a new match started.',
    badSettings: 'These settings cannot be played: {reason}', menu: 'Menu', handTitle: '{hand} {n}',
  },
  it: {
    title: 'Scopa', toWin: 'a {n}', handCount: '{n} in mano', pile: '{n} prese', scope: '{n} scope',
    cardsLeft: '{n} carte nel mazzo', emptyTable: 'Il tavolo è vuoto.', partner: 'compagno',
    matchOver: 'Partita finita', presetSolo: 'Io contro il computer', rulesGroup: 'Regole',
    displayGroup: 'Aspetto', seed: 'Seme (vuoto: casuale)', close: 'Chiudi',
    pace_slow: 'Lenta', pace_normal: 'Normale', pace_fast: 'Veloce', pace_instant: 'Immediata',
    statsEmpty: 'Ancora nessuna partita finita contro il computer.', against: 'Contro',
    resetStats: 'Azzera le statistiche',
    damaged: 'La partita salvata non si può riprendere ({reason}). È stata messa da parte ed è iniziata una nuova partita.',
    badSettings: 'Con queste impostazioni non si può giocare: {reason}', menu: 'Menu', handTitle: '{hand} {n}',
  },
};

let lang = 'en';
let session = {};

// Sets the language and the session's labels for it (`labels(lang)` of the wasm).
export function setLang(code, sessionLabels) {
  lang = code === 'it' ? 'it' : 'en';
  session = sessionLabels || {};
  document.documentElement.lang = lang;
}

export function getLang() {
  return lang;
}

// The text `key` — a page word, or a session label such as `NewMatch` or `level_expert` —
// with its {placeholders} filled in.
export function t(key, vars = {}) {
  const s = PAGE[lang][key] ?? session[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}
