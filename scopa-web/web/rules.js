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
