// The top bar: brand, room code with the invite link, game name, connection state, language,
// sound, rules. Also the rules dialog and the clipboard helper.
import { h, svg, clear, keepFocus } from '/js/dom.js';
import { t, getLang, setLang, languages, loadLang } from '/js/i18n.js';
import { soundOn, setSound } from '/js/sound.js';
import { icon } from '/js/icons.js';
import { tip } from '/js/tips.js';

const LOGO = '<svg viewBox="0 0 32 32" width="28" height="28"><rect x="3" y="6" width="17" height="23" rx="3" fill="#fdf6e3" stroke="#1b3b2f" stroke-width="1.5" transform="rotate(-12 11 17)"/><rect x="11" y="4" width="17" height="23" rx="3" fill="#fffdf7" stroke="#1b3b2f" stroke-width="1.5" transform="rotate(8 19 15)"/><path d="M15 16c3-4 8-4 10 0-2 4-7 4-10 0zm-1 0l-3-2.5v5z" fill="#2f8f6b" transform="rotate(8 19 15)"/></svg>';

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Not a secure context (a LAN address over http): the old way.
    const area = h('textarea', { style: { position: 'fixed', opacity: '0' } }, text);
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch { ok = false; }
    area.remove();
    return ok;
  }
}

export function openRules(gameId, gameName) {
  const dialog = document.getElementById('rules');
  clear(dialog);
  const lines = t(`${gameId}.rules`);
  dialog.append(h('form', { method: 'dialog', class: 'rules-form' },
    h('h2', { tabindex: '-1', autofocus: true }, t('common.rules_of', { game: gameName || t(`${gameId}.name`) })),
    Array.isArray(lines)
      ? h('ul', { class: 'rules-list' }, lines.map((l) => h('li', {}, l)))
      : h('p', {}, t('common.no_rules')),
    h('div', { class: 'picker-buttons' }, h('button', { class: 'primary', value: 'close', dataset: { key: 'rules-close' } }, t('common.close')))));
  dialog.showModal();
}

// Whether the compact bar's menu (phones) is open; kept across the bar's re-renders.
let menuOpen = false;
function setMenu(bar, open) {
  menuOpen = open;
  bar.classList.toggle('menu-open', open);
  bar.querySelector('.menu-toggle')?.setAttribute('aria-expanded', String(open));
}

// On a wide screen everything sits in the bar. On a phone (compact bar) the room code, the copy
// button, the rules, the sound and the languages fold into a menu, and a button opens the side
// panel (players, log, chat): the table keeps the screen.
export function renderTopbar(bar, app) {
  const { state } = app;
  if (!bar.dataset.wired) {
    bar.dataset.wired = '1';
    document.addEventListener('click', (e) => { if (menuOpen && !bar.contains(e.target)) setMenu(bar, false); });
    document.addEventListener('keydown', (e) => { if (menuOpen && e.key === 'Escape') { setMenu(bar, false); bar.querySelector('.menu-toggle')?.focus(); } });
  }
  keepFocus(bar, () => {
    clear(bar);
    const room = state.screen === 'room' ? state.room : null;
    const game = room ? state.gamesById[room.game] : null;
    bar.append(h('a', { class: 'brand', href: '/', 'aria-label': 'Taol', onclick: (e) => {
      if (state.code) { e.preventDefault(); app.leaveTable(); }
    } }, svg(LOGO, 'logo'), h('span', { class: 'brand-name' }, 'Taol')));
    if (room) bar.append(h('span', { class: 'game-name' }, game?.name || t(`${room.game}.name`)));
    const connText = t(`common.conn_${state.conn}`);
    // Before the first connection (the lobby, no name yet) there is nothing to report.
    if (state.conn !== 'idle' || room) bar.append(h('span', { class: ['conn', `conn-${state.conn}`], role: 'status', 'data-tip': connText, dataset: { testid: 'conn' } },
      h('span', { class: 'dot', 'aria-hidden': 'true' }), h('span', { class: 'conn-text' }, connText)));
    const menu = h('div', { class: 'bar-menu', id: 'bar-menu' });
    if (room) {
      menu.append(h('span', { class: 'room-code' },
        h('span', { class: 'label' }, t('room.code')),
        h('strong', { class: 'code', dataset: { testid: 'room-code' } }, room.room),
        h('button', {
          class: 'small', dataset: { key: 'copy-top', tip: t('room.copy_invite') },
          onclick: async () => { const ok = await copyText(`${location.origin}/r/${room.room}`); app.toast?.(ok ? t('room.copied') : t('room.copy_failed')); },
        }, t('room.copy_short'))));
    }
    const tools = h('span', { class: 'tools' });
    if (room) {
      tools.append(h('button', { class: 'small', dataset: { key: 'rules' }, onclick: () => { setMenu(bar, false); openRules(room.game, game?.name); } }, t('common.rules')));
    }
    tools.append(h('button', {
      class: 'small', dataset: { key: 'sound' }, 'aria-pressed': soundOn() ? 'true' : 'false',
      onclick: () => { setSound(!soundOn()); app.render(); },
    }, icon(soundOn() ? 'sound_on' : 'sound_off', 18), t('common.sound')));
    const langs = h('span', { class: 'langs', role: 'group', 'aria-label': t('common.language') });
    for (const l of languages()) {
      langs.append(h('button', {
        class: ['small', 'lang', l === getLang() && 'on'], lang: l, 'aria-pressed': l === getLang() ? 'true' : 'false',
        dataset: { key: `lang-${l}`, testid: `lang-${l}` },
        // The other language loads when it is about to be chosen (pointed at, focused, pressed).
        onpointerenter: () => loadLang(l).catch(() => {}), onfocus: () => loadLang(l).catch(() => {}),
        onpointerdown: () => loadLang(l).catch(() => {}),
        onclick: () => setLang(l).catch(() => app.toast?.(t('replay.errors.network'), 'error')),
      }, l.toUpperCase()));
    }
    tools.append(langs);
    menu.append(tools);
    bar.append(menu);
    const end = h('span', { class: 'bar-end' });
    if (room) {
      end.append(tip(h('button', {
        class: 'small side-toggle', 'aria-controls': 'side-panel', 'aria-expanded': String(!!app.sideOpen?.()),
        dataset: { key: 'side-toggle', testid: 'side-toggle' }, onclick: () => app.toggleSide(),
      }, icon('people', 22), h('span', { class: 'sr-only' }, t('room.panels')), app.unread?.() ? h('span', { class: 'badge', 'aria-hidden': 'true' }) : null), t('room.panels')));
    }
    end.append(tip(h('button', {
      class: 'small menu-toggle', 'aria-controls': 'bar-menu', 'aria-expanded': String(menuOpen),
      dataset: { key: 'menu-toggle', testid: 'menu' },
      onclick: (e) => { e.stopPropagation(); setMenu(bar, !menuOpen); },
    }, icon('menu', 22), h('span', { class: 'sr-only' }, t('common.menu'))), t('common.menu')));
    bar.append(end);
    bar.classList.toggle('menu-open', menuOpen);
  });
}
