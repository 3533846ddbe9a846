#!/usr/bin/env node
// Browser tests: a real taol-server and Debian's headless Chromium, one scenario at a time
// (scenarios/<name>.mjs; see README.md).
//
// Usage: node run.mjs [path/to/taol-server] [scenario...]   (all scenarios when none is named)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OVERALL_MS, launchBrowser, log, startServer } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const binary = args[0] && !fs.existsSync(path.join(here, 'scenarios', `${args[0]}.mjs`)) ? args.shift() : undefined;
const names = args.length ? args
  : fs.readdirSync(path.join(here, 'scenarios')).filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -4)).sort();

const results = { passed: 0, failed: 0 };
let server = null;
let browser = null;
let finished = false;
// Screenshots go where TAOL_SHOTS says, kept; otherwise to a temporary folder, kept only when a
// scenario failed (it is printed), so that passing runs leave nothing behind.
const shotsKept = Boolean(process.env.TAOL_SHOTS);
const shots = process.env.TAOL_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'taol-shots-'));

async function finish(message) {
  if (finished) return;
  finished = true;
  if (message) {
    console.error(`[browser] FAILED: ${message}`);
    results.failed += 1;
  }
  if (browser) { try { await browser.close(); } catch { /* already gone */ } }
  if (server) await server.stop();
  if (!shotsKept && !results.failed) fs.rmSync(shots, { recursive: true, force: true });
  console.log(`browser: ${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed ? 1 : 0);
}

process.on('SIGINT', () => finish('interrupted'));
process.on('SIGTERM', () => finish('terminated'));
setTimeout(() => finish(`overall timeout of ${OVERALL_MS} ms`), OVERALL_MS).unref();

fs.mkdirSync(shots, { recursive: true });
for (const name of names) {
  const errors = [];
  try {
    const scenario = (await import(path.join(here, 'scenarios', `${name}.mjs`))).default;
    if (!server) server = await startServer(binary);
    if (!browser) browser = await launchBrowser();
    log(`${name}: server at ${server.base}; screenshots in ${shots}`);
    const own = path.join(shots, name);
    fs.mkdirSync(own, { recursive: true });
    await scenario({ base: server.base, browser, shots: own, errors, binary });
    results.passed += 1;
    log(`${name}: passed`);
  } catch (err) {
    results.failed += 1;
    console.error(`[browser] ${name} FAILED: ${err && err.stack ? err.stack : err}`);
    if (server && server.output.length) console.error('[browser] last server output:\n' + server.output.slice(-30).join(''));
  }
}
await finish();
