// Compressed frames (taol-server's default): Chromium offers permessage-deflate, as every browser
// does, the server accepts it, and two players, on a laptop and on a phone, play a Fish Fish game
// to its end through compressed frames, each compressed once for both: the same scoreboard on both
// pages.
import { OVERALL_MS, check, checkNoPageErrors, newPlayer, playFishFishDuo, startServer } from '../lib.mjs';

// Runs in the page before its scripts: keeps every WebSocket it opens, to read what was negotiated.
function keepSockets() {
  const Base = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
    }
  };
}

export default async function deflate({ browser, errors, binary }) {
  const started = Date.now();
  const server = await startServer(binary);
  try {
    const host = await newPlayer(browser, 'Maiwenn', { width: 1280, height: 800 }, errors);
    const friend = await newPlayer(browser, 'Erwan', { width: 390, height: 844 }, errors, { mobile: true });
    for (const p of [host, friend]) await p.page.addInitScript(keepSockets);
    await playFishFishDuo(host, friend, server.base, OVERALL_MS - 60000 - (Date.now() - started));
    for (const p of [host, friend]) {
      const negotiated = await p.page.evaluate(() => window.__sockets.map((s) => s.extensions));
      check(negotiated.length > 0 && negotiated.every((e) => e.includes('permessage-deflate')),
        `${p.name}'s connections negotiated ${JSON.stringify(negotiated)}, not permessage-deflate`);
    }
    checkNoPageErrors(errors);
    for (const p of [host, friend]) await p.context.close();
  } finally {
    await server.stop();
  }
}
