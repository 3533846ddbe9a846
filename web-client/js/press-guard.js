// A control pressed and not yet released holds the page's drawing back: a snapshot drawn between
// the press and its release would replace the control under the pointer, and the click would be
// lost. The same goes for the space bar, which presses a focused button on its release. A finger
// holds it at most until a long press shows a tip instead (tips.js); a mouse, a pen or a key for
// two seconds, in case its release never reaches the page.
const HOLD_MS = { touch: 500, mouse: 2000, pen: 2000, key: 2000 };
const CONTROLS = 'button, a, input, label, summary, [role=button]';
const SPACE_PRESSES = 'button, summary, [role=button], input[type=checkbox], input[type=radio]';

let heldUntil = 0; // when the press's hold ends at the latest (0: nothing pressed)
let owed = null;  // the drawing held back, run at the release
let timer = 0;

function settle() {
  clearTimeout(timer);
  const draw = owed;
  owed = null;
  if (draw) draw();
}

// True when `draw` must wait for the release (it is then run once, at the release).
export function drawingHeld(draw) {
  const left = heldUntil - performance.now();
  if (left <= 0) return false;
  owed = draw;
  clearTimeout(timer);
  timer = setTimeout(settle, left);
  return true;
}

function hold(target, selector, ms) {
  if (target instanceof Element && target.closest(selector)) heldUntil = performance.now() + ms;
}

// The click comes in the same task as the release: drawing after it (setTimeout) lets it land.
function release() {
  heldUntil = 0;
  if (owed) setTimeout(settle);
}

document.addEventListener('pointerdown', (e) => hold(e.target, CONTROLS, HOLD_MS[e.pointerType] ?? HOLD_MS.mouse), true);
document.addEventListener('keydown', (e) => { if (e.key === ' ' && !e.repeat) hold(e.target, SPACE_PRESSES, HOLD_MS.key); }, true);
for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, release, true);
document.addEventListener('keyup', (e) => { if (e.key === ' ') release(); }, true);
