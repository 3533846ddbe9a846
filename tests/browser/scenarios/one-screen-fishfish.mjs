// Fish Fish on one screen: a laptop table of 4 and a phone table of 8 (see ../one-screen.mjs).
import { oneScreen } from '../one-screen.mjs';

export default (ctx) => oneScreen(ctx, {
  game: 'fishfish',
  names: ['Yann', 'Soazig', 'Gwen', 'Erwan', 'Maël', 'Nolwenn', 'Loïc'],
  laptop: { players: 4 },
  phone: { players: 8 },
  seats: {},
  clicks: { set_line: 4 },
  moments: 30,
  control: (a) => {
    if (a.type === 'set_line') return '[data-act=bait]';
    if (a.type === 'bet') return a.choose ? '[data-act=bet]' : '[data-key=ff-bet-all]';
    return `[data-act="${a.type}"]`;
  },
  // The round and the lines of the round as the page draws them.
  facts: (v, snap, table) => {
    const past = table.querySelectorAll('.ff-past:not(.empty)').length;
    if (past !== (v.lines || []).length) return `${past} lines drawn, ${(v.lines || []).length} in the view`;
    const bets = table.querySelectorAll('.ff-line .ff-bet-chip').length;
    if (bets !== (v.line?.bets || []).length) return `${bets} bets drawn on the line, ${(v.line?.bets || []).length} in the view`;
    return null;
  },
});
