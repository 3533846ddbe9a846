#!/usr/bin/env node
// Screenshots to look at: one game at one screen size, a player (acting through the page by
// random clicks) and a spectator, the other seats played over WebSocket. Not a test: a tool for
// people checking how a table looks.
//
// Usage: node look.mjs <game> <players> <width>x<height> [seconds=40] [out=/tmp/taol-look] [every=5]
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, log, newPlayer, sleep, startServer, watchByCode } from './lib.mjs';
import { wsSeats } from './ws-seats.mjs';

// The other seats' choices: weights by action type (1 when not named).
const WEIGHTS = {
  carambouille: { ring: 0.1, offer: 0.3, withdraw: 0.3, persuade: 0.2, lay_panier: 0.3, sell: 2 },
  bigoudenn: { grab: 0.3, drop: 0.3, end_turn: 0.5 },
};

const [game, count = '3', size = '1366x768', seconds = '40', out = '/tmp/taol-look', every = '5'] = process.argv.slice(2);
if (!game) { console.error('usage: node look.mjs <game> <players> <width>x<height> [seconds] [out] [every]'); process.exit(2); }
const [width, height] = size.split('x').map(Number);
const phone = width < 700 || height < 500;
const dir = path.join(out, `${game}-${count}-${size}`);
fs.mkdirSync(dir, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
const errors = [];
try {
  const seats = await wsSeats(browser, server.base);
  const bots = [];
  for (let i = 0; i < Number(count) - 1; i += 1) bots.push(await seats.add(`Bot${i + 1}`));
  const code = await bots[0].create(game, game === 'castors' ? { rounds: 2 } : {});
  const me = await newPlayer(browser, 'Katell', { width, height }, errors, { mobile: phone });
  await me.page.goto(`${server.base}/r/${code}`);
  await me.page.fill('[data-testid=name]', me.name);
  await me.page.click('[data-testid=enter]');
  await me.page.locator('[data-testid=invite-link]').waitFor();
  for (const b of bots.slice(1)) await b.join(code);
  const watcher = await newPlayer(browser, 'Nolwenn', { width, height }, errors, { mobile: phone });
  await watchByCode(watcher, server.base, code);
  await bots[0].start();
  for (const b of bots) await b.play(WEIGHTS[game] || {}, [300, 1200]);
  await me.page.locator('[data-testid=table]').waitFor();
  const until = Date.now() + Number(seconds) * 1000;
  let n = 0;
  let next = Date.now() + 1500;
  while (Date.now() < until) {
    await me.page.evaluate(() => {
      const scope = document.querySelector('dialog[open]') || document.getElementById('main');
      const buttons = [...scope.querySelectorAll('button[data-act]:not([disabled])')].filter((b) => b.checkVisibility());
      if (buttons.length && Math.random() < 0.5) buttons[Math.floor(Math.random() * buttons.length)].click();
    });
    if (Date.now() >= next) {
      n += 1;
      next = Date.now() + Number(every) * 1000;
      await me.page.screenshot({ path: path.join(dir, `${String(n).padStart(2, '0')}-player.png`) });
      await watcher.page.screenshot({ path: path.join(dir, `${String(n).padStart(2, '0')}-spectator.png`) });
    }
    await sleep(700);
  }
  log(`screenshots in ${dir}`);
  if (errors.length) log(`page errors:\n  ${errors.join('\n  ')}`);
} finally {
  await browser.close();
  await server.stop();
}
