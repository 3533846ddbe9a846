// Ar Seizh Bigoudenn on one screen: a laptop table of 3 and a phone table of 5 (see
// ../one-screen.mjs). The WebSocket seats play their turns and now and then grab, drop and call
// TEUT!, so races, windows and auctions come up.
import { oneScreen } from '../one-screen.mjs';

export default (ctx) => oneScreen(ctx, {
  game: 'bigoudenn',
  names: ['Rozenn', 'Soazig', 'Tyfenn', 'Maïwenn'],
  laptop: { players: 3 },
  phone: { players: 5 },
  seats: { take: 3, steal: 1, compose: 8, end_turn: 0.7, amen: 0.2, grab: 0.25, drop: 0.15, teut: 1, bid: 2, pass: 1, make_room: 1, passoire: 1, idle: 2 },
  clicks: { take: 4, steal: 2, compose: 12, end_turn: 1.5, amen: 0.4, grab: 0.4, hand: 0.1, drop: 0.3, teut: 2, bid: 3, pass: 1, make_room: 2, passoire: 2, pick: 2, confirm: 6 },
  moments: 30,
  timeLimited: ['grab', 'teut', 'bid', 'make_room', 'passoire'],
  control: (a) => {
    switch (a.type) {
      case 'take': case 'amen': case 'end_turn': case 'bid': case 'pass': case 'passoire': return `[data-act="${a.type}"]`;
      case 'steal': return `[data-act=steal][data-key^="bg-steal-${a.from}-"]`;
      case 'grab': return `[data-act=grab][data-utensil="${a.utensil}"]`;
      case 'drop': return a.hand ? `[data-key="bg-drop-${a.hand}"]` : `[data-act=drop][data-utensil="${a.utensil}"]`;
      case 'teut': return `[data-act=teut][data-utensil="${a.utensil}"]`;
      case 'compose': return `[data-key="bg-compose-${a.cards.join('-')}"]`;
      case 'make_room': return `[data-key="bg-room-${a.hand}"]`;
      default: return `[data-act="${a.type}"]`;
    }
  },
  // The middle's cards and utensils, the pile, every hand's utensil, as in the view.
  facts: (v, snap, table) => {
    const middle = table.querySelector('[data-testid=bg-middle]');
    const cards = [...middle.querySelectorAll('.bg-middle-cards [data-card]')].map((e) => e.dataset.card).join(',');
    if (!v.teut && cards !== (v.middle || []).join(',')) return `the middle shows ${cards}, the view ${v.middle}`;
    const utensils = [...middle.querySelectorAll('.bg-middle-utensils [data-utensil]')].map((e) => e.dataset.utensil).join(',');
    if (utensils !== (v.utensils || []).join(',')) return `the middle's utensils are ${utensils}, the view's ${v.utensils}`;
    if (middle.querySelector('[data-testid=bg-pile]').dataset.count !== String(v.pile)) return 'the pile count differs';
    for (const p of v.players || []) {
      const hands = [...table.querySelectorAll(`[data-testid=bg-player][data-seat="${p.seat}"] [data-testid=bg-hand]`)].map((e) => `${e.dataset.hand}:${e.dataset.utensil}`).join(',');
      if (hands !== `left:${p.hands.left || ''},right:${p.hands.right || ''}`) return `seat ${p.seat}'s hands show ${hands}`;
    }
    return null;
  },
});
