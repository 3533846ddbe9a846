// Carambouille at the market: the host opens a table, two friends come in through the invite link
// (one on a 360 px phone), a fourth person watches by code. The First Merchant rings the bell
// (Dreling Ding!), one player makes an offer by clicking (cards, announcement, ask, recipient),
// the recipient accepts it by clicking; the two traders see their hands change, and every page,
// the spectator's included, sees the deal in the market feed without the cards that changed hands.
// Trading closes, the First Merchant sells a lot, and the game is played to its end by random
// clicks: everyone must see the same final scores.
import {
  OVERALL_MS, check, checkNoPageErrors, clickSomething, joinByInvite, log, newPlayer, openRoom,
  sameFinalScores, shot, sleep, watchByCode,
} from '../lib.mjs';

// Random play: first a market (sales, buying, reactions), then a quiet one, so that the stall rule
// (two rounds with no sale and no card dealt) brings the end within minutes. The bell, ending sale
// turns and reaction windows come often; building offers (many buttons) seldom. Late on, playing
// reaction cards rather than passing empties hands of them, so fewer windows open.
const MARKET_ROUNDS = 2;
const marketDay = (act) => ({ ring: 40, buy: 8, 'sell-pick': 3, sell: 3, pass: 6, react: 4, accept: 2, confirm: 4, pick: 2, lay_panier: 2,
  persuasion_exchange: 4, persuasion_none: 6 }[act] ?? 0.3);
const closingTime = (act) => ({ ring: 40, buy: 8, pass: 2, react: 6, confirm: 4, pick: 2, persuasion_none: 6 }[act] ?? 0);

// The page's clickable actions, as clickSomething sees them (the open dialog first), in one look.
function actsOn(p) {
  return p.page.evaluate(() => {
    const scope = document.querySelector('dialog[open]') || document.getElementById('main');
    return [...scope.querySelectorAll('button[data-act]:not([disabled])')].filter((b) => b.checkVisibility()).map((b) => b.dataset.act);
  });
}

// The round the page shows, and whether the final scoreboard is up, in one look.
function tableOf(p) {
  return p.page.evaluate(() => {
    const board = document.querySelector('[data-testid=scoreboard]');
    return {
      round: Number((document.querySelector('.cr-round')?.textContent || '').replace(/\D+/g, '')) || 0,
      over: !!board && !board.hidden && board.checkVisibility(),
    };
  });
}

const seatOf = async (p) => Number(await p.page.locator('.seat.me').getAttribute('data-seat'));

// The cards of a player's hand as the page shows them: [{id, name, label}].
function handOf(p) {
  return p.page.locator('[data-testid=cr-hand] [data-card]').evaluateAll((els) => els.map((e) => ({
    id: e.dataset.card, name: e.dataset.name, label: e.querySelector('.name').textContent,
  })));
}

// After a trade: card `gone` has left p's hand, and a card named `name` came in under an id the hand
// never had (a card that changes hands privately gets a fresh id for its new holder). Its new id.
async function waitForTraded(p, name, gone, before) {
  try {
    const fresh = await p.page.waitForFunction(([wanted, left, old]) => {
      const cards = [...document.querySelectorAll('[data-testid=cr-hand] [data-card]')];
      if (cards.some((e) => e.dataset.card === left)) return null;
      const got = cards.find((e) => e.dataset.name === wanted && !old.includes(e.dataset.card));
      return got ? got.dataset.card : null;
    }, [name, gone, before]);
    return await fresh.jsonValue();
  } catch {
    throw new Error(`${p.name}'s hand should now hold a new ${name} and no longer ${gone}`);
  }
}

// A product name as a word of the page's text (short names like "ail" hide inside other words).
function saysWord(text, word) {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
}

// The page never scrolls sideways (on a phone, a wide score sheet scrolls within its own box).
async function checkFitsWidth(p, when) {
  const [wide, room] = await p.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(wide <= room, `${p.name}'s page is ${wide} px wide on a ${room} px screen ${when}`);
}

async function firstWith(pages, selector, what) {
  const until = Date.now() + 20000;
  while (Date.now() < until) {
    for (const p of pages) if (await p.page.locator(selector).count()) return p;
    await sleep(100);
  }
  throw new Error(`nobody has ${what}`);
}

// The seller picks a product in its hand, then one lot size; returns the seller's seat.
async function sellOneLot(seller) {
  await seller.page.locator('#main button[data-act=sell-pick]').first().click();
  const lot = seller.page.locator('#main button[data-act=sell]').first();
  log(`${seller.name} sells: ${(await lot.textContent()).trim()}`);
  await lot.click();
  return seatOf(seller);
}

// One offer made and accepted by clicking; checks who learns what.
async function tradeByClicking(offerer, target, others) {
  const targetSeat = await seatOf(target);
  const mine = await handOf(offerer);
  const [give] = mine;
  check(give, `${offerer.name} has no card to offer`);
  await offerer.page.click(`[data-testid=cr-hand] button[data-card="${give.id}"]`);
  await offerer.page.click(`[data-testid=cr-builder] [data-key="cr-to-${targetSeat}"]`);
  await offerer.page.click('[data-testid=cr-builder] [data-key=cr-ann-truth]');
  await offerer.page.click('[data-testid=cr-builder] [data-key=cr-ask-add]');
  await offerer.page.selectOption('[data-testid=cr-builder] select[data-key=cr-ask-kind-0]', '2'); // a number of cards
  await offerer.page.selectOption('[data-testid=cr-builder] select[data-key=cr-ask-cards-0]', '0'); // 1 card
  await offerer.page.click('[data-testid=cr-builder] [data-key=cr-send-offer]');

  // The target sees the offer coming to it, with its public words, and answers by clicking.
  const incoming = target.page.locator('[data-testid=cr-offer].forme');
  await incoming.waitFor();
  const offer = await incoming.getAttribute('data-offer');
  check(saysWord(await incoming.textContent(), give.label), `${target.name} does not see "${give.label}" announced in offer ${offer}`);
  const theirs = await handOf(target);
  const back = theirs.find((c) => c.label !== give.label) || theirs[0];
  await target.page.click(`[data-testid=cr-offer][data-offer="${offer}"] [data-act=accept-choose]`);
  await target.page.click(`[data-testid=cr-hand] button[data-card="${back.id}"]`);
  await target.page.click(`[data-key="cr-accg-${offer}"]`);
  log(`${offerer.name} gave ${give.label} (${give.id}) to ${target.name} for ${back.label} (${back.id}) in ${offer}`);

  // The two traders' hands changed as expected, each card under a fresh id that its giver never
  // reads; they alone read the cards in their log.
  const got = await waitForTraded(offerer, back.name, give.id, mine.map((c) => c.id));
  const gave = await waitForTraded(target, give.name, back.id, theirs.map((c) => c.id));
  check(got !== back.id && gave !== give.id, `the cards traded in ${offer} kept their ids`);
  check(!(await offerer.page.content()).includes(gave), `${offerer.name} reads the new id of the card it gave`);
  check(!(await target.page.content()).includes(got), `${target.name} reads the new id of the card it gave`);
  for (const p of [offerer, target]) {
    const text = await p.page.locator('[data-testid=log]').textContent();
    check(saysWord(text, back.label), `${p.name}'s log does not tell which card ${target.name} gave`);
  }
  // Everyone, the spectator included, sees the deal in the market feed, without its cards.
  for (const p of [offerer, target, ...others]) {
    const line = p.page.locator(`[data-testid=cr-feed] li[data-entry=trade][data-offer="${offer}"]`);
    try { await line.waitFor(); } catch { throw new Error(`${p.name} does not see the deal ${offer} in the feed`); }
    const text = await line.textContent();
    check(!saysWord(text, give.label) && !saysWord(text, back.label), `the feed tells ${p.name} the cards of ${offer}: ${text}`);
  }
  for (const p of others) {
    const html = await p.page.content();
    check([give.id, back.id, got, gave].every((id) => !html.includes(id)), `${p.name}'s page holds the ids of the cards traded in ${offer}`);
    if (back.label !== give.label) {
      const text = await p.page.locator('[data-testid=log]').textContent();
      check(!saysWord(text, back.label), `${p.name}'s log tells which card ${target.name} gave: ${back.label}`);
    }
  }
  return offer;
}

export default async function carambouille({ base, browser, shots, errors }) {
  const desktop = { width: 1280, height: 860 };
  const host = await newPlayer(browser, 'Mireille', desktop, errors);
  const second = await newPlayer(browser, 'Fanny', desktop, errors);
  const third = await newPlayer(browser, 'Marius', { width: 360, height: 740 }, errors, { mobile: true });
  const watcher = await newPlayer(browser, 'César', { width: 1024, height: 768 }, errors);
  const players = [host, second, third];
  const everyone = [...players, watcher];

  // The host opens a table; two friends come in through the invite link; a fourth watches.
  const { invite, code } = await openRoom(host, base, 'carambouille');
  log(`room ${code} created, invite ${invite}`);
  for (const p of [second, third]) await joinByInvite(p, invite);
  await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 3);
  await watchByCode(watcher, base, code);
  await host.page.waitForFunction(() => /1/.test(document.querySelector('[data-testid=spectators]')?.textContent || ''));
  await host.page.click('[data-testid=start]');
  for (const p of everyone) await p.page.locator('.table .cr').waitFor();
  await Promise.all([shot(host, shots, '01-bell-desktop'), shot(third, shots, '02-bell-phone')]);

  // The First Merchant rings: Dreling Ding! on every page.
  const merchant = await firstWith(players, '#main button[data-act=ring]', 'the bell');
  log(`${merchant.name} holds the bell`);
  await merchant.page.click('#main button[data-act=ring]');
  for (const p of everyone) {
    try { await p.page.locator('[data-testid=cr-ding][data-open=true]').waitFor(); } catch { throw new Error(`${p.name} does not see Dreling Ding!`); }
  }
  await Promise.all([shot(merchant, shots, '03-dreling-ding'), shot(watcher, shots, '04-ding-spectator')]);
  check((await watcher.page.locator('button[data-act]:not([disabled])').count()) === 0, 'the spectator has clickable actions');

  // Fanny offers a card to Marius (on his phone), who accepts it.
  const offer = await tradeByClicking(second, third, [host, watcher]);
  await Promise.all([shot(second, shots, '05-trade-offerer'), shot(third, shots, '06-trade-phone'), shot(watcher, shots, '07-trade-spectator')]);
  await checkFitsWidth(third, 'while trading');

  // The bell again (it asks first): trading closes; the First Merchant sells a lot, seen by all on
  // the score sheet.
  await merchant.page.click('#main button[data-act=ring]');
  await merchant.page.click('dialog[open][data-testid=close-confirm] [data-testid=confirm-yes]');
  for (const p of everyone) await p.page.locator('[data-testid=cr-saleboard]').waitFor();
  await merchant.page.locator('#main button[data-act=sell-pick]').first().waitFor();
  await shot(merchant, shots, '08-sale-choices');
  const seller = await sellOneLot(merchant);
  for (const p of everyone) {
    await p.page.waitForFunction((s) => Number(document.querySelector(`[data-testid=cr-stall][data-seat="${s}"] [data-testid=cr-account]`)?.textContent) > 0, seller);
  }
  await Promise.all([shot(watcher, shots, '09-sale-spectator'), shot(third, shots, '09-sale-phone')]);
  log(`deal ${offer} done; seat ${seller} sold a lot`);

  // Then random clicks, to the end of the game.
  let clicks = 0;
  let sawReaction = false;
  let lastRound = 0;
  const shotAt = new Set();
  const started = Date.now();
  const until = started + OVERALL_MS - 90000;
  for (let table = await tableOf(watcher); !table.over; table = await tableOf(watcher)) {
    if (Date.now() > until) throw new Error(`the game did not end after ${clicks} clicks (round ${table.round})`);
    const weight = table.round <= MARKET_ROUNDS ? marketDay : closingTime;
    if (table.round !== lastRound) {
      lastRound = table.round;
      await checkFitsWidth(third, `in round ${table.round}`);
    }
    let acted = false;
    for (const p of players) {
      const acts = await actsOn(p);
      if (!sawReaction && acts.includes('pass')) {
        sawReaction = true;
        await shot(p, shots, `10-reaction-${p.name}`);
      }
      if (!acts.some((a) => weight(a) >= 1)) continue;
      if (await clickSomething(p, weight)) { acted = true; clicks += 1; }
    }
    if (!acted) await sleep(80);
    for (const [at, label] of [[20, 'mid'], [60, 'later']]) {
      if (clicks >= at && !shotAt.has(at)) {
        shotAt.add(at);
        await Promise.all([shot(host, shots, `11-${label}-desktop`), shot(third, shots, `12-${label}-phone`), shot(watcher, shots, `13-${label}-spectator`)]);
      }
    }
  }
  for (const p of players) await p.page.locator('[data-testid=scoreboard]').waitFor();
  const { round } = await tableOf(watcher);
  log(`game over in round ${round} after ${clicks} random clicks in ${Math.round((Date.now() - started) / 1000)} s${sawReaction ? ', reaction windows included' : ''}`);

  const scores = await sameFinalScores(everyone);
  await Promise.all([shot(host, shots, '14-end-desktop'), shot(third, shots, '15-end-phone'), shot(watcher, shots, '16-end-spectator')]);
  await checkFitsWidth(third, 'at the end');
  log(`final scores (seat:points) ${scores}`);
  checkNoPageErrors(errors);
}
