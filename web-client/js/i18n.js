// Translation: t(key, params) with the current language, French as the fallback.
// Only the page's language is loaded at start (this module waits for it: nothing is drawn before
// its words are there); another one is loaded by setLang when the player switches to it.
const LANGUAGES = ['fr', 'en'];
const dictionaries = {};
const loading = {};
let seatNamer = (s) => `#${Number(s) + 1}`;
const listeners = new Set();
const rules = new Map();
const pluralRule = () => {
  if (!rules.has(lang)) rules.set(lang, new Intl.PluralRules(lang));
  return rules.get(lang);
};

// The language chosen before (the language buttons remember it), French otherwise. index.html
// preloads the same file by the same rule.
function chosen() {
  let stored = null;
  try { stored = localStorage.getItem('taol.lang'); } catch { /* private mode */ }
  return LANGUAGES.includes(stored) ? stored : 'fr';
}

// Loads a language's dictionary once (a failed load may be tried again).
export function loadLang(l) {
  if (!LANGUAGES.includes(l)) return Promise.reject(new Error(`unknown language ${l}`));
  if (!loading[l]) {
    loading[l] = import(`/i18n/${l}.js`).then(
      (m) => { dictionaries[l] = m.default; return m.default; },
      (err) => { delete loading[l]; throw err; });
  }
  return loading[l];
}

let lang = chosen();
try {
  await loadLang(lang);
} catch {
  if (lang === 'fr') throw new Error('the French dictionary cannot be loaded');
  lang = 'fr';
  await loadLang(lang);
}

export function getLang() { return lang; }
export function languages() { return [...LANGUAGES]; }

// Switches language once its dictionary is there (never a page of raw keys meanwhile): at once
// when it is loaded already, else when it comes. The promise resolves once the page has been told;
// of several quick choices the last one wins.
let wanted = lang;
export function setLang(next) {
  if (!LANGUAGES.includes(next)) return Promise.resolve();
  wanted = next;
  const apply = () => {
    if (wanted !== next || next === lang) return;
    lang = next;
    document.documentElement.lang = next;
    try { localStorage.setItem('taol.lang', next); } catch { /* private mode */ }
    for (const fn of listeners) fn(next);
  };
  if (dictionaries[next]) { apply(); return Promise.resolve(); }
  return loadLang(next).then(apply);
}

export function onLangChange(fn) { listeners.add(fn); }

// The app tells how a seat number becomes a name (the room's seats).
export function setSeatNamer(fn) { seatNamer = fn; }

function lookup(dict, key) {
  let node = dict;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

export function has(key) {
  return lookup(dictionaries[lang], key) !== undefined || lookup(dictionaries.fr, key) !== undefined;
}

// Helpers handed to dictionary functions and used by "{x|fmt}" placeholders.
export const formatters = {
  seat: (s) => (s === null || s === undefined ? '—' : seatNamer(s)),
  seats: (list) => formatters.list((list || []).map((s) => seatNamer(s))),
  scores: (list) => (list || []).map((v, s) => `${seatNamer(s)} ${v}`).join(', '),
  list: (items) => {
    const xs = (items || []).map(String);
    if (xs.length <= 1) return xs.join('');
    const and = lookup(dictionaries[lang], 'common.and') || ' & ';
    return xs.slice(0, -1).join(', ') + and + xs[xs.length - 1];
  },
  // The language's own plural rule (French: 0 and 1 singular; English: 1 only).
  plural: (n, one, many) => (pluralRule().select(Number(n)) === 'one' ? one : many),
  // "1 carte", "3 cartes": a number with its noun.
  count: (n, one, many) => `${n} ${formatters.plural(n, one, many)}`,
};

function interpolate(text, params) {
  return text.replace(/\{(\w+)(?:\|(\w+))?\}/g, (whole, name, fmt) => {
    if (!params || !(name in params)) return whole;
    const v = params[name];
    if (fmt && formatters[fmt]) return formatters[fmt](v);
    return Array.isArray(v) ? v.join(', ') : String(v);
  });
}

export function t(key, params) {
  let entry = lookup(dictionaries[lang], key);
  if (entry === undefined) entry = lookup(dictionaries.fr, key);
  if (entry === undefined) return key;
  if (typeof entry === 'function') return entry(params || {}, formatters);
  if (typeof entry === 'string') return interpolate(entry, params);
  return entry; // arrays (rules lines) and blocks
}

// A log entry {text_key, params} as a sentence: "<game>.<rest>" is found at "<game>.log.<rest>",
// other keys under "log.". Unknown keys still say something readable.
function sentence(entry) {
  const key = String(entry.text_key || '');
  const dot = key.indexOf('.');
  const candidates = dot > 0 ? [`${key.slice(0, dot)}.log.${key.slice(dot + 1)}`, `log.${key}`] : [`log.${key}`];
  for (const c of candidates) if (has(c)) return t(c, entry.params);
  const params = entry.params && Object.keys(entry.params).length ? ` ${JSON.stringify(entry.params)}` : '';
  return key + params;
}

// An entry the server played for someone (params.auto: "turn" or "absent") says so.
export function logText(entry) {
  const text = sentence(entry);
  const auto = entry.params && entry.params.auto;
  return auto && has(`log.auto.${auto}`) ? t(`log.auto.${auto}`, { text }) : text;
}
