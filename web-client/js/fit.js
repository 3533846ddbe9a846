// The table must fit its box (css/room.css): when the game's parts overflow it, `--fit` (which the
// games' card sizes are multiplied by, never under a touch target) shrinks step by step until
// they do not.
function overflows(root) {
  const board = root.firstElementChild;
  if (!board) return false;
  if (board.scrollHeight > root.clientHeight + 1 || board.scrollWidth > root.clientWidth + 1) return true;
  for (const part of board.children) {
    if (part.scrollHeight > part.clientHeight + 1 || part.scrollWidth > part.clientWidth + 1) return true;
  }
  return false;
}

export function fitTable(root) {
  let fit = 1;
  root.style.setProperty('--fit', '1');
  if (!document.documentElement.classList.contains('room-screen')) return;
  while (fit > 0.6 && overflows(root)) {
    fit = Math.round((fit - 0.08) * 100) / 100;
    root.style.setProperty('--fit', String(fit));
  }
}

