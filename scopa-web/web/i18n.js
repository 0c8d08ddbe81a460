// Words on the page. The game's words — card names, events, phases, hints, the summary,
// the settings' labels and option names — come from the session's texts module
// (scopa_core::session::texts) through the wasm (`labels(lang)` and each frame). Only the
// few words that exist on this page alone live here, in English and Italian.

const PAGE = {
  en: {
    title: 'Scopa', toWin: 'to {n}', handCount: '{n} in hand', pile: '{n} taken', scope: '{n} scope',
    cardsLeft: '{n} cards left', emptyTable: 'The table is empty.', partner: 'partner',
    matchOver: 'Match over', presetSolo: 'Me against the computer', rulesGroup: 'Rules',
    displayGroup: 'Display', close: 'Close',
    pace_slow: 'Slow', pace_normal: 'Normal', pace_fast: 'Fast', pace_instant: 'Instant',
    statsEmpty: 'No finished match against the computer yet.', against: 'Against',
    resetStats: 'Clear statistics',
    damaged: 'Your saved match could not be resumed ({reason}). It was set aside and a new match started.',
    badSettings: 'These settings cannot be played: {reason}', menu: 'Menu', handTitle: '{hand} {n}',
    howToPlay: 'How to play', welcomeTitle: 'Welcome to Scopa',
    welcomeText: 'Scopa is the Italian card game of taking cards from the table. You play the bottom hand against the computer; tap a card to play it. The rules take two minutes to read.',
    play: 'Play', loading: 'Loading…', whoPlays: 'Who plays', replayDeal: 'Replay a deal',
    replayHelp: 'The same number deals the same cards again.', seed: 'Deal number (empty: random)',
    level_random: 'Newcomer (plays at random)', level_easy: 'Beginner', level_medium: 'Club player',
    level_expert: 'Champion', level_handheld: 'Pocket player',
    help_players: 'With 4 players, partners sit opposite and play as a team.',
    help_deal: 'Scopone: 9 cards each and 4 on the table; scientifico: 10 each, none on the table.',
    help_target: 'Points to win the match.',
    help_primiera: 'Classic needs all four suits; lenient counts a missing suit as 0; most sevens compares the 7s, then 6s, then Aces.',
    help_ace: 'Takes all: an Ace takes the whole table when no Ace lies there (e.g. 1 on 5 and 3 takes both).',
    help_napola: 'Ace, 2 and 3 of denari score 3 points, one more for each next denaro in a row (with the 4: 4 points).',
    help_rebello: 'The King of denari scores 1 point, like the settebello.',
    help_kings: 'Three or four Kings among the first four table cards: the cards are dealt again.',
    help_undo: 'Take back your last play.', undoOnlySolo: 'Undo works with one person against the computer only.',
    confirmNew: 'Start a new match? The match in progress will be lost.', confirmNewOk: 'Start new match',
    confirmStats: 'Clear all statistics? This cannot be undone.', confirmStatsOk: 'Clear', keepIt: 'Cancel',
    pause: 'Pause', resume: 'Resume', sound: 'Sound', help_sound: 'Sounds made in the browser when a card is played, for a scopa and at the end of a match.',
    lastPlay: 'Last play', took: 'took', recap: 'The hands', deckEmpty: 'No deck',
    playFriends: 'Play with friends', onlineIntro: 'Play with people on other devices through a Scopa server: create a room and send its link, or join with a room code.',
    server: 'Server', createRoom: 'Create room', roomCode: 'Room code', joinRoom: 'Join', room: 'Room',
    inviteLink: 'Invite link', copyLink: 'Copy link', copied: 'Copied.', leaveRoom: 'Leave room', you: 'you',
    online_connecting: 'connecting…', online_connected: 'connected', online_reconnecting: 'connection lost, reconnecting…', online_closed: 'closed',
    roomFull: 'every person’s seat of this room is taken', onlineFailed: 'The room could not be played: {reason}',
    needPerson: 'a room needs at least one person',
    behind: 'The cards behind the points', coins: 'Denari', primieraCards: 'Primiera', thisHand: 'This hand', plays: 'Plays', cardsTaken: 'Cards taken', logEmpty: 'Nothing played yet in this hand.',
  },
  it: {
    title: 'Scopa', toWin: 'a {n}', handCount: '{n} in mano', pile: '{n} prese', scope: '{n} scope',
    cardsLeft: '{n} carte nel mazzo', emptyTable: 'Il tavolo è vuoto.', partner: 'compagno',
    matchOver: 'Partita finita', presetSolo: 'Io contro il computer', rulesGroup: 'Regole',
    displayGroup: 'Aspetto', close: 'Chiudi',
    pace_slow: 'Lenta', pace_normal: 'Normale', pace_fast: 'Veloce', pace_instant: 'Immediata',
    statsEmpty: 'Ancora nessuna partita finita contro il computer.', against: 'Contro',
    resetStats: 'Azzera le statistiche',
    damaged: 'La partita salvata non si può riprendere ({reason}). È stata messa da parte ed è iniziata una nuova partita.',
    badSettings: 'Con queste impostazioni non si può giocare: {reason}', menu: 'Menu', handTitle: '{hand} {n}',
    howToPlay: 'Come si gioca', welcomeTitle: 'Benvenuto a Scopa',
    welcomeText: 'La scopa è il gioco di carte italiano in cui si prendono le carte dalla tavola. Giochi la mano in basso contro il computer; tocca una carta per giocarla. Le regole si leggono in due minuti.',
    play: 'Gioca', loading: 'Caricamento…', whoPlays: 'Chi gioca', replayDeal: 'Rigioca una smazzata',
    replayHelp: 'Lo stesso numero distribuisce di nuovo le stesse carte.', seed: 'Numero della smazzata (vuoto: a caso)',
    level_random: 'Novellino (gioca a caso)', level_easy: 'Principiante', level_medium: 'Giocatore di circolo',
    level_expert: 'Campione', level_handheld: 'Giocatore tascabile',
    help_players: 'In 4 i compagni siedono di fronte e giocano in squadra.',
    help_deal: 'Scopone: 9 carte a testa e 4 in tavola; scientifico: 10 a testa, nessuna in tavola.',
    help_target: 'I punti per vincere la partita.',
    help_primiera: 'Classica: servono tutti e quattro i semi; larga: un seme mancante vale 0; più sette: contano i 7, poi i 6, poi gli Assi.',
    help_ace: 'Asso piglia tutto: un Asso prende tutta la tavola se non c’è un Asso (es. 1 su 5 e 3 li prende entrambi).',
    help_napola: 'Asso, 2 e 3 di denari valgono 3 punti, uno in più per ogni denaro seguente (col 4: 4 punti).',
    help_rebello: 'Il Re di denari vale 1 punto, come il settebello.',
    help_kings: 'Tre o quattro Re fra le prime quattro carte in tavola: si distribuisce di nuovo.',
    help_undo: 'Riprendi la tua ultima giocata.', undoOnlySolo: 'Annulla funziona solo con una persona contro il computer.',
    confirmNew: 'Iniziare una nuova partita? Quella in corso andrà persa.', confirmNewOk: 'Nuova partita',
    confirmStats: 'Azzerare tutte le statistiche? Non si può annullare.', confirmStatsOk: 'Azzera', keepIt: 'Annulla',
    pause: 'Pausa', resume: 'Riprendi', sound: 'Suoni', help_sound: 'Suoni creati nel browser quando si gioca una carta, per una scopa e a fine partita.',
    lastPlay: 'Ultima giocata', took: 'prende', recap: 'Le mani', deckEmpty: 'Niente mazzo',
    playFriends: 'Gioca con gli amici', onlineIntro: 'Gioca con persone su altri dispositivi tramite un server di Scopa: crea una stanza e manda il suo link, o entra con il codice di una stanza.',
    server: 'Server', createRoom: 'Crea la stanza', roomCode: 'Codice della stanza', joinRoom: 'Entra', room: 'Stanza',
    inviteLink: 'Link d’invito', copyLink: 'Copia il link', copied: 'Copiato.', leaveRoom: 'Esci dalla stanza', you: 'tu',
    online_connecting: 'connessione…', online_connected: 'connesso', online_reconnecting: 'connessione persa, riconnessione…', online_closed: 'chiusa',
    roomFull: 'tutti i posti delle persone di questa stanza sono presi', onlineFailed: 'Non si può giocare nella stanza: {reason}',
    needPerson: 'una stanza ha bisogno di almeno una persona',
    behind: 'Le carte dietro i punti', coins: 'Denari', primieraCards: 'Primiera', thisHand: 'Questa mano', plays: 'Giocate', cardsTaken: 'Carte prese', logEmpty: 'Ancora nessuna giocata in questa mano.',
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
