// The sale of Carambouille: the lot on the market square with its price and reaction window, and
// the viewer's sale controls for its bar: a product of the hand picked, the lot sizes with their
// Mémo prices; buying 0–2 cards to end the turn; the reaction cards and the pass of an open
// window.
import { h } from '/js/dom.js';
import { card, cardName, memoPrice, valueOf, CARD_PRICE } from '/games/carambouille-cards.js';
import { listed } from '/games/carambouille-trade.js';

async function send(ctx, action) {
  await ctx.send(action);
  ctx.state.selling = null;
  ctx.rerender();
}

function saleOnTable(sale, ctx) {
  const marks = [];
  if (sale.illusion) marks.push(h('span', { class: 'tag illusion' }, `✦ ${cardName('illusion', ctx)}`));
  for (let i = 0; i < sale.soldes; i++) marks.push(h('span', { class: 'tag soldes' }, `½ ${cardName('soldes', ctx)}`));
  return h('div', { class: 'cr-sale', role: 'status', dataset: { testid: 'cr-sale', anchor: 'sale' } },
    h('div', { class: 'cr-sale-lot' }, card(sale.product, ctx, { count: sale.count }),
      h('div', { class: 'cr-sale-info' },
        h('span', {}, ctx.gt('ui.sale_by', { name: ctx.seatName(sale.seller), n: sale.count, product: cardName(sale.product, ctx) })),
        h('span', { class: 'cr-price' }, ctx.gt('ui.price', { n: sale.price })), marks)),
    h('p', { class: 'cr-window' }, ctx.gt('ui.window_of', { name: ctx.seatName(sale.reactor) }), ' ', ctx.countdownFor('reaction', sale.reactor)));
}

// The market square during a sale.
export function saleSquare(snap, ctx) {
  const v = snap.view;
  const final = v.phase === 'final_sale';
  const square = h('section', { class: ['cr-saleboard', final && 'final'], 'aria-label': ctx.gt(final ? 'ui.final_sale' : 'ui.sale'), dataset: { testid: 'cr-saleboard', anchor: 'sale' } },
    h('h3', {}, final ? ctx.gt('ui.final_sale') : ctx.gt('ui.sale_turn', { name: ctx.seatName(v.seller) })));
  if ((v.barred || []).length) {
    square.append(h('p', { class: 'cr-note' }, ctx.gt('ui.barred', { list: v.barred.map((p) => cardName(p, ctx)).join(', ') })));
  }
  if (v.sale) square.append(saleOnTable(v.sale, ctx));
  else if (!listed(snap, 'buy').length) square.append(h('p', { class: 'cr-note' }, ctx.gt('ui.wait_seller', { name: ctx.seatName(v.seller) }), ' ', ctx.countdown(v.seller)));
  else square.append(h('p', { class: 'cr-note' }, ctx.gt('ui.sell_hint')));
  return square;
}

// The products of the hand the viewer may put up for sale now (a click picks one).
export function sellable(snap) {
  return new Map(listed(snap, 'sell').map((entry) => [entry.product, entry]));
}

// The viewer's sale controls: the lot sizes of the product picked, buying, reacting.
export function saleButtons(snap, ctx) {
  const out = [];
  const st = ctx.state;
  const entry = st.selling && sellable(snap).get(st.selling);
  if (entry) {
    const [lo, hi] = entry.choose.count.range;
    const value = valueOf(entry.product);
    out.push(h('span', { class: 'cr-note' }, cardName(entry.product, ctx)),
      ...Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).map((n) => h('button', {
        class: 'primary', disabled: ctx.pending, dataset: { act: 'sell', key: `cr-sell-${entry.product}-${n}`, product: entry.product },
        onclick: () => send(ctx, ctx.fill(entry, { count: n })),
      }, ctx.gt('ui.sell_n', { n, price: memoPrice(value, n) }))));
  }
  for (const a of listed(snap, 'buy')) {
    out.push(h('button', {
      disabled: ctx.pending, dataset: { act: 'buy', key: `cr-buy-${a.count}` },
      onclick: () => send(ctx, a),
    }, a.count === 0 ? ctx.gt('ui.buy_none') : ctx.gt('ui.buy_n', { n: a.count, price: a.count * CARD_PRICE })));
  }
  for (const a of listed(snap, 'react')) {
    out.push(h('button', {
      class: ['cr-react', a.card], disabled: ctx.pending, dataset: { act: 'react', key: `cr-react-${a.card}` },
      onclick: () => send(ctx, a),
    }, ctx.gt(`ui.react_${a.card}`)));
  }
  const pass = listed(snap, 'pass')[0];
  if (pass) out.push(h('button', { disabled: ctx.pending, dataset: { act: 'pass', key: 'cr-pass' }, onclick: () => send(ctx, pass) }, ctx.gt('ui.pass')), ctx.countdownFor('reaction', ctx.mySeat));
  return out;
}
