// "How to play": the rules of Scopa as the session plays them (docs/rules.md), in English
// and Italian, each point with a real position drawn by cards.js. Cards are written as in
// the session's notation (`7d` is the 7 of denari); `table` is what lies on the table,
// `play` the card played, `take` what it takes.

export const RULES = {
  en: {
    title: 'How to play',
    sections: [
      {
        h: 'The cards',
        p: '40 cards in four suits: denari (coins), coppe (cups), spade (swords) and bastoni (clubs). '
          + 'Each suit runs Ace (1) to 7, then Fante (8), Cavallo (9) and Re (10).',
        table: ['1d', '7c', '8s', '9b', '10d'],
      },
      {
        h: 'The deal',
        p: 'Each player gets three cards and four go face up on the table. When every hand is empty, '
          + 'three more each, until the deck is used up. You play one card on your turn.',
      },
      {
        h: 'Taking a card of the same value',
        p: 'A card takes a table card of the same value: you must take it if you can. Here the 5 '
          + 'takes the 5, not the 4 and the Ace.',
        table: ['5d', '4c', '1s'], play: '5b', take: ['5d'],
      },
      {
        h: 'Taking a sum',
        p: 'With no card of the same value, the card takes cards that add up to it. Here the 8 '
          + 'takes the 2 and the 6.',
        table: ['1d', '2b', '6c'], play: '8c', take: ['2b', '6c'],
      },
      {
        h: 'Scopa',
        p: 'Taking every card on the table is a scopa (a sweep): 1 point. The last play of a hand '
          + 'is never a scopa.',
        table: ['3d', '2c', '2s', '1b'], play: '8d', take: ['3d', '2c', '2s', '1b'],
      },
      {
        h: 'Nothing to take',
        p: 'A card that takes nothing stays on the table.',
        table: ['9d'], play: '3c', take: [],
      },
      {
        h: 'The end of a hand',
        p: 'The cards left on the table go to whoever took last. Then each side scores: 1 point for '
          + 'each scopa, 1 for the most cards (carte), 1 for the most denari, 1 for the 7 of denari '
          + '(settebello) and 1 for the best primiera.',
        table: ['7d'],
      },
      {
        h: 'Primiera',
        p: 'Your best card of each suit counts: 7 is 21, 6 is 18, Ace 16, 5 15, 4 14, 3 13, 2 12, '
          + 'face cards 10. These four make 21 + 18 + 16 + 21 = 76.',
        table: ['7d', '6c', '1s', '7b'],
      },
      {
        h: 'Winning',
        p: 'Hands are played until a side reaches the target (11 points unless you choose another) '
          + 'with more points than every other. Options such as Napola and Re bello are explained '
          + 'in Settings.',
      },
    ],
  },
  it: {
    title: 'Come si gioca',
    sections: [
      {
        h: 'Le carte',
        p: '40 carte in quattro semi: denari, coppe, spade e bastoni. Ogni seme va dall’Asso (1) '
          + 'al 7, poi Fante (8), Cavallo (9) e Re (10).',
        table: ['1d', '7c', '8s', '9b', '10d'],
      },
      {
        h: 'La distribuzione',
        p: 'Ogni giocatore riceve tre carte e quattro vanno scoperte in tavola. Quando tutte le mani '
          + 'sono vuote, altre tre a testa, finché il mazzo finisce. Al tuo turno giochi una carta.',
      },
      {
        h: 'Prendere una carta dello stesso valore',
        p: 'Una carta prende una carta in tavola dello stesso valore: se puoi, devi prenderla. '
          + 'Qui il 5 prende il 5, non il 4 e l’Asso.',
        table: ['5d', '4c', '1s'], play: '5b', take: ['5d'],
      },
      {
        h: 'Prendere una somma',
        p: 'Se non c’è una carta dello stesso valore, la carta prende carte che sommate fanno il '
          + 'suo valore. Qui l’8 prende il 2 e il 6.',
        table: ['1d', '2b', '6c'], play: '8c', take: ['2b', '6c'],
      },
      {
        h: 'Scopa',
        p: 'Prendere tutte le carte in tavola è una scopa: 1 punto. L’ultima giocata della mano non '
          + 'è mai scopa.',
        table: ['3d', '2c', '2s', '1b'], play: '8d', take: ['3d', '2c', '2s', '1b'],
      },
      {
        h: 'Niente da prendere',
        p: 'Una carta che non prende nulla resta in tavola.',
        table: ['9d'], play: '3c', take: [],
      },
      {
        h: 'La fine della mano',
        p: 'Le carte rimaste in tavola vanno a chi ha preso per ultimo. Poi ogni squadra conta: '
          + '1 punto per ogni scopa, 1 per le carte (più carte), 1 per i denari (più denari), 1 per '
          + 'il settebello (il 7 di denari) e 1 per la primiera migliore.',
        table: ['7d'],
      },
      {
        h: 'Primiera',
        p: 'Conta la carta migliore di ogni seme: il 7 vale 21, il 6 18, l’Asso 16, il 5 15, il 4 14, '
          + 'il 3 13, il 2 12, le figure 10. Queste quattro fanno 21 + 18 + 16 + 21 = 76.',
        table: ['7d', '6c', '1s', '7b'],
      },
      {
        h: 'Chi vince',
        p: 'Si giocano mani finché una squadra arriva al traguardo (11 punti, se non ne scegli un '
          + 'altro) con più punti di ogni altra. Opzioni come Napola e Re bello sono spiegate nelle '
          + 'Impostazioni.',
      },
    ],
  },
};

// "How to play" Briscola (docs/briscola.md), in English and Italian. A position: `trump` is
// the briscola face up under the stock, `table` the trick's cards already played, `play` the
// card played to it, `take` the card that takes the trick (marked).
export const BRISCOLA = {
  en: {
    title: 'Briscola',
    sections: [
      {
        h: 'The deal and the briscola',
        p: 'The same 40 cards. Each player gets three cards; the next card is turned face up: the '
          + 'briscola. Its suit is trump for the whole hand, and it lies under the stock, the last '
          + 'card drawn. With 3 players the 2 of bastoni is left out; with 4, partners sit opposite.',
        trump: '4c', table: [],
      },
      {
        h: 'A trick',
        p: 'The leader plays any card, then each other player in turn. Nobody has to follow suit. '
          + 'The highest trump takes the trick; with no trump, the highest card of the suit led. Rank, '
          + 'highest first: Ace, 3, Re, Cavallo, Fante, 7, 6, 5, 4, 2. Here (trump coppe) the Ace '
          + 'of spade takes the 7.',
        trump: '4c', table: ['7s'], play: '1s', take: ['1s'],
      },
      {
        h: 'Trumps, and the other suits',
        p: 'Any trump beats a card that is not. A card of another suit that is not trump never takes: '
          + 'here the 5 of denari, led, beats the Ace of bastoni.',
        trump: '4c', table: ['5d'], play: '1b', take: ['5d'],
      },
      {
        h: 'Drawing',
        p: 'The winner takes the cards and leads next. While the stock lasts, everyone draws a card, '
          + 'the winner first; then the last cards are played out from the hands.',
      },
      {
        h: 'Card points and winning',
        p: 'Ace 11, 3 10, Re 4, Cavallo 3, Fante 2, the rest 0: 120 in all. The Aces and threes, '
          + 'worth most, are the carichi ("loads"): keep yours from the other side\'s trumps, and take '
          + 'theirs when you can; the hints speak of them. More than 60 wins the '
          + 'hand; 60 each is a draw. The match goes to the side that first wins the hands chosen in '
          + 'Settings (2: best of three). You see every card played, so both sides’ points show.',
        table: ['1d', '3d', '10d', '9d', '8d'],
      },
    ],
  },
  it: {
    title: 'Briscola',
    sections: [
      {
        h: 'La distribuzione e la briscola',
        p: 'Le stesse 40 carte. Ogni giocatore riceve tre carte; la carta seguente si scopre: è la '
          + 'briscola. Il suo seme è briscola per tutta la mano, e sta sotto il tallone: è l’ultima '
          + 'carta pescata. In 3 si toglie il 2 di bastoni; in 4 i compagni siedono di fronte.',
        trump: '4c', table: [],
      },
      {
        h: 'Una presa',
        p: 'Chi è di mano gioca una carta qualsiasi, poi gli altri a turno. Non c’è obbligo di '
          + 'rispondere al seme. Prende la briscola più alta; senza briscole, la carta più alta del '
          + 'seme di uscita. Dall’alto: Asso, 3, Re, Cavallo, Fante, 7, 6, 5, 4, 2. Qui (briscola '
          + 'coppe) l’Asso di spade prende il 7.',
        trump: '4c', table: ['7s'], play: '1s', take: ['1s'],
      },
      {
        h: 'Le briscole e gli altri semi',
        p: 'Una briscola batte ogni carta che non lo è. Una carta di un altro seme che non è briscola '
          + 'non prende mai: qui il 5 di denari, di uscita, batte l’Asso di bastoni.',
        trump: '4c', table: ['5d'], play: '1b', take: ['5d'],
      },
      {
        h: 'Pescare',
        p: 'Chi prende raccoglie le carte ed esce per primo. Finché c’è tallone, ognuno pesca una '
          + 'carta, prima chi ha preso; poi si giocano le ultime carte in mano.',
      },
      {
        h: 'I punti e chi vince',
        p: 'Asso 11, 3 10, Re 4, Cavallo 3, Fante 2, le altre 0: 120 in tutto. Gli Assi e i tre, '
          + 'che valgono di più, sono i carichi: proteggi i tuoi dalle briscole degli altri e prendi i '
          + 'loro quando puoi; i suggerimenti ne parlano. Più di 60 vince la '
          + 'mano; 60 pari è patta. Vince la partita chi vince per primo le mani scelte nelle '
          + 'Impostazioni (2: al meglio di tre). Si vedono tutte le carte giocate: i punti di tutti sono noti.',
        table: ['1d', '3d', '10d', '9d', '8d'],
      },
    ],
  },
};
