// Fair races, the client's part: the create form proposes them (on, the cap folded away); every
// page says `clock: true` in its hello and answers each clock probe at once (in the same task the
// probe arrived in) with its number and its clock; each person's seat shows its network delay as
// a signal mark (3/2/1 bars, "Délai réseau : N ms") once the room carries `rtt_ms`, a bot's none,
// in the waiting room, the players' panel and at the table; every act carries `t`; the host turns
// compensation off and on from the players' panel (configure), before and during the game, and
// the others read it; a compensated lost race says so. Screenshots at 1366×768 and 390×844.
import {
  OVERALL_MS, check, checkNoPageErrors, clickSomething, confirmOften, joinByInvite, log, newPlayer, shot, sleep,
} from '../lib.mjs';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// Every frame of the page's WebSockets, parsed, in order, through the DevTools protocol.
function recordFrames(page) {
  const frames = { sent: [], received: [] };
  page.on('websocket', (ws) => {
    const keep = (list) => (e) => { try { list.push(JSON.parse(e.payload)); } catch { /* not JSON */ } };
    ws.on('framesent', keep(frames.sent));
    ws.on('framereceived', keep(frames.received));
  });
  return frames;
}

// In the page: when each probe arrived and when its answer left (performance.now()), and whether
// the answer left in the task that delivered the probe (a timer set on arrival has not fired yet):
// "at once" checked where it happens, not through the DevTools protocol's delays.
function timeProbes() {
  const Base = window.WebSocket;
  window.__probes = [];
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        try {
          const m = JSON.parse(e.data);
          if (m.type !== 'clock') return;
          window.__probes.push({ n: m.n, came: performance.now() });
          window.__probeTask = m.n;
          setTimeout(() => { if (window.__probeTask === m.n) window.__probeTask = null; });
        } catch { /* not JSON */ }
      });
    }

    send(data) {
      try {
        const m = JSON.parse(data);
        const probe = m.type === 'clock' && window.__probes.findLast((p) => p.n === m.n && p.left === undefined);
        if (probe) Object.assign(probe, { left: performance.now(), t: m.t, id: m.id, sameTask: window.__probeTask === m.n });
      } catch { /* not JSON */ }
      super.send(data);
    }
  };
}

async function person(browser, name, viewport, errors, opts) {
  const p = await newPlayer(browser, name, viewport, errors, opts);
  await p.context.addInitScript(timeProbes);
  p.frames = recordFrames(p.page);
  return p;
}

const lastRoom = (p) => p.frames.received.filter((m) => m.type === 'room').at(-1);

async function waitFor(what, fn, ms = 8000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fn()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function probesAnsweredAtOnce(p) {
  await waitFor(`${p.name}'s first clock probes`, async () => (await p.page.evaluate(() => window.__probes.filter((x) => x.left !== undefined).length)) >= 3);
  const probes = await p.page.evaluate(() => window.__probes);
  for (const x of probes.filter((y) => y.left !== undefined)) {
    check(x.sameTask, `${p.name}: probe ${x.n} answered in a later task (${Math.round(x.left - x.came)} ms after it came)`);
    check(x.left - x.came < 100, `${p.name}: probe ${x.n} answered ${Math.round(x.left - x.came)} ms after it came`);
    // The answer's t is the page's clock while it answered: between the probe's arrival and the
    // answer's leaving (a busy machine may put milliseconds between the two).
    check(typeof x.t === 'number' && x.t >= x.came - 1 && x.t <= x.left + 1, `${p.name}: probe ${x.n}'s answer carries t=${x.t}, the probe came at ${x.came} and the answer left at ${x.left}`);
    check(x.id === undefined, `${p.name}: a probe's answer has no id`);
  }
  const hello = p.frames.sent.find((m) => m.type === 'hello');
  check(hello && hello.clock === true, `${p.name}: the hello does not say clock: true (${JSON.stringify(hello)})`);
  return probes.length;
}

// The signal marks of the page under `scope`: [{seat, level, tip, label}].
function signals(p, scope) {
  return p.page.locator(`${scope} [data-testid=signal]`).evaluateAll((els) => els.map((e) => ({
    seat: e.dataset.seat, level: e.dataset.level, tip: e.dataset.tip, label: e.getAttribute('aria-label'),
  })));
}

function checkSignals(list, where, re = /^Délai réseau : \d+ ms$/) {
  check(list.length > 0, `no signal mark in ${where}`);
  for (const s of list) {
    check(['good', 'fair', 'poor'].includes(s.level), `${where}: signal of seat ${s.seat} has level ${s.level}`);
    check(re.test(s.tip) && s.label === s.tip, `${where}: signal of seat ${s.seat} says "${s.tip}" / "${s.label}"`);
  }
}

// The host's switch in the players' panel sends configure; every page's room then says so.
async function toggleFair(host, others, on) {
  const before = host.frames.sent.length;
  const box = host.page.locator('[data-key=fair-races]');
  if (on) await box.check(); else await box.uncheck();
  await waitFor('the configure of fair_races', () => host.frames.sent.slice(before)
    .some((m) => m.type === 'configure' && m.options && m.options.fair_races === on && Object.keys(m.options).length === 1));
  for (const p of [host, ...others]) await waitFor(`${p.name}'s room with fair_races ${on}`, () => lastRoom(p)?.options?.fair_races === on);
  for (const p of others) {
    const re = on ? /compensé/ : /désactivées/;
    await p.page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid=fair-races-note]')?.textContent || ''), re.source);
  }
  check(await box.isChecked() === on, `the host's switch should read ${on}`);
}

export default async function fairRaces({ base, browser, shots, errors }) {
  const started = Date.now();
  const host = await person(browser, 'Katell', LAPTOP, errors);
  const friend = await person(browser, 'Bleuenn', PHONE, errors, { mobile: true });
  try {
    await host.page.goto(`${base}/`);
    await host.page.fill('[data-testid=name]', host.name);
    await host.page.click('[data-testid=game-fishfish]');
    const fairBox = host.page.locator('#create-fair_races');
    check(await fairBox.isChecked(), 'the create form proposes fair races on');
    check(await fairBox.isVisible(), 'fair races are in sight in the create form');
    const label = await host.page.locator('label[for=create-fair_races]').textContent();
    check(/équitable/i.test(label), `the fair races option's label: "${label}"`);
    check(await host.page.locator('.opt-more #create-fair_races_cap_ms').count() === 1, 'the cap is among the other options');
    await host.page.locator('.opt-more summary').click();
    await shot(host, shots, 'create-form-laptop');
    await fairBox.uncheck();
    check(await host.page.locator('#create-fair_races_cap_ms').isDisabled(), 'the cap waits for fair races');
    await fairBox.check();
    await host.page.click('[data-testid=create]');
    const invite = await host.page.locator('[data-testid=invite-link]').inputValue();
    const create = host.frames.sent.find((m) => m.type === 'create');
    check(create.options.fair_races === true && Number.isInteger(create.options.fair_races_cap_ms), `create's options: ${JSON.stringify(create.options)}`);
    await joinByInvite(friend, invite);
    await host.page.click('[data-testid=add-bot]');
    await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 3);
    check(lastRoom(host).options.fair_races === true, 'the room has fair races on');

    const n = await probesAnsweredAtOnce(host) + await probesAnsweredAtOnce(friend);
    log(`fair-races: ${n} clock probes answered at once`);

    // The round trips arrive with the room: a mark on each person's place, none on the bot's.
    await host.page.locator('.places [data-testid=signal]').nth(1).waitFor({ timeout: 15000 });
    await friend.page.locator('.places [data-testid=signal]').nth(1).waitFor({ timeout: 15000 });
    checkSignals(await signals(host, '.places'), 'the host\'s waiting room');
    checkSignals(await signals(host, '.seat-list'), 'the host\'s players panel');
    check(await host.page.locator('.place.bot [data-testid=signal], .seat.bot [data-testid=signal]').count() === 0, 'a bot has no signal');
    check(await host.page.locator('.place.bot [data-testid=bot-mark]').count() === 1, 'the bot keeps its robot');
    await shot(host, shots, 'waiting-laptop');
    await shot(friend, shots, 'waiting-phone');

    // Off and on again before the start: the start form follows the switch.
    // The room's frame arrives before the page renders it: the form is waited for, not read at once.
    const startForm = () => host.page.locator('#start-fair_races').isChecked();
    await toggleFair(host, [friend], false);
    await waitFor('the start form to follow the switch (off)', async () => !(await startForm()), 5000);
    await toggleFair(host, [friend], true);
    await waitFor('the start form to follow the switch (on)', startForm, 5000);

    await host.page.click('[data-testid=start]');
    for (const p of [host, friend]) await p.page.locator('.table .ff').waitFor();
    check(lastRoom(host).options.fair_races === true, 'the game started with fair races');
    // At the table: in sight on a laptop; on a phone's crowded table a good link goes unsaid.
    for (const p of [host, friend]) {
      await p.page.locator('.table [data-testid=signal]').first().waitFor({ timeout: 10000, state: 'attached' });
      checkSignals(await signals(p, '.table'), `${p.name}'s table`);
    }
    check(await host.page.locator('.table [data-testid=signal]').first().isVisible(), 'the signal is in sight at a laptop\'s table');
    const hiddenGood = await friend.page.locator('.table [data-testid=signal]').evaluateAll((els) => els.every((e) => (e.dataset.level === 'good') === (getComputedStyle(e).display === 'none')));
    check(hiddenGood, 'on the phone\'s table only a fair or poor link shows');

    // A few moves: each act carries the moment it was chosen, on the page's clock.
    const actsOf = (p) => p.frames.sent.filter((m) => m.type === 'act');
    await waitFor('a few acts from both pages', async () => {
      for (const p of [host, friend]) await clickSomething(p, confirmOften);
      return actsOf(host).length >= 2 && actsOf(friend).length >= 2;
    }, 40000);
    for (const p of [host, friend]) {
      const acts = actsOf(p);
      const now = await p.page.evaluate(() => performance.now());
      check(acts.length > 0, `${p.name} sent no act`);
      for (const a of acts) check(typeof a.t === 'number' && a.t > 0 && a.t <= now, `${p.name}: an act carries t=${a.t} (now ${now})`);
    }
    log(`fair-races: ${actsOf(host).length + actsOf(friend).length} acts with t`);
    await shot(host, shots, 'game-laptop');
    await shot(friend, shots, 'game-phone');
    await friend.page.click('[data-testid=side-toggle]');
    await friend.page.locator('.seat-list [data-testid=signal]').first().waitFor();
    checkSignals(await signals(friend, '.seat-list'), 'the friend\'s players drawer');
    await shot(friend, shots, 'game-phone-drawer');
    await friend.page.click('.side-close');

    // During the game too; everyone reads the current value.
    await toggleFair(host, [friend], false);
    await toggleFair(host, [friend], true);

    // A lost race whose margin was compensated says so, in both languages.
    const texts = await host.page.evaluate(async () => {
      const { errorText } = await import('/js/app.js');
      const { setLang } = await import('/js/i18n.js');
      const err = { code: 'too_late', winner: 1, margin_ms: 12 };
      const out = { fr: errorText(err), frFair: errorText({ ...err, compensated: true }) };
      await setLang('en');
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); // drawn again
      out.enFair = errorText({ ...err, compensated: true });
      out.tip = document.querySelector('.table [data-testid=signal]')?.dataset.tip;
      await setLang('fr');
      return out;
    });
    check(!/compens/.test(texts.fr) && /plus rapide de 12 ms/.test(texts.fr), `too_late: "${texts.fr}"`);
    check(/plus rapide de 12 ms \(délai réseau compensé\)/.test(texts.frFair), `too_late compensated: "${texts.frFair}"`);
    check(/faster by 12 ms \(network delay compensated\)/.test(texts.enFair), `too_late compensated (en): "${texts.enFair}"`);
    check(/^Network delay: \d+ ms$/.test(texts.tip || ''), `the signal in English: "${texts.tip}"`);
    checkNoPageErrors(errors);
    check(Date.now() - started < OVERALL_MS, 'took too long');
  } finally {
    await host.context.close();
    await friend.context.close();
  }
}
