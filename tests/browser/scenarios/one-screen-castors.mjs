// Gang de castors on one screen: a laptop table of 4 and a phone table of 6 (see ../one-screen.mjs).
import { oneScreen } from '../one-screen.mjs';


export default (ctx) => oneScreen(ctx, {
  game: 'castors',
  options: { rounds: 2 },
  names: ['Yann', 'Soazig', 'Gwen', 'Erwan', 'Maël'],
  laptop: { players: 4 },
  phone: { players: 6 },
  seats: { knock: 0.2 },
  clicks: { knock: 0.2 },
  moments: 30,
  timeLimited: ['seen'],
  // A turn's last action may be listed twice, plain and knocking: the knock is a toggle beside.
  control: (a) => (a.knock ? '[data-act=knock]' : `[data-act="${{
    take_discard: 'take_discard', draw: 'draw', swap: 'swap', discard: 'discard', play: 'play', look: 'look',
    exchange: 'exchange_mine', end_turn: 'end_turn', seen: 'seen',
  }[a.type] || a.type}"]`),
  // Every row as long as the view's, the discard's count as the view's.
  facts: (v, snap, table) => {
    for (const [seat, row] of (v.rows || []).entries()) {
      const drawn = table.querySelectorAll(`.cb-player[data-seat="${seat}"] .cb-row > .cb-slot`).length;
      if (drawn !== row.length) return `seat ${seat} shows ${drawn} cards, the view ${row.length}`;
    }
    const discard = table.querySelector('[data-anchor=discard] .cb-count');
    if (discard && !discard.textContent.includes(String(v.discard?.count ?? 0))) return `the discard reads "${discard.textContent}", the view ${v.discard?.count}`;
    return null;
  },
});
