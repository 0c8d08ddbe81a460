// The AI off the page's thread: it receives the session's bytes and returns the move the
// AI due would play, as an `aiplay` line. The page hands it back to the session with the
// delay's token (`fireMove`), and the session checks it like any move. Its wasms are the
// page's: the page's messages carry the compiled modules (so each wasm is fetched and
// compiled once) — the first wasm's at the start, the second's (`big`: tables of 6 and 8)
// once the page has loaded it; a worker asked without one loads it itself.
import init, { aiMove } from './pkg/scopa_web.js';

let ready = null;
let bigReady = null; // resolves to the second wasm's aiMove

function startBig(module) {
  return import('./pkg/scopa_web_big.js').then(async (glue) => {
    await glue.default(module ? { module_or_path: module } : undefined);
    return glue.aiMove;
  });
}

self.onmessage = async (e) => {
  if (e.data.module) {
    if (e.data.big) bigReady = startBig(e.data.module);
    else ready = init({ module_or_path: e.data.module });
    return;
  }
  const { id, bytes, big } = e.data;
  try {
    let move;
    if (big) {
      if (!bigReady) bigReady = startBig(null);
      move = (await bigReady)(bytes);
    } else {
      if (!ready) ready = init();
      await ready;
      move = aiMove(bytes);
    }
    self.postMessage({ id, move });
  } catch (err) {
    self.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
