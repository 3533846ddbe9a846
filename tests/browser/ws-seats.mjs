// Seats played over the WebSocket protocol alone (no page, no renderer): the other players of a
// table whose one seat a test plays through the page. They live together in one Chromium page
// on the server's origin and use the browser's own WebSocket (Node 18 has none). Each seat acts
// from its own snapshots only, choosing among the listed actions with a `pick` function.
import { check } from './lib.mjs';

// Runs inside the page: the seats and their protocol (hello, create, join, start, act, clock).
function seatsRuntime() {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  const seats = [];
  const rand = (n) => Math.floor(Math.random() * n);
  const shuffle = (list) => { for (let i = list.length - 1; i > 0; i -= 1) { const j = rand(i + 1); [list[i], list[j]] = [list[j], list[i]]; } return list; };

  // A template filled with random values (PROTOCOL.md "choose"); a complete action as it is.
  function fill(entry) {
    if (!entry.choose) return entry;
    const action = { ...entry };
    delete action.choose;
    for (const [key, spec] of Object.entries(entry.choose)) {
      if (spec.one_of) action[key] = spec.one_of[rand(spec.one_of.length)];
      else if (spec.subset_of) {
        const min = spec.min ?? 0;
        const max = Math.min(spec.max ?? spec.subset_of.length, spec.subset_of.length);
        action[key] = shuffle(spec.subset_of.slice()).slice(0, min + rand(max - min + 1));
      } else if (spec.range) {
        const step = spec.step || 1;
        action[key] = spec.range[0] + step * rand(Math.floor((spec.range[1] - spec.range[0]) / step) + 1);
      }
    }
    return action;
  }

  // The default choice: an action by the weights of its type (0: never; `idle`: the weight of
  // doing nothing this time), then filled.
  function byWeights(weights) {
    return (snap) => {
      const list = (snap.actions || []).map((a) => [a, weights[a.type] ?? 1]).filter(([, w]) => w > 0);
      let r = Math.random() * (list.reduce((s, [, w]) => s + w, 0) + (weights.idle || 0));
      const found = list.find(([, w]) => (r -= w) <= 0);
      return found ? fill(found[0]) : null;
    };
  }

  class Seat {
    constructor(name) {
      Object.assign(this, { name, id: 0, waiters: new Map(), snap: null, room: null, seat: null, acts: 0, refused: 0, pick: null, timer: null, busy: false, delay: [150, 600] });
    }
    open() {
      return new Promise((resolve, reject) => {
        this.ws = new WebSocket(url);
        this.ws.onopen = () => resolve();
        this.ws.onerror = () => reject(new Error(`${this.name}: WebSocket error`));
        this.ws.onmessage = (e) => this.onMessage(JSON.parse(e.data));
      });
    }
    request(msg) {
      const id = ++this.id;
      this.ws.send(JSON.stringify({ ...msg, id }));
      return new Promise((resolve, reject) => this.waiters.set(id, { resolve, reject }));
    }
    onMessage(m) {
      // Clock probes answered like the web client's (its seat then shows a network delay too).
      if (m.type === 'clock') { this.ws.send(JSON.stringify({ type: 'clock', n: m.n, t: performance.now() })); return; }
      if (m.type === 'room') { this.room = m; if ('you' in m) this.seat = m.you; }
      if (m.type === 'snapshot') { this.snap = m; this.seat = m.seat; this.schedule(); }
      const waiter = m.id !== undefined && this.waiters.get(m.id);
      if (!waiter) return;
      this.waiters.delete(m.id);
      if (m.type === 'error') waiter.reject(Object.assign(new Error(m.message), { code: m.code }));
      else waiter.resolve(m);
    }
    // Acts a little after a snapshot, as a person would, while a `pick` is set; on the latest
    // snapshot when the time comes (a burst of snapshots does not put it off).
    schedule() {
      if (!this.pick || this.busy || this.timer) return;
      const [lo, hi] = this.delay;
      this.timer = setTimeout(() => { this.timer = null; this.step(); }, lo + rand(hi - lo + 1));
    }
    async step() {
      const snap = this.snap;
      if (!this.pick || !snap || snap.status !== 'playing') return;
      const action = this.pick(snap, { fill, byWeights, rand, seat: this.seat });
      if (!action) { if ((snap.actions || []).length) this.schedule(); return; } // idle this time: look again later
      this.busy = true;
      try {
        await this.request({ type: 'act', action, rev: snap.rev });
        this.acts += 1;
      } catch {
        this.refused += 1; // a lost race, or a filled template the rules refuse: choose again
      } finally {
        this.busy = false;
      }
      this.schedule();
    }
  }

  window.__seats = {
    seats,
    async add(name) {
      const seat = new Seat(name);
      await seat.open();
      await seat.request({ type: 'hello', name, clock: true });
      seats.push(seat);
      return seats.length - 1;
    },
    // pickSource: a function's source `(snap, tools) => action | null`, or a weights object.
    play(i, pickSource, delay) {
      const s = seats[i];
      s.pick = typeof pickSource === 'string' ? (0, eval)(`(${pickSource})`) : byWeights(pickSource || {});
      if (delay) s.delay = delay;
      s.schedule();
    },
    stop(i) { seats[i].pick = null; clearTimeout(seats[i].timer); seats[i].timer = null; },
    stats() { return seats.map((s) => ({ name: s.name, seat: s.seat, acts: s.acts, refused: s.refused, rev: s.snap?.rev ?? null })); },
  };
}

// A group of protocol-only seats in one page: `add(name)` says hello; each seat then `create`s,
// `join`s, `start`s or `play`s.
export async function wsSeats(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate(`(${seatsRuntime.toString()})()`);
  const call = (i, msg) => page.evaluate(([k, m]) => window.__seats.seats[k].request(m).then((r) => r, (e) => ({ type: 'error', code: e.code, message: e.message })), [i, msg]);
  return {
    page,
    async add(name) {
      const i = await page.evaluate((n) => window.__seats.add(n), name);
      return {
        name,
        async create(game, options = {}) {
          const room = await call(i, { type: 'create', game, options });
          check(room.type === 'room', `${name} could not create a ${game} table: ${room.message}`);
          return room.room;
        },
        async join(code) {
          const room = await call(i, { type: 'join', room: code, as: 'player' });
          check(room.type === 'room', `${name} could not join ${code}: ${room.message}`);
        },
        async start(options) {
          const snap = await call(i, { type: 'start', ...(options ? { options } : {}) });
          check(snap.type === 'snapshot', `${name} could not start: ${snap.message}`);
        },
        // pick: a function (snap, {fill, byWeights, rand, seat}) => action|null, run in the page,
        // or an object of weights by action type. delay: [min, max] ms after each snapshot.
        play(pick, delay) { return page.evaluate(([k, src, d]) => window.__seats.play(k, src, d), [i, typeof pick === 'function' ? pick.toString() : pick, delay || null]); },
        stop() { return page.evaluate((k) => window.__seats.stop(k), i); },
      };
    },
    stats() { return page.evaluate(() => window.__seats.stats()); },
    close() { return context.close(); },
  };
}
