// Only what the page needs loads: a first visit of the home page and of a room fetches the page's
// language dictionary once and neither the other language's nor the replay viewer (js/replay.js);
// switching language fetches the other one and never shows a raw key meanwhile (on a laptop at the
// home page, on a 390×844 phone at a table); a page in English (chosen before) loads no French.
// Opening a replay (which loads the viewer) is checked by the `replay` scenario.
import path from 'node:path';
import {
  check, checkNoPageErrors, joinByInvite, log, newPlayer, openRoom, repo, shot, watchByCode,
} from '../lib.mjs';

const FR = '/i18n/fr.js';
const EN = '/i18n/en.js';
const REPLAY = '/js/replay.js';

// Every path the page requests from now on.
function requests(p) {
  const list = [];
  p.page.on('request', (r) => list.push(new URL(r.url()).pathname));
  return list;
}

const count = (list, file) => list.filter((x) => x === file).length;

function loadedOnly(p, list, want, when) {
  const other = want === FR ? EN : FR;
  check(count(list, want) === 1, `${p.name} ${when}: ${want} requested ${count(list, want)} times, not once`);
  check(!count(list, other), `${p.name} ${when}: ${other} requested (${list.join(' ')})`);
  check(!count(list, REPLAY), `${p.name} ${when}: ${REPLAY} requested`);
}

// Every dictionary key of both languages ("lobby.create", …).
async function dictionaryKeys() {
  const load = async (lang) => (await import(path.join(repo, 'web-client', 'i18n', `${lang}.js`))).default;
  const keys = (obj, prefix = '') => Object.entries(obj).flatMap(([k, v]) => (
    v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  return [...new Set([...keys(await load('fr')), ...keys(await load('en'))])];
}

// From now on, records in window.__rawKeys any word of the page's text or of its labels (tips,
// placeholders) that is a dictionary key or looks like one ("block.name"), at every change of
// the page (before it is painted).
async function watchRawKeys(p, keys) {
  await p.page.evaluate((list) => {
    const known = new Set(list);
    const looksLikeKey = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;
    const found = [];
    window.__rawKeys = found;
    const words = (text) => (text || '').split(/[\s()«»"“”,;:!?…]+/).filter((w) => w && (known.has(w) || looksLikeKey.test(w)));
    const ATTRS = ['aria-label', 'placeholder', 'title', 'data-tip'];
    const scan = (node) => {
      if (node.nodeType === Node.TEXT_NODE) { found.push(...words(node.textContent)); return; }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      found.push(...words(node.textContent));
      for (const el of [node, ...node.querySelectorAll(ATTRS.map((a) => `[${a}]`).join(','))]) {
        for (const a of ATTRS) if (el.hasAttribute?.(a)) found.push(...words(el.getAttribute(a)));
      }
    };
    scan(document.body);
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') scan(r.target);
        else if (r.type === 'attributes') found.push(...words(r.target.getAttribute(r.attributeName)));
        else r.addedNodes.forEach(scan);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ATTRS });
  }, keys);
}

async function noRawKeys(p, when) {
  const raw = await p.page.evaluate(() => [...new Set(window.__rawKeys)]);
  check(!raw.length, `${p.name} ${when}: raw keys on screen: ${raw.join(', ')}`);
}

export default async function lazyLoad({ base, browser, shots, errors }) {
  const keys = await dictionaryKeys();

  // The home page, a first visit: French only, no replay viewer.
  const visitor = await newPlayer(browser, 'Nolwenn', { width: 1280, height: 860 }, errors);
  let seen = requests(visitor);
  await visitor.page.goto(`${base}/`);
  await visitor.page.locator('[data-testid^=game-]').first().waitFor();
  await visitor.page.waitForLoadState('networkidle');
  loadedOnly(visitor, seen, FR, 'on a first visit of the home page');

  // To English: the dictionary comes then, the page changes at once and shows no raw key.
  await watchRawKeys(visitor, keys);
  await visitor.page.click('[data-testid=lang-en]');
  await visitor.page.waitForFunction(() => document.documentElement.lang === 'en'
    && document.querySelector('[data-testid=lang-en]')?.getAttribute('aria-pressed') === 'true');
  check(count(seen, EN) === 1, `switching to English requested ${EN} ${count(seen, EN)} times`);
  const create = (await visitor.page.locator('[data-testid=create]').textContent()).trim();
  check(create === 'Open the table', `the English home page's create button reads "${create}"`);
  await noRawKeys(visitor, 'switching to English at the home page');
  // And back: both are there now, nothing more is fetched.
  await visitor.page.click('[data-testid=lang-fr]');
  await visitor.page.waitForFunction(() => document.documentElement.lang === 'fr'
    && document.querySelector('[data-testid=create]')?.textContent.trim() === 'Créer la table');
  await visitor.page.click('[data-testid=lang-en]');
  await visitor.page.waitForFunction(() => document.documentElement.lang === 'en');
  check(count(seen, FR) === 1 && count(seen, EN) === 1, 'switching back and forth fetched a dictionary again');
  await noRawKeys(visitor, 'switching back and forth');
  log('lazy-load: home page in French only, English loaded on the switch, no raw key');

  // English chosen before: a reload loads English only.
  seen = requests(visitor);
  await visitor.page.reload();
  await visitor.page.locator('[data-testid^=game-]').first().waitFor();
  await visitor.page.waitForLoadState('networkidle');
  check(await visitor.page.evaluate(() => document.documentElement.lang) === 'en', 'after a reload the page is not in English');
  loadedOnly(visitor, seen, EN, 'reloading the home page in English');

  // A room, a first visit by the invite link on a phone: French only, no replay viewer.
  const host = await newPlayer(browser, 'Katell', { width: 1280, height: 860 }, errors);
  const friend = await newPlayer(browser, 'Yann', { width: 390, height: 844 }, errors, { mobile: true });
  const { invite, code } = await openRoom(host, base, 'fishfish');
  check(!count(seen, REPLAY), 'the host fetched the replay viewer');
  const friendSeen = requests(friend);
  await joinByInvite(friend, invite);
  await host.page.waitForFunction(() => document.querySelectorAll('.places .place.taken').length === 2);
  await host.page.click('[data-testid=start]');
  for (const p of [host, friend]) await p.page.locator('.table .ff').waitFor();
  await friend.page.waitForLoadState('networkidle');
  loadedOnly(friend, friendSeen, FR, 'on a first visit of a room');

  // The phone switches to English from the top bar's menu, at the table.
  await watchRawKeys(friend, keys);
  await friend.page.click('[data-testid=menu]');
  await friend.page.click('[data-testid=lang-en]');
  await friend.page.waitForFunction(() => document.documentElement.lang === 'en'
    && document.querySelector('[data-testid=lang-en]')?.getAttribute('aria-pressed') === 'true');
  await friend.page.locator('.table .ff').waitFor();
  await friend.page.keyboard.press('Escape');
  await friend.page.waitForTimeout(300);
  await noRawKeys(friend, 'switching to English at a table');
  check(count(friendSeen, EN) === 1, `switching to English at a table requested ${EN} ${count(friendSeen, EN)} times`);
  await shot(friend, shots, '01-table-phone-english');

  // Someone who reads English watches the room: no French, no replay viewer.
  seen = requests(visitor);
  await watchByCode(visitor, base, code);
  await visitor.page.locator('.table .ff').waitFor();
  await visitor.page.waitForLoadState('networkidle');
  loadedOnly(visitor, seen, EN, 'watching a room in English');
  log(`lazy-load: room ${code} in French only by the invite link, English at the switch on a phone, an English spectator loads no French`);

  checkNoPageErrors(errors);
}
