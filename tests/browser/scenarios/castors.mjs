// Gang de castors, a one-round game: the host opens a table, two friends come in through the
// invite link (one on a 360 px phone), a fourth person watches by code. Everyone glimpses their
// own two end cards with a countdown; then they play by clicking what the page offers until
// someone knocks and the round ends. Along the way: a drawn card shows its face on its drawer's
// page only, the last-turn banner follows a knock on every page, and at the end every page shows
// the reveal, the score sheet and the same scores.
import {
  OVERALL_MS, check, checkNoPageErrors, joinByInvite, log, newPlayer, openRoom, sameFinalScores, scoreboardShown, shot, sleep,
  watchByCode,
} from '../lib.mjs';

const SEATS = 3;

// What a page shows of the cards, read at once (one render): the viewer's seat, whose turn it
// is, faces shown in each row, the drawn card, the banner.
function tableState(p) {
  return p.page.evaluate(() => {
    const root = document.querySelector('.table .cb');
    if (!root) return null;
    const faceUp = (el) => el.querySelectorAll('.cb-row .cb-card:not(.back)').length;
    const me = root.querySelector('.cb-player.me');
    const others = [...root.querySelectorAll('.cb-others .cb-player')];
    const drawn = root.querySelector('[data-testid=drawn]');
    return {
      finished: !root.querySelector('.cb-piles'),
      myTurn: !!(me && me.classList.contains('turn')),
      ownFaces: me ? faceUp(me) : 0,
      othersFaces: others.reduce((n, el) => n + faceUp(el), 0),
      glimpsesElsewhere: others.reduce((n, el) => n + el.querySelectorAll('.cb-card.glimpse').length, 0),
      drawn: drawn ? { face: !drawn.querySelector('.cb-card.back'), text: drawn.textContent } : null,
      banner: !!root.querySelector('[data-testid=last-turn]'),
    };
  });
}

// Until the end, nobody sees a face in another player's row, and a spectator sees none at all.
function checkOwnFacesOnly(p, st, spectator) {
  if (!st || st.finished) return;
  check(st.othersFaces === 0 && st.glimpsesElsewhere === 0, `${p.name} sees a face in another player's row`);
  if (spectator) check(st.ownFaces === 0, `the spectator ${p.name} sees a face-down card's value`);
  if (st.drawn) check(st.drawn.face === st.myTurn, `${p.name} sees the drawn card ${st.drawn.face ? 'face up' : 'face down'} on ${st.myTurn ? 'its own' : "another's"} turn`);
}

// The start: each player glimpses exactly its two end cards, with the peek's countdown; the
// spectator glimpses nothing.
async function checkPeek(players, watcher) {
  for (const p of players) {
    await p.page.locator('[data-testid=peek] .countdown').waitFor();
    const secs = await p.page.locator('[data-testid=peek] .countdown .secs').textContent();
    check(/^\d+ s$/.test(secs) && Number.parseInt(secs, 10) <= 10, `${p.name}'s peek countdown reads "${secs}"`);
    const glimpses = await p.page.locator('.cb-player.me .cb-card.glimpse').count();
    check(glimpses === 2, `${p.name} glimpses ${glimpses} cards, not its two end cards`);
    const ends = await p.page.locator('.cb-player.me .cb-row > .cb-slot').evaluateAll((slots) => slots.map((s) => !s.querySelector('.cb-card.back')));
    check(ends.join() === 'true,false,false,true', `${p.name} glimpses positions ${ends.join()} rather than its end cards`);
  }
  check((await watcher.page.locator('[data-testid=peek]').count()) === 0, 'the spectator has a peek panel');
  check((await watcher.page.locator('.cb-row .cb-card:not(.back)').count()) === 0, 'the spectator sees a card during the peek');
}

// A random clickable action of this page, knocking as soon as it is offered after the first
// lap, so that the round ends. Returns the act clicked, or null.
async function clickAction(p, knockFrom, clicks) {
  const buttons = p.page.locator('#main button[data-act]:not([disabled]):visible');
  const acts = await buttons.evaluateAll((els) => els.map((e) => `${e.dataset.act}|${e.getAttribute('aria-pressed')}`));
  if (!acts.length) return null;
  let i = acts.indexOf('knock|false');
  if (i < 0 || clicks < knockFrom) {
    const choices = acts.map((a, k) => k).filter((k) => !acts[k].startsWith('knock|'));
    if (!choices.length) return null;
    i = choices[Math.floor(Math.random() * choices.length)];
  }
  try {
    await buttons.nth(i).click({ timeout: 2000 });
    return acts[i].split('|')[0];
  } catch {
    return null; // re-rendered under our feet: try again
  }
}

// A drawn card: face up for its drawer, a back with "X drew a card" on every other page.
async function checkDrawnCard(drawer, pages) {
  for (const p of pages) {
    if (p === drawer) continue;
    await p.page.locator('[data-testid=drawn] .cb-card.back').waitFor();
    const faces = await p.page.locator('[data-testid=drawn] .cb-card:not(.back)').count();
    check(faces === 0, `${p.name} sees the card ${drawer.name} drew`);
  }
}

// After a knock, every page says it is the last turn (nobody acts meanwhile).
async function checkLastTurnBanner(pages) {
  for (const p of pages) await p.page.locator('[data-testid=last-turn]').waitFor();
}

// The end on one page: the reveal of round 1 with every row, the score sheet, no face down.
async function checkReveal(p) {
  const reveal = p.page.locator('[data-testid=reveal]');
  await reveal.waitFor();
  check(await reveal.evaluate((el) => el.open), `${p.name}'s reveal is closed`);
  const rows = await reveal.locator('.cb-reveal-row').count();
  check(rows === SEATS, `${p.name}'s reveal shows ${rows} rows`);
  check((await p.page.locator('.table .cb-row .cb-card.back').count()) === 0, `${p.name} still sees a face-down card`);
  check((await p.page.locator('[data-testid=score-sheet]').count()) === 1, `${p.name} has no score sheet`);
  return reveal.locator('.cb-reveal-points').allTextContents();
}

async function noHorizontalScroll(p, width) {
  const scroll = await p.page.evaluate(() => document.documentElement.scrollWidth);
  check(scroll <= width, `${p.name}'s page is ${scroll} px wide on a ${width} px screen`);
}

export default async function castors({ base, browser, shots, errors }) {
  const desktop = { width: 1280, height: 860 };
  const phone = { width: 360, height: 740 };
  const host = await newPlayer(browser, 'Katell', desktop, errors);
  const second = await newPlayer(browser, 'Yann', desktop, errors);
  const third = await newPlayer(browser, 'Soazig', phone, errors, { mobile: true });
  const watcher = await newPlayer(browser, 'Nolwenn', { width: 1024, height: 768 }, errors);
  const players = [host, second, third];
  const everyone = [...players, watcher];

  const { invite, code } = await openRoom(host, base, 'castors', { rounds: 1 });
  log(`room ${code} created, invite ${invite}`);
  for (const p of [second, third]) await joinByInvite(p, invite);
  await host.page.waitForFunction((n) => document.querySelectorAll('.places .place.taken').length === n, SEATS);
  await watchByCode(watcher, base, code);
  check((await watcher.page.locator('[data-testid=start]').count()) === 0, 'the spectator sees a start button');

  await host.page.click('[data-testid=start]');
  for (const p of everyone) await p.page.locator('.table .cb').waitFor();
  await checkPeek(players, watcher);
  await Promise.all([shot(host, shots, '01-peek-desktop'), shot(third, shots, '02-peek-phone'), shot(watcher, shots, '03-peek-spectator')]);
  log('game started: everyone glimpsed their end cards');

  let clicks = 0;
  let drawnChecked = false;
  let bannerChecked = false;
  let midShot = false;
  const until = Date.now() + OVERALL_MS - 60000;
  for (;;) {
    if (Date.now() > until) throw new Error(`the round did not end after ${clicks} clicks`);
    if ((await Promise.all(everyone.map(scoreboardShown))).every(Boolean)) break;
    const states = await Promise.all(everyone.map(tableState));
    everyone.forEach((p, k) => checkOwnFacesOnly(p, states[k], p === watcher));
    if (!bannerChecked && states.some((st) => st && st.banner && !st.finished)) {
      await checkLastTurnBanner(everyone);
      bannerChecked = true;
      await Promise.all([shot(host, shots, '06-last-turn-desktop'), shot(third, shots, '07-last-turn-phone')]);
      log('a knock: the last-turn banner is on every page');
    }
    let acted = false;
    for (const p of players) {
      const act = await clickAction(p, 12, clicks);
      if (!act) continue;
      acted = true;
      clicks += 1;
      if (act === 'draw' && !drawnChecked) {
        await p.page.locator('[data-testid=drawn] .cb-card:not(.back)').waitFor();
        await checkDrawnCard(p, everyone);
        drawnChecked = true;
        await Promise.all([shot(p, shots, '04-drawn-drawer'), shot(watcher, shots, '05-drawn-spectator')]);
        log(`${p.name} drew: its face on its page only`);
      }
      if (!midShot && clicks >= 10) {
        midShot = true;
        await noHorizontalScroll(third, phone.width);
        await shot(third, shots, '05-game-phone');
      }
    }
    if (!acted) await sleep(60);
  }
  log(`round over after ${clicks} clicks`);
  check(drawnChecked, 'nobody drew a card');
  check(bannerChecked, 'no last-turn banner was seen after the knock');

  const points = [];
  for (const p of everyone) points.push((await checkReveal(p)).join(','));
  check(points.every((x) => x === points[0]), `the reveal's points differ between pages: ${points.join(' | ')}`);
  const scores = await sameFinalScores(everyone);
  await noHorizontalScroll(third, phone.width);
  await Promise.all([shot(host, shots, '08-end-desktop'), shot(third, shots, '09-end-phone'), shot(watcher, shots, '10-end-spectator')]);
  log(`final scores (seat:points) ${scores}; reveal points ${points[0]}`);

  checkNoPageErrors(errors);
}
