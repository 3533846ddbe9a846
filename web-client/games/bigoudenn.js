// Ar Seizh Bigoudenn: the others compact at the top (bigoudène, Galette/Crêpe card, two hands,
// work surface), the middle of the table (pile, ingredients, utensils; the auction while a
// TEUT! runs), and at the bottom the viewer's own bigoudène, hands and work surface with what it
// may do now (its turn's actions, or the lit TEUT! buttons). A utensil grab shows at once as
// pending in the hand, then the server's verdict settles it; utensils and ingredients travel
// between the middle, hands and surfaces by their names.
import { h, clear } from '/js/dom.js';
import { tip } from '/js/tips.js';
import { cardBack, faceCard, info, ingredientCard, MENU, DATA, recipePoints, utensilIcon, utensilPiece } from '/games/bigoudenn-cards.js';
import { auctionControls, auctionPanel, listed, sendWith, teutButtons, windowDeadlines } from '/games/bigoudenn-auction.js';
// The card data the server publishes, handed over by js/renderers.js before the first draw.
export { useCards } from '/games/bigoudenn-cards.js';

const HANDS = ['left', 'right'];

function namer(ctx) {
  return {
    card: (id) => ctx.gt(`ui.cards.${id}`),
    utensil: (u) => ctx.gt(`ui.utensils.${u}`),
    // What a utensil does, shown on hover and long press.
    tip: (u) => ctx.gt(`ui.utensil_tips.${u}`),
    the: (u) => ctx.gt(`ui.the_utensils.${u}`),
    recipe: (r) => ctx.gt(`ui.recipes.${r}`),
    lady: (b) => ctx.gt(`ui.bigoudenes.${b}`),
    hand: (hand) => ctx.gt(`ui.hand_${hand}`),
    face: (f) => ctx.gt(`ui.${f}`),
  };
}

const isSeat = (s) => s !== null && s !== undefined;

// ---------------------------------------------------------------- contract

export function prompt(snap, ctx) {
  const v = snap.view || {};
  if (!v.players || v.finished) return null;
  const names = namer(ctx);
  const me = ctx.mySeat;
  const x = v.teut;
  if (x) {
    const mine = (snap.waiting_for || []).includes(me);
    if (mine) return ctx.gt(`ui.prompt_${x.step}`, { utensil: names.the(x.utensil) });
    return ctx.gt('ui.prompt_teut_watch', { caller: ctx.seatName(x.caller), holder: ctx.seatName(x.holder), utensil: names.the(x.utensil), tool: names.utensil(x.utensil) });
  }
  if (me === v.active) {
    if (v.variant === 'simplified') return ctx.gt('ui.prompt_mine_simplified', { n: 2 - (v.turn.taken || 0) });
    return ctx.gt(v.turn.composed ? 'ui.prompt_mine_done' : 'ui.prompt_mine');
  }
  if (listed(snap, 'teut').length) return ctx.gt('ui.prompt_teut_possible');
  // A spectator is never told to act.
  return ctx.gt(isSeat(me) ? 'ui.prompt_watch' : 'ui.prompt_spectate', { name: ctx.seatName(v.active) });
}

export function seatSummary(snap, seat, ctx) {
  const p = (snap.view?.players || [])[seat];
  if (!p) return '';
  return ctx.gt('ui.summary', { score: p.score, face: ctx.gt(`ui.${p.face}`), n: p.surface_count });
}

export function soundFor(entry) {
  const k = entry.text_key;
  if (k === 'bigoudenn.teut') return 'tick';
  if (k === 'bigoudenn.amen' || k === 'bigoudenn.compose' || k === 'bigoudenn.reveal') return 'flip';
  return null;
}

export function outcomeDetails(outcome, snap, ctx) {
  const names = namer(ctx);
  const made = outcome.recipes || [];
  return h('table', { class: 'rounds bg-results' },
    h('thead', {}, h('tr', {}, ['player_col', 'recipes_col', 'points_col'].map((k) => h('th', { scope: 'col' }, ctx.gt(`ui.${k}`))))),
    h('tbody', {}, made.map((list, seat) => h('tr', {},
      h('th', { scope: 'row' }, ctx.seatName(seat)),
      h('td', {}, list.length ? list.map((r) => h('div', {}, recipeLabel(r, names, ctx), ` — ${r.points}`)) : '—'),
      h('td', {}, String((outcome.scores || [])[seat] ?? 0))))));
}

function recipeLabel(r, names, ctx) {
  const what = r.recipe ? names.recipe(r.recipe) : ctx.gt(r.face === 'galette' ? 'ui.free_galette' : 'ui.free_crepe');
  return r.specialty ? `${what} ★` : what;
}

// ---------------------------------------------------------------- actions

// The hand to act with: the chosen one if it can, else a free one, else the first that can.
function pickHand(options, v, ctx) {
  const me = v.players[ctx.mySeat];
  if (options.includes(ctx.state.hand)) return ctx.state.hand;
  return options.find((hand) => !me.hands[hand]) || options[0];
}

function takeChoice(id, v, snap, ctx, names) {
  const takes = listed(snap, 'take').filter((a) => ctx.choices(a, 'card').includes(id));
  if (!takes.length) return null;
  if (v.variant === 'simplified') {
    const gives = takes.map((a) => a.give);
    const give = gives.includes(ctx.state.give) ? ctx.state.give : gives.length === 1 ? gives[0] : null;
    if (give) return () => ctx.send({ type: 'take', card: id, give });
    return () => sendWith(ctx, { type: 'take', card: id, choose: { give: { one_of: gives } } }, {}, ctx.gt('ui.give_title'), names);
  }
  const hand = pickHand(takes.map((a) => a.hand), v, ctx);
  const template = takes.find((a) => a.hand === hand);
  return () => sendWith(ctx, template, { card: id }, ctx.gt('ui.put_back_title'), names);
}

function stealChoice(seat, id, snap, ctx, names, v) {
  const steals = listed(snap, 'steal').filter((a) => a.from === seat && ctx.choices(a, 'card').includes(id));
  if (!steals.length) return null;
  const template = v.variant === 'simplified' ? steals[0] : steals.find((a) => a.hand === pickHand(steals.map((s) => s.hand), v, ctx));
  return () => sendWith(ctx, template, { card: id }, ctx.gt('ui.put_back_title'), names);
}

// A grab shows at once as pending in the hand, then the server's verdict settles it (a lost race
// shakes the utensil where it went, and says who was faster). The clicked piece is marked right
// away: on a fast line the verdict comes back before the next frame.
async function grabNow(action, ctx, clicked) {
  if (clicked) {
    clicked.classList.add('pending');
    clicked.setAttribute('aria-busy', 'true');
  }
  ctx.state.pendingGrab = { utensil: action.utensil, hand: action.hand || null };
  ctx.rerender();
  await ctx.send(action);
  ctx.state.pendingGrab = null;
  ctx.rerender();
}

function grabChoice(u, v, snap, ctx, names) {
  const grabs = listed(snap, 'grab').filter((a) => a.utensil === u);
  if (!grabs.length) return null;
  if (v.variant === 'simplified') {
    const g = grabs[0];
    if (!g.choose) return (e) => grabNow(g, ctx, e?.currentTarget);
    const drops = ctx.choices(g, 'drop');
    if (drops.includes(ctx.state.give)) return (e) => grabNow(ctx.fill(g, { drop: ctx.state.give }), ctx, e?.currentTarget);
    return async () => {
      const picked = await ctx.pickFromTemplate(g, { title: ctx.gt('ui.drop_title'), keyLabel: () => ctx.gt('ui.pick_drop'), labels: (k, val) => names.utensil(val) });
      if (picked) grabNow(picked, ctx);
    };
  }
  const hand = pickHand(grabs.map((a) => a.hand), v, ctx);
  return (e) => grabNow(grabs.find((a) => a.hand === hand), ctx, e?.currentTarget);
}

// ---------------------------------------------------------------- pieces

function middleArea(v, snap, ctx, names) {
  const pending = ctx.state.pendingGrab;
  const cards = (v.middle || []).map((id) => {
    const go = takeChoice(id, v, snap, ctx, names);
    const face = ingredientCard(id, names, { flip: true, from: 'pile' });
    if (!go) return h('span', { class: 'bg-slot', dataset: { card: id } }, face);
    return h('button', {
      class: 'bg-slot pick', disabled: ctx.pending, 'aria-label': ctx.gt('ui.take_label', { card: names.card(id) }),
      dataset: { act: 'take', key: `bg-take-${id}`, card: id }, onclick: go,
    }, face);
  });
  const utensils = (v.utensils || []).map((u) => {
    const go = grabChoice(u, v, snap, ctx, names);
    // Being grabbed by the viewer: it shows in the hand already; a faded place stays here.
    const leaving = pending && pending.utensil === u;
    const piece = utensilPiece(u, names.utensil(u), { tip: names.tip(u), class: leaving && 'leaving', flip: !leaving });
    if (!go) return h('span', { class: 'bg-slot', dataset: { utensil: u } }, piece);
    return h('button', {
      class: 'bg-slot grab', disabled: ctx.pending, 'aria-label': ctx.gt('ui.grab_label', { utensil: names.the(u) }),
      dataset: { act: 'grab', key: `bg-grab-${u}`, utensil: u }, onclick: go,
    }, piece);
  });
  // The pile leads the middle's cards (in the foot while an auction takes their place).
  const pile = h('div', { class: 'bg-pile', dataset: { testid: 'bg-pile', count: String(v.pile), anchor: 'pile' }, title: ctx.gt('ui.pile', { n: v.pile }) },
    cardBack({ count: v.pile, small: true, label: ctx.gt('ui.pile', { n: v.pile }) }), h('span', { class: 'bg-pile-text' }, ctx.gt('ui.pile', { n: v.pile })));
  const ending = v.finished ? null : v.last_round
    ? h('p', { class: 'bg-banner' }, ctx.gt('ui.last_round', { n: v.turns_left }))
    : isSeat(v.turns_left) ? h('p', { class: 'bg-banner soft' }, ctx.gt('ui.turns_left', { n: v.turns_left })) : null;
  return h('section', { class: ['bg-middle', v.teut && 'teut'], 'aria-label': ctx.gt('ui.middle'), dataset: { testid: 'bg-middle', region: 'middle' } },
    v.teut ? auctionPanel(v, snap, ctx, names)
      // Cards pile up when nobody takes them: they scroll in their own box then.
      : h('div', { class: 'bg-middle-cards', dataset: { scrollList: '' } }, pile, cards.length ? cards : h('span', { class: 'bg-empty' }, ctx.gt('ui.middle_empty'))),
    h('div', { class: 'bg-middle-foot' },
      v.teut ? pile : null,
      h('div', { class: 'bg-middle-utensils', 'aria-label': ctx.gt('ui.utensils_middle') }, utensils),
      menuCard(v, ctx, names)),
    ending);
}

function handSlot(p, hand, v, snap, ctx, names, isMe, windows) {
  const u = p.hands[hand];
  const pending = isMe && ctx.state.pendingGrab;
  const target = pending ? pending.hand || HANDS.find((x) => !p.hands[x]) || 'left' : null;
  const shown = target === hand ? pending.utensil : null;
  const grabWindow = u && (v.windows || []).find((w) => w.utensil === u && w.holder === p.seat);
  const frozen = u && v.teut && v.teut.utensil === u;
  const label = v.variant === 'simplified' ? ctx.gt('ui.slot')
    : [h('span', { class: 'long' }, names.hand(hand)), h('span', { class: 'short' }, ctx.gt(`ui.hand_${hand}_short`))];
  const used = v.variant !== 'simplified' && p.seat === v.active && v.turn.hands_used[hand];
  const parts = [h('span', { class: 'bg-hand-label', title: v.variant === 'simplified' ? null : names.hand(hand) }, label, used ? h('span', { class: 'bg-used' }, ` · ${ctx.gt('ui.hand_used')}`) : null)];
  // A utensil the viewer may let go of is itself the button that drops it.
  const drop = isMe && u && !shown && listed(snap, 'drop').find((a) => (a.hand ? a.hand === hand : a.utensil === u));
  if (shown) parts.push(utensilPiece(shown, names.utensil(shown), { tip: names.tip(shown), class: 'pending', flip: true }), h('span', { class: 'bg-tag' }, ctx.gt('ui.pending')));
  else if (drop) {
    parts.push(h('button', {
      class: 'bg-slot bg-drop', disabled: ctx.pending, 'aria-label': ctx.gt('ui.drop_label', { utensil: names.the(u) }), 'data-tip': ctx.gt('ui.drop_label', { utensil: names.the(u) }),
      dataset: { act: 'drop', key: `bg-drop-${hand}`, utensil: u }, onclick: () => ctx.send(drop),
    }, utensilPiece(u, names.utensil(u), { tip: names.tip(u), class: frozen ? 'frozen' : null, flip: true }), h('span', { class: 'bg-drop-mark', 'aria-hidden': 'true' }, '✕')));
  } else if (u) parts.push(utensilPiece(u, names.utensil(u), { tip: names.tip(u), class: frozen ? 'frozen' : null, flip: true }));
  else parts.push(h('span', { class: 'bg-free' }, ctx.gt('ui.free_hand')));
  if (grabWindow) parts.push(h('span', { class: 'bg-window', 'data-tip': ctx.gt('ui.window') }, ctx.countdownOf(windows.get(u))));
  // The viewer may choose the hand (or, simplified, the utensil) its next click acts with.
  const acting = !v.teut && !v.finished && (snap.actions || []).length > 0;
  const choosable = isMe && acting && (v.variant === 'simplified' ? u : p.seat === v.active && !used);
  const chosen = v.variant === 'simplified' ? ctx.state.give === u : ctx.state.hand === hand;
  if (choosable) {
    parts.push(h('button', {
      class: ['bg-arm', chosen && 'on'], 'aria-pressed': chosen ? 'true' : 'false', disabled: ctx.pending,
      dataset: { act: 'hand', key: `bg-arm-${hand}` },
      onclick: () => {
        if (v.variant === 'simplified') ctx.state.give = chosen ? null : u; else ctx.state.hand = chosen ? null : hand;
        ctx.rerender();
      },
    }, ctx.gt(chosen ? 'ui.chosen' : 'ui.choose')));
  }
  return h('div', { class: ['bg-hand', shown && 'pending', frozen && 'frozen', !u && !shown && 'empty'], dataset: { testid: 'bg-hand', hand, utensil: u || '' } }, parts);
}

function surfaceRow(p, v, snap, ctx, names, isMe) {
  if (p.surface === null) {
    return h('div', { class: 'bg-surface hidden', 'aria-label': ctx.gt('ui.surface_hidden', { n: p.surface_count }), dataset: { testid: 'bg-surface', count: String(p.surface_count) } },
      Array.from({ length: p.surface_count }, () => cardBack({ small: true })), h('span', { class: 'bg-note' }, ctx.gt('ui.in_hand_teut')));
  }
  // In a TEUT!, the viewer bids by clicking a card of its own surface.
  const bid = isMe && listed(snap, 'bid')[0];
  const biddable = bid ? ctx.choices(bid, 'card') : [];
  const cards = p.surface.map((id) => {
    const face = ingredientCard(id, names, { small: !isMe, flip: true });
    if (biddable.includes(id)) {
      return h('button', {
        class: 'bg-slot pick bid', disabled: ctx.pending, 'aria-label': ctx.gt('ui.bid_label', { card: names.card(id) }),
        dataset: { act: 'bid', key: `bg-bid-${id}`, card: id }, onclick: () => ctx.send(ctx.fill(bid, { card: id })),
      }, face);
    }
    const go = !isMe && stealChoice(p.seat, id, snap, ctx, names, v);
    if (!go) return h('span', { class: 'bg-slot', dataset: { card: id } }, face);
    return h('button', {
      class: 'bg-slot pick steal', disabled: ctx.pending, 'aria-label': ctx.gt('ui.steal_label', { card: names.card(id), name: ctx.seatName(p.seat) }),
      dataset: { act: 'steal', key: `bg-steal-${p.seat}-${id}`, card: id }, onclick: go,
    }, face);
  });
  return h('div', { class: 'bg-surface', 'aria-label': ctx.gt('ui.surface'), dataset: { testid: 'bg-surface', count: String(p.surface_count) } },
    cards.length ? cards : (isMe ? h('span', { class: 'bg-empty' }, ctx.gt('ui.surface_empty')) : null),
    isMe && v.variant === 'full' ? h('span', { class: 'bg-note' }, `${p.surface_count}/5`) : null);
}

function ladyCard(p, ctx, names) {
  const [galette, crepe] = DATA.bigoudenes[p.bigoudene] || [];
  return h('div', { class: 'bg-lady', title: `${ctx.gt('ui.specialties')} ${names.recipe(galette)} · ${names.recipe(crepe)}` },
    h('span', { class: 'bg-lady-name' }, names.lady(p.bigoudene)),
    h('span', { class: 'bg-lady-spec' }, '★ ', names.recipe(galette), ' · ', names.recipe(crepe)));
}

// One player: the others compact at the top, the viewer's own at the bottom with its controls.
function playerArea(p, v, snap, ctx, names, isMe, spin, windows, controls) {
  const active = p.seat === v.active;
  const waited = (snap.waiting_for || []).includes(p.seat);
  const made = p.recipes.map((r) => h('li', { class: ['bg-made', r.face] }, recipeLabel(r, names, ctx), h('strong', {}, ` ${r.points}`)));
  const face = faceCard(p.face, names.face(p.face), { flip: spin.has(p.seat), small: true, anchor: `face:${p.seat}` });
  return h('section', {
    class: ['bg-player', isMe ? 'me' : 'other', active && !v.finished && 'active'], style: { '--seat': ctx.seatColor(p.seat) },
    dataset: { testid: 'bg-player', seat: String(p.seat), face: p.face, score: String(p.score), ...(isMe ? { region: 'me' } : {}) }, 'aria-label': ctx.seatName(p.seat),
  },
  h('header', { class: 'bg-player-head' }, ctx.seatBadge(p.seat),
    active && !v.finished ? h('span', { class: 'bg-tag' }, ctx.gt(v.turn.paused ? 'ui.paused' : 'ui.playing')) : null,
    p.called_teut ? h('span', { class: 'bg-tag soft' }, ctx.gt('ui.teut_used')) : null,
    isMe ? ladyCard(p, ctx, names) : null,
    isMe ? face : null,
    h('span', { class: 'bg-score' }, ctx.gt('ui.points', { n: p.score })),
    waited ? ctx.countdown(p.seat) : null),
  h('div', { class: 'bg-player-row' },
    isMe ? null : h('span', { class: 'bg-lady-mini', title: names.lady(p.bigoudene) }, names.lady(p.bigoudene)),
    isMe ? null : face,
    h('div', { class: 'bg-hands' }, HANDS.map((hand) => handSlot(p, hand, v, snap, ctx, names, isMe, windows))),
    isMe ? null : surfaceRow(p, v, snap, ctx, names, false)),
  isMe ? surfaceRow(p, v, snap, ctx, names, true) : null,
  made.length ? h('ul', { class: 'bg-made-list', 'aria-label': ctx.gt('ui.recipes_made') }, made) : null,
  controls);
}

// The active viewer's buttons: Amen, compose, end of turn.
function turnPanel(v, snap, ctx, names) {
  const me = v.players[ctx.mySeat];
  const parts = [];
  for (const a of listed(snap, 'amen')) {
    parts.push(h('button', {
      class: 'bg-amen', disabled: ctx.pending, dataset: { act: 'amen', key: `bg-amen-${a.hand || 'any'}` },
      onclick: () => ctx.send(a),
    }, h('span', { class: 'long' }, ctx.gt('ui.amen')), h('span', { class: 'short' }, ctx.gt('ui.amen_short')),
    a.hand ? h('small', {}, ' (', h('span', { class: 'long' }, names.hand(a.hand)), h('span', { class: 'short' }, ctx.gt(`ui.hand_${a.hand}_short`)), ')') : null));
  }
  for (const a of listed(snap, 'compose')) {
    const score = recipePoints(a.cards, me.bigoudene);
    parts.push(h('button', {
      class: 'bg-compose primary', disabled: ctx.pending, dataset: { act: 'compose', key: `bg-compose-${a.cards.join('-')}` },
      onclick: () => ctx.send(a),
    }, ctx.gt(me.face === 'galette' ? 'ui.cook_galette' : 'ui.cook_crepe'),
    h('span', { class: 'bg-compose-cards' }, a.cards.map((c) => names.card(c)).join(' + ')),
    h('strong', {}, ` ${score.points} ${ctx.gt('ui.pts')}${score.specialty ? ' ★' : ''}`)));
  }
  const end = listed(snap, 'end_turn')[0];
  if (end) {
    parts.push(h('button', {
      class: 'bg-end', disabled: ctx.pending, dataset: { act: 'end_turn', key: 'bg-end' }, onclick: () => ctx.send(end),
    }, ctx.gt('ui.end_turn')));
  }
  if (!parts.length) return null;
  const hint = v.variant === 'simplified' ? 'ui.hint_turn_simplified' : 'ui.hint_turn';
  return h('section', { class: 'bg-turn', 'aria-label': ctx.gt('ui.your_turn') }, h('p', { class: 'bg-hint' }, ctx.gt(hint)), h('div', { class: 'bg-row' }, parts));
}

function menuCard(v, ctx, names) {
  const me = isSeat(ctx.mySeat) ? v.players[ctx.mySeat] : null;
  const mine = me ? DATA.bigoudenes[me.bigoudene] || [] : [];
  const st = ctx.state;
  return h('details', { class: 'bg-menu', open: st.menuOpen || null, ontoggle: (e) => { st.menuOpen = e.target.open; } },
    h('summary', { dataset: { key: 'bg-menu' }, title: ctx.gt('ui.menu') }, h('span', { class: 'bg-menu-name' }, ctx.gt('ui.menu'))),
    h('div', { class: 'bg-menu-grid' }, Object.entries(MENU).map(([recipe, cards]) => h('div', { class: ['bg-recipe', mine.includes(recipe) && 'special'] },
      h('span', { class: 'bg-recipe-name' }, names.recipe(recipe), mine.includes(recipe) ? ' ★' : ''),
      h('span', { class: 'bg-recipe-cards' }, cards.map((c) => {
        const i = info(c);
        return h('span', { class: 'bg-ing' }, `${names.card(c)} ${i.value}`, i.utensil ? utensilIcon(i.utensil, 14) : null);
      }))))),
    h('p', { class: 'bg-note' }, ctx.gt('ui.menu_points')));
}

// Cards that spin this snapshot: an Amen or a recipe just logged (once per rev, recent only).
function spinning(snap, ctx) {
  const st = ctx.state;
  if (st.spinRev === snap.rev) return st.spinSeats;
  const seats = new Set();
  for (const e of snap.log || []) {
    const recent = ctx.now() - (e.at || 0) < 4000;
    if (recent && (e.text_key === 'bigoudenn.amen' || e.text_key === 'bigoudenn.compose')) seats.add(e.params.seat);
  }
  st.spinRev = snap.rev;
  st.spinSeats = new Set();  // later renders of this rev do not spin again
  return seats;
}

// Composed cards go onto the Galette/Crêpe card that flips for them.
export function motions(snap) {
  const out = [];
  for (const e of snap.log || []) {
    if (e.text_key !== 'bigoudenn.compose') continue;
    for (const id of e.params?.cards || []) out.push({ from: `card:${id}`, to: `face:${e.params.seat}`, clone: true });
  }
  return out;
}

export function render(root, snap, ctx) {
  const v = snap.view || {};
  clear(root);
  if (!v.players) return;
  const names = namer(ctx);
  const me = ctx.mySeat;
  const n = v.players.length;
  const spin = spinning(snap, ctx);
  const windows = windowDeadlines(v, ctx);
  const rot = (s) => (isSeat(me) ? (s - me - 1 + n) % n : s);
  const others = v.players.filter((p) => p.seat !== me).sort((a, b) => rot(a.seat) - rot(b.seat));
  const board = h('div', { class: ['bg', v.variant, isSeat(me) && v.players[me] ? 'seated' : 'watching'], style: { '--others': String(others.length) } });
  // When space runs short the others scroll in their own box (a steal's target may be one scroll away).
  board.append(h('div', { class: 'bg-others', dataset: { region: 'others', scrollList: '' } }, others.map((p) => playerArea(p, v, snap, ctx, names, false, spin, windows, null))));
  board.append(middleArea(v, snap, ctx, names));
  if (isSeat(me) && v.players[me]) {
    // What the viewer may do now, in thumb reach: its turn's buttons, or TEUT!.
    const controls = v.teut ? auctionControls(v, snap, ctx, names)
      : me === v.active ? turnPanel(v, snap, ctx, names) : teutButtons(v, snap, ctx, names);
    board.append(playerArea(v.players[me], v, snap, ctx, names, true, spin, windows, controls));
  }
  root.append(board);
}
