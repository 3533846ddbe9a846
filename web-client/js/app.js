// Start-up, the client's state, routing (/, /r/<CODE>, /replay/<CODE>) and the handling of server
// messages. Views (lobby.js, room.js, replay.js) draw from `state` and call the intents exported
// through `app`.
import { Connection } from '/js/net.js';
import { t, getLang, onLangChange, setSeatNamer } from '/js/i18n.js';
import { noteServerTime, startTicker } from '/js/clock.js';
import { play } from '/js/sound.js';
import { h } from '/js/dom.js';
import { renderTopbar } from '/js/topbar.js';
import { LobbyView } from '/js/lobby.js';
import { RoomView } from '/js/room.js';
import { confirmDialog } from '/js/confirm.js';
import { replayPath } from '/js/paths.js';
import { InputClock } from '/js/fair.js';
import { drawingHeld } from '/js/press-guard.js';
import '/js/tips.js';

const store = {
  get(k) { try { return localStorage.getItem(k); } catch { return null; } },
  set(k, v) { try { if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v); } catch { /* private mode */ } },
};

export const state = {
  name: store.get('taol.name') || '',
  token: store.get('taol.token') || null,
  games: [],
  gamesById: {},
  conn: 'idle',          // idle | connecting | online | reconnecting
  welcomed: false,
  helloName: null,
  code: null,            // the room we are in
  role: null,            // 'player' | 'spectator'
  room: null,            // the last `room` message
  mySeat: null,
  snap: null,            // the last snapshot
  log: [],               // accumulated, newest first
  chat: [],              // oldest first
  freshLog: true,        // the next snapshot starts the log afresh
  target: null,          // {code, as}: a room to enter once welcomed
  busyCode: null,        // a table the server was too busy to let us join: the lobby keeps its code typed
  screen: 'lobby',       // lobby | name | watch | conflict | room | replay
  replay: null,          // {code, game, seats}: the replay on screen (game: 1-based, null = the last)
  conflict: null,        // {current, wanted}
  pending: 0,
  gameEpoch: 0,          // changes with every new game (renderer scratch state is reset)
  autoNote: null,        // {entry, until}: a move the server just played for someone, said on the prompt
};

const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
const conn = new Connection(wsUrl, {
  open: () => sayHello(),
  message: (msg) => onMessage(msg),
  state: (s) => { state.conn = s; if (s !== 'online') state.welcomed = false; render(); },
  // The snapshot that answers a resync carries the whole log, like a connection's first one.
  resynced: () => { state.freshLog = true; },
});

// The moment of the person's last click, tap or key: an act carries the moment of the input that
// chose it (`t`), not of its sending, which may come after a picker or a confirmation.
const inputs = new InputClock();
for (const type of ['click', 'keydown']) {
  document.addEventListener(type, (e) => { if (e.isTrusted) inputs.note(e.timeStamp, performance.now()); }, true);
}

let welcomeWaiters = [];
let lobby = null;
let roomView = null;
let replayView = null;

// The replay viewer (js/replay.js) is loaded when a replay is first opened, not with the page.
let ReplayView = null;
let replayLoading = null;
function loadReplayViewer() {
  if (!replayLoading) {
    replayLoading = import('/js/replay.js').then((m) => { ReplayView = m.ReplayView; render(); }, () => {
      replayLoading = null;
      toast(t('replay.errors.network'), 'error');
      if (state.screen === 'replay') app.closeReplay();
    });
  }
  return replayLoading;
}

// ---------- routing ----------

function codeFromPath() {
  const m = location.pathname.match(/^\/r\/([A-Za-z0-9]+)\/?$/);
  return m ? m[1].toUpperCase() : null;
}

function goToRoomUrl(code) {
  const path = `/r/${code}`;
  if (location.pathname !== path) history.replaceState(null, '', path);
}

// "/replay/<CODE>[?game=N]" → {code, game} (game null: the room's last game).
function replayFromPath() {
  const m = location.pathname.match(/^\/replay\/([A-Za-z0-9]+)\/?$/);
  if (!m) return null;
  const n = Number(new URLSearchParams(location.search).get('game'));
  return { code: m[1].toUpperCase(), game: Number.isInteger(n) && n > 0 ? n : null };
}

// ---------- connection ----------

function sayHello() {
  state.freshLog = true;
  const name = state.name || 'Anonyme';
  // deltas: later snapshots may come as patches of the last one (net.js makes them whole again);
  // clock: the server probes our clock (net.js answers), to judge races by when people acted.
  conn.request({ type: 'hello', name, deltas: true, clock: true, ...(state.token ? { token: state.token } : {}) }, { quiet: true })
    .then((welcome) => {
      state.token = welcome.token;
      store.set('taol.token', welcome.token);
      state.welcomed = true;
      state.helloName = name;
      welcomeWaiters.forEach((w) => w.resolve());
      welcomeWaiters = [];
      afterWelcome(!!welcome.resumed);
      render();
    })
    .catch((err) => {
      welcomeWaiters.forEach((w) => w.reject(err));
      welcomeWaiters = [];
      if (err.code !== 'disconnected') toastError(err);
    });
}

// After a (re)connection: a known token brings its room by itself; otherwise go back in.
function afterWelcome(resumed) {
  const code = state.code || state.target?.code;
  if (!code) return;
  const as = state.code ? state.role : state.target.as;
  const rejoin = () => {
    if (state.room && state.roomSeenAt > helloAt) return; // the room came with the resume
    join(code, as);
  };
  const helloAt = performance.now();
  if (resumed) setTimeout(rejoin, 600);
  else rejoin();
}

function ensureHello(name) {
  if (state.welcomed && state.helloName === name) return Promise.resolve();
  state.name = name;
  store.set('taol.name', name);
  const p = new Promise((resolve, reject) => welcomeWaiters.push({ resolve, reject }));
  if (state.conn === 'online') { conn.close(); }
  conn.open();
  return p;
}

// ---------- messages ----------

function onMessage(msg) {
  switch (msg.type) {
    case 'room': onRoom(msg); break;
    case 'snapshot': onSnapshot(msg); break;
    case 'chat': onChat(msg); break;
    case 'error': if (msg.id === undefined || msg.id === null) toastError(msg); break;
    default: break;
  }
}

function seatFromRoom(room) {
  if ('you' in room) return room.you;
  if (state.role === 'spectator') return null;
  if (state.snap && state.snap.room === room.room && room.status !== 'waiting') return state.snap.seat;
  const seats = room.seats || [];
  const prev = state.mySeat;
  if (prev !== null && prev !== undefined && seats[prev]?.name === state.helloName) return prev;
  const mine = seats.filter((s) => s.name === state.helloName).map((s) => s.seat);
  if (prev !== null && prev !== undefined) {
    const below = mine.filter((s) => s <= prev);
    if (below.length) return below[below.length - 1];
  }
  if (mine.length) return mine[mine.length - 1];
  return prev ?? (seats.length ? seats.length - 1 : null);
}

function onRoom(msg) {
  if (state.target && !state.code && msg.room !== state.target.code) {
    // A resumed room that is not the one whose link was opened: let the player choose.
    state.conflict = { current: msg, wanted: state.target.code, as: state.target.as };
    state.screen = 'conflict';
    render();
    return;
  }
  if (state.code !== msg.room) {
    // Entering a room (created, joined or resumed).
    state.code = msg.room;
    state.chat = [];
    state.snap = null;
    state.log = [];
    state.mySeat = null;
    if (!state.role) state.role = state.target?.as || 'player';
  }
  state.target = null;
  if ('you' in msg && msg.you === null) state.role = 'spectator';
  state.room = msg;
  state.roomSeenAt = performance.now();
  state.mySeat = seatFromRoom(msg);
  if (state.screen !== 'replay') {
    state.screen = 'room';
    goToRoomUrl(msg.room);
  }
  render();
}

function onSnapshot(snap) {
  if (!state.code) state.code = snap.room;
  if (snap.room !== state.code) return;
  const prev = state.snap;
  const newGame = prev && (snap.rev < prev.rev || (prev.status === 'finished' && snap.status === 'playing'));
  if (!prev || newGame) state.gameEpoch += 1;
  // A whole log (a new connection, a new game): nothing in it is news to animate.
  state.snapFresh = state.freshLog || newGame || !prev;
  if (state.snapFresh) {
    state.log = [];
    state.freshLog = false;
  } else if (prev && snap.log?.length) {
    soundsFor(snap.log);
    noteAutoPlayed(snap.log);
  }
  if (Array.isArray(snap.log) && snap.log.length) state.log = [...snap.log].reverse().concat(state.log).slice(0, 1000);
  noteServerTime(snap.server_time);
  state.snap = snap;
  if (snap.seat !== undefined) state.mySeat = snap.seat;
  if (snap.seat === null) state.role = 'spectator';
  if (state.room && snap.status && state.room.status !== snap.status) state.room = { ...state.room, status: snap.status };
  const wasWaitingForMe = prev && prev.rev !== snap.rev && (prev.waiting_for || []).includes(state.mySeat);
  const waitsForMe = (snap.waiting_for || []).includes(state.mySeat) && (snap.actions || []).length > 0;
  if (waitsForMe && !wasWaitingForMe && prev) play('turn');
  if (snap.status === 'finished' && prev && prev.status !== 'finished') play('win');
  if (state.screen !== 'replay') state.screen = 'room';
  render();
}

// A move the server played for someone (its time ran out, or it is away) is said on the prompt
// for a few seconds, not only in the log.
const AUTO_NOTE_MS = 6000;
function noteAutoPlayed(entries) {
  const entry = entries.find((e) => e.params && (e.params.auto === 'turn' || e.params.auto === 'absent'));
  if (!entry) return;
  state.autoNote = { entry, until: Date.now() + AUTO_NOTE_MS };
  setTimeout(render, AUTO_NOTE_MS + 50);
}

function soundsFor(entries) {
  const renderer = roomView?.renderer;
  for (const e of entries) {
    const name = renderer?.soundFor?.(e);
    if (name) { play(name); return; }
  }
}

function onChat(msg) {
  state.chat.push(msg);
  if (state.chat.length > 300) state.chat.shift();
  roomView?.side.chatArrived(msg);
}

// ---------- intents (called by the views) ----------

export function errorText(err) {
  if (!err) return '';
  if (err.code === 'too_late') {
    // In a fair room the margin is between the moments people acted, network delays taken off.
    const fair = err.compensated === true ? '_fair' : '';
    const margin = err.margin_ms ?? 0;
    if (err.winner === null || err.winner === undefined) return t(`errors.too_late_deadline${fair}`, { margin });
    return t(`errors.too_late${fair}`, { winner: seatName(err.winner), margin });
  }
  const key = `errors.${err.code}`;
  const text = t(key);
  return text === key ? (err.message || err.code) : text;
}

export function toast(text, kind = 'info') {
  const box = document.getElementById('toasts');
  const el = h('div', { class: ['toast', kind], role: kind === 'error' ? 'alert' : 'status' }, text);
  box.append(el);
  setTimeout(() => el.classList.add('gone'), 4200);
  setTimeout(() => el.remove(), 4500);
}

export function toastError(err) { toast(errorText(err), 'error'); }

export function seatName(seat) {
  const seats = state.screen === 'replay' ? state.replay?.seats : state.room?.seats;
  const s = seats?.find((x) => x.seat === seat);
  return s?.name || `#${Number(seat) + 1}`;
}
setSeatNamer(seatName);

async function join(code, as) {
  const before = state.role;
  state.role = as; // before the answer: the `room` that comes back must know who we are
  if (as === 'spectator') state.mySeat = null;
  try {
    await conn.request({ type: 'join', room: code, as });
    store.set('taol.watching', as === 'spectator' ? code : null);
  } catch (err) {
    if (err.code === 'disconnected') return;
    if (err.code === 'already_in_room') return; // the resumed room is ours
    state.role = before;
    if (as === 'player' && (err.code === 'already_started' || err.code === 'room_full')) {
      state.target = { code, as: 'spectator', reason: err.code };
      state.screen = 'watch';
    } else {
      toastError(err);
      if (err.code === 'server_busy') state.busyCode = code; // to try again in a minute with one click
      if (state.code === code) leftRoom();
      state.target = null;
      if (state.screen !== 'replay') {
        state.screen = 'lobby';
        history.replaceState(null, '', '/');
      }
    }
    render();
  }
}

function leftRoom() {
  state.code = null;
  state.room = null;
  state.snap = null;
  state.role = null;
  state.mySeat = null;
  state.log = [];
  state.chat = [];
}

export const app = {
  state,
  async create(name, game, options) {
    await ensureHello(name);
    state.role = 'player';
    state.mySeat = 0;
    await conn.request({ type: 'create', game, options });
  },
  async enter(name, code, as) {
    state.target = { code: code.toUpperCase(), as };
    if (state.welcomed && state.helloName === name) await join(state.target.code, as);
    else await ensureHello(name); // the welcome brings the target in (afterWelcome)
  },
  async leave() {
    try { await conn.request({ type: 'leave' }, { quiet: true }); } catch (err) { if (err.code !== 'not_in_room') toastError(err); }
    leftRoom();
    state.screen = 'lobby';
    history.pushState(null, '', '/');
    render();
  },
  // Leaving by the room's own buttons: a player of a running game is asked first (the game goes
  // on without it, its seat played by the clocks). Resolves to whether it left.
  async leaveTable() {
    const playing = state.snap?.status === 'playing' && state.mySeat !== null && state.mySeat !== undefined;
    if (playing) {
      const ok = await confirmDialog({
        title: t('room.leave_confirm_title'), text: t('room.leave_confirm_text'),
        yes: t('room.leave_confirm_yes'), no: t('room.leave_confirm_no'), danger: true, testid: 'leave-confirm',
      });
      if (!ok) return false;
    }
    await app.leave();
    return true;
  },
  async resolveConflict(goToWanted) {
    const c = state.conflict;
    state.conflict = null;
    if (!goToWanted) {
      state.target = null;
      onRoom(c.current);
      return;
    }
    try { await conn.request({ type: 'leave' }, { quiet: true }); } catch { /* not in it any more */ }
    leftRoom();
    state.target = { code: c.wanted, as: c.as };
    await join(c.wanted, c.as);
  },
  start(options) { return conn.request({ type: 'start', options }).catch(toastError); },
  rematch(options) { return conn.request({ type: 'rematch', options }).catch(toastError); },
  // A chat line refused says why in chat's own words (a spectator does not "play").
  chat(text) {
    return conn.request({ type: 'chat', text }).catch((err) => {
      const own = { not_a_player: 'errors.chat_closed', rate_limited: 'errors.chat_too_fast' }[err.code];
      return own ? toast(t(own), 'error') : toastError(err);
    });
  },
  // The room's own options (spectators, fair races), host only, at any time.
  configure(options) { return conn.request({ type: 'configure', options }).catch(toastError); },
  addBot() { return conn.request({ type: 'add_bot' }).catch(toastError); },
  removeBot(seat) { return conn.request({ type: 'remove_bot', seat }).catch(toastError); },
  botFor(seat) { return conn.request({ type: 'bot_for', seat }).catch(toastError); },
  // The replay viewer, over the room (which goes on: a rematch may start meanwhile).
  openReplay(code, game = null) {
    state.replay = { code, game, seats: [] };
    state.screen = 'replay';
    history.pushState(null, '', replayPath(code, game));
    render();
  },
  // Another game of the same room: the URL says which, so a link to it can be shared.
  showReplayGame(game) {
    state.replay = { ...state.replay, game };
    history.replaceState(null, '', replayPath(state.replay.code, game));
    render();
  },
  // Back to the table we sit at (or watch), or to the lobby.
  closeReplay() {
    state.replay = null;
    state.screen = state.code && state.room ? 'room' : 'lobby';
    history.pushState(null, '', state.screen === 'room' ? `/r/${state.code}` : '/');
    render();
  },
  // Sends an action chosen on the table drawn at `rev` (default: the latest snapshot); the answer
  // (a snapshot) goes through onSnapshot like any other.
  async act(action, rev = state.snap?.rev) {
    state.pending += 1;
    render();
    try {
      const snapshot = await conn.request({ type: 'act', action, t: inputs.actTime(performance.now()), ...(rev !== undefined ? { rev } : {}) });
      return { ok: true, snapshot };
    } catch (error) {
      // A second copy of a move the server already took (a double tap) changes nothing: no alarm.
      if (error.code === 'duplicate') return { ok: true, duplicate: true };
      toastError(error);
      return { ok: false, error };
    } finally {
      state.pending -= 1;
      render();
    }
  },
  render: () => render(),
  // The side panel (players, log, chat): a column on wide screens, a drawer on small ones.
  toggleSide: () => roomView?.side.toggle(),
  sideOpen: () => !!roomView?.side.open,
  unread: () => !!roomView?.side.unread,
  toast: (text, kind) => toast(text, kind),
  errorText: (err) => errorText(err),
  seatName: (seat) => seatName(seat),
  setName(name) { state.name = name; store.set('taol.name', name); },
};

// ---------- drawing ----------

let scheduled = false;
function render() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    if (!drawingHeld(render)) draw();
  });
}

function draw() {
  // At a table the page itself never scrolls: the table fits the screen (css/room.css).
  document.documentElement.classList.toggle('room-screen', state.screen === 'room' && !!state.room);
  renderTopbar(document.getElementById('topbar'), app);
  const main = document.getElementById('main');
  if (state.screen !== 'replay' && replayView) {
    replayView.destroy();
    replayView = null;
  }
  if (state.screen === 'replay') {
    lobby = null;
    roomView = null;
    if (!ReplayView) {
      // Drawn again once the viewer is there (a moment: one small file).
      if (!main.querySelector('[data-testid=replay-loading]')) {
        main.replaceChildren(h('p', { class: 'muted', dataset: { testid: 'replay-loading' } }, t('replay.loading', { code: state.replay?.code || '' })));
      }
      loadReplayViewer();
      return;
    }
    if (!replayView) replayView = new ReplayView(main, app);
    replayView.update();
  } else if (state.screen === 'room' && state.room) {
    if (!roomView || roomView.code !== state.code) {
      lobby = null;
      roomView = new RoomView(main, app);
    }
    roomView.update();
  } else {
    roomView = null;
    if (!lobby) lobby = new LobbyView(main, app);
    lobby.update();
    document.getElementById('prompt').textContent = '';
    document.getElementById('prompt').hidden = true;
  }
}

async function loadGames() {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch('/api/games', { cache: 'no-store' });
      if (!res.ok) throw new Error(String(res.status));
      state.games = await res.json();
      state.gamesById = Object.fromEntries(state.games.map((g) => [g.id, g]));
      render();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, Math.min(8000, 500 * 2 ** attempt)));
    }
  }
}

function boot() {
  document.documentElement.lang = getLang(); // i18n.js loaded the chosen language's words
  onLangChange(() => { lobby?.rebuild?.(); roomView?.langChanged(); replayView?.langChanged(); render(); });
  startTicker();
  loadGames();
  const code = codeFromPath();
  const replay = replayFromPath();
  if (replay) {
    state.replay = { ...replay, seats: [] };
    state.screen = 'replay';
  } else if (code) {
    // Someone who watched this room comes back as a spectator, not knocking on a seat.
    state.target = { code, as: store.get('taol.watching') === code ? 'spectator' : 'player' };
    state.screen = state.name ? 'joining' : 'name';
  }
  // With a name (remembered), connect at once: a known token brings its room back.
  if (state.name) conn.open();
  window.addEventListener('popstate', () => {
    const again = replayFromPath();
    if (again) {
      state.replay = { ...again, seats: [] };
      state.screen = 'replay';
      render();
      return;
    }
    if (state.screen === 'replay') {
      // Back from the replay: to the table when we are still at one.
      state.replay = null;
      state.screen = state.code && state.room ? 'room' : 'lobby';
      if (state.screen === 'room') goToRoomUrl(state.code);
      render();
      return;
    }
    if (!codeFromPath() && state.code) {
      // Back out of a running game: asked like the button; staying puts the room's address back.
      const code = state.code;
      app.leaveTable().then((left) => { if (!left && state.code === code) history.pushState(null, '', `/r/${code}`); });
    }
  });
  render();
}

boot();
