// Bharg's Decktet cards drawn from data: the rank first, the name, then the suit symbols (each
// with its own shape, so colour is never the only signal). The suits and every card's kind, rank,
// suits and value come from the server (games/bharg/cards.cpp, GET /api/games/bharg): useCards()
// receives them before anything is drawn. The view names cards, it does not describe them.
import { h, svg } from '/js/dom.js';

// The suits in their order, and card name -> {kind, rank, suits, value}: the server's data.
export let SUITS = [];
let CARDS = {};

export function useCards(data) {
  SUITS = data.suits;
  CARDS = data.cards;
}

const S = {
  moons: '<path d="M15.5 3a9 9 0 1 0 5.5 15.6A7.6 7.6 0 0 1 15.5 3z" fill="currentColor"/>',
  suns: '<circle cx="12" cy="12" r="4.6" fill="currentColor"/><path d="M12 1.5v4M12 18.5v4M1.5 12h4M18.5 12h4M4.6 4.6l2.8 2.8M16.6 16.6l2.8 2.8M4.6 19.4l2.8-2.8M16.6 7.4l2.8-2.8" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  waves: '<path d="M1.5 8.5q2.6-3.2 5.2 0t5.3 0 5.3 0 5.2 0M1.5 15.5q2.6-3.2 5.2 0t5.3 0 5.3 0 5.2 0" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
  leaves: '<path d="M3.5 20.5C3.5 10 10 3.5 20.5 3.5 20.5 14 14 20.5 3.5 20.5z" fill="currentColor"/><path d="M4 20L15 9" stroke="#fffaf0" stroke-width="1.4" stroke-linecap="round"/>',
  wyrms: '<path d="M5 20.5c-3.4-3.5.3-7.5 4.6-7.3 4.2.2 6.8-2.8 4.9-6-1.6-2.7-5.6-2.5-6.7.4" fill="none" stroke="currentColor" stroke-width="2.8" stroke-linecap="round"/><circle cx="8" cy="7.6" r="2.3" fill="currentColor"/><path d="M19 20.5l2-2.2" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  knots: '<path d="M7.5 7.5a4.5 4.5 0 1 1 9 0c0 3.5-9 5.5-9 9a4.5 4.5 0 1 0 9 0c0-3.5-9-5.5-9-9z" fill="none" stroke="currentColor" stroke-width="2.4"/>',
};

// A suit's symbol as inline SVG, coloured by the `.bh-suit.<suit>` rule.
export function suitIcon(suit, size = 18) {
  return svg(`<svg viewBox="0 0 24 24" width="${size}" height="${size}">${S[suit] || ''}</svg>`, `bh-suit ${suit}`);
}

// Kinds: ace, number, crown, pawn, court, excuse.
export function cardInfo(name) {
  return CARDS[name] || { kind: 'excuse', rank: 0, suits: [], value: 0 };
}

// The corner mark: "A", "2".."9", or the kind's short word from the dictionary.
function rankMark(info, ctx) {
  if (info.kind === 'ace') return 'A';
  if (info.kind === 'number') return String(info.rank);
  return ctx.gt(`ui.mark_${info.kind}`);
}

export function cardName(name, ctx) { return ctx.gt(`cards.${name}`); }

// The words a screen reader says for a card: name, rank, suits.
export function cardLabel(name, ctx) {
  const info = cardInfo(name);
  const suits = info.suits.map((s) => ctx.gt(`suits.${s}`)).join(', ');
  return `${cardName(name, ctx)} · ${ctx.gt(`ui.kind_${info.kind}`, { rank: info.rank })}${suits ? ` · ${suits}` : ''}`;
}

// A face-up card. attrs: small, class, highlight (a suit to ring: the top Ace's), flip (follow it
// as it moves), from (where it comes from when new on the table).
export function card(name, ctx, attrs = {}) {
  const info = cardInfo(name);
  return h('span', {
    class: ['playing-card', 'bh-card', `kind-${info.kind}`, attrs.small && 'small', attrs.class],
    role: 'img', 'aria-label': cardLabel(name, ctx), title: cardLabel(name, ctx),
    style: { '--suit': `var(--bh-${info.suits[0] || 'none'})` },
    // Every card exists once: its name follows it from hand to pile (js/motion.js).
    dataset: attrs.flip ? { flip: `card:${name}`, ...(attrs.from ? { flipFrom: attrs.from } : {}) } : null,
  },
  h('span', { class: 'bh-rank' }, rankMark(info, ctx)),
  h('span', { class: 'bh-name word-fit', lang: ctx.lang }, cardName(name, ctx)),
  h('span', { class: 'bh-suits' }, info.suits.map((s) => {
    const icon = suitIcon(s, attrs.small ? 14 : 18);
    if (attrs.highlight && attrs.highlight.includes(s)) icon.classList.add('lit');
    return icon;
  })));
}

// A face-down card: the Decktet's six symbols in a ring.
export function cardBack(attrs = {}) {
  const ring = SUITS.map((s, i) => {
    const a = (i / 6) * Math.PI * 2 - Math.PI / 2;
    const x = 12 + 8 * Math.cos(a) - 3.5;
    const y = 12 + 8 * Math.sin(a) - 3.5;
    return `<g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(.29)" class="${s}">${S[s]}</g>`;
  }).join('');
  return h('span', { class: ['playing-card', 'bh-card', 'back', attrs.small && 'small', attrs.class], 'aria-hidden': 'true' },
    svg(`<svg viewBox="0 0 24 24" width="40" height="40">${ring}</svg>`, 'bh-back-art'));
}
