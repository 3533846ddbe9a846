// Two nodes on one PostgreSQL (throwaway, pg.mjs). Katell opens a table on node A; Yann, on a
// phone, opens the invite link on node B's address: B answers `moved`, and his page follows to
// A's node by itself, takes his seat and plays. Then node A is killed: Yann's page comes back
// through B, which takes the room over once A's lease lapses, and his table is there again.
import { check, checkNoPageErrors, joinByInvite, freePort, log, newPlayer, openRoom, shot, startServer } from '../lib.mjs';
import { startPostgres } from '../pg.mjs';

async function node(binary, journal, name) {
  const port = await freePort();
  return startServer(binary, { port, args: ['--journal', journal, '--node', name, '--public-url', `ws://127.0.0.1:${port}/ws`] });
}

async function leasesHeld(server) {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  const m = text.match(/^taol_leases_held (\d+)$/m);
  return m ? Number(m[1]) : -1;
}

export default async function nodes({ browser, shots, errors, binary }) {
  const pg = await startPostgres();
  const journal = pg.url('browser_nodes');
  const a = await node(binary, journal, 'a');
  const b = await node(binary, journal, 'b');
  try {
    const host = await newPlayer(browser, 'Katell', { width: 1366, height: 768 }, errors);
    const friend = await newPlayer(browser, 'Yann', { width: 390, height: 844 }, errors, { mobile: true });
    const { invite } = await openRoom(host, a.base, 'castors', { rounds: 1 });
    await joinByInvite(friend, invite.replace(a.base, b.base));
    check(await leasesHeld(a) === 1 && await leasesHeld(b) === 0, 'the room is not served by node A alone');
    await host.page.locator('text=Yann').first().waitFor();
    await host.page.click('[data-testid=start]');
    for (const p of [host, friend]) await p.page.locator('.table .cb').first().waitFor();
    await shot(friend, shots, 'nodes-phone-through-b');
    log('nodes: Yann plays on node A through the page of node B');

    // The snapshots Yann's page gets from node B itself (a full one comes after each hello).
    let fromB = 0;
    friend.page.on('websocket', (ws) => {
      if (!ws.url().startsWith(b.base.replace(/^http/, 'ws'))) return;
      ws.on('framereceived', (f) => { if (typeof f.payload === 'string' && f.payload.includes('"type":"snapshot"')) fromB = Date.now(); });
    });
    a.kill();
    const died = Date.now();
    await friend.page.locator('[data-testid=conn].conn-online').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
    // B takes the room over once A's lease lapses; the page may be back online through B before
    // that (B sends it on to A's address meanwhile), so the lease is waited for, not assumed.
    while (await leasesHeld(b) !== 1) {
      check(Date.now() - died < 30000, 'node B does not serve the room 30 s after node A died');
      await new Promise((r) => setTimeout(r, 200));
    }
    // B sends a snapshot of the room only once it holds it.
    const leased = Date.now();
    while (!fromB) {
      check(Date.now() - leased < 20000, "Yann's page had no snapshot from node B 20 s after B took the room over");
      await new Promise((r) => setTimeout(r, 100));
    }
    await friend.page.locator('[data-testid=conn].conn-online').waitFor({ timeout: 20000 });
    await friend.page.locator('.table .cb').first().waitFor({ timeout: 10000 });
    const back = fromB - died;
    await shot(friend, shots, 'nodes-phone-after-failover');
    log(`nodes: Yann's table is back through node B ${back} ms after node A died`);
    checkNoPageErrors(errors);
  } finally {
    await a.stop();
    await b.stop();
    await pg.stop();
  }
}
