// The wasm's session as the page uses it. The wasm hands every frame, step, label table and
// statistics label over as JSON text (a small JSON writer in the wasm instead of glue that
// builds JS objects field by field: a smaller download, issue 37), and takes the settings
// as JSON text; this module parses and writes that text, so the page, the worker and the
// tests read and pass plain objects.
//
// Two wasms (issue 37: a first visit downloads at most 120 KB gzipped): `scopa_web` seats
// tables of 2 to 4 and is the one the page starts with; `scopa_web_big` (built with the
// core's `big-tables` feature) seats 6 and 8 too and is fetched, once, by `loadBig()` when a
// table of 6 or 8 is started or restored. Which wasm a session needs is the first wasm's
// answer (`needsBig`, `saveNeedsBig`): the page holds no rule of its own about it.
import init, * as small from './pkg/scopa_web.js';

export default init;
export const { langFromTag } = small;

export const labels = (lang) => JSON.parse(small.labels(lang));
export const statsLabel = (line, lang) => JSON.parse(small.statsLabel(line, lang));
// The 40 cards' names (by index) in a language as a deck names them: the core's words.
export const cardNames = (lang, deck) => small.cardNames(lang, deck).split('\n');

// Whether the page's settings are a table of 6 or 8 (only the second wasm seats one).
export const needsBig = (settings) => small.needsBigTables(JSON.stringify(settings));
// Whether a save's bytes are a table of 6 or 8.
export const saveNeedsBig = (bytes) => small.saveNeedsBigTables(bytes);

let big = null; // the second wasm's glue, once started
let bigLoading = null;

// Whether the second wasm has started.
export const bigLoaded = () => big !== null;

// Fetches, compiles and starts the second wasm (once; a failed try may be made again);
// resolves to its compiled module, which the AI's worker is given.
export function loadBig() {
  if (!bigLoading) {
    bigLoading = (async () => {
      const glue = await import('./pkg/scopa_web_big.js');
      const module = await WebAssembly.compileStreaming(fetch(new URL('./pkg/scopa_web_big_bg.wasm', import.meta.url)));
      await glue.default({ module_or_path: module });
      big = glue;
      return module;
    })();
    bigLoading.catch(() => {
      bigLoading = null;
    });
  }
  return bigLoading;
}

// The glue of the wasm for a table (of 6 or 8 when `needBig`).
function glue(needBig) {
  if (!needBig) return small;
  if (!big) throw new Error('a table of 6 or 8 needs the second wasm: loadBig() first');
  return big;
}

// The move of the AI due in a session's bytes, on the page's thread (before the worker runs).
export const aiMove = (bytes) => glue(saveNeedsBig(bytes)).aiMove(bytes);

// A session of the core's presenter (`WebSession` of src/lib.rs): the same methods, with
// objects in and out. `big` says which wasm holds it.
export class WebSession {
  constructor(settings, seed) {
    if (settings instanceof small.WebSession || (big && settings instanceof big.WebSession)) {
      this.w = settings;
      this.big = !(settings instanceof small.WebSession);
    } else {
      this.big = needsBig(settings);
      this.w = new (glue(this.big).WebSession)(JSON.stringify(settings), seed);
    }
  }

  static restore(bytes) {
    return new WebSession(glue(saveNeedsBig(bytes)).WebSession.restore(bytes));
  }

  frame() { return JSON.parse(this.w.frame()); }

  peek() { return JSON.parse(this.w.peek()); }

  act(line) { return JSON.parse(this.w.act(line)); }

  fire(token) { return JSON.parse(this.w.fire(token)); }

  fireMove(token, line) { return JSON.parse(this.w.fireMove(token, line)); }

  setLang(code) { return JSON.parse(this.w.setLang(code)); }

  hint() { this.w.hint(); }

  setNames(names) { this.w.setNames(names); }

  setDeck(code) { return this.w.setDeck(code); }

  setPacing(ai, scopa, summary) { this.w.setPacing(ai, scopa, summary); }

  toBytes() { return this.w.toBytes(); }

  takeSave() { return this.w.takeSave(); }

  settingsLine() { return this.w.settingsLine(); }

  free() { this.w.free(); }
}
