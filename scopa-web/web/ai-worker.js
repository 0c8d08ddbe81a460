// The AI off the page's thread: it receives the session's bytes and returns the move the
// AI due would play, as an `aiplay` line. The page hands it back to the session with the
// delay's token (`fireMove`), and the session checks it like any move.
import init, { aiMove } from './pkg/scopa_web.js';

const ready = init();

self.onmessage = async (e) => {
  const { id, bytes } = e.data;
  try {
    await ready;
    self.postMessage({ id, move: aiMove(bytes) });
  } catch (err) {
    self.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
