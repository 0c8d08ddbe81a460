// The AI off the page's thread: it receives the session's bytes, restores them and returns
// the move the AI due would play. The page applies it as an `ai_play` action, which the
// session checks like any move.
import init, { WebSession } from './pkg/scopa_web.js';

const ready = init();

self.onmessage = async (e) => {
  const { id, bytes } = e.data;
  try {
    await ready;
    const session = WebSession.fromBytes(bytes);
    const move = session.aiMove();
    session.free();
    self.postMessage({ id, move });
  } catch (err) {
    self.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
