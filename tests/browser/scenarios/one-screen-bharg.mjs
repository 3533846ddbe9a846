// Bharg on one screen: two players, at a laptop size and on a phone (see ../one-screen.mjs).
import { oneScreen } from '../one-screen.mjs';

export default (ctx) => oneScreen(ctx, {
  game: 'bharg',
  // 50 points: a round won in its first turns scores 20-40, which ended a game to 10 before the
  // ten quiet moments a size must show.
  options: { target: 50 },
  names: ['Yann'],
  laptop: { players: 2 },
  phone: { players: 2 },
  seats: {},
  clicks: {},
  moments: 30,
  control: (a) => {
    if (a.type === 'draw') return a.from === 'deck' ? '[data-key=bh-deck]' : '[data-key=bh-discard]';
    return `[data-act="${a.type}"]`;
  },
  // The viewer's hand as the view arranges it, and the discard's top card.
  facts: (v, snap, table) => {
    if (v.hand) {
      const want = [...v.hand.bhargs.flat(), ...v.hand.ace_bound, ...v.hand.unbound].sort().join(',');
      const got = [...table.querySelectorAll('[data-testid=hand] [data-card]')].map((e) => e.dataset.card).sort().join(',');
      if (want !== got) return `the hand shows ${got}, the view holds ${want}`;
    }
    const top = (v.discard || [])[(v.discard || []).length - 1];
    if (top && (v.phase === 'draw' || v.phase === 'discard') && !table.querySelector(`[data-anchor=discard] [data-flip="card:${top}"]`)) return `the discard's top is not ${top}`;
    return null;
  },
});
