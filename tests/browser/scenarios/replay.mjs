// The replay of a finished game: two friends play a short Fish Fish game by clicking (one on a
// 360 px phone); on the final scoreboard the host clicks "watch the replay", steps forward and
// back (buttons and keyboard), jumps to the end and finds the same final scores as the live
// scoreboard, then goes back to the table; the phone player opens it too and nothing overflows;
// someone who never sat at the table opens /replay/<CODE> by link and sees the first step, then
// switches to English; unknown tables and games get a clear message.
import {
  OVERALL_MS, check, checkNoPageErrors, log, newPlayer, playFishFishDuo, scoreboardShown, shot, sleep,
} from '../lib.mjs';

// "Étape 3 / 40" or "Step 3 / 40" → {n: 3, total: 40}.
async function counter(p) {
  const text = (await p.page.locator('[data-testid=replay-counter]').textContent()).trim();
  const m = text.match(/^(\S+) (\d+) \/ (\d+)$/);
  check(m, `${p.name}: the step counter reads "${text}"`);
  return { word: m[1], n: Number(m[2]), total: Number(m[3]) };
}

async function waitForStep(p, n) {
  try {
    await p.page.waitForFunction((want) => {
      const m = (document.querySelector('[data-testid=replay-counter]')?.textContent || '').match(/ (\d+) \/ \d+$/);
      return m && Number(m[1]) === want;
    }, n, { timeout: 5000 });
  } catch {
    throw new Error(`${p.name}: the replay should show step ${n}, it shows ${(await counter(p)).n}`);
  }
}

// The scoreboard's scores as "seat:points,…", sorted.
function boardScores(p) {
  return p.page.locator('[data-testid=scoreboard]:visible .final-scores tbody tr').evaluateAll((rows) => rows
    .map((r) => `${r.dataset.seat}:${r.querySelector('[data-testid=final-score]').textContent}`).sort().join(','));
}

async function noActions(p, when) {
  const n = await p.page.locator('.table button[data-act]:not([disabled])').count();
  check(n === 0, `${p.name}: ${n} clickable action(s) on the replayed table ${when}`);
}

export default async function replay({ base, browser, shots, errors }) {
  const host = await newPlayer(browser, 'Anna', { width: 1280, height: 860 }, errors);
  const friend = await newPlayer(browser, 'Bleuenn', { width: 360, height: 740 }, errors, { mobile: true });
  // The viewer (js/replay.js) loads only when a replay is opened.
  const hostFiles = [];
  host.page.on('request', (r) => hostFiles.push(new URL(r.url()).pathname));

  // A short game: two players, four rounds.
  const { code, scores: live } = await playFishFishDuo(host, friend, base, OVERALL_MS - 90000);

  // The host watches the replay from the scoreboard: it starts at the first step.
  check(!hostFiles.includes('/js/replay.js'), 'the replay viewer was loaded before a replay was opened');
  await host.page.click('[data-testid=watch-replay]');
  await host.page.waitForURL(`**/replay/${code}`);
  await host.page.locator('[data-testid=replay] .table .ff').waitFor();
  check(hostFiles.includes('/js/replay.js'), 'opening the replay did not load the replay viewer');
  await waitForStep(host, 1);
  const { total, word } = await counter(host);
  check(word === 'Étape', `the French counter says "${word}"`);
  check(total > 3, `a whole game in only ${total} steps`);
  check(!(await scoreboardShown(host)), 'the scoreboard shows on the first step');
  check(/Fish Fish/.test(await host.page.locator('[data-testid=replay-title]').textContent()), 'the replay header does not name the game');
  check(/1 sur 1/.test(await host.page.locator('[data-testid=replay-index]').textContent()), 'the replay header does not say "Partie 1 sur 1"');
  await noActions(host, 'at the start');
  check(await host.page.locator('[data-testid=replay-start]').isDisabled(), '"to the start" is enabled on the first step');
  await shot(host, shots, '01-replay-start-desktop');

  // Forward, back, the keyboard, the slider's end.
  await host.page.click('[data-testid=replay-forward]');
  await waitForStep(host, 2);
  await host.page.click('[data-testid=replay-forward]');
  await waitForStep(host, 3);
  const logAt3 = await host.page.locator('[data-testid=log] li:not(.muted)').count();
  check(logAt3 > 0, 'no log entry after two steps');
  await host.page.click('[data-testid=replay-back]');
  await waitForStep(host, 2);
  await host.page.keyboard.press('ArrowRight');
  await waitForStep(host, 3);
  await host.page.keyboard.press('Home');
  await waitForStep(host, 1);
  await host.page.keyboard.press('End');
  await waitForStep(host, total);
  await host.page.keyboard.press('ArrowLeft');
  await waitForStep(host, total - 1);

  // The end: the same scoreboard as the live one, and the whole log.
  await host.page.click('[data-testid=replay-end]');
  await waitForStep(host, total);
  await host.page.locator('[data-testid=scoreboard]:visible').waitFor();
  const replayed = await boardScores(host);
  check(replayed === live, `the replay ends on ${replayed}, the game ended on ${live}`);
  check((await host.page.locator('[data-testid=log] li:not(.muted)').count()) > logAt3, 'the log did not grow along the replay');
  await noActions(host, 'at the end');
  await shot(host, shots, '02-replay-end-desktop');
  log(`replay: ${total} steps, ends on ${replayed}`);

  // Autoplay moves on by itself until paused.
  await host.page.keyboard.press('Home');
  await waitForStep(host, 1);
  await host.page.click('[data-testid=replay-play]');
  await waitForStep(host, 2);
  await host.page.click('[data-testid=replay-play]');
  await host.page.locator('[data-testid=replay-play][aria-pressed=false]').waitFor();
  const paused = (await counter(host)).n;
  await sleep(2600);
  check((await counter(host)).n === paused, 'the replay still moves on after pause');

  // Back to the table: the live scoreboard again, still seated.
  await host.page.click('[data-testid=replay-to-table]');
  await host.page.waitForURL(`**/r/${code}`);
  await host.page.locator('[data-testid=scoreboard]:visible').waitFor();
  check((await host.page.locator('[data-testid=rematch]').count()) === 1, 'back from the replay, the host has no rematch button');

  // The phone player opens it too: it fits 360 px.
  await friend.page.click('[data-testid=watch-replay]');
  await friend.page.locator('.table .ff').waitFor();
  await friend.page.click('[data-testid=replay-forward]');
  await waitForStep(friend, 2);
  const width = await friend.page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 360, `the replay is ${width} px wide on a 360 px phone`);
  await shot(friend, shots, '03-replay-phone');

  // Someone who never sat at the table opens the link: the first step, the players' names.
  const watcher = await newPlayer(browser, 'Nolwenn', { width: 1024, height: 768 }, errors);
  await watcher.page.goto(`${base}/replay/${code}`);
  await watcher.page.locator('.table .ff').waitFor();
  await waitForStep(watcher, 1);
  check((await counter(watcher)).total === total, 'the link shows another number of steps');
  const players = await watcher.page.locator('.replay-players').textContent();
  check(players.includes('Anna') && players.includes('Bleuenn'), `the replay names "${players}"`);
  check(!(await scoreboardShown(watcher)), 'the link opens on the scoreboard');
  await noActions(watcher, 'opened by link');

  // In English.
  await watcher.page.click('[data-testid=lang-en]');
  await watcher.page.waitForFunction(() => document.documentElement.lang === 'en'
    && /^Step 1 \//.test(document.querySelector('[data-testid=replay-counter]')?.textContent || ''));
  check((await watcher.page.locator('[data-testid=replay-title]').textContent()).startsWith('Replay'), 'the English title is not "Replay…"');
  check((await watcher.page.locator('[data-testid=replay-forward]').getAttribute('aria-label')) === 'Next step', 'the English forward button is not "Next step"');
  check((await watcher.page.locator('#log-title').textContent()) === 'Game log', 'the English log title is not "Game log"');
  await watcher.page.click('[data-testid=replay-end]');
  await watcher.page.locator('[data-testid=scoreboard]:visible').waitFor();
  check(/wins the game|share the win|Tie/i.test(await watcher.page.locator('[data-testid=winners]').textContent()), 'the English scoreboard does not say who won');
  check(await boardScores(watcher) === live, 'the link ends on other scores');
  await shot(watcher, shots, '04-replay-english');
  log('replay: opened by link, first step, then in English');

  // Clear messages for a table that does not exist and a game that was not played.
  const lost = await newPlayer(browser, 'Gwen', { width: 800, height: 600 }, []); // 404s are expected here
  await lost.page.goto(`${base}/replay/ZZZZ2222`);
  await lost.page.locator('[data-testid=replay-error][data-code=room_not_found]').waitFor();
  await lost.page.goto(`${base}/replay/${code}?game=9`);
  await lost.page.locator('[data-testid=replay-error][data-code=bad_request]').waitFor();

  checkNoPageErrors(errors);
}
