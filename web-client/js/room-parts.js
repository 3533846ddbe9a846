// Two parts of the room drawn around the game: the waiting room (invite link, options, start)
// and the end-of-game scoreboard (winners, per-round details, rematch, the replay).
import { h, clear, keepFocus } from '/js/dom.js';
import { t } from '/js/i18n.js';
import { optionsForm } from '/js/options-form.js';
import { seatBadge, seatShape, botMark, signalMark } from '/js/seats.js';
import { copyText } from '/js/topbar.js';
import { icon } from '/js/icons.js';
import { replayPath } from '/js/paths.js';

function inviteBox(app, code) {
  const link = `${location.origin}/r/${code}`;
  const input = h('input', { type: 'text', readonly: true, value: link, class: 'invite-link', id: 'invite-link', dataset: { testid: 'invite-link', key: 'invite-link' }, onfocus: (e) => e.target.select() });
  return h('div', { class: 'invite' },
    h('label', { for: 'invite-link' }, t('room.invite_label')),
    h('div', { class: 'row' }, input,
      h('button', {
        class: 'primary', dataset: { key: 'copy-invite', testid: 'copy-invite' },
        onclick: async () => { const ok = await copyText(link); app.toast(ok ? t('room.copied') : t('room.copy_failed')); },
      }, t('room.copy_invite'))));
}

// Keeps what the host typed in the option form across re-renders.
function hostForm(view, app, prefix) {
  const room = app.state.room;
  const game = app.state.gamesById[room.game];
  if (!game) return null;
  const kept = view.optForm && view.optFormFor === prefix ? view.optForm.read().options : null;
  const values = { ...(room.options || {}), ...(kept || {}) };
  // An option the room changed meanwhile (the host's fair races switch) shows its new value: the
  // start must not quietly undo it.
  const before = view.optFormFor === prefix ? view.optFormRoom : null;
  for (const [name, value] of Object.entries(room.options || {})) {
    if (before && JSON.stringify(value) !== JSON.stringify(before[name])) values[name] = value;
  }
  view.optForm = optionsForm(room.game, game.options, values, prefix);
  view.optFormFor = prefix;
  view.optFormRoom = room.options || {};
  return view.optForm;
}

export function renderWaiting(el, app, view) {
  const s = app.state;
  const room = s.room;
  const game = s.gamesById[room.game];
  const min = game?.min_players || 1;
  const max = game?.max_players || room.seats.length;
  const isHost = s.mySeat !== null && s.mySeat === room.host;
  keepFocus(el, () => {
    clear(el);
    el.append(h('h2', {}, t('room.waiting_title', { game: game?.name || room.game })));
    el.append(inviteBox(app, room.room));
    const places = h('ol', { class: 'places' });
    for (let i = 0; i < Math.max(max, room.seats.length); i++) {
      const seat = room.seats[i];
      places.append(seat
        ? h('li', { class: ['place', 'taken', seat.seat === s.mySeat && 'me', seat.bot && 'bot'], dataset: { seat: String(seat.seat) } },
          seatBadge(seat.seat, seat.name), botMark(seat) || signalMark(seat),
          seat.seat === room.host ? h('span', { class: 'tag host' }, t('room.host')) : null,
          isHost && seat.bot ? h('button', {
            class: 'small remove-bot', dataset: { key: `remove-bot-${seat.seat}`, testid: 'remove-bot' },
            'aria-label': t('room.remove_bot', { name: seat.name }), title: t('room.remove_bot', { name: seat.name }),
            onclick: () => app.removeBot(seat.seat),
          }, '×') : null)
        : h('li', { class: ['place', 'free', i < min && 'needed'] },
          t('room.free_place'),
          isHost && i === room.seats.length ? h('button', {
            class: 'small add-bot', dataset: { key: 'add-bot', testid: 'add-bot' }, onclick: () => app.addBot(),
          }, icon('robot', 16), t('room.add_bot')) : null));
    }
    el.append(h('p', { class: 'count', dataset: { testid: 'player-count' } }, t('room.player_count', { n: room.seats.length, min, max })), places);
    if (isHost) {
      const form = hostForm(view, app, 'start');
      const error = h('p', { class: 'form-error', role: 'alert' });
      el.append(h('h3', {}, t('room.options')), form ? form.el : null, error,
        h('button', {
          class: 'primary big', disabled: room.seats.length < min || s.pending > 0,
          dataset: { key: 'start', testid: 'start' },
          onclick: () => {
            const r = form ? form.read() : { options: undefined };
            if (r.error) { error.textContent = r.error; return; }
            app.start(r.options);
          },
        }, t('room.start')));
      if (room.seats.length < min) el.append(h('p', { class: 'muted' }, t('room.need_more', { min })));
    } else if (s.mySeat === null) {
      el.append(h('p', { class: 'muted' }, t('room.spectator_waiting', { host: app.seatName(room.host) })));
    } else {
      el.append(h('p', { class: 'muted' }, t('room.wait_host', { host: app.seatName(room.host) })));
    }
  });
}

// Per-round table when each round has a `points` array (the renderer may draw its own).
function genericRounds(outcome, nSeats, seatName) {
  const rounds = (outcome.rounds || []).filter((r) => Array.isArray(r.points));
  if (!rounds.length) return null;
  return h('table', { class: 'rounds' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('room.round')),
      Array.from({ length: nSeats }, (_, s) => h('th', { scope: 'col' }, seatShape(s, 14), ' ', seatName(s))))),
    h('tbody', {}, rounds.map((r, i) => h('tr', {}, h('th', { scope: 'row' }, String(i + 1)),
      r.points.map((p) => h('td', {}, String(p)))))));
}

// The winners, the final scores and the per-round details: the part of the scoreboard the room
// and the replay viewer share. `seats`: the seat numbers; `seatName(seat)`: its player's name.
export function finalScores(outcome, { seats, seatName, details, format }) {
  const scores = outcome.scores || [];
  const winners = outcome.winners || [];
  // Winners first: in games where the lowest total wins (Castors), the order runs upwards.
  const best = winners.length ? (scores[winners[0]] ?? 0) : null;
  const lowerWins = best !== null && scores.every((x) => x >= best) && scores.some((x) => x > best);
  const order = [...seats].sort((a, b) => (lowerWins ? 1 : -1) * ((scores[a] ?? 0) - (scores[b] ?? 0)));
  return [
    h('h2', {}, t('room.game_over')),
    h('p', { class: 'winners', dataset: { testid: 'winners' } },
      icon('trophy', 28),
      winners.length > 1 ? t('room.tie', { names: format.seats(winners) }) : t('room.winner', { name: seatName(winners[0]) })),
    h('table', { class: 'final-scores' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('room.player')), h('th', { scope: 'col' }, t('room.score')))),
      h('tbody', {}, order.map((seat, i) => h('tr', { class: winners.includes(seat) ? 'won' : null, dataset: { seat: String(seat) } },
        h('td', {}, String(i + 1)),
        h('td', {}, seatBadge(seat, seatName(seat)), winners.includes(seat) ? h('span', { class: 'tag win' }, t('room.winner_tag')) : null),
        h('td', { class: 'num', dataset: { testid: 'final-score' } }, String(scores[seat] ?? 0)))))),
    details ? h('details', { class: 'round-details', open: true }, h('summary', {}, t('room.round_details')), details) : null,
  ].filter(Boolean);
}

// The per-round details: the renderer's own, or the generic table.
export function roundDetails(renderer, outcome, snap, ctx, nSeats, seatName) {
  try {
    return renderer?.outcomeDetails?.(outcome, snap, ctx) || genericRounds(outcome, nSeats, seatName);
  } catch (err) {
    console.error(err);
    return null;
  }
}

// A game stopped by a server update that changed its rules: it cannot go on, but the table,
// its players and its chat are still there, and the host may start a new game.
export function renderInterrupted(el, app, view) {
  const s = app.state;
  const room = s.room;
  const isHost = s.mySeat !== null && s.mySeat === room.host;
  keepFocus(el, () => {
    clear(el);
    el.append(h('h2', {}, t('room.interrupted_title')),
      h('p', { dataset: { testid: 'interrupted' } }, t('room.interrupted_text')));
    const buttons = h('div', { class: 'row' });
    if (isHost) {
      const form = hostForm(view, app, 'rematch');
      if (form) el.append(h('details', { class: 'opt-more' }, h('summary', {}, t('room.new_game_options')), form.el));
      buttons.append(h('button', {
        class: 'primary big', disabled: s.pending > 0, dataset: { key: 'rematch', testid: 'rematch' },
        onclick: () => { const r = form ? form.read() : {}; if (r.error) { app.toast(r.error, 'error'); return; } app.rematch(r.options); },
      }, t('room.new_game')));
    } else {
      buttons.append(h('p', { class: 'muted' }, t('room.rematch_wait', { host: app.seatName(room.host) })));
    }
    buttons.append(h('button', { dataset: { key: 'end-leave' }, onclick: () => app.leave() }, t('room.leave')));
    el.append(buttons);
  });
}

export function renderEndboard(el, app, view, ctx) {
  const s = app.state;
  const room = s.room;
  const outcome = s.snap.outcome;
  const isHost = s.mySeat !== null && s.mySeat === room.host;
  const seatName = (seat) => app.seatName(seat);
  const details = roundDetails(view.renderer, outcome, s.snap, ctx, room.seats.length, seatName);
  keepFocus(el, () => {
    clear(el);
    el.append(...finalScores(outcome, { seats: room.seats.map((x) => x.seat), seatName, details, format: ctx.format }));
    const buttons = h('div', { class: 'row' });
    if (isHost) {
      const form = hostForm(view, app, 'rematch');
      if (form) el.append(h('details', { class: 'opt-more' }, h('summary', {}, t('room.rematch_options')), form.el));
      buttons.append(h('button', {
        class: 'primary big', dataset: { key: 'rematch', testid: 'rematch' },
        onclick: () => { const r = form ? form.read() : {}; if (r.error) { app.toast(r.error, 'error'); return; } app.rematch(r.options); },
      }, t('room.rematch')));
    } else {
      buttons.append(h('p', { class: 'muted' }, t('room.rematch_wait', { host: app.seatName(room.host) })));
    }
    // Everyone, spectators included, may watch the game again (the room's latest game).
    buttons.append(h('a', {
      class: 'button-like', href: replayPath(room.room), dataset: { key: 'watch-replay', testid: 'watch-replay' },
      onclick: (e) => { e.preventDefault(); app.openReplay(room.room); },
    }, t('replay.watch')));
    buttons.append(h('button', { dataset: { key: 'end-leave' }, onclick: () => app.leave() }, t('room.leave')));
    el.append(buttons);
  });
}
