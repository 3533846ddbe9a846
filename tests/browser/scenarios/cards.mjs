// The card data the server publishes (GET /api/games/<id>, "cards") says what the renderers' own
// copies (web-client/games/*-cards.js) say today, so that they can switch to the published data
// safely. Runs in a page of the real server, where the renderers' modules load as they do in play.
import { check, log } from '../lib.mjs';

export default async function cards({ base, browser }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const problems = await page.evaluate(async () => {
    const same = (a, b) => {
      if (Array.isArray(a) || Array.isArray(b)) {
        return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
      }
      if (a && b && typeof a === 'object' && typeof b === 'object') {
        const keys = Object.keys(a);
        return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k]));
      }
      return a === b;
    };
    const out = [];
    const expect = (ok, what) => { if (!ok) out.push(what); };
    const published = async (id) => (await (await fetch(`/api/games/${id}`)).json()).cards;

    const bharg = await import('/games/bharg-cards.js');
    const bh = await published('bharg');
    expect(same(bh.suits, bharg.SUITS), 'bharg: suits');
    const names = Object.keys(bh.cards);
    expect(names.length === 45, `bharg: ${names.length} cards published`);
    for (const name of names) expect(same(bharg.cardInfo(name), bh.cards[name]), `bharg: card ${name}`);
    expect(same(Object.values(bh.decks).map((d) => d.length), [36, 41, 41]), 'bharg: deck sizes');

    const caram = await import('/games/carambouille-cards.js');
    const cr = await published('carambouille');
    expect(same(Object.entries(caram.PRODUCTS), cr.products.map((p) => [p.name, p.value])), 'carambouille: products and values');
    expect(same(caram.CARD_TYPES, cr.card_types), 'carambouille: card types');
    for (const p of cr.products) {
      for (let n = 1; n <= cr.max_sale; n += 1) {
        expect(caram.memoPrice(p.value, n) === p.value * cr.memo[n - 1], `carambouille: Mémo price of ${n} × ${p.name}`);
      }
    }

    const castors = await import('/games/castors-cards.js');
    const cb = await published('castors');
    expect(same(castors.ACTIONS, cb.deck.map((k) => k.face).filter((f) => typeof f === 'string')), 'castors: action cards');
    expect(cb.deck.reduce((n, k) => n + k.copies, 0) === 66, 'castors: 66 cards');

    const bigoudenn = await import('/games/bigoudenn-cards.js');
    const bg = await published('bigoudenn');
    expect(same(bigoudenn.DATA, { ingredients: bg.ingredients, bigoudenes: bg.bigoudenes, utensils: bg.utensils }),
      'bigoudenn: ingredients, bigoudènes, utensils');
    // Points as the renderer computes them: a Menu galette that is Rozenn's specialty, a Menu crêpe
    // that is not, and a galette off the Menu.
    const points = (cards, lady) => bigoudenn.recipePoints(cards, lady).points;
    const g = bg.recipes.galette;
    const c = bg.recipes.crepe;
    expect(points(['jambon', 'oeuf', 'fromage_rape'], 'rozenn') === g.points + g.menu_bonus + g.specialty_bonus, 'bigoudenn: specialty galette');
    expect(points(['pommes', 'caramel'], 'rozenn') === c.points + c.menu_bonus, 'bigoudenn: Menu crêpe');
    expect(points(['jambon', 'lardons', 'persil'], 'rozenn') === g.points, 'bigoudenn: galette off the Menu');

    const ff = await published('fishfish');
    expect(ff.lines === 5 && ff.tiles_per_fish === 4, 'fishfish: lines and tiles');
    return out;
  });
  await context.close();
  check(problems.length === 0, `the renderers' card data differs from the server's:\n  ${problems.join('\n  ')}`);
  log('cards: the published card data of every game matches the renderers\' copies');
}
