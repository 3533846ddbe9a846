// Carambouille claims as the offer builder edits them: a list of rows, each one claim of any kind
// the rules allow (games/carambouille/README.md, "Claims"): exactly k of a product, a total face
// value, a number of cards, exactly k Carambouille cards, exactly k cards of one Carambouille
// type. Up to 8 per list. Also whether chosen cards meet a list (to guide, the server judges).
import { h } from '/js/dom.js';
import { PRODUCTS, CARD_TYPES, COPIES_PER_PRODUCT, COPIES_PER_TYPE, cardName, isProduct, valueOf } from '/games/carambouille-cards.js';
import { tip } from '/js/tips.js';

export const KINDS = ['product', 'value', 'cards', 'carambouille', 'card'];
export const MAX_CLAIMS = 8;

const range = (lo, hi, step = 1) => Array.from({ length: Math.floor((hi - lo) / step) + 1 }, (_, i) => lo + i * step);
// Ranges offered by the menus: the rules' own, cut to what a hand can hold.
const counts = (kind) => ({ product: range(0, COPIES_PER_PRODUCT), carambouille: range(0, 8), card: range(0, COPIES_PER_TYPE) })[kind];
const VALUES = range(0, 1500, 10);
const CARDS = range(1, 20);

export function newRow(kind = 'product') {
  return { kind, product: 'fromage', card: 'soldes', count: 1, value: 50, cards: 1 };
}

// A row as the claim the server reads.
export function toClaim(r) {
  switch (r.kind) {
    case 'product': return { product: r.product, count: r.count };
    case 'value': return { value: r.value };
    case 'cards': return { cards: r.cards };
    case 'carambouille': return { carambouille: r.count };
    case 'card': return { card: r.card, count: r.count };
    default: return null;
  }
}
export const toClaims = (rows) => rows.map(toClaim).filter(Boolean);

// Whether cards (names) make every claim exactly true; an empty list asks for at least one card.
export function meets(claims, names) {
  if (!claims.length) return names.length > 0;
  const count = (pred) => names.filter(pred).length;
  return claims.every((c) => {
    if ('product' in c) return count((n) => n === c.product) === c.count;
    if ('value' in c) return names.reduce((s, n) => s + valueOf(n), 0) === c.value;
    if ('cards' in c) return names.length === c.cards;
    if ('carambouille' in c) return count((n) => !isProduct(n)) === c.carambouille;
    if ('card' in c) return count((n) => n === c.card) === c.count;
    return false;
  });
}

function select(key, value, options, onchange, label) {
  return h('select', {
    'aria-label': label, dataset: { key },
    onchange: (e) => onchange(options[Number(e.target.value)][0]),
  }, options.map(([v, text], i) => h('option', { value: String(i), selected: v === value }, text)));
}

// The rows of one list (`name`: "ask" or "ann", for the keys), each editable and removable, and a
// button that adds one. `rerender` draws the builder again after a change.
export function claimsEditor(rows, name, ctx, rerender) {
  const num = (xs) => xs.map((x) => [x, String(x)]);
  const row = (r, i) => {
    const set = (field) => (x) => {
      r[field] = x;
      if (field === 'kind' && counts(r.kind) && !counts(r.kind).includes(r.count)) r.count = 1;
      rerender();
    };
    const parts = [select(`cr-${name}-kind-${i}`, r.kind, KINDS.map((k) => [k, ctx.gt(`ui.claim_kind_${k}`)]), set('kind'), ctx.gt('ui.claim_kind'))];
    if (counts(r.kind)) parts.push(select(`cr-${name}-count-${i}`, r.count, num(counts(r.kind)), set('count'), ctx.gt('ui.count')));
    if (r.kind === 'product') parts.push(select(`cr-${name}-product-${i}`, r.product, Object.keys(PRODUCTS).map((p) => [p, `${cardName(p, ctx)} (${PRODUCTS[p]})`]), set('product'), ctx.gt('ui.claim_kind_product')));
    if (r.kind === 'card') parts.push(select(`cr-${name}-card-${i}`, r.card, CARD_TYPES.map((x) => [x, cardName(x, ctx)]), set('card'), ctx.gt('ui.claim_kind_card')));
    if (r.kind === 'value') parts.push(select(`cr-${name}-value-${i}`, r.value, num(VALUES), set('value'), ctx.gt('ui.claim_kind_value')));
    if (r.kind === 'cards') parts.push(select(`cr-${name}-cards-${i}`, r.cards, num(CARDS), set('cards'), ctx.gt('ui.claim_kind_cards')));
    parts.push(tip(h('button', {
      type: 'button', class: 'cr-claim-remove', 'aria-label': ctx.gt('ui.claim_remove'),
      dataset: { act: 'claim-remove', key: `cr-${name}-rm-${i}` }, onclick: () => { rows.splice(i, 1); rerender(); },
    }, '✕'), ctx.gt('ui.claim_remove')));
    return h('div', { class: 'cr-row cr-claim', dataset: { testid: `cr-${name}-claim` } }, parts);
  };
  return h('div', { class: 'cr-claims' }, rows.map(row),
    rows.length < MAX_CLAIMS ? h('button', {
      type: 'button', class: 'chip cr-claim-add', dataset: { act: 'claim-add', key: `cr-${name}-add` },
      onclick: () => { rows.push(newRow()); rerender(); },
    }, ctx.gt('ui.claim_add')) : null);
}

// The cheapest cards of `hand` ({id: name}) that meet `ask`, or null when this simple search
// finds none (an ask of a total value, say): the claimed cards themselves, then the cheapest
// products left to make up a number of cards. The server's own suggestion may give away dearer
// cards; this one is offered first.
export function cheapest(ask, hand) {
  if (ask.some((c) => 'value' in c)) return null;
  const rank = (name) => (isProduct(name) ? valueOf(name) : 1000);
  const ids = Object.keys(hand).sort((a, b) => rank(hand[a]) - rank(hand[b]) || hand[a].localeCompare(hand[b]) || a.localeCompare(b));
  const chosen = [];
  const take = (pred, n) => {
    const found = ids.filter((id) => !chosen.includes(id) && pred(hand[id])).slice(0, n);
    if (found.length < n) return false;
    chosen.push(...found);
    return true;
  };
  for (const c of ask) {
    if ('product' in c && !take((n) => n === c.product, c.count)) return null;
    if ('card' in c && !take((n) => n === c.card, c.count)) return null;
  }
  const caram = ask.find((c) => 'carambouille' in c);
  const typed = new Set(ask.filter((c) => 'card' in c).map((c) => c.card));
  if (caram) {
    const have = chosen.filter((id) => !isProduct(hand[id])).length;
    if (caram.carambouille > have && !take((n) => !isProduct(n) && !typed.has(n), caram.carambouille - have)) return null;
  }
  // Make up the number of cards with products nobody counts (the cheapest first).
  const want = ask.find((c) => 'cards' in c)?.cards ?? (chosen.length ? chosen.length : 1);
  const claimed = new Set(ask.filter((c) => 'product' in c).map((c) => c.product));
  if (want > chosen.length && !take((n) => isProduct(n) && !claimed.has(n), want - chosen.length)) return null;
  return meets(ask, chosen.map((id) => hand[id])) ? chosen : null;
}
