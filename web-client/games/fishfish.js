// Fish Fish: the pond. Around it the other players as compact seats (the Fisher's baits and
// catch bag, each Fish's tiles and Butin); in the middle the Fisher's current line (bait, hidden
// catch, bets) and the lines already checked this round; at the bottom the viewer's own area
// with what it may do (set a line, bet). Fish tiles travel from a hand to its bet, then to the
// Fisher's bag (Prise) or to the Butin (Bredouille), from the facts of the log.
import { h, clear } from '/js/dom.js';
import { baitCard, catchCard, fishTile, tileRow, LINES } from '/games/fishfish-cards.js';
import { continueBar, pausePrompt } from '/js/round-pause.js';
// The card data the server publishes, handed over by js/renderers.js before the first draw.
export { useCards } from '/games/fishfish-cards.js';

const CATCH_KINDS = ['prise', 'bredouille'];

function myActions(snap) {
  const actions = snap.actions || [];
  return {
    setLine: actions.find((a) => a.type === 'set_line' && a.choose),
    betTemplate: actions.find((a) => a.type === 'bet' && a.choose),
    betComplete: actions.find((a) => a.type === 'bet' && !a.choose),
    other: actions.filter((a) => a.type !== 'set_line' && a.type !== 'bet' && a.type !== 'continue'),
  };
}

function score(view, seat) { return (view.scores || [])[seat] ?? 0; }

function butinPoints(fish) { return (fish.butin || []).reduce((sum, slot) => sum + slot.value * slot.tiles, 0); }

export function prompt(snap, ctx) {
  const v = snap.view || {};
  const mine = myActions(snap);
  if (mine.setLine) return ctx.gt('ui.prompt_set_line');
  if (mine.betTemplate) {
    const range = mine.betTemplate.choose.tiles?.range || [0, 0];
    return ctx.gt('ui.prompt_bet', { max: range[1] });
  }
  if (mine.betComplete) return ctx.gt('ui.prompt_bet_all', { n: mine.betComplete.tiles });
  if (v.phase === 'round_over') return pausePrompt(snap, ctx);
  if (v.phase === 'set_line') return ctx.gt('ui.prompt_wait_fisher', { name: ctx.seatName(v.fisher) });
  if (v.phase === 'bet' && v.line && v.line.to_bet !== null && v.line.to_bet !== undefined) {
    return ctx.gt('ui.prompt_wait_bet', { name: ctx.seatName(v.line.to_bet) });
  }
  return null;
}

export function seatSummary(snap, seat, ctx) {
  const v = snap.view || {};
  if (seat === v.fisher) return ctx.gt('ui.summary_fisher', { score: score(v, seat) });
  const fish = (v.fish || []).find((f) => f.seat === seat);
  return ctx.gt('ui.summary_fish', { tiles: fish ? fish.tiles : 0, score: score(v, seat) });
}

export function soundFor(entry) {
  const k = entry.text_key;
  if (k === 'fishfish.reveal_prise') return 'splash';
  if (k === 'fishfish.reveal_bredouille' || k === 'fishfish.line_set') return 'flip';
  return null;
}

// Fish tiles in flight: a bet from the hand to the line; a checked line's bets to the Fisher's
// bag (Prise) or to each Fish's Butin slot of that bait (Bredouille).
export function motions(snap, ctx) {
  const v = snap.view || {};
  const out = [];
  const tiles = (seat, n, from, to) => out.push({ from, to, count: n, size: [26, 16], token: () => fishTile(ctx.seatColor(seat), 16) });
  for (const e of snap.log || []) {
    const p = e.params || {};
    if (e.text_key === 'fishfish.bet' && p.tiles > 0) tiles(p.seat, p.tiles, `hand:${p.seat}`, `bet:${p.seat}`);
    if (e.text_key === 'fishfish.reveal_prise' || e.text_key === 'fishfish.reveal_bredouille') {
      const line = (v.lines || []).find((l) => l.number === p.line);
      for (const b of line?.bets || []) {
        if (!b.tiles) continue;
        const to = e.text_key === 'fishfish.reveal_prise' ? 'bag' : `butin:${b.seat}:${line.bait}`;
        tiles(b.seat, b.tiles, `bet:${b.seat}`, to);
      }
    }
  }
  return out;
}

export function outcomeDetails(outcome, snap, ctx) {
  const rounds = outcome.rounds || snap.view?.rounds || [];
  if (!rounds.length) return null;
  const n = ctx.seatCount || (rounds[0].points || []).length;
  return h('table', { class: 'rounds ff-rounds' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, ctx.gt('ui.round_col')),
      h('th', { scope: 'col' }, ctx.gt('ui.fisher_col')),
      Array.from({ length: n }, (_, s) => h('th', { scope: 'col' }, ctx.seatToken(s, 14), ' ', ctx.seatName(s))))),
    h('tbody', {}, rounds.map((r, i) => h('tr', {},
      h('th', { scope: 'row' }, String(i + 1)),
      h('td', {}, ctx.seatName(r.fisher)),
      (r.points || []).map((p, s) => h('td', { class: s === r.fisher ? 'fisher-cell' : null }, String(p)))))));
}

// ---------------------------------------------------------------- pieces

const lineKey = (v, n) => `bait:${v.round}:${n}`;

function butinBoard(fish, ctx, baitValues, small) {
  const slots = new Map((fish.butin || []).map((s) => [s.value, s.tiles]));
  const values = [...new Set([...baitValues, ...slots.keys()])].sort((a, b) => a - b);
  const color = ctx.seatColor(fish.seat);
  return h('div', { class: ['ff-butin', small && 'small'], 'aria-label': `${ctx.gt('ui.butin')} · ${ctx.gt('ui.butin_points', { n: butinPoints(fish) })}` },
    h('span', { class: 'ff-butin-title' }, ctx.gt('ui.butin'), ' · ', ctx.gt('ui.butin_points', { n: butinPoints(fish) })),
    h('div', { class: 'ff-slots' }, values.map((value) => {
      const n = slots.get(value) || 0;
      return h('div', { class: ['ff-slot', n > 0 && 'filled'], title: `${value} × ${n}`, dataset: { anchor: `butin:${fish.seat}:${value}` } },
        h('span', { class: 'ff-slot-value' }, String(value)),
        h('span', { class: 'ff-slot-n' }, n ? tileRow(Math.min(n, 1), color, 10, 1) : null, n ? `×${n}` : ''));
    })));
}

// Another player, compact: its badge, role, score, and what it holds in public.
function seatCard(seat, v, ctx) {
  const isFisher = seat === v.fisher;
  const fish = (v.fish || []).find((f) => f.seat === seat);
  const betting = v.phase === 'bet' && v.line && v.line.to_bet === seat;
  const head = h('header', { class: 'ff-seat-head' }, ctx.seatBadge(seat),
    isFisher ? h('span', { class: 'ff-role' }, ctx.gt('ui.fisher')) : null,
    h('span', { class: 'ff-score' }, ctx.gt('ui.points', { n: score(v, seat) })),
    (isFisher && v.phase === 'set_line') || betting ? ctx.countdown(seat) : null);
  let body;
  if (isFisher) {
    body = h('div', { class: 'ff-seat-body' },
      h('span', { class: 'ff-mini-baits', dataset: { anchor: 'baits' }, 'aria-label': ctx.gt('ui.baits_left') },
        (v.baits_left || []).map((b) => h('span', { class: 'ff-mini-bait' }, String(b)))),
      h('span', { class: 'ff-bag', dataset: { anchor: 'bag' }, 'aria-label': ctx.gt('ui.captured', { n: v.captured || 0 }) },
        tileRow(Math.min(v.captured || 0, 1), ctx.seatColor(seat), 14, 1), `×${v.captured || 0}`));
  } else {
    body = h('div', { class: 'ff-seat-body' },
      h('span', { class: 'ff-hand', dataset: { anchor: `hand:${seat}` }, 'aria-label': ctx.gt('ui.in_hand', { n: fish?.tiles ?? 0 }) },
        tileRow(fish?.tiles ?? 0, ctx.seatColor(seat), 14, 4), h('span', { class: 'ff-none' }, `×${fish?.tiles ?? 0}`)),
      fish ? butinBoard(fish, ctx, v.baits || [], true) : null);
  }
  return h('section', {
    class: ['ff-seat', isFisher && 'fisher', betting && 'turn'], style: { '--seat': ctx.seatColor(seat) },
    dataset: { seat: String(seat) }, 'aria-label': ctx.seatName(seat),
  }, head, body);
}

function betChips(bets, ctx, anchors) {
  return h('ul', { class: 'ff-bets' }, (bets || []).map((b) => h('li', {
    class: 'ff-bet-chip', style: { '--seat': ctx.seatColor(b.seat) }, dataset: anchors ? { anchor: `bet:${b.seat}` } : null,
    title: ctx.seatName(b.seat),
  },
  ctx.seatToken(b.seat, 14), h('span', { class: 'who' }, ctx.seatName(b.seat)),
  h('span', { class: 'n' }, b.tiles ? `${b.tiles}` : ctx.gt('ui.bet_zero')))));
}

// The round just ended (phase round_over): each seat's points of it, and "Continuer".
function roundOver(v, ctx, snap) {
  const last = (v.rounds || [])[(v.rounds || []).length - 1] || { points: [] };
  return h('div', { class: 'ff-line ff-round-over', dataset: { testid: 'round-summary', round: String(v.round) } },
    h('p', { class: 'ff-round-over-title' }, ctx.gt('ui.round_over', { round: v.round })),
    h('ul', { class: 'ff-round-points' }, (last.points || []).map((p, s) => h('li', { style: { '--seat': ctx.seatColor(s) } },
      ctx.seatToken(s, 14), h('span', { class: 'who' }, ctx.seatName(s)),
      s === last.fisher ? h('span', { class: 'ff-role' }, ctx.gt('ui.fisher')) : null,
      h('b', {}, `+${p}`)))),
    continueBar(snap, ctx, { key: 'ff-continue' }));
}

function pond(v, ctx, snap) {
  const line = v.line;
  const head = h('div', { class: 'ff-pond-head' },
    h('span', { class: 'ff-round' }, ctx.gt('ui.round', { round: v.round, total: v.rounds_total })),
    h('span', { class: 'ff-direction', title: ctx.gt('ui.bet_order') }, ctx.gt(v.direction === 'right' ? 'ui.direction_right' : 'ui.direction_left')),
    h('span', { class: 'ff-prises' }, ctx.gt('ui.prises_revealed', { n: v.prises_revealed || 0 })));
  let body;
  if (v.phase === 'round_over') {
    body = roundOver(v, ctx, snap);
  } else if (!line) {
    body = h('div', { class: 'ff-line empty' }, h('p', { class: 'ff-waiting' }, v.phase === 'finished' ? '' : ctx.gt('ui.no_line')));
  } else {
    const isFisher = ctx.mySeat === v.fisher;
    body = h('div', { class: 'ff-line' },
      h('div', { class: 'ff-line-cards' },
        h('span', { class: 'ff-line-title' }, ctx.gt('ui.line', { n: line.number })),
        baitCard(line.bait, { label: `${ctx.gt('ui.bait')} ${line.bait}`, flip: lineKey(v, line.number), from: 'baits' }),
        catchCard(line.catch || null, {
          label: line.catch ? `${ctx.gt(`ui.${line.catch}`)} (${ctx.gt('ui.your_catch')})` : `${ctx.gt('ui.catch')} ${ctx.gt('ui.hidden')}`,
          class: isFisher && line.catch ? 'secret' : null,
        })),
      h('div', { class: 'ff-line-bets' },
        (line.bets || []).length ? betChips(line.bets, ctx, true) : h('p', { class: 'ff-waiting' }, ctx.gt('ui.no_bet_yet'))));
  }
  // Betting order: done, now, to come.
  const order = v.bet_order || [];
  const betSeats = new Set((line?.bets || []).map((b) => b.seat));
  const orderRow = order.length ? h('ol', { class: 'ff-order', 'aria-label': ctx.gt('ui.bet_order') }, order.map((seat) => {
    const now = line && line.to_bet === seat;
    return h('li', { class: [now && 'now', betSeats.has(seat) && 'done'], style: { '--seat': ctx.seatColor(seat) } },
      ctx.seatToken(seat, 14), h('span', { class: 'who' }, ctx.seatName(seat)), now ? h('span', { class: 'sr-only' }, ` (${ctx.gt('ui.waiting_bet')})`) : null);
  })) : null;
  return h('section', { class: 'ff-pond' }, head, body, orderRow);
}

function pastLines(v, ctx) {
  const lines = v.lines || [];
  const slots = [];
  for (let i = 0; i < LINES; i++) {
    const line = lines[i];
    if (!line) { slots.push(h('li', { class: 'ff-past empty' }, h('span', { class: 'ff-past-n' }, String(i + 1)))); continue; }
    const total = (line.bets || []).reduce((sum, b) => sum + b.tiles, 0);
    const result = line.catch ? ctx.gt(`ui.${line.catch}`) : ctx.gt('ui.never_revealed');
    slots.push(h('li', { class: ['ff-past', line.catch || 'unrevealed'], title: `${ctx.gt('ui.line', { n: line.number })} · ${result}` },
      h('span', { class: 'ff-past-n' }, String(line.number)),
      h('span', { class: 'ff-past-cards' },
        baitCard(line.bait, { small: true, flip: lineKey(v, line.number) }),
        catchCard(line.catch || null, { small: true, label: result })),
      h('span', { class: 'ff-past-result' }, total ? `${total}` : '–', total ? tileRow(1, '#cfe9dd', 10, 1) : null)));
  }
  return h('section', { class: 'ff-lines', 'aria-label': ctx.gt('ui.lines') }, h('ol', {}, slots));
}

function setLinePanel(v, ctx, template) {
  const st = ctx.state;
  const baits = ctx.choices(template, 'bait');
  const catches = ctx.choices(template, 'catch');
  const baitRow = h('div', { class: 'ff-choice-row', role: 'group', 'aria-label': ctx.gt('ui.pick_bait') });
  let marked = false;
  (v.baits_left || []).forEach((b, i) => {
    const on = st.bait === b && !marked;
    if (on) marked = true;
    baitRow.append(h('button', {
      class: ['ff-pick', on && 'on'], 'aria-pressed': on ? 'true' : 'false',
      disabled: ctx.pending || !baits.includes(b),
      dataset: { act: 'bait', key: `ff-bait-${i}` },
      onclick: () => { st.bait = on ? undefined : b; ctx.rerender(); },
    }, baitCard(b, { label: `${ctx.gt('ui.bait')} ${b}` })));
  });
  const catchRow = h('div', { class: 'ff-choice-row', role: 'group', 'aria-label': ctx.gt('ui.pick_catch') });
  for (const k of CATCH_KINDS) {
    const on = st.catch === k;
    const left = v.catch_left ? v.catch_left[k] ?? 0 : null;
    catchRow.append(h('button', {
      class: ['ff-pick', 'catch', on && 'on'], 'aria-pressed': on ? 'true' : 'false',
      disabled: ctx.pending || !catches.includes(k),
      dataset: { act: 'catch', key: `ff-catch-${k}` },
      onclick: () => { st.catch = on ? undefined : k; ctx.rerender(); },
    }, catchCard(k, { caption: left !== null ? `${ctx.gt(`ui.${k}`)} ${ctx.gt('ui.left', { n: left })}` : ctx.gt(`ui.${k}`) })));
  }
  const action = ctx.fill(template, { bait: st.bait, catch: st.catch });
  return h('div', { class: 'ff-action set-line', role: 'group', 'aria-label': ctx.gt('ui.set_line_title') },
    baitRow, catchRow,
    h('button', {
      class: 'primary ff-cast', disabled: !action || ctx.pending,
      dataset: { act: 'set_line', key: 'ff-cast' },
      onclick: async () => {
        const r = await ctx.send(action);
        if (r.ok) { st.bait = undefined; st.catch = undefined; }
      },
    }, ctx.gt('ui.cast')));
}

function betPanel(ctx, mine) {
  const row = h('div', { class: 'ff-action ff-bet-row', role: 'group', 'aria-label': ctx.gt('ui.bet_title') });
  const color = ctx.seatColor(ctx.mySeat);
  if (mine.betTemplate) {
    for (const n of ctx.choices(mine.betTemplate, 'tiles')) {
      const action = ctx.fill(mine.betTemplate, { tiles: n });
      row.append(h('button', {
        class: 'ff-bet', disabled: ctx.pending || !action, 'aria-label': ctx.gt('ui.bet_n', { n }),
        dataset: { act: 'bet', key: `ff-bet-${n}` },
        onclick: () => ctx.send(action),
      }, h('span', { class: 'ff-bet-n' }, String(n)), n ? tileRow(Math.min(n, 2), color, 10, 2) : h('span', { class: 'ff-bet-none' }, '—')));
    }
  }
  if (mine.betComplete) {
    row.append(h('button', {
      class: 'primary ff-bet-all', disabled: ctx.pending,
      dataset: { act: 'bet', key: 'ff-bet-all' },
      onclick: () => ctx.send(mine.betComplete),
    }, ctx.gt('ui.bet_all', { n: mine.betComplete.tiles })));
  }
  return row;
}

// The viewer's own area: as the Fisher (baits and Catch cards left, the bag, setting the line) or
// as a Fish (tiles, Butin, betting).
function myArea(v, ctx, snap) {
  const me = ctx.mySeat;
  const mine = myActions(snap);
  const fisher = me === v.fisher;
  const fish = (v.fish || []).find((f) => f.seat === me);
  const turn = fisher ? v.phase === 'set_line' : v.phase === 'bet' && v.line?.to_bet === me;
  const head = h('header', { class: 'ff-seat-head' }, ctx.seatBadge(me),
    h('span', { class: 'ff-role' }, fisher ? ctx.gt('ui.you_fisher') : ctx.gt('ui.fish')),
    h('span', { class: 'ff-score' }, ctx.gt('ui.points', { n: score(v, me) })),
    turn ? ctx.countdown(me) : null);
  const parts = [head];
  if (fisher) {
    if (mine.setLine) parts.push(setLinePanel(v, ctx, mine.setLine));
    else {
      parts.push(h('div', { class: 'ff-stock' },
        h('span', { class: 'ff-mini-baits', dataset: { anchor: 'baits' }, 'aria-label': ctx.gt('ui.baits_left') },
          (v.baits_left || []).map((b) => baitCard(b, { small: true }))),
        v.catch_left ? h('span', { class: 'ff-catch-left' }, CATCH_KINDS.map((k) => h('span', { class: 'ff-stack' },
          catchCard(k, { small: true, label: ctx.gt(`ui.${k}`) }), h('span', { class: 'ff-count' }, ctx.gt('ui.left', { n: v.catch_left[k] ?? 0 }))))) : null));
    }
    parts.push(h('div', { class: 'ff-bag mine', dataset: { anchor: 'bag' } },
      h('span', {}, ctx.gt('ui.captured', { n: v.captured || 0 })), tileRow(v.captured || 0, ctx.seatColor(me), 14, 6)));
  } else if (fish) {
    parts.push(h('div', { class: 'ff-me-row' },
      h('span', { class: 'ff-hand', dataset: { anchor: `hand:${me}` }, 'aria-label': ctx.gt('ui.in_hand', { n: fish.tiles }) },
        tileRow(fish.tiles, ctx.seatColor(me), 20), h('span', { class: 'ff-hand-n' }, ctx.gt('ui.in_hand', { n: fish.tiles }))),
      butinBoard(fish, ctx, v.baits || [], false)));
    if (mine.betTemplate || mine.betComplete) parts.push(betPanel(ctx, mine));
  }
  return h('section', {
    class: ['ff-me', fisher && 'fisher', turn && 'turn'], style: { '--seat': ctx.seatColor(me) },
    dataset: { seat: String(me), region: 'me' }, 'aria-label': ctx.seatName(me),
  }, parts);
}

export function render(root, snap, ctx) {
  const v = snap.view || {};
  const me = ctx.mySeat;
  clear(root);
  const n = ctx.seatCount || (v.fish || []).length + 1;
  const seated = me !== null && me !== undefined && me < n;
  // The others in table order from the viewer's left (a spectator: from seat 0), the Fisher first.
  const rot = (s) => (seated ? (s - me - 1 + n) % n : s);
  const others = Array.from({ length: n }, (_, s) => s).filter((s) => s !== me)
    .sort((a, b) => (a === v.fisher ? -1 : b === v.fisher ? 1 : rot(a) - rot(b)));
  const board = h('div', { class: ['ff', seated ? 'seated' : 'watching'], style: { '--others': String(others.length) } },
    h('div', { class: 'ff-others', dataset: { region: 'others', scrollList: '' } }, others.map((s) => seatCard(s, v, ctx))),
    h('div', { class: 'ff-middle', dataset: { region: 'middle' } }, pond(v, ctx, snap), pastLines(v, ctx)),
    seated ? myArea(v, ctx, snap) : null);
  // Actions this renderer does not know still get a button.
  const { other } = myActions(snap);
  if (other.length) {
    board.append(h('div', { class: 'ff-action' }, other.map((a, i) => h('button', {
      disabled: ctx.pending, dataset: { act: a.type, key: `ff-other-${i}` },
      onclick: async () => { const act = a.choose ? await ctx.pickFromTemplate(a, { title: a.type }) : a; if (act) ctx.send(act); },
    }, a.type))));
  }
  root.append(board);
}
