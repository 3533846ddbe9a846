// Fish Fish: the pond. The Fisher's current line (bait, hidden catch, bets), the lines already
// checked this round, every Fish with its tiles and Butin board, the Fisher's baits (and, for the
// Fisher alone, its Catch cards). The viewer's own area is drawn last, at the bottom.
import { h, clear } from '/js/dom.js';
import { baitCard, catchCard, tileRow } from '/games/fishfish-cards.js';

const CATCH_KINDS = ['prise', 'bredouille'];

function myActions(snap) {
  const actions = snap.actions || [];
  return {
    setLine: actions.find((a) => a.type === 'set_line' && a.choose),
    betTemplate: actions.find((a) => a.type === 'bet' && a.choose),
    betComplete: actions.find((a) => a.type === 'bet' && !a.choose),
    other: actions.filter((a) => a.type !== 'set_line' && a.type !== 'bet'),
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

function roleTag(ctx, text) { return h('span', { class: 'ff-role' }, text); }

function fisherArea(v, ctx, snap, isMe) {
  const mine = myActions(snap);
  const area = h('section', { class: ['ff-fisher', isMe && 'ff-me'], style: { '--seat': ctx.seatColor(v.fisher) }, dataset: { seat: String(v.fisher) } });
  area.append(h('header', { class: 'ff-area-head' },
    ctx.seatBadge(v.fisher), roleTag(ctx, isMe ? ctx.gt('ui.you_fisher') : ctx.gt('ui.fisher')),
    h('span', { class: 'ff-score' }, ctx.gt('ui.points', { n: score(v, v.fisher) })),
    v.phase === 'set_line' ? ctx.countdown(v.fisher) : null));

  const stock = h('div', { class: 'ff-stock' });
  stock.append(h('div', { class: 'ff-group' }, h('h4', {}, ctx.gt('ui.baits_left')),
    h('div', { class: 'ff-cards' }, (v.baits_left || []).map((b) => baitCard(b, { small: true })))));
  if (v.catch_left && !mine.setLine) {
    stock.append(h('div', { class: 'ff-group' }, h('h4', {}, ctx.gt('ui.catch_left')),
      h('div', { class: 'ff-cards' }, CATCH_KINDS.map((k) => h('span', { class: 'ff-stack' },
        catchCard(k, { small: true, caption: ctx.gt(`ui.${k}`) }), h('span', { class: 'ff-count' }, ctx.gt('ui.left', { n: v.catch_left[k] ?? 0 })))))));
  }
  stock.append(h('div', { class: 'ff-group' }, h('h4', {}, ctx.gt('ui.captured', { n: v.captured || 0 })),
    h('div', { class: 'ff-catchbag' }, tileRow(v.captured || 0, ctx.seatColor(v.fisher), 16, 12))));
  area.append(stock);
  if (isMe && mine.setLine) area.append(setLinePanel(v, ctx, mine.setLine));
  return area;
}

function setLinePanel(v, ctx, template) {
  const st = ctx.state;
  const baits = ctx.choices(template, 'bait');
  const catches = ctx.choices(template, 'catch');
  const panel = h('div', { class: 'ff-action', role: 'group', 'aria-label': ctx.gt('ui.set_line_title') });
  panel.append(h('h3', {}, ctx.gt('ui.set_line_title')));
  const baitRow = h('div', { class: 'ff-choice-row' });
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
  const catchRow = h('div', { class: 'ff-choice-row' });
  for (const k of CATCH_KINDS) {
    const on = st.catch === k;
    const left = v.catch_left ? v.catch_left[k] ?? 0 : null;
    catchRow.append(h('button', {
      class: ['ff-pick', on && 'on'], 'aria-pressed': on ? 'true' : 'false',
      disabled: ctx.pending || !catches.includes(k),
      dataset: { act: 'catch', key: `ff-catch-${k}` },
      onclick: () => { st.catch = on ? undefined : k; ctx.rerender(); },
    }, catchCard(k, { caption: ctx.gt(`ui.${k}`) }), left !== null ? h('span', { class: 'ff-count' }, ctx.gt('ui.left', { n: left })) : null));
  }
  const action = ctx.fill(template, { bait: st.bait, catch: st.catch });
  panel.append(
    h('div', { class: 'ff-choice' }, h('h4', {}, ctx.gt('ui.pick_bait')), baitRow),
    h('div', { class: 'ff-choice' }, h('h4', {}, ctx.gt('ui.pick_catch')), catchRow),
    h('button', {
      class: 'primary big ff-cast', disabled: !action || ctx.pending,
      dataset: { act: 'set_line', key: 'ff-cast' },
      onclick: async () => {
        const r = await ctx.send(action);
        if (r.ok) { st.bait = undefined; st.catch = undefined; }
      },
    }, ctx.gt('ui.cast')));
  return panel;
}

function betPanel(ctx, mine) {
  const panel = h('div', { class: 'ff-action', role: 'group', 'aria-label': ctx.gt('ui.bet_title') });
  panel.append(h('h3', {}, ctx.gt('ui.bet_title')));
  const row = h('div', { class: 'ff-bet-row' });
  const color = ctx.seatColor(ctx.mySeat);
  if (mine.betTemplate) {
    for (const n of ctx.choices(mine.betTemplate, 'tiles')) {
      const action = ctx.fill(mine.betTemplate, { tiles: n });
      row.append(h('button', {
        class: 'ff-bet', disabled: ctx.pending || !action,
        dataset: { act: 'bet', key: `ff-bet-${n}` },
        onclick: () => ctx.send(action),
      }, h('span', { class: 'ff-bet-n' }, String(n)), n ? tileRow(n, color, 14) : h('span', { class: 'ff-bet-none' }, '—'),
      h('span', { class: 'sr-only' }, ctx.gt('ui.bet_n', { n }))));
    }
  }
  if (mine.betComplete) {
    row.append(h('button', {
      class: 'primary big ff-bet-all', disabled: ctx.pending,
      dataset: { act: 'bet', key: 'ff-bet-all' },
      onclick: () => ctx.send(mine.betComplete),
    }, ctx.gt('ui.bet_all', { n: mine.betComplete.tiles })));
  }
  panel.append(row);
  return panel;
}

function butinBoard(fish, ctx, baitValues) {
  const slots = new Map((fish.butin || []).map((s) => [s.value, s.tiles]));
  const values = [...new Set([...baitValues, ...slots.keys()])].sort((a, b) => a - b);
  const color = ctx.seatColor(fish.seat);
  return h('div', { class: 'ff-butin', 'aria-label': ctx.gt('ui.butin') },
    h('span', { class: 'ff-butin-title' }, ctx.gt('ui.butin'), ' · ', ctx.gt('ui.butin_points', { n: butinPoints(fish) })),
    h('div', { class: 'ff-slots' }, values.map((value) => {
      const n = slots.get(value) || 0;
      return h('div', { class: ['ff-slot', n > 0 && 'filled'], title: `${value} × ${n}` },
        h('span', { class: 'ff-slot-value' }, String(value)),
        h('span', { class: 'ff-slot-tiles' }, n ? tileRow(n, color, 12, 4) : null),
        h('span', { class: 'ff-slot-n' }, n ? `×${n}` : ''));
    })));
}

function fishArea(fish, v, ctx, snap, isMe) {
  const line = v.line;
  const betting = v.phase === 'bet' && line && line.to_bet === fish.seat;
  const area = h('section', {
    class: ['ff-fish', isMe && 'ff-me', betting && 'turn'], style: { '--seat': ctx.seatColor(fish.seat) },
    dataset: { seat: String(fish.seat) },
  });
  area.append(h('header', { class: 'ff-area-head' },
    ctx.seatBadge(fish.seat), roleTag(ctx, ctx.gt('ui.fish')),
    h('span', { class: 'ff-score' }, ctx.gt('ui.points', { n: score(v, fish.seat) })),
    betting ? ctx.countdown(fish.seat) : null));
  area.append(h('div', { class: 'ff-hand' },
    tileRow(fish.tiles, ctx.seatColor(fish.seat), isMe ? 22 : 18),
    h('span', { class: 'ff-hand-n' }, ctx.gt('ui.in_hand', { n: fish.tiles }))));
  area.append(butinBoard(fish, ctx, v.baits || []));
  if (isMe) {
    const mine = myActions(snap);
    if (mine.betTemplate || mine.betComplete) area.append(betPanel(ctx, mine));
  }
  return area;
}

function betChips(bets, ctx, fresh) {
  return h('ul', { class: 'ff-bets' }, (bets || []).map((b, i) => h('li', { class: ['ff-bet-chip', fresh && i === bets.length - 1 && 'enter'], style: { '--seat': ctx.seatColor(b.seat) } },
    ctx.seatToken(b.seat, 14), h('span', { class: 'who' }, ctx.seatName(b.seat)),
    b.tiles ? tileRow(b.tiles, ctx.seatColor(b.seat), 12, 4) : null,
    h('span', { class: 'n' }, b.tiles ? `${b.tiles}` : ctx.gt('ui.bet_zero')))));
}

function pond(v, ctx) {
  const st = ctx.state;
  const line = v.line;
  const pondEl = h('section', { class: 'ff-pond' });
  const head = h('div', { class: 'ff-pond-head' },
    h('span', { class: 'ff-round' }, ctx.gt('ui.round', { round: v.round, total: v.rounds_total })),
    h('span', { class: 'ff-direction', title: ctx.gt('ui.bet_order') }, ctx.gt(v.direction === 'right' ? 'ui.direction_right' : 'ui.direction_left')),
    h('span', { class: 'ff-prises' }, ctx.gt('ui.prises_revealed', { n: v.prises_revealed || 0 })));
  pondEl.append(head);
  if (!line) {
    pondEl.append(h('div', { class: 'ff-line empty' }, h('p', { class: 'ff-waiting' }, v.phase === 'finished' ? '' : ctx.gt('ui.no_line'))));
  } else {
    const freshLine = st.lastLine !== `${v.round}-${line.number}`;
    const freshBet = !freshLine && (line.bets || []).length > (st.lastBets || 0);
    st.lastLine = `${v.round}-${line.number}`;
    st.lastBets = (line.bets || []).length;
    const isFisher = ctx.mySeat === v.fisher;
    pondEl.append(h('div', { class: ['ff-line', freshLine && 'enter'] },
      h('div', { class: 'ff-rod', 'aria-hidden': 'true' }),
      h('div', { class: 'ff-line-cards' },
        h('span', { class: 'ff-line-title' }, ctx.gt('ui.line', { n: line.number })),
        baitCard(line.bait, { label: `${ctx.gt('ui.bait')} ${line.bait}` }),
        catchCard(line.catch || null, {
          caption: line.catch ? `${ctx.gt(`ui.${line.catch}`)} (${ctx.gt('ui.your_catch')})` : `${ctx.gt('ui.catch')} ${ctx.gt('ui.hidden')}`,
          class: isFisher && line.catch ? 'secret' : null,
        })),
      h('div', { class: 'ff-line-bets' }, h('h4', {}, ctx.gt('ui.bets')),
        (line.bets || []).length ? betChips(line.bets, ctx, freshBet) : h('p', { class: 'ff-waiting' }, ctx.gt('ui.no_bet_yet')))));
  }
  // Betting order: done, now, to come.
  const order = v.bet_order || [];
  if (order.length) {
    const betSeats = new Set((line?.bets || []).map((b) => b.seat));
    pondEl.append(h('ol', { class: 'ff-order', 'aria-label': ctx.gt('ui.bet_order') }, order.map((seat) => {
      const now = line && line.to_bet === seat;
      return h('li', { class: [now && 'now', betSeats.has(seat) && 'done'], style: { '--seat': ctx.seatColor(seat) } },
        ctx.seatToken(seat, 14), ' ', ctx.seatName(seat), now ? h('span', { class: 'sr-only' }, ` (${ctx.gt('ui.waiting_bet')})`) : null);
    })));
  }
  return pondEl;
}

function pastLines(v, ctx) {
  const st = ctx.state;
  const lines = v.lines || [];
  const key = `${v.round}-${lines.length}`;
  const fresh = st.lastLines !== undefined && st.lastLines !== key && lines.length > 0;
  st.lastLines = key;
  const slots = [];
  for (let i = 0; i < 5; i++) {
    const line = lines[i];
    if (!line) { slots.push(h('li', { class: 'ff-past empty' }, h('span', { class: 'ff-past-n' }, ctx.gt('ui.line', { n: i + 1 })))); continue; }
    const anyBet = (line.bets || []).some((b) => b.tiles > 0);
    const result = catchCard(line.catch || null, { small: true, label: line.catch ? ctx.gt(`ui.${line.catch}`) : ctx.gt('ui.never_revealed') });
    slots.push(h('li', { class: ['ff-past', line.catch || 'unrevealed', fresh && i === lines.length - 1 && 'flip'] },
      h('span', { class: 'ff-past-n' }, ctx.gt('ui.line', { n: line.number })),
      h('span', { class: 'ff-past-cards' }, baitCard(line.bait, { small: true }), result),
      h('span', { class: 'ff-past-result' }, line.catch ? ctx.gt(`ui.${line.catch}`) : ctx.gt('ui.never_revealed')),
      anyBet ? betChips(line.bets.filter((b) => b.tiles > 0), ctx, false) : h('span', { class: 'ff-past-nobet' }, ctx.gt('ui.no_bet'))));
  }
  return h('section', { class: 'ff-lines' }, h('h3', { class: 'sr-only' }, ctx.gt('ui.lines')), h('ol', {}, slots));
}

export function render(root, snap, ctx) {
  const v = snap.view || {};
  const me = ctx.mySeat;
  clear(root);
  const board = h('div', { class: 'ff' });
  const iAmFisher = me !== null && me === v.fisher;
  const fishes = v.fish || [];
  const myFish = fishes.find((f) => f.seat === me);
  // Others first (top), in seat order starting after me, so the table reads clockwise.
  const n = ctx.seatCount || fishes.length + 1;
  const rot = (s) => (me === null ? s : (s - me - 1 + n) % n);
  const others = fishes.filter((f) => f.seat !== me).sort((a, b) => rot(a.seat) - rot(b.seat));

  if (!iAmFisher) board.append(fisherArea(v, ctx, snap, false));
  board.append(pond(v, ctx));
  board.append(pastLines(v, ctx));
  board.append(h('div', { class: 'ff-others' }, others.map((f) => fishArea(f, v, ctx, snap, false))));
  if (iAmFisher) board.append(fisherArea(v, ctx, snap, true));
  if (myFish) board.append(fishArea(myFish, v, ctx, snap, true));
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

