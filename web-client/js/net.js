// The WebSocket to the server: one JSON object per frame, request ids, reconnection with backoff,
// and a ping every few seconds that both measures the clock offset and notices a dead link.
// Snapshot deltas are turned back into full snapshots here, before answers are matched to their
// requests: the rest of the client only ever sees snapshots. On a site of several nodes, a room
// served by another node answers `moved`: the connection goes there (PROTOCOL.md, `moved`).
// Clock probes (fair races) are answered on the spot, before anything else is looked at.
import { notePong } from '/js/clock.js';
import { Baseline } from '/js/deltas.js';
import { clockReply } from '/js/fair.js';

const BACKOFF_MS = [400, 1000, 2000, 4000, 8000, 12000];
const PING_EVERY_MS = 15000;
const PONG_WITHIN_MS = 10000;

export class Connection {
  constructor(url, handlers) {
    this.homeUrl = url; // the site's address: where to come back to when a node we were sent to fails
    this.url = url;
    this.movedAt = 0;
    this.handlers = handlers; // {open(), message(msg), state(name), resynced()}
    this.ws = null;
    this.nextId = 1;
    this.waiting = new Map(); // id -> {resolve, reject}
    this.baseline = new Baseline({ resync: () => this.resync() });
    // Requests whose answer was a delta that could not be applied. The server took them (a delta
    // is a success), so they resolve with the next full snapshot, the resync's answer at the
    // latest, rather than fail and tell the player an accepted move went wrong.
    this.parked = [];
    this.resyncId = null;
    this.attempt = 0;
    this.timer = null;
    this.pingTimer = null;
    this.pongDeadline = null;
    this.wanted = false;
    this.state = 'idle';
    const kick = () => { if (this.wanted && this.state === 'reconnecting') this.reconnectNow(); };
    window.addEventListener('online', kick);
    document.addEventListener('visibilitychange', () => { if (!document.hidden) kick(); });
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.handlers.state?.(state);
  }

  open() {
    this.wanted = true;
    if (this.ws && this.ws.readyState <= 1) return;
    clearTimeout(this.timer);
    this.setState(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.attempt = 0;
      this.baseline.reset(); // a new connection starts from its first full snapshot
      this.setState('online');
      this.handlers.open?.(); // hello goes first: the server wants it before anything else
      this.startPing();
    };
    ws.onmessage = (ev) => {
      if (ws !== this.ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      // The server times the round trip of this answer: it goes out now, on this socket.
      const reply = clockReply(msg, performance.now());
      if (reply) { ws.send(JSON.stringify(reply)); return; }
      this.dispatch(msg);
    };
    ws.onclose = () => {
      if (ws !== this.ws) return;
      this.dropped();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  // Closes for good (leaving the page or changing the name before a new hello).
  close() {
    this.wanted = false;
    clearTimeout(this.timer);
    this.stopPing();
    const ws = this.ws;
    this.ws = null;
    if (ws) { ws.onclose = null; ws.close(); }
    this.failAll();
    this.setState('idle');
  }

  reconnectNow() {
    clearTimeout(this.timer);
    this.open();
  }

  dropped() {
    this.stopPing();
    this.ws = null;
    this.failAll();
    if (this.wanted) this.scheduleReconnect();
    else this.setState('idle');
  }

  failAll() {
    for (const { reject } of [...this.waiting.values(), ...this.parked]) reject({ code: 'disconnected', message: 'connection lost' });
    this.waiting.clear();
    this.parked = [];
    this.resyncId = null;
  }

  // Drops the socket (even if it has not noticed it is dead) and reconnects.
  cut() {
    const ws = this.ws;
    if (ws) { ws.onclose = null; try { ws.close(); } catch { /* already gone */ } }
    this.dropped();
  }

  scheduleReconnect() {
    this.url = this.homeUrl; // the site sends us on to whichever node serves the room now
    this.setState('reconnecting');
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    const delay = base * (0.75 + Math.random() * 0.5);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }

  // The room is served by another node: close, connect there and say hello again (app.js then
  // finds its seat there, or joins again). A loop of moves slows down like reconnections.
  follow(msg) {
    const url = typeof msg.url === 'string' && /^wss?:\/\//.test(msg.url) ? msg.url : this.homeUrl;
    const ws = this.ws;
    if (ws) { ws.onclose = null; try { ws.close(); } catch { /* already gone */ } }
    this.stopPing();
    this.ws = null;
    this.failAll();
    const soon = Date.now() - this.movedAt < 2000;
    this.movedAt = Date.now();
    if (soon) {
      this.scheduleReconnect();
      this.url = url;
    } else {
      this.url = url;
      this.open();
    }
  }

  dispatch(msg) {
    if (msg.type === 'moved') {
      this.follow(msg);
      return;
    }
    if (msg.type === 'pong') {
      clearTimeout(this.pongDeadline);
      if (typeof msg.t === 'number') notePong(msg.t, msg.server_time);
    }
    if (msg.type === 'delta') {
      const snap = this.baseline.applyDelta(msg);
      if (!snap) {
        this.park(msg.id);
        return;
      }
      msg = snap;
    } else if (msg.type === 'snapshot') {
      this.baseline.accept(msg);
      for (const { resolve } of this.parked.splice(0)) resolve(msg);
      if (msg.id !== undefined && msg.id === this.resyncId) {
        this.resyncId = null;
        this.handlers.resynced?.();
      }
    }
    let silent = false;
    if (msg.id !== undefined && msg.id !== null && this.waiting.has(msg.id)) {
      const { resolve, reject, quiet } = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      silent = quiet;
      if (msg.type === 'error') reject(msg);
      else resolve(msg);
    }
    // Answers and broadcasts go through one path, except answers the caller alone handles.
    if (!silent) this.handlers.message?.(msg);
  }

  park(id) {
    if (id === undefined || id === null || !this.waiting.has(id)) return;
    this.parked.push(this.waiting.get(id));
    this.waiting.delete(id);
  }

  // A delta could not be applied: ask for a full snapshot (deltas are ignored until one comes).
  resync() {
    this.resyncId = this.nextId; // the id request() gives it: its answer starts the log afresh
    this.request({ type: 'resync' }).catch((err) => {
      // Refused (not answered by a snapshot): a new connection brings one, its hello's token
      // bringing the room back, and fails what was parked so that nothing waits for ever.
      if (err.code !== 'disconnected') this.cut();
    });
  }

  // Fire and forget.
  send(msg) {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  // A message with an id: resolves with the answer, rejects with the error (or 'disconnected').
  // `quiet`: the answer goes to the caller only, not to the message handler.
  request(msg, { quiet = false } = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.send({ ...msg, id })) {
        reject({ code: 'disconnected', message: 'not connected' });
        return;
      }
      this.waiting.set(id, { resolve, reject, quiet });
    });
  }

  startPing() {
    this.stopPing();
    const ping = () => {
      if (!this.send({ type: 'ping', t: Date.now() })) return;
      clearTimeout(this.pongDeadline);
      // No pong in time: the link is dead even if the socket has not noticed. Start again.
      this.pongDeadline = setTimeout(() => this.cut(), PONG_WITHIN_MS);
    };
    ping();
    this.pingTimer = setInterval(ping, PING_EVERY_MS);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongDeadline);
  }
}
