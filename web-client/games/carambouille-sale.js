// The sale of Carambouille: the seller's lots with their Mémo prices, the sale on the table with
// its reaction windows (Illusion, Soldes, Surstock, each with its countdown), and buying cards.
import { h } from '/js/dom.js';
import { card, cardName, memoPrice, valueOf, countdownFor } from '/games/carambouille-cards.js';

const listed = (snap, type) => (snap.actions || []).filter((a) => a.type === type);

async function send(ctx, action) {
  await ctx.send(action);
  ctx.rerender();
}

function saleOnTable(sale, snap, ctx) {
  const reacts = listed(snap, 'react');
  const pass = listed(snap, 'pass')[0];
  const marks = [];
  if (sale.illusion) marks.push(h('span', { class: 'tag illusion' }, `✦ ${cardName('illusion', ctx)}`));
  for (let i = 0; i < sale.soldes; i++) marks.push(h('span', { class: 'tag soldes' }, `½ ${cardName('soldes', ctx)}`));
  const mine = reacts.length > 0 || pass;
  return h('div', { class: ['cr-sale', mine && 'mine'], role: 'status', dataset: { testid: 'cr-sale' } },
    h('div', { class: 'cr-sale-lot' }, card(sale.product, ctx, { count: sale.count }),
      h('div', { class: 'cr-sale-info' },
        h('span', {}, ctx.gt('ui.sale_by', { name: ctx.seatName(sale.seller), n: sale.count, product: cardName(sale.product, ctx) })),
        h('span', { class: 'cr-price' }, ctx.gt('ui.price', { n: sale.price })), marks)),
    h('p', { class: 'cr-window' }, ctx.gt('ui.window_of', { name: ctx.seatName(sale.reactor) }), ' ', countdownFor(snap, 'reaction', sale.reactor, 8000)),
    mine ? h('div', { class: 'cr-buttons' },
      reacts.map((a) => h('button', {
        class: ['cr-react', a.card], disabled: ctx.pending, dataset: { act: 'react', key: `cr-react-${a.card}` },
        onclick: () => send(ctx, a),
      }, ctx.gt(`ui.react_${a.card}`))),
      pass ? h('button', { disabled: ctx.pending, dataset: { act: 'pass', key: 'cr-pass' }, onclick: () => send(ctx, pass) }, ctx.gt('ui.pass')) : null) : null);
}

// The seller's choices: one row per product with a button per lot size and its price.
function sellerChoices(snap, ctx) {
  const rows = listed(snap, 'sell').map((entry) => {
    const [lo, hi] = entry.choose.count.range;
    const value = valueOf(entry.product);
    return h('li', { class: 'cr-lot' }, card(entry.product, ctx, { small: true }),
      h('span', { class: 'cr-lot-name' }, cardName(entry.product, ctx)),
      h('span', { class: 'cr-buttons' }, Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).map((n) => h('button', {
        disabled: ctx.pending, dataset: { act: 'sell', key: `cr-sell-${entry.product}-${n}` },
        onclick: () => send(ctx, ctx.fill(entry, { count: n })),
      }, ctx.gt('ui.sell_n', { n, price: memoPrice(value, n) })))));
  });
  const buys = listed(snap, 'buy').map((a) => h('button', {
    class: a.count === 0 ? '' : 'primary', disabled: ctx.pending, dataset: { act: 'buy', key: `cr-buy-${a.count}` },
    onclick: () => send(ctx, a),
  }, a.count === 0 ? ctx.gt('ui.buy_none') : ctx.gt('ui.buy_n', { n: a.count, price: a.count * 50 })));
  return h('div', { class: 'cr-seller' },
    rows.length ? [h('p', { class: 'cr-note' }, ctx.gt('ui.sell_hint')), h('ul', { class: 'cr-lots' }, rows)] : h('p', { class: 'cr-note' }, ctx.gt('ui.nothing_to_sell')),
    h('p', { class: 'cr-note' }, ctx.gt('ui.buy_hint')), h('div', { class: 'cr-buttons' }, buys));
}

export function saleBoard(snap, ctx) {
  const v = snap.view;
  const final = v.phase === 'final_sale';
  const board = h('section', { class: ['cr-saleboard', final && 'final'], 'aria-label': ctx.gt(final ? 'ui.final_sale' : 'ui.sale'), dataset: { testid: 'cr-saleboard' } },
    h('h3', {}, final ? ctx.gt('ui.final_sale') : ctx.gt('ui.sale_turn', { name: ctx.seatName(v.seller) })));
  if ((v.barred || []).length) {
    board.append(h('p', { class: 'cr-note' }, ctx.gt('ui.barred', { list: v.barred.map((p) => cardName(p, ctx)).join(', ') })));
  }
  if (v.sale) board.append(saleOnTable(v.sale, snap, ctx));
  else if (listed(snap, 'buy').length) board.append(sellerChoices(snap, ctx));
  else board.append(h('p', { class: 'cr-note' }, ctx.gt('ui.wait_seller', { name: ctx.seatName(v.seller) }), ' ', ctx.countdown(v.seller)));
  return board;
}
