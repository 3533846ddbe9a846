// The moment between two rounds, and what the turn clock plays, through the page. Fish Fish for
// two with a 10 s turn clock: Katell, in the page, never acts; Yann, over WebSocket, plays at once.
//   - Katell's turns are played by the turn clock, and her log and prompt line say so ("temps
//     écoulé — … (joué automatiquement)");
//   - when the round ends its lines and points stay, "Continuer" is on screen without scrolling
//     (at 1366×768 and 390×844) with its countdown, and the only deadlines are the pause's: no
//     turn clock runs and nothing of the next round starts while the table waits;
//   - the next round starts once both have continued, and only then does its turn clock run.
import path from 'node:path';
import { check, joinByInvite, log, newPlayer, sleep } from '../lib.mjs';
import { wsSeats } from '../ws-seats.mjs';

const AUTO = /temps écoulé — .+ \(joué automatiquement\)|time ran out — .+ \(played automatically\)/;

// The "Continuer" button is inside the screen and the page does not scroll.
async function continueInSight(page) {
  return page.evaluate(() => {
    const button = document.querySelector('[data-testid=round-pause] button[data-act=continue]');
    if (!button) return 'no Continuer button';
    const r = button.getBoundingClientRect();
    const page = document.scrollingElement;
    if (page.scrollHeight > innerHeight + 1) return `the page scrolls (${page.scrollHeight} on ${innerHeight})`;
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return `Continuer is off the screen (${Math.round(r.top)}–${Math.round(r.bottom)} of ${innerHeight})`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === button || button.contains(hit))) return 'Continuer is covered';
    if (!button.closest('[data-testid=round-pause]').querySelector('.countdown')) return 'no countdown beside Continuer';
    return null;
  });
}

export default async function roundPause({ base, browser, shots, errors }) {
  const katell = await newPlayer(browser, 'Katell', { width: 1366, height: 768 }, errors);
  const seats = await wsSeats(browser, base);
  const yann = await seats.add('Yann');
  const code = await yann.create('fishfish', { turn_seconds: 10 });
  await joinByInvite(katell, `${base}/r/${code}`);
  await yann.start();
  await katell.page.locator('.table .ff').waitFor();
  // Yann plays whatever is listed, but never continues by himself.
  await yann.play((snap, t) => {
    const action = (snap.actions || []).find((a) => a.type !== 'continue');
    return action ? t.fill(action) : null;
  }, [50, 150]);
  log('round-pause: the game runs, Katell idle');

  // Katell's turns are played by the clock, and said to be.
  const page = katell.page;
  await page.waitForFunction((src) => [...document.querySelectorAll('[data-testid=log] li')].some((li) => new RegExp(src).test(li.textContent)),
    AUTO.source, { timeout: 30000 });
  log('round-pause: the log says what the turn clock played');
  // …and so does the prompt line, for a moment (the page still on one screen).
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid=auto-note]')?.textContent || ''),
    AUTO.source, { timeout: 30000 });
  check(await page.evaluate(() => document.scrollingElement.scrollHeight <= innerHeight + 1), 'the prompt\'s note made the page scroll');
  await page.screenshot({ path: path.join(shots, 'auto-note-1366x768.png') });
  log('round-pause: the prompt says it too');

  // The round ends: its summary, Continuer, and only the pause's deadlines.
  await page.locator('[data-testid=round-pause] button[data-act=continue]').waitFor({ timeout: 120000 });
  const paused = await page.evaluate(() => window.__lastSnap);
  check(paused.view.phase === 'round_over' && paused.view.round === 1, `not the end of round 1: ${paused.view.phase} ${paused.view.round}`);
  const kinds = (snap) => (snap.deadlines || []).map((d) => `${d.kind}:${d.seat}`).sort().join(',');
  check(kinds(paused) === 'round_over:0,round_over:1', `deadlines in the pause: ${kinds(paused)}`);
  const drawnLines = await page.locator('.ff-past:not(.empty)').count();
  check(drawnLines === paused.view.lines.length, `${drawnLines} lines drawn in the pause, ${paused.view.lines.length} in the view`);
  check((await page.locator('[data-testid=round-summary]').count()) === 1, 'no round summary');
  let wrong = await continueInSight(page);
  check(!wrong, `laptop: ${wrong}`);
  await page.screenshot({ path: path.join(shots, 'round-pause-1366x768.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await sleep(300);
  wrong = await continueInSight(page);
  await page.screenshot({ path: path.join(shots, 'round-pause-390x844.png') });
  check(!wrong, `phone: ${wrong}`);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Nothing moves while the table waits (well past a turn clock's 10 s would be too long: 3 s).
  await sleep(3000);
  const still = await page.evaluate(() => window.__lastSnap);
  check(still.view.phase === 'round_over' && still.view.round === 1, 'the pause ended by itself too early');
  check(kinds(still) === 'round_over:0,round_over:1', `deadlines while waiting: ${kinds(still)}`);

  // Katell continues: the table waits for Yann alone.
  await page.click('[data-testid=round-pause] button[data-act=continue]');
  await page.locator('[data-testid=round-pause] .round-pause-wait').waitFor();
  const half = await page.evaluate(() => window.__lastSnap);
  check(half.view.phase === 'round_over', 'the next round started before Yann continued');
  check(kinds(half) === `round_over:${1 - half.seat}`, `deadlines once Katell continued: ${kinds(half)}`);

  // Yann continues: round 2 starts, and its turn clock runs from now.
  const before = Date.now();
  await yann.play((snap) => (snap.actions || []).find((a) => a.type === 'continue') || null, [50, 100]);
  await page.waitForFunction(() => window.__lastSnap?.view?.round === 2);
  await yann.stop();
  const next = await page.evaluate(() => window.__lastSnap);
  check(next.view.phase === 'set_line', `round 2 starts in ${next.view.phase}`);
  const turn = (next.deadlines || []).find((d) => d.kind === 'turn');
  check(turn && turn.seat === next.view.fisher, `no turn clock for the Fisher of round 2: ${kinds(next)}`);
  // The server and the browser share this machine's clock.
  check(turn.at - before >= 9000, `round 2's turn clock started before the pause ended (${turn.at - before} ms left)`);
  await seats.close();
  await katell.context.close();
  log('round-pause: the pause held the next round until both continued');
}
