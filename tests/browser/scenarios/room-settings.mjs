// What the host decides for the room, and a game the server cannot go on with:
// - the start button pressed (with the mouse, then with the space bar) as a spectator comes in:
//   the room drawn again meanwhile does not swallow the press (the drawing waits for the
//   release), and the game starts;
// - spectators' chat: the host turns it off from the players' panel; the spectator's chat box
//   says it is closed and cannot be used; turned on again, the spectator's line reaches the host;
// - a game journaled under other rules (the server was updated meanwhile): after the restart both
//   players are back at the table, told the game was interrupted (no table drawn, no page
//   error), the host starts a new game from there and both play it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  OVERALL_MS, check, checkNoPageErrors, joinByInvite, log, newPlayer, openRoom, readyToWatch, shot, startServer,
  watchByCode,
} from '../lib.mjs';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function spectatorsChat(base, browser, shots, errors) {
  const host = await newPlayer(browser, 'Katell', LAPTOP, errors);
  const watcher = await newPlayer(browser, 'Soazig', LAPTOP, errors);
  const { code } = await openRoom(host, base, 'fishfish');
  await watchByCode(watcher, base, code);
  const input = watcher.page.locator('[data-testid=chat-input]');
  check(await input.isEnabled(), 'the spectator may chat by default');

  const toggle = host.page.locator('[data-key=spectators-chat]');
  await toggle.uncheck();
  await watcher.page.waitForFunction(() => document.querySelector('[data-testid=chat-input]').disabled);
  const note = await watcher.page.locator('[data-testid=chat-closed]').textContent();
  check(/ferm/i.test(note), `the spectator's chat should say it is closed: "${note}"`);
  await shot(host, shots, 'host-spectators-chat-off');
  await shot(watcher, shots, 'spectator-chat-closed');

  await toggle.check();
  await watcher.page.waitForFunction(() => !document.querySelector('[data-testid=chat-input]').disabled);
  await input.fill('Bonne partie !');
  await input.press('Enter');
  await host.page.locator('.chat-list', { hasText: 'Bonne partie !' }).waitFor({ state: 'attached' });
  await host.context.close();
  await watcher.context.close();
}

// The host presses the start button (`by`: 'mouse' or 'space'); a spectator arrives before the
// release, and the release still starts the game.
async function startPressedAsSomeoneComes(base, browser, errors, by) {
  const host = await newPlayer(browser, 'Katell', LAPTOP, errors);
  const friend = await newPlayer(browser, 'Bleuenn', PHONE, errors, { mobile: true });
  const watcher = await newPlayer(browser, 'Soazig', LAPTOP, errors);
  const { invite, code } = await openRoom(host, base, 'fishfish');
  await joinByInvite(friend, invite);
  await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 2);
  await readyToWatch(watcher, base, code);
  await host.page.evaluate(() => {
    window.__spectatorCame = false;
    for (const ws of window.__sockets) {
      ws.addEventListener('message', (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'room' && m.spectators > 0) window.__spectatorCame = true;
      });
    }
  });

  const start = host.page.locator('[data-testid=start]');
  if (by === 'mouse') {
    const box = await start.boundingBox();
    await host.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await host.page.mouse.down();
  } else {
    await start.focus();
    await host.page.keyboard.down('Space');
  }
  await watcher.page.click('[data-testid=join-spectator]');
  await host.page.waitForFunction(() => window.__spectatorCame);
  // Frames pass: a drawing that did not wait would replace the button now.
  await host.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  if (by === 'mouse') await host.page.mouse.up();
  else await host.page.keyboard.up('Space');
  for (const p of [host, friend, watcher]) await p.page.locator('.table .ff').waitFor();
  for (const p of [host, friend, watcher]) await p.context.close();
}

// Makes the game journaled in `dataDir` look begun under rules version 99.
function fromOtherRules(dataDir) {
  const db = path.join(dataDir, 'taol.db');
  execFileSync('sqlite3', [db, `UPDATE events SET body = replace(body, '"rules":', '"rules":99,"was":') WHERE kind = 'started'`]);
}

async function interruptedGame(binary, browser, shots, errors) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taol-browser-interrupted-'));
  let server = await startServer(binary, { dataDir });
  const { port } = server;
  const host = await newPlayer(browser, 'Katell', LAPTOP, errors);
  const friend = await newPlayer(browser, 'Bleuenn', PHONE, errors, { mobile: true });
  try {
    const { invite } = await openRoom(host, server.base, 'fishfish');
    await joinByInvite(friend, invite);
    await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 2);
    await host.page.click('[data-testid=start]');
    for (const p of [host, friend]) await p.page.waitForFunction(() => window.__lastSnap && window.__lastSnap.status === 'playing');
    await server.stop();
    fromOtherRules(dataDir);
    server = await startServer(binary, { dataDir, port });

    for (const p of [host, friend]) {
      await p.page.reload();
      await p.page.locator('[data-testid=interrupted]').waitFor();
      const prompt = await p.page.locator('[data-testid=prompt]').textContent();
      check(/interrompue/i.test(prompt), `${p.name}: the prompt should say the game was interrupted: "${prompt}"`);
      check(!(await p.page.locator('#main .table').isVisible()), `${p.name}: no table is drawn for a game that cannot go on`);
    }
    check((await friend.page.locator('[data-testid=rematch]').count()) === 0, 'only the host may start a new game');
    await shot(host, shots, 'interrupted-host-laptop');
    await shot(friend, shots, 'interrupted-friend-phone');
    await host.page.click('[data-testid=rematch]');
    for (const p of [host, friend]) {
      await p.page.waitForFunction(() => window.__lastSnap && window.__lastSnap.status === 'playing');
      await p.page.locator('#main .table').waitFor();
    }
    check(!(await host.page.locator('[data-testid=interrupted]').isVisible()), 'the interrupted notice stays after the new game began');
  } finally {
    await host.context.close();
    await friend.context.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function roomSettings({ base, browser, shots, errors, binary }) {
  const started = Date.now();
  for (const by of ['mouse', 'space']) {
    await startPressedAsSomeoneComes(base, browser, errors, by);
    log(`room-settings: the start button pressed (${by}) as a spectator came in started the game`);
  }
  await spectatorsChat(base, browser, shots, errors);
  log('room-settings: spectators\' chat switched off and on');
  await interruptedGame(binary, browser, shots, errors);
  log('room-settings: an interrupted game, then a new one');
  checkNoPageErrors(errors);
  check(Date.now() - started < OVERALL_MS, 'took too long');
}
