// Cards drawn in code as SVG: an Italian deck (denari, coppe, spade, bastoni with Fante,
// Cavallo and Re faces) and a French-suited deck (denari → diamonds, coppe → hearts,
// spade → spades, bastoni → clubs; Fante → J, Cavallo → Q, Re → K). Nothing is downloaded.
// A card is its index 0 … 39: suit = index / 10 (d, c, s, b), value = index % 10 + 1.

const W = 100;
const H = 150;

const suitOf = (i) => Math.floor(i / 10);
const valueOf = (i) => (i % 10) + 1;

// The index of a card written in the session's notation (`7d`, `10b`), as the frame's
// events and options write it; the frame's hand and table also carry each card's index.
export const cardIndex = (notation) => 'dcsb'.indexOf(notation.slice(-1)) * 10 + Number(notation.slice(0, -1)) - 1;

// Italian suit colours (as on Neapolitan cards) and French red/black.
const IT_COLOR = ['#b8860b', '#b3202a', '#1f4e9c', '#2e7d32'];
const FR_COLOR = ['#c8102e', '#c8102e', '#1a1a1a', '#1a1a1a'];

// --- suit marks, each drawn centred on (0,0) within about ±10 units -------------------

function denaro(c) {
  return `<circle r="9.5" fill="${c}"/><circle r="6.5" fill="none" stroke="#fff5c8" stroke-width="1.6"/>` +
    `<circle r="2.6" fill="#fff5c8"/>`;
}
function coppa(c) {
  return `<path d="M-8,-9 H8 C8,-1 4,2 1.5,3 V6 H5 V9 H-5 V6 H-1.5 V3 C-4,2 -8,-1 -8,-9 Z" fill="${c}"/>` +
    `<path d="M-6,-7 H6" stroke="#ffd7d7" stroke-width="1.4"/>`;
}
function spada(c) {
  return `<path d="M0,-11 L2.2,-6 V5 H-2.2 V-6 Z" fill="${c}"/>` +
    `<rect x="-6" y="4.5" width="12" height="2.4" rx="1" fill="${c}"/>` +
    `<rect x="-1.3" y="6.5" width="2.6" height="4.5" fill="#6b4b2a"/>`;
}
function bastone(c) {
  return `<path d="M-2.5,10 L-1.2,-8 Q0,-11.5 1.6,-8 L2.8,10 Z" fill="${c}"/>` +
    `<circle cx="-2.8" cy="-2" r="1.6" fill="${c}"/><circle cx="3" cy="2.5" r="1.6" fill="${c}"/>` +
    `<circle cx="-2.6" cy="5.5" r="1.4" fill="${c}"/>`;
}
function diamond(c) {
  return `<path d="M0,-10 L7.5,0 L0,10 L-7.5,0 Z" fill="${c}"/>`;
}
function heart(c) {
  return `<path d="M0,9.5 C-4,5.5 -9.5,1.5 -9.5,-3.5 C-9.5,-7.5 -6.5,-9.5 -4.5,-9.5 C-2.2,-9.5 -0.8,-8 0,-6 ` +
    `C0.8,-8 2.2,-9.5 4.5,-9.5 C6.5,-9.5 9.5,-7.5 9.5,-3.5 C9.5,1.5 4,5.5 0,9.5 Z" fill="${c}"/>`;
}
function spadeFr(c) {
  return `<path d="M0,-10 C-4,-5 -9.5,-1.5 -9.5,2.5 C-9.5,6 -6.5,7.5 -4.5,7.5 C-2.5,7.5 -1.2,6.5 -0.6,5.2 ` +
    `L-2.5,10 H2.5 L0.6,5.2 C1.2,6.5 2.5,7.5 4.5,7.5 C6.5,7.5 9.5,6 9.5,2.5 C9.5,-1.5 4,-5 0,-10 Z" fill="${c}"/>`;
}
function club(c) {
  return `<circle cy="-5" r="4.6" fill="${c}"/><circle cx="-5" cy="2" r="4.6" fill="${c}"/>` +
    `<circle cx="5" cy="2" r="4.6" fill="${c}"/><path d="M-1,2 L-3,10 H3 L1,2 Z" fill="${c}"/>`;
}

const IT_MARK = [denaro, coppa, spada, bastone];
const FR_MARK = [diamond, heart, spadeFr, club];

function mark(deck, suit, x, y, scale = 1, rotate = 0) {
  const draw = deck === 'french' ? FR_MARK[suit] : IT_MARK[suit];
  const color = (deck === 'french' ? FR_COLOR : IT_COLOR)[suit];
  return `<g transform="translate(${x},${y}) rotate(${rotate}) scale(${scale})">${draw(color)}</g>`;
}

// Pip positions for values 1 … 7 on a 100 × 150 card.
const PIPS = {
  1: [[50, 75]],
  2: [[50, 42], [50, 108]],
  3: [[50, 38], [50, 75], [50, 112]],
  4: [[32, 42], [68, 42], [32, 108], [68, 108]],
  5: [[32, 40], [68, 40], [50, 75], [32, 110], [68, 110]],
  6: [[32, 38], [68, 38], [32, 75], [68, 75], [32, 112], [68, 112]],
  7: [[32, 36], [68, 36], [50, 56], [32, 80], [68, 80], [32, 114], [68, 114]],
};

const FR_RANK = ['A', '2', '3', '4', '5', '6', '7', 'J', 'Q', 'K'];

// A face card: a figure (Fante standing, Cavallo on horseback, Re crowned) holding the suit.
function face(deck, suit, value) {
  const color = (deck === 'french' ? FR_COLOR : IT_COLOR)[suit];
  const robe = deck === 'french' ? color : ['#c0392b', '#1f4e9c', '#8e44ad', '#2e7d32'][suit];
  const skin = '#f2c9a0';
  let figure = '';
  if (value === 9 && deck !== 'french') {
    // Cavallo: a horse's head and neck, the rider's torso above it.
    figure += `<path d="M28,128 C26,104 34,92 44,86 L38,70 C46,66 60,70 66,80 C72,90 74,108 72,128 Z" fill="#8d6e63"/>` +
      `<path d="M38,70 L30,78 C28,82 31,85 35,84 L44,86" fill="#8d6e63" stroke="#5d4037" stroke-width="1"/>` +
      `<circle cx="41" cy="75" r="1.6" fill="#222"/>` +
      `<path d="M52,66 C56,60 58,54 58,46 H76 C76,56 72,64 66,70 Z" fill="${robe}"/>` +
      `<circle cx="67" cy="38" r="8" fill="${skin}"/>`;
  } else {
    figure += `<path d="M30,130 L36,72 C38,64 62,64 64,72 L70,130 Z" fill="${robe}"/>` +
      `<path d="M42,72 L50,96 L58,72" fill="none" stroke="#f5e6c8" stroke-width="3"/>` +
      `<circle cx="50" cy="56" r="11" fill="${skin}"/>` +
      `<circle cx="46" cy="55" r="1.3" fill="#222"/><circle cx="54" cy="55" r="1.3" fill="#222"/>`;
    if (value === 9) {
      // The French deck's Queen: a tiara instead of the Cavallo's horse.
      figure += `<path d="M39,47 Q50,36 61,47 L58,42 L54,44 L50,37 L46,44 L42,42 Z" fill="#f1c40f" stroke="#b7950b" stroke-width="1"/>` +
        `<path d="M38,52 C36,66 40,74 44,72 M62,52 C64,66 60,74 56,72" fill="none" stroke="#6d4c41" stroke-width="3"/>`;
    } else if (value === 10) {
      figure += `<path d="M38,46 L40,33 L45,40 L50,31 L55,40 L60,33 L62,46 Z" fill="#f1c40f" stroke="#b7950b" stroke-width="1"/>`;
    } else {
      figure += `<path d="M38,50 C38,38 62,38 62,50 Z" fill="${color}"/><circle cx="62" cy="43" r="2.5" fill="#f5e6c8"/>`;
    }
  }
  const held = value === 9 && deck !== 'french' ? mark(deck, suit, 30, 50, 1.1) : mark(deck, suit, 72, 96, 1.1);
  return `<rect x="14" y="22" width="72" height="110" rx="4" fill="#fbf3e0" stroke="${color}" stroke-width="1.2"/>` +
    figure + held;
}

function corner(deck, suit, value) {
  const color = (deck === 'french' ? FR_COLOR : IT_COLOR)[suit];
  const label = deck === 'french' ? FR_RANK[value - 1] : String(value);
  const size = label.length > 1 ? 15 : 17;
  return `<text x="9" y="19" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${color}">${label}</text>` +
    mark(deck, suit, 14, 30, 0.55) +
    `<g transform="rotate(180 50 75)"><text x="9" y="19" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${color}">${label}</text>` +
    mark(deck, suit, 14, 30, 0.55) + '</g>';
}

// The SVG markup of card `index` in `deck` ('italian' or 'french').
export function cardSvg(index, deck = 'italian') {
  const suit = suitOf(index);
  const value = valueOf(index);
  let body;
  if (value >= 8) {
    body = face(deck, suit, value);
  } else {
    const scale = value === 1 ? 2.6 : value <= 3 ? 1.5 : 1.25;
    body = PIPS[value].map(([x, y]) => mark(deck, suit, x, y, scale)).join('');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="8" fill="#fffdf6" stroke="#8a8170" stroke-width="1.5"/>` +
    body + corner(deck, suit, value) + '</svg>';
}

// The back of a card (the same for both decks).
export function backSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="8" fill="#7b1e22" stroke="#4a0f12" stroke-width="1.5"/>` +
    `<rect x="9" y="9" width="${W - 18}" height="${H - 18}" rx="5" fill="none" stroke="#e8c872" stroke-width="2"/>` +
    `<path d="M50,30 L80,75 L50,120 L20,75 Z" fill="none" stroke="#e8c872" stroke-width="2"/>` +
    `<circle cx="50" cy="75" r="10" fill="#e8c872"/></svg>`;
}

// The app icon: a settebello on a green table, drawn like the cards.
export function iconSvg() {
  const card = cardSvg(6, 'italian').replace('<svg ', '<svg x="136" y="56" width="240" height="360" ');
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">' +
    '<rect width="512" height="512" rx="96" fill="#1e5b3a"/>' + card + '</svg>';
}
