// Carambouille pieces drawn from data: product cards (name and face value first, a market-stall
// colour by value second), Carambouille cards, the Mémo prices and the words for claims.
// The products and their values, the card types, the Mémo and the card price come from the
// server (games/carambouille/cards.hpp, GET /api/games/carambouille): useCards() receives them
// before anything is drawn.
import { h, svg } from '/js/dom.js';
import { tip } from '/js/tips.js';

// product name -> face value, in the server's order (by value).
export let PRODUCTS = {};
export let CARD_TYPES = [];
// What one bought card costs; how many copies of each product and each card type there are.
export let CARD_PRICE = 0;
export let COPIES_PER_PRODUCT = 0;
export let COPIES_PER_TYPE = 0;
// Mémo: price = value × m(n), n from 1 to MAX_SALE.
let MEMO = [];
let MAX_SALE = 0;

export function useCards(data) {
  PRODUCTS = Object.fromEntries(data.products.map((p) => [p.name, p.value]));
  CARD_TYPES = data.card_types;
  CARD_PRICE = data.card_price;
  COPIES_PER_PRODUCT = data.copies_per_product;
  COPIES_PER_TYPE = data.copies_per_type;
  MEMO = data.memo;
  MAX_SALE = data.max_sale;
}

export function memoPrice(value, n) { return n >= 1 && n <= MAX_SALE ? Math.round(value * MEMO[n - 1]) : 0; }

export const isProduct = (name) => name in PRODUCTS;
export const valueOf = (name) => PRODUCTS[name] || 0;

// A small symbol per Carambouille card type (text glyphs, so they read without colour).
const GLYPH = { panier: '⊔', jai_menti: '✗', persuasion: '⇄', illusion: '✦', soldes: '½', surstock: '⊘' };

const BELL = '<svg viewBox="0 0 24 24" width="22" height="22"><path d="M12 3a1.5 1.5 0 0 1 1.5 1.5v.6A6 6 0 0 1 18 11v4l2 2.5H4L6 15v-4a6 6 0 0 1 4.5-5.9v-.6A1.5 1.5 0 0 1 12 3z" fill="currentColor"/><circle cx="12" cy="20" r="2" fill="currentColor"/><path d="M2.5 8.5a9 9 0 0 1 2.5-4M21.5 8.5a9 9 0 0 0-2.5-4" stroke="currentColor" stroke-width="1.6" fill="none" stroke-linecap="round"/></svg>';
export function bellIcon(cls) { return svg(BELL, cls || 'cr-bell-icon'); }

export function cardName(name, ctx) {
  return isProduct(name) ? ctx.gt(`products.${name}`) : ctx.gt(`cards.${name}`);
}

// A card face: `name` is a product or a card type; null draws a back. opts: small, class, count,
// flip (the card's id: its motion key, js/motion.js).
export function card(name, ctx, opts = {}) {
  if (!name) {
    return h('span', { class: ['playing-card', 'cr-card', 'back', opts.small && 'small', opts.class], role: 'img', 'aria-label': ctx.gt('ui.hidden_card') },
      h('span', { class: 'mark' }, '?'));
  }
  const label = cardName(name, ctx);
  if (isProduct(name)) {
    const value = valueOf(name);
    return h('span', {
      class: ['playing-card', 'cr-card', 'product', `v${value}`, opts.small && 'small', opts.class], role: 'img',
      'aria-label': `${label} (${value})`, dataset: opts.flip ? { flip: `card:${opts.flip}` } : null,
    }, h('span', { class: 'value' }, String(value)), h('span', { class: ['name', 'word-fit', label.length > 8 && 'long'] }, label),
    opts.count > 1 ? h('span', { class: 'count' }, `×${opts.count}`) : null);
  }
  // A Carambouille card explains itself on hover and long press (js/tips.js).
  return tip(h('span', {
    class: ['playing-card', 'cr-card', 'caram', name, opts.small && 'small', opts.class], role: 'img', 'aria-label': label,
    dataset: opts.flip ? { flip: `card:${opts.flip}` } : null,
  }, h('span', { class: 'glyph', 'aria-hidden': 'true' }, GLYPH[name] || '★'), h('span', { class: ['name', 'word-fit', label.length > 8 && 'long'] }, label),
  opts.count > 1 ? h('span', { class: 'count' }, `×${opts.count}`) : null), ctx.gt(`tips.${name}`));
}

// {id: name} as a sorted list of [id, name], products by value then name, then card types.
export function sortedCards(set) {
  const rank = (n) => (isProduct(n) ? valueOf(n) : 1000 + CARD_TYPES.indexOf(n));
  return Object.entries(set || {}).sort((a, b) => rank(a[1]) - rank(b[1]) || a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
}

// The claims that are exactly true of cards (names): products by count, and Carambouille cards.
export function truthOf(names) {
  const counts = {};
  let caram = 0;
  for (const n of names) {
    if (isProduct(n)) counts[n] = (counts[n] || 0) + 1;
    else caram += 1;
  }
  const claims = Object.entries(counts).map(([product, count]) => ({ product, count }));
  if (caram > 0) claims.push({ carambouille: caram });
  return claims;
}

export function totalValue(names) { return names.reduce((sum, n) => sum + valueOf(n), 0); }

// A list of claims in words ("2 × fromage, 70 points"), or `empty` for none.
export function claimsText(list, ctx, empty) {
  if (!list || !list.length) return empty ?? ctx.gt('ui.claims_none');
  return list.map((c) => {
    if ('product' in c) return ctx.gt('ui.claim_product', { n: c.count, name: cardName(c.product, ctx) });
    if ('card' in c) return ctx.gt('ui.claim_product', { n: c.count, name: cardName(c.card, ctx) });
    if ('value' in c) return ctx.gt('ui.claim_value', { n: c.value });
    if ('cards' in c) return ctx.gt('ui.claim_cards', { n: c.cards });
    if ('carambouille' in c) return ctx.gt('ui.claim_caram', { n: c.carambouille });
    return '?';
  }).join(', ');
}

