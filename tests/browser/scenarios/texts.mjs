// Text glitches that players saw, one check each, in French and in English:
//   - no card name is cut in the middle of a word (only at a soft hyphen), nor spills out of its
//     card, at a laptop and a phone size (every card of Bharg, Bigoudenn, Carambouille, Castors);
//   - plurals come from Intl.PluralRules ("1 ingrédient", "0 ingredients"), no "(s)" anywhere;
//   - the home page says "2 joueurs", never "2 à 2 joueurs";
//   - a picker never shows a raw field name (put_back);
//   - the log never shows an internal offer id ("(o1)").
import { check, checkNoPageErrors, log, newPlayer, repo } from '../lib.mjs';
import path from 'node:path';

// Runs in the page: every card name of `game` drawn as the game draws it, in a table box of the
// page's size, fitted as the room fits it; the names cut mid-word or spilling out.
function brokenNames(game) {
  return (async () => {
    const { t, getLang } = await import('/js/i18n.js');
    const { fitWords } = await import('/js/words.js');
    const { h } = await import('/js/dom.js');
    const ctx = { gt: (k, p) => t(`${game}.${k}`, p), t, lang: getLang() };
    await new Promise((resolve) => {
      if (document.querySelector(`link[href="/games/${game}.css"]`)) { resolve(); return; }
      const link = h('link', { rel: 'stylesheet', href: `/games/${game}.css`, onload: resolve });
      document.head.append(link);
    });
    // The card modules get the server's card data from the loader, as at a table.
    await (await import('/js/renderers.js')).loadRenderer(game);
    const cards = [];
    if (game === 'bharg') {
      const m = await import('/games/bharg-cards.js');
      const names = Object.keys((await import(`/i18n/${getLang()}.js`)).default.bharg.cards);
      for (const n of names) cards.push(m.card(n, ctx), m.card(n, ctx, { small: true }));
    } else if (game === 'bigoudenn') {
      const m = await import('/games/bigoudenn-cards.js');
      const names = { card: (id) => ctx.gt(`ui.cards.${id}`), utensil: (u) => ctx.gt(`ui.utensils.${u}`) };
      for (const id of Object.keys(m.DATA.ingredients)) cards.push(m.ingredientCard(id, names), m.ingredientCard(id, names, { small: true }));
    } else if (game === 'carambouille') {
      const m = await import('/games/carambouille-cards.js');
      for (const n of [...Object.keys(m.PRODUCTS), ...m.CARD_TYPES]) cards.push(m.card(n, ctx), m.card(n, ctx, { small: true }));
    } else {
      const m = await import('/games/castors-cards.js');
      for (const f of m.ACTIONS) cards.push(m.card(f, ctx));
    }
    document.getElementById('names')?.remove();
    const box = h('div', { id: 'names', class: `table game-${game}` }, h('div', { style: { display: 'flex', flexWrap: 'wrap', gap: '6px', alignItems: 'flex-start' } }, cards));
    Object.assign(box.style, { position: 'fixed', inset: '0', zIndex: 30, containerType: 'size', containerName: 'table', overflow: 'auto', background: '#222' });
    document.body.append(box);
    fitWords(box);
    const bad = [];
    for (const el of box.querySelectorAll('.word-fit')) {
      if (!el.checkVisibility()) continue;
      const text = el.textContent;
      if (el.scrollWidth > el.clientWidth + 1) bad.push(`${text.replace(/\u00ad/g, '')}: spills out (${el.scrollWidth} > ${el.clientWidth} px)`);
      // Every piece between soft hyphens and spaces must sit on one line.
      const node = el.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const re = /[^\s\u00ad-]+/g; // a line may end at a space, a soft hyphen or a hyphen
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 6) /* not the hyphen drawn at a soft hyphen */.map((r) => Math.round(r.top)));
        if (tops.size > 1) bad.push(`${text.replace(/\u00ad/g, '')}: "${m[0]}" cut mid-word`);
      }
    }
    return { count: cards.length, bad };
  })();
}

const inPage = (p, fn, ...args) => p.page.evaluate(fn, ...args);
const setLang = (p, lang) => inPage(p, (l) => import('/js/i18n.js').then((m) => m.setLang(l)), lang);

async function cardNames(p, size) {
  for (const lang of ['fr', 'en']) {
    await setLang(p, lang);
    for (const game of ['bharg', 'bigoudenn', 'carambouille', 'castors']) {
      const { count, bad } = await p.page.evaluate(`(${brokenNames.toString()})(${JSON.stringify(game)})`);
      check(count > 0, `no ${game} card drawn`);
      check(!bad.length, `${game} card names at ${size} (${lang}):\n  ${bad.join('\n  ')}`);
    }
  }
  await inPage(p, () => document.getElementById('names')?.remove());
}

async function plurals(p) {
  const said = await inPage(p, () => import('/js/i18n.js').then(({ t, setLang, formatters }) => {
    const out = {};
    setLang('fr');
    out.fr1 = t('bigoudenn.ui.surface_hidden', { n: 1 });
    out.fr0 = t('bigoudenn.ui.surface_hidden', { n: 0 });
    out.fr2 = t('bigoudenn.ui.surface_hidden', { n: 2 });
    out.frDraw = t('castors.ui.draw_label', { n: 1 });
    out.frPlural0 = formatters.plural(0, 'carte', 'cartes');
    setLang('en');
    out.en1 = t('bigoudenn.ui.surface_hidden', { n: 1 });
    out.en0 = t('bigoudenn.ui.surface_hidden', { n: 0 });
    out.enDraw = t('castors.ui.draw_label', { n: 1 });
    out.enPlural0 = formatters.plural(0, 'card', 'cards');
    return out;
  }));
  const want = {
    fr1: '1 ingrédient en main (TEUT !)', fr0: '0 ingrédient en main (TEUT !)', fr2: '2 ingrédients en main (TEUT !)', frDraw: 'Piocher (1 carte)', frPlural0: 'carte',
    en1: '1 ingredient in hand (TEUT!)', en0: '0 ingredients in hand (TEUT!)', enDraw: 'Draw (1 card)', enPlural0: 'cards',
  };
  for (const [k, v] of Object.entries(want)) check(said[k] === v, `plural ${k}: "${said[k]}", expected "${v}"`);
  // No "(s)" left in any text of either dictionary.
  for (const lang of ['fr', 'en']) {
    const dict = (await import(path.join(repo, 'web-client', 'i18n', `${lang}.js`))).default;
    const texts = [];
    const walk = (o) => { for (const v of Object.values(o)) { if (typeof v === 'string') texts.push(v); else if (v && typeof v === 'object') walk(v); else if (typeof v === 'function') texts.push(v.toString()); } };
    walk(dict);
    const found = texts.filter((x) => /\w\((s|es|e)\)/.test(x));
    check(!found.length, `"(s)" in ${lang}.js: ${found.slice(0, 3).join(' | ')}`);
  }
}

async function homePage(p, base) {
  for (const lang of ['fr', 'en']) {
    await setLang(p, lang);
    await p.page.goto(`${base}/`);
    await p.page.locator('.game-players').first().waitFor();
    const ranges = await p.page.locator('.game-players').allTextContents();
    const same = ranges.filter((x) => /(\d+)\s+(à|to)\s+\1\b/.test(x));
    check(!same.length, `the home page says ${JSON.stringify(same)}`);
    check(ranges.some((x) => /^2 (joueurs|players)$/.test(x.trim())), `no two-player game reads "2 joueurs": ${JSON.stringify(ranges)}`);
  }
}

async function pickerKeys(p) {
  const text = await inPage(p, async () => {
    const { pickFromTemplate } = await import('/js/picker.js');
    const done = pickFromTemplate({ type: 'take', card: 'x', choose: { put_back: { one_of: ['a', 'b'] } } }, { title: 'Quel ingrédient reposer ?' });
    const shown = document.getElementById('picker').textContent;
    document.querySelector('#picker [data-key=pick-cancel]').click();
    await done;
    return shown;
  });
  check(!/put_back/.test(text), `the picker shows a raw key: ${text}`);
}

async function offerIds(p) {
  for (const lang of ['fr', 'en']) {
    const texts = await inPage(p, (l) => Promise.all([import('/js/i18n.js'), import('/js/renderers.js').then((r) => r.loadRenderer('carambouille'))]).then(([i18n, game]) => {
      i18n.setLang(l);
      const at = Date.now();
      const claims = [{ product: 'fromage', count: 1 }];
      const entries = [ // newest first, as the room keeps them
        { at, text_key: 'carambouille.lie', params: { seat: 1, offer: 'o2' } },
        { at, text_key: 'carambouille.trade_cards', params: { offer: 'o2', from: 1, to: 0, from_gave: ['fromage'], to_gave: ['ail'] } },
        { at, text_key: 'carambouille.trade', params: { offer: 'o2', from: 1, to: 0, announce: claims, ask: [], gave: 1, received: 1 } },
        { at, text_key: 'carambouille.offer', params: { offer: 'o2', from: 1, to: 0, announce: claims, ask: [], counter: 'o1' } },
        { at, text_key: 'carambouille.offer_closed', params: { offer: 'o1', reason: 'refused' } },
        { at, text_key: 'carambouille.refuse', params: { offer: 'o1', seat: 1 } },
        { at, text_key: 'carambouille.offer', params: { offer: 'o1', from: 0, to: 1, announce: claims, ask: [] } },
      ];
      return game.logContext(entries).map(i18n.logText);
    }), lang);
    const ids = texts.filter((x) => /\bo\d+\b/.test(x));
    check(!ids.length, `offer ids in the ${lang} log: ${ids.join(' | ')}`);
    check(texts.some((x) => /#1|Katell/.test(x) || /offre de|offer/.test(x)), `the ${lang} log no longer says whose offer: ${texts.join(' | ')}`);
  }
}

export default async function texts({ base, browser, errors }) {
  for (const [size, viewport, mobile] of [['1366x768', { width: 1366, height: 768 }, false], ['390x844', { width: 390, height: 844 }, true]]) {
    const p = await newPlayer(browser, 'Katell', viewport, errors, { mobile });
    await p.page.goto(`${base}/`);
    await cardNames(p, size);
    if (!mobile) {
      await plurals(p);
      await homePage(p, base);
      await pickerKeys(p);
      await offerIds(p);
    }
    await p.context.close();
  }
  log('texts: card names whole at both sizes, plurals by Intl.PluralRules, "2 joueurs", no raw key in a picker, no offer id in the log');
  checkNoPageErrors(errors);
}
