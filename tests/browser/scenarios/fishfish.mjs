// Fish Fish, a whole game: the host opens a table, two friends come in through the invite link
// (one on a 360 px phone), a fourth person watches by code; they play a whole game by clicking
// what the page offers (a random clickable action each time), one player reloads mid-game and
// another loses its connection: both must get their seat back by themselves; and everyone, the
// spectator included, must see the final scoreboard with the same scores.
import {
  OVERALL_MS, check, checkNoPageErrors, clickSomething, confirmOften, joinByInvite, log, logLength, newPlayer,
  openRoom, sameFinalScores, scoreboardShown, shot, sleep, waitForLog, watchByCode,
} from '../lib.mjs';

export default async function fishfish({ base, browser, shots, errors }) {
  const desktop = { width: 1280, height: 860 };
  const host = await newPlayer(browser, 'Katell', desktop, errors);
  const second = await newPlayer(browser, 'Yann', desktop, errors);
  const third = await newPlayer(browser, 'Soazig', { width: 360, height: 740 }, errors, { mobile: true });
  const watcher = await newPlayer(browser, 'Nolwenn', { width: 1024, height: 768 }, errors);
  const players = [host, second, third];

  // The host opens a Fish Fish table; two friends come in through the invite link.
  const { invite, code } = await openRoom(host, base, 'fishfish');
  await shot(host, shots, '01-lobby-desktop');
  log(`room ${code} created, invite ${invite}`);
  for (const p of [second, third]) await joinByInvite(p, invite);
  await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 3);
  await shot(third, shots, '02-waiting-phone');

  // A fourth watches, by code from the start page.
  await watchByCode(watcher, base, code);
  check((await watcher.page.locator('[data-testid=start]').count()) === 0, 'the spectator sees a start button');
  await host.page.waitForFunction(() => /1/.test(document.querySelector('[data-testid=spectators]')?.textContent || ''));
  await shot(host, shots, '03-waiting-desktop');

  // The host starts; every page shows the table.
  await host.page.click('[data-testid=start]');
  for (const p of [...players, watcher]) await p.page.locator('.table .ff').waitFor();
  log('game started');

  // Play by clicking until the game ends.
  let clicks = 0;
  let reloaded = false;
  let shotMid = false;
  let langChecked = false;
  let dropped = false;
  const until = Date.now() + OVERALL_MS - 60000;
  for (;;) {
    if (Date.now() > until) throw new Error(`the game did not end after ${clicks} clicks`);
    const done = await Promise.all([...players, watcher].map(scoreboardShown));
    if (done.every(Boolean)) break;
    let acted = false;
    for (const p of players) {
      if (await clickSomething(p, confirmOften)) { acted = true; clicks += 1; }
    }
    if (!acted) await sleep(60);
    if (!shotMid && clicks >= 8) {
      shotMid = true;
      check((await watcher.page.locator('button[data-act]:not([disabled])').count()) === 0, 'the spectator has clickable actions');
      await Promise.all([shot(host, shots, '04-game-desktop'), shot(third, shots, '05-game-phone'), shot(watcher, shots, '06-game-spectator')]);
    }
    if (!reloaded && clicks >= 14) {
      // A reload must bring the player back to its seat (token in localStorage).
      reloaded = true;
      const seatBefore = await second.page.locator('.seat.me').getAttribute('data-seat');
      const logBefore = await logLength(second);
      await second.page.reload();
      await second.page.locator('.table .ff').waitFor();
      await waitForLog(second, logBefore, 'after a reload');
      const seatAfter = await second.page.locator('.seat.me').getAttribute('data-seat');
      check(seatBefore === seatAfter, `after a reload the player sits at ${seatAfter}, not ${seatBefore}`);
      log(`reload: ${second.name} is back at seat ${seatAfter}`);
    }
    if (!dropped && clicks >= 26) {
      // A dropped connection: the page says so, reconnects by itself and resumes the seat.
      dropped = true;
      const seatBefore = await third.page.locator('.seat.me').getAttribute('data-seat');
      const logBefore = await logLength(third);
      await third.page.evaluate(() => window.__sockets.forEach((ws) => ws.close()));
      await third.page.locator('[data-testid=conn].conn-reconnecting').waitFor();
      await third.page.locator('[data-testid=conn].conn-online').waitFor();
      await third.page.locator('.table .ff').waitFor();
      await waitForLog(third, logBefore, 'after a reconnection');
      const seatAfter = await third.page.locator('.seat.me').getAttribute('data-seat');
      check(seatBefore === seatAfter, `after a reconnection the player sits at ${seatAfter}, not ${seatBefore}`);
      log(`dropped connection: ${third.name} reconnected at seat ${seatAfter}`);
    }
    if (!langChecked && clicks >= 20) {
      langChecked = true;
      await watcher.page.click('[data-testid=lang-en]');
      await watcher.page.waitForFunction(() => document.documentElement.lang === 'en' && document.getElementById('log-title')?.textContent === 'Game log');
      // After a reload the spectator still watches, in English, and holds no seat.
      await watcher.page.reload();
      await watcher.page.locator('.table .ff').waitFor();
      await watcher.page.waitForFunction(() => document.documentElement.lang === 'en' && document.getElementById('log-title')?.textContent === 'Game log');
      check((await watcher.page.locator('.seat.me').count()) === 0, 'after a reload the spectator sits at a seat');
      log('spectator: English kept and still watching after a reload');
    }
  }
  log(`game over after ${clicks} clicks`);

  // Everyone sees the same final scores and a winner.
  const scores = await sameFinalScores([...players, watcher]);
  check((await host.page.locator('[data-testid=rematch]').count()) === 1, 'the host has no rematch button');
  check((await watcher.page.locator('[data-testid=rematch]').count()) === 0, 'the spectator has a rematch button');
  await Promise.all([shot(host, shots, '07-end-desktop'), shot(third, shots, '08-end-phone'), shot(watcher, shots, '09-end-spectator')]);
  log(`final scores (seat:points) ${scores}`);

  checkNoPageErrors(errors);
}
