// The wasm's session as the page uses it. The wasm hands every frame, step, label table and
// statistics label over as JSON text (a small JSON writer in the wasm instead of glue that
// builds JS objects field by field: a smaller download, issue 37), and takes the settings
// as JSON text; this module parses and writes that text, so the page, the worker and the
// tests read and pass plain objects.
import init, * as wasm from './pkg/scopa_web.js';

export default init;
export const { aiMove, langFromTag } = wasm;

export const labels = (lang) => JSON.parse(wasm.labels(lang));
export const statsLabel = (line, lang) => JSON.parse(wasm.statsLabel(line, lang));
// The 40 cards' names (by index) in a language as a deck names them: the core's words.
export const cardNames = (lang, deck) => wasm.cardNames(lang, deck).split('\n');

// A session of the core's presenter (`WebSession` of src/lib.rs): the same methods, with
// objects in and out.
export class WebSession {
  constructor(settings, seed) {
    this.w = settings instanceof wasm.WebSession ? settings : new wasm.WebSession(JSON.stringify(settings), seed);
  }

  static restore(bytes) {
    return new WebSession(wasm.WebSession.restore(bytes));
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
