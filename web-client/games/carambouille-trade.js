// The trading of Carambouille: open offers as tickets between the stalls (accept, counter,
// refuse, withdraw), the offer builder (cards from the hand, an announcement, an ask, to one
// player or to all) as a sheet over the market square, accepting by picking cards, and
// Persuasion. The server checks every claim; the board only builds what it will send.
import { h } from '/js/dom.js';
import { bellIcon, card, claimsText, truthOf, totalValue, isProduct, sortedCards } from '/games/carambouille-cards.js';
import { cheapest, claimsEditor, meets, newRow, toClaims } from '/games/carambouille-claims.js';
import { confirmDialog } from '/js/confirm.js';
import { tip } from '/js/tips.js';

export const listed = (snap, type) => (snap.actions || []).filter((a) => a.type === type);

export function freshDraft() {
  // announce: none | truth | value | cards | custom (claims of the player's own making, `claims`);
  // lie: J'ai menti ! attached (the announcement is then not checked); ask: claims (none: anything).
  return { give: [], to: null, announce: 'none', claims: [newRow()], lie: false, ask: [], counter: null };
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

function announceClaims(d, names) {
  switch (d.announce) {
    case 'truth': return truthOf(names);
    case 'value': return [{ value: totalValue(names) }];
    case 'cards': return [{ cards: names.length }];
    case 'custom': return toClaims(d.claims);
    default: return [];
  }
}

// The offer builder, a sheet over the market square: the cards picked in the hand below, to
// whom, what is announced (true, or a lie backed by J'ai menti !), what is asked.
function builder(snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  const d = draftOf(ctx);
  const hand = v.hand || {};
  const names = d.give.map((id) => hand[id]);
  const canLie = listed(snap, 'offer').some((a) => a.lie === true);
  if (d.lie && !canLie) d.lie = false;
  const rerender = () => ctx.rerender();
  const n = ctx.seatCount;
  const others = Array.from({ length: n }, (_, s) => s).filter((s) => s !== ctx.mySeat);
  const toButtons = h('div', { class: 'cr-chips', role: 'group', 'aria-label': ctx.gt('ui.offer_to') },
    [null, ...others].map((s) => h('button', {
      class: ['chip', d.to === s && 'on'], 'aria-pressed': String(d.to === s),
      disabled: d.counter !== null && s !== d.to, dataset: { act: 'offer-to', key: `cr-to-${s}` },
      onclick: () => { d.to = s; rerender(); },
    }, s === null ? ctx.gt('ui.to_all') : ctx.seatBadge(s))));
  const modes = ['none', 'truth', 'value', 'cards', 'custom'];
  const announce = h('div', { class: 'cr-chips', role: 'group', 'aria-label': ctx.gt('ui.announce') },
    modes.map((m) => tip(h('button', {
      class: ['chip', d.announce === m && 'on'], 'aria-pressed': String(d.announce === m),
      dataset: { act: 'offer-announce', key: `cr-ann-${m}` }, onclick: () => { d.announce = m; rerender(); },
    }, ctx.gt(`ui.announce_${m}`)), ctx.gt(`ui.announce_${m}_tip`))),
    canLie ? tip(h('button', {
      class: ['chip', 'lie', d.lie && 'on'], 'aria-pressed': String(d.lie),
      dataset: { act: 'offer-lie', key: 'cr-ann-lie' }, onclick: () => { d.lie = !d.lie; if (d.lie && d.announce === 'none') d.announce = 'custom'; rerender(); },
    }, d.lie ? '✓ ' : '', ctx.gt('cards.jai_menti')), ctx.gt('tips.jai_menti')) : null);
  const announced = announceClaims(d, names);
  const action = { type: 'offer', to: d.to, give: d.give.slice(), announce: announced, ask: toClaims(d.ask), lie: !!d.lie };
  if (d.counter) action.counter = d.counter;
  const close = () => { st.building = false; st.draft = freshDraft(); rerender(); };
  const counterOf = d.counter ? (v.offers || []).find((o) => o.id === d.counter) : null;
  return h('section', { class: 'cr-builder cr-sheet', 'aria-label': ctx.gt('ui.make_offer'), dataset: { testid: 'cr-builder', mode: 'sheet' } },
    h('header', { class: 'cr-sheet-head' },
      h('h3', {}, d.counter ? ctx.gt('ui.counter_title', { name: counterOf ? ctx.seatName(counterOf.from) : '' }) : ctx.gt('ui.make_offer')),
      tip(h('button', { class: 'cr-close', 'aria-label': ctx.gt('ui.cancel'), dataset: { act: 'offer-close', key: 'cr-offer-close' }, onclick: close }, '✕'), ctx.gt('ui.cancel'))),
    h('p', { class: 'cr-note' }, names.length
      ? ctx.gt('ui.you_give', { n: names.length, cards: claimsText(truthOf(names), ctx) })
      : ctx.gt('ui.pick_give_hint')),
    h('div', { class: 'cr-field' }, h('span', { class: 'cr-label' }, ctx.gt('ui.offer_to')), toButtons),
    h('div', { class: 'cr-field' }, h('span', { class: 'cr-label' }, ctx.gt('ui.announce')), announce,
      d.announce === 'custom' ? claimsEditor(d.claims, 'ann', ctx, rerender) : null,
      h('span', { class: ['cr-said', d.lie && 'lie'], dataset: { testid: 'cr-said' } }, `« ${claimsText(announced, ctx)} »`, d.lie ? ` — ${ctx.gt('ui.lie_said')}` : '')),
    h('div', { class: 'cr-field' }, h('span', { class: 'cr-label' }, ctx.gt('ui.ask')),
      d.ask.length ? null : h('span', { class: 'cr-said' }, ctx.gt('ui.claims_anything')),
      claimsEditor(d.ask, 'ask', ctx, rerender)),
    h('div', { class: 'cr-buttons' },
      h('button', {
        class: 'primary', disabled: ctx.pending || !names.length, dataset: { act: 'offer', key: 'cr-send-offer' },
        onclick: () => send(ctx, action, () => { st.building = false; st.draft = freshDraft(); }),
      }, ctx.gt('ui.send_offer')),
      h('button', { dataset: { act: 'offer-clear', key: 'cr-clear' }, onclick: close }, ctx.gt('ui.cancel'))));
}

// "Answers Yann's offer": offers are named by who made them (their ids are internal).
function answered(id, v, ctx) {
  const o = (v.offers || []).find((x) => x.id === id);
  return o ? ctx.gt('ui.counter_of', { name: ctx.seatName(o.from) }) : ctx.gt('ui.counter_of_closed');
}

// An open offer, a ticket between the stalls: who offers to whom, the words, and the answers the
// viewer may give.
function ticket(o, snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  const me = ctx.mySeat;
  const accepts = listed(snap, 'accept').filter((a) => a.offer === o.id);
  const refuse = listed(snap, 'refuse').find((a) => a.offer === o.id);
  const counter = listed(snap, 'offer').find((a) => a.counter === o.id);
  const to = o.to === null ? ctx.gt('ui.to_all') : ctx.seatName(o.to);
  const buttons = h('div', { class: 'cr-buttons' });
  if (o.from === me) {
    buttons.append(h('button', { disabled: ctx.pending, dataset: { act: 'withdraw', key: `cr-wd-${o.id}`, offer: o.id }, onclick: () => send(ctx, { type: 'withdraw', offer: o.id }) }, ctx.gt('ui.withdraw')));
  }
  // Accepting is choosing the cards that answer the ask (a one-tap answer could give away a card
  // the player would rather keep): the button opens that choice, in the hand below.
  if (accepts.length) {
    const on = st.accepting?.offer === o.id;
    buttons.append(h('button', {
      class: ['primary', on && 'on'], 'aria-pressed': String(on), disabled: ctx.pending, dataset: { act: 'accept-choose', key: `cr-accc-${o.id}`, offer: o.id },
      onclick: () => { st.accepting = on ? null : { offer: o.id, give: [], lie: false }; st.building = false; ctx.rerender(); },
    }, ctx.gt('ui.accept_choose')));
  }
  if (counter) {
    buttons.append(tip(h('button', {
      disabled: ctx.pending, 'aria-label': ctx.gt('ui.counter'), dataset: { act: 'counter', key: `cr-ctr-${o.id}`, offer: o.id },
      onclick: () => { const d = freshDraft(); d.counter = o.id; d.to = o.from; ctx.state.draft = d; st.building = true; st.accepting = null; ctx.rerender(); },
    }, h('span', { class: 'long' }, ctx.gt('ui.counter')), h('span', { class: 'short' }, '↩')), ctx.gt('ui.counter_tip')));
  }
  if (refuse) {
    buttons.append(tip(h('button', { class: 'danger', disabled: ctx.pending, 'aria-label': ctx.gt('ui.refuse'), dataset: { act: 'refuse', key: `cr-ref-${o.id}`, offer: o.id }, onclick: () => send(ctx, refuse) },
      h('span', { class: 'long' }, ctx.gt('ui.refuse')), h('span', { class: 'short' }, '✕')), ctx.gt('ui.refuse')));
  }
  const gives = o.give ? sortedCards(o.give).map(([, name]) => card(name, ctx, { small: true })) : null;
  return h('li', {
    class: ['cr-ticket', o.frozen && 'frozen', o.from === me && 'mine', (o.to === me || (o.to === null && o.from !== me)) && 'forme'],
    style: { '--from': ctx.seatColor(o.from), '--to': o.to === null ? 'var(--cr-ochre)' : ctx.seatColor(o.to) },
    dataset: { offer: o.id, testid: 'cr-offer' },
  },
  h('div', { class: 'cr-ticket-head' }, ctx.seatBadge(o.from), h('span', { class: 'cr-arrow', 'aria-hidden': 'true' }, '→'),
    o.to === null ? h('span', { class: 'cr-all' }, to) : ctx.seatBadge(o.to),
    o.counter ? h('span', { class: 'tag' }, answered(o.counter, v, ctx)) : null,
    o.frozen ? h('span', { class: 'tag' }, ctx.gt('ui.frozen')) : null, o.lie ? h('span', { class: 'tag lie' }, ctx.gt('cards.jai_menti')) : null),
  h('p', { class: 'cr-offer-text' }, ctx.gt('ui.offer_text', { announce: claimsText(o.announce, ctx, ctx.gt('ui.claims_secret')), ask: claimsText(o.ask, ctx, ctx.gt('ui.claims_anything')) })),
  gives ? h('div', { class: 'cr-cards small' }, gives) : null,
  buttons.childNodes.length ? buttons : null);
}

// The viewer's bar while accepting an offer by choosing the cards to give: what the offer asks,
// whether the cards picked meet it, a suggestion that only picks cards (never sends them), J'ai
// menti !, and the button that gives the cards picked.
export function acceptBar(snap, ctx) {
  const v = snap.view;
  const st = ctx.state;
  if (!st.accepting) return null;
  const id = st.accepting.offer;
  const offer = (v.offers || []).find((o) => o.id === id);
  const accepts = listed(snap, 'accept').filter((a) => a.offer === id);
  const lieAccept = accepts.find((a) => a.lie === true);
  // The cheapest cards that meet the ask, else the server's suggestion: it only picks them.
  const listedPick = accepts.find((a) => !a.choose && a.lie === false)?.give;
  const pick = (offer && cheapest(offer.ask || [], v.hand || {})) || listedPick;
  const give = st.accepting.give;
  const lie = !!(st.accepting.lie && lieAccept);
  const names = give.map((c) => v.hand[c]);
  const ask = offer?.ask || [];
  const ok = meets(ask, names);
  // A mode the player chose (like the builder's sheet): the hand's cards answer the offer.
  return h('div', { class: 'cr-accepting', dataset: { testid: 'cr-accepting', mode: 'sheet' } },
    h('p', { class: 'cr-note cr-asks' }, ctx.gt('ui.accept_asks', { name: offer ? ctx.seatName(offer.from) : '', ask: claimsText(ask, ctx, ctx.gt('ui.claims_anything')) })),
    h('p', { class: ['cr-note', give.length && (ok ? 'ok' : 'warn')], dataset: { testid: 'cr-accept-status', meets: String(ok) } },
      give.length
        ? `${ctx.gt('ui.you_give', { n: give.length, cards: claimsText(truthOf(names), ctx) })} ${ok ? ctx.gt('ui.meets_ask') : lie ? ctx.gt('ui.lie_accept') : ctx.gt('ui.misses_ask')}`
        : ctx.gt('ui.pick_accept_hint')),
    h('div', { class: 'cr-buttons' },
      h('button', { class: 'primary', disabled: ctx.pending || !give.length, dataset: { act: 'accept', key: `cr-accg-${id}`, offer: id }, onclick: () => send(ctx, { type: 'accept', offer: id, give: give.slice(), lie }, () => { st.accepting = null; }) }, ctx.gt('ui.give_these')),
      pick ? tip(h('button', {
        class: 'chip', disabled: ctx.pending, dataset: { act: 'accept-suggest', key: `cr-accs-${id}` },
        onclick: () => { st.accepting.give = pick.slice(); ctx.rerender(); },
      }, ctx.gt('ui.suggest', { cards: claimsText(truthOf(pick.map((c) => v.hand[c])), ctx) })), ctx.gt('ui.suggest_tip')) : null,
      lieAccept ? tip(h('button', { class: ['chip', lie && 'on', 'lie'], 'aria-pressed': String(lie), dataset: { act: 'accept-lie', key: `cr-acl-${id}` }, onclick: () => { st.accepting.lie = !lie; ctx.rerender(); } }, lie ? '✓ ' : '', ctx.gt('cards.jai_menti')), ctx.gt('tips.jai_menti')) : null,
      h('button', { dataset: { act: 'accept-cancel', key: `cr-accx-${id}` }, onclick: () => { st.accepting = null; ctx.rerender(); } }, ctx.gt('ui.cancel'))));
}

// The First Merchant's bell while trading runs: it ends trading for everyone, so it sits at the
// end of the bar (not where the bell that opened trading was) and asks first.
export function closeTradingButton(snap, ctx) {
  const ring = listed(snap, 'ring')[0];
  if (!ring || snap.view.phase !== 'trading') return null;
  return h('button', {
    class: 'cr-ring close', disabled: ctx.pending, dataset: { act: 'ring', key: 'cr-ring' },
    onclick: async () => {
      const yes = await confirmDialog({
        title: ctx.gt('ui.close_confirm_title'), text: ctx.gt('ui.close_confirm_text', { n: (snap.view.offers || []).length }),
        yes: ctx.gt('ui.close_confirm_yes'), no: ctx.gt('ui.close_confirm_no'), testid: 'close-confirm',
      });
      if (yes) ctx.send(ring);
    },
  }, bellIcon(), ' ', h('span', { class: 'long' }, ctx.gt('ui.ring_close')), h('span', { class: 'short' }, ctx.gt('ui.ring_close_short')));
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
