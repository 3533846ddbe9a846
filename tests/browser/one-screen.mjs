// "One screen": a real game at a laptop size and a phone size, one seat played through the page,
// the other seats over WebSocket (ws-seats.mjs), a spectator page with reduced motion. At many
// quiet moments (the latest snapshot drawn, nothing in flight), on both pages:
//   - the page does not scroll, and no scrolling box clips the prompt, the middle of the table
//     or the player's own area (nor does either overflow its box);
//   - for every action the server lists, a control whose centre hit-tests (elementFromPoint) to
//     it, inside the screen, at least 44 px each way; time-limited ones in thumb reach on a phone;
//   - the page shows the latest snapshot (its rev, and the game's own facts);
// and over the game: the player's page animated what moved, the spectator's page nothing.
import path from 'node:path';
import { check, log, newPlayer, sleep, watchByCode } from './lib.mjs';
import { wsSeats } from './ws-seats.mjs';

// Runs in the page: what is wrong with this moment (a list of sentences), or null when the
// moment is not quiet (a snapshot not drawn yet, an action in flight, pieces moving).
function moment({ controlSrc, factsSrc, timeLimited, phone }) {
  const snap = window.__lastSnap;
  const table = document.querySelector('[data-testid=table]');
  if (!snap || !table || table.hidden || snap.status !== 'playing') return null;
  if (table.dataset.rev !== String(snap.rev) || table.classList.contains('busy')) return null;
  // Pieces in flight: finite animations (not the transitions of countdown rings and hovers).
  const moving = document.getAnimations().some((a) => a.playState === 'running' && !(a instanceof CSSTransition)
    && Number.isFinite(a.effect?.getComputedTiming?.().endTime));
  if (moving || document.querySelector('.motion-ghost')) return null;
  const out = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const name = (el) => (el ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}` : 'nothing');
  const page = document.scrollingElement;
  if (page.scrollHeight > vh + 1 || page.scrollWidth > vw + 1 || window.scrollY || window.scrollX) {
    out.push(`the page scrolls (${page.scrollWidth}×${page.scrollHeight} on ${vw}×${vh})`);
  }
  const seated = snap.seat !== null && snap.seat !== undefined;
  const regions = [['the prompt', document.getElementById('prompt')], ['the middle', table.querySelector('[data-region=middle]')]];
  if (seated && snap.status === 'playing') regions.push(['the own area', table.querySelector('[data-region=me]')]);
  for (const [what, el] of regions) {
    if (!el) { out.push(`${what} is missing`); continue; }
    const r = el.getBoundingClientRect();
    if (r.height < 4 || r.width < 4) out.push(`${what} has no room (${Math.round(r.width)}×${Math.round(r.height)})`);
    if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) out.push(`${what} is off the screen (${Math.round(r.top)}–${Math.round(r.bottom)} of ${vh})`);
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (r.top < ar.top - 1 || r.bottom > ar.bottom + 1 || r.left < ar.left - 1 || r.right > ar.right + 1) out.push(`${what} is clipped by ${name(a)}`);
    }
    if (el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2) {
      const parts = [...el.children].map((c) => `${name(c)} ${Math.round(c.getBoundingClientRect().height)}`).join(', ')
        + ' / ' + [...el.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().height > 34).slice(0, 12).map((c) => `${name(c)} ${Math.round(c.getBoundingClientRect().height)}`).join(', ');
      out.push(`${what} overflows its box (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}: ${parts})`);
    }
  }
  // A sheet, a dialog or a drawer the player opened: its controls are what it asked for.
  const chosen = document.querySelector('dialog[open], [data-mode=sheet], .room.side-open, .topbar.menu-open');
  if (seated && !chosen) {
    const control = (0, eval)(`(${controlSrc})`);
    for (const a of snap.actions || []) {
      const selector = control(a, snap);
      if (!selector) continue;
      let why = 'no control';
      for (const el of table.querySelectorAll(selector)) {
        const r = el.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const hit = document.elementFromPoint(cx, cy);
        if (el.disabled) why = 'its control is disabled';
        else if (r.width < 43.5 || r.height < 43.5) why = `its control is ${Math.round(r.width)}×${Math.round(r.height)} px`;
        else if (cx < 0 || cy < 0 || cx > vw || cy > vh) why = 'its control is off the screen';
        else if (!hit || !(hit === el || el.contains(hit))) {
          // In a long list that scrolls in its own box (open offers), one scroll away is in reach
          // when the list itself is on screen and uncovered.
          const list = el.closest('[data-scroll-list]');
          const lr = list?.getBoundingClientRect();
          const top = lr && document.elementFromPoint(lr.left + lr.width / 2, lr.top + 4);
          if (list && lr.top >= 0 && lr.bottom <= vh && lr.height >= 44 && top && list.contains(top)) { why = null; break; }
          why = `its control is covered by ${name(hit)}`;
        }
        else if (phone && timeLimited.includes(a.type) && cy < vh * 0.35) why = `its control is out of thumb reach (y = ${Math.round(cy)})`;
        else { why = null; break; }
      }
      if (why) out.push(`${JSON.stringify(a).slice(0, 90)}: ${why}`);
    }
  }
  const fact = (0, eval)(`(${factsSrc})`)(snap.view, snap, table);
  if (fact) out.push(`the table does not show the latest snapshot: ${fact}`);
  return out;
}

// One random listed control of the page, clicked with the mouse at its centre (a real hit test).
async function actThroughPage(p, weights) {
  const target = await p.page.evaluate((w) => {
    const scope = document.querySelector('dialog[open]') || document.querySelector('[data-testid=table]');
    if (!scope) return null;
    const buttons = [...scope.querySelectorAll('button[data-act]:not([disabled])')].filter((b) => b.checkVisibility());
    const weight = (b) => w[b.dataset.act] ?? 1;
    let r = Math.random() * buttons.reduce((sum, b) => sum + weight(b), 0);
    const chosen = buttons.find((b) => (r -= weight(b)) <= 0);
    if (!chosen) return null;
    const box = chosen.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, act: chosen.dataset.act };
  }, weights || {});
  if (!target) return null;
  await p.page.mouse.click(target.x, target.y);
  return target.act;
}

// The problems of a quiet moment of a table state not sampled yet on this page, or null.
async function sample(p, args) {
  for (let tries = 0; tries < 12; tries += 1) {
    const rev = await p.page.evaluate(() => window.__lastSnap?.rev ?? null);
    if (rev === p.sampledRev) return null;
    const found = await p.page.evaluate(moment, args);
    if (found) { p.sampledRev = rev; return found; }
    await sleep(120);
  }
  return null; // never quiet: the table moves all the time (fast seats); not a moment
}

// On a phone, what folds away comes back: the top bar's menu (room code, languages) and the side
// panel's drawer (players, log, chat), each closed again after.
async function foldsOpen(p) {
  const page = p.page;
  await page.click('[data-testid=menu]');
  await page.locator('[data-testid=room-code]').waitFor();
  await page.locator('[data-testid=lang-en]').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=room-code]').waitFor({ state: 'hidden' });
  await page.click('[data-testid=side-toggle]');
  await page.click('[data-testid=tab-log]');
  await page.locator('[data-testid=log]').waitFor();
  await page.click('[data-testid=tab-players]');
  await page.locator('li.seat.me').waitFor();
  await page.click('.side-close');
  await page.locator('[data-testid=log]').waitFor({ state: 'hidden' });
}

// One size: a table of `players`, the viewer at seat 1 (the host's seat 0 is a WebSocket seat).
async function oneSize({ base, browser, shots, errors }, spec, size) {
  const seats = await wsSeats(browser, base);
  const others = [];
  for (let i = 0; i < size.players - 1; i += 1) others.push(await seats.add(`${spec.names[i % spec.names.length]}${i >= spec.names.length ? i : ''}`));
  const code = await others[0].create(spec.game, spec.options || {});
  const phone = !!size.mobile;
  const me = await newPlayer(browser, 'Katell', size.viewport, errors, { mobile: phone, motion: true });
  await me.page.goto(`${base}/r/${code}`);
  await me.page.fill('[data-testid=name]', me.name);
  await me.page.click('[data-testid=enter]');
  await me.page.locator('[data-testid=invite-link]').waitFor();
  for (const s of others.slice(1)) await s.join(code);
  const watcher = await newPlayer(browser, 'Nolwenn', size.viewport, errors, { mobile: phone });
  await watchByCode(watcher, base, code);
  await others[0].start();
  for (const s of others) await s.play(spec.seats, spec.seatDelay || [400, 1200]);
  await me.page.locator('[data-testid=table]:not([hidden])').waitFor();
  const args = { controlSrc: spec.control.toString(), factsSrc: spec.facts.toString(), timeLimited: spec.timeLimited || [], phone };
  const problems = [];
  let moments = 0;
  let clicks = 0;
  const until = Date.now() + (spec.seconds || 70) * 1000;
  const label = `${spec.game}-${size.label}`;
  const snapShots = new Set([1, Math.ceil(spec.moments / 2), spec.moments]);
  while (moments < spec.moments && Date.now() < until) {
    if (await actThroughPage(me, spec.clicks)) clicks += 1;
    await sleep(250);
    for (const p of [me, watcher]) {
      const found = await sample(p, args);
      if (!found) continue;
      if (p === me) moments += 1;
      for (const f of found) problems.push(`${p.name} (${size.label} ${size.viewport.width}×${size.viewport.height}): ${f}`);
      if (found.length && problems.length === found.length && shots) await p.page.screenshot({ path: path.join(shots, `${label}-problem-${p.name}.png`) });
    }
    if (shots && snapShots.has(moments)) {
      snapShots.delete(moments);
      await me.page.screenshot({ path: path.join(shots, `${label}-${moments}-player.png`) });
      await watcher.page.screenshot({ path: path.join(shots, `${label}-${moments}-spectator.png`) });
    }
    if (await me.page.locator('[data-testid=scoreboard]:not([hidden])').count()) break;
    // Not while a dialog the page opened (a confirmation) waits for its answer: it is modal.
    const dialogOpen = await me.page.locator('dialog[open]').count();
    if (phone && moments >= 5 && !size.folded && !dialogOpen) { size.folded = true; await foldsOpen(me); }
  }
  check(!phone || size.folded || moments < 5, `the menu and the drawer were not tried at ${size.label} size`);
  const ran = await me.page.evaluate(() => window.__animations);
  const still = await watcher.page.evaluate(() => [window.__animations, document.getAnimations().length]);
  const stats = await seats.stats();
  log(`${label}: ${moments} moments, ${clicks} clicks through the page, ${stats.reduce((n, s) => n + s.acts, 0)} WebSocket actions (${stats.reduce((n, s) => n + s.refused, 0)} refused), ${ran} animations on the player's page`);
  for (const p of [me, watcher]) await p.context.close();
  await seats.close();
  const unique = [...new Set(problems)];
  check(!unique.length, `${unique.length} problems at ${size.label} size:\n  ${unique.slice(0, 25).join('\n  ')}`);
  check(moments >= Math.min(spec.moments, 10), `only ${moments} quiet moments at ${size.label} size`);
  check(ran > 0, `nothing moved on the player's page at ${size.label} size`);
  check(still[0] === 0 && still[1] === 0, `the spectator asked for reduced motion, yet ${still[0]} animations ran (${still[1]} running)`);
}

// spec: {game, options, names, laptop: {players}, phone: {players}, seats (a pick function or
// weights for the WebSocket seats), clicks (weights of the page's clicks), control(action, snap)
// → a selector for its control, facts(view, snap, table) → null or what differs, timeLimited,
// moments, seconds}.
// TAOL_ONE_SCREEN_SIZES (e.g. "844x390,1920x1080") runs other sizes instead, to check by hand:
// under 700 px wide or 500 px tall a phone with the phone's player count, else a laptop's.
export async function oneScreen(ctx, spec) {
  const asked = (process.env.TAOL_ONE_SCREEN_SIZES || '').split(',').filter(Boolean).map((wh) => {
    const [width, height] = wh.split('x').map(Number);
    const phone = width < 700 || height < 500;
    return { label: wh, viewport: { width, height }, players: phone ? spec.phone.players : spec.laptop.players, mobile: phone };
  });
  const sizes = asked.length ? asked : [
    { label: 'laptop', viewport: { width: 1366, height: 768 }, players: spec.laptop.players },
    { label: 'phone', viewport: { width: 390, height: 844 }, players: spec.phone.players, mobile: true },
  ];
  for (const size of sizes) await oneSize(ctx, spec, size);
}
