// Gang de castors cards drawn from data: number cards, the three action cards, the wooden back.
// A readable value or name first, a simple symbol second (UX.md).
import { h, svg } from '/js/dom.js';
import { tip } from '/js/tips.js';

const ICONS = {
  // Échanger: two arrows passing each other.
  echanger: '<svg viewBox="0 0 40 40" width="30" height="30"><path d="M8 14h20l-5-5M32 26H12l5 5" stroke="#5a2d0c" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  // Regarder: an eye.
  regarder: '<svg viewBox="0 0 40 40" width="30" height="30"><path d="M4 20q16-16 32 0-16 16-32 0z" fill="#fff7e6" stroke="#5a2d0c" stroke-width="2.4"/><circle cx="20" cy="20" r="5.5" fill="#2f6b3a"/><circle cx="20" cy="20" r="2.4" fill="#1b1b1b"/></svg>',
  // Piocher: a pile with an arrow drawing from it.
  piocher: '<svg viewBox="0 0 40 40" width="30" height="30"><rect x="6" y="18" width="18" height="16" rx="2" fill="#f3dcb0" stroke="#5a2d0c" stroke-width="2"/><rect x="9" y="14" width="18" height="16" rx="2" fill="#f7e6c4" stroke="#5a2d0c" stroke-width="2"/><path d="M26 12l8-8M34 4h-7M34 4v7" stroke="#5a2d0c" stroke-width="2.6" fill="none" stroke-linecap="round"/></svg>',
};
// The back: three logs of a beaver dam and a pair of teeth.
const BACK = '<svg viewBox="0 0 40 40" width="30" height="30"><g fill="#a86a32" stroke="#4a2a10" stroke-width="1.4"><rect x="5" y="8" width="30" height="6" rx="3"/><rect x="3" y="17" width="34" height="6" rx="3"/><rect x="6" y="26" width="28" height="6" rx="3"/></g><path d="M16 33h8v5h-8z" fill="#fffaf0" stroke="#4a2a10" stroke-width="1.2"/><path d="M20 33v5" stroke="#4a2a10" stroke-width="1"/></svg>';

// The action cards, as the deck the server publishes has them (GET /api/games/castors): useCards()
// receives the deck before anything is drawn.
export let ACTIONS = [];

export function useCards(data) {
  ACTIONS = data.deck.map((kind) => kind.face).filter((face) => typeof face === 'string');
}

export function isAction(face) { return typeof face === 'string'; }

// The name of a face in the current language: the number, or the action card's French name.
export function faceName(face, ctx) {
  if (face === null || face === undefined) return ctx.gt('ui.hidden');
  return isAction(face) ? ctx.gt(`ui.card_${face}`) : String(face);
}

// A card: `face` a number 0–9, an action name, or undefined for the back.
export function card(face, ctx, attrs = {}) {
  const known = face !== undefined && face !== null;
  const cls = ['playing-card', 'cb-card', known ? (isAction(face) ? `action ${face}` : `num v${face}`) : 'back', attrs.small && 'small', attrs.class];
  const label = attrs.label || (known ? faceName(face, ctx) : ctx.gt('ui.face_down'));
  if (!known) return h('span', { class: cls, role: 'img', 'aria-label': label }, svg(BACK, 'symbol'));
  if (isAction(face)) {
    // An action card explains itself on hover and long press (js/tips.js).
    return tip(h('span', { class: cls, role: 'img', 'aria-label': label },
      svg(ICONS[face], 'symbol'), h('span', { class: 'name word-fit' }, ctx.gt(`ui.card_${face}`))), ctx.gt(`ui.tip_${face}`));
  }
  return h('span', { class: cls, role: 'img', 'aria-label': label },
    h('span', { class: 'corner' }, String(face)),
    h('span', { class: 'value' }, String(face)));
}
