// Ar Seizh Bigoudenn pieces drawn from data: ingredient cards (face and back), utensils, the
// Galette/Crêpe card, the bigoudène card. A readable value or name first, a symbol second.
import { h, svg } from '/js/dom.js';
import { tip } from '/js/tips.js';

// The static card data comes from the server (games/bigoudenn/cards.cpp, GET /api/games/bigoudenn):
// useCards() receives it before anything is drawn. DATA.ingredients: id -> [value, the utensil
// that takes it or null, its Menu recipe]; DATA.bigoudenes: id -> [galette, crêpe] specialties;
// DATA.utensils; DATA.recipes: galette and crêpe, each {cards, value, points, menu_bonus, specialty_bonus}.
export let DATA = { ingredients: {}, bigoudenes: {}, utensils: [], recipes: {} };
// The Menu: recipe id -> its ingredient ids, in card order.
export let MENU = {};

export function useCards(data) {
  DATA = data;
  MENU = {};
  for (const [id, row] of Object.entries(DATA.ingredients)) (MENU[row[2]] ||= []).push(id);
}

export function info(id) {
  const row = DATA.ingredients[id] || [0, null, ''];
  return { id, value: row[0], utensil: row[1], recipe: row[2], salty: row[2].startsWith('galette') };
}

// What a recipe of these cards would score for this bigoudène: the kind's points, plus its bonus
// for a Menu recipe and again for the bigoudène's specialty.
export function recipePoints(cards, bigoudene) {
  const first = info(cards[0]);
  const kind = DATA.recipes[first.salty ? 'galette' : 'crepe'] || { points: 0, menu_bonus: 0, specialty_bonus: 0 };
  const members = MENU[first.recipe] || [];
  const menu = cards.length === members.length && cards.every((c) => info(c).recipe === first.recipe);
  const special = menu && (DATA.bigoudenes[bigoudene] || []).includes(first.recipe);
  return { menu: menu ? first.recipe : null, specialty: special, points: kind.points + (menu ? kind.menu_bonus : 0) + (special ? kind.specialty_bonus : 0) };
}

// One small drawing per utensil, in a 24×24 box.
const UTENSIL_PATHS = {
  couteau: '<path d="M4 20 L15 9 C18 6 21 5 21 3 C19 3 15 5 13 8 L3 18z" fill="#dfe6ee" stroke="#31404f" stroke-width="1.2"/><path d="M3 18l3 3 2-2-3-3z" fill="#7a4b26" stroke="#3d2410" stroke-width="1"/>',
  fourchette: '<path d="M11 21V12M13 21V12" stroke="#31404f" stroke-width="2.2" stroke-linecap="round"/><path d="M8 3v6a4 4 0 0 0 8 0V3M10.7 3v6M13.3 3v6" stroke="#31404f" stroke-width="1.5" fill="none" stroke-linecap="round"/>',
  cuillere: '<ellipse cx="12" cy="7" rx="4.2" ry="5" fill="#dfe6ee" stroke="#31404f" stroke-width="1.3"/><path d="M12 12v10" stroke="#31404f" stroke-width="2.4" stroke-linecap="round"/>',
  spatule: '<rect x="7" y="2.5" width="10" height="8" rx="1.5" fill="#dfe6ee" stroke="#31404f" stroke-width="1.3"/><path d="M12 10.5v11" stroke="#7a4b26" stroke-width="2.6" stroke-linecap="round"/>',
  araignee: '<circle cx="12" cy="8" r="6" fill="none" stroke="#31404f" stroke-width="1.4"/><path d="M6 8h12M12 2v12M7.8 3.8l8.4 8.4M16.2 3.8l-8.4 8.4" stroke="#31404f" stroke-width=".9"/><path d="M12 14v8" stroke="#7a4b26" stroke-width="2.4" stroke-linecap="round"/>',
  couvercle: '<path d="M3 16a9 7 0 0 1 18 0z" fill="#c9d6e3" stroke="#31404f" stroke-width="1.3"/><rect x="2" y="16" width="20" height="2.6" rx="1.2" fill="#8ea3b8" stroke="#31404f" stroke-width="1"/><rect x="10" y="6" width="4" height="3.2" rx="1" fill="#7a4b26"/>',
  passoire: '<path d="M3 9h18l-3 10H6z" fill="#c9d6e3" stroke="#31404f" stroke-width="1.3"/><circle cx="9" cy="13" r=".9" fill="#31404f"/><circle cx="12" cy="13" r=".9" fill="#31404f"/><circle cx="15" cy="13" r=".9" fill="#31404f"/><circle cx="10.5" cy="16" r=".9" fill="#31404f"/><circle cx="13.5" cy="16" r=".9" fill="#31404f"/><path d="M1 9h3M20 9h3" stroke="#31404f" stroke-width="1.6" stroke-linecap="round"/>',
};

export function utensilIcon(name, size = 24) {
  return svg(`<svg viewBox="0 0 24 24" width="${size}" height="${size}">${UTENSIL_PATHS[name] || ''}</svg>`, 'bg-uicon');
}

// Motion keys (js/motion.js): `flip` follows the piece as it moves, `from` is where it comes from.
function flipData(key, attrs) {
  return attrs.flip ? { flip: key, ...(attrs.from ? { flipFrom: attrs.from } : {}) } : null;
}

// A utensil piece: icon and name; attrs: class ('pending', 'frozen'…), flip.
// attrs.tip: what it does, on hover and long press (js/tips.js).
export function utensilPiece(name, label, attrs = {}) {
  return tip(h('span', { class: ['bg-utensil', attrs.class], role: 'img', 'aria-label': label, dataset: flipData(`utensil:${name}`, attrs) },
    utensilIcon(name, attrs.size || 26), h('span', { class: 'bg-utensil-name' }, label)), attrs.tip);
}

const SALT = '<svg viewBox="0 0 20 20" width="14" height="14"><path d="M10 2l7 15H3z" fill="#8a5a2b"/></svg>';
const SUGAR = '<svg viewBox="0 0 20 20" width="14" height="14"><circle cx="10" cy="10" r="7" fill="#2f6fb0"/></svg>';

// An ingredient card: value, name, the utensil that takes it, salty (triangle) or sweet (disc).
// attrs: small, class, flip, from.
export function ingredientCard(id, names, attrs = {}) {
  const c = info(id);
  return h('span', {
    class: ['playing-card', 'bg-card', c.salty ? 'salty' : 'sweet', attrs.small && 'small', attrs.class],
    role: 'img', 'aria-label': `${names.card(id)} (${c.value})`, title: names.card(id), dataset: flipData(`card:${id}`, attrs),
  },
  h('span', { class: 'bg-value' }, String(c.value)),
  svg(c.salty ? SALT : SUGAR, 'bg-kind'),
  h('span', { class: 'bg-name word-fit' }, names.card(id)),
  c.utensil ? h('span', { class: 'bg-needs', 'data-tip': names.utensil(c.utensil) }, utensilIcon(c.utensil, attrs.small ? 14 : 18)) : h('span', { class: 'bg-needs none' }, '—'));
}

// A face-down ingredient (a hidden work surface, a sealed bid, the pile).
export function cardBack(attrs = {}) {
  return h('span', { class: ['playing-card', 'bg-card', 'back', attrs.small && 'small', attrs.class], role: 'img', 'aria-label': attrs.label || '?' },
    attrs.count !== undefined ? h('span', { class: 'bg-count' }, String(attrs.count)) : h('span', { class: 'bg-triskell' }, '✺'));
}

// The Galette/Crêpe card; `flip` plays its spin once.
export function faceCard(face, label, attrs = {}) {
  return h('span', { class: ['bg-face', face, attrs.flip && 'flip', attrs.small && 'small'], role: 'img', 'aria-label': label, dataset: attrs.anchor ? { anchor: attrs.anchor } : null },
    h('span', { class: 'bg-face-disc' }), h('span', { class: 'bg-face-name' }, label));
}
