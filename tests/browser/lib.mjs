// What every browser scenario shares: a real taol-server on a free port, Debian's Chromium, and
// small helpers to act like people at the table (open a room, come in by the invite link, click).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '..', '..');
export const OVERALL_MS = Number(process.env.TAOL_BROWSER_TIMEOUT_MS || 300000);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run',
  '--disable-component-update', '--disable-sync', '--disable-quic'];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export function log(...args) { console.log('[browser]', ...args); }
export function check(cond, message) { if (!cond) throw new Error(message); }

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

function findServerBinary(given) {
  if (given) return path.resolve(given);
  for (const dir of fs.readdirSync(repo).filter((d) => d.startsWith('build')).sort()) {
    const candidate = path.join(repo, dir, 'server', 'taol-server');
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

// A taol-server of its own (or TAOL_URL's): { base, port, dataDir, output, stop(), kill() }. A
// scenario that restarts a server gives the `dataDir` (kept at the end) and `port` (the same
// origin, so pages keep their tokens) of the first one; `args`, more flags (a node's).
export async function startServer(binary, opts = {}) {
  if (process.env.TAOL_URL && !opts.dataDir) return { base: process.env.TAOL_URL.replace(/\/$/, ''), output: [], stop: async () => {} };
  const bin = findServerBinary(binary || process.env.TAOL_SERVER);
  if (!bin || !fs.existsSync(bin)) throw new Error('taol-server not found: pass its path as the first argument or in TAOL_SERVER');
  const port = opts.port || await freePort();
  const dataDir = opts.dataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'taol-browser-data-'));
  // The overload guard off: a test machine busy with other tests must not turn players away.
  const args = ['--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--web-root', path.join(repo, 'web-client'),
    '--limit', 'busy-loop-lag-ms=0', '--limit', 'busy-journal-wait-ms=0', '--limit', 'busy-action-ms=0', ...(opts.args || [])];
  log(`starting ${bin} ${args.join(' ')}`);
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => { output.push(String(chunk)); if (output.length > 200) output.shift(); };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const stop = async () => {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      const exited = await Promise.race([
        new Promise((r) => proc.once('exit', () => r(true))),
        new Promise((r) => setTimeout(() => r(false), 3000)),
      ]);
      if (!exited) proc.kill('SIGKILL');
    }
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = () => { if (proc.exitCode === null) proc.kill('SIGKILL'); };
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 20000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`taol-server exited with code ${proc.exitCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return { base, port, dataDir, output, stop, kill };
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  await stop();
  throw new Error('taol-server did not answer /healthz within 20 s');
}

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS, headless: true });
}

// One person at the table: its own browser context (own storage, so its own token).
// opts: mobile (a phone: touch, mobile viewport), motion (the pieces move: prefers-reduced-motion
// is not set). Without it a page asks for reduced motion: the one-screen scenarios check the
// motion of every game, and elsewhere moving pieces only cost CPU (a game of the fishfish
// scenario took 43-44 s instead of 50-69), on the browser lane that is ctest's longest.
export async function newPlayer(browser, name, viewport, errors, opts = {}) {
  const context = await browser.newContext({
    viewport, deviceScaleFactor: 1, isMobile: !!opts.mobile, hasTouch: !!opts.mobile,
    reducedMotion: opts.motion ? 'no-preference' : 'reduce',
  });
  // Keeps the page's WebSockets within reach, so a test can cut the line like a network drop,
  // remembers the last snapshot the page received, and counts the animations the page ran.
  // A server that sends deltas: the last snapshot is the one a delta stands for, worked out by the
  // client's own js/deltas.js (imported at the first delta; messages wait for it, in order).
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.__sockets = [];
    window.__lastSnap = null;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        window.__sockets.push(this);
        let baseline = null;
        let backlog = null;
        let lastFull = null;
        const feed = (m) => {
          const snap = m.type === 'snapshot' ? baseline.accept(m) : baseline.applyDelta(m);
          if (snap) window.__lastSnap = snap;
        };
        const track = (m) => {
          if (m.type === 'snapshot') window.__lastSnap = m;
          if (baseline) { feed(m); return; }
          if (m.type === 'snapshot') { if (backlog) backlog.push(m); else lastFull = m; return; }
          if (!backlog) {
            backlog = lastFull ? [lastFull] : [];
            import('/js/deltas.js').then((mod) => { baseline = new mod.Baseline(); backlog.splice(0).forEach(feed); });
          }
          backlog.push(m);
        };
        this.addEventListener('message', (e) => {
          try { const m = JSON.parse(e.data); if (m.type === 'snapshot' || m.type === 'delta') track(m); } catch { /* not JSON */ }
        });
      }
    };
    window.__animations = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__animations += 1; return animate.apply(this, args); };
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`${name}: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`${name} console: ${msg.text()}`); });
  page.setDefaultTimeout(15000);
  return { name, page, context };
}

export async function shot(p, shots, label) {
  if (!shots) return;
  await p.page.evaluate(() => window.scrollTo(0, 0));
  await p.page.screenshot({ path: path.join(shots, `${label}.png`), fullPage: true });
}

// The host opens a table of `game` from the lobby, with `options` ({ rounds: 1 }) set in its form;
// returns the invite link and the room code.
export async function openRoom(host, base, game, options = {}) {
  await host.page.goto(`${base}/`);
  await host.page.fill('[data-testid=name]', host.name);
  await host.page.click(`[data-testid=game-${game}]`);
  for (const [name, value] of Object.entries(options)) await host.page.fill(`#create-${name}`, String(value));
  await host.page.click('[data-testid=create]');
  const invite = await host.page.locator('[data-testid=invite-link]').inputValue();
  check(/\/r\/[A-Z0-9]{8}$/.test(invite), `invite link looks wrong: ${invite}`);
  check(invite.startsWith(base), `invite link ${invite} is not on ${base}`);
  return { invite, code: invite.slice(-8) };
}

// A friend comes in through the invite link and takes a seat.
export async function joinByInvite(p, invite) {
  await p.page.goto(invite);
  await p.page.fill('[data-testid=name]', p.name);
  await p.page.click('[data-testid=enter]');
  await p.page.locator('[data-testid=invite-link]').waitFor();
}

// Someone about to watch, by code from the start page: name and code typed, "watch" not clicked yet.
export async function readyToWatch(p, base, code) {
  await p.page.goto(`${base}/`);
  await p.page.fill('[data-testid=name]', p.name);
  await p.page.fill('[data-testid=join-code]', code);
}

// Someone watches, by code from the start page.
export async function watchByCode(p, base, code) {
  await readyToWatch(p, base, code);
  await p.page.click('[data-testid=join-spectator]');
  // On a phone the room code sits in the top bar's menu: there, not necessarily in sight.
  await p.page.locator('[data-testid=room-code]').waitFor({ state: 'attached' });
}

// A random clickable action on this page (the picker dialog first when it is open). `weight(act)`
// makes some actions likelier.
export async function clickSomething(p, weight = () => 1) {
  const page = p.page;
  const scope = (await page.locator('dialog[open]').count()) ? 'dialog[open] ' : '#main ';
  const buttons = page.locator(`${scope}button[data-act]:not([disabled]):visible`);
  const n = await buttons.count();
  if (!n) return false;
  const acts = await buttons.evaluateAll((els) => els.map((e) => e.dataset.act));
  const weights = acts.map(weight);
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return false;  // nothing the caller wants clicked
  let r = Math.random() * total;
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
export function logLength(p) {
  return p.page.locator('[data-testid=log] li:not(.muted)').count();
}

// After a new connection the whole log comes again: at least what the page had before.
export async function waitForLog(p, before, when) {
  try {
    await p.page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] li:not(.muted)').length >= n, before);
  } catch {
    throw new Error(`${p.name}'s log has ${await logLength(p)} entries ${when}, it had ${before}`);
  }
}

export async function scoreboardShown(p) {
  return p.page.locator('[data-testid=scoreboard]:visible').count().then((n) => n > 0);
}

// Fish Fish's players lay and confirm more often than they do anything else: games end sooner.
export const confirmOften = (act) => (act === 'set_line' || act === 'confirm' ? 4 : 1);

// A game of Fish Fish between a host and a friend, from a new room to both scoreboards, within
// `timeLeftMs`; returns the room's code and the final scores both read.
export async function playFishFishDuo(host, friend, base, timeLeftMs) {
  const { invite, code } = await openRoom(host, base, 'fishfish');
  await joinByInvite(friend, invite);
  await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 2);
  await host.page.click('[data-testid=start]');
  for (const p of [host, friend]) await p.page.locator('.table .ff').waitFor();
  let clicks = 0;
  const until = Date.now() + timeLeftMs;
  while (!(await scoreboardShown(host)) || !(await scoreboardShown(friend))) {
    if (Date.now() > until) throw new Error(`the game did not end after ${clicks} clicks`);
    let acted = false;
    for (const p of [host, friend]) if (await clickSomething(p, confirmOften)) { acted = true; clicks += 1; }
    if (!acted) await sleep(60);
  }
  const scores = await sameFinalScores([host, friend]);
  log(`room ${code}: game over after ${clicks} clicks, scores ${scores}`);
  return { code, scores };
}

// Everyone sees the same final scores and a winner; returns "seat:points,..." as they read.
export async function sameFinalScores(pages) {
  const boards = [];
  for (const p of pages) {
    const winners = (await p.page.locator('[data-testid=winners]').textContent()).trim();
    check(winners.length > 0, `${p.name} sees no winner`);
    const scores = await p.page.locator('.final-scores tbody tr').evaluateAll((rows) => rows.map((r) => `${r.dataset.seat}:${r.querySelector('[data-testid=final-score]').textContent}`).sort().join(','));
    boards.push(scores);
  }
  check(boards.every((b) => b === boards[0]), `final scores differ between pages: ${boards.join(' | ')}`);
  return boards[0];
}

// Errors the pages logged, except the expected ones of cut connections.
export function checkNoPageErrors(errors) {
  const pageErrors = errors.filter((e) => !/WebSocket|ERR_CONNECTION|net::/.test(e));
  check(pageErrors.length === 0, `errors in the pages:\n  ${pageErrors.join('\n  ')}`);
}

// The tip bubble (web-client/js/tips.js) as the page shows it: its text, or null when hidden.
export function tipText(p) {
  return p.page.evaluate(() => {
    const b = document.getElementById('tip');
    return b && b.classList.contains('on') && b.matches(':popover-open') ? b.textContent : null;
  });
}

// Waits for the tip bubble to show `text` (a string it must contain); its text.
export async function waitForTip(p, text, what, timeout = 4000) {
  try {
    await p.page.waitForFunction((want) => {
      const b = document.getElementById('tip');
      return b && b.classList.contains('on') && b.matches(':popover-open') && b.textContent.includes(want);
    }, text, { timeout });
  } catch {
    throw new Error(`${p.name}: no tip "${text.slice(0, 40)}…" on ${what} (the page shows ${JSON.stringify(await tipText(p))})`);
  }
  return tipText(p);
}

// A finger held on the element (touch events through the DevTools protocol, as a phone sends them).
export async function longPress(p, locator, ms = 750) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${p.name}: nothing to press`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  p.cdp = p.cdp || await p.context.newCDPSession(p.page);
  await p.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await sleep(ms);
  await p.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
