// Snapshot deltas, the client's side: each page's WebSocket plays the server's part of deltas
// (the hello's `deltas: true` is noted and taken off, so the server sends full snapshots; every
// snapshot after a connection's first becomes a `delta`, an RFC 6902 patch from the one before,
// with its id when it answers a request). Once per page, the answer to one of its own moves comes
// with a wrong `from`: the page must ask for a resync (answered here with the whole state and log)
// and its move must not hang. Two players play a Fish Fish game to its end by clicking: the same
// scoreboard on both pages, the latest state drawn, no table left busy, a log not doubled. Then
// the tests' own record of the last snapshot follows a delta.
import { OVERALL_MS, check, checkNoPageErrors, log, newPlayer, playFishFishDuo } from '../lib.mjs';

function serveDeltas() {
  const Base = window.WebSocket;
  const stats = { asked: 0, deltas: 0, withId: 0, corrupted: null, resyncs: 0, answered: 0 };
  window.__deltas = stats;
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const esc = (k) => k.replace(/~/g, '~0').replace(/\//g, '~1');
  // A patch from a to b: members added, removed or changed, array tails added ("-") or removed.
  function diff(a, b, path, out) {
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.min(a.length, b.length);
      for (let i = 0; i < n; i++) diff(a[i], b[i], `${path}/${i}`, out);
      for (let i = n; i < b.length; i++) out.push({ op: 'add', path: `${path}/-`, value: b[i] });
      for (let i = a.length - 1; i >= n; i--) out.push({ op: 'remove', path: `${path}/${i}` });
    } else if (isObject(a) && isObject(b)) {
      for (const k of Object.keys(a)) if (!hasOwn(b, k)) out.push({ op: 'remove', path: `${path}/${esc(k)}` });
      for (const k of Object.keys(b)) {
        if (hasOwn(a, k)) diff(a[k], b[k], `${path}/${esc(k)}`, out);
        else out.push({ op: 'add', path: `${path}/${esc(k)}`, value: b[k] });
      }
    } else {
      out.push({ op: 'replace', path, value: b });
    }
  }
  const state = (snap) => {
    const s = { ...snap };
    for (const k of ['type', 'id', 'log', 'server_time']) delete s[k];
    return s;
  };
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.sentState = null; // what the page was last given
      this.wholeLog = []; // every entry of this connection, oldest first: a resync's answer has it all
      this.handler = null;
      super.onmessage = (ev) => this.incoming(ev);
    }

    set onmessage(fn) { this.handler = fn; }

    get onmessage() { return this.handler; }

    deliver(msg) { this.handler?.({ data: JSON.stringify(msg) }); }

    incoming(ev) {
      let m;
      try { m = JSON.parse(ev.data); } catch { this.handler?.(ev); return; }
      if (m.type !== 'snapshot') { this.handler?.(ev); return; }
      if (Array.isArray(m.log)) this.wholeLog.push(...m.log);
      const before = this.sentState;
      this.sentState = state(m);
      if (!before || before.room !== m.room) { this.deliver(m); return; }
      const patch = [{ op: 'test', path: '/rev', value: before.rev }];
      diff(before, this.sentState, '', patch);
      const delta = { type: 'delta', room: m.room, from: before.rev, rev: m.rev, patch, log: m.log || [], server_time: m.server_time };
      if (m.id !== undefined) { delta.id = m.id; stats.withId += 1; }
      stats.deltas += 1;
      if (!stats.corrupted && m.id !== undefined && stats.deltas > 5) {
        delta.from = before.rev - 1; // as if a delta had been lost before this one
        stats.corrupted = { id: m.id, rev: m.rev };
      }
      this.deliver(delta);
    }

    send(data) {
      let m;
      try { m = JSON.parse(data); } catch { super.send(data); return; }
      if (m.type === 'hello') {
        if (m.deltas === true) stats.asked += 1;
        delete m.deltas;
        super.send(JSON.stringify(m));
      } else if (m.type === 'resync') {
        stats.resyncs += 1;
        // A little later, as a server would: a snapshot arriving meanwhile is a delta to ignore.
        setTimeout(() => {
          stats.answered += 1;
          this.deliver({ type: 'snapshot', ...this.sentState, log: this.wholeLog, server_time: Date.now(), ...(m.id !== undefined ? { id: m.id } : {}) });
        }, 40);
      } else {
        super.send(data);
      }
    }
  };
}

export default async function deltas({ base, browser, errors }) {
  const host = await newPlayer(browser, 'Anna', { width: 1280, height: 860 }, errors);
  const friend = await newPlayer(browser, 'Bleuenn', { width: 1024, height: 768 }, errors);
  for (const p of [host, friend]) await p.context.addInitScript(serveDeltas);

  const { code, scores } = await playFishFishDuo(host, friend, base, OVERALL_MS - 60000);

  for (const p of [host, friend]) {
    // Nothing in flight any more: a move answered by the wrong delta has resolved.
    await p.page.waitForFunction(() => !document.querySelector('.busy'), null, { timeout: 5000 })
      .catch(() => { throw new Error(`${p.name}: the table is still busy at the end (a request hangs)`); });
    const s = await p.page.evaluate(() => window.__deltas);
    log(`${p.name}: ${s.deltas} deltas (${s.withId} answers), a wrong one answering request ${s.corrupted?.id}, ${s.resyncs} resync`);
    check(s.asked >= 1, `${p.name}: the hello did not ask for deltas`);
    check(s.deltas >= 10, `${p.name}: only ${s.deltas} deltas in a whole game`);
    check(s.corrupted, `${p.name}: no answer of its own to send wrong`);
    check(s.resyncs === 1 && s.answered === 1, `${p.name}: ${s.resyncs} resyncs for one wrong delta`);
    const seen = await p.page.evaluate(() => {
      const ws = window.__sockets[window.__sockets.length - 1];
      return {
        drawn: Number(document.querySelector('[data-testid=table]')?.dataset.rev),
        last: ws.sentState.rev,
        log: ws.wholeLog.length,
        shown: document.querySelectorAll('[data-testid=log] li:not(.muted)').length,
      };
    });
    check(seen.drawn === seen.last, `${p.name}: the table shows rev ${seen.drawn}, the last state is ${seen.last}`);
    check(seen.shown === Math.min(seen.log, 200), `${p.name}: the log shows ${seen.shown} entries for ${seen.log}`);
  }

  // The tests' own record of the last snapshot (lib.mjs, window.__lastSnap) follows deltas too,
  // for the day the server sends them: a made-up snapshot and delta on a socket of its own.
  const last = await host.page.evaluate(async () => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    const hear = (m) => ws.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(m) }));
    hear({ type: 'snapshot', room: 'AAAAAAAA', rev: 3, seat: 0, view: { n: [1] }, log: [], server_time: 1 });
    hear({ type: 'delta', room: 'AAAAAAAA', from: 3, rev: 4, patch: [{ op: 'replace', path: '/rev', value: 4 }, { op: 'add', path: '/view/n/-', value: 2 }], log: [], server_time: 2 });
    await new Promise((r) => setTimeout(r, 300));
    ws.close();
    return window.__lastSnap;
  });
  check(last?.rev === 4 && JSON.stringify(last.view) === '{"n":[1,2]}', `the tests' last snapshot after a delta: ${JSON.stringify(last)}`);
  checkNoPageErrors(errors);
  for (const p of [host, friend]) await p.context.close();
}
