// Cards drawn in code as SVG: an Italian deck (denari, coppe, spade, bastoni with Fante,
// Cavallo and Re faces), a French-suited deck (denari → diamonds, coppe → hearts,
// spade → spades, bastoni → clubs; Fante → J, Cavallo → Q, Re → K) and a Spanish-suited
// deck (denari → oros, coppe → copas, spade → espadas, bastoni → bastos; Fante → Sota 10,
// Cavallo → Caballo 11, Re → Rey 12, numbered as on Spanish cards, with the "pinta": the
// frame's gaps that tell the suit from a corner — none for oros, one for copas, two for
// espadas, three for bastos). Nothing is downloaded.
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
// Spanish suit colours: gold oros, red copas, blue espadas, green bastos.
const ES_COLOR = ['#c99a06', '#c62828', '#1565c0', '#2e7d32'];
const colorOf = (deck, suit) => (deck === 'french' ? FR_COLOR : deck === 'spanish' ? ES_COLOR : IT_COLOR)[suit];

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
// A bastone is a wooden club (a cudgel): a shaft that thickens to a rounded head, with the
// knots of its cut branches, a band in the suit's colour at the grip, drawn slanting.
function bastone(c) {
  return '<g transform="rotate(28)">' +
    '<path d="M-1.4,11 L-4.3,-4.5 C-5.4,-11.5 5.4,-11.5 4.3,-4.5 L1.4,11 Z" fill="#8a5a2b" stroke="#4e3015" stroke-width="0.8"/>' +
    '<path d="M-0.6,9.5 L-2.6,-5 C-3,-8 -1,-9.4 0.4,-9.4" fill="none" stroke="#c08a52" stroke-width="0.9"/>' +
    '<ellipse cx="1.6" cy="-4" rx="1.1" ry="0.8" fill="#4e3015"/><ellipse cx="-1.3" cy="1.5" rx="0.9" ry="0.7" fill="#4e3015"/>' +
    '<path d="M3.2,-1.6 L6,-3.2 L6.6,-2 L3.2,0 Z" fill="#8a5a2b" stroke="#4e3015" stroke-width="0.6"/>' +
    '<ellipse cx="6.3" cy="-2.6" rx="0.6" ry="0.9" transform="rotate(-30 6.3 -2.6)" fill="#e6c08a"/>' +
    `<rect x="-2.3" y="6" width="4.6" height="2.2" rx="0.6" fill="${c}"/></g>`;
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

// Spanish marks: an oro is a gold coin with a sun in it; a copa a goblet on a tall stem; an
// espada a straight sword point up with a cross guard; a basto a knotty green club, upright.
function oro(c) {
  return `<circle r="9.5" fill="${c}" stroke="#8d6e00" stroke-width="0.9"/><circle r="5.8" fill="#ffe082" stroke="#b71c1c" stroke-width="0.9"/>` +
    '<circle r="2.2" fill="#b71c1c"/>' +
    [0, 45, 90, 135].map((a) => `<path d="M0,-8.6 V-6.6 M0,6.6 V8.6" stroke="#8d6e00" stroke-width="0.9" transform="rotate(${a})"/>`).join('');
}
function copa(c) {
  return `<path d="M-7,-10 C-7,-2 -3,1 -1.2,1.8 V6 C-1.2,7.2 -5,7.5 -5,9.5 H5 C5,7.5 1.2,7.2 1.2,6 V1.8 C3,1 7,-2 7,-10 Z" fill="${c}" stroke="#7f0000" stroke-width="0.8"/>` +
    '<path d="M-7,-10 H7" stroke="#ffca28" stroke-width="1.8"/><circle cy="3.6" r="1.5" fill="#ffca28"/>';
}
function espada(c) {
  return `<path d="M0,-11.5 L1.6,-8.5 V4 H-1.6 V-8.5 Z" fill="${c}" stroke="#0d3c75" stroke-width="0.6"/>` +
    '<path d="M-6.5,4 H6.5 L5.5,6 H-5.5 Z" fill="#f9a825"/><rect x="-1.1" y="6" width="2.2" height="4" fill="#6d4c41"/>' +
    '<circle cy="11" r="1.4" fill="#f9a825"/>';
}
function basto(c) {
  return `<path d="M-1.6,11 L-3.4,-5.5 C-4,-11 4,-11 3.4,-5.5 L1.6,11 Z" fill="${c}" stroke="#1b5e20" stroke-width="0.8"/>` +
    '<circle cx="-3.2" cy="-2" r="1.1" fill="#a5d6a7"/><circle cx="2.9" cy="2.5" r="1.1" fill="#a5d6a7"/><circle cx="-2.1" cy="6" r="0.9" fill="#a5d6a7"/>' +
    '<path d="M-2.5,8.5 H2.5" stroke="#f9a825" stroke-width="1.6"/>';
}

const IT_MARK = [denaro, coppa, spada, bastone];
const ES_MARK = [oro, copa, espada, basto];
const FR_MARK = [diamond, heart, spadeFr, club];

function mark(deck, suit, x, y, scale = 1, rotate = 0) {
  const draw = (deck === 'french' ? FR_MARK : deck === 'spanish' ? ES_MARK : IT_MARK)[suit];
  const color = colorOf(deck, suit);
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
// Spanish cards number their figures 10 (sota), 11 (caballo), 12 (rey).
const ES_RANK = ['1', '2', '3', '4', '5', '6', '7', '10', '11', '12'];

// A face card: a figure (Fante standing, Cavallo on horseback, Re crowned) holding the suit.
function face(deck, suit, value) {
  const color = colorOf(deck, suit);
  const robe = deck === 'french' ? color
    : (deck === 'spanish' ? ['#1565c0', '#c62828', '#f9a825', '#c62828'] : ['#c0392b', '#1f4e9c', '#8e44ad', '#2e7d32'])[suit];
  const skin = '#f2c9a0';
  let figure = '';
  if (value === 9 && deck !== 'french') {
    // Cavallo: a horse in profile (body, legs, neck, head, mane, tail; a front leg raised)
    // and its rider astride it, one hand on the reins, the other raising the suit.
    const horse = '#a1887f';
    const dark = '#4e342e';
    figure += '<g transform="translate(51,100) scale(0.93) translate(-50,-100)">' + `<path d="M74,96 C84,100 86,112 82,122 C80,112 78,106 72,102 Z" fill="${dark}"/>` +
      `<path d="M36,112 L34,128 H39 L42,112 Z M44,112 L45,128 H50 L49,112 Z M62,112 L63,128 H68 L68,112 Z M68,110 L74,126 H79 L74,110 Z" fill="${horse}" stroke="${dark}" stroke-width="1"/>` +
      `<path d="M38,104 L26,108 L22,118 L26,119 L30,112 L42,110 Z" fill="${horse}" stroke="${dark}" stroke-width="1"/>` +
      `<ellipse cx="56" cy="101" rx="21" ry="12" fill="${horse}" stroke="${dark}" stroke-width="1"/>` +
      `<path d="M40,98 C36,88 32,80 30,72 L26,66 C22,66 16,74 14,80 C14,84 18,85 21,83 L27,79 C30,88 34,98 44,104 Z" fill="${horse}" stroke="${dark}" stroke-width="1"/>` +
      `<path d="M27,66 L29,59 L31,67 Z" fill="${horse}" stroke="${dark}" stroke-width="1"/>` +
      `<path d="M31,67 C34,76 38,86 43,96" fill="none" stroke="${dark}" stroke-width="3" stroke-linecap="round"/>` +
      `<circle cx="24" cy="72" r="1.3" fill="#222"/>` +
      `<path d="M21,82 L46,80" stroke="#5d4037" stroke-width="1"/>` +
      `<path d="M44,92 C50,88 60,88 64,92 L62,98 H46 Z" fill="#c0392b" stroke="${dark}" stroke-width="0.8"/>` +
      `<path d="M47,64 C46,56 60,56 59,64 L60,90 H46 Z" fill="${robe}"/>` +
      `<path d="M50,86 L47,104 L43,106 L44,108 L51,107 L55,88 Z" fill="${robe}" stroke="${dark}" stroke-width="0.8"/>` +
      `<path d="M48,68 L46,80" stroke="${robe}" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M57,66 L66,52" stroke="${robe}" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="53" cy="50" r="7" fill="${skin}"/><circle cx="50.5" cy="49.5" r="1" fill="#222"/>` +
      `<path d="M45,47 C45,38 61,38 61,47 Z" fill="${color}"/><path d="M44,47 H63" stroke="${color}" stroke-width="2"/></g>`;
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
      // The Spanish rey: a long beard and a cloak over the shoulders.
      if (deck === 'spanish') {
        figure += '<path d="M42,60 C43,72 57,72 58,60 C55,66 45,66 42,60 Z" fill="#8d6e63"/>' +
          `<path d="M30,130 L33,80 C35,74 40,72 42,74 L38,130 Z M70,130 L67,80 C65,74 60,72 58,74 L62,130 Z" fill="${color}"/>`;
      }
    } else if (deck === 'spanish') {
      // The Spanish sota: a page in a brimmed hat with a feather.
      figure += '<path d="M36,48 C36,42 64,42 64,48 Z" fill="#4e342e"/><path d="M38,46 C40,36 60,36 62,46 Z" fill="#6d4c41"/>' +
        '<path d="M60,40 C66,32 72,34 70,38" fill="none" stroke="#c62828" stroke-width="2"/>';
    } else {
      figure += `<path d="M38,50 C38,38 62,38 62,50 Z" fill="${color}"/><circle cx="62" cy="43" r="2.5" fill="#f5e6c8"/>`;
    }
  }
  const held = value === 9 && deck !== 'french' ? mark(deck, suit, 70, 42, 1.05) : mark(deck, suit, 72, 96, 1.1);
  return `<rect x="14" y="22" width="72" height="110" rx="4" fill="#fbf3e0" stroke="${color}" stroke-width="1.2"/>` +
    figure + held;
}

function corner(deck, suit, value) {
  const color = colorOf(deck, suit);
  const label = deck === 'french' ? FR_RANK[value - 1] : deck === 'spanish' ? ES_RANK[value - 1] : String(value);
  const size = label.length > 1 ? 15 : 17;
  return `<text x="9" y="19" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${color}">${label}</text>` +
    mark(deck, suit, 14, 30, 0.55) +
    `<g transform="rotate(180 50 75)"><text x="9" y="19" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${color}">${label}</text>` +
    mark(deck, suit, 14, 30, 0.55) + '</g>';
}

// The pinta of a Spanish card: the frame inside its edge, broken once for copas, twice for
// espadas, three times for bastos (whole for oros).
function pinta(suit) {
  const color = ES_COLOR[suit];
  const gaps = suit;
  // Top and bottom lines, each broken `gaps` times (a gap is 6 units wide).
  const line = (y) => {
    if (gaps === 0) return `<path d="M8,${y} H92" stroke="${color}" stroke-width="1.6"/>`;
    const seg = (84 - gaps * 6) / (gaps + 1);
    let d = '';
    for (let k = 0, x = 8; k <= gaps; k++, x += seg + 6) d += `M${x.toFixed(1)},${y} H${(x + seg).toFixed(1)} `;
    return `<path d="${d.trim()}" stroke="${color}" stroke-width="1.6"/>`;
  };
  return line(6) + line(144) + `<path d="M6,8 V142 M94,8 V142" stroke="${color}" stroke-width="1.2" opacity="0.6"/>`;
}

// The SVG markup of card `index` in `deck` ('italian', 'french' or 'spanish').
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
    (deck === 'spanish' ? pinta(suit) : '') + body + corner(deck, suit, value) + '</svg>';
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

// The maskable icon (the launcher crops it to a circle, a squircle or a rounded square):
// the table's green to every edge, the settebello inside the central circle of 40 % of the
// side's radius that every mask keeps (its corners 0.4 × 512 = 205 units from the centre at
// most: here 180).
export function maskableIconSvg() {
  const card = cardSvg(6, 'italian').replace('<svg ', '<svg x="156" y="106" width="200" height="300" ');
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">' +
    '<rect width="512" height="512" fill="#1e5b3a"/>' + card + '</svg>';
}
