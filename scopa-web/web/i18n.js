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
    bigFailed: 'The game for tables of 6 and 8 could not be downloaded ({reason}). Check the connection and try again.',
    bigKept: 'Your saved match of 6 or 8 players could not be resumed: the game for tables of 6 and 8 could not be downloaded ({reason}). It is kept, and resumes when you reload the page online; until then this match is not saved.',
    badSettings: 'These settings cannot be played: {reason}', menu: 'Menu', handTitle: '{hand} {n}',
    howToPlay: 'How to play', welcomeTitle: 'Welcome to Scopa',
    welcomeText: 'Scopa is the Italian card game of taking cards from the table. You play the bottom hand against the computer; tap a card to play it. The rules take two minutes to read.',
    welcomeInvite: 'A friend invited you to play Scopa, the Italian card game of taking cards from the table. You take a free seat at their table as soon as the room answers; when it is your turn, tap a card to play it. The rules take two minutes to read.',
    play: 'Play', loading: 'Loading…', whoPlays: 'Who plays', replayDeal: 'Replay a deal',
    replayHelp: 'The same number deals the same cards again.', seed: 'Deal number (empty: random)',
    nameOf: 'Name of seat {n}', nameNone: 'Player {n}',
    help_players: 'With 4 players, partners sit opposite and play as a team.',
    help_deal: 'Scopone: 9 cards each and 4 on the table; scientifico: 10 each, none on the table.',
    help_target: 'Points to win the match.',
    help_primiera: 'Classic needs all four suits; lenient counts a missing suit as 0; most sevens compares the 7s, then 6s, then Aces.',
    help_ace: 'Takes all: an Ace takes the whole table when no Ace lies there (e.g. 1 on 5 and 3 takes both).',
    help_napola: 'Ace, 2 and 3 of denari score 3 points, one more for each next denaro in a row (with the 4: 4 points).',
    help_rebello: 'The King of denari scores 1 point, like the settebello.',
    help_kings: 'Three or four Kings among the first four table cards (with two decks, at 6 or 8 players: five or more on the first table): the cards are dealt again.',
    help_undo: 'Take back your last play.', undoOnlySolo: 'Undo works with one person against the computer only.',
    confirmLeaveRoom: 'Start a new match against the computer? You leave this room (your seat stays free for you to come back by the invite link).',
    confirmNew: 'Start a new match? The match in progress will be lost.', confirmNewOk: 'Start new match',
    confirmStats: 'Clear all statistics? This cannot be undone.', confirmStatsOk: 'Clear', keepIt: 'Cancel',
    pause: 'Pause', resume: 'Resume', sound: 'Sound', help_sound: 'Sounds made in the browser when a card is played, for a scopa and at the end of a match.',
    lastPlay: 'Last play', took: 'took', recap: 'The hands', deckEmpty: 'No deck',
    playFriends: 'Play with friends', onlineIntro: 'Play with people on other devices through a Scopa server: create a room and send its link, or join with a room code.',
    serverWhere: 'Another game server', serverAddress: 'Game server address',
    serverHelp: 'Filled in when this page comes from a Scopa game server (scopa-server --web); otherwise ask whoever runs one for its address (ws://… or wss://…).',
    serverChecking: 'Looking for the game server…', serverFound: 'The game server answers: create a room, or join one with its code.',
    noServer: 'No Scopa game server answers at {server}. Playing with friends needs the page opened from a game server (scopa-server --web), or that server\'s address under "Another game server".',
    waitingFor: 'Waiting for {who} to join: send the invite link (Play with friends). The match starts when everyone is here.',
    notSent: 'Not connected: your play was not sent. Reconnecting…',
    waitingContinue: 'Waiting for {who}…',
    createRoom: 'Create room', roomCode: 'Room code', joinRoom: 'Join', room: 'Room',
    inviteLink: 'Invite link', copyLink: 'Copy link', copied: 'Copied.', leaveRoom: 'Leave room', you: 'you',
    online_connecting: 'connecting…', online_connected: 'connected', online_reconnecting: 'connection lost, reconnecting…', online_closed: 'closed',
    seatHere: 'connected', seatAway: 'away', watching: '{n} watching',
    roomFull: 'every person’s seat of this room is taken', onlineFailed: 'The room could not be played: {reason}',
    needPerson: 'a room needs at least one person',
    cardPoints: '{n} points', holdsBriscola: 'has the briscola', handsToWin: '{n} hands to win', handsWon: 'Hands won',
    stockLeft: '{n} cards in the stock', briscolaDrawn: 'Stock used up; {who} drew the briscola',
    leads: 'To lead: {who}', leader: 'led', trickTo: '{who} took it: {n} points', SpanishDeck: 'Spanish suits',
    help_game_scopa: 'Scopa: take table cards of the same value or adding up to your card.',
    help_game_briscola: 'Briscola: win tricks with high cards and trumps; 61 of 120 card points win the hand.',
    help_players_big: 'With 6 or 8 players: two decks shuffled together, 3 cards each; partners sit opposite, in {sides} teams.',
    help_players_briscola: 'With 3 players the 2 of bastoni is left out; with 4, partners sit opposite.',
    help_handsize: '3 cards each, drawing after every trick; 9 (two players only) is the leaflet’s deal.',
    help_hands: 'Hands to win the match (2: best of three; draws count for no one).',
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
    bigFailed: 'Non è stato possibile scaricare il gioco per i tavoli da 6 e 8 ({reason}). Controlla la connessione e riprova.',
    bigKept: 'La partita salvata da 6 o 8 giocatori non si può riprendere: non è stato possibile scaricare il gioco per i tavoli da 6 e 8 ({reason}). È conservata e riprende quando ricarichi la pagina in linea; fino ad allora questa partita non viene salvata.',
    badSettings: 'Con queste impostazioni non si può giocare: {reason}', menu: 'Menu', handTitle: '{hand} {n}',
    howToPlay: 'Come si gioca', welcomeTitle: 'Benvenuto a Scopa',
    welcomeText: 'La scopa è il gioco di carte italiano in cui si prendono le carte dalla tavola. Giochi la mano in basso contro il computer; tocca una carta per giocarla. Le regole si leggono in due minuti.',
    welcomeInvite: 'Un amico ti ha invitato a giocare a Scopa, il gioco di carte italiano in cui si prendono le carte dalla tavola. Prendi un posto libero al suo tavolo appena la stanza risponde; quando tocca a te, tocca una carta per giocarla. Le regole si leggono in due minuti.',
    play: 'Gioca', loading: 'Caricamento…', whoPlays: 'Chi gioca', replayDeal: 'Rigioca una smazzata',
    replayHelp: 'Lo stesso numero distribuisce di nuovo le stesse carte.', seed: 'Numero della smazzata (vuoto: a caso)',
    nameOf: 'Nome del posto {n}', nameNone: 'Giocatore {n}',
    help_players: 'In 4 i compagni siedono di fronte e giocano in squadra.',
    help_deal: 'Scopone: 9 carte a testa e 4 in tavola; scientifico: 10 a testa, nessuna in tavola.',
    help_target: 'I punti per vincere la partita.',
    help_primiera: 'Classica: servono tutti e quattro i semi; larga: un seme mancante vale 0; più sette: contano i 7, poi i 6, poi gli Assi.',
    help_ace: 'Asso piglia tutto: un Asso prende tutta la tavola se non c’è un Asso (es. 1 su 5 e 3 li prende entrambi).',
    help_napola: 'Asso, 2 e 3 di denari valgono 3 punti, uno in più per ogni denaro seguente (col 4: 4 punti).',
    help_rebello: 'Il Re di denari vale 1 punto, come il settebello.',
    help_kings: 'Tre o quattro Re fra le prime quattro carte in tavola (con due mazzi, a 6 o 8 giocatori: cinque o più sulla prima tavola): si distribuisce di nuovo.',
    help_undo: 'Riprendi la tua ultima giocata.', undoOnlySolo: 'Annulla funziona solo con una persona contro il computer.',
    confirmLeaveRoom: 'Iniziare una nuova partita contro il computer? Esci da questa stanza (il tuo posto resta libero: puoi tornare con il link d’invito).',
    confirmNew: 'Iniziare una nuova partita? Quella in corso andrà persa.', confirmNewOk: 'Nuova partita',
    confirmStats: 'Azzerare tutte le statistiche? Non si può annullare.', confirmStatsOk: 'Azzera', keepIt: 'Annulla',
    pause: 'Pausa', resume: 'Riprendi', sound: 'Suoni', help_sound: 'Suoni creati nel browser quando si gioca una carta, per una scopa e a fine partita.',
    lastPlay: 'Ultima giocata', took: 'prende', recap: 'Le mani', deckEmpty: 'Niente mazzo',
    playFriends: 'Gioca con gli amici', onlineIntro: 'Gioca con persone su altri dispositivi tramite un server di Scopa: crea una stanza e manda il suo link, o entra con il codice di una stanza.',
    serverWhere: 'Un altro server di gioco', serverAddress: 'Indirizzo del server di gioco',
    serverHelp: 'Compilato se questa pagina viene da un server di gioco di Scopa (scopa-server --web); altrimenti chiedi l’indirizzo a chi ne gestisce uno (ws://… o wss://…).',
    serverChecking: 'Ricerca del server di gioco…', serverFound: 'Il server di gioco risponde: crea una stanza, o entra in una con il suo codice.',
    noServer: 'Nessun server di gioco di Scopa risponde a {server}. Per giocare con gli amici la pagina va aperta da un server di gioco (scopa-server --web), o serve l’indirizzo del server in "Un altro server di gioco".',
    waitingFor: 'Si aspetta che entri {who}: manda il link d’invito (Gioca con gli amici). La partita comincia quando ci sono tutti.',
    notSent: 'Non connesso: la giocata non è stata inviata. Riconnessione…',
    waitingContinue: 'Si aspetta {who}…',
    createRoom: 'Crea la stanza', roomCode: 'Codice della stanza', joinRoom: 'Entra', room: 'Stanza',
    inviteLink: 'Link d’invito', copyLink: 'Copia il link', copied: 'Copiato.', leaveRoom: 'Esci dalla stanza', you: 'tu',
    online_connecting: 'connessione…', online_connected: 'connesso', online_reconnecting: 'connessione persa, riconnessione…', online_closed: 'chiusa',
    seatHere: 'connesso', seatAway: 'assente', watching: 'spettatori: {n}',
    roomFull: 'tutti i posti delle persone di questa stanza sono presi', onlineFailed: 'Non si può giocare nella stanza: {reason}',
    needPerson: 'una stanza ha bisogno di almeno una persona',
    cardPoints: '{n} punti', holdsBriscola: 'ha la briscola', handsToWin: '{n} mani per vincere', handsWon: 'Mani vinte',
    stockLeft: '{n} carte nel tallone', briscolaDrawn: 'Tallone finito; {who} ha pescato la briscola',
    leads: 'Apre: {who}', leader: 'ha aperto', trickTo: 'La prende {who}: {n} punti', SpanishDeck: 'Semi spagnoli',
    help_game_scopa: 'Scopa: prendi dalla tavola le carte dello stesso valore o che sommano la tua carta.',
    help_game_briscola: 'Briscola: vinci le mani con le carte alte e le briscole; 61 punti su 120 vincono la mano.',
    help_players_big: 'In 6 o in 8: due mazzi mescolati insieme, 3 carte a testa; i compagni siedono di fronte, in {sides} squadre.',
    help_players_briscola: 'In 3 si toglie il 2 di bastoni; in 4 i compagni siedono di fronte.',
    help_handsize: '3 carte a testa, pescando dopo ogni presa; 9 (solo in due) è la distribuzione del foglietto.',
    help_hands: 'Le mani per vincere la partita (2: al meglio di tre; i pareggi non contano).',
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
