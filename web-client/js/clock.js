// The server's clock as the client knows it, and the countdowns that follow it.
import { h } from '/js/dom.js';

let offset = 0;          // server time - local time, ms
let bestRtt = Infinity;  // the offset from the fastest ping is the most trustworthy
let fromPing = false;

export function serverNow() { return Date.now() + offset; }

// From a snapshot's server_time: a rough estimate, used until a ping answers.
export function noteServerTime(serverTime) {
  if (fromPing || typeof serverTime !== 'number') return;
  offset = serverTime - Date.now();
}

// From a pong: t0 = when we sent, serverTime = the server's stamp, now = when it came back.
export function notePong(t0, serverTime) {
  const now = Date.now();
  const rtt = now - t0;
  if (typeof serverTime !== 'number' || rtt < 0) return;
  // Older samples age so a drifting clock is still followed.
  bestRtt = Math.min(bestRtt * 1.25 + 5, Infinity);
  if (rtt <= bestRtt) {
    bestRtt = rtt;
    offset = serverTime - (t0 + rtt / 2);
    fromPing = true;
  }
}

// A ring + seconds for a deadline. The ticker keeps every one in the page up to date.
export function countdownElement(deadline, totalHint) {
  if (!deadline) return null;
  const total = Math.max(1000, totalHint || deadline.total || (deadline.at - serverNow()));
  const el = h('span', {
    class: 'countdown',
    dataset: { at: String(deadline.at), total: String(total) },
    role: 'timer',
  },
  h('svg:svg', { viewBox: '0 0 36 36', class: 'ring', 'aria-hidden': 'true' },
    h('svg:circle', { cx: 18, cy: 18, r: 15.5, class: 'ring-bg' }),
    h('svg:circle', { cx: 18, cy: 18, r: 15.5, class: 'ring-fg', pathLength: 100 })),
  h('span', { class: 'secs' }, ''));
  updateCountdown(el);
  return el;
}

export function remainingMs(at) { return Math.max(0, at - serverNow()); }

function updateCountdown(el) {
  const at = Number(el.dataset.at);
  const total = Number(el.dataset.total) || 1;
  const left = remainingMs(at);
  const secs = Math.ceil(left / 1000);
  el.querySelector('.secs').textContent = `${secs} s`;
  const fg = el.querySelector('.ring-fg');
  if (fg) fg.style.strokeDashoffset = String(100 - Math.min(100, (left / total) * 100));
  el.classList.toggle('urgent', left <= 5000);
}

let ticker = null;
const tickListeners = new Set();
export function onTick(fn) { tickListeners.add(fn); }

export function startTicker() {
  if (ticker) return;
  ticker = setInterval(() => {
    document.querySelectorAll('.countdown[data-at]').forEach(updateCountdown);
    for (const fn of tickListeners) fn();
  }, 250);
}
