// Motion that explains change, without ever holding back a snapshot: the new table is drawn at
// once, then whatever changed place is animated from where it was (FLIP: measure, draw, invert
// with a transform, play). Renderers mark what moves:
//   data-flip="key"       a piece that is the same thing from one render to the next (a card,
//                         a utensil): drawn elsewhere, it travels from its old place;
//   data-flip-from="key"  a piece new on the table comes out of that piece or anchor;
//   data-anchor="key"     a place things come from or go to (a pile, a stall, an account).
// Where a piece cannot be followed by its key (a card that changed hands privately gets a fresh
// id), the renderer's `motions()` describes travels from the public facts of the log: tokens
// (card backs, coins, fish) flying from one anchor to another. Nothing moves under
// prefers-reduced-motion.
const MOVE_MS = 260;
const TRAVEL_MS = 340;
const EASE = 'cubic-bezier(.2, .7, .3, 1)';

const reducedQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
function motionAllowed() { return !reducedQuery?.matches; }

function rectOf(el) {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, width: r.width, height: r.height } : null;
}

// Where every keyed piece and anchor of `root` is now (and the elements, for ghosts).
export function measure(root) {
  const places = { pieces: new Map(), anchors: new Map() };
  if (!motionAllowed()) return places;
  for (const el of root.querySelectorAll('[data-flip], [data-anchor]')) {
    const rect = rectOf(el);
    if (!rect) continue;
    if (el.dataset.flip && !places.pieces.has(el.dataset.flip)) places.pieces.set(el.dataset.flip, { rect, el });
    if (el.dataset.anchor && !places.anchors.has(el.dataset.anchor)) places.anchors.set(el.dataset.anchor, { rect, el });
  }
  return places;
}

// A key, or a list of keys (the first on the table wins: a place folded away on a phone).
const find = (places, keys) => {
  for (const key of [].concat(keys)) {
    const found = places.pieces.get(key) || places.anchors.get(key);
    if (found) return found;
  }
  return null;
};

// A piece travels from the centre of its old box to its new one (translation only: a box
// measured mid-flight, or an anchor of another size, must not stretch it).
function flip(el, from, to, opts = {}) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  const first = { transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`, ...(opts.fade ? { opacity: 0.35 } : {}) };
  el.animate([first, { transform: 'none', opacity: 1 }], { duration: MOVE_MS, easing: EASE });
}

function layer() {
  let el = document.getElementById('motion-layer');
  if (!el) {
    el = document.createElement('div');
    el.id = 'motion-layer';
    el.className = 'motion-layer';
    el.setAttribute('aria-hidden', 'true');
    document.body.append(el);
  }
  return el;
}

// A copy to fly, stripped of what tests, focus and styles key on.
function inert(node) {
  const copy = node.cloneNode(true);
  for (const el of [copy, ...copy.querySelectorAll('*')]) {
    if (!el.removeAttribute) continue;
    for (const a of ['id', 'data-key', 'data-act', 'data-testid', 'data-flip', 'data-anchor', 'data-flip-from', 'tabindex']) el.removeAttribute(a);
  }
  return copy;
}

// One token flying from one box to another (centres), then gone.
function travel(token, from, to, delay) {
  const box = document.createElement('div');
  box.className = 'motion-ghost';
  const w = token.width || from.width;
  const h = token.height || from.height;
  Object.assign(box.style, { left: `${from.left + (from.width - w) / 2}px`, top: `${from.top + (from.height - h) / 2}px`, width: `${w}px`, height: `${h}px` });
  box.append(token.el);
  layer().append(box);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const anim = box.animate([
    { transform: 'translate(0, 0)', opacity: 0.95 },
    { transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`, opacity: token.fade === false ? 1 : 0.6 },
  ], { duration: TRAVEL_MS, delay, easing: EASE, fill: 'backwards' });
  const done = () => box.remove();
  anim.onfinish = done;
  anim.oncancel = done;
}

// After a render: pieces travel from their old places; log-told travels fly their tokens.
// `moves`: [{from, to, count?, token?: () => Element, size?: [w, h], clone?: true, hide?: true}]
// from a renderer's motions(); `from` is looked up in the old table, `to` in the new one (each a
// key or a list of keys).
export function play(root, before, moves = []) {
  if (!motionAllowed() || (!before.pieces.size && !before.anchors.size)) return;
  const after = measure(root);
  for (const [key, now] of after.pieces) {
    const was = before.pieces.get(key);
    if (was) { flip(now.el, was.rect, now.rect); continue; }
    const source = now.el.dataset.flipFrom;
    const from = source && (find(before, source) || find(after, source));
    if (from) flip(now.el, from.rect, now.rect, { fade: true });
  }
  for (const m of moves) {
    const from = find(before, m.from) || find(after, m.from);
    const to = find(after, m.to) || find(before, m.to);
    if (!from || !to) continue;
    const count = Math.max(1, Math.min(m.count ?? 1, 8));
    for (let i = 0; i < count; i += 1) {
      let el;
      if (m.clone) el = inert(from.el);
      else if (m.token) el = m.token();
      if (!el) continue;
      const [w, h] = m.size || (m.clone ? [from.rect.width, from.rect.height] : [0, 0]);
      travel({ el, width: w, height: h, fade: m.fade }, from.rect, to.rect, i * 60);
    }
    // The piece that arrives shows once its token has landed.
    const target = m.hide && find(after, m.to);
    if (target) target.el.animate([{ opacity: 0 }, { opacity: 0, offset: 0.9 }, { opacity: 1 }], { duration: TRAVEL_MS + (count - 1) * 60 });
  }
}

// A lost race: the control shakes once.
export function shake(el) {
  if (!el || !motionAllowed()) return;
  el.animate([
    { transform: 'translateX(0)' }, { transform: 'translateX(-6px)' }, { transform: 'translateX(6px)' },
    { transform: 'translateX(-4px)' }, { transform: 'translateX(0)' },
  ], { duration: 300, easing: 'ease-in-out' });
}
