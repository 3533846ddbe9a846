// Carambouille on one screen: a laptop market of 4 and a phone market of 7 (see
// ../one-screen.mjs). Each WebSocket seat keeps at most one offer open, so the square stays a
// square and not a wall of tickets.
import { oneScreen } from '../one-screen.mjs';

export default (ctx) => oneScreen(ctx, {
  game: 'carambouille',
  options: { trading_seconds: 30 },
  names: ['Mireille', 'Fanny', 'Marius', 'César', 'Honorine', 'Escartefigue'],
  laptop: { players: 4 },
  phone: { players: 7 },
  seats: (snap, t) => {
    const v = snap.view;
    const open = (v.offers || []).filter((o) => o.from === t.seat).length;
    return t.byWeights({
      ring: v.phase === 'bell' ? 1 : 0.03, offer: open ? 0 : 0.6, accept: 0.8, refuse: 0.6, withdraw: 0.3,
      persuade: 0.1, persuasion_exchange: 1, sell: 2, buy: 1, react: 0.5, pass: 1, lay_panier: 0.2, idle: 1.5,
    })(snap);
  },
  clicks: {
    ring: 0.4, 'offer-open': 0.3, 'pick-offer': 0.3, 'offer-to': 1, 'offer-announce': 1, offer: 4, 'offer-close': 1, 'offer-clear': 1,
    accept: 2, 'accept-choose': 0.4, 'pick-accept': 2, 'accept-cancel': 0.5, refuse: 1, withdraw: 0.5, counter: 0.2,
    'sell-pick': 3, sell: 4, buy: 2, react: 1, pass: 2, lay_panier: 0.5, persuade: 0.2, persuasion_none: 2,
  },
  moments: 30,
  seconds: 90,
  timeLimited: ['ring', 'accept', 'react', 'pass'],
  control: (a) => {
    switch (a.type) {
      case 'offer': return a.counter ? `[data-act=counter][data-offer="${a.counter}"]` : '[data-act=offer-open], [data-act=pick-offer]';
      case 'accept': return `[data-offer="${a.offer}"][data-act^=accept]`;
      case 'refuse': case 'withdraw': return `[data-act=${a.type}][data-offer="${a.offer}"]`;
      case 'sell': return `[data-product="${a.product}"][data-act^=sell]`;
      case 'buy': return `[data-key="cr-buy-${a.count}"]`;
      case 'react': return `[data-key="cr-react-${a.card}"]`;
      case 'persuasion_exchange': return '[data-act=persuasion_none]';
      default: return `[data-act="${a.type}"]`;
    }
  },
  // Every stall's account, and the viewer's hand, as in the view.
  facts: (v, snap, table) => {
    for (const [seat, n] of (v.accounts || []).entries()) {
      const shown = table.querySelector(`[data-testid=cr-stall][data-seat="${seat}"] [data-testid=cr-account]`)?.textContent;
      if (shown !== String(n)) return `seat ${seat}'s account shows ${shown}, the view ${n}`;
    }
    if (v.hand) {
      const want = Object.keys(v.hand).sort().join(',');
      const got = [...table.querySelectorAll('[data-testid=cr-hand] [data-card]')].map((e) => e.dataset.card).sort().join(',');
      if (want !== got) return `the hand shows ${got}, the view ${want}`;
    }
    return null;
  },
});
