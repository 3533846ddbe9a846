// Seat colours and symbols: every seat has both, so colour is never the only signal.
import { h, svg } from '/js/dom.js';
import { icon } from '/js/icons.js';
import { t } from '/js/i18n.js';
import { signalLevel } from '/js/fair.js';

const COLORS = ['#e4572e', '#2e86de', '#f2b705', '#9b59b6', '#e84393', '#e67e22', '#16a085', '#7f8c8d'];
const NAMES_FR = ['rouge', 'bleu', 'jaune', 'violet', 'rose', 'orange', 'vert', 'gris'];

// One shape per seat, drawn in a 20×20 box.
const SHAPES = [
  '<circle cx="10" cy="10" r="7"/>',
  '<polygon points="10,2.5 18,17 2,17"/>',
  '<rect x="3.5" y="3.5" width="13" height="13" rx="1"/>',
  '<polygon points="10,1.5 18.5,10 10,18.5 1.5,10"/>',
  '<polygon points="10,1.5 12.4,7.2 18.5,7.6 13.8,11.6 15.3,17.6 10,14.3 4.7,17.6 6.2,11.6 1.5,7.6 7.6,7.2"/>',
  '<path d="M7.5 2.5h5v5h5v5h-5v5h-5v-5h-5v-5h5z"/>',
  '<polygon points="10,2 18,8 15,17.5 5,17.5 2,8"/>',
  '<polygon points="10,1.8 17.2,6 17.2,14 10,18.2 2.8,14 2.8,6"/>',
];

export function seatColor(seat) { return COLORS[((seat % 8) + 8) % 8]; }
export function seatColorName(seat) { return NAMES_FR[((seat % 8) + 8) % 8]; }

export function seatShape(seat, size = 18) {
  const shape = SHAPES[((seat % 8) + 8) % 8];
  return svg(`<svg viewBox="0 0 20 20" width="${size}" height="${size}" fill="${seatColor(seat)}" stroke="rgba(0,0,0,.55)" stroke-width="1.2">${shape}</svg>`, 'seat-shape');
}

// The seat's colour + symbol + number, e.g. for a tile or a marker.
export function seatToken(seat, size = 18) {
  return h('span', { class: 'seat-token', title: `#${seat + 1}` }, seatShape(seat, size));
}

// Colour + symbol + name.
export function seatBadge(seat, name, extra) {
  return h('span', { class: ['seat-badge', extra], style: { '--seat': seatColor(seat) } },
    seatShape(seat), h('span', { class: 'seat-name' }, name));
}

// The small robot mark of a seat a bot plays (null for a person's).
export function botMark(seat) {
  if (!seat?.bot) return null;
  const label = t('room.bot');
  return h('span', { class: 'bot-mark', title: label, role: 'img', 'aria-label': label, dataset: { testid: 'bot-mark' } }, icon('robot', 16));
}

// The network delay of a person's seat (`rtt_ms`), as 3, 2 or 1 bars (null when unknown, for a
// bot, and while the person is away). It follows the seat in place (refreshSignals): a new round
// trip does not redraw a table.
export function signalMark(seat) {
  if (!seat || seat.bot || seat.connected === false || !signalLevel(seat.rtt_ms)) return null;
  const el = h('span', { class: 'signal-mark', role: 'img', dataset: { testid: 'signal', seat: String(seat.seat) } }, icon('signal', 16));
  return setSignal(el, seat.rtt_ms);
}

function setSignal(el, rtt) {
  const text = t('room.network_delay', { ms: Math.round(rtt) });
  const level = signalLevel(rtt);
  if (el.dataset.tip === text && el.dataset.level === level) return el;
  el.dataset.level = level;
  el.dataset.tip = text; // js/tips.js: on hover, keyboard focus and a long press
  el.setAttribute('aria-label', text);
  return el;
}

// Every signal mark under `root` shows its seat's latest round trip.
export function refreshSignals(root, seats) {
  for (const el of root.querySelectorAll('.signal-mark[data-seat]')) {
    const seat = (seats || []).find((x) => String(x.seat) === el.dataset.seat);
    if (seat && signalLevel(seat.rtt_ms)) setSignal(el, seat.rtt_ms);
  }
}
