// Ar Seizh Bigoudenn pieces drawn from data: ingredient cards (face and back), utensils, the
// Galette/Crêpe card, the bigoudène card. A readable value or name first, a symbol second.
import { h, svg } from '/js/dom.js';
import { tip } from '/js/tips.js';

// The static card data. The server sends card ids only; this copy of games/bigoudenn/cards.cpp
// gives each its value, the utensil that takes it and its Menu recipe. A test compares the two
// (tests/games/bigoudenn_rules_test.cpp): keep the block below plain JSON.
// BEGIN CARD DATA
export const DATA = {
  "ingredients": {
    "jambon": [3, "couteau", "galette_complete"],
    "oeuf": [2, "spatule", "galette_complete"],
    "fromage_rape": [2, "cuillere", "galette_complete"],
    "saucisse": [4, "fourchette", "galette_saucisse"],
    "moutarde": [2, "cuillere", "galette_saucisse"],
    "oignon": [1, null, "galette_saucisse"],
    "andouille": [4, "couteau", "galette_andouille"],
    "pomme_de_terre": [2, "fourchette", "galette_andouille"],
    "echalote": [1, null, "galette_andouille"],
    "saint_jacques": [5, "fourchette", "galette_saint_jacques"],
    "poireau": [1, null, "galette_saint_jacques"],
    "creme_fraiche": [1, null, "galette_saint_jacques"],
    "lardons": [3, "spatule", "galette_forestiere"],
    "champignons": [3, "couteau", "galette_forestiere"],
    "persil": [1, null, "galette_forestiere"],
    "chevre": [3, "couteau", "galette_chevre_epinards"],
    "epinards": [3, "spatule", "galette_chevre_epinards"],
    "noix": [1, null, "galette_chevre_epinards"],
    "saumon_fume": [4, "fourchette", "galette_oceane"],
    "algues": [2, "spatule", "galette_oceane"],
    "ciboulette": [1, null, "galette_oceane"],
    "sucre": [2, "cuillere", "crepe_beurre_sucre"],
    "beurre_sale": [1, null, "crepe_beurre_sucre"],
    "pommes": [2, "couteau", "crepe_pommes_caramel"],
    "caramel": [1, null, "crepe_pommes_caramel"],
    "chocolat": [2, "cuillere", "crepe_banane_chocolat"],
    "banane": [1, null, "crepe_banane_chocolat"],
    "fraises": [2, "fourchette", "crepe_fraises_chantilly"],
    "chantilly": [1, null, "crepe_fraises_chantilly"],
    "miel": [2, "cuillere", "crepe_citron_miel"],
    "citron": [1, null, "crepe_citron_miel"],
    "confiture": [2, "spatule", "crepe_confiture_amandes"],
    "amandes": [1, null, "crepe_confiture_amandes"],
    "creme_de_marrons": [2, "spatule", "crepe_poire_marrons"],
    "poire": [1, null, "crepe_poire_marrons"]
  },
  "bigoudenes": {
    "rozenn": ["galette_complete", "crepe_beurre_sucre"],
    "soazig": ["galette_saucisse", "crepe_pommes_caramel"],
    "tyfenn": ["galette_andouille", "crepe_citron_miel"],
    "katell": ["galette_saint_jacques", "crepe_fraises_chantilly"],
    "maiwenn": ["galette_forestiere", "crepe_banane_chocolat"],
    "nolwenn": ["galette_chevre_epinards", "crepe_poire_marrons"],
    "gwenola": ["galette_oceane", "crepe_confiture_amandes"]
  },
  "utensils": ["couteau", "fourchette", "cuillere", "spatule", "araignee", "couvercle", "passoire"]
};
// END CARD DATA

export function info(id) {
  const row = DATA.ingredients[id] || [0, null, ''];
  return { id, value: row[0], utensil: row[1], recipe: row[2], salty: row[2].startsWith('galette') };
}

// The Menu: recipe id -> its ingredient ids, in card order.
export const MENU = (() => {
  const menu = {};
  for (const [id, row] of Object.entries(DATA.ingredients)) (menu[row[2]] ||= []).push(id);
  return menu;
})();

// What a recipe of these cards would score for this bigoudène (7/12/17, 3/6/9).
export function recipePoints(cards, bigoudene) {
  const salty = info(cards[0]).salty;
  const recipe = info(cards[0]).recipe;
  const members = MENU[recipe] || [];
  const menu = cards.length === members.length && cards.every((c) => info(c).recipe === recipe);
  const special = menu && (DATA.bigoudenes[bigoudene] || []).includes(recipe);
  const base = salty ? 7 : 3;
  const bonus = salty ? 5 : 3;
  return { menu: menu ? recipe : null, specialty: special, points: base + (menu ? bonus : 0) + (special ? bonus : 0) };
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
    class: ['bg-card', c.salty ? 'salty' : 'sweet', attrs.small && 'small', attrs.class],
    role: 'img', 'aria-label': `${names.card(id)} (${c.value})`, title: names.card(id), dataset: flipData(`card:${id}`, attrs),
  },
  h('span', { class: 'bg-value' }, String(c.value)),
  svg(c.salty ? SALT : SUGAR, 'bg-kind'),
  h('span', { class: 'bg-name word-fit' }, names.card(id)),
  c.utensil ? h('span', { class: 'bg-needs', 'data-tip': names.utensil(c.utensil) }, utensilIcon(c.utensil, attrs.small ? 14 : 18)) : h('span', { class: 'bg-needs none' }, '—'));
}

// A face-down ingredient (a hidden work surface, a sealed bid, the pile).
export function cardBack(attrs = {}) {
  return h('span', { class: ['bg-card', 'back', attrs.small && 'small', attrs.class], role: 'img', 'aria-label': attrs.label || '?' },
    attrs.count !== undefined ? h('span', { class: 'bg-count' }, String(attrs.count)) : h('span', { class: 'bg-triskell' }, '✺'));
}

// The Galette/Crêpe card; `flip` plays its spin once.
export function faceCard(face, label, attrs = {}) {
  return h('span', { class: ['bg-face', face, attrs.flip && 'flip', attrs.small && 'small'], role: 'img', 'aria-label': label, dataset: attrs.anchor ? { anchor: attrs.anchor } : null },
    h('span', { class: 'bg-face-disc' }), h('span', { class: 'bg-face-name' }, label));
}
