// Carambouille trading by hand. First the market's own parts (web-client/games/carambouille-trade.js
// and -stalls.js) drawn from a made-up trading snapshot, clicking as a player would:
//   - an offer is accepted by choosing the cards: the ticket's first, primary answer opens that
//     choice (no one-tap accept that picks the cards itself); the suggestion only picks cards; the
//     bar says whether the cards picked meet the ask; "Donner ces cartes" sends what was picked;
//   - the offer builder makes every kind of claim in the ask, and an announcement that lies about
//     a Carambouille card with J'ai menti !;
//   - "Arrêter les échanges" sits at the end of the bar and asks first (in the page);
// then at real tables (a laptop and a phone), an offer from another player accepted by picking.
import { check, checkNoPageErrors, log, newPlayer, sleep } from '../lib.mjs';
import { wsSeats } from '../ws-seats.mjs';
import path from 'node:path';

// Runs in the page: the trading square and the viewer's stall of a made-up snapshot, redrawn on
// every change like the room does. Sent actions go to window.__sent.
export function harness() {
  return (async () => {
    const { t, formatters } = await import('/js/i18n.js');
    const { h, clear } = await import('/js/dom.js');
    const { fill, choices } = await import('/js/picker.js');
    // The card modules get the server's card data from the loader, as at a table.
    await (await import('/js/renderers.js')).loadRenderer('carambouille');
    const trade = await import('/games/carambouille-trade.js');
    const stalls = await import('/games/carambouille-stalls.js');
    if (!document.querySelector('link[href="/games/carambouille.css"]')) {
      document.head.append(h('link', { rel: 'stylesheet', href: '/games/carambouille.css' }));
      document.head.append(h('link', { rel: 'stylesheet', href: '/css/room.css' }));
    }
    const names = ['Katell', 'Yann', 'Soazig'];
    const hand = { A1: 'truffes', B2: 'fromage', C3: 'cebettes', D4: 'jai_menti', E5: 'soldes' };
    const ids = Object.keys(hand);
    const claimsRule = { list_of: { any_of: [] }, min: 0, max: 8 };
    const snap = {
      rev: 1, status: 'playing', seat: 0, deadlines: [],
      view: {
        phase: 'trading', round: 1, last_round: false, merchant: 0, reserve: 50, stack: 20, sold_products: 0, quiet_rounds: 0,
        accounts: [0, 0, 0], products: [3, 4, 4], carambouille: [2, 1, 0], paniers: [0, 0, 0], limits: [8, 8, 8],
        offers: [{ id: 'o1', from: 1, to: 0, announce: [{ product: 'fromage', count: 1 }], ask: [{ product: 'truffes', count: 1 }], counter: null, refused_by: [], frozen: false }],
        persuasions: [], hand,
      },
      actions: [
        { type: 'ring' },
        { type: 'offer', lie: true, choose: { to: { one_of: [null, 1, 2] }, give: { subset_of: ids, min: 1 }, announce: claimsRule, ask: claimsRule } },
        { type: 'offer', lie: false, choose: { to: { one_of: [null, 1, 2] }, give: { subset_of: ids, min: 1 }, announce: claimsRule, ask: claimsRule } },
        { type: 'offer', counter: 'o1', to: 1, lie: false, announce: [], ask: [], choose: { give: { subset_of: ids, min: 1 } } },
        { type: 'accept', offer: 'o1', give: ['A1'], lie: false },
        { type: 'accept', offer: 'o1', lie: false, choose: { give: { subset_of: ids, min: 1 } } },
        { type: 'accept', offer: 'o1', lie: true, choose: { give: { subset_of: ids, min: 1 } } },
        { type: 'refuse', offer: 'o1' },
      ],
    };
    window.__sent = [];
    const root = document.getElementById('market') || h('div', { id: 'market', class: 'table game-carambouille' });
    Object.assign(root.style, { position: 'fixed', inset: '0', zIndex: 30, background: '#3a5a2a', overflow: 'auto', padding: '8px' });
    document.body.append(root);
    const state = {};
    const ctx = {
      gt: (k, p) => t(`carambouille.${k}`, p), t, lang: document.documentElement.lang, mySeat: 0, seatCount: 3,
      seatName: (s) => names[s], seatBadge: (s) => h('span', { class: 'seat-badge' }, names[s]), seatColor: () => '#c0392b',
      seatToken: () => h('span'), pending: false, state, fill, choices, format: formatters, now: () => Date.now(),
      countdown: () => null, countdownFor: () => null, countdownOf: () => null, deadlines: () => [], pickFromTemplate: async () => null,
      send: async (a) => { window.__sent.push(a); return { ok: true }; },
      rerender: () => draw(),
    };
    const draw = () => {
      clear(root);
      const square = h('div', { class: 'cr-square', style: { minHeight: '420px' } }, trade.tradingSquare(snap, ctx, []));
      root.append(h('div', { class: 'cr seated' }, square, stalls.myStall(snap, ctx)));
    };
    draw();
  })();
}

const sent = (p) => p.page.evaluate(() => window.__sent);
const click = (p, sel) => p.page.locator(`#market ${sel}`).first().click();

async function acceptByPicking(p) {
  const ticket = p.page.locator('#market [data-testid=cr-offer][data-offer=o1]');
  const answers = await ticket.locator('.cr-buttons button').evaluateAll((bs) => bs.map((b) => ({ act: b.dataset.act, primary: b.classList.contains('primary') })));
  check(answers[0]?.act === 'accept-choose' && answers[0].primary, `the ticket's first answer is not "choose the cards": ${JSON.stringify(answers)}`);
  check(!answers.some((a) => a.act === 'accept'), 'the ticket still has a one-tap accept');
  await click(p, '[data-act=accept-choose]');
  const status = p.page.locator('#market [data-testid=cr-accept-status]');
  await status.waitFor();
  check(/truffes/i.test(await p.page.locator('#market .cr-asks').textContent()), 'the accept bar does not say what the offer asks');
  // The suggestion picks the cards; nothing is sent.
  await click(p, '[data-act=accept-suggest]');
  check((await sent(p)).length === 0, 'the suggestion sent the acceptance');
  check(await p.page.locator('#market [data-act=pick-accept][data-card=A1][aria-pressed=true]').count() === 1, 'the suggestion did not pick the truffes');
  // Another card: the bar says it does not meet the ask.
  await click(p, '[data-act=pick-accept][data-card=A1]');
  await click(p, '[data-act=pick-accept][data-card=B2]');
  check(await status.getAttribute('data-meets') === 'false', 'fromage for truffes is said to meet the ask');
  await click(p, '[data-act=pick-accept][data-card=B2]');
  await click(p, '[data-act=pick-accept][data-card=A1]');
  check(await status.getAttribute('data-meets') === 'true', 'the truffes are said not to meet the ask');
  await click(p, '[data-act=accept]');
  // The suggestion gives the cheapest cards that meet an ask, not the dearest.
  const two = await p.page.evaluate(() => import('/js/renderers.js').then((r) => r.loadRenderer('carambouille')).then(() => import('/games/carambouille-claims.js')).then((m) => [
    m.cheapest([{ cards: 2 }], { A1: 'truffes', B2: 'fromage', C3: 'cebettes', D4: 'jai_menti' }),
    m.cheapest([], { A1: 'truffes', B2: 'fromage' }),
    m.cheapest([{ carambouille: 1 }, { cards: 2 }], { A1: 'truffes', B2: 'fromage', D4: 'jai_menti' }),
  ]));
  check(JSON.stringify(two) === JSON.stringify([['C3', 'B2'], ['B2'], ['D4', 'B2']]), `the cheapest suggestions: ${JSON.stringify(two)}`);
  const [accept] = await sent(p);
  check(JSON.stringify(accept) === JSON.stringify({ type: 'accept', offer: 'o1', give: ['A1'], lie: false }), `the acceptance sent: ${JSON.stringify(accept)}`);
}

async function buildEveryClaim(p) {
  await p.page.evaluate(() => { window.__sent = []; });
  await click(p, '[data-act=offer-open]');
  await click(p, '[data-act=pick-offer][data-card=B2]');
  await click(p, '[data-key=cr-ann-custom]');
  const sel = (key, index) => p.page.selectOption(`#market select[data-key="${key}"]`, String(index));
  await sel('cr-ann-kind-0', 4);          // a given Carambouille card…
  await sel('cr-ann-card-0', 4);          // …Soldes
  await sel('cr-ann-count-0', 1);         // …exactly one
  await click(p, '[data-key=cr-ann-lie]'); // a lie: the fromage is no Soldes
  const said = await p.page.locator('#market [data-testid=cr-said]').textContent();
  check(/Soldes/.test(said), `the announcement reads: ${said}`);
  // The ask: one claim of each kind.
  for (let i = 0; i < 5; i += 1) await click(p, '[data-key=cr-ask-add]');
  for (let i = 0; i < 5; i += 1) await sel(`cr-ask-kind-${i}`, i);
  await sel('cr-ask-product-0', 9);       // fromage (the 10th product)
  await sel('cr-ask-value-1', 5);         // 50
  await sel('cr-ask-count-3', 2);         // two Carambouille cards
  await sel('cr-ask-card-4', 5);          // Surstock
  await click(p, '[data-key=cr-send-offer]');
  const [offer] = await sent(p);
  const want = {
    type: 'offer', to: null, give: ['B2'], announce: [{ card: 'soldes', count: 1 }],
    ask: [{ product: 'fromage', count: 1 }, { value: 50 }, { cards: 1 }, { carambouille: 2 }, { card: 'surstock', count: 1 }], lie: true,
  };
  check(JSON.stringify(offer) === JSON.stringify(want), `the offer sent:\n  ${JSON.stringify(offer)}\nexpected\n  ${JSON.stringify(want)}`);
}

async function closeAsks(p) {
  await p.page.evaluate(() => { window.__sent = []; });
  const last = await p.page.locator('#market .cr-bar > *').last().getAttribute('data-act');
  check(last === 'ring', `"stop trading" is not the bar's last control (${last})`);
  check(!(await p.page.locator('#market .cr-bar [data-act=ring]').evaluate((b) => b.classList.contains('primary'))), '"stop trading" looks like the main move');
  await click(p, '.cr-bar [data-act=ring]');
  await p.page.locator('dialog[open][data-testid=close-confirm]').waitFor();
  await p.page.click('dialog[open] [data-testid=confirm-no]');
  check((await sent(p)).length === 0, 'the bell rang although the merchant chose to keep trading');
  await click(p, '.cr-bar [data-act=ring]');
  await p.page.click('dialog[open] [data-testid=confirm-yes]');
  await sleep(100);
  check(JSON.stringify(await sent(p)) === JSON.stringify([{ type: 'ring' }]), `the bell sent: ${JSON.stringify(await sent(p))}`);
}

// At a real table: another player's offer to us, accepted by picking a card of the hand.
async function realTable({ base, browser, shots, errors }, viewport, mobile, label) {
  const seats = await wsSeats(browser, base);
  const others = [await seats.add('Mireille'), await seats.add('Fanny')];
  const code = await others[0].create('carambouille', { trading_seconds: 120 });
  const me = await newPlayer(browser, 'Katell', viewport, errors, { mobile });
  await me.page.goto(`${base}/r/${code}`);
  await me.page.fill('[data-testid=name]', me.name);
  await me.page.click('[data-testid=enter]');
  await me.page.locator('[data-testid=invite-link]').waitFor();
  await others[1].join(code);
  await others[0].start();
  // The others offer to everyone (an offer to each other would stay open, and they make one at a time).
  const pick = (snap, t) => {
    const action = t.byWeights({ ring: snap.view.phase === 'bell' ? 1 : 0, offer: (snap.view.offers || []).some((o) => o.from === t.seat) ? 0 : 2, accept: 0, refuse: 0, withdraw: 0, persuade: 0, lay_panier: 0, idle: 1 })(snap);
    return action && action.type === 'offer' && !action.counter ? { ...action, to: null } : action;
  };
  for (const s of others) await s.play(pick, [200, 500]);
  const mine = me.page.locator('[data-testid=cr-offer].forme [data-act=accept-choose]').first();
  await mine.waitFor({ timeout: 60000 });
  for (const s of others) await s.stop();
  await mine.click();
  await me.page.locator('[data-testid=cr-accepting]').waitFor();
  await me.page.locator('[data-testid=cr-hand] [data-act=pick-accept]').first().click();
  await sleep(400);
  if (shots) await me.page.screenshot({ path: path.join(shots, `carambouille-accept-${label}.png`) });
  const offer = await me.page.locator('[data-testid=cr-accepting] [data-act=accept]').getAttribute('data-offer');
  await me.page.click('[data-testid=cr-accepting] [data-act=accept]');
  // The server judges: the trade is done (or the cards did not meet the ask: a toast says so).
  await me.page.waitForFunction((id) => !document.querySelector(`[data-testid=cr-offer][data-offer="${id}"]`) || document.querySelector('.toast'), offer);
  log(`carambouille-market: ${label}: offer ${offer} answered by picking a card`);
  await me.context.close();
  await seats.close();
}

export default async function market(ctx) {
  const { base, browser, errors } = ctx;
  for (const [viewport, mobile, label] of [[{ width: 1366, height: 768 }, false, 'laptop'], [{ width: 390, height: 844 }, true, 'phone']]) {
    const p = await newPlayer(browser, 'Katell', viewport, errors, { mobile });
    await p.page.goto(`${base}/`);
    await p.page.evaluate(harness);
    await acceptByPicking(p);
    await p.page.evaluate(harness);
    await buildEveryClaim(p);
    await p.page.evaluate(harness);
    await closeAsks(p);
    // The same parts in English.
    await p.page.evaluate(() => import('/js/i18n.js').then((m) => m.setLang('en')));
    await p.page.evaluate(harness);
    check(/Accept…/.test(await p.page.locator('#market [data-act=accept-choose]').textContent()), 'the accept button is not in English');
    log(`carambouille-market: accept by picking, every claim, a lie about a Carambouille card, the bell asks (${label})`);
    await p.context.close();
  }
  await realTable(ctx, { width: 1366, height: 768 }, false, '1366x768');
  await realTable(ctx, { width: 390, height: 844 }, true, '390x844');
  checkNoPageErrors(errors);
}
