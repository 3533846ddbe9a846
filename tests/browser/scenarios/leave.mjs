// Leaving by mistake: during a running game, "Quitter la table" (the side panel's button, and the
// Taol logo) asks first, in the page (never window.confirm). "Rester" keeps the seat; "Quitter"
// goes back to the lobby. A spectator and a finished game leave at once. Checked on a laptop and
// on a phone (where the button sits in the drawer).
import { check, checkNoPageErrors, joinByInvite, log, newPlayer, openRoom, sleep, watchByCode } from '../lib.mjs';
import path from 'node:path';

async function openLeave(p, phone) {
  if (phone) {
    await p.page.click('[data-testid=side-toggle]');
    await p.page.click('[data-testid=tab-players]');
  }
  await p.page.click('[data-testid=leave]');
}

async function asked(p, what) {
  const dialog = p.page.locator('dialog[open][data-testid=leave-confirm]');
  try { await dialog.waitFor({ timeout: 4000 }); } catch { throw new Error(`${p.name} was not asked before leaving (${what})`); }
  const text = await dialog.textContent();
  check(/Quitter|Leave/.test(text) && /Rester|Stay/.test(text), `the leave confirmation reads: ${text}`);
  return dialog;
}

export default async function leave({ base, browser, shots, errors }) {
  const host = await newPlayer(browser, 'Katell', { width: 1366, height: 768 }, errors);
  const friend = await newPlayer(browser, 'Yann', { width: 390, height: 844 }, errors, { mobile: true });
  const watcher = await newPlayer(browser, 'Nolwenn', { width: 1024, height: 768 }, errors);
  // A window.confirm (or alert) would be a native dialog: none is expected.
  for (const p of [host, friend, watcher]) p.page.on('dialog', (d) => { errors.push(`${p.name}: a native ${d.type()} dialog: ${d.message()}`); d.dismiss(); });
  const { invite, code } = await openRoom(host, base, 'castors', { rounds: 1 });
  await joinByInvite(friend, invite);
  await watchByCode(watcher, base, code);
  await host.page.click('[data-testid=start]');
  for (const p of [host, friend, watcher]) await p.page.locator('.table .cb').waitFor();

  // The laptop player: asked, stays (still seated, the game still on screen).
  await openLeave(host, false);
  await asked(host, 'laptop');
  if (shots) await host.page.screenshot({ path: path.join(shots, 'leave-confirm-1366x768.png') });
  await host.page.click('[data-testid=confirm-no]');
  await sleep(300);
  check(new URL(host.page.url()).pathname === `/r/${code}`, `${host.name} left although it chose to stay (${host.page.url()})`);
  check(await host.page.locator('.table .cb').count() === 1, `${host.name} no longer sees the table after staying`);
  // Escape is a "no" too; the logo asks like the button.
  await host.page.click('.brand');
  await asked(host, 'the logo');
  await host.page.keyboard.press('Escape');
  await sleep(300);
  check(new URL(host.page.url()).pathname === `/r/${code}`, `${host.name} left on Escape`);

  // The phone player: the button sits in the drawer; asked, and leaves.
  await openLeave(friend, true);
  await asked(friend, 'phone');
  if (shots) await friend.page.screenshot({ path: path.join(shots, 'leave-confirm-390x844.png') });
  await friend.page.click('[data-testid=confirm-yes]');
  await friend.page.locator('[data-testid=create]').waitFor();
  check(new URL(friend.page.url()).pathname === '/', `${friend.name} is not back in the lobby: ${friend.page.url()}`);

  // A spectator leaves at once: it gives nothing up.
  await watcher.page.click('[data-testid=leave]');
  await watcher.page.locator('[data-testid=create]').waitFor();
  check(await watcher.page.locator('dialog[open]').count() === 0, 'the spectator was asked before leaving');
  log('leave: asked in the page during the game (stay, Escape, leave); a spectator not asked');
  checkNoPageErrors(errors);
}
