// Bharg, a whole game to 10 points: the host opens a table, a friend comes in through the invite
// link on a 360 px phone, a third person watches by code. They play by clicking the draw pile,
// the discard pile and the card to discard in their hand as the solver groups it (mostly an
// unbound card, the dearest one, so that rounds are won). Each round ends on a summary that both
// players and the spectator see alike, with the points scored; at the end everyone sees the
// same scores. (On a machine too slow for a whole game, it stops once a round has been won and
// checks the scores so far instead.)
import {
  OVERALL_MS, check, checkNoPageErrors, joinByInvite, log, newPlayer, openRoom, sameFinalScores, shot, sleep,
  watchByCode,
} from '../lib.mjs';

const TARGET = 10;

// What a page shows of the hands, read at once: its own hand as grouped (card names by group),
// and how many face-down cards it shows.
function handsShown(p) {
  return p.page.evaluate(() => {
    const hand = document.querySelector('.table [data-testid=hand]');
    const suitsOf = (c) => [...c.querySelectorAll('.bh-suits .bh-suit')].map((el) => [...el.classList].find((k) => k !== 'bh-suit' && k !== 'lit'));
    const valueOf = (c) => {
      const mark = c.querySelector('.bh-rank').textContent;
      return mark === 'A' ? 1 : /^\d$/.test(mark) ? Number(mark) : 10;
    };
    const groups = hand ? [...hand.querySelectorAll('.bh-group')].map((g) => {
      const cards = [...g.querySelectorAll('[data-card]')];
      return {
        kind: ['bharg', 'ace', 'loose'].find((k) => g.classList.contains(k)),
        title: g.querySelector('.bh-group-title').textContent,
        cards: cards.map((c) => c.dataset.card),
        suits: cards.flatMap(suitsOf),
        value: cards.reduce((sum, c) => sum + valueOf(c), 0),
      };
    }) : null;
    return {
      groups,
      backs: [...document.querySelectorAll('.table [data-testid=hidden-hand]')].map((el) => el.querySelectorAll('.bh-card.back').length),
      summary: !!document.querySelector('.table [data-testid=round-summary]'),
    };
  });
}

// Own hand grouped by the solver (bhargs, bound by the Ace, unbound), every card once; the
// other hand face down; the spectator sees two face-down hands and no cards.
async function checkHands(players, watcher) {
  for (const p of players) {
    const shown = await handsShown(p);
    if (shown.summary) continue;
    check(shown.groups && shown.groups.length > 0, `${p.name} sees no grouped hand`);
    const cards = shown.groups.flatMap((g) => g.cards);
    check(cards.length === 7 || cards.length === 8, `${p.name}'s hand shows ${cards.length} cards`);
    check(new Set(cards).size === cards.length, `${p.name}'s hand shows a card twice`);
    for (const g of shown.groups.filter((x) => x.kind === 'bharg')) {
      check(g.cards.length >= 3 && g.suits.length === 6 && new Set(g.suits).size === 6, `${p.name} sees a bharg that is none: ${g.cards} (${g.suits})`);
    }
    for (const g of shown.groups.filter((x) => x.kind === 'loose')) {
      check(g.title.endsWith(`${g.value} pts`), `${p.name}'s unbound cards add up to ${g.value}, the title says "${g.title}"`);
    }
    check(shown.backs.length === 1 && shown.backs[0] >= 7, `${p.name} sees the other hand as ${shown.backs}`);
  }
  const seen = await handsShown(watcher);
  if (seen.summary) return;
  check(seen.groups === null, 'the spectator sees a hand');
  check(seen.backs.length === 2, `the spectator sees ${seen.backs.length} face-down hands`);
}

// This player's next click, read from its page at once: "next round" on the summary; the draw
// pile (the discard pile now and then); or the dearest unbound card of its hand (a random card
// now and then). Returns {finished, ready, key}: the data-key of the button to click, if any.
function nextMove(p) {
  return p.page.evaluate(() => {
    const finished = !document.querySelector('[data-testid=scoreboard]').hidden;
    const live = (selector) => [...document.querySelectorAll(`#main ${selector}:not([disabled])`)];
    const keyOf = (el) => el && el.dataset.key;
    const ready = live('button[data-act=continue]');
    const summary = document.querySelector('.table [data-testid=round-summary]');
    if (ready.length) return { finished, ready: summary.dataset.round, key: keyOf(ready[0]) };
    const fromDiscard = live('button[data-act=draw][data-key=bh-discard]');
    const fromDeck = live('button[data-act=draw][data-key=bh-deck]');
    if (fromDeck.length) return { finished, key: keyOf(fromDiscard.length && Math.random() < 0.25 ? fromDiscard[0] : fromDeck[0]) };
    const cards = live('button[data-act=discard]');
    if (!cards.length) return { finished };
    // A card's value from its corner mark: an Ace 1, a number its rank, anything else 10.
    const value = (el) => {
      const mark = el.querySelector('.bh-rank').textContent;
      return mark === 'A' ? 1 : /^\d$/.test(mark) ? Number(mark) : 10;
    };
    const loose = live('.bh-group.loose button[data-act=discard]');
    if (loose.length && Math.random() < 0.85) {
      return { finished, key: keyOf(loose.reduce((best, el) => (value(el) > value(best) ? el : best))) };
    }
    return { finished, key: keyOf(cards[Math.floor(Math.random() * cards.length)]) };
  });
}

function click(p, key) {
  return p.page.click(`#main button[data-key="${key}"]:not([disabled])`, { timeout: 2000 }).then(() => true, () => false);
}

// The scores in the players panel of each page, as "seat:points,...": the same everywhere once
// every page has drawn the latest snapshot.
async function sameRunningScores(pages) {
  const read = (p) => p.page.locator('li.seat[data-seat]').evaluateAll((els) => els
    .map((el) => `${el.dataset.seat}:${Number.parseInt(el.querySelector('.seat-summary').textContent, 10)}`).join(','));
  let boards = [];
  for (let tries = 0; tries < 50; tries += 1) {
    boards = await Promise.all(pages.map(read));
    if (boards.every((b) => b === boards[0])) return boards[0];
    await sleep(200);
  }
  throw new Error(`running scores differ between pages: ${boards.join(' | ')}`);
}

// The summary of `round` on one page, read at once once it shows.
async function summaryOf(p, round) {
  await p.page.waitForFunction((r) => document.querySelector('.table [data-testid=round-summary]')?.dataset.round === r, round);
  return p.page.evaluate(() => {
    const el = document.querySelector('.table [data-testid=round-summary]');
    const shout = el.querySelector('.bh-bharg');
    return { ...el.dataset, hands: el.querySelectorAll('[data-testid=revealed-hand]').length, text: shout ? shout.textContent : '' };
  });
}

// A round's summary: the same round, winner and points on every page, the points written out,
// both hands revealed (to the spectator too). Returns "round:winner:points".
async function checkSummary(everyone, round) {
  const seen = [];
  for (const p of everyone) {
    const data = await summaryOf(p, round);
    check(data.hands === 2, `${p.name} sees ${data.hands} hands revealed, not both`);
    if (data.winner !== '') check(data.text.includes(`+${data.points}`), `${p.name}'s summary does not show +${data.points}: "${data.text}"`);
    seen.push(`${data.round}:${data.winner}:${data.points}`);
  }
  check(seen.every((s) => s === seen[0]), `round summaries differ between pages: ${seen.join(' | ')}`);
  return seen[0];
}

async function noHorizontalScroll(p, width) {
  const scroll = await p.page.evaluate(() => document.documentElement.scrollWidth);
  check(scroll <= width, `${p.name}'s page is ${scroll} px wide on a ${width} px screen`);
}

export default async function bharg({ base, browser, shots, errors }) {
  const phone = { width: 360, height: 740 };
  const host = await newPlayer(browser, 'Katell', { width: 1280, height: 860 }, errors);
  const friend = await newPlayer(browser, 'Yann', phone, errors, { mobile: true });
  const watcher = await newPlayer(browser, 'Nolwenn', { width: 1024, height: 768 }, errors);
  const players = [host, friend];
  const everyone = [...players, watcher];

  const { invite, code } = await openRoom(host, base, 'bharg', { target: TARGET });
  log(`room ${code} created, invite ${invite}`);
  await joinByInvite(friend, invite);
  await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 2);
  await watchByCode(watcher, base, code);
  await host.page.click('[data-testid=start]');
  for (const p of everyone) await p.page.locator('.table .bh').waitFor();
  await checkHands(players, watcher);
  await Promise.all([shot(host, shots, '01-start-desktop'), shot(friend, shots, '02-start-phone'), shot(watcher, shots, '03-start-spectator')]);
  log('game started');

  let clicks = 0;
  let midShot = false;
  let handsChecked = 0;
  const summaries = [];
  // A whole game when the machine allows it; on a slow one, the game so far once a round is won.
  const until = Date.now() + OVERALL_MS - 90000;
  for (;;) {
    const moves = await Promise.all(players.map(nextMove));
    if (moves.every((m) => m.finished)) break;
    if (Date.now() > until) {
      check(summaries.some((x) => x.split(':')[1] !== ''), `no round was won after ${clicks} clicks: ${summaries.join(' ')}`);
      log(`out of time after ${clicks} clicks: the scores so far are ${await sameRunningScores(everyone)} on every page`);
      checkNoPageErrors(errors);
      return;
    }
    const over = moves.find((m) => m.ready && !summaries.some((x) => x.startsWith(`${m.ready}:`)));
    if (over) {
      // A new summary: it stays on every page until both players press "next round".
      const summary = await checkSummary(everyone, over.ready);
      summaries.push(summary);
      log(`round summary (round:winner:points) ${summary}; scores ${await sameRunningScores(everyone)}`);
      if (summaries.length === 1) {
        await noHorizontalScroll(friend, phone.width);
        await Promise.all([shot(host, shots, '05-summary-desktop'), shot(friend, shots, '06-summary-phone'), shot(watcher, shots, '07-summary-spectator')]);
      }
    }
    let acted = false;
    for (let k = 0; k < players.length; k += 1) {
      if (moves[k].key && await click(players[k], moves[k].key)) { acted = true; clicks += 1; }
    }
    if (acted && clicks - handsChecked >= 12) {
      handsChecked = clicks;
      await checkHands(players, watcher);
    }
    if (!midShot && clicks >= 12) {
      midShot = true;
      await noHorizontalScroll(friend, phone.width);
      await Promise.all([shot(host, shots, '04-game-desktop'), shot(friend, shots, '04-game-phone')]);
    }
    if (!acted) await sleep(60);
  }
  await watcher.page.locator('[data-testid=scoreboard]').waitFor();
  // The last round's summary stays under the final scoreboard, the same on every page.
  const last = await checkSummary(everyone, await host.page.locator('.table [data-testid=round-summary]').getAttribute('data-round'));
  if (!summaries.includes(last)) summaries.push(last);
  log(`game over after ${clicks} clicks; rounds (round:winner:points) ${summaries.join(' ')}`);
  check(summaries.some((s) => s.split(':')[1] !== ''), `no round was won: ${summaries.join(' ')}`);
  const scores = await sameFinalScores(everyone);
  const best = Math.max(...scores.split(',').map((s) => Number(s.split(':')[1])));
  check(best >= TARGET, `the game ended with a best score of ${best} under the target ${TARGET}`);
  await noHorizontalScroll(friend, phone.width);
  await Promise.all([shot(host, shots, '08-end-desktop'), shot(friend, shots, '09-end-phone'), shot(watcher, shots, '10-end-spectator')]);
  log(`final scores (seat:points) ${scores}`);

  checkNoPageErrors(errors);
}
