// A game's renderer, ready to draw: its module, its styles and the server's card data, which the
// module receives (useCards) before anyone may draw with it. A renderer that fails to load falls
// back to the generic one; card data that fails to load is an error the view shows with a retry.
import { h, clear } from '/js/dom.js';
import { t } from '/js/i18n.js';
import { gameCards } from '/js/game-cards.js';

const loaded = new Map(); // game id -> Promise<renderer module>

function styles(name) {
  if (!document.querySelector(`link[href="/games/${name}.css"]`)) {
    document.head.append(h('link', { rel: 'stylesheet', href: `/games/${name}.css` }));
  }
}

function loadModule(id) {
  return import(`/games/${id}.js`)
    .then((mod) => { styles(id); return mod; })
    .catch((err) => { console.warn(`no renderer for ${id}:`, err); styles('generic'); return import('/games/generic.js'); });
}

// Resolves once the module has its card data; rejects (and is forgotten, so a retry fetches
// again) when the data cannot be had.
export function loadRenderer(id) {
  if (!loaded.has(id)) {
    // Both at once; a module without useCards (the generic one) needs no data.
    const cards = gameCards(id).then((data) => ({ data }), (error) => ({ error }));
    const ready = Promise.all([loadModule(id), cards]).then(([mod, { data, error }]) => {
      if (!mod.useCards) return mod;
      if (error) throw error;
      mod.useCards(data);
      return mod;
    });
    ready.catch(() => loaded.delete(id));
    loaded.set(id, ready);
  }
  return loaded.get(id);
}

// In place of the table: the card data did not come; `retry` asks again.
export function drawLoadFailed(root, retry) {
  clear(root).append(h('div', { class: 'load-failed', role: 'alert', dataset: { testid: 'load-failed' } },
    h('p', { class: 'form-error' }, t('room.cards_failed')),
    h('button', { class: 'primary', dataset: { key: 'load-retry', testid: 'load-retry' }, onclick: retry }, t('room.cards_retry'))));
}
