// The AI off the page's thread: it receives the session's bytes and returns the move the
// AI due would play, as an `aiplay` line. The page hands it back to the session with the
// delay's token (`fireMove`), and the session checks it like any move. Its wasm is the
// page's: the page's first message carries the compiled module (so the wasm is fetched and
// compiled once); a worker started without one loads it itself.
import init, { aiMove } from './pkg/scopa_web.js';

let ready = null;

self.onmessage = async (e) => {
  if (e.data.module) {
    ready = init({ module_or_path: e.data.module });
    return;
  }
  const { id, bytes } = e.data;
  try {
    if (!ready) ready = init();
    await ready;
    self.postMessage({ id, move: aiMove(bytes) });
  } catch (err) {
    self.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
