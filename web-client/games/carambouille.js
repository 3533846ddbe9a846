// Carambouille: a Provençal market. The bell and its "Dreling Ding!", the public score sheet, the
// trading board (carambouille-trade.js), the sale with its reactions (carambouille-sale.js) and
// the viewer's hand grouped by product with the Mémo prices. The server's view is drawn as it is:
// the client never guesses a hidden card.
import { h, clear } from '/js/dom.js';
import { logText } from '/js/i18n.js';
import { card, cardName, memoPrice, valueOf, isProduct, sortedCards, bellIcon, countdownFor } from '/games/carambouille-cards.js';
import { tradingBoard, handMode, freshDraft } from '/games/carambouille-trade.js';
import { saleBoard } from '/games/carambouille-sale.js';

const FEED = new Set(['offer', 'trade', 'lie', 'offer_closed', 'refuse', 'persuasion', 'persuasion_end', 'trading_open', 'trading_closed', 'panier']);
const listed = (snap, type) => (snap.actions || []).filter((a) => a.type === type);

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
    default: return null;
  }
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
    h('span', { class: 'cr-pile' }, ctx.gt('ui.reserve_n', { n: v.reserve })),
    h('span', { class: 'cr-pile' }, ctx.gt('ui.stack_n', { n: v.stack })),
    v.quiet_rounds > 0 && !v.last_round ? h('span', { class: 'cr-pile' }, ctx.gt('ui.quiet', { n: v.quiet_rounds })) : null);
}

// The public score sheet: accounts, cards in hand, and Paniers laid once there are some (the
// column would not fit a phone's width otherwise).
function scoreSheet(v, ctx) {
  const n = (v.accounts || []).length;
  const paniers = (v.paniers || []).some((k) => k > 0);
  const columns = ['player', 'account', 'products', 'caram', ...(paniers ? ['paniers'] : [])];
  return h('div', { class: 'cr-sheet-box' }, h('table', { class: 'cr-sheet' },
    h('caption', {}, ctx.gt('ui.score_sheet')),
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, ctx.gt(`ui.col_${c}`))))),
    h('tbody', {}, Array.from({ length: n }, (_, s) => h('tr', { class: [s === ctx.mySeat && 'me', s === v.merchant && 'merchant'], style: { '--seat': ctx.seatColor(s) }, dataset: { seat: s } },
      h('th', { scope: 'row' }, ctx.seatBadge(s), s === v.merchant ? bellIcon('cr-bell-mini') : null),
      h('td', { class: 'num', dataset: { testid: 'cr-account' } }, String(v.accounts[s])),
      h('td', { class: 'num' }, `${v.products[s]}/${v.limits[s]}`),
      h('td', { class: 'num' }, String(v.carambouille[s])),
      paniers ? h('td', { class: 'num' }, v.paniers[s] ? `⊔ ${v.paniers[s]}` : '—') : null)))));
}

function bellArea(snap, ctx) {
  const v = snap.view;
  const ring = listed(snap, 'ring')[0];
  const st = ctx.state;
  const ding = st.ding && st.ding.rev === snap.rev
    ? h('div', { class: 'cr-ding', role: 'status', dataset: { testid: 'cr-ding', open: String(st.ding.open) } }, bellIcon('cr-ding-bell'), ctx.gt(st.ding.open ? 'ui.ding_open' : 'ui.ding_close')) : null;
  if (v.phase !== 'bell' && v.phase !== 'trading') return ding;
  const label = v.phase === 'bell' ? ctx.gt('ui.ring_open') : ctx.gt('ui.ring_close');
  return h('div', { class: 'cr-bellbar' }, ding,
    ring ? h('button', { class: 'cr-ring primary big', disabled: ctx.pending, dataset: { act: 'ring', key: 'cr-ring' }, onclick: () => ctx.send(ring) }, bellIcon(), ' ', label)
      : h('span', { class: 'cr-note' }, v.phase === 'bell' ? ctx.gt('ui.wait_bell', { name: ctx.seatName(v.merchant) }) : ctx.gt('ui.trading_open')),
    v.phase === 'bell' ? countdownFor(snap, 'bell', v.merchant, 15000) : ctx.countdown(null));
}

// The viewer's hand, grouped by product with the Mémo prices, then its Carambouille cards.
function handArea(snap, ctx) {
  const v = snap.view;
  const hand = v.hand || {};
  const mode = handMode(snap, ctx);
  const groups = new Map();
  for (const [id, name] of sortedCards(hand)) {
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(id);
  }
  // data-card / data-name: which card of the hand this is (tests follow cards through trades).
  const cardButton = (id, name) => {
    if (!mode || !mode.usable(id)) return h('span', { class: 'cr-slot', dataset: { card: id, name } }, card(name, ctx));
    const on = mode.selected.includes(id);
    return h('button', {
      class: ['cr-pick', on && 'on'], 'aria-pressed': String(on), disabled: ctx.pending,
      'aria-label': `${ctx.gt(`ui.pick_${mode.kind}`)} : ${cardName(name, ctx)}`,
      dataset: { act: `pick-${mode.kind}`, key: `cr-card-${id}`, card: id, name }, onclick: () => { mode.toggle(id); ctx.rerender(); },
    }, card(name, ctx));
  };
  const products = [...groups].filter(([name]) => isProduct(name));
  const caram = [...groups].filter(([name]) => !isProduct(name));
  const panier = listed(snap, 'lay_panier')[0];
  return h('section', { class: 'cr-me', style: { '--seat': ctx.seatColor(ctx.mySeat) }, 'aria-label': ctx.gt('ui.your_hand'), dataset: { testid: 'cr-hand' } },
    h('header', { class: 'cr-me-head' }, ctx.seatBadge(ctx.mySeat), h('span', { class: 'cr-score' }, ctx.gt('ui.account_n', { n: v.accounts[ctx.mySeat] })),
      h('span', { class: 'cr-note' }, ctx.gt('ui.limit', { n: v.products[ctx.mySeat], max: v.limits[ctx.mySeat] })),
      v.paniers[ctx.mySeat] ? h('span', { class: 'tag' }, ctx.gt('ui.paniers_laid', { n: v.paniers[ctx.mySeat] })) : null),
    mode ? h('p', { class: 'cr-note' }, ctx.gt(`ui.hand_hint_${mode.kind}`)) : null,
    products.length ? h('div', { class: 'cr-groups' }, products.map(([name, ids]) => h('div', { class: 'cr-group' },
      h('div', { class: 'cr-cards' }, ids.map((id) => cardButton(id, name))),
      h('div', { class: 'cr-memo', title: ctx.gt('ui.memo') }, ids.slice(0, 5).map((_, i) => h('span', {}, `${i + 1}→${memoPrice(valueOf(name), i + 1)}`)))))) : h('p', { class: 'cr-empty' }, ctx.gt('ui.no_products')),
    caram.length ? h('div', { class: 'cr-cards cr-caram' }, caram.flatMap(([name, ids]) => ids.map((id) => cardButton(id, name)))) : null,
    panier ? h('div', { class: 'cr-buttons' }, h('button', { disabled: ctx.pending, dataset: { act: 'lay_panier', key: 'cr-panier' }, onclick: () => ctx.send(panier) }, ctx.gt('ui.lay_panier'))) : null);
}

export function render(root, snap, ctx) {
  const v = snap.view || {};
  settle(snap, ctx);
  clear(root);
  const board = h('div', { class: 'cr' });
  board.append(topBar(v, ctx));
  const bell = bellArea(snap, ctx);
  if (bell) board.append(bell);
  const middle = h('div', { class: 'cr-middle' });
  if (v.phase === 'trading' || v.phase === 'closing') middle.append(tradingBoard(snap, ctx, (ctx.state.feed || []).map(feedLine)));
  if (v.phase === 'sale' || v.phase === 'final_sale') middle.append(saleBoard(snap, ctx));
  if (v.phase === 'bell') middle.append(h('p', { class: 'cr-note' }, ctx.gt('ui.bell_hint')));
  if (v.phase === 'finished') middle.append(h('p', { class: 'cr-note' }, ctx.gt('ui.finished')));
  board.append(h('div', { class: 'cr-main' }, middle, scoreSheet(v, ctx)));
  if (ctx.mySeat !== null && v.hand) board.append(handArea(snap, ctx));
  root.append(board);
}
