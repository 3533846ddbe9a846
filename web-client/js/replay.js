// The replay viewer: a finished game, step by step, drawn by the game's own renderer exactly as a
// spectator saw it. Everything comes from GET /api/rooms/<CODE>/replay[?game=N]; the viewer only
// shows it (it never plays a rule forward): each step is turned into a spectator's snapshot.
import { h, clear, keepFocus } from '/js/dom.js';
import { t, getLang, logText, formatters } from '/js/i18n.js';
import { seatBadge, seatToken, seatColor, seatShape } from '/js/seats.js';
import { fill, choices } from '/js/picker.js';
import { play } from '/js/sound.js';
import { icon } from '/js/icons.js';
import { loadRenderer, drawLoadFailed } from '/js/renderers.js';
import { finalScores, roundDetails } from '/js/room-parts.js';
import { copyText, openRules } from '/js/topbar.js';
import { replayPath } from '/js/paths.js';

// Autoplay speeds: how long a step stays on screen, and the button's short name for it.
const SPEEDS = { slow: { ms: 2200, short: '½×' }, normal: { ms: 1200, short: '1×' }, fast: { ms: 500, short: '2×' } };
const SPEED_ORDER = ['slow', 'normal', 'fast'];
const KNOWN_ERRORS = ['room_not_found', 'no_game', 'not_finished', 'bad_request', 'network', 'replay_lost', 'room_damaged'];

// Fetches one replay: {data} or {error: {code, message}}.
async function fetchReplay(code, game) {
  const url = `/api/rooms/${encodeURIComponent(code)}/replay${game ? `?game=${game}` : ''}`;
  let res;
  try {
    res = await fetch(url, { cache: 'no-store' });
  } catch {
    return { error: { code: 'network' } };
  }
  let body = null;
  try { body = await res.json(); } catch { /* not JSON: an older server, a proxy page */ }
  if (!res.ok) {
    const error = { code: body?.error || `http_${res.status}`, message: body?.message || '' };
    // A game still running may follow finished ones (a rematch): the room says how many there are.
    if (error.code === 'not_finished') error.games = await gamesPlayed(code);
    return { error };
  }
  if (!body || !Array.isArray(body.steps) || !body.steps.length) return { error: { code: 'no_game' } };
  return { data: body };
}

// How many games the room has played (the running one included), or 0 when it cannot be known.
async function gamesPlayed(code) {
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`, { cache: 'no-store' });
    const room = res.ok ? await res.json() : null;
    return Number(room?.games) || 0;
  } catch {
    return 0;
  }
}

function clock(at) {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((x) => String(x).padStart(2, '0')).join(':');
}

// "3:05" from the start of the game.
function elapsed(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  return m >= 60
    ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
    : `${m}:${String(s % 60).padStart(2, '0')}`;
}

// The viewer's own styles, once, next to app.css.
let styled = false;
function loadStyles() {
  if (styled) return;
  styled = true;
  document.head.append(h('link', { rel: 'stylesheet', href: '/css/replay.css' }));
}

export class ReplayView {
  constructor(main, app) {
    loadStyles();
    this.main = main;
    this.app = app;
    this.loadedKey = null;  // which replay `data` (or `error`) holds
    this.data = null;
    this.error = null;
    this.step = 0;
    this.playing = false;
    this.speed = 'normal';
    this.timer = null;
    this.renderer = null;
    this.rendererFor = null;
    this.scratch = {};
    this.drawnStep = null;
    this.signatures = {};
    this.logEnds = [];      // logEnds[i]: how many log entries there are up to step i
    this.log = [];          // every step's entries, oldest first
    this.onKey = (e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
    clear(main);
    this.root = h('div', { class: 'replay', dataset: { testid: 'replay' } });
    main.append(this.root);
  }

  destroy() {
    this.pause();
    document.removeEventListener('keydown', this.onKey);
    document.title = 'Taol';
  }

  langChanged() { this.signatures = {}; }

  changed(part, sig) {
    if (this.signatures[part] === sig) return false;
    this.signatures[part] = sig;
    return true;
  }

  get wanted() { return this.app.state.replay; }

  // ---------- loading ----------

  update() {
    const prompt = document.getElementById('prompt');
    prompt.hidden = true;
    clear(prompt);
    const want = this.wanted;
    const key = `${want.code}|${want.game ?? 'last'}`;
    if (key !== this.loadedKey && key !== this.loadingKey) this.load(key, want);
    if (this.data && this.rendererFor !== this.data.game) {
      this.rendererFor = this.data.game;
      this.renderer = null;
      this.loadGame(this.data.game);
    }
    this.draw();
  }

  async load(key, want) {
    this.loadingKey = key;
    this.pause();
    this.signatures = {};
    const result = await fetchReplay(want.code, want.game);
    if (this.loadingKey !== key) return; // another game was asked for meanwhile
    this.loadingKey = null;
    this.loadedKey = key;
    this.data = result.data || null;
    this.error = result.error || null;
    this.step = 0;
    this.scratch = {};
    this.drawnStep = null;
    this.signatures = {};
    if (this.data) {
      const steps = this.data.steps;
      this.log = [];
      this.logEnds = steps.map((s) => { this.log.push(...(s.log || [])); return this.log.length; });
      // Names come from the replay itself: the room's seats may have changed since.
      this.app.state.replay.seats = (this.data.players || []).map((p) => ({ seat: p.seat, name: p.name }));
    }
    this.app.render();
  }

  // ---------- stepping ----------

  get last() { return this.data ? this.data.steps.length - 1 : 0; }

  goTo(i, { keepPlaying = false } = {}) {
    if (!this.data) return;
    if (!keepPlaying) this.pause();
    const next = Math.max(0, Math.min(this.last, i));
    if (next === this.step) { this.app.render(); return; }
    if (next === this.step + 1) this.soundOf(next);
    this.step = next;
    this.app.render();
  }

  soundOf(i) {
    for (const entry of this.data.steps[i].log || []) {
      const name = this.renderer?.soundFor?.(entry);
      if (name) { play(name); return; }
    }
  }

  togglePlay() {
    if (this.playing) { this.pause(); this.app.render(); return; }
    if (!this.data) return;
    if (this.step >= this.last) this.step = 0; // at the end, play from the start again
    this.playing = true;
    this.tick();
    this.app.render();
  }

  tick() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.playing) return;
      this.goTo(this.step + 1, { keepPlaying: true });
      if (this.step >= this.last) { this.pause(); this.app.render(); } else this.tick();
    }, SPEEDS[this.speed].ms);
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
  }

  key(e) {
    if (this.app.state.screen !== 'replay' || !this.data) return;
    if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector('dialog[open]')) return;
    const target = e.target;
    // The slider moves by itself with the arrows; text fields and lists keep their keys.
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    const moves = { ArrowLeft: () => this.step - 1, ArrowRight: () => this.step + 1, Home: () => 0, End: () => this.last };
    if (moves[e.key]) {
      e.preventDefault();
      this.goTo(moves[e.key]());
    } else if (e.key === ' ' && !(target instanceof HTMLButtonElement) && !(target instanceof HTMLAnchorElement)) {
      e.preventDefault();
      this.togglePlay();
    }
  }

  // ---------- the snapshot and ctx a renderer gets ----------

  snapshotAt(i) {
    const d = this.data;
    const step = d.steps[i];
    const end = i === this.last && d.finished;
    return {
      type: 'snapshot',
      room: d.room,
      rev: step.rev,
      status: end ? 'finished' : 'playing',
      server_time: step.at,
      seat: null,
      view: step.view,
      actions: [],
      deadlines: [],
      waiting_for: step.waiting_for || [],
      log: this.log.slice(0, this.logEnds[i]),
      outcome: end ? d.outcome : null,
    };
  }

  seatName(seat) { return this.app.seatName(seat); }

  ctx() {
    const d = this.data;
    const game = d.game;
    const seatName = (seat) => this.seatName(seat);
    const at = d.steps[this.step].at;
    return {
      // Nothing is sent from a replay: the table is only shown.
      send: async () => ({ ok: false, error: { code: 'not_a_player' } }),
      fill, choices,
      pickFromTemplate: async () => null,
      t, gt: (key, params) => t(`${game}.${key}`, params),
      lang: getLang(),
      mySeat: null,
      seatName,
      seatBadge: (seat) => seatBadge(seat, seatName(seat)),
      seatToken: (seat, size) => seatToken(seat, size),
      seatColor,
      seatCount: (d.players || []).length,
      countdown: () => null,
      deadlineFor: () => null,
      now: () => at, // the replay's clock: the time of the step on screen
      state: this.scratch,
      rerender: () => { this.signatures.table = null; this.app.render(); },
      pending: false,
      sound: () => {},
      h,
      format: formatters,
    };
  }

  // ---------- drawing ----------

  gameName() {
    const id = this.data?.game;
    return this.app.state.gamesById[id]?.name || t(`${id}.name`);
  }

  draw() {
    const s = this.app.state;
    const lang = getLang();
    if (!this.data) {
      if (this.changed('page', `${lang}|${this.loadingKey}|${this.error?.code}|${s.code}`)) this.drawMessage();
      return;
    }
    if (this.changed('page', `${lang}|data|${this.loadedKey}`)) this.buildPage();
    const base = `${lang}|${this.step}|${this.renderer ? 1 : 0}|${s.games.length}`;
    if (this.changed('head', `${base}|${s.code}|${s.room ? 1 : 0}|${s.snap?.status}|${s.mySeat}`)) this.drawHead();
    if (this.changed('bar', `${base}|${this.playing}|${this.speed}`)) this.drawBar();
    const snap = this.snapshotAt(this.step);
    const ctx = this.ctx();
    if (this.changed('side', base)) { this.drawPlayers(snap, ctx); this.drawLog(); }
    if (this.changed('end', base)) this.drawEnd(snap, ctx);
    if (this.renderer && this.changed('table', base)) this.drawTable(snap, ctx);
    else if (!this.renderer && this.loadError && this.changed('table', `failed|${lang}`)) {
      drawLoadFailed(this.els.table, () => { clear(this.els.table); this.loadGame(this.data.game); });
    }
  }

  // Loading, or why there is nothing to show.
  drawMessage() {
    const code = this.wanted.code;
    document.title = `Taol · ${t('replay.title_short')} ${code}`;
    const body = [h('h1', {}, t('replay.title_short'))];
    const buttons = [];
    const err = this.loadingKey ? null : this.error;
    if (!err) {
      body.push(h('p', { class: 'muted' }, t('replay.loading', { code })));
    } else {
      const known = KNOWN_ERRORS.includes(err.code);
      body.push(h('p', { class: 'form-error', role: 'alert', dataset: { testid: 'replay-error', code: err.code } },
        known ? t(`replay.errors.${err.code}`, { code }) : t('replay.errors.other', { message: err.message || err.code })));
      if (err.code === 'not_finished') {
        buttons.push(h('a', { class: 'button-like', href: `/r/${code}`, dataset: { testid: 'replay-live' } }, t('replay.watch_live')));
        // The games before the running one are finished: offer them.
        for (let n = 1; n < (err.games || 0); n++) {
          buttons.push(h('a', {
            class: 'button-like', href: replayPath(code, n), dataset: { testid: `replay-game-${n}` },
            onclick: (e) => { e.preventDefault(); this.app.showReplayGame(n); },
          }, t('replay.see_game', { n })));
        }
      } else if (err.code === 'bad_request' && this.wanted.game) {
        buttons.push(h('a', {
          class: 'button-like', href: replayPath(code), onclick: (e) => { e.preventDefault(); this.app.showReplayGame(null); },
        }, t('replay.last_game')));
      } else if (err.code === 'network' || !known) {
        buttons.push(h('button', {
          class: 'primary', dataset: { key: 'replay-retry' },
          onclick: () => { this.loadedKey = null; this.error = null; this.app.render(); },
        }, t('replay.retry')));
      }
    }
    keepFocus(this.root, () => {
      clear(this.root).append(h('div', { class: 'lobby narrow' },
        h('section', { class: 'card replay-message' }, body, h('div', { class: 'row' }, buttons, this.backButtons()))));
    });
  }

  // "Back to the table" while we sit at (or watch) a table; the lobby in any case.
  backButtons() {
    const s = this.app.state;
    const list = [];
    if (s.code && s.room) {
      list.push(h('button', {
        class: 'primary', dataset: { key: 'replay-to-table', testid: 'replay-to-table' },
        onclick: () => this.app.closeReplay(),
      }, t('replay.back_to_table', { code: s.code })));
    }
    list.push(h('a', {
      class: 'button-like', href: '/', dataset: { key: 'replay-to-lobby', testid: 'replay-to-lobby' },
      // Going to the lobby leaves the table, as from the room itself.
      onclick: (e) => { if (s.code) { e.preventDefault(); this.app.leave(); } },
    }, t('replay.back_to_lobby')));
    return list;
  }

  // While the viewer's own table plays a game (a rematch began), say so next to "back to the table".
  tableNotice() {
    const s = this.app.state;
    if (!s.code || !s.room || s.snap?.status !== 'playing') return null;
    return h('p', { class: 'replay-notice', role: 'status', dataset: { testid: 'replay-notice' } },
      t(s.mySeat === null ? 'replay.table_playing_watch' : 'replay.table_playing', { code: s.code }));
  }

  buildPage() {
    const els = {
      head: h('header', { class: 'panel replay-head' }),
      bar: h('div', { class: 'replay-bar', role: 'group' }),
      happened: h('p', { class: 'replay-happened', 'aria-live': 'polite', dataset: { testid: 'replay-happened' } }),
      endboard: h('section', { class: 'endboard', hidden: true, dataset: { testid: 'scoreboard' } }),
      table: h('div', { class: 'table', dataset: { testid: 'table' } }),
      players: h('section', { class: 'panel players', 'aria-labelledby': 'players-title' }),
      logTitle: h('h2', { id: 'log-title' }),
      log: h('ol', { class: 'log-list', dataset: { testid: 'log' } }),
    };
    this.els = els;
    this.buildBar();
    clear(this.root).append(h('div', { class: 'room replay-room' },
      h('section', { class: 'table-area' }, els.head, els.bar, els.happened, els.endboard, els.table),
      h('aside', { class: 'side' },
        els.players,
        h('section', { class: 'panel log', 'aria-labelledby': 'log-title' }, els.logTitle, els.log))));
  }

  drawHead() {
    const d = this.data;
    const name = this.gameName();
    document.title = `Taol · ${t('replay.title_short')} · ${name} · ${d.room}`;
    const games = Number(d.games) || 1;
    let nav = null;
    if (games > 1) {
      nav = h('nav', { class: 'replay-games', 'aria-label': t('replay.other_games') },
        h('span', { class: 'label' }, t('replay.other_games')),
        Array.from({ length: games }, (_, i) => i + 1).map((n) => (n === d.index
          ? h('span', { class: 'replay-game on', 'aria-current': 'page', dataset: { testid: `replay-game-${n}` } }, t('replay.game_n', { n }))
          : h('a', {
            class: 'replay-game', href: replayPath(d.room, n), dataset: { key: `replay-game-${n}`, testid: `replay-game-${n}` },
            onclick: (e) => { e.preventDefault(); this.app.showReplayGame(n); },
          }, t('replay.game_n', { n })))));
    }
    const link = `${location.origin}${replayPath(d.room, d.index)}`;
    keepFocus(this.els.head, () => {
      clear(this.els.head).append(...[
        h('h1', { dataset: { testid: 'replay-title' } }, t('replay.title', { game: name })),
        h('p', { class: 'replay-meta' },
          h('span', { class: 'room-code' }, h('span', { class: 'label' }, t('room.code')),
            h('strong', { class: 'code', dataset: { testid: 'replay-room' } }, d.room)),
          h('span', { class: 'replay-index', dataset: { testid: 'replay-index' } }, t('replay.game_of', { n: d.index, total: games })),
          d.steps[0] ? h('span', { class: 'muted' }, t('replay.played_at', { when: new Date(d.steps[0].at).toLocaleString(getLang()) })) : null),
        h('p', { class: 'replay-players' }, (d.players || []).map((p) => seatBadge(p.seat, p.name))),
        nav,
        this.tableNotice(),
        h('div', { class: 'row' },
          this.backButtons(),
          h('button', {
            class: 'small', dataset: { key: 'replay-copy' },
            onclick: async () => { const ok = await copyText(link); this.app.toast(ok ? t('replay.copied') : t('room.copy_failed')); },
          }, t('replay.copy_link')),
          h('button', { class: 'small', dataset: { key: 'replay-rules' }, onclick: () => openRules(d.game, name) }, t('common.rules'))),
      ].filter(Boolean));
    });
  }

  // The bar's frame is built once: the slider must stay the same element while it is dragged.
  buildBar() {
    const els = this.els;
    els.buttons = h('div', { class: 'replay-buttons' });
    els.counter = h('span', { dataset: { testid: 'replay-counter' } });
    els.time = h('time', { class: 'muted' });
    els.slider = h('input', {
      type: 'range', min: 1, step: 1, class: 'replay-slider',
      dataset: { key: 'replay-slider', testid: 'replay-slider' },
      oninput: (e) => this.goTo(Number(e.target.value) - 1),
    });
    els.bar.append(els.buttons, h('span', { class: 'replay-counter' }, els.counter, els.time), els.slider);
  }

  drawBar() {
    const d = this.data;
    const els = this.els;
    const total = d.steps.length;
    const step = d.steps[this.step];
    const where = t('replay.step_of', { n: this.step + 1, total });
    const button = (key, label, iconName, onclick, disabled, extra = {}) => h('button', {
      class: 'replay-btn', 'aria-label': label, 'data-tip': label, disabled,
      dataset: { key, testid: key }, onclick, ...extra,
    }, icon(iconName, 22));
    els.bar.setAttribute('aria-label', t('replay.controls'));
    keepFocus(els.buttons, () => {
      clear(els.buttons).append(
        button('replay-start', t('replay.to_start'), 'first', () => this.goTo(0), this.step === 0),
        button('replay-back', t('replay.back'), 'prev', () => this.goTo(this.step - 1), this.step === 0),
        button('replay-play', this.playing ? t('replay.pause') : t('replay.play'), this.playing ? 'pause' : 'play',
          () => this.togglePlay(), false, { 'aria-pressed': this.playing ? 'true' : 'false', class: 'replay-btn primary' }),
        button('replay-forward', t('replay.forward'), 'next', () => this.goTo(this.step + 1), this.step >= this.last),
        button('replay-end', t('replay.to_end'), 'last', () => this.goTo(this.last), this.step >= this.last),
        this.speedButton());
    });
    els.counter.textContent = where;
    els.time.textContent = elapsed(step.at - d.steps[0].at);
    els.time.setAttribute('datetime', new Date(step.at).toISOString());
    els.time.title = clock(step.at);
    els.slider.max = String(total);
    if (Number(els.slider.value) !== this.step + 1) els.slider.value = String(this.step + 1);
    els.slider.setAttribute('aria-label', t('replay.step_label'));
    els.slider.setAttribute('aria-valuetext', where);
    els.happened.replaceChildren(...this.happened(step));
  }

  // One small button cycling through the speeds (it fits a phone's row with the step buttons).
  speedButton() {
    const label = t('replay.speed_label', { speed: t(`replay.speed_${this.speed}`) });
    return h('button', {
      class: 'replay-btn replay-speed', 'aria-label': label, 'data-tip': label,
      dataset: { key: 'replay-speed', testid: 'replay-speed' },
      onclick: () => {
        this.speed = SPEED_ORDER[(SPEED_ORDER.indexOf(this.speed) + 1) % SPEED_ORDER.length];
        if (this.playing) this.tick();
        this.app.render();
      },
    }, SPEEDS[this.speed].short);
  }

  // What this step brought: its log sentences, or who moved the game on.
  happened(step) {
    let sentences = (step.log || []).map((e) => logText(e));
    if (!sentences.length) {
      if (this.step === 0) sentences = [t('replay.step_start')];
      else if (step.seat !== null && step.seat !== undefined) sentences = [t('replay.step_seat', { name: this.seatName(step.seat) })];
      else sentences = [t('replay.step_table')];
    }
    const parts = sentences.map((text) => h('span', { class: 'replay-happened-text' }, text));
    let next = null;
    if (this.step < this.last && this.renderer?.prompt) {
      try { next = this.renderer.prompt(this.snapshotAt(this.step), this.ctx()); } catch (err) { console.error(err); }
    }
    if (next) parts.push(h('span', { class: 'replay-next muted' }, next));
    return parts;
  }

  drawPlayers(snap, ctx) {
    const waiting = snap.waiting_for || [];
    const list = h('ul', { class: 'seat-list' });
    for (const p of this.data.players || []) {
      let summary = null;
      if (this.renderer?.seatSummary) {
        try { summary = this.renderer.seatSummary(snap, p.seat, ctx); } catch (err) { console.error(err); }
      }
      const turn = snap.status === 'playing' && waiting.includes(p.seat);
      list.append(h('li', {
        class: ['seat', turn && 'turn'], style: { '--seat': seatColor(p.seat) }, dataset: { seat: String(p.seat) },
      },
      h('span', { class: 'seat-main' },
        turn ? h('span', { class: 'turn-mark', 'data-tip': t('room.their_turn') }, '▶') : null,
        seatShape(p.seat),
        h('span', { class: 'seat-name' }, p.name)),
      summary ? h('span', { class: 'seat-summary' }, summary) : null));
    }
    clear(this.els.players).append(h('h2', { id: 'players-title' }, t('room.players')), list);
  }

  drawLog() {
    this.els.logTitle.textContent = t('room.log');
    const list = clear(this.els.log);
    const upTo = this.log.slice(0, this.logEnds[this.step]);
    const fresh = upTo.length - (this.data.steps[this.step].log || []).length;
    for (let i = upTo.length - 1; i >= Math.max(0, upTo.length - 200); i--) {
      const entry = upTo[i];
      list.append(h('li', { class: i >= fresh ? 'fresh' : null },
        h('time', { datetime: new Date(entry.at).toISOString() }, clock(entry.at)), ' ', logText(entry)));
    }
    if (!upTo.length) list.append(h('li', { class: 'muted' }, t('room.log_empty')));
  }

  drawEnd(snap, ctx) {
    const el = this.els.endboard;
    const show = snap.status === 'finished' && !!snap.outcome;
    el.hidden = !show;
    if (!show) return;
    const seats = (this.data.players || []).map((p) => p.seat);
    const seatName = (seat) => this.seatName(seat);
    const details = roundDetails(this.renderer, snap.outcome, snap, ctx, seats.length, seatName);
    keepFocus(el, () => {
      clear(el).append(...finalScores(snap.outcome, { seats, seatName, details, format: formatters }),
        h('div', { class: 'row' }, h('button', {
          dataset: { key: 'replay-again', testid: 'replay-again' }, onclick: () => this.goTo(0),
        }, t('replay.again'))));
    });
  }

  // The game's renderer with its card data (js/renderers.js); nothing is drawn until both are here.
  loadGame(game) {
    this.loadError = null;
    loadRenderer(game).then((mod) => {
      if (this.rendererFor === game) { this.renderer = mod; this.signatures = {}; this.app.render(); }
    }, (err) => {
      console.warn(`no card data for ${game}:`, err);
      if (this.rendererFor === game) { this.loadError = err; this.signatures = {}; this.app.render(); }
    });
  }

  drawTable(snap, ctx) {
    // A renderer's own state follows the game forward one step at a time; any other jump starts
    // it afresh, so nothing from a later step lingers on an earlier one.
    if (this.drawnStep === null || (this.step !== this.drawnStep + 1 && this.step !== this.drawnStep)) {
      this.scratch = {};
      ctx.state = this.scratch;
    }
    this.drawnStep = this.step;
    const root = this.els.table;
    root.className = `table game-${this.data.game} spectating replaying`;
    keepFocus(root, () => {
      try {
        this.renderer.render(root, snap, ctx);
      } catch (err) {
        clear(root).append(h('p', { class: 'form-error' }, String(err)));
        console.error(err);
      }
    });
  }
}
