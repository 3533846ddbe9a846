// Carambouille: a Provençal market. Each other player's stall around the market square (its
// hand as card backs with the public counts, its account as coins), the square in the middle
// (the bell, the open offers as tickets between the stalls, the sale on the table), and the
// viewer's own stall at the bottom: its hand face up, its account, and a bar with what it may do
// now. The trading countdown runs on the prompt line. Cards change hands privately (fresh ids),
// so trades, sales and dealing travel as card backs and coins from the facts of the log. The
// server's view is drawn as it is: the client never guesses a hidden card.
import { h, clear } from '/js/dom.js';
import { logText } from '/js/i18n.js';
import { card, cardName, bellIcon } from '/games/carambouille-cards.js';
import { tradingSquare, freshDraft, listed } from '/games/carambouille-trade.js';
import { saleSquare } from '/games/carambouille-sale.js';
import { stall, myStall } from '/games/carambouille-stalls.js';
import { continueBar, pausePrompt } from '/js/round-pause.js';
// The card data the server publishes, handed over by js/renderers.js before the first draw.
export { useCards } from '/games/carambouille-cards.js';

const FEED = new Set(['offer', 'trade', 'lie', 'offer_closed', 'refuse', 'persuasion', 'persuasion_end', 'trading_open', 'trading_closed', 'panier']);

// Keeps what belongs to one phase of one round, and the trading feed across snapshots.
function settle(snap, ctx) {
  const v = snap.view || {};
  const st = ctx.state;
  const key = `${v.round}|${v.phase}`;
  if (st.phaseKey !== key) {
    st.phaseKey = key;
    st.draft = freshDraft();
    st.accepting = null;
    st.persuasion = null;
    st.building = false;
    st.selling = null;
  }
  if (st.rev === snap.rev) return;
  st.rev = snap.rev;
  st.feed = st.feed || [];
  st.seen = st.seen || new Set();
  for (const entry of snap.log || []) {
    const id = `${entry.at}|${entry.text_key}|${JSON.stringify(entry.params)}`;
    if (st.seen.has(id)) continue;
    st.seen.add(id);
    const short = String(entry.text_key).replace(/^carambouille\./, '');
    if (FEED.has(short)) st.feed.push(entry);
    // The bell's moment, shown when it rings (not when a reload replays an old log).
    const fresh = ctx.now() - entry.at < 10000;
    if ((short === 'trading_open' || short === 'trading_closed') && fresh) st.ding = { rev: snap.rev, open: short === 'trading_open' };
    if (short === 'round') st.feed = [];
  }
  if (st.feed.length > 40) st.feed.splice(0, st.feed.length - 40);
}

// Offers are named by who made them (their ids are internal): an entry about an offer gets the
// offerer (`offer_from`, and `counter_from` for the offer it answers) from the entry that opened
// it. `entries`: newest first, as the room keeps them.
export function logContext(entries) {
  const offers = new Map();
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i];
    if (e.text_key === 'carambouille.offer' && e.params) offers.set(e.params.offer, e.params.from);
  }
  return entries.map((e) => {
    const p = e.params || {};
    const from = offers.get(p.offer);
    const counter = p.counter ? offers.get(p.counter) : undefined;
    if (from === undefined && counter === undefined) return e;
    return { ...e, params: { ...p, ...(from !== undefined ? { offer_from: from } : {}), ...(counter !== undefined ? { counter_from: counter } : {}) } };
  });
}

// A feed line: its words, and what it is about (for tests and styles).
function feedLine(entry) {
  return { text: logText(entry), kind: String(entry.text_key).replace(/^carambouille\./, ''), offer: entry.params?.offer ?? null };
}

// ---------------------------------------------------------------- contract

export function prompt(snap, ctx) {
  const v = snap.view || {};
  const me = ctx.mySeat;
  const name = (s) => ctx.seatName(s);
  const mine = (type) => listed(snap, type).length > 0;
  switch (v.phase) {
    case 'bell': return mine('ring') ? ctx.gt('ui.prompt_ring_open') : ctx.gt('ui.prompt_wait_bell', { name: name(v.merchant) });
    case 'trading': {
      if (mine('persuasion_exchange')) return ctx.gt('ui.prompt_persuade');
      if (mine('ring')) return ctx.gt('ui.prompt_ring_close');
      return me === null ? ctx.gt('ui.prompt_trading_watch') : ctx.gt('ui.prompt_trading');
    }
    case 'closing': return mine('persuasion_exchange') ? ctx.gt('ui.prompt_persuade') : ctx.gt('ui.prompt_closing');
    case 'sale':
    case 'final_sale': {
      if (v.sale) {
        if (mine('react') || mine('pass')) return ctx.gt('ui.prompt_react', { name: name(v.sale.seller) });
        return ctx.gt('ui.prompt_wait_react', { name: name(v.sale.reactor) });
      }
      if (mine('buy')) return ctx.gt('ui.prompt_sell');
      return ctx.gt(v.phase === 'final_sale' ? 'ui.prompt_final' : 'ui.prompt_wait_seller', { name: name(v.seller) });
    }
    case 'round_over': return pausePrompt(snap, ctx);
    default: return null;
  }
}

// Between the sale and the Change: the round's sales, and "Continuer".
function roundOverSquare(snap, ctx) {
  const v = snap.view || {};
  const sales = v.round_sales || [];
  return h('section', { class: 'cr-round-over', dataset: { testid: 'round-summary', round: String(v.round) } },
    h('p', { class: 'cr-round-over-title' }, ctx.gt('ui.round_over', { round: v.round })),
    sales.length
      ? h('ul', { class: 'cr-round-sales' }, sales.map((s) => h('li', {}, ctx.seatBadge(s.seat), ' ',
        ctx.gt('ui.round_sale', { count: s.count, product: cardName(s.product, ctx), price: s.price }))))
      : h('p', { class: 'cr-note' }, ctx.gt('ui.round_no_sale')),
    continueBar(snap, ctx, { key: 'cr-continue' }));
}

// The countdown of the prompt line: the trading time while trading runs.
export function promptDeadline(snap) {
  const v = snap.view || {};
  if (v.phase !== 'trading') return undefined;
  return (snap.deadlines || []).find((d) => d.kind === 'trading') || undefined;
}

export function seatSummary(snap, seat, ctx) {
  const v = snap.view || {};
  const parts = [ctx.gt('ui.account_n', { n: (v.accounts || [])[seat] ?? 0 }),
    ctx.gt('ui.products_n', { n: (v.products || [])[seat] ?? 0 }),
    ctx.gt('ui.caram_n', { n: (v.carambouille || [])[seat] ?? 0 })];
  if ((v.paniers || [])[seat]) parts.push(ctx.gt('ui.paniers_n', { n: v.paniers[seat] }));
  if (seat === v.merchant) parts.push(ctx.gt('ui.merchant'));
  return parts.join(' · ');
}

export function soundFor(entry) {
  const k = entry.text_key;
  if (k === 'carambouille.trading_open' || k === 'carambouille.trading_closed') return 'bell';
  if (k === 'carambouille.trade' || k === 'carambouille.sold') return 'flip';
  if (k === 'carambouille.end') return 'win';
  return null;
}

// Cards and coins travelling, from the log: a trade's card backs between the two stalls, a sale's
// cards onto the square then off the market and its coins onto the account, cards bought and
// dealt from their piles.
export function motions(snap, ctx) {
  const back = () => h('span', { class: 'cr-back-mini big' });
  const coin = () => h('span', { class: 'token-coin' }, '¤');
  const face = (name) => () => card(name, ctx, { small: true });
  const out = [];
  const hand = (s) => `hand:${s}`;
  for (const e of snap.log || []) {
    const p = e.params || {};
    switch (String(e.text_key).replace(/^carambouille\./, '')) {
      case 'trade':
        out.push({ from: hand(p.from), to: hand(p.to), count: p.gave, token: back }, { from: hand(p.to), to: hand(p.from), count: p.received, token: back });
        break;
      case 'persuasion_end':
        out.push({ from: hand(p.target), to: hand(p.persuader), count: p.took, token: back }, { from: hand(p.persuader), to: hand(p.target), count: p.gave, token: back });
        break;
      case 'sale':
        out.push({ from: hand(p.seat), to: 'sale', count: p.count, token: face(p.product) });
        break;
      case 'cancelled':
        out.push({ from: 'sale', to: hand(p.seat), count: p.count, token: face(p.product) });
        break;
      case 'sold':
        out.push({ from: 'sale', to: ['sold', 'reserve'], count: p.count, token: face(p.product) },
          { from: 'sale', to: `account:${p.seat}`, count: Math.min(6, Math.ceil(p.price / 100)), token: coin, fade: false });
        break;
      case 'buy':
        out.push({ from: `account:${p.seat}`, to: 'stack', count: p.count * 2, token: coin, fade: false }, { from: 'stack', to: hand(p.seat), count: p.count, token: back });
        break;
      case 'deal':
        (p.cards || []).forEach((n, seat) => { if (n) out.push({ from: 'reserve', to: hand(seat), count: n, token: back }); });
        break;
      case 'panier':
        out.push({ from: hand(p.seat), to: `paniers:${p.seat}`, token: face('panier') });
        break;
      default: break;
    }
  }
  return out;
}

export function outcomeDetails(outcome, snap, ctx) {
  const scores = outcome.scores || [];
  return h('table', { class: 'rounds cr-final' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ctx.gt('ui.player')), h('th', { scope: 'col' }, ctx.gt('ui.account')), h('th', { scope: 'col' }, ctx.gt('ui.unsold')))),
    h('tbody', {}, scores.map((score, s) => h('tr', { class: (outcome.winners || []).includes(s) ? 'won' : null },
      h('th', { scope: 'row' }, ctx.seatBadge(s)), h('td', {}, String(score)), h('td', {}, String((outcome.unsold || [])[s] ?? 0))))));
}

// ---------------------------------------------------------------- pieces

function topBar(v, ctx) {
  return h('div', { class: 'cr-top' },
    h('span', { class: 'cr-round' }, ctx.gt('ui.round', { n: v.round })),
    v.last_round ? h('span', { class: 'tag last' }, ctx.gt('ui.last_round')) : null,
    h('span', { class: 'cr-merchant' }, bellIcon(), ' ', ctx.gt('ui.merchant_is', { name: ctx.seatName(v.merchant) })),
    h('span', { class: 'cr-pile', dataset: { anchor: 'reserve' } }, ctx.gt('ui.reserve_n', { n: v.reserve })),
    h('span', { class: 'cr-pile', dataset: { anchor: 'stack' }, 'data-tip': ctx.gt('ui.stack_n', { n: v.stack }) },
      h('span', { class: 'long' }, ctx.gt('ui.stack_n', { n: v.stack })), h('span', { class: 'short' }, ctx.gt('ui.stack_short', { n: v.stack }))),
    h('span', { class: 'cr-pile', dataset: { anchor: 'sold' } }, ctx.gt('ui.sold_n', { n: v.sold_products ?? 0 })),
    v.quiet_rounds > 0 && !v.last_round ? h('span', { class: 'cr-pile' }, ctx.gt('ui.quiet', { n: v.quiet_rounds })) : null);
}

// The bell's moment on the square, shown when it rings (not when a reload replays an old log).
function bellSquare(snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  const ding = st.ding && st.ding.rev === snap.rev
    ? h('div', { class: 'cr-ding', role: 'status', dataset: { testid: 'cr-ding', open: String(st.ding.open) } }, bellIcon('cr-ding-bell'), ctx.gt(st.ding.open ? 'ui.ding_open' : 'ui.ding_close')) : null;
  if (v.phase !== 'bell') return ding;
  return h('div', { class: 'cr-bellsquare' }, ding, bellIcon('cr-big-bell'),
    h('p', { class: 'cr-note' }, ctx.gt('ui.wait_bell', { name: ctx.seatName(v.merchant) }), ' ', ctx.countdownFor('bell', v.merchant)),
    h('p', { class: 'cr-note' }, ctx.gt('ui.bell_hint')));
}

export function render(root, snap, ctx) {
  const v = snap.view || {};
  settle(snap, ctx);
  clear(root);
  const me = ctx.mySeat;
  const seated = me !== null && me !== undefined && !!v.hand;
  const n = (v.accounts || []).length;
  // The others in table order from the viewer's left; a spectator sees every stall.
  const others = Array.from({ length: n }, (_, k) => (seated ? (me + 1 + k) % n : k)).filter((s) => !seated || s !== me);
  const square = h('div', { class: 'cr-square', dataset: { region: 'middle' } });
  const ding = v.phase !== 'bell' ? bellSquare(snap, ctx) : null;
  if (ding) square.append(ding);
  if (v.phase === 'bell') square.append(bellSquare(snap, ctx));
  if (v.phase === 'trading' || v.phase === 'closing') square.append(tradingSquare(snap, ctx, logContext((ctx.state.feed || []).slice().reverse()).reverse().map(feedLine)));
  if (v.phase === 'sale' || v.phase === 'final_sale') square.append(saleSquare(snap, ctx));
  if (v.phase === 'round_over') square.append(roundOverSquare(snap, ctx));
  if (v.phase === 'finished') square.append(h('p', { class: 'cr-note' }, ctx.gt('ui.finished')));
  root.append(h('div', { class: ['cr', seated ? 'seated' : 'watching'], style: { '--others': String(others.length) } },
    topBar(v, ctx),
    h('div', { class: 'cr-stalls', dataset: { region: 'others' } }, others.map((s) => stall(snap, s, ctx))),
    square,
    seated ? myStall(snap, ctx) : null));
}
