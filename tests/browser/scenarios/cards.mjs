// Card data lives once, in the C++ games: the server publishes it (GET /api/games/<id>, "cards")
// and the renderers draw from it (web-client/js/renderers.js hands it to each game's useCards()).
//   1. The renderers' modules hold no copy of the tables: no published card name, product,
//      ingredient or bigoudène, and no Mémo multiplier, is written in them.
//   2. What the server publishes is what a renderer draws: a page served altered data (a rank, a
//      value, a price, a points table, a deck, the number of lines) draws the altered values.
//   3. At a real table, nothing is drawn before the data is there; a failed fetch shows a clear
//      error with a retry, and the retry draws the table from the (altered) published data.
import { check, log, newPlayer, sleep, watchByCode } from '../lib.mjs';
import { wsSeats } from '../ws-seats.mjs';

const GAMES = ['bharg', 'bigoudenn', 'carambouille', 'castors', 'fishfish'];

// The modules that draw each game's cards, and the published names none of them may spell.
const MODULES = {
  bharg: ['bharg-cards', 'bharg'],
  bigoudenn: ['bigoudenn-cards', 'bigoudenn', 'bigoudenn-auction'],
  carambouille: ['carambouille-cards', 'carambouille', 'carambouille-claims', 'carambouille-sale', 'carambouille-stalls', 'carambouille-trade'],
  castors: ['castors-cards'], // castors.js names the phases an action card opens, not the cards
  fishfish: ['fishfish-cards', 'fishfish'],
};
// Names a renderer may spell anyway: a kind is also a card's name (Bharg's Excuse); a form's
// default product (the offer builder starts from "1 × fromage").
const ALLOWED = { bharg: ['excuse'], carambouille: ['fromage'] };

function namesOf(game, cards) {
  switch (game) {
    case 'bharg': return Object.keys(cards.cards);
    case 'bigoudenn': return [...Object.keys(cards.ingredients), ...Object.keys(cards.bigoudenes)];
    case 'carambouille': return cards.products.map((p) => p.name);
    case 'castors': return cards.deck.map((k) => k.face).filter((f) => typeof f === 'string');
    default: return [];
  }
}

// Altered card data: every value the checks below look for differs from the real one.
function alter(game, cards) {
  const c = structuredClone(cards);
  if (game === 'bharg') c.cards.mountain = { ...c.cards.mountain, rank: 7, value: 7 };
  if (game === 'carambouille') {
    c.products.find((p) => p.name === 'truffes').value = 95;
    c.memo[1] = 3;
    c.card_price = 55;
  }
  if (game === 'bigoudenn') {
    c.ingredients.jambon[0] = 6;
    c.recipes.galette.points = 8;
  }
  if (game === 'castors') c.deck = c.deck.filter((k) => k.face !== 'piocher');
  if (game === 'fishfish') c.lines = 6;
  return c;
}

// Serves `page` the altered data of `games`; `hold(game)` may delay or fail a request.
async function serveAltered(context, base, games, hold = async () => 'serve') {
  const published = {};
  for (const game of games) published[game] = await (await fetch(`${base}/api/games/${game}`)).json();
  await context.route(/\/api\/games\/[a-z]+$/, async (route) => {
    const game = new URL(route.request().url()).pathname.split('/').pop();
    if (!published[game]) return route.continue();
    if (await hold(game) === 'fail') return route.abort('failed');
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...published[game], cards: alter(game, published[game].cards) }) });
  });
  return published;
}

async function noCopies(base) {
  const problems = [];
  for (const game of GAMES) {
    const cards = (await (await fetch(`${base}/api/games/${game}`)).json()).cards;
    check(cards, `${game}: the server publishes no card data`);
    const names = namesOf(game, cards).filter((n) => !(ALLOWED[game] || []).includes(n));
    for (const mod of MODULES[game]) {
      const source = await (await fetch(`${base}/games/${mod}.js`)).text();
      const code = source.replace(/^\s*\/\/.*$/gm, ''); // comments may name cards
      for (const name of names) {
        // As a string, or as an object's key (not Castors': its drawings are keyed by action card).
        const key = game === 'castors' ? '' : `|[{,]\\s*${name}\\s*:`;
        if (new RegExp(`(['"\`])${name}\\1${key}`).test(code)) problems.push(`${mod}.js spells ${name}`);
      }
      if (game === 'carambouille' && /\b2\.5\s*,\s*4\.5\b/.test(code)) problems.push(`${mod}.js holds Mémo multipliers`);
      if (game === 'bigoudenn' && /BEGIN CARD DATA/.test(code)) problems.push(`${mod}.js holds a card data block`);
    }
  }
  check(problems.length === 0, `the renderers still copy the card tables:\n  ${problems.join('\n  ')}`);
  log('cards: no renderer module copies a card table');
}

async function drawsPublished(base, browser) {
  const context = await browser.newContext();
  await serveAltered(context, base, GAMES);
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const problems = await page.evaluate(async () => {
    const out = [];
    const expect = (ok, what) => { if (!ok) out.push(what); };
    const { t } = await import('/js/i18n.js');
    const { loadRenderer } = await import('/js/renderers.js');
    const ctxOf = (game) => ({ gt: (k, p) => t(`${game}.${k}`, p), t, lang: document.documentElement.lang });
    for (const game of ['bharg', 'bigoudenn', 'carambouille', 'castors', 'fishfish']) {
      const mod = await loadRenderer(game);
      expect(typeof mod.render === 'function' && typeof mod.useCards === 'function', `${game}: not its own renderer`);
    }
    const bharg = await import('/games/bharg-cards.js');
    const mountain = bharg.card('mountain', ctxOf('bharg'));
    expect(mountain.querySelector('.bh-rank').textContent === '7', `bharg: the Mountain shows rank ${mountain.querySelector('.bh-rank').textContent}`);
    expect(bharg.cardInfo('mountain').value === 7, 'bharg: the Mountain\'s value');

    const caram = await import('/games/carambouille-cards.js');
    const truffes = caram.card('truffes', ctxOf('carambouille'));
    expect(truffes.querySelector('.value').textContent === '95', `carambouille: truffes show ${truffes.querySelector('.value').textContent}`);
    expect(caram.memoPrice(95, 2) === 285, `carambouille: 2 × truffes sell for ${caram.memoPrice(95, 2)}`);
    expect(caram.CARD_PRICE === 55, `carambouille: a card costs ${caram.CARD_PRICE}`);

    const bg = await import('/games/bigoudenn-cards.js');
    const names = { card: (id) => id, utensil: (u) => u };
    const jambon = bg.ingredientCard('jambon', names);
    expect(jambon.querySelector('.bg-value').textContent === '6', `bigoudenn: the jambon shows ${jambon.querySelector('.bg-value').textContent}`);
    const points = bg.recipePoints(['jambon', 'oeuf', 'fromage_rape'], 'rozenn').points;
    expect(points === 8 + 5 + 5, `bigoudenn: a specialty galette scores ${points}`);

    const castors = await import('/games/castors-cards.js');
    expect(castors.ACTIONS.join() === 'echanger,regarder', `castors: action cards ${castors.ACTIONS.join()}`);

    const ff = await import('/games/fishfish-cards.js');
    expect(ff.LINES === 6, `fishfish: ${ff.LINES} lines`);
    return out;
  });
  await context.close();
  check(problems.length === 0, `a renderer does not draw the published data:\n  ${problems.join('\n  ')}`);
  log('cards: every renderer draws the card data the server publishes (altered data drawn as altered)');
}

// A Fish Fish table watched by a page whose card data first fails, then comes late.
async function atTable(base, browser) {
  const seats = await wsSeats(browser, base);
  const a = await seats.add('Katell');
  const b = await seats.add('Yann');
  const code = await a.create('fishfish');
  await b.join(code);
  await a.start();

  const errors = [];
  const p = await newPlayer(browser, 'Watcher', { width: 390, height: 844 }, errors);
  let calls = 0;
  let release;
  const released = new Promise((r) => { release = r; });
  await serveAltered(p.context, base, ['fishfish'], async () => {
    calls += 1;
    if (calls === 1) return 'fail';
    await released;
    return 'serve';
  });
  await watchByCode(p, base, code);
  const failed = p.page.locator('[data-testid=load-failed]');
  await failed.waitFor();
  check(await p.page.evaluate(() => !!window.__lastSnap), 'no snapshot reached the page');
  check(await p.page.locator('.table .ff').count() === 0, 'the table was drawn without its card data');
  const text = await failed.innerText();
  check(/cartes|cards/i.test(text), `the error does not say what failed: ${text}`);
  log(`cards: a failed fetch of the card data shows "${text.replace(/\s+/g, ' ')}"`);

  await p.page.click('[data-testid=load-retry]');
  await sleep(400);
  check(calls === 2, `the retry fetched ${calls - 1} times`);
  check(await failed.count() === 0, 'the error stays while retrying');
  check(await p.page.locator('.table .ff').count() === 0, 'the table was drawn before its card data came');
  release();
  await p.page.locator('.table .ff').waitFor();
  const lines = await p.page.locator('.table .ff-past').count();
  check(lines === 6, `the table shows ${lines} lines, not the 6 published`);
  const unexpected = errors.filter((e) => !/Failed to load resource/.test(e));
  check(unexpected.length === 0, `page errors:\n  ${unexpected.join('\n  ')}`);
  log('cards: nothing drawn before the card data; the retry draws the table from the published data (6 lines)');
  await p.context.close();
  await seats.close();
}

export default async function cards({ base, browser }) {
  await noCopies(base);
  await drawsPublished(base, browser);
  await atTable(base, browser);
}
