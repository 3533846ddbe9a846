// The lobby: your name, a game and its options, create; join by code as player or spectator.
// Also the small screens around entering a room: the name prompt of an invite link, the offer
// to watch a game already started, and the choice between two rooms.
import { h, clear, keepFocus } from '/js/dom.js';
import { t } from '/js/i18n.js';
import { optionsForm } from '/js/options-form.js';
import { openRules } from '/js/topbar.js';

const NAME_MAX = 32;
// Where a new table differs from the server's defaults: friends' races are judged fairly unless
// the host says otherwise (the API's default stays off for other clients).
const CREATE_DEFAULTS = { fair_races: true };

export class LobbyView {
  constructor(main, app) {
    this.main = main;
    this.app = app;
    this.builtFor = null;
    this.selected = null;
    this.form = null;
    this.code = '';
    this.busy = false;
    this.error = '';
  }

  rebuild() { this.builtFor = null; }

  key() {
    const s = this.app.state;
    return `${s.screen}|${s.games.length}|${this.selected}|${this.busy}|${this.error}|${s.target?.code}|${s.target?.as}`;
  }

  update() {
    const key = this.key();
    if (key === this.builtFor) return;
    // Keep what was typed in the option form across a rebuild.
    const kept = this.form && this.formGame === this.selected ? this.form.read().options : undefined;
    this.builtFor = key;
    keepFocus(this.main, () => {
      clear(this.main);
      const s = this.app.state;
      const screens = { name: () => this.nameScreen(), watch: () => this.watchScreen(), conflict: () => this.conflictScreen(), joining: () => this.joiningScreen() };
      this.main.append((screens[s.screen] || (() => this.lobbyScreen(kept)))());
    });
  }

  nameField(id = 'name') {
    const s = this.app.state;
    return h('div', { class: 'field' },
      h('label', { for: id }, t('lobby.your_name')),
      h('input', {
        id, type: 'text', maxlength: NAME_MAX, autocomplete: 'nickname', value: s.name, required: true,
        placeholder: t('lobby.name_placeholder'), dataset: { key: id, testid: 'name' },
        oninput: (e) => this.app.setName(e.target.value.trim()),
      }));
  }

  needName() {
    if (this.app.state.name) return false;
    this.error = t('lobby.name_needed');
    this.app.render();
    const input = document.getElementById('name');
    input?.focus();
    return true;
  }

  async run(fn) {
    if (this.busy) return;
    this.busy = true;
    this.error = '';
    this.app.render();
    try {
      await fn();
    } catch (err) {
      if (err && err.code && err.code !== 'disconnected') this.error = this.app.errorText(err);
      else if (err && err.code === 'disconnected') this.error = t('errors.disconnected');
    } finally {
      this.busy = false;
      this.app.render();
    }
  }

  lobbyScreen(kept) {
    const s = this.app.state;
    if (s.busyCode) { this.code = s.busyCode; s.busyCode = null; }
    const games = s.games;
    if (!this.selected && games.length) this.selected = games[0].id;
    const game = s.gamesById[this.selected];

    const list = h('div', { class: 'game-list', role: 'radiogroup', 'aria-label': t('lobby.pick_game') });
    for (const g of games) {
      const on = g.id === this.selected;
      list.append(h('div', { class: ['game-choice', `theme-${g.id}`, on && 'on'] },
        h('button', {
          type: 'button', role: 'radio', 'aria-checked': on ? 'true' : 'false', class: 'game-pick',
          dataset: { key: `game-${g.id}`, testid: `game-${g.id}` },
          onclick: () => { this.selected = g.id; this.app.render(); },
        },
        h('span', { class: 'game-title' }, g.name),
        h('span', { class: 'game-players' }, t('lobby.players_range', { min: g.min_players, max: g.max_players })),
        h('span', { class: 'game-tagline' }, t(`${g.id}.tagline`))),
        h('button', { type: 'button', class: 'small link', dataset: { key: `rules-${g.id}` }, onclick: () => openRules(g.id, g.name) }, t('common.rules'))));
    }

    let formEl = h('p', { class: 'muted' }, t('lobby.loading_games'));
    if (game) {
      this.form = optionsForm(game.id, game.options, kept || CREATE_DEFAULTS, 'create');
      this.formGame = game.id;
      formEl = this.form.el;
    }

    const create = h('section', { class: 'card create' },
      h('h2', {}, t('lobby.new_table')),
      list,
      game ? h('h3', { class: 'options-title' }, t('lobby.options_for', { game: game.name })) : null,
      formEl,
      h('button', {
        class: 'primary big', disabled: !game || this.busy, dataset: { key: 'create', testid: 'create' },
        onclick: () => {
          if (this.needName()) return;
          const r = this.form.read();
          if (r.error) { this.error = r.error; this.app.render(); return; }
          this.run(() => this.app.create(s.name, game.id, r.options));
        },
      }, t('lobby.create')));

    const codeInput = h('input', {
      id: 'join-code', type: 'text', maxlength: 8, autocomplete: 'off', autocapitalize: 'characters',
      spellcheck: 'false', value: this.code, placeholder: 'ABCD2345', class: 'code-input',
      dataset: { key: 'join-code', testid: 'join-code' },
      oninput: (e) => { this.code = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''); e.target.value = this.code; },
    });
    const enter = (as) => () => {
      if (this.needName()) return;
      if (this.code.length < 4) { this.error = t('lobby.code_needed'); this.app.render(); return; }
      this.run(() => this.app.enter(s.name, this.code, as));
    };
    const join = h('section', { class: 'card join' },
      h('h2', {}, t('lobby.join_table')),
      h('div', { class: 'field' }, h('label', { for: 'join-code' }, t('lobby.code')), codeInput),
      h('div', { class: 'row' },
        h('button', { class: 'primary', disabled: this.busy, dataset: { key: 'join-player', testid: 'join-player' }, onclick: enter('player') }, t('lobby.join_as_player')),
        h('button', { disabled: this.busy, dataset: { key: 'join-spectator', testid: 'join-spectator' }, onclick: enter('spectator') }, t('lobby.join_as_spectator'))));

    return h('div', { class: 'lobby' },
      h('header', { class: 'hero' }, h('h1', {}, t('lobby.title')), h('p', {}, t('lobby.subtitle'))),
      h('section', { class: 'card you' }, this.nameField()),
      this.error ? h('p', { class: 'form-error', role: 'alert' }, this.error) : null,
      h('div', { class: 'lobby-grid' }, create, join));
  }

  // /r/<CODE> without a remembered name.
  nameScreen() {
    const s = this.app.state;
    const code = s.target?.code || '';
    const go = (e) => {
      e?.preventDefault();
      if (this.needName()) return;
      s.screen = 'joining';
      this.run(() => this.app.enter(s.name, code, s.target?.as || 'player'));
    };
    return h('div', { class: 'lobby narrow' },
      h('form', { class: 'card', onsubmit: go },
        h('h1', {}, t('lobby.invited')),
        h('p', {}, t('lobby.invited_to', { code })),
        this.nameField(),
        this.error ? h('p', { class: 'form-error', role: 'alert' }, this.error) : null,
        h('div', { class: 'row' },
          h('button', { class: 'primary big', type: 'submit', disabled: this.busy, dataset: { key: 'enter', testid: 'enter' } }, t('lobby.sit_down')),
          h('a', { href: '/', class: 'button-like' }, t('lobby.back_home')))));
  }

  joiningScreen() {
    const s = this.app.state;
    return h('div', { class: 'lobby narrow' },
      h('section', { class: 'card' }, h('p', { class: 'muted' }, t('lobby.joining', { code: s.target?.code || '' }))));
  }

  watchScreen() {
    const s = this.app.state;
    const code = s.target?.code || '';
    const why = s.target?.reason === 'room_full' ? t('lobby.table_full') : t('lobby.already_started');
    return h('div', { class: 'lobby narrow' },
      h('section', { class: 'card' },
        h('h1', {}, why),
        h('p', {}, t('lobby.watch_offer', { code })),
        h('div', { class: 'row' },
          h('button', {
            class: 'primary big', dataset: { key: 'watch', testid: 'watch' },
            onclick: () => this.run(() => this.app.enter(s.name || 'Anonyme', code, 'spectator')),
          }, t('lobby.watch')),
          h('a', { href: '/', class: 'button-like' }, t('lobby.back_home')))));
  }

  conflictScreen() {
    const c = this.app.state.conflict;
    if (!c) return h('div');
    return h('div', { class: 'lobby narrow' },
      h('section', { class: 'card' },
        h('h1', {}, t('lobby.two_tables')),
        h('p', {}, t('lobby.conflict', { current: c.current.room, wanted: c.wanted })),
        h('div', { class: 'row' },
          h('button', { class: 'primary', dataset: { key: 'go-current' }, onclick: () => this.app.resolveConflict(false) }, t('lobby.back_to', { code: c.current.room })),
          h('button', { dataset: { key: 'go-wanted' }, onclick: () => this.app.resolveConflict(true) }, t('lobby.leave_and_join', { code: c.wanted })))));
  }
}
