// Bots at the table:
// - the host adds two bots in the waiting room (robot marks, "Bot Katell", "Bot Yann"), takes one
//   away and puts one back; a friend on a phone sees them too; starting counts them as players;
// - the bots play by themselves (the game moves on without anyone clicking);
// - the friend closes its tab: the host lets a bot play its seat, which then wears the mark.
import {
  OVERALL_MS, check, checkNoPageErrors, joinByInvite, log, newPlayer, openRoom, shot,
} from '../lib.mjs';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const places = (p) => p.page.locator('.places .place.taken');
const botPlaces = (p) => p.page.locator('.places .place.taken [data-testid=bot-mark]');

async function waitCount(p, locator, n, what) {
  await p.page.waitForFunction(([sel, count]) => document.querySelectorAll(sel).length === count, [locator, n], { timeout: 10000 })
    .catch(() => { throw new Error(`${p.name}: ${what}`); });
}

export default async function bots({ base, browser, shots, errors }) {
  const started = Date.now();
  const host = await newPlayer(browser, 'Anna', LAPTOP, errors);
  const friend = await newPlayer(browser, 'Bleuenn', PHONE, errors, { mobile: true });
  const { invite } = await openRoom(host, base, 'carambouille');
  await joinByInvite(friend, invite);
  await waitCount(host, '.places .place.taken', 2, 'the friend should be seated');
  check((await friend.page.locator('[data-testid=add-bot]').count()) === 0, 'only the host may add a bot');

  await host.page.click('[data-testid=add-bot]');
  await waitCount(host, '.places .place.taken', 3, 'a bot should take the next seat');
  await host.page.click('[data-testid=add-bot]');
  await waitCount(host, '.places .place.taken [data-testid=bot-mark]', 2, 'two bots should wear the robot mark');
  const names = await places(host).allTextContents();
  check(names.some((n) => n.includes('Bot Katell')) && names.some((n) => n.includes('Bot Yann')), `bots' names: ${names}`);
  await host.page.locator('.places .place.bot').first().locator('[data-testid=remove-bot]').click();
  await waitCount(host, '.places .place.taken', 3, 'the bot should be removed');
  await host.page.click('[data-testid=add-bot]');
  await waitCount(friend, '.places .place.taken [data-testid=bot-mark]', 2, 'the friend should see both bots');
  check((await friend.page.locator('[data-testid=remove-bot]').count()) === 0, 'only the host may remove a bot');
  check(await botPlaces(host).count() === 2, 'two bots in the waiting room');
  await shot(host, shots, 'bots-waiting-laptop');
  await shot(friend, shots, 'bots-waiting-phone');

  // Four players, two of them bots: the game starts and moves on with nobody clicking.
  await host.page.click('[data-testid=start]');
  for (const p of [host, friend]) await p.page.waitForFunction(() => window.__lastSnap && window.__lastSnap.status === 'playing');
  const rev0 = await host.page.evaluate(() => window.__lastSnap.rev);
  await host.page.waitForFunction((r) => window.__lastSnap.rev > r + 1, rev0, { timeout: 20000 })
    .catch(() => { throw new Error('the bots should play by themselves'); });
  await host.page.locator('.seat-list [data-testid=bot-mark]').first().waitFor({ state: 'attached' });
  await shot(host, shots, 'bots-playing-laptop');
  await shot(friend, shots, 'bots-playing-phone');

  // The friend leaves its tab: the host hands its seat to a bot.
  await friend.context.close();
  const friendSeat = '.seat-list [data-seat="1"]';
  await host.page.locator(`${friendSeat}.offline [data-testid=bot-for]`).waitFor({ state: 'attached', timeout: 40000 });
  await host.page.locator(`${friendSeat} [data-testid=bot-for]`).evaluate((b) => b.click());
  await host.page.locator(`${friendSeat} [data-testid=bot-mark]`).waitFor({ state: 'attached' });
  check(!(await host.page.locator(`${friendSeat}.offline`).count()), 'a seat a bot plays is not shown as disconnected');
  await shot(host, shots, 'bots-handed-laptop');
  log('bots: seated, removed, playing, and a seat handed to a bot');
  await host.context.close();
  checkNoPageErrors(errors);
  check(Date.now() - started < OVERALL_MS, 'took too long');
}
