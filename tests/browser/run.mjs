#!/usr/bin/env node
// Browser test: a real taol-server and headless Chromium. The host opens a Fish Fish table, two
// friends come in through the invite link (one on a 360 px phone), a fourth person watches by
// code; they play a whole game by clicking what the page offers (a random clickable action each
// time), one player reloads mid-game and another loses its connection: both must get their seat
// back by themselves; and everyone, the spectator included, must see the final scoreboard with
// the same scores.
//
// Usage: node run.mjs [path/to/taol-server]   (or TAOL_SERVER=...; TAOL_URL=http://host:port
// uses a server that is already running instead). Screenshots go to TAOL_SHOTS or a temp folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const OVERALL_MS = Number(process.env.TAOL_BROWSER_TIMEOUT_MS || 300000);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run',
  '--disable-component-update', '--disable-sync', '--disable-quic'];

let serverProc = null;
let browser = null;
let dataDir = null;
let finished = false;
const serverOutput = [];

function log(...args) { console.log('[browser]', ...args); }

async function cleanup() {
  if (browser) { try { await browser.close(); } catch { /* already gone */ } browser = null; }
  if (serverProc && serverProc.exitCode === null) {
    serverProc.kill('SIGTERM');
    const exited = await Promise.race([
      new Promise((r) => serverProc.once('exit', () => r(true))),
      new Promise((r) => setTimeout(() => r(false), 3000)),
    ]);
    if (!exited) serverProc.kill('SIGKILL');
  }
  serverProc = null;
  if (dataDir) { fs.rmSync(dataDir, { recursive: true, force: true }); dataDir = null; }
}

const results = { passed: 0, failed: 0 };

async function finish(ok, message) {
  if (finished) return;
  finished = true;
  if (!ok) {
    console.error(`[browser] FAILED: ${message}`);
    if (serverOutput.length) console.error('[browser] last server output:\n' + serverOutput.slice(-30).join(''));
  }
  await cleanup();
  if (ok) results.passed += 1; else results.failed += 1;
  console.log(`browser: ${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed ? 1 : 0);
}

// Every string exists in both languages: the same keys, block by block.
async function dictionariesMatch() {
  const load = async (lang) => (await import(path.join(repo, 'web-client', 'i18n', `${lang}.js`))).default;
  const [fr, en] = await Promise.all([load('fr'), load('en')]);
  const keys = (obj, prefix = '') => Object.entries(obj).flatMap(([k, v]) => (
    v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  const a = new Set(keys(fr));
  const b = new Set(keys(en));
  const onlyFr = [...a].filter((k) => !b.has(k));
  const onlyEn = [...b].filter((k) => !a.has(k));
  check(!onlyFr.length && !onlyEn.length, `dictionaries differ: only in fr.js [${onlyFr.join(', ')}], only in en.js [${onlyEn.join(', ')}]`);
  log(`dictionaries: ${a.size} keys in both languages`);
}

process.on('SIGINT', () => finish(false, 'interrupted'));
process.on('SIGTERM', () => finish(false, 'terminated'));
const overall = setTimeout(() => finish(false, `overall timeout of ${OVERALL_MS} ms`), OVERALL_MS);
overall.unref();

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

function findServerBinary() {
  const given = process.argv[2] || process.env.TAOL_SERVER;
  if (given) return path.resolve(given);
  for (const dir of fs.readdirSync(repo).filter((d) => d.startsWith('build')).sort()) {
    const candidate = path.join(repo, dir, 'server', 'taol-server');
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

async function startServer() {
  if (process.env.TAOL_URL) return process.env.TAOL_URL.replace(/\/$/, '');
  const bin = findServerBinary();
  if (!bin || !fs.existsSync(bin)) throw new Error('taol-server not found: pass its path as the first argument or in TAOL_SERVER');
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taol-browser-data-'));
  const args = ['--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--web-root', path.join(repo, 'web-client')];
  log(`starting ${bin} ${args.join(' ')}`);
  serverProc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => { serverOutput.push(String(chunk)); if (serverOutput.length > 200) serverOutput.shift(); };
  serverProc.stdout.on('data', keep);
  serverProc.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 20000;
  while (Date.now() < until) {
    if (serverProc.exitCode !== null) throw new Error(`taol-server exited with code ${serverProc.exitCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return base;
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  throw new Error('taol-server did not answer /healthz within 20 s');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function check(cond, message) { if (!cond) throw new Error(message); }

async function newPlayer(name, viewport, errors, opts = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: !!opts.mobile, hasTouch: !!opts.mobile });
  // Keeps the page's WebSockets within reach, so the test can cut the line like a network drop.
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.__sockets = [];
    window.WebSocket = class extends Native {
      constructor(...args) { super(...args); window.__sockets.push(this); }
    };
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`${name}: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`${name} console: ${msg.text()}`); });
  page.setDefaultTimeout(15000);
  return { name, page, context };
}

async function shot(p, shots, label) {
  if (!shots) return;
  await p.page.evaluate(() => window.scrollTo(0, 0));
  await p.page.screenshot({ path: path.join(shots, `${label}.png`), fullPage: true });
}

// A random clickable action on this page (the picker dialog first when it is open).
async function clickSomething(p) {
  const page = p.page;
  const scope = (await page.locator('dialog[open]').count()) ? 'dialog[open] ' : '#main ';
  const buttons = page.locator(`${scope}button[data-act]:not([disabled]):visible`);
  const n = await buttons.count();
  if (!n) return false;
  const acts = await buttons.evaluateAll((els) => els.map((e) => e.dataset.act));
  // Confirming buttons a little more often, so half-made choices do not drag on.
  const weights = acts.map((a) => (a === 'set_line' || a === 'confirm' ? 4 : 1));
  let r = Math.random() * weights.reduce((s, w) => s + w, 0);
  let i = 0;
  while (r > weights[i]) { r -= weights[i]; i += 1; }
  try {
    await buttons.nth(i).click({ timeout: 2000 });
    return true;
  } catch {
    return false; // re-rendered under our feet: try again
  }
}

// Log entries on the page (newest first; the list shows the latest 200).
function logLength(p) {
  return p.page.locator('[data-testid=log] li:not(.muted)').count();
}

// After a new connection the whole log comes again: at least what the page had before.
async function waitForLog(p, before, when) {
  try {
    await p.page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] li:not(.muted)').length >= n, before);
  } catch {
    throw new Error(`${p.name}'s log has ${await logLength(p)} entries ${when}, it had ${before}`);
  }
}

async function scoreboardShown(p) {
  return p.page.locator('[data-testid=scoreboard]:visible').count().then((n) => n > 0);
}

async function run() {
  const shots = process.env.TAOL_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'taol-shots-'));
  fs.mkdirSync(shots, { recursive: true });
  const base = await startServer();
  log(`server at ${base}; screenshots in ${shots}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS, headless: true });
  const errors = [];
  const desktop = { width: 1280, height: 860 };
  const host = await newPlayer('Katell', desktop, errors);
  const second = await newPlayer('Yann', desktop, errors);
  const third = await newPlayer('Soazig', { width: 360, height: 740 }, errors, { mobile: true });
  const watcher = await newPlayer('Nolwenn', { width: 1024, height: 768 }, errors);
  const players = [host, second, third];

  // The host opens a Fish Fish table.
  await host.page.goto(`${base}/`);
  await host.page.fill('[data-testid=name]', host.name);
  await host.page.click('[data-testid=game-fishfish]');
  await shot(host, shots, '01-lobby-desktop');
  await host.page.click('[data-testid=create]');
  const invite = await host.page.locator('[data-testid=invite-link]').inputValue();
  check(/\/r\/[A-Z0-9]{8}$/.test(invite), `invite link looks wrong: ${invite}`);
  const code = invite.slice(-8);
  check(invite.startsWith(base), `invite link ${invite} is not on ${base}`);
  log(`room ${code} created, invite ${invite}`);

  // Two friends come in through the invite link.
  for (const p of [second, third]) {
    await p.page.goto(invite);
    await p.page.fill('[data-testid=name]', p.name);
    await p.page.click('[data-testid=enter]');
    await p.page.locator('[data-testid=invite-link]').waitFor();
  }
  await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 3);
  await shot(third, shots, '02-waiting-phone');

  // A fourth watches, by code from the start page.
  await watcher.page.goto(`${base}/`);
  await watcher.page.fill('[data-testid=name]', watcher.name);
  await watcher.page.fill('[data-testid=join-code]', code);
  await watcher.page.click('[data-testid=join-spectator]');
  await watcher.page.locator('[data-testid=room-code]').waitFor();
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
      if (await clickSomething(p)) { acted = true; clicks += 1; }
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
  const boards = [];
  for (const p of [...players, watcher]) {
    const winners = (await p.page.locator('[data-testid=winners]').textContent()).trim();
    check(winners.length > 0, `${p.name} sees no winner`);
    const scores = await p.page.locator('.final-scores tbody tr').evaluateAll((rows) => rows.map((r) => `${r.dataset.seat}:${r.querySelector('[data-testid=final-score]').textContent}`).sort().join(','));
    boards.push(scores);
  }
  check(boards.every((b) => b === boards[0]), `final scores differ between pages: ${boards.join(' | ')}`);
  check((await host.page.locator('[data-testid=rematch]').count()) === 1, 'the host has no rematch button');
  check((await watcher.page.locator('[data-testid=rematch]').count()) === 0, 'the spectator has a rematch button');
  await Promise.all([shot(host, shots, '07-end-desktop'), shot(third, shots, '08-end-phone'), shot(watcher, shots, '09-end-spectator')]);
  log(`final scores (seat:points) ${boards[0]}`);

  const pageErrors = errors.filter((e) => !/WebSocket|ERR_CONNECTION|net::/.test(e));
  check(pageErrors.length === 0, `errors in the pages:\n  ${pageErrors.join('\n  ')}`);
}

try {
  await dictionariesMatch();
  results.passed += 1;
} catch (err) {
  console.error(`[browser] FAILED: ${err.message}`);
  results.failed += 1;
}
run().then(() => finish(true), (err) => finish(false, err && err.stack ? err.stack : String(err)));
