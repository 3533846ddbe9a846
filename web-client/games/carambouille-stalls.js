// The stalls of the Carambouille market: each other player's stall (its hand as card backs with
// the public counts, its account as coins, its Paniers) and the viewer's own at the bottom (the
// hand face up, grouped by product with the Mémo prices; the account; a bar with what it may do
// now). A card of the hand does what the moment asks: join an offer, an acceptance or a
// Persuasion's give-back, or pick the product to sell.
import { h } from '/js/dom.js';
import { card, cardName, memoPrice, valueOf, isProduct, sortedCards, bellIcon } from '/games/carambouille-cards.js';
import { acceptBar, closeTradingButton, handMode, listed, tradeButtons } from '/games/carambouille-trade.js';
import { saleButtons, sellable } from '/games/carambouille-sale.js';

export function coins(n, ctx, seat) {
  return h('span', { class: 'cr-account', 'data-tip': ctx.gt('ui.account'), dataset: { anchor: `account:${seat}` } },
    h('span', { class: 'token-coin', 'aria-hidden': 'true' }, '¤'), h('span', { dataset: { testid: 'cr-account' } }, String(n)));
}

// Card backs standing for a count of cards (a few drawn, the number written).
function backs(n, kind, ctx) {
  return h('span', { class: ['cr-backs', kind], 'aria-label': ctx.gt(kind === 'caram' ? 'ui.caram_n' : 'ui.products_n', { n }) },
    h('span', { class: 'cr-fan', 'aria-hidden': 'true' }, Array.from({ length: Math.min(n, 4) }, () => h('span', { class: 'cr-back-mini' }))),
    h('span', { class: 'cr-count' }, String(n)));
}

// Who the market waits for on this stall, to light it.
function waitedOn(v, seat) {
  if (v.phase === 'bell' || v.phase === 'trading') return seat === v.merchant && v.phase === 'bell';
  if (v.sale) return v.sale.reactor === seat;
  return v.seller === seat;
}

export function stall(snap, seat, ctx) {
  const v = snap.view;
  return h('section', {
    class: ['cr-stall', waitedOn(v, seat) && 'turn'], style: { '--seat': ctx.seatColor(seat) },
    dataset: { seat: String(seat), testid: 'cr-stall' }, 'aria-label': ctx.seatName(seat),
  },
  h('header', { class: 'cr-awning' }, ctx.seatBadge(seat), seat === v.merchant ? bellIcon('cr-bell-mini') : null, coins(v.accounts[seat], ctx, seat)),
  h('div', { class: 'cr-stall-goods', dataset: { anchor: `hand:${seat}` } },
    backs(v.products[seat], 'product', ctx), h('span', { class: 'cr-limit' }, `/${v.limits[seat]}`),
    v.carambouille[seat] ? backs(v.carambouille[seat], 'caram', ctx) : null,
    v.paniers[seat] ? h('span', { class: 'tag', dataset: { anchor: `paniers:${seat}` } }, `⊔ ${v.paniers[seat]}`) : null,
    waitedOn(v, seat) ? ctx.countdown(seat) : null));
}

// The viewer's hand: one button per card when the moment gives cards something to do.
function hand(snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  const mode = handMode(snap, ctx);
  const selling = sellable(snap);
  const groups = new Map();
  for (const [id, name] of sortedCards(v.hand)) {
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(id);
  }
  // data-card / data-name: which card of the hand this is (tests follow cards through trades).
  const one = (id, name) => {
    const face = card(name, ctx, { flip: id });
    if (selling.has(name)) {
      const on = st.selling === name;
      return h('button', {
        class: ['cr-pick', on && 'on'], 'aria-pressed': String(on), disabled: ctx.pending,
        'aria-label': `${ctx.gt('ui.sell')} : ${cardName(name, ctx)}`,
        dataset: { act: 'sell-pick', key: `cr-card-${id}`, card: id, name, product: name }, onclick: () => { st.selling = on ? null : name; ctx.rerender(); },
      }, face);
    }
    if (!mode || !mode.usable(id)) return h('span', { class: 'cr-slot', dataset: { card: id, name } }, face);
    const on = mode.selected.includes(id);
    return h('button', {
      class: ['cr-pick', on && 'on'], 'aria-pressed': String(on), disabled: ctx.pending,
      'aria-label': `${ctx.gt(`ui.pick_${mode.kind}`)} : ${cardName(name, ctx)}`,
      dataset: { act: `pick-${mode.kind}`, key: `cr-card-${id}`, card: id, name }, onclick: () => { mode.toggle(id); ctx.rerender(); },
    }, face);
  };
  const items = [...groups].map(([name, ids]) => h('div', {
    class: ['cr-group', !isProduct(name) && 'caram'],
    'data-tip': isProduct(name) ? `${cardName(name, ctx)} · ${ctx.gt('ui.memo')} : ${ids.slice(0, 5).map((_, i) => `${i + 1} → ${memoPrice(valueOf(name), i + 1)}`).join(' · ')}` : null,
  }, ids.map((id) => one(id, name))));
  return h('div', { class: 'cr-hand', dataset: { testid: 'cr-hand', anchor: `hand:${ctx.mySeat}` }, 'aria-label': ctx.gt('ui.your_hand') },
    items.length ? items : h('p', { class: 'cr-empty' }, ctx.gt('ui.no_products')));
}

// What the viewer may do now, in thumb reach: the bell, trading, selling, reacting, a Panier.
function bar(snap, ctx) {
  const v = snap.view;
  const out = [];
  const ring = v.phase === 'bell' ? listed(snap, 'ring')[0] : null;
  if (ring) {
    out.push(h('button', { class: 'cr-ring primary', disabled: ctx.pending, dataset: { act: 'ring', key: 'cr-ring' }, onclick: () => ctx.send(ring) },
      bellIcon(), ' ', h('span', { class: 'long' }, ctx.gt('ui.ring_open')), h('span', { class: 'short' }, ctx.gt('ui.ring_short'))));
  }
  // Choosing the cards that answer an offer takes the bar.
  const accepting = acceptBar(snap, ctx);
  if (accepting) return h('div', { class: 'cr-bar' }, accepting);
  out.push(...tradeButtons(snap, ctx), ...saleButtons(snap, ctx));
  const panier = listed(snap, 'lay_panier')[0];
  if (panier) out.push(h('button', { disabled: ctx.pending, dataset: { act: 'lay_panier', key: 'cr-panier' }, onclick: () => ctx.send(panier) }, ctx.gt('ui.lay_panier')));
  // Closing the market, last and apart from the rest.
  const close = closeTradingButton(snap, ctx);
  if (close) out.push(h('span', { class: 'cr-bar-gap', 'aria-hidden': 'true' }), close);
  return out.length ? h('div', { class: 'cr-bar' }, out) : null;
}

export function myStall(snap, ctx) {
  const v = snap.view;
  const me = ctx.mySeat;
  return h('section', {
    class: ['cr-stall', 'me', waitedOn(v, me) && 'turn'], style: { '--seat': ctx.seatColor(me) },
    dataset: { seat: String(me), testid: 'cr-stall', region: 'me' }, 'aria-label': ctx.gt('ui.your_hand'),
  },
  h('header', { class: 'cr-awning' }, ctx.seatBadge(me), me === v.merchant ? bellIcon('cr-bell-mini') : null,
    h('span', { class: 'cr-note' }, ctx.gt('ui.limit', { n: v.products[me], max: v.limits[me] })),
    v.paniers[me] ? h('span', { class: 'tag', dataset: { anchor: `paniers:${me}` } }, ctx.gt('ui.paniers_laid', { n: v.paniers[me] })) : null,
    coins(v.accounts[me], ctx, me)),
  hand(snap, ctx),
  bar(snap, ctx));
}
