// Short explanations ("tips") shown in one bubble for the whole page: on hover with a mouse, on
// keyboard focus, and on a long press with a finger (a tap still acts; a long press only explains,
// so the click that follows it is swallowed). Any element gets one with tip(el, text), or a
// `data-tip` attribute. The bubble lives in the top layer (a manual popover, above dialogs),
// ignores the pointer (it never covers a control) and stays inside the screen.
const HOVER_MS = 350;
const PRESS_MS = 450;
const PRESS_SHOWN_MS = 3500;
const SLOP_PX = 10;

let bubble = null;
let target = null;      // the element whose tip is shown
let hoverTimer = 0;
let pressTimer = 0;
let hideTimer = 0;
let press = null;       // {x, y, el} of a finger down on a tip
let swallowUntil = 0;   // the click that ends a long press does not act
let lastPoint = null;   // where the mouse rests: a re-render swaps the element under it

export function tip(el, text) {
  if (el && text) {
    el.dataset.tip = text;
    el.setAttribute('aria-description', text);
  }
  return el;
}

function ensureBubble() {
  if (bubble) return bubble;
  bubble = document.createElement('div');
  bubble.id = 'tip';
  bubble.className = 'tip';
  bubble.setAttribute('role', 'tooltip');
  bubble.dataset.testid = 'tip';
  if ('popover' in bubble) bubble.popover = 'manual';
  else bubble.hidden = true;
  document.body.append(bubble);
  return bubble;
}

function place(el) {
  const b = ensureBubble();
  const r = el.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const w = b.offsetWidth;
  const hgt = b.offsetHeight;
  const left = Math.max(6, Math.min(vw - w - 6, r.left + r.width / 2 - w / 2));
  // Above the element when there is room (a finger covers what is below it), else below.
  let top = r.top - hgt - 8;
  if (top < 6) top = Math.min(vh - hgt - 6, r.bottom + 8);
  b.style.left = `${Math.round(left)}px`;
  b.style.top = `${Math.round(Math.max(6, top))}px`;
}

function show(el) {
  const text = el?.dataset?.tip;
  if (!text) return;
  const b = ensureBubble();
  target = el;
  b.textContent = text;
  b.lang = document.documentElement.lang;
  if (b.popover) { if (!b.matches(':popover-open')) b.showPopover(); } else b.hidden = false;
  b.classList.add('on');
  place(el);
  clearTimeout(hideTimer);
}

export function hideTip() {
  clearTimeout(hoverTimer);
  clearTimeout(hideTimer);
  target = null;
  if (!bubble) return;
  bubble.classList.remove('on');
  if (bubble.popover) { if (bubble.matches(':popover-open')) bubble.hidePopover(); } else bubble.hidden = true;
}

// The table is drawn again on every snapshot: follow the new element at the same place, or go.
function follow() {
  if (!target || target.isConnected) { if (target) place(target); return; }
  const again = lastPoint && document.elementFromPoint(lastPoint.x, lastPoint.y)?.closest('[data-tip]');
  if (again) show(again); else hideTip();
}

const tipOf = (node) => (node instanceof Element ? node.closest('[data-tip]') : null);

function install() {
  document.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    const el = tipOf(e.target);
    if (!el || el === target) return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => show(el), target ? 0 : HOVER_MS);
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType !== 'mouse') return;
    const from = tipOf(e.target);
    if (!from || from.contains(e.relatedTarget)) return;
    clearTimeout(hoverTimer);
    if (from === target) hideTip();
  });
  document.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'mouse') lastPoint = { x: e.clientX, y: e.clientY };
    if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) > SLOP_PX) { clearTimeout(pressTimer); press = null; }
  }, { passive: true });
  document.addEventListener('pointerdown', (e) => {
    swallowUntil = 0;
    if (e.pointerType === 'mouse') { hideTip(); return; }
    if (target) hideTip();
    const el = tipOf(e.target);
    if (!el) return;
    press = { x: e.clientX, y: e.clientY, el };
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      if (!press) return;
      show(press.el);
      swallowUntil = performance.now() + 1500;
      hideTimer = setTimeout(hideTip, PRESS_SHOWN_MS);
    }, PRESS_MS);
  });
  const lift = () => { clearTimeout(pressTimer); press = null; };
  document.addEventListener('pointerup', lift);
  document.addEventListener('pointercancel', lift);
  // A long press explains; it does not also press the button under the finger.
  document.addEventListener('click', (e) => {
    if (performance.now() < swallowUntil) { swallowUntil = 0; e.preventDefault(); e.stopImmediatePropagation(); }
  }, true);
  document.addEventListener('contextmenu', (e) => { if (tipOf(e.target)) e.preventDefault(); });
  document.addEventListener('focusin', (e) => {
    const el = tipOf(e.target) || (e.target instanceof Element ? e.target.querySelector('[data-tip]') : null);
    if (el && e.target.matches?.(':focus-visible')) show(el);
  });
  document.addEventListener('focusout', () => { if (target && !press) hideTip(); });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideTip(); });
  window.addEventListener('scroll', hideTip, true);
  window.addEventListener('resize', hideTip);
  setInterval(() => { if (target) follow(); }, 250);
}

install();
