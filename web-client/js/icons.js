// Small inline icons (no emoji: not every system has a colour emoji font).
import { svg } from '/js/dom.js';

const PATHS = {
  sound_on: '<path d="M3 8h4l5-4v16l-5-4H3z" fill="currentColor"/><path d="M15 8.5a4.5 4.5 0 0 1 0 7M17.5 6a8 8 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/>',
  sound_off: '<path d="M3 8h4l5-4v16l-5-4H3z" fill="currentColor"/><path d="M15.5 9l5 6m0-6l-5 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  eye: '<path d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="3" fill="currentColor"/>',
  first: '<path d="M6 5h2.5v14H6zM19 5v14l-9.5-7z" fill="currentColor"/>',
  prev: '<path d="M16.5 5v14L6 12z" fill="currentColor"/>',
  next: '<path d="M7.5 5v14L18 12z" fill="currentColor"/>',
  last: '<path d="M15.5 5H18v14h-2.5zM5 5v14l9.5-7z" fill="currentColor"/>',
  play: '<path d="M7 4v16l13-8z" fill="currentColor"/>',
  pause: '<path d="M6 4.5h4.5v15H6zM13.5 4.5H18v15h-4.5z" fill="currentColor"/>',
  menu: '<path d="M4 6.5h16M4 12h16M4 17.5h16" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
  people: '<circle cx="9" cy="8" r="3.4" fill="currentColor"/><path d="M2.5 19.5c.6-3.6 3.2-5.6 6.5-5.6s5.9 2 6.5 5.6z" fill="currentColor"/><circle cx="16.5" cy="9" r="2.6" fill="currentColor" opacity=".7"/><path d="M15 14.2c3.3-.6 5.8 1.2 6.5 4.8h-4.6" fill="currentColor" opacity=".7"/>',
  robot: '<path d="M12 2.5v3" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/><circle cx="12" cy="2.6" r="1.5" fill="currentColor"/><rect x="4.5" y="6" width="15" height="12" rx="3.5" fill="currentColor"/><circle cx="9.2" cy="11.4" r="1.9" fill="#fff"/><circle cx="14.8" cy="11.4" r="1.9" fill="#fff"/><path d="M9 15.3h6" stroke="#fff" stroke-width="1.5" stroke-linecap="round"/><path d="M2.5 10v4M21.5 10v4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  // Three bars of a connection's quality; css/room.css dims those a fair or poor link lacks.
  signal: '<rect class="bar1" x="3" y="14" width="5" height="7" rx="1" fill="currentColor"/><rect class="bar2" x="9.5" y="9" width="5" height="12" rx="1" fill="currentColor"/><rect class="bar3" x="16" y="3.5" width="5" height="17.5" rx="1" fill="currentColor"/>',
  trophy: '<path d="M7 3h10v5a5 5 0 0 1-10 0z" fill="#f4b942" stroke="#7a4f00" stroke-width="1.3"/><path d="M7 5H4a3 3 0 0 0 3 4M17 5h3a3 3 0 0 1-3 4" fill="none" stroke="#7a4f00" stroke-width="1.3"/><path d="M12 13v4M8 21h8l-1-4H9z" fill="#f4b942" stroke="#7a4f00" stroke-width="1.3"/>',
};

export function icon(name, size = 20) {
  return svg(`<svg viewBox="0 0 24 24" width="${size}" height="${size}">${PATHS[name] || ''}</svg>`, `icon icon-${name}`);
}
