// The page's own words (buttons, headings, screen-reader labels) in English and Italian.
// Game texts (card names, hint reasons, event lines) move to the session's texts module
// (scopa_core::session::texts) once it lands; until then the few below stand in for them.

const SUITS = {
  en: ['denari', 'coppe', 'spade', 'bastoni'],
  it: ['denari', 'coppe', 'spade', 'bastoni'],
};
const SUITS_FR = {
  en: ['diamonds', 'hearts', 'spades', 'clubs'],
  it: ['quadri', 'cuori', 'picche', 'fiori'],
};
const VALUES = {
  en: ['Ace', '2', '3', '4', '5', '6', '7', 'Jack (Fante)', 'Knight (Cavallo)', 'King (Re)'],
  it: ['Asso', '2', '3', '4', '5', '6', '7', 'Fante', 'Cavallo', 'Re'],
};
const VALUES_FR = {
  en: ['Ace', '2', '3', '4', '5', '6', '7', 'Jack', 'Queen', 'King'],
  it: ['Asso', '2', '3', '4', '5', '6', '7', 'Fante', 'Donna', 'Re'],
};

const T = {
  en: {
    title: 'Scopa', hint: 'Hint', newMatch: 'New match', settings: 'Settings', stats: 'Statistics',
    you: 'You', player: 'Player {n}', seat: 'Seat {n}', team: 'Team {n}', partner: 'partner',
    yourTurn: 'Your turn: play a card.', turnOf: '{name} to play.', thinking: '{name} is thinking…',
    chooseCapture: 'Choose what to take with {card}:', take: 'Take {cards}', cancel: 'Cancel',
    laid: '{name} laid {card}.', took: '{name} played {card} and took {cards}.',
    scopa: 'Scopa!', sweptBy: '{name} swept the table: scopa!', dealt: 'New cards dealt; {n} left in the deck.',
    collected: 'The last cards on the table go to {name}.',
    handOver: 'Hand {n} is over', matchOver: 'Match over', winner: '{name} won the match!',
    continue: 'Continue', rematch: 'Rematch', deck: 'Deck', cardsLeft: '{n} cards left',
    handCount: '{n} in hand', pile: '{n} taken', scope: '{n} scope', score: 'Score',
    handOff: 'Hand the device to {name}', handOffNote: 'The cards are hidden until {name} is ready.',
    ready: "I'm {name}: show my cards",
    hintText: 'Hint: {move}, because it {reason}.', noHint: 'No hint now.',
    row_scope: 'Scope', row_carte: 'Carte (most cards)', row_denari: 'Denari (most coins)',
    row_settebello: 'Settebello', row_primiera: 'Primiera', row_napola: 'Napola', row_re_bello: 'Re bello',
    row_total: 'Points this hand', row_match: 'Match score', cardsCoins: '{c} cards, {d} coins',
    primieraValue: 'value {v}', primieraNone: 'no primiera',
    players: 'Players', dealKind: 'Deal', deal_standard: '3 cards at a time',
    deal_scopone: 'Scopone (9 each, 4 players)', deal_scopone_scientifico: 'Scopone scientifico (10 each, 4 players)',
    target: 'Points to win', primiera: 'Primiera', primiera_classic: 'Classic (all four suits)',
    primiera_lenient: 'Lenient (missing suits count 0)', primiera_most_sevens: 'Most sevens',
    ace: 'Ace', ace_none: 'Plain 1', ace_takes_all: 'Takes the whole table (asso piglia tutto)',
    ace_match_takes_all: 'Ace on ace takes all (scopa d\'assi)',
    napola: 'Napola', reBello: 'Re bello', kingsRedeal: 'Redeal when 3 kings are on the table',
    seats: 'Seats', human: 'Human', level_random: 'AI: random', level_easy: 'AI: easy',
    level_medium: 'AI: medium', level_expert: 'AI: expert', level_handheld: 'AI: handheld',
    presetSolo: 'Me against AI', presetPass: 'Pass and play', presetWatch: 'Watch AIs play',
    language: 'Language', deckStyle: 'Deck', deck_italian: 'Italian suits', deck_french: 'French suits',
    pace: 'AI pace', pace_slow: 'Slow', pace_normal: 'Normal', pace_fast: 'Fast', pace_instant: 'Instant',
    seed: 'Seed (empty: random)', start: 'Start new match', close: 'Close', apply: 'Apply',
    rulesGroup: 'Rules', displayGroup: 'Display',
    statsEmpty: 'No finished match against the AI yet.', won: 'Won', lost: 'Lost', rules: 'Rules',
    against: 'Against', resetStats: 'Clear statistics',
    damaged: 'Your saved match could not be resumed ({reason}). It was set aside and a new match started.',
    badSettings: 'These settings cannot be played: {reason}', yourHand: 'Your hand', table: 'Table',
    emptyTable: 'The table is empty.', hidden: 'hidden', on: 'on', off: 'off',
    offline: 'Ready to play offline.', toWin: 'to {n}', lastPlay: 'Last play',
  },
  it: {
    title: 'Scopa', hint: 'Suggerimento', newMatch: 'Nuova partita', settings: 'Impostazioni', stats: 'Statistiche',
    you: 'Tu', player: 'Giocatore {n}', seat: 'Posto {n}', team: 'Squadra {n}', partner: 'compagno',
    yourTurn: 'Tocca a te: gioca una carta.', turnOf: 'Tocca a {name}.', thinking: '{name} sta pensando…',
    chooseCapture: 'Scegli cosa prendere con {card}:', take: 'Prendi {cards}', cancel: 'Annulla',
    laid: '{name} ha calato {card}.', took: '{name} ha giocato {card} e ha preso {cards}.',
    scopa: 'Scopa!', sweptBy: '{name} ha fatto scopa!', dealt: 'Nuove carte; {n} rimaste nel mazzo.',
    collected: 'Le ultime carte in tavola vanno a {name}.',
    handOver: 'Fine della mano {n}', matchOver: 'Partita finita', winner: '{name} ha vinto la partita!',
    continue: 'Continua', rematch: 'Rivincita', deck: 'Mazzo', cardsLeft: '{n} carte nel mazzo',
    handCount: '{n} in mano', pile: '{n} prese', scope: '{n} scope', score: 'Punteggio',
    handOff: 'Passa il dispositivo a {name}', handOffNote: 'Le carte restano coperte finché {name} è pronto.',
    ready: 'Sono {name}: mostra le mie carte',
    hintText: 'Suggerimento: {move}, perché {reason}.', noHint: 'Nessun suggerimento ora.',
    row_scope: 'Scope', row_carte: 'Carte (più carte)', row_denari: 'Denari (più denari)',
    row_settebello: 'Settebello', row_primiera: 'Primiera', row_napola: 'Napola', row_re_bello: 'Re bello',
    row_total: 'Punti della mano', row_match: 'Punteggio della partita', cardsCoins: '{c} carte, {d} denari',
    primieraValue: 'valore {v}', primieraNone: 'nessuna primiera',
    players: 'Giocatori', dealKind: 'Distribuzione', deal_standard: '3 carte alla volta',
    deal_scopone: 'Scopone (9 a testa, 4 giocatori)', deal_scopone_scientifico: 'Scopone scientifico (10 a testa, 4 giocatori)',
    target: 'Punti per vincere', primiera: 'Primiera', primiera_classic: 'Classica (tutti e quattro i semi)',
    primiera_lenient: 'Tollerante (i semi mancanti valgono 0)', primiera_most_sevens: 'Più sette',
    ace: 'Asso', ace_none: 'Vale 1', ace_takes_all: 'Asso piglia tutto',
    ace_match_takes_all: 'Scopa d\'assi',
    napola: 'Napola', reBello: 'Re bello', kingsRedeal: 'Si ridà con 3 re in tavola',
    seats: 'Posti', human: 'Persona', level_random: 'IA: casuale', level_easy: 'IA: facile',
    level_medium: 'IA: media', level_expert: 'IA: esperta', level_handheld: 'IA: portatile',
    presetSolo: "Io contro l'IA", presetPass: 'Passa e gioca', presetWatch: "Guarda giocare l'IA",
    language: 'Lingua', deckStyle: 'Mazzo', deck_italian: 'Semi italiani', deck_french: 'Semi francesi',
    pace: "Ritmo dell'IA", pace_slow: 'Lento', pace_normal: 'Normale', pace_fast: 'Veloce', pace_instant: 'Immediato',
    seed: 'Seme (vuoto: casuale)', start: 'Inizia una nuova partita', close: 'Chiudi', apply: 'Applica',
    rulesGroup: 'Regole', displayGroup: 'Aspetto',
    statsEmpty: "Ancora nessuna partita finita contro l'IA.", won: 'Vinte', lost: 'Perse', rules: 'Regole',
    against: 'Contro', resetStats: 'Azzera le statistiche',
    damaged: 'La partita salvata non si può riprendere ({reason}). È stata messa da parte ed è iniziata una nuova partita.',
    badSettings: 'Con queste impostazioni non si può giocare: {reason}', yourHand: 'La tua mano', table: 'Tavola',
    emptyTable: 'La tavola è vuota.', hidden: 'coperta', on: 'sì', off: 'no',
    offline: 'Pronto per giocare offline.', toWin: 'a {n}', lastPlay: 'Ultima giocata',
  },
};

let lang = 'en';

// The language of the browser if Italian, else English.
export function browserLang() {
  const list = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  return list.some((l) => String(l).toLowerCase().startsWith('it')) ? 'it' : 'en';
}

export function setLang(l) {
  lang = l === 'it' ? 'it' : 'en';
  document.documentElement.lang = lang;
}

export function getLang() {
  return lang;
}

// The text `key` with {name} placeholders filled in.
export function t(key, vars = {}) {
  const s = T[lang][key] ?? T.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}

// A card's name for screen readers and texts: "7 of denari", "Fante di coppe".
export function cardName(index, deck) {
  const suit = Math.floor(index / 10);
  const value = index % 10;
  const french = deck === 'french';
  const v = (french ? VALUES_FR : VALUES)[lang][value];
  const s = (french ? SUITS_FR : SUITS)[lang][suit];
  return lang === 'it' ? `${v} di ${s}` : `${v} of ${s}`;
}

export function cardList(indices, deck) {
  return indices.map((i) => cardName(i, deck)).join(', ');
}
