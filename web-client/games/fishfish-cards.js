// Fish Fish pieces drawn from data: Bait cards, Catch cards (face and back), fish tiles.
// A readable value or name first, a simple symbol second (UX.md).
import { h, svg } from '/js/dom.js';

// The number of lines (baits) in a round, from the server (GET /api/games/fishfish): useCards()
// receives the game's data before anything is drawn.
export let LINES = 0;

export function useCards(data) {
  LINES = data.lines;
}

const WORM = '<svg viewBox="0 0 40 40" width="34" height="34"><path d="M20 4v9" stroke="#6b5b4b" stroke-width="1.6" fill="none"/><path d="M20 13c0 6-7 6-7 12s7 7 9 3" stroke="#8c6b4a" stroke-width="2" fill="none"/><path d="M14 26c-3 1-5 4-3 7 2 3 7 3 10 0 3-3 6-2 8 0" stroke="#d96c7a" stroke-width="4.5" stroke-linecap="round" fill="none"/></svg>';
const NET_FISH = '<svg viewBox="0 0 40 40" width="34" height="34"><path d="M6 10h28l-4 22H10z" fill="none" stroke="#e9f5ea" stroke-width="1.4"/><path d="M9 16h22M10 22h20M11 28h18M14 10l2 22M20 10v22M26 10l-2 22" stroke="#e9f5ea" stroke-width=".8" opacity=".8"/><path d="M12 20c5-6 13-6 16 0-3 6-11 6-16 0zm-1 0l-4-3v6z" fill="#ffd166" stroke="#5a3d00" stroke-width=".8"/><circle cx="24" cy="19" r="1" fill="#222"/></svg>';
const EMPTY_HOOK = '<svg viewBox="0 0 40 40" width="34" height="34"><path d="M20 3v20a6 6 0 1 1-9-5" stroke="#49627a" stroke-width="2.4" fill="none" stroke-linecap="round"/><path d="M11 18l-2 5 5-1" fill="#49627a"/><circle cx="29" cy="30" r="2" fill="none" stroke="#7d95ab"/><circle cx="33" cy="25" r="1.3" fill="none" stroke="#7d95ab"/></svg>';
const WAVES = '<svg viewBox="0 0 40 40" width="34" height="34"><path d="M4 14q4-4 8 0t8 0 8 0 8 0M4 22q4-4 8 0t8 0 8 0 8 0M4 30q4-4 8 0t8 0 8 0 8 0" stroke="#9fd8c4" stroke-width="1.6" fill="none"/></svg>';

// A Bait card with its value; `flip`: its motion key (js/motion.js), `from`: where it comes from.
export function baitCard(value, attrs = {}) {
  return h('span', {
    class: ['playing-card', 'ff-card', 'bait', attrs.small && 'small', attrs.class], role: 'img', 'aria-label': attrs.label || String(value),
    dataset: attrs.flip ? { flip: attrs.flip, ...(attrs.from ? { flipFrom: attrs.from } : {}) } : null,
  },
    h('span', { class: 'corner' }, String(value)),
    h('span', { class: 'value' }, String(value)),
    svg(WORM, 'symbol'));
}

// A Catch card: "prise", "bredouille", or null for its back ("?"). The name, when given, is a
// caption under the card, so it stays readable at phone sizes.
export function catchCard(kind, attrs = {}) {
  const face = kind === 'prise' ? NET_FISH : kind === 'bredouille' ? EMPTY_HOOK : WAVES;
  const card = h('span', { class: ['playing-card', 'ff-card', 'catch', kind || 'back', attrs.small && 'small', attrs.class], role: 'img', 'aria-label': attrs.label || attrs.caption || '?' },
    kind ? null : h('span', { class: 'mark' }, '?'),
    svg(face, 'symbol'));
  if (!attrs.caption) return card;
  return h('span', { class: 'ff-card-wrap' }, card, h('span', { class: 'ff-caption' }, attrs.caption));
}

// One fish tile in its seat's colour.
export function fishTile(color, size = 22) {
  return svg(`<svg viewBox="0 0 32 20" width="${size * 1.6}" height="${size}"><path d="M3 10c6-9 18-9 23 0-5 9-17 9-23 0z" fill="${color}" stroke="rgba(0,0,0,.55)" stroke-width="1.3"/><path d="M25.5 10l5-5v10z" fill="${color}" stroke="rgba(0,0,0,.55)" stroke-width="1.3"/><circle cx="9" cy="8.5" r="1.6" fill="#fff"/><circle cx="9" cy="8.5" r=".8" fill="#222"/><path d="M14 6c2 2 2 6 0 8" stroke="rgba(0,0,0,.35)" fill="none"/></svg>`, 'ff-tile');
}

// n tiles, compact: up to `max` drawn, then "×n".
export function tileRow(n, color, size = 20, max = 8) {
  const row = h('span', { class: 'ff-tiles', 'aria-hidden': 'true' });
  for (let i = 0; i < Math.min(n, max); i++) row.append(fishTile(color, size));
  if (n > max) row.append(h('span', { class: 'more' }, `×${n}`));
  return row;
}
