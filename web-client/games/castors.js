// Gang de castors: every player's row of face-down cards (the others' compact at the top, the
// viewer's own at the bottom), in the middle the draw and discard piles, the drawn card (its face
// for the drawer only), the action cards' flows and the knock; between two rounds, during the
// peek and at the end the middle shows the reveal of the last round (with "Continuer" between
// rounds); the score sheet folds into the top strip. The face of a card is drawn only when the
// view gives it: the client never remembers a hidden value. Cards get fresh ids when they turn
// face down, so their travels come from the facts of the log.
import { h, clear, svg } from '/js/dom.js';
import { tip } from '/js/tips.js';
import { card, faceName, isAction } from '/games/castors-cards.js';
import { continueBar, pausePrompt } from '/js/round-pause.js';
// The card data the server publishes, handed over by js/renderers.js before the first draw.
export { useCards } from '/games/castors-cards.js';

// A knuckle rapping on the table.
const KNOCK = '<svg viewBox="0 0 24 24" width="20" height="20"><path d="M6 13h12v6H6z" fill="currentColor" opacity=".35"/><path d="M8 13V7a2 2 0 0 1 4 0v6M12 12V6a2 2 0 0 1 4 0v7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M2 21h20M4 4l2 2M20 4l-2 2" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

// The actions that end a turn: each may be listed twice, plain and with "knock": true.
const ENDERS = ['take_discard', 'swap', 'discard', 'exchange', 'end_turn'];

function find(snap, type, knock = false) {
  return (snap.actions || []).find((a) => a.type === type && !!a.knock === knock);
}
function mayKnock(snap) { return (snap.actions || []).some((a) => a.knock === true); }

// The entry to send for `type`: the knocking twin when the player asked to knock.
function entryFor(snap, ctx, type) {
  const knock = !!ctx.state.knock && mayKnock(snap);
  return find(snap, type, knock) || find(snap, type, false);
}

async function send(snap, ctx, type, values) {
  const entry = entryFor(snap, ctx, type);
  if (!entry) return;
  const action = entry.choose ? ctx.fill(entry, values || {}) : entry;
  if (!action) return;
  const r = await ctx.send(action);
  if (r && r.ok) {
    ctx.state.mode = undefined;
    ctx.state.mine = undefined;
    ctx.state.target = undefined;
    if (ENDERS.includes(type)) ctx.state.knock = false;
  }
}

// A half-made choice belongs to one phase of one turn.
function settle(v, ctx) {
  const st = ctx.state;
  const turn = `${v.round}|${v.turns}`;
  const phase = `${turn}|${v.phase}`;
  if (st.turnKey !== turn) { st.turnKey = turn; st.knock = false; }
  if (st.phaseKey !== phase) { st.phaseKey = phase; st.mode = undefined; st.mine = undefined; st.target = undefined; }
}

function roundLabel(v, ctx) {
  return v.rounds ? ctx.gt('ui.round_of', { round: v.round, total: v.rounds }) : ctx.gt('ui.round', { round: v.round });
}

// ---------------------------------------------------------------- contract

export function prompt(snap, ctx) {
  const v = snap.view || {};
  const me = ctx.mySeat;
  const mine = me !== null && (snap.actions || []).length > 0;
  const name = (s) => ctx.seatName(s);
  if (v.phase === 'peek') {
    if (me !== null && v.seen && v.seen[me] === false) return ctx.gt('ui.prompt_peek');
    return ctx.gt('ui.prompt_wait_peek');
  }
  if (v.phase === 'finished') return null;
  if (v.phase === 'round_over') return pausePrompt(snap, ctx);
  const last = v.knocker !== null && v.knocker !== undefined ? ` ${ctx.gt('ui.last_turn_short')}` : '';
  if (!mine) {
    const key = { drawn: 'ui.prompt_other_drawn', echanger: 'ui.prompt_other_echanger', regarder: 'ui.prompt_other_regarder', looked: 'ui.prompt_other_looked' }[v.phase] || 'ui.prompt_other_turn';
    return ctx.gt(key, { name: name(v.current) }) + last;
  }
  const knock = mayKnock(snap) ? ` ${ctx.gt('ui.prompt_may_knock')}` : '';
  if (v.phase === 'turn') return ctx.gt(find(snap, 'take_discard') ? 'ui.prompt_turn' : 'ui.prompt_turn_draw') + knock + last;
  if (v.phase === 'drawn') {
    const face = v.drawn && v.drawn.face;
    if (isAction(face)) return ctx.gt('ui.prompt_drawn_action', { card: faceName(face, ctx) }) + last;
    return ctx.gt('ui.prompt_drawn_number', { value: face }) + knock + last;
  }
  if (v.phase === 'echanger') return ctx.gt('ui.prompt_echanger') + knock + last;
  if (v.phase === 'regarder') return ctx.gt('ui.prompt_regarder') + last;
  if (v.phase === 'looked') return ctx.gt('ui.prompt_looked') + knock + last;
  return null;
}

export function seatSummary(snap, seat, ctx) {
  const v = snap.view || {};
  const parts = [ctx.gt('ui.points', { n: (v.totals || [])[seat] ?? 0 })];
  if (seat === v.dealer) parts.push(ctx.gt('ui.dealer'));
  if (seat === v.knocker) parts.push(ctx.gt('ui.knocked'));
  return parts.join(' · ');
}

export function soundFor(entry) {
  const k = entry.text_key;
  if (k === 'castors.knock' || k === 'castors.stall_knock') return 'tick';
  if (k === 'castors.round_end') return 'flip';
  if (k === 'castors.swap' || k === 'castors.take_discard' || k === 'castors.exchange') return 'flip';
  return null;
}

export function outcomeDetails(outcome, snap, ctx) {
  return scoreSheet(outcome.rounds || [], outcome.scores || [], ctx);
}

// ---------------------------------------------------------------- pieces

function scoreSheet(rounds, totals, ctx) {
  if (!rounds.length) return null;
  const n = ctx.seatCount || totals.length;
  const seats = Array.from({ length: n }, (_, s) => s);
  return h('table', { class: 'rounds cb-sheet' },
    h('caption', { class: 'sr-only' }, ctx.gt('ui.score_sheet')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ctx.gt('ui.round_col')),
      seats.map((s) => h('th', { scope: 'col' }, ctx.seatToken(s, 14), ' ', ctx.seatName(s))))),
    h('tbody', {}, rounds.map((r) => h('tr', {}, h('th', { scope: 'row' }, String(r.round)),
      seats.map((s) => {
        const won = (r.winners || []).includes(s);
        return h('td', { class: won ? 'won' : null }, String((r.points || [])[s] ?? ''), won ? h('span', { class: 'cb-star', 'data-tip': ctx.gt('ui.round_winner') }, ' ★') : null);
      })))),
    h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, ctx.gt('ui.total')), seats.map((s) => h('td', {}, String(totals[s] ?? 0))))));
}

// The reveal of the last round: rows as turned up, the action cards replaced, the points.
// `extra`: what comes first in the reveal's box, above the rows ("Continuer" between rounds).
function reveal(last, ctx, extra = null) {
  const body = h('div', { class: 'cb-reveal-rows' }, (last.rows || []).map((row, seat) => {
    const replaced = (last.replacements || []).filter((r) => r.seat === seat);
    return h('div', { class: ['cb-reveal-row', (last.winners || []).includes(seat) && 'won'], style: { '--seat': ctx.seatColor(seat) } },
      h('span', { class: 'cb-reveal-who' }, ctx.seatBadge(seat)),
      h('span', { class: 'cb-cards' }, row.map((face, p) => {
        const r = replaced.find((x) => x.position === p);
        if (!r) return card(face, ctx, { small: true });
        return h('span', { class: 'cb-replaced', title: ctx.gt('ui.replaced_by', { cards: r.drawn.map((f) => faceName(f, ctx)).join(', ') }) },
          card(face, ctx, { small: true, class: 'gone' }), h('span', { class: 'arrow', 'aria-hidden': 'true' }, '→'),
          card(r.drawn[r.drawn.length - 1], ctx, { small: true }));
      })),
      h('span', { class: 'cb-reveal-points' }, ctx.gt('ui.points', { n: (last.points || [])[seat] ?? 0 })),
      (last.winners || []).includes(seat) ? h('span', { class: 'tag win' }, ctx.gt('ui.round_winner')) : null);
  }));
  return h('details', { class: 'cb-reveal', open: true, dataset: { testid: 'reveal' } },
    h('summary', {}, ctx.gt('ui.reveal_title', { round: last.round })), extra, body);
}

// One position of a row: a button when clicking it sends or prepares an action.
function slot(v, seat, p, c, ctx, snap, isMe) {
  const st = ctx.state;
  const glimpse = c.face !== undefined && v.phase !== 'finished' && v.phase !== 'round_over';
  const face = card(c.face, ctx, { class: glimpse ? 'glimpse' : null, small: !isMe });
  let act = null;
  let onclick = null;
  let chosen = false;
  if (isMe) {
    if (v.phase === 'turn' && st.mode === 'take' && find(snap, 'take_discard')) {
      act = 'take_discard'; onclick = () => send(snap, ctx, 'take_discard', { position: p });
    } else if (v.phase === 'drawn' && find(snap, 'swap')) {
      act = 'swap'; onclick = () => send(snap, ctx, 'swap', { position: p });
    } else if (v.phase === 'regarder' && find(snap, 'look')) {
      act = 'look'; onclick = () => send(snap, ctx, 'look', { position: p });
    } else if (v.phase === 'echanger' && find(snap, 'exchange')) {
      act = 'exchange_mine'; chosen = st.mine === p;
      onclick = () => {
        if (st.target) { send(snap, ctx, 'exchange', { position: p, target: st.target }); return; }
        st.mine = chosen ? undefined : p; ctx.rerender();
      };
    }
  } else if (v.phase === 'echanger' && find(snap, 'exchange')) {
    act = 'exchange_target'; chosen = st.target && st.target.seat === seat && st.target.position === p;
    onclick = () => {
      // The listed value itself: the picker compares values by their JSON text.
      const target = ctx.choices(find(snap, 'exchange'), 'target').find((x) => x.seat === seat && x.position === p);
      if (st.mine !== undefined) { send(snap, ctx, 'exchange', { position: st.mine, target }); return; }
      st.target = chosen ? undefined : target; ctx.rerender();
    };
  }
  const label = `${ctx.gt('ui.position', { n: p + 1 })}${c.face !== undefined ? ` : ${faceName(c.face, ctx)}` : ''}`;
  const anchor = { anchor: `slot:${seat}:${p}` };
  if (!act) return h('span', { class: 'cb-slot', title: label, dataset: anchor }, face);
  return h('button', {
    class: ['cb-slot', 'pick', chosen && 'on'], 'aria-pressed': act.startsWith('exchange') ? String(!!chosen) : null,
    'aria-label': `${ctx.gt(`ui.act_${act}`)} · ${label}`, disabled: ctx.pending,
    dataset: { act, key: `cb-${seat}-${p}`, seat: String(seat), position: String(p), ...anchor }, onclick,
  }, face);
}

function rowArea(v, seat, ctx, snap, isMe) {
  const playing = v.current === seat;
  const tags = [];
  if (seat === v.dealer) tags.push(h('span', { class: 'cb-tag' }, ctx.gt('ui.dealer')));
  if (seat === v.knocker) tags.push(h('span', { class: 'cb-tag knock' }, ctx.gt('ui.knocked')));
  if (v.phase === 'peek' && v.seen && v.seen[seat]) tags.push(h('span', { class: 'cb-tag seen' }, ctx.gt('ui.seen_mark')));
  const row = (v.rows || [])[seat] || [];
  const parts = [
    h('header', { class: 'cb-head' }, ctx.seatBadge(seat), tags,
      h('span', { class: 'cb-score' }, ctx.gt('ui.points', { n: (v.totals || [])[seat] ?? 0 })),
      playing ? ctx.countdown(seat) : null),
    h('div', { class: 'cb-row' }, row.map((c, p) => slot(v, seat, p, c, ctx, snap, isMe))),
  ];
  if (isMe && v.phase === 'peek' && find(snap, 'seen')) {
    parts.push(h('div', { class: 'cb-peek', dataset: { testid: 'peek' } },
      h('span', {}, ctx.gt('ui.peek_hint')), ctx.countdownFor('peek', ctx.mySeat),
      h('button', { class: 'primary', disabled: ctx.pending, dataset: { act: 'seen', key: 'cb-seen' }, onclick: () => send(snap, ctx, 'seen') }, ctx.gt('ui.seen_btn'))));
  }
  if (isMe && v.phase === 'looked' && v.looked && v.looked.seat === seat) {
    parts.push(h('p', { class: 'cb-note' }, ctx.gt('ui.looked_note', { n: v.looked.position + 1 })));
  }
  return h('section', {
    class: ['cb-player', isMe && 'me', playing && 'turn'], style: { '--seat': ctx.seatColor(seat) },
    dataset: { seat: String(seat), ...(isMe ? { region: 'me' } : {}) }, 'aria-label': ctx.seatName(seat),
  }, parts);
}

// A pile's count: in words, or (on a phone) the number alone, the button's label saying the rest.
function count(words, n) {
  return h('span', { class: 'cb-count' }, h('span', { class: 'long' }, words), h('span', { class: 'short' }, String(n)));
}

// The middle of the table: the piles, the drawn card and the choices of the current step.
function middle(v, ctx, snap) {
  const st = ctx.state;
  const me = ctx.mySeat;
  const drawEntry = find(snap, 'draw');
  const takeEntry = find(snap, 'take_discard');
  const top = v.discard ? v.discard.top : undefined;
  const piles = h('div', { class: 'cb-piles' },
    h('button', {
      class: 'cb-pile-btn', disabled: !drawEntry || ctx.pending, 'aria-label': ctx.gt('ui.draw_label', { n: v.pile }),
      dataset: { act: 'draw', key: 'cb-draw', anchor: 'pile' }, onclick: () => send(snap, ctx, 'draw'),
    }, card(undefined, ctx), count(ctx.gt('ui.pile_n', { n: v.pile }), v.pile)),
    h('button', {
      class: ['cb-pile-btn', st.mode === 'take' && 'on'], disabled: !takeEntry || ctx.pending,
      'aria-pressed': takeEntry ? String(st.mode === 'take') : null,
      'aria-label': ctx.gt('ui.take_label', { card: faceName(top, ctx) }),
      dataset: { act: 'take_discard', key: 'cb-take', anchor: 'discard' },
      onclick: () => { st.mode = st.mode === 'take' ? undefined : 'take'; ctx.rerender(); },
    }, card(top, ctx), count(ctx.gt('ui.discard_n', { n: v.discard ? v.discard.count : 0 }), v.discard ? v.discard.count : 0)));
  const panel = h('div', { class: 'cb-step' });
  if (v.drawn) {
    const mine = v.drawn.face !== undefined;
    panel.append(h('div', { class: 'cb-drawn', dataset: { testid: 'drawn' } },
      h('span', { dataset: { flip: `drawn:${v.drawn.id}`, flipFrom: 'pile', anchor: 'drawn' } }, card(v.drawn.face, ctx)),
      h('span', {}, mine ? ctx.gt('ui.your_drawn') : ctx.gt('ui.other_drawn', { name: ctx.seatName(v.current) }))));
    if (mine) {
      const buttons = h('div', { class: 'cb-buttons' });
      if (find(snap, 'play')) {
        buttons.append(h('button', { class: 'primary', disabled: ctx.pending, dataset: { act: 'play', key: 'cb-play' }, onclick: () => send(snap, ctx, 'play') },
          ctx.gt('ui.play', { card: faceName(v.drawn.face, ctx) })));
      } else if (find(snap, 'swap')) {
        panel.append(h('p', { class: 'cb-note' }, ctx.gt('ui.swap_hint')));
      }
      if (find(snap, 'discard')) {
        buttons.append(h('button', { disabled: ctx.pending, dataset: { act: 'discard', key: 'cb-discard' }, onclick: () => send(snap, ctx, 'discard') },
          ctx.gt(isAction(v.drawn.face) ? 'ui.discard_action' : 'ui.discard')));
      }
      panel.append(buttons);
    }
  }
  if (v.phase === 'turn' && st.mode === 'take') panel.append(h('p', { class: 'cb-note' }, ctx.gt('ui.take_hint', { card: faceName(top, ctx) })));
  if (v.phase === 'echanger') {
    const text = me === v.current ? (st.mine !== undefined ? 'ui.echanger_pick_theirs' : st.target ? 'ui.echanger_pick_mine' : 'ui.echanger_hint') : 'ui.prompt_other_echanger';
    panel.append(h('div', { class: 'cb-played' }, card('echanger', ctx, { small: true }), h('span', {}, ctx.gt(text, { name: ctx.seatName(v.current) }))));
  }
  if (v.phase === 'regarder' || v.phase === 'looked') {
    const text = me === v.current ? (v.phase === 'regarder' ? 'ui.regarder_hint' : 'ui.prompt_looked') : 'ui.prompt_other_regarder';
    panel.append(h('div', { class: 'cb-played' }, card('regarder', ctx, { small: true }), h('span', {}, ctx.gt(text, { name: ctx.seatName(v.current) }))));
  }
  const buttons = h('div', { class: 'cb-buttons' });
  if (find(snap, 'end_turn')) {
    buttons.append(h('button', { class: 'primary', disabled: ctx.pending, dataset: { act: 'end_turn', key: 'cb-end' }, onclick: () => send(snap, ctx, 'end_turn') }, ctx.gt('ui.end_turn')));
  }
  if (mayKnock(snap)) {
    buttons.append(h('button', {
      class: ['cb-knock', st.knock && 'on'], 'aria-pressed': String(!!st.knock), disabled: ctx.pending,
      dataset: { act: 'knock', key: 'cb-knock' }, onclick: () => { st.knock = !st.knock; ctx.rerender(); },
    }, svg(KNOCK, 'cb-knock-icon'), h('span', { class: 'long' }, ctx.gt(st.knock ? 'ui.knock_on' : 'ui.knock_off')),
    h('span', { class: 'short' }, ctx.gt(st.knock ? 'ui.knock_on_short' : 'ui.knock_off_short'))));
  }
  if (buttons.childNodes.length) panel.append(buttons);
  return h('section', { class: 'cb-middle', dataset: { region: 'middle' } }, piles, panel);
}

function banner(v, ctx) {
  if (v.knocker === null || v.knocker === undefined || v.phase === 'finished' || v.phase === 'round_over') return null;
  return h('div', { class: 'cb-banner', role: 'status', dataset: { testid: 'last-turn' } },
    ctx.gt(v.stalled ? 'ui.last_turn_stalled' : 'ui.last_turn', { name: ctx.seatName(v.knocker), n: v.turns_left }));
}

// Cards travelling, from the log: fresh ids hide which card went where, the log says it.
export function motions(snap, ctx) {
  const back = () => card(undefined, ctx, { small: true });
  const face = (f) => () => card(f, ctx, { small: true });
  const out = [];
  for (const e of snap.log || []) {
    const p = e.params || {};
    const at = (seat, pos) => `slot:${seat}:${pos}`;
    switch (e.text_key) {
      case 'castors.take_discard':
        out.push({ from: 'discard', to: at(p.seat, p.position), token: face(p.taken), hide: true }, { from: at(p.seat, p.position), to: 'discard', token: face(p.discarded) });
        break;
      case 'castors.swap':
        out.push({ from: 'drawn', to: at(p.seat, p.position), clone: true, hide: true }, { from: at(p.seat, p.position), to: 'discard', token: face(p.discarded) });
        break;
      case 'castors.discard':
        out.push({ from: 'drawn', to: 'discard', clone: true });
        break;
      case 'castors.exchange':
        out.push({ from: at(p.seat, p.position), to: at(p.target, p.target_position), token: back, hide: true },
          { from: at(p.target, p.target_position), to: at(p.seat, p.position), token: back, hide: true });
        break;
      default: break;
    }
  }
  return out;
}

export function render(root, snap, ctx) {
  const v = snap.view || {};
  const me = ctx.mySeat;
  settle(v, ctx);
  clear(root);
  const n = (v.rows || []).length;
  const seated = me !== null && me !== undefined && me < n;
  // Others first, in play order after the viewer, so the table reads clockwise; the viewer last.
  const order = Array.from({ length: n }, (_, k) => (seated ? (me + 1 + k) % n : k)).filter((s) => s !== me);
  const sheet = scoreSheet(v.history || [], v.totals || [], ctx);
  const board = h('div', { class: ['cb', seated ? 'seated' : 'watching'], style: { '--others': String(order.length) } });
  board.append(h('div', { class: 'cb-top' },
    h('span', { class: 'cb-round' }, roundLabel(v, ctx)),
    v.score_limit ? h('span', { class: 'cb-limit' }, ctx.gt('ui.score_limit', { n: v.score_limit })) : null,
    v.phase !== 'peek' && v.phase !== 'finished' && v.phase !== 'round_over' ? tip(h('span', { class: 'cb-turns' }, ctx.gt('ui.turns', { n: v.turns + 1, max: v.stall_turns })), ctx.gt('ui.turns_tip', { max: v.stall_turns })) : null,
    sheet ? h('details', { class: 'cb-sheet-box', dataset: { testid: 'score-sheet' } }, h('summary', { dataset: { key: 'cb-sheet' } }, ctx.gt('ui.score_sheet')), h('div', { class: 'cb-pop' }, sheet)) : null,
    banner(v, ctx)));
  // On a small phone the others' rows may scroll in their own box (Échanger's targets included).
  board.append(h('div', { class: 'cb-others', dataset: { region: 'others', scrollList: '' } }, order.map((s) => rowArea(v, s, ctx, snap, false))));
  // Between two rounds, the middle shows how the round ended, and "Continuer"; during the next
  // peek and at the end, still how the last round ended.
  if (v.phase === 'round_over') {
    const bar = continueBar(snap, ctx, { key: 'cb-continue' });
    board.append(h('section', { class: 'cb-middle reveal', dataset: { region: 'middle' } },
      v.last_round ? reveal(v.last_round, ctx, bar) : bar));
  } else if ((v.phase === 'peek' || v.phase === 'finished') && v.last_round) {
    board.append(h('section', { class: 'cb-middle reveal', dataset: { region: 'middle' } }, reveal(v.last_round, ctx)));
  } else if (v.phase !== 'finished') board.append(middle(v, ctx, snap));
  if (seated) board.append(rowArea(v, me, ctx, snap, true));
  root.append(board);
}
