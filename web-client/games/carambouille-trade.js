// The trading of Carambouille: open offers as tickets between the stalls (accept, counter,
// refuse, withdraw), the offer builder (cards from the hand, an announcement, an ask, to one
// player or to all) as a sheet over the market square, accepting by picking cards, and
// Persuasion. The server checks every claim; the board only builds what it will send.
import { h } from '/js/dom.js';
import { PRODUCTS, CARD_TYPES, card, cardName, claimsText, truthOf, totalValue, isProduct, sortedCards } from '/games/carambouille-cards.js';

export const listed = (snap, type) => (snap.actions || []).filter((a) => a.type === type);

export function freshDraft() {
  return {
    give: [], to: null, announce: 'none', counter: null,
    lie: { kind: 'product', product: 'safran', count: 1, value: 100 },
    ask: { kind: 'any', product: 'fromage', count: 1, value: 50, cards: 1, card: 'soldes' },
  };
}

function draftOf(ctx) {
  if (!ctx.state.draft) ctx.state.draft = freshDraft();
  return ctx.state.draft;
}

// What the hand's cards do when clicked now: pick cards for an offer (a click opens the builder),
// an acceptance or a Persuasion's give-back; null when they do nothing here.
export function handMode(snap, ctx) {
  const v = snap.view || {};
  const st = ctx.state;
  const hand = v.hand || {};
  const keep = (list) => (list || []).filter((id) => id in hand);
  const mine = (v.persuasions || []).find((p) => p.persuader === ctx.mySeat);
  if (mine && listed(snap, 'persuasion_exchange').length) {
    st.persuasion = st.persuasion || { take: [], give: [] };
    st.persuasion.give = keep(st.persuasion.give).filter((id) => isProduct(hand[id]));
    return { kind: 'persuade', selected: st.persuasion.give, usable: (id) => isProduct(hand[id]), toggle: (id) => toggle(st.persuasion.give, id) };
  }
  if (st.accepting && listed(snap, 'accept').some((a) => a.offer === st.accepting.offer)) {
    st.accepting.give = keep(st.accepting.give);
    return { kind: 'accept', selected: st.accepting.give, usable: () => true, toggle: (id) => toggle(st.accepting.give, id) };
  }
  st.accepting = null;
  if (listed(snap, 'offer').length) {
    const d = draftOf(ctx);
    d.give = keep(d.give);
    return { kind: 'offer', selected: st.building ? d.give : [], usable: () => true, toggle: (id) => { st.building = true; toggle(d.give, id); } };
  }
  st.building = false;
  return null;
}

function toggle(list, id) {
  const at = list.indexOf(id);
  if (at >= 0) list.splice(at, 1); else list.push(id);
}

async function send(ctx, action, after) {
  const r = await ctx.send(action);
  if (r && r.ok && after) after();
  ctx.rerender();
}

function select(key, value, options, onchange, label) {
  return h('select', {
    'aria-label': label, dataset: { key },
    onchange: (e) => onchange(options[Number(e.target.value)][0]),
  }, options.map(([v, text], i) => h('option', { value: String(i), selected: v === value }, text)));
}

const range = (lo, hi, step = 1) => Array.from({ length: Math.floor((hi - lo) / step) + 1 }, (_, i) => lo + i * step);

function productOptions(ctx) {
  return Object.keys(PRODUCTS).map((p) => [p, `${cardName(p, ctx)} (${PRODUCTS[p]})`]);
}

// The ask as claims, from the draft's choice.
function askClaims(a) {
  switch (a.kind) {
    case 'product': return [{ product: a.product, count: a.count }];
    case 'value': return [{ value: a.value }];
    case 'cards': return [{ cards: a.cards }];
    case 'card': return [{ card: a.card, count: 1 }];
    case 'carambouille': return [{ carambouille: 1 }];
    default: return [];
  }
}

function announceClaims(d, names) {
  switch (d.announce) {
    case 'truth': return truthOf(names);
    case 'value': return [{ value: totalValue(names) }];
    case 'cards': return [{ cards: names.length }];
    case 'lie': return d.lie.kind === 'value' ? [{ value: d.lie.value }] : [{ product: d.lie.product, count: d.lie.count }];
    default: return [];
  }
}

// The offer builder, a sheet over the market square: the cards picked in the hand below, to
// whom, what is announced, what is asked.
function builder(snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  const d = draftOf(ctx);
  const hand = v.hand || {};
  const names = d.give.map((id) => hand[id]);
  const canLie = listed(snap, 'offer').some((a) => a.lie === true);
  if (d.announce === 'lie' && !canLie) d.announce = 'none';
  const rerender = () => ctx.rerender();
  const n = ctx.seatCount;
  const others = Array.from({ length: n }, (_, s) => s).filter((s) => s !== ctx.mySeat);
  const toButtons = h('div', { class: 'cr-chips', role: 'group', 'aria-label': ctx.gt('ui.offer_to') },
    [null, ...others].map((s) => h('button', {
      class: ['chip', d.to === s && 'on'], 'aria-pressed': String(d.to === s),
      disabled: d.counter !== null && s !== d.to, dataset: { act: 'offer-to', key: `cr-to-${s}` },
      onclick: () => { d.to = s; rerender(); },
    }, s === null ? ctx.gt('ui.to_all') : ctx.seatBadge(s))));
  const modes = ['none', 'truth', 'value', 'cards', ...(canLie ? ['lie'] : [])];
  const announce = h('div', { class: 'cr-chips', role: 'group', 'aria-label': ctx.gt('ui.announce') },
    modes.map((m) => h('button', {
      class: ['chip', d.announce === m && 'on', m === 'lie' && 'lie'], 'aria-pressed': String(d.announce === m),
      dataset: { act: 'offer-announce', key: `cr-ann-${m}` }, onclick: () => { d.announce = m; rerender(); },
    }, ctx.gt(`ui.announce_${m}`))));
  const lieRow = d.announce === 'lie' ? h('div', { class: 'cr-row' },
    select('cr-lie-kind', d.lie.kind, [['product', ctx.gt('ui.ask_product')], ['value', ctx.gt('ui.ask_value')]], (x) => { d.lie.kind = x; rerender(); }, ctx.gt('ui.lie_claim')),
    d.lie.kind === 'value'
      ? select('cr-lie-value', d.lie.value, range(10, 500, 10).map((x) => [x, String(x)]), (x) => { d.lie.value = x; rerender(); }, ctx.gt('ui.ask_value'))
      : [select('cr-lie-count', d.lie.count, range(1, 5).map((x) => [x, String(x)]), (x) => { d.lie.count = x; rerender(); }, ctx.gt('ui.count')),
        select('cr-lie-product', d.lie.product, productOptions(ctx), (x) => { d.lie.product = x; rerender(); }, ctx.gt('ui.ask_product'))]) : null;
  const a = d.ask;
  const askKinds = ['any', 'product', 'value', 'cards', 'carambouille', 'card'].map((k) => [k, ctx.gt(`ui.ask_${k}`)]);
  const askRow = h('div', { class: 'cr-row' },
    select('cr-ask-kind', a.kind, askKinds, (x) => { a.kind = x; rerender(); }, ctx.gt('ui.ask')),
    a.kind === 'product' ? [select('cr-ask-count', a.count, range(1, 5).map((x) => [x, String(x)]), (x) => { a.count = x; rerender(); }, ctx.gt('ui.count')),
      select('cr-ask-product', a.product, productOptions(ctx), (x) => { a.product = x; rerender(); }, ctx.gt('ui.ask_product'))] : null,
    a.kind === 'value' ? select('cr-ask-value', a.value, range(10, 500, 10).map((x) => [x, String(x)]), (x) => { a.value = x; rerender(); }, ctx.gt('ui.ask_value')) : null,
    a.kind === 'cards' ? select('cr-ask-cards', a.cards, range(1, 8).map((x) => [x, String(x)]), (x) => { a.cards = x; rerender(); }, ctx.gt('ui.ask_cards')) : null,
    a.kind === 'card' ? select('cr-ask-card', a.card, CARD_TYPES.map((x) => [x, cardName(x, ctx)]), (x) => { a.card = x; rerender(); }, ctx.gt('ui.ask_card')) : null);
  const announced = announceClaims(d, names);
  const action = { type: 'offer', to: d.to, give: d.give.slice(), announce: announced, ask: askClaims(a), lie: d.announce === 'lie' };
  if (d.counter) action.counter = d.counter;
  const close = () => { st.building = false; st.draft = freshDraft(); rerender(); };
  return h('section', { class: 'cr-builder cr-sheet', 'aria-label': ctx.gt('ui.make_offer'), dataset: { testid: 'cr-builder', mode: 'sheet' } },
    h('header', { class: 'cr-sheet-head' },
      h('h3', {}, d.counter ? ctx.gt('ui.counter_title', { id: d.counter }) : ctx.gt('ui.make_offer')),
      h('button', { class: 'cr-close', 'aria-label': ctx.gt('ui.cancel'), dataset: { act: 'offer-close', key: 'cr-offer-close' }, onclick: close }, '✕')),
    h('p', { class: 'cr-note' }, names.length
      ? ctx.gt('ui.you_give', { n: names.length, cards: claimsText(truthOf(names), ctx) })
      : ctx.gt('ui.pick_give_hint')),
    h('div', { class: 'cr-field' }, h('span', { class: 'cr-label' }, ctx.gt('ui.offer_to')), toButtons),
    h('div', { class: 'cr-field' }, h('span', { class: 'cr-label' }, ctx.gt('ui.announce')), announce, lieRow,
      h('span', { class: 'cr-said' }, `« ${claimsText(announced, ctx)} »`)),
    h('div', { class: 'cr-field' }, h('span', { class: 'cr-label' }, ctx.gt('ui.ask')), askRow),
    h('div', { class: 'cr-buttons' },
      h('button', {
        class: 'primary', disabled: ctx.pending || !names.length, dataset: { act: 'offer', key: 'cr-send-offer' },
        onclick: () => send(ctx, action, () => { st.building = false; st.draft = freshDraft(); }),
      }, ctx.gt('ui.send_offer')),
      h('button', { dataset: { act: 'offer-clear', key: 'cr-clear' }, onclick: close }, ctx.gt('ui.cancel'))));
}

// An open offer, a ticket between the stalls: who offers to whom, the words, and the answers the
// viewer may give.
function ticket(o, snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  const me = ctx.mySeat;
  const accepts = listed(snap, 'accept').filter((a) => a.offer === o.id);
  const suggestion = accepts.find((a) => !a.choose && a.lie === false);
  const refuse = listed(snap, 'refuse').find((a) => a.offer === o.id);
  const counter = listed(snap, 'offer').find((a) => a.counter === o.id);
  const to = o.to === null ? ctx.gt('ui.to_all') : ctx.seatName(o.to);
  const buttons = h('div', { class: 'cr-buttons' });
  if (o.from === me) {
    buttons.append(h('button', { disabled: ctx.pending, dataset: { act: 'withdraw', key: `cr-wd-${o.id}`, offer: o.id }, onclick: () => send(ctx, { type: 'withdraw', offer: o.id }) }, ctx.gt('ui.withdraw')));
  }
  if (suggestion) {
    buttons.append(h('button', { class: 'primary', disabled: ctx.pending, dataset: { act: 'accept', key: `cr-acc-${o.id}`, offer: o.id }, onclick: () => send(ctx, suggestion) },
      ctx.gt('ui.accept_with', { cards: claimsText(truthOf(suggestion.give.map((id) => (v.hand || {})[id])), ctx) })));
  }
  if (accepts.length) {
    const on = st.accepting?.offer === o.id;
    buttons.append(h('button', {
      class: on && 'on', 'aria-pressed': String(on), disabled: ctx.pending, dataset: { act: 'accept-choose', key: `cr-accc-${o.id}`, offer: o.id },
      onclick: () => { st.accepting = on ? null : { offer: o.id, give: [], lie: false }; st.building = false; ctx.rerender(); },
    }, h('span', { class: 'long' }, ctx.gt('ui.accept_choose')), h('span', { class: 'short' }, ctx.gt('ui.accept_choose_short'))));
  }
  if (counter) {
    buttons.append(h('button', {
      disabled: ctx.pending, title: ctx.gt('ui.counter'), 'aria-label': ctx.gt('ui.counter'), dataset: { act: 'counter', key: `cr-ctr-${o.id}`, offer: o.id },
      onclick: () => { const d = freshDraft(); d.counter = o.id; d.to = o.from; ctx.state.draft = d; st.building = true; st.accepting = null; ctx.rerender(); },
    }, h('span', { class: 'long' }, ctx.gt('ui.counter')), h('span', { class: 'short' }, '↩')));
  }
  if (refuse) {
    buttons.append(h('button', { class: 'danger', disabled: ctx.pending, title: ctx.gt('ui.refuse'), 'aria-label': ctx.gt('ui.refuse'), dataset: { act: 'refuse', key: `cr-ref-${o.id}`, offer: o.id }, onclick: () => send(ctx, refuse) },
      h('span', { class: 'long' }, ctx.gt('ui.refuse')), h('span', { class: 'short' }, '✕')));
  }
  const gives = o.give ? sortedCards(o.give).map(([, name]) => card(name, ctx, { small: true })) : null;
  return h('li', {
    class: ['cr-ticket', o.frozen && 'frozen', o.from === me && 'mine', (o.to === me || (o.to === null && o.from !== me)) && 'forme'],
    style: { '--from': ctx.seatColor(o.from), '--to': o.to === null ? 'var(--cr-ochre)' : ctx.seatColor(o.to) },
    dataset: { offer: o.id, testid: 'cr-offer' },
  },
  h('div', { class: 'cr-ticket-head' }, ctx.seatBadge(o.from), h('span', { class: 'cr-arrow', 'aria-hidden': 'true' }, '→'),
    o.to === null ? h('span', { class: 'cr-all' }, to) : ctx.seatBadge(o.to),
    o.counter ? h('span', { class: 'tag' }, ctx.gt('ui.counter_of', { id: o.counter })) : null,
    o.frozen ? h('span', { class: 'tag' }, ctx.gt('ui.frozen')) : null, o.lie ? h('span', { class: 'tag lie' }, ctx.gt('cards.jai_menti')) : null),
  h('p', { class: 'cr-offer-text' }, ctx.gt('ui.offer_text', { announce: claimsText(o.announce, ctx, ctx.gt('ui.claims_secret')), ask: claimsText(o.ask, ctx, ctx.gt('ui.claims_anything')) })),
  gives ? h('div', { class: 'cr-cards small' }, gives) : null,
  buttons.childNodes.length ? buttons : null);
}

// The viewer's bar while accepting an offer by choosing the cards to give.
export function acceptBar(snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  if (!st.accepting) return null;
  const id = st.accepting.offer;
  const lieAccept = listed(snap, 'accept').find((a) => a.offer === id && a.lie === true);
  const give = st.accepting.give;
  const lie = !!(st.accepting.lie && lieAccept);
  // A mode the player chose (like the builder's sheet): the hand's cards answer the offer.
  return h('div', { class: 'cr-accepting', dataset: { testid: 'cr-accepting', mode: 'sheet' } },
    h('span', { class: 'cr-note' }, give.length ? ctx.gt('ui.you_give', { n: give.length, cards: claimsText(truthOf(give.map((c) => v.hand[c])), ctx) }) : ctx.gt('ui.pick_accept_hint')),
    lieAccept ? h('button', { class: ['chip', lie && 'on', 'lie'], 'aria-pressed': String(lie), dataset: { act: 'accept-lie', key: `cr-acl-${id}` }, onclick: () => { st.accepting.lie = !lie; ctx.rerender(); } }, ctx.gt('cards.jai_menti')) : null,
    h('button', { class: 'primary', disabled: ctx.pending || !give.length, dataset: { act: 'accept', key: `cr-accg-${id}`, offer: id }, onclick: () => send(ctx, { type: 'accept', offer: id, give: give.slice(), lie }, () => { st.accepting = null; }) }, ctx.gt('ui.give_these')),
    h('button', { dataset: { act: 'accept-cancel', key: `cr-accx-${id}` }, onclick: () => { st.accepting = null; ctx.rerender(); } }, ctx.gt('ui.cancel')));
}

// Trading controls of the viewer's bar: make an offer, play Persuasion, or finish one.
export function tradeButtons(snap, ctx) {
  const st = ctx.state;
  const out = [];
  const offers = listed(snap, 'offer').filter((a) => !a.counter);
  if (offers.length && !st.building && !st.accepting) {
    out.push(h('button', {
      disabled: ctx.pending, dataset: { act: 'offer-open', key: 'cr-offer-open' },
      onclick: () => { st.building = true; ctx.rerender(); },
    }, ctx.gt('ui.make_offer')));
  }
  const persuade = listed(snap, 'persuade')[0];
  if (persuade) {
    out.push(h('button', {
      disabled: ctx.pending, dataset: { act: 'persuade', key: 'cr-persuade' },
      onclick: async () => {
        const action = await ctx.pickFromTemplate(persuade, { title: ctx.gt('ui.persuade_title'), labels: (key, s) => ctx.seatName(s) });
        if (action) send(ctx, action);
      },
    }, ctx.gt('ui.play_persuasion')));
  }
  const mine = (snap.view.persuasions || []).find((p) => p.persuader === ctx.mySeat && p.products);
  if (mine && listed(snap, 'persuasion_exchange').length) {
    const p = st.persuasion || { take: [], give: [] };
    const took = totalValue(p.take.map((id) => mine.products[id]));
    const gave = totalValue(p.give.map((id) => snap.view.hand[id]));
    out.push(h('span', { class: ['cr-note', took === gave ? 'ok' : 'warn'] }, ctx.gt('ui.persuade_values', { took, gave })),
      h('button', { class: 'primary', disabled: ctx.pending || took !== gave, dataset: { act: 'persuasion_exchange', key: 'cr-px' }, onclick: () => send(ctx, { type: 'persuasion_exchange', take: p.take.slice(), give: p.give.slice() }, () => { st.persuasion = null; }) }, ctx.gt('ui.exchange')),
      h('button', { disabled: ctx.pending, dataset: { act: 'persuasion_none', key: 'cr-pn' }, onclick: () => send(ctx, { type: 'persuasion_exchange', take: [], give: [] }, () => { st.persuasion = null; }) }, ctx.gt('ui.take_nothing')));
  }
  return out;
}

// Running Persuasions, and for the persuader the target's products to take.
function persuasions(snap, ctx) {
  const v = snap.view;
  const out = [];
  for (const p of v.persuasions || []) {
    out.push(h('p', { class: 'cr-persuasion' }, ctx.gt('ui.persuasion_running', { persuader: ctx.seatName(p.persuader), target: ctx.seatName(p.target) }), ' ', ctx.countdownFor('persuasion', p.persuader)));
    if (p.persuader !== ctx.mySeat || !p.products) continue;
    const st = ctx.state;
    st.persuasion = st.persuasion || { take: [], give: [] };
    st.persuasion.take = st.persuasion.take.filter((id) => id in p.products);
    const take = st.persuasion.take;
    out.push(h('div', { class: 'cr-persuade-box' },
      h('p', { class: 'cr-note' }, ctx.gt('ui.persuade_hint', { target: ctx.seatName(p.target) })),
      h('div', { class: 'cr-cards' }, sortedCards(p.products).map(([id, name]) => h('button', {
        class: ['cr-pick', take.includes(id) && 'on'], 'aria-pressed': String(take.includes(id)), dataset: { act: 'persuade-take', key: `cr-pt-${id}` },
        onclick: () => { toggle(take, id); ctx.rerender(); },
      }, card(name, ctx))))));
  }
  return out;
}

// The market square while trading (and while a Persuasion finishes after the bell): the open
// offers as tickets, Persuasions, and the round's public trading news (`feed`, oldest first).
export function tradingSquare(snap, ctx, feed) {
  const v = snap.view;
  const me = ctx.mySeat;
  // Offers the viewer may answer first, then its own, then the others'.
  const rank = (o) => (o.to === me || (o.to === null && o.from !== me) ? 0 : o.from === me ? 1 : 2);
  const offers = (v.offers || []).slice().sort((a, b) => rank(a) - rank(b));
  const square = h('section', { class: 'cr-trading', 'aria-label': ctx.gt('ui.trading') });
  square.append(...persuasions(snap, ctx));
  square.append(offers.length
    // With many offers, they scroll in their own box (those for the viewer first).
    ? h('ul', { class: 'cr-tickets', 'aria-label': ctx.gt('ui.open_offers', { n: offers.length }), dataset: { scrollList: '' } }, offers.map((o) => ticket(o, snap, ctx)))
    : h('p', { class: 'cr-empty' }, ctx.gt('ui.no_offers')));
  if (feed.length) {
    square.append(h('ol', { class: 'cr-feed', 'aria-label': ctx.gt('ui.feed'), dataset: { testid: 'cr-feed' } },
      feed.slice(-8).reverse().map((line) => h('li', { dataset: line.offer ? { entry: line.kind, offer: line.offer } : { entry: line.kind } }, line.text))));
  }
  if (ctx.state.building && listed(snap, 'offer').length) square.append(builder(snap, ctx));
  return square;
}
