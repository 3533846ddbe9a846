// Tips on action cards (web-client/js/tips.js): every action card of every game explains itself in
// French and in English, on hover with a mouse and on a long press with a finger, and the long
// press does not also press the button under the finger. First every card as the games' card
// modules draw it, then at real tables: a Castors action card on the discard pile (a laptop
// player hovers it, a phone spectator holds it), Bharg's Ace pile, a Bigoudenn utensil.
import {
  check, checkNoPageErrors, clickSomething, log, longPress, newPlayer, sleep, waitForTip, watchByCode,
} from '../lib.mjs';
import { wsSeats } from '../ws-seats.mjs';
import path from 'node:path';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// Draws every action card of every game in a strip over the page, each with its expected tip;
// returns [{id, tip}] (ids: data-fixture of each card).
function drawFixture(page) {
  return page.evaluate(async () => {
    const { t } = await import('/js/i18n.js');
    // The card modules get the server's card data from the loader, as at a table.
    const { loadRenderer } = await import('/js/renderers.js');
    await Promise.all(['castors', 'carambouille', 'bigoudenn'].map(loadRenderer));
    const castors = await import('/games/castors-cards.js');
    const caram = await import('/games/carambouille-cards.js');
    const bg = await import('/games/bigoudenn-cards.js');
    const ctxOf = (game) => ({ gt: (k, p) => t(`${game}.${k}`, p), t, lang: document.documentElement.lang });
    document.getElementById('fixture')?.remove();
    const strip = document.createElement('div');
    strip.id = 'fixture';
    Object.assign(strip.style, { position: 'fixed', left: '4px', right: '4px', top: '180px', zIndex: 20, display: 'flex', flexWrap: 'wrap', gap: '8px', padding: '8px', background: '#174a37' });
    const out = [];
    const add = (id, el, tip) => { el.dataset.fixture = id; strip.append(el); out.push({ id, tip }); };
    for (const face of castors.ACTIONS) add(`castors-${face}`, castors.card(face, ctxOf('castors')), t(`castors.ui.tip_${face}`));
    for (const type of caram.CARD_TYPES) add(`carambouille-${type}`, caram.card(type, ctxOf('carambouille')), t(`carambouille.tips.${type}`));
    for (const u of bg.DATA.utensils) {
      add(`bigoudenn-${u}`, bg.utensilPiece(u, t(`bigoudenn.ui.utensils.${u}`), { tip: t(`bigoudenn.ui.utensil_tips.${u}`) }), t(`bigoudenn.ui.utensil_tips.${u}`));
    }
    document.body.append(strip);
    return out;
  });
}

const setLang = (p, lang) => p.page.evaluate((l) => import('/js/i18n.js').then((m) => m.setLang(l)), lang);

async function hoverShows(p, locator, text, what) {
  await p.page.mouse.move(2, 2);
  await sleep(60);
  await locator.hover();
  await waitForTip(p, text, what);
}

// Watched from before the finger goes down: the bubble stays 3.5 s after it shows, and on a busy
// machine a watch begun only after the lift had been answered could begin after it.
async function pressShows(p, locator, text, what) {
  await p.page.evaluate(() => import('/js/tips.js').then((m) => m.hideTip()));
  const shown = waitForTip(p, text, what, 5000);
  shown.catch(() => {});  // reported where it is awaited, even if the press itself is slow
  await longPress(p, locator);
  await shown;
}

// Every card, both languages: hover on the laptop, long press on the phone; the two languages differ.
async function everyCard(laptop, phone) {
  const seen = {};
  for (const lang of ['fr', 'en']) {
    for (const p of [laptop, phone]) {
      await setLang(p, lang);
      const cards = await drawFixture(p.page);
      check(cards.length === 16, `${cards.length} action cards drawn, 16 expected`);
      for (const { id, tip } of cards) {
        check(tip && !tip.includes('.tip') && !tip.includes('tips.'), `no ${lang} tip for ${id}: ${tip}`);
        const el = p.page.locator(`[data-fixture="${id}"]`);
        if (p === laptop) await hoverShows(p, el, tip, `${id} (${lang}, hover)`);
        else await pressShows(p, el, tip, `${id} (${lang}, long press)`);
        seen[id] = seen[id] || {};
        seen[id][lang] = tip;
      }
      await p.page.evaluate(() => document.getElementById('fixture')?.remove());
    }
  }
  for (const [id, by] of Object.entries(seen)) check(by.fr !== by.en, `${id}: the French and English tips are the same`);
  log(`tips: ${Object.keys(seen).length} action cards explained in FR and EN, on hover and on long press`);
}

// A table of `game` opened by a WebSocket seat, with the page player `me` at it and `more` other
// WebSocket seats; a spectator page `watcher` if given. Returns {code, seats, others}.
async function table(browser, base, game, options, me, more, watcher) {
  const seats = await wsSeats(browser, base);
  const others = [];
  for (let i = 0; i < more + 1; i += 1) others.push(await seats.add(['Yann', 'Soazig', 'Gwen', 'Erwan'][i]));
  const code = await others[0].create(game, options);
  await me.page.goto(`${base}/r/${code}`);
  await me.page.fill('[data-testid=name]', me.name);
  await me.page.click('[data-testid=enter]');
  await me.page.locator('[data-testid=invite-link]').waitFor();
  for (const s of others.slice(1)) await s.join(code);
  if (watcher) await watchByCode(watcher, base, code);
  await others[0].start();
  await me.page.locator('[data-testid=table]:not([hidden])').waitFor();
  return { code, seats, others };
}

async function castorsTable({ base, browser, shots, errors }) {
  const me = await newPlayer(browser, 'Katell', LAPTOP, errors);
  const phone = await newPlayer(browser, 'Nolwenn', PHONE, errors, { mobile: true });
  const { seats, others } = await table(browser, base, 'castors', { rounds: 1 }, me, 2, phone);
  // The other seats never knock (a knock is a listed action of the same type with "knock": true,
  // so weights by type would knock half the time and end the only round early), and hold still
  // once an action card lies on the discard pile.
  const holdAtAction = (snap, { fill, rand }) => {
    if (typeof snap.view?.discard?.top === 'string') return null;
    const list = (snap.actions || []).filter((a) => !a.knock);
    return list.length ? fill(list[rand(list.length)]) : null;
  };
  for (const s of others) await s.play(holdAtAction, [150, 400]);
  // Play until an action card lies on the discard pile of both pages; the page player stops
  // clicking as soon as its own page shows one, so that it does not cover it.
  const onDiscard = '[data-anchor=discard] .cb-card.action';
  const until = Date.now() + 120000;
  for (;;) {
    const mine = await me.page.locator(onDiscard).count();
    if (mine && await phone.page.locator(onDiscard).count()) break;
    check(Date.now() < until, 'no action card reached the discard pile in two minutes');
    if (!mine) await clickSomething(me, (act) => (act === 'knock' ? 0 : 1));
    await sleep(150);
  }
  for (const s of others) await s.stop();
  await sleep(1200); // the last moves drawn
  const face = await me.page.locator(onDiscard).first().evaluate((el) => [...el.classList].find((c) => ['echanger', 'regarder', 'piocher'].includes(c)));
  // Both dictionaries first: a page loads only its own language until asked for the other.
  const tips = await me.page.evaluate((f) => import('/js/i18n.js').then(async ({ t, getLang, setLang, loadLang }) => {
    await Promise.all([loadLang('fr'), loadLang('en')]);
    const was = getLang();
    setLang('fr'); const fr = t(`castors.ui.tip_${f}`);
    setLang('en'); const en = t(`castors.ui.tip_${f}`);
    setLang(was);
    return { fr, en };
  }), face);
  // The laptop player hovers it; the phone spectator holds it, and the pile is not pressed.
  await hoverShows(me, me.page.locator(onDiscard).first(), tips.fr, `the discarded ${face} (laptop)`);
  await sleep(250); // the bubble's fade-in
  if (shots) await me.page.screenshot({ path: path.join(shots, 'castors-tip-1366x768.png') });
  const pile = phone.page.locator('[data-anchor=discard]');
  const pressed = await pile.getAttribute('aria-pressed');
  await pressShows(phone, phone.page.locator(onDiscard).first(), tips.fr, `the discarded ${face} (phone)`);
  await sleep(250);
  if (shots) await phone.page.screenshot({ path: path.join(shots, 'castors-tip-390x844.png') });
  check((await pile.getAttribute('aria-pressed')) === pressed, 'the long press also pressed the discard pile');
  for (const p of [me, phone]) await setLang(p, 'en');
  await sleep(300);
  await hoverShows(me, me.page.locator(onDiscard).first(), tips.en, `the discarded ${face} in English (laptop)`);
  await pressShows(phone, phone.page.locator(onDiscard).first(), tips.en, `the discarded ${face} in English (phone)`);
  log(`tips: the discarded ${face} explained at the table, hover and long press, FR and EN`);
  for (const p of [me, phone]) await p.context.close();
  await seats.close();
}

async function bhargTable({ base, browser, shots, errors }) {
  const me = await newPlayer(browser, 'Katell', LAPTOP, errors);
  const touch = await newPlayer(browser, 'Nolwenn', LAPTOP, errors, { mobile: true });
  const { seats } = await table(browser, base, 'bharg', {}, me, 0, touch);
  const pile = (p) => p.page.locator('[data-testid=ace-pile]');
  await pile(me).waitFor();
  const text = await me.page.evaluate(() => import('/js/i18n.js').then(({ t }) => t('bharg.ui.aces_tip')));
  await hoverShows(me, pile(me), text, 'the Ace pile (hover)');
  await pressShows(touch, pile(touch), text, 'the Ace pile (long press)');
  const rule = await me.page.locator('.bh-ace-rule').textContent();
  check(!/seuls les bhargs lient/.test(rule), `the Ace pile still reads in jargon: ${rule}`);
  const turns = await me.page.locator('.bh-turns').first().textContent();
  check(!/\d+\/\d+/.test(turns), `the turn counter reads like a fraction: ${turns}`);
  if (shots) await me.page.screenshot({ path: path.join(shots, 'bharg-ace-tip.png') });
  log(`tips: Bharg's Ace pile explained; the top strip reads "${turns}"`);
  for (const p of [me, touch]) await p.context.close();
  await seats.close();
}

async function bigoudennTable({ base, browser, shots, errors }) {
  const me = await newPlayer(browser, 'Katell', LAPTOP, errors);
  const phone = await newPlayer(browser, 'Nolwenn', PHONE, errors, { mobile: true });
  const { seats } = await table(browser, base, 'bigoudenn', {}, me, 1, phone);
  const utensil = (p) => p.page.locator('#main .bg-utensil[data-tip]').first();
  await utensil(me).waitFor();
  const tip = await utensil(me).getAttribute('data-tip');
  const name = await utensil(me).getAttribute('data-flip');
  await hoverShows(me, utensil(me), tip, `${name} (hover)`);
  const same = phone.page.locator(`#main .bg-utensil[data-flip="${name}"]`).first();
  await pressShows(phone, same, tip, `${name} (long press)`);
  // The spectator is never told to act.
  const prompt = await phone.page.locator('[data-testid=prompt]').textContent();
  check(!/attrapez|grab/i.test(prompt), `the spectator is told to act: ${prompt}`);
  if (shots) await phone.page.screenshot({ path: path.join(shots, 'bigoudenn-utensil-tip-390x844.png') });
  log(`tips: Bigoudenn's ${name} explained; the spectator reads "${prompt}"`);
  for (const p of [me, phone]) await p.context.close();
  await seats.close();
}

export default async function tips(ctx) {
  const { base, browser, errors } = ctx;
  const laptop = await newPlayer(browser, 'Katell', LAPTOP, errors);
  const phone = await newPlayer(browser, 'Nolwenn', PHONE, errors, { mobile: true });
  for (const p of [laptop, phone]) await p.page.goto(`${base}/`);
  await everyCard(laptop, phone);
  for (const p of [laptop, phone]) await p.context.close();
  await castorsTable(ctx);
  await bhargTable(ctx);
  await bigoudennTable(ctx);
  checkNoPageErrors(errors);
}
