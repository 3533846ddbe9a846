// Bharg: the opponent's hand (backs) at the top, the draw pile, the discard pile and the Ace pile
// in the middle, the viewer's hand at the bottom grouped as the server's solver arranges it
// (bhargs, cards bound by the top Ace, unbound cards). A round ends on the summary: both hands
// arranged, the points, "next round". The client never decides a rule: it draws the view and
// sends listed actions.
import { h, clear } from '/js/dom.js';
import { tip } from '/js/tips.js';
import { card, cardBack, cardName, suitIcon } from '/games/bharg-cards.js';
import { continueBar } from '/js/round-pause.js';
// The card data the server publishes, handed over by js/renderers.js before the first draw.
export { useCards } from '/games/bharg-cards.js';

const PLAYING = new Set(['draw', 'discard']);

function findAction(snap, type, from) {
  return (snap.actions || []).find((a) => a.type === type && (from === undefined || a.from === from));
}

function score(v, seat) { return (v.scores || [])[seat] ?? 0; }

function cardCount(v, seat) { return ((v.players || []).find((p) => p.seat === seat) || {}).cards ?? 0; }

function notReady(v) {
  const ready = (v.result && v.result.ready) || [];
  return [0, 1].filter((s) => !ready[s]);
}

// ---------------------------------------------------------------- contract

export function prompt(snap, ctx) {
  const v = snap.view || {};
  if (findAction(snap, 'draw')) return ctx.gt(findAction(snap, 'draw', 'discard') ? 'ui.prompt_draw' : 'ui.prompt_draw_deck');
  if (findAction(snap, 'discard')) return ctx.gt('ui.prompt_discard');
  if (findAction(snap, 'continue')) return ctx.gt('ui.prompt_ready');
  if (PLAYING.has(v.phase)) return ctx.gt('ui.prompt_wait_turn', { name: ctx.seatName(v.turn) });
  if (v.phase === 'round_over') return ctx.gt('ui.prompt_wait_ready', { names: notReady(v).map((s) => ctx.seatName(s)).join(', ') });
  return null;
}

export function seatSummary(snap, seat, ctx) {
  const v = snap.view || {};
  const parts = [ctx.gt('ui.score_of', { n: score(v, seat), target: v.target })];
  if (PLAYING.has(v.phase)) parts.push(ctx.gt('ui.cards_n', { n: cardCount(v, seat) }));
  if (seat === v.dealer) parts.push(ctx.gt('ui.dealer'));
  return parts.join(' · ');
}

export function soundFor(entry) {
  const k = entry.text_key;
  if (k === 'bharg.round_won') return 'win';
  if (k === 'bharg.discard' || k === 'bharg.discard_ace' || k === 'bharg.take_discard' || k === 'bharg.drawn' || k === 'bharg.deal') return 'flip';
  return null;
}

export function outcomeDetails(outcome, snap, ctx) {
  return history(outcome.rounds || (snap.view || {}).rounds || [], ctx);
}

// ---------------------------------------------------------------- pieces

function history(rounds, ctx) {
  if (!rounds.length) return null;
  return h('table', { class: 'rounds bh-history' },
    h('caption', { class: 'sr-only' }, ctx.gt('ui.history')),
    h('thead', {}, h('tr', {},
      ['round_col', 'winner_col', 'points_col', 'reason_col'].map((k) => h('th', { scope: 'col' }, ctx.gt(`ui.${k}`))))),
    h('tbody', {}, rounds.map((r) => h('tr', {},
      h('th', { scope: 'row' }, String(r.round)),
      h('td', {}, r.winner === null || r.winner === undefined ? ctx.gt('ui.nobody') : ctx.seatName(r.winner)),
      h('td', {}, String(r.points)),
      h('td', {}, ctx.gt(`ui.reason_${r.reason}`))))));
}

// One card of an arranged hand: a button that discards it when the server lists that.
function handCard(name, ctx, opts) {
  const face = card(name, ctx, { class: opts.fresh === name ? 'fresh' : null, highlight: opts.aceSuits, flip: opts.flip, from: opts.from });
  const tagged = opts.fresh === name ? h('span', { class: 'bh-fresh-wrap' }, face, h('span', { class: 'bh-new' }, ctx.gt('ui.new_card'))) : face;
  if (!opts.discard) return h('span', { class: 'bh-slot', dataset: { card: name } }, tagged);
  const action = ctx.fill(opts.discard, { card: name });
  return h('button', {
    class: 'bh-slot pick', disabled: ctx.pending || !action,
    'aria-label': ctx.gt('ui.discard_label', { card: cardName(name, ctx) }),
    dataset: { act: 'discard', key: `bh-card-${name}`, card: name },
    onclick: () => { if (action) ctx.send(action); },
  }, tagged);
}

// An arrangement {bhargs, ace_bound, unbound, unbound_value, all_bound} as labelled groups.
function arranged(arr, ctx, opts = {}) {
  const groups = h('div', { class: 'bh-groups', dataset: opts.testid ? { testid: opts.testid } : null });
  (arr.bhargs || []).forEach((group) => {
    groups.append(h('div', { class: 'bh-group bharg' },
      h('span', { class: 'bh-group-title' }, ctx.gt('ui.group_bharg')),
      h('div', { class: 'bh-cards' }, group.map((c) => handCard(c, ctx, opts)))));
  });
  if ((arr.ace_bound || []).length) {
    groups.append(h('div', { class: 'bh-group ace' },
      // On a phone the Ace pile folds away: its explanation stays here, on the group it binds.
      tip(h('span', { class: 'bh-group-title' }, ctx.gt('ui.group_ace'), (opts.aceSuits || []).map((s) => suitIcon(s, 16))), ctx.gt('ui.aces_tip')),
      h('div', { class: 'bh-cards' }, arr.ace_bound.map((c) => handCard(c, ctx, opts)))));
  }
  if ((arr.unbound || []).length) {
    groups.append(h('div', { class: 'bh-group loose' },
      h('span', { class: 'bh-group-title' }, ctx.gt('ui.group_unbound', { n: arr.unbound_value })),
      h('div', { class: 'bh-cards' }, arr.unbound.map((c) => handCard(c, ctx, opts)))));
  }
  return groups;
}

function playerArea(v, seat, ctx, snap, isMe) {
  const turn = PLAYING.has(v.phase) && v.turn === seat;
  const area = h('section', {
    class: ['bh-player', isMe && 'me', turn && 'turn'], style: { '--seat': ctx.seatColor(seat) },
    dataset: { seat: String(seat), region: isMe ? 'me' : 'others', anchor: `hand:${seat}` }, 'aria-label': ctx.seatName(seat),
  });
  const tags = [];
  if (seat === v.dealer) tags.push(h('span', { class: 'bh-tag' }, ctx.gt('ui.dealer')));
  if (isMe && v.hand && v.hand.all_bound) tags.push(h('span', { class: 'bh-tag good' }, ctx.gt('ui.all_bound')));
  area.append(h('header', { class: 'bh-head' }, ctx.seatBadge(seat), tags,
    h('span', { class: 'bh-score' }, ctx.gt('ui.score_of', { n: score(v, seat), target: v.target })),
    turn ? ctx.countdown(seat) : null));
  if (isMe && v.hand) {
    // A card just taken comes from the pile it was taken from.
    const from = v.drawn_from === 'discard' ? 'discard' : 'deck';
    area.append(arranged(v.hand, ctx, { discard: findAction(snap, 'discard'), fresh: v.drawn, aceSuits: v.ace_suits, testid: 'hand', flip: true, from }));
  } else {
    const n = cardCount(v, seat);
    area.append(h('div', { class: 'bh-backs', 'aria-label': ctx.gt('ui.cards_n', { n }), dataset: { testid: 'hidden-hand', anchor: `hand:${seat}` } },
      Array.from({ length: n }, () => cardBack({ small: true }))));
  }
  if (turn && v.phase === 'discard' && !isMe) {
    area.append(h('p', { class: 'bh-note' },
      ctx.gt(v.drawn_from === 'deck' ? 'ui.took_deck' : 'ui.took_discard', { name: ctx.seatName(seat) })));
  }
  return area;
}

function pileButton(entry, ctx, key, anchor, label, content) {
  return h('button', {
    class: ['bh-pile-btn', entry && 'live'], disabled: !entry || ctx.pending, 'aria-label': label,
    dataset: { act: 'draw', key, anchor }, onclick: () => { if (entry) ctx.send(entry); },
  }, content);
}

function middle(v, ctx, snap) {
  const st = ctx.state;
  const pile = v.discard || [];
  const top = pile[pile.length - 1];
  const aces = v.aces || [];
  const topAce = v.top_ace;
  // A card new on a pile comes from the hand of whoever just discarded.
  const from = `hand:${v.phase === 'draw' ? 1 - v.turn : v.turn}`;

  const deck = h('div', { class: 'bh-pile' },
    h('h4', {}, ctx.gt('ui.deck')),
    pileButton(findAction(snap, 'draw', 'deck'), ctx, 'bh-deck', 'deck', ctx.gt('ui.draw_deck_label', { n: v.deck }),
      [cardBack(), h('span', { class: 'bh-count' }, ctx.gt('ui.cards_n', { n: v.deck }))]));
  const discard = h('div', { class: 'bh-pile' },
    h('h4', {}, ctx.gt('ui.discard')),
    pileButton(findAction(snap, 'draw', 'discard'), ctx, 'bh-discard', 'discard',
      top ? ctx.gt('ui.take_label', { card: cardName(top, ctx) }) : ctx.gt('ui.discard_empty'),
      [top ? card(top, ctx, { flip: true, from }) : h('span', { class: 'playing-card bh-card empty' }, ctx.gt('ui.discard_empty')),
        h('span', { class: 'bh-count' }, ctx.gt('ui.cards_n', { n: pile.length }))]),
    pile.length > 1 ? h('details', { class: 'bh-all', open: st.showDiscard || null, ontoggle: (e) => { st.showDiscard = e.target.open; } },
      h('summary', { dataset: { key: 'bh-all-discard' } }, ctx.gt('ui.show_discard', { n: pile.length })),
      h('div', { class: 'bh-cards' }, pile.slice().reverse().map((c) => card(c, ctx, { small: true })))) : null);
  const acePile = h('div', { class: 'bh-pile bh-aces', 'data-tip': ctx.gt('ui.aces_tip'), dataset: { testid: 'ace-pile' } },
    h('h4', {}, ctx.gt('ui.aces')),
    topAce
      ? h('div', { class: 'bh-top-ace' }, card(topAce, ctx, { highlight: v.ace_suits, flip: true, from }))
      : h('span', { class: 'playing-card bh-card empty' }, ctx.gt('ui.no_ace_short')),
    h('p', { class: 'bh-ace-rule' }, topAce
      ? [ctx.gt('ui.ace_binds'), ' ', (v.ace_suits || []).map((s) => h('span', { class: 'bh-suit-name' }, suitIcon(s, 18), ctx.gt(`suits.${s}`)))]
      : ctx.gt('ui.no_ace')),
    aces.length > 1 ? h('div', { class: 'bh-ace-list', 'aria-label': ctx.gt('ui.aces') },
      aces.slice(0, -1).reverse().map((c) => card(c, ctx, { small: true }))) : null);
  return h('section', { class: 'bh-middle', dataset: { region: 'middle' } }, deck, discard, acePile);
}

function resultPanel(v, ctx, snap) {
  const r = v.result;
  const st = ctx.state;
  const key = `${r.round}`;
  const fresh = st.lastResult !== key;
  st.lastResult = key;
  const won = r.reason === 'bharg' && r.winner !== null && r.winner !== undefined;
  const order = won ? [r.winner, 1 - r.winner] : [0, 1];
  const aceSuits = v.ace_suits || [];
  // The round's points and winner as data too, for tests that compare what each page shows.
  const panel = h('section', {
    class: ['bh-result', won && 'won'], 'aria-live': 'polite', 'data-region': 'middle',
    dataset: { testid: 'round-summary', round: String(r.round), points: String(r.points ?? 0), winner: won ? String(r.winner) : '' },
  });
  panel.append(won
    ? h('div', { class: ['bh-bharg', fresh && 'enter'], role: 'status' },
      h('span', { class: 'bh-bharg-word' }, ctx.gt('ui.bharg_shout')),
      h('span', {}, ctx.gt('ui.result_won', { name: ctx.seatName(r.winner), points: r.points })))
    : h('div', { class: 'bh-void', role: 'status' }, ctx.gt(`ui.result_${r.reason}`)));
  panel.append(h('p', { class: 'bh-note' }, v.top_ace
    ? [ctx.gt('ui.ace_binds'), ' ', aceSuits.map((s) => h('span', { class: 'bh-suit-name' }, suitIcon(s, 16), ctx.gt(`suits.${s}`)))]
    : ctx.gt('ui.no_ace')));
  for (const seat of order) {
    const arr = (r.hands || [])[seat] || {};
    panel.append(h('div', {
      class: ['bh-reveal', won && seat === r.winner && 'winner'], style: { '--seat': ctx.seatColor(seat) },
      dataset: seat === ctx.mySeat ? { region: 'me' } : null,
    },
      h('header', { class: 'bh-head' }, ctx.seatBadge(seat),
        won && seat === r.winner ? h('span', { class: 'tag win' }, ctx.gt('ui.round_winner')) : null,
        h('span', { class: 'bh-score' }, won && seat !== r.winner
          ? ctx.gt('ui.gives', { n: arr.unbound_value ?? 0 })
          : ctx.gt('ui.score_of', { n: score(v, seat), target: v.target }))),
      arranged(arr, ctx, { aceSuits, testid: 'revealed-hand' })));
  }
  // "Continuer" and its 15 s, or whom the table waits for.
  if (v.phase === 'round_over') panel.append(continueBar(snap, ctx, { key: 'bh-ready', cls: 'bh-buttons' }));
  return panel;
}

// The round, the target and the clocks of the round; the history of rounds folds in here.
function topStrip(v, ctx) {
  const st = ctx.state;
  const past = v.phase !== 'finished' ? history(v.rounds || [], ctx) : null;
  return h('div', { class: 'bh-top' },
    h('span', { class: 'bh-round' }, ctx.gt('ui.round', { round: v.round, max: v.rounds_max })),
    h('span', {}, ctx.gt('ui.target', { n: v.target })),
    v.extended && v.extended !== 'none' ? h('span', {}, ctx.gt(`options.extended.${v.extended}`)) : null,
    PLAYING.has(v.phase) ? tip(h('span', { class: 'bh-turns' }, ctx.gt('ui.turns', { n: v.turns + 1, max: v.turns_max })), ctx.gt('ui.turns_tip', { max: v.turns_max })) : null,
    PLAYING.has(v.phase) && v.reshuffles ? tip(h('span', { class: 'bh-turns' }, ctx.gt('ui.reshuffles', { n: v.reshuffles, max: v.reshuffles_max })), ctx.gt('ui.reshuffles_tip', { max: v.reshuffles_max })) : null,
    past ? h('details', { class: 'bh-history-box', open: st.showHistory || null, ontoggle: (e) => { st.showHistory = e.target.open; } },
      h('summary', { dataset: { key: 'bh-history' } }, ctx.gt('ui.history')), h('div', { class: 'bh-pop' }, past)) : null);
}

// The other player's draws, from the log: a back from the deck, or the discard's top card, into
// its hand (its discards and the viewer's own cards travel by their names).
export function motions(snap) {
  const out = [];
  for (const e of snap.log || []) {
    const p = e.params || {};
    if (e.text_key === 'bharg.draw_deck' && p.seat !== snap.seat) out.push({ from: 'deck', to: `hand:${p.seat}`, token: () => cardBack({ small: true }) });
    if (e.text_key === 'bharg.take_discard' && p.seat !== snap.seat) out.push({ from: `card:${p.card}`, to: `hand:${p.seat}`, clone: true });
  }
  return out;
}

export function render(root, snap, ctx) {
  const v = snap.view || {};
  const me = ctx.mySeat;
  clear(root);
  const board = h('div', { class: ['bh', PLAYING.has(v.phase) ? 'playing' : 'summary'] });
  board.append(topStrip(v, ctx));
  // The viewer at the bottom; a spectator sees seat 0 there.
  const bottom = me === 0 || me === 1 ? me : 0;
  if (PLAYING.has(v.phase)) {
    board.append(playerArea(v, 1 - bottom, ctx, snap, false));
    board.append(middle(v, ctx, snap));
    board.append(playerArea(v, bottom, ctx, snap, me === bottom));
  } else if (v.result) {
    board.append(resultPanel(v, ctx, snap));
  }
  root.append(board);
}
