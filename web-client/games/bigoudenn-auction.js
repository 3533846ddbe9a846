// Ar Seizh Bigoudenn: the TEUT! buttons and the auction panel (bids face down, the reveal, the
// raise and follow, the award, the passoire). Only listed actions are clickable. Countdowns come
// from the snapshot's deadlines (the view carries no time).
import { h } from '/js/dom.js';
import { cardBack, ingredientCard, utensilIcon } from '/games/bigoudenn-cards.js';

const STEP_KIND = { bidding: 'teut_bid', raise: 'teut_raise', follow: 'teut_follow', award: 'teut_award', passoire: 'teut_passoire' };

// The deadline of each open TEUT! window, by utensil: the view's windows and the `teut_window`
// deadlines both go in the order they close.
export function windowDeadlines(v, ctx) {
  const times = ctx.deadlines('teut_window');
  return new Map((v.windows || []).map((w, i) => [w.utensil, times[i]]).filter(([, d]) => d));
}

// The running step's deadline: the viewer's own when it has one (each bidder has its own), else
// the first.
function stepDeadline(x, ctx) {
  const all = ctx.deadlines(STEP_KIND[x.step]);
  return all.find((d) => d.seat === ctx.mySeat) || all[0] || null;
}

export function listed(snap, type) { return (snap.actions || []).filter((a) => a.type === type); }

// A template whose other choices are asked in the picker once `fixed` is set (put_back, say).
export async function sendWith(ctx, template, fixed, title, names) {
  const action = { ...template, ...fixed };
  const rest = { ...(template.choose || {}) };
  for (const k of Object.keys(fixed)) delete rest[k];
  delete action.choose;
  if (!Object.keys(rest).length) return ctx.send(action);
  const picked = await ctx.pickFromTemplate({ ...action, choose: rest }, {
    title,
    keyLabel: (key) => ({ put_back: ctx.gt('ui.pick_put_back'), give: ctx.gt('ui.pick_give'), drop: ctx.gt('ui.pick_drop') }[key] || null),
    labels: (key, value) => (key === 'put_back' ? names.card(value) : key === 'give' || key === 'drop' ? names.utensil(value) : String(value)),
  });
  return picked ? ctx.send(picked) : null;
}

// One big TEUT! button per open window the viewer may contest, with the window's countdown.
export function teutButtons(v, snap, ctx, names) {
  const calls = listed(snap, 'teut');
  if (!calls.length) return null;
  const windows = windowDeadlines(v, ctx);
  return h('div', { class: 'bg-teut-bar', role: 'group', 'aria-label': ctx.gt('ui.teut_title') }, calls.map((a) => {
    const w = (v.windows || []).find((x) => x.utensil === a.utensil);
    return h('button', {
      class: 'bg-teut-button', disabled: ctx.pending, title: ctx.gt('ui.teut_on', { utensil: names.the(a.utensil), tool: names.utensil(a.utensil), holder: w ? ctx.seatName(w.holder) : '' }),
      dataset: { act: 'teut', key: `bg-teut-${a.utensil}`, utensil: a.utensil },
      onclick: () => ctx.send(a),
    },
    h('span', { class: 'bg-teut-word' }, ctx.gt('ui.teut')),
    h('span', { class: 'bg-teut-what' }, utensilIcon(a.utensil, 22), w ? ctx.seatToken(w.holder, 18) : null,
      h('span', { class: 'long' }, ctx.gt('ui.teut_on', { utensil: names.the(a.utensil), tool: names.utensil(a.utensil), holder: w ? ctx.seatName(w.holder) : '' }))),
    ctx.countdownOf(windows.get(a.utensil)));
  }));
}

// One side of the auction: its bids, face down until revealed (the bidder sees its own); in the
// passoire step, the revealed bids are the buttons that recover them.
function bidPile(x, side, v, snap, ctx, names) {
  const seat = side.seat;
  const passed = (x.acted || []).includes(seat) && !side.cards.length;
  const empty = !side.cards.length && !((v.players[seat] || {}).surface_count);
  const use = listed(snap, 'passoire')[0];
  const recoverable = use ? ctx.choices(use, 'card') : [];
  const bidCard = (b) => {
    if (!b.card) return cardBack({ small: true, label: ctx.gt('ui.sealed_bid') });
    const face = ingredientCard(b.card, names, { small: true, class: b.revealed ? 'revealed' : 'sealed', flip: true });
    if (!recoverable.includes(b.card)) return face;
    return h('button', {
      class: 'bg-pick', disabled: ctx.pending, 'aria-label': ctx.gt('ui.recover_label', { card: names.card(b.card) }),
      dataset: { act: 'passoire', key: `bg-passoire-${b.card}` },
      onclick: () => sendWith(ctx, use, { card: b.card }, ctx.gt('ui.put_back_title'), names),
    }, face);
  };
  return h('div', { class: ['bg-bidder', seat === x.winner && 'won'], style: { '--seat': ctx.seatColor(seat) } },
    h('div', { class: 'bg-bidder-head' }, ctx.seatBadge(seat),
      h('span', { class: 'bg-role' }, ctx.gt(seat === x.caller ? 'ui.caller' : 'ui.holder'))),
    h('div', { class: 'bg-bids' }, side.cards.length
      ? side.cards.map(bidCard)
      : h('span', { class: 'bg-nobid' }, ctx.gt(passed ? 'ui.no_bid' : empty ? 'ui.nothing_to_bid' : 'ui.thinking'))));
}

function passLabel(step) {
  return { raise: 'ui.no_raise', follow: 'ui.decline', passoire: 'ui.keep_passoire_unused' }[step] || 'ui.pass';
}

// The viewer's own controls for the step it may act in, in its own area: what to do (a bid is
// made by clicking a card of its work surface, the passoire by clicking a revealed bid), the
// award's choice of hand, and the pass.
export function auctionControls(v, snap, ctx, names) {
  const x = v.teut;
  if (!x) return null;
  const out = [];
  const me = ctx.mySeat;
  if (listed(snap, 'bid').length) out.push(h('p', { class: 'bg-hint' }, ctx.gt(`ui.hint_${x.step}`)));
  if (listed(snap, 'passoire').length) out.push(h('p', { class: 'bg-hint' }, ctx.gt('ui.hint_passoire')));
  for (const a of listed(snap, 'make_room')) {
    const held = v.players[me].hands[a.hand];
    out.push(h('button', {
      class: 'primary', disabled: ctx.pending, dataset: { act: 'make_room', key: `bg-room-${a.hand}` },
      onclick: () => ctx.send(a),
    }, utensilIcon(held, 20), ctx.gt('ui.make_room', { utensil: names.the(held), hand: names.hand(a.hand), won: names.the(x.utensil) })));
  }
  const pass = listed(snap, 'pass')[0];
  if (pass) {
    out.push(h('button', {
      class: 'bg-pass', disabled: ctx.pending, dataset: { act: 'pass', key: 'bg-pass' },
      onclick: () => ctx.send(pass),
    }, ctx.gt(passLabel(x.step))));
  }
  return out.length ? h('div', { class: 'bg-controls', dataset: { testid: 'bg-auction-controls' } }, out) : null;
}

export function auctionPanel(v, snap, ctx, names) {
  const x = v.teut;
  const status = x.winner !== null && x.winner !== undefined
    ? ctx.gt('ui.teut_won_by', { name: ctx.seatName(x.winner), utensil: names.the(x.utensil) })
    : ctx.gt(`ui.step_${x.step}`, {
      raiser: x.raiser !== null && x.raiser !== undefined ? ctx.seatName(x.raiser) : '',
      holder: x.passoire_holder !== null && x.passoire_holder !== undefined ? ctx.seatName(x.passoire_holder) : '',
    });
  return h('section', { class: ['bg-auction', `step-${x.step}`], 'aria-live': 'polite', dataset: { scrollList: '' } },
    h('header', { class: 'bg-auction-head' },
      h('span', { class: 'bg-teut-word' }, ctx.gt('ui.teut')),
      utensilIcon(x.utensil, 24),
      h('span', { class: 'bg-contest' }, ctx.gt('ui.contest', { caller: ctx.seatName(x.caller), utensil: names.the(x.utensil), tool: names.utensil(x.utensil), holder: ctx.seatName(x.holder) })),
      ctx.countdownOf(stepDeadline(x, ctx))),
    h('p', { class: 'bg-step' }, status, x.forced ? h('span', { class: 'bg-tag' }, ctx.gt('ui.forced')) : null),
    h('div', { class: 'bg-bidders' }, x.bids.map((side) => bidPile(x, side, v, snap, ctx, names))));
}
