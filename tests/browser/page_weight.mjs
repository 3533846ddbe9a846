#!/usr/bin/env node
// Page weight: requests and bytes over the wire (headers and bodies as received, compressed or
// not) of the home page and of a room page showing a Fish Fish table, on a first visit (empty
// cache) and on a reload, and when the page was first drawn (the game list, the table) counted
// from the start of its navigation. Prints figures, asserts nothing (README, "Page weight").
//
// Usage: node page_weight.mjs [path/to/taol-server]   (as run.mjs: TAOL_SERVER, TAOL_URL work too)
import { joinByInvite, launchBrowser, newPlayer, openRoom, startServer } from './lib.mjs';

// The time, from the start of the page's navigation, at which `selector` was first in the page.
async function drawnAt(page, selector) {
  return page.evaluate((sel) => new Promise((resolve) => {
    const seen = () => document.querySelector(sel);
    if (seen()) { resolve(window.__drawnAt ?? performance.now()); return; }
    new MutationObserver((_, observer) => {
      if (seen()) { observer.disconnect(); resolve(performance.now()); }
    }).observe(document, { childList: true, subtree: true });
  }), selector);
}

// Records, in every page of `context`, when `selector` first appears (before any script of ours
// could ask): window.__drawnAt.
async function watchFirstDraw(context, selector) {
  await context.addInitScript((sel) => {
    new MutationObserver((_, observer) => {
      if (document.querySelector(sel)) { window.__drawnAt = performance.now(); observer.disconnect(); }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

// Loads with `load()`, waits until the network is quiet, and sums what came in; `drawn`: the
// selector whose first appearance is the page's first render.
async function weigh(page, load, drawn) {
  const finished = [];
  const seen = (request) => finished.push(request);
  page.on('requestfinished', seen);
  await load();
  const firstRender = await drawnAt(page, drawn);
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', seen);
  let bytes = 0;
  let files = 0;
  let revalidated = 0;
  for (const request of finished) {
    const sizes = await request.sizes();
    bytes += sizes.responseHeadersSize + sizes.responseBodySize;
    const response = await request.response();
    if (response?.status() === 304) revalidated += 1;
    else files += (await response?.body())?.length || 0;  // as decoded: the files as they are
  }
  return { requests: finished.length, revalidated, bytes, files, firstRender };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const line = (what, m) => `| ${what} | ${m.requests} (${m.revalidated} × 304) | ${kb(m.bytes)} | ${kb(m.files)} | ${Math.round(m.firstRender)} ms |`;
const HOME = '[data-testid^=game-]';
const TABLE = '.table .ff';

const server = await startServer(process.argv[2]);
const browser = await launchBrowser();
const errors = [];
try {
  const rows = [];
  const visitor = await newPlayer(browser, 'Nolwenn', { width: 1280, height: 860 }, errors);
  await watchFirstDraw(visitor.context, HOME);
  rows.push(line('home, first visit', await weigh(visitor.page, () => visitor.page.goto(`${server.base}/`), HOME)));
  rows.push(line('home, reload', await weigh(visitor.page, () => visitor.page.reload(), HOME)));

  const host = await newPlayer(browser, 'Katell', { width: 1280, height: 860 }, errors);
  const friend = await newPlayer(browser, 'Yann', { width: 1280, height: 860 }, errors);
  const { invite } = await openRoom(host, server.base, 'fishfish');
  await joinByInvite(friend, invite);
  await host.page.click('[data-testid=start]');
  await host.page.locator(TABLE).waitFor();
  await watchFirstDraw(host.context, TABLE);
  // The host's browser forgets what it cached (not who it is): a first visit of the room page.
  const cdp = await host.context.newCDPSession(host.page);
  await cdp.send('Network.clearBrowserCache');
  const table = async () => { await host.page.reload(); await host.page.locator(TABLE).waitFor(); };
  rows.push(line('room (Fish Fish table), first visit', await weigh(host.page, table, TABLE)));
  rows.push(line('room (Fish Fish table), reload', await weigh(host.page, table, TABLE)));
  console.log('| page | requests | over the wire | files received, uncompressed | first drawn |\n|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await browser.close();
  await server.stop();
}
