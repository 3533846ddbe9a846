// Long words on narrow cards ("Champignons", "Montagne"): CSS hyphenates them where the browser
// knows the page's language (`hyphens: auto` with <html lang>); where it cannot, a word wider
// than its card is shrunk here until it fits, never cut in the middle. Elements: `.word-fit`.
const MIN_SCALE = 0.62;
// Phones keep text at 16 px (UX.md); a name that cannot fit at that size is shrunk, but to 12 px
// at least: a whole word a little smaller reads better than one cut in two.
const phone = matchMedia('(max-width: 600px)');

export function fitWords(root) {
  for (const el of root.querySelectorAll('.word-fit')) {
    el.style.fontSize = '';
    const width = el.clientWidth;
    if (!width || el.scrollWidth <= width + 0.5) continue;
    const start = parseFloat(getComputedStyle(el).fontSize);
    const least = Math.max(start * MIN_SCALE, phone.matches ? 12 : 0);
    let size = start;
    while (size - 0.5 >= least && el.scrollWidth > width + 0.5) {
      size -= 0.5;
      el.style.fontSize = `${size}px`;
    }
  }
}
