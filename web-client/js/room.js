// The room: prompt line, the table (drawn by the game's renderer), the waiting room, the final
// scoreboard, and the side panel (players, log, chat).
import { h, clear, keepFocus } from '/js/dom.js';
import { t, getLang, formatters, logText } from '/js/i18n.js';
import { countdownElement, serverNow } from '/js/clock.js';
import { seatBadge, seatToken, seatColor, botMark, signalMark, refreshSignals } from '/js/seats.js';
import { seatsWithoutRtt } from '/js/fair.js';
import { fill, choices, pickFromTemplate } from '/js/picker.js';
import { play } from '/js/sound.js';
import { renderWaiting, renderEndboard, renderInterrupted } from '/js/room-parts.js';
import { measure, play as playMotion, shake } from '/js/motion.js';
import { fitTable } from '/js/fit.js';
import { fitWords } from '/js/words.js';
import { SidePanel } from '/js/side-panel.js';
import { loadRenderer, drawLoadFailed } from '/js/renderers.js';

export class RoomView {
  constructor(main, app) {
    this.app = app;
    this.code = app.state.code;
    this.renderer = null;
    this.rendererFor = null;
    this.scratch = {};
    this.scratchEpoch = -1;
    this.rerenders = 0;
    this.signatures = {};
    this.totals = new Map();
    clear(main);
    this.els = {
      banner: h('div', { class: 'room-banner', hidden: true }),
      endboard: h('section', { class: 'endboard', hidden: true, dataset: { testid: 'scoreboard' } }),
      waiting: h('section', { class: 'waiting-room', hidden: true }),
      table: h('div', { class: 'table', dataset: { testid: 'table' } }),
    };
    this.side = new SidePanel(app);
    this.els.room = h('div', { class: 'room' },
      h('section', { class: 'table-area' }, this.els.banner, this.els.endboard, this.els.waiting, this.els.table),
      this.side.el,
      h('div', { class: 'side-scrim', onclick: () => this.side.toggle(false) }));
    this.side.room = this.els.room;
    main.append(this.els.room);
    // The control a lost race must shake: the last one pressed on the table.
    this.els.table.addEventListener('click', (e) => {
      const el = e.target.closest?.('[data-key], [data-flip]');
      if (el) this.pressed = { key: el.dataset.key, flip: el.dataset.flip || el.querySelector('[data-flip]')?.dataset.flip };
    }, true);
    this.langChanged();
  }

  langChanged() {
    this.signatures = {};
    this.side.langChanged();
  }


  // Runs `fn` only when `sig` changed since the last time for `part`.
  changed(part, sig) {
    if (this.signatures[part] === sig) return false;
    this.signatures[part] = sig;
    return true;
  }

  get game() { return this.app.state.room?.game; }

  update() {
    const s = this.app.state;
    const game = this.game;
    if (game && this.rendererFor !== game) this.loadGame(game);
    if (this.scratchEpoch !== s.gameEpoch) { this.scratch = {}; this.scratchEpoch = s.gameEpoch; }
    const ctx = this.ctx();
    const status = s.snap?.status || s.room?.status;
    // Round trips change every few seconds: their marks follow in place (refreshSignals below).
    const seatsSig = JSON.stringify(seatsWithoutRtt(s.room?.seats)) + s.room?.host + s.room?.spectators + s.mySeat + JSON.stringify(s.room?.options);
    const base = `${getLang()}|${s.snap?.rev}|${status}|${seatsSig}|${this.renderer ? 1 : 0}`;

    this.updatePrompt(ctx, status);
    if (this.changed('players', base + s.conn)) this.side.renderPlayers(ctx, this.renderer);
    if (this.changed('log', `${getLang()}|${s.log.length}|${s.log[0]?.at}|${s.gameEpoch}|${seatsSig}`)) this.side.renderLog(this.renderer);

    // A game stopped by a change of its rules has no snapshot: the room offers a new game.
    const interrupted = !!s.room?.interrupted && !s.snap;
    const waiting = !interrupted && (status === 'waiting' || !s.snap);
    const finished = status === 'finished' && !!s.snap?.outcome;
    this.els.room.classList.toggle('waiting', waiting);
    this.els.room.classList.toggle('playing', !waiting && !finished && !interrupted);
    this.els.room.classList.toggle('finished', finished || interrupted);
    this.els.waiting.hidden = !waiting;
    this.els.table.hidden = waiting || interrupted;
    if (waiting && this.changed('waiting', base + this.app.state.pending)) renderWaiting(this.els.waiting, this.app, this);

    this.els.endboard.hidden = !finished && !interrupted;
    if (finished && this.changed('end', base)) renderEndboard(this.els.endboard, this.app, this, ctx);
    if (interrupted && this.changed('end', `${base}|interrupted|${s.pending}`)) renderInterrupted(this.els.endboard, this.app, this);

    if (!waiting && !interrupted && this.renderer) {
      const sig = `${base}|${s.pending}|${this.rerenders}|${s.conn}`;
      if (this.changed('table', sig)) this.drawTable(ctx, game);
    } else if (!waiting && !interrupted && this.loadError && this.changed('table', `failed|${getLang()}`)) {
      drawLoadFailed(this.els.table, () => { clear(this.els.table); this.loadGame(game); });
    }
    refreshSignals(this.els.room, s.room?.seats);
  }

  // The game's renderer with its card data; until both are here, nothing is drawn on the table.
  loadGame(game) {
    this.rendererFor = game;
    this.renderer = null;
    this.loadError = null;
    this.signatures = {};
    loadRenderer(game).then((mod) => {
      if (this.rendererFor === game) { this.renderer = mod; this.signatures = {}; this.app.render(); }
    }, (err) => {
      console.warn(`no card data for ${game}:`, err);
      if (this.rendererFor === game) { this.loadError = err; this.signatures = {}; this.app.render(); }
    });
  }

  // The game's renderer draws the latest snapshot at once; then what moved travels there.
  drawTable(ctx, game) {
    const s = this.app.state;
    const root = this.els.table;
    const newRev = s.snap.rev !== this.drawnRev;
    const before = measure(root);
    root.className = `table game-${game}`;
    root.classList.toggle('busy', s.pending > 0);
    root.classList.toggle('spectating', s.mySeat === null);
    keepFocus(root, () => {
      try {
        this.renderer.render(root, s.snap, ctx);
        this.drawnRev = s.snap.rev;
        root.dataset.rev = String(s.snap.rev);
      } catch (err) {
        clear(root).append(h('p', { class: 'form-error' }, String(err)));
        console.error(err);
      }
    });
    fitTable(root);
    fitWords(root);
    // Travels told by the log: only for entries that are news (not a whole log after a reload).
    let moves = [];
    if (newRev && !s.snapFresh && this.renderer.motions) {
      try { moves = this.renderer.motions(s.snap, ctx) || []; } catch (err) { console.error(err); }
    }
    playMotion(root, before, moves);
    const lost = this.lost;
    this.lost = null;
    if (lost) shake(root.querySelector(`[data-key="${CSS.escape(lost.key || '')}"]`) || (lost.flip && root.querySelector(`[data-flip="${CSS.escape(lost.flip)}"]`)));
  }

  // The running deadlines of one kind, soonest first.
  deadlines(kind) {
    return (this.app.state.snap?.deadlines || []).filter((d) => d.kind === kind).sort((a, b) => a.at - b.at);
  }

  deadlineFor(seat) {
    const list = (this.app.state.snap?.deadlines || []).filter((d) => d.seat === seat);
    list.sort((a, b) => a.at - b.at);
    return list[0] || null;
  }

  // The whole length of a countdown: the option when known, else what was left when first seen.
  totalFor(d) {
    const key = `${d.kind}|${d.seat}|${d.at}`;
    if (!this.totals.has(key)) {
      const opts = this.app.state.room?.options || {};
      const fromOption = d.kind === 'turn' ? opts.turn_seconds : d.kind === 'absent' ? opts.absent_seconds : 0;
      this.totals.set(key, Math.max((fromOption || 0) * 1000, d.at - serverNow()));
    }
    return this.totals.get(key);
  }

  countdown(seat) {
    const d = this.deadlineFor(seat);
    return d ? countdownElement(d, this.totalFor(d)) : null;
  }

  ctx() {
    const s = this.app.state;
    const game = this.game;
    const seatName = (seat) => this.app.seatName(seat);
    return {
      // The rev of the table on screen: a click on it that a newer snapshot has beaten is then
      // told who was faster (too_late), not that the move is impossible.
      send: async (action) => {
        const pressed = this.pressed;
        const r = await this.app.act(action, this.drawnRev);
        // A lost race: the control pressed shakes once (the toast says who was faster).
        if (!r.ok && r.error?.code === 'too_late') { this.lost = pressed; this.rerenders += 1; this.app.render(); }
        return r;
      },
      fill, choices,
      pickFromTemplate: (tpl, opts) => pickFromTemplate(tpl, opts),
      t, gt: (key, params) => t(`${game}.${key}`, params),
      lang: getLang(),
      mySeat: s.mySeat,
      seatName,
      seatBadge: (seat) => {  // a bot's seat wears its robot mark at the table too, a person's its signal
        const badge = seatBadge(seat, seatName(seat));
        const info = s.room?.seats?.find((x) => x.seat === seat);
        const mark = botMark(info) || signalMark(info);
        if (mark) badge.append(mark);
        return badge;
      },
      seatToken: (seat, size) => seatToken(seat, size),
      seatColor,
      seatCount: s.room?.seats?.length || 0,
      countdown: (seat) => this.countdown(seat),
      deadlineFor: (seat) => this.deadlineFor(seat),
      deadlines: (kind) => this.deadlines(kind),
      countdownOf: (d) => (d ? countdownElement(d, this.totalFor(d)) : null),
      // The countdown of the game's deadline `kind` for `seat` (views hold no time).
      countdownFor: (kind, seat) => {
        const d = this.deadlines(kind).find((x) => x.seat === seat);
        return d ? countdownElement(d, this.totalFor(d)) : null;
      },
      now: serverNow,
      state: this.scratch,
      rerender: () => { this.rerenders += 1; this.app.render(); },
      pending: s.pending > 0,
      sound: play,
      h,
      format: formatters,
    };
  }

  updatePrompt(ctx, status) {
    const el = document.getElementById('prompt');
    const s = this.app.state;
    const room = s.room;
    el.hidden = false;
    let text = '';
    let mine = false;
    let deadline = null;
    let absent = null;
    let away;
    if (s.conn !== 'online') {
      text = t('room.prompt_reconnecting');
    } else if (room.interrupted && !s.snap) {
      text = t('room.prompt_interrupted');
    } else if (status === 'waiting' || !s.snap) {
      const meta = s.gamesById[room.game];
      const min = meta?.min_players || 1;
      const n = room.seats.length;
      if (s.mySeat !== null && s.mySeat === room.host) {
        mine = true;
        text = n < min ? t('room.prompt_need_players', { min, n }) : t('room.prompt_host_start', { n });
      } else {
        text = t('room.prompt_wait_host', { host: this.app.seatName(room.host) });
      }
    } else if (status === 'finished') {
      const winners = s.snap.outcome?.winners || [];
      text = winners.length > 1 ? t('room.prompt_tie', { names: formatters.seats(winners) }) : t('room.prompt_winner', { name: this.app.seatName(winners[0]) });
    } else {
      const snap = s.snap;
      const waitingFor = snap.waiting_for || [];
      mine = s.mySeat !== null && waitingFor.includes(s.mySeat) && (snap.actions || []).length > 0;
      let custom = null;
      try { custom = this.renderer?.prompt?.(snap, ctx); } catch (err) { console.error(err); }
      if (custom) text = custom;
      else if (mine) text = t('room.your_turn');
      else if (waitingFor.length) text = t('room.waiting_for', { names: formatters.seats(waitingFor) });
      else if ((snap.actions || []).length) text = t('room.you_may_act');
      deadline = this.deadlineFor(mine ? s.mySeat : waitingFor[0]);
      // The game may name the countdown that matters more (Carambouille's trading time).
      try {
        const own = this.renderer?.promptDeadline?.(snap, ctx);
        if (own !== undefined) deadline = own;
      } catch (err) { console.error(err); }
      absent = (snap.deadlines || []).find((d) => d.kind === 'absent' && d.seat !== null && d.seat !== undefined);
      // A waited-for seat whose connection dropped, before (or without) its absent clock.
      if (!absent) away = waitingFor.find((seat) => { const x = room.seats.find((y) => y.seat === seat); return x?.connected === false && !x.bot; });
    }
    const auto = s.autoNote && s.autoNote.until > Date.now() && status === 'playing' ? s.autoNote.entry : null;
    const sig = `${text}|${mine}|${deadline?.at}|${absent?.at}|${absent?.seat}|${away}|${getLang()}|${auto ? s.autoNote.until : ''}`;
    if (!this.changed('prompt', sig)) return;
    clear(el);
    el.className = ['prompt', mine && 'mine', s.conn !== 'online' && 'warn'].filter(Boolean).join(' ');
    el.append(h('span', { class: 'prompt-text', dataset: { testid: 'prompt' } }, text));
    const absentNote = (d) => h('span', { class: 'absent-note' },
      t('room.absent_note', { name: this.app.seatName(d.seat) }), countdownElement(d, this.totalFor(d)));
    if (deadline) el.append(deadline.kind === 'absent' ? absentNote(deadline) : countdownElement(deadline, this.totalFor(deadline)));
    if (absent && absent !== deadline) el.append(absentNote(absent));
    if (away !== undefined) el.append(h('span', { class: 'absent-note' }, t('room.disconnected_note', { name: this.app.seatName(away) })));
    if (auto) el.append(h('span', { class: 'auto-note', role: 'status', dataset: { testid: 'auto-note' } }, logText(auto)));
  }

}
