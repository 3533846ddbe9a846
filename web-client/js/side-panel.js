// The side panel of the room: the players (name, seat, connection, what they hold in public),
// the game log and the chat. A column beside the table on wide screens; on small ones a drawer
// with tabs, opened from the top bar, with a dot when a message came while it was folded away.
import { h, clear, keepFocus } from '/js/dom.js';
import { t, logText } from '/js/i18n.js';
import { seatColor, seatShape, botMark, signalMark } from '/js/seats.js';
import { icon } from '/js/icons.js';
import { tip } from '/js/tips.js';

// The side panel is a drawer below this size (css/room.css says the same).
const drawerQuery = matchMedia('(max-width: 899px), (max-height: 559px)');
const TABS = ['players', 'log', 'chat'];

export class SidePanel {
  constructor(app) {
    this.app = app;
    this.open = false;
    this.unread = false;
    this.tab = 'players';
    this.room = null; // the room's element, which shows the drawer open
    this.els = {
      players: h('section', { class: 'panel players', 'aria-labelledby': 'players-title', dataset: { tab: 'players' } }),
      log: h('ol', { class: 'log-list', dataset: { testid: 'log' } }),
      chatList: h('ol', { class: 'chat-list', 'aria-live': 'polite' }),
      logTitle: h('h2', { id: 'log-title' }),
      chatTitle: h('h2', { id: 'chat-title' }),
      chatClosed: h('p', { class: 'muted chat-closed', hidden: true, dataset: { testid: 'chat-closed' } }),
      tabs: h('div', { class: 'side-tabs', role: 'tablist' }),
    };
    const input = h('input', { type: 'text', maxlength: 500, id: 'chat-input', autocomplete: 'off', dataset: { key: 'chat-input', testid: 'chat-input' } });
    this.els.chatInput = input;
    this.els.chatSend = h('button', { type: 'submit', dataset: { key: 'chat-send' } });
    this.els.chatLabel = h('label', { for: 'chat-input', class: 'sr-only' });
    const form = h('form', {
      class: 'chat-form',
      onsubmit: (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        input.value = '';
        app.chat(text);
      },
    }, this.els.chatLabel, input, this.els.chatSend);
    this.el = h('aside', { class: 'side', id: 'side-panel', dataset: { tab: this.tab } },
      this.els.tabs,
      this.els.players,
      h('section', { class: 'panel log', 'aria-labelledby': 'log-title', dataset: { tab: 'log' } }, this.els.logTitle, this.els.log),
      h('section', { class: 'panel chat', 'aria-labelledby': 'chat-title', dataset: { tab: 'chat' } }, this.els.chatTitle, this.els.chatList, this.els.chatClosed, form));
    this.el.addEventListener('keydown', (e) => { if (e.key === 'Escape' && this.open) this.toggle(false); });
  }

  // Opens or closes the drawer (small screens); on a wide screen the panel is always there.
  toggle(open = !this.open) {
    this.open = open;
    if (open && this.tab === 'chat') this.unread = false;
    this.room?.classList.toggle('side-open', open);
    if (open && drawerQuery.matches) this.els.tabs.querySelector('[aria-selected="true"]')?.focus();
    this.app.render();
  }

  showTab(tab) {
    this.tab = tab;
    this.el.dataset.tab = tab;
    if (tab === 'chat') this.unread = false;
    this.drawTabs();
    this.app.render();
  }

  drawTabs() {
    keepFocus(this.els.tabs, () => {
      clear(this.els.tabs).append(...TABS.map((tab) => h('button', {
        role: 'tab', class: 'small', 'aria-selected': String(this.tab === tab), 'aria-controls': 'side-panel',
        dataset: { key: `tab-${tab}`, testid: `tab-${tab}` }, onclick: () => this.showTab(tab),
      }, t(`room.${tab}`), tab === 'chat' && this.unread ? h('span', { class: 'badge', 'aria-hidden': 'true' }) : null)),
      tip(h('button', { class: 'small side-close', 'aria-label': t('room.close_panel'), dataset: { key: 'side-close' }, onclick: () => this.toggle(false) }, '✕'), t('room.close_panel')));
    });
  }

  langChanged() {
    this.drawTabs();
    this.els.logTitle.textContent = t('room.log');
    this.els.chatTitle.textContent = t('room.chat');
    this.els.chatSend.textContent = t('room.send');
    this.els.chatLabel.textContent = t('room.chat_label');
    this.updateChatAccess();
    clear(this.els.chatList);
    for (const msg of this.app.state.chat) this.appendChat(msg);
  }

  renderPlayers(ctx, renderer) {
    const s = this.app.state;
    const room = s.room;
    const waitingFor = s.snap?.status === 'playing' ? (s.snap.waiting_for || []) : [];
    const list = h('ul', { class: 'seat-list' });
    for (const seat of room.seats) {
      const me = seat.seat === s.mySeat;
      let summary = null;
      if (s.snap && renderer?.seatSummary) {
        try { summary = renderer.seatSummary(s.snap, seat.seat, ctx); } catch (err) { console.error(err); }
      }
      const turn = waitingFor.includes(seat.seat);
      const away = !seat.connected && !seat.bot;
      list.append(h('li', {
        class: ['seat', me && 'me', turn && 'turn', away && 'offline', seat.bot && 'bot'],
        style: { '--seat': seatColor(seat.seat) }, dataset: { seat: String(seat.seat) },
      },
      h('span', { class: 'seat-main' },
        turn ? tip(h('span', { class: 'turn-mark' }, '▶'), t('room.their_turn')) : null,
        seatShape(seat.seat),
        h('span', { class: 'seat-name' }, seat.name),
        me ? h('span', { class: 'tag' }, t('room.you')) : null,
        seat.seat === room.host ? h('span', { class: 'tag host' }, t('room.host')) : null,
        seat.bot ? botMark(seat) : h('span', { class: ['dot', seat.connected ? 'on' : 'off'], 'data-tip': seat.connected ? t('room.online') : t('room.offline') }),
        seat.bot ? null : h('span', { class: 'sr-only' }, seat.connected ? t('room.online') : t('room.offline')),
        signalMark(seat),
        turn ? ctx.countdown(seat.seat) : null),
      summary ? h('span', { class: 'seat-summary' }, summary) : null,
      away ? this.botForControl(room, seat) : null));
    }
    keepFocus(this.els.players, () => {
      clear(this.els.players).append(
        h('div', { class: 'panel-head' },
          h('h2', { id: 'players-title' }, t('room.players')),
          h('button', { class: 'small', dataset: { key: 'leave', testid: 'leave' }, onclick: () => this.app.leaveTable() }, t('room.leave'))),
        list,
        h('p', { class: 'spectators', dataset: { testid: 'spectators' } },
          icon('eye', 18),
          t('room.spectators', { n: room.spectators || 0 }),
          s.mySeat === null ? h('span', { class: 'tag' }, t('room.you_watch')) : null),
        ...(s.mySeat !== null && s.mySeat === room.host ? [this.spectatorsChatSwitch(room)] : []),
        this.fairRaces(room, s.mySeat !== null && s.mySeat === room.host));
    });
    this.updateChatAccess();
  }

  // An away player's seat may be handed to a bot by the players: the host's request does it, the
  // others' are votes (the server decides; a seat already asked for says by whom).
  botForControl(room, seat) {
    const s = this.app.state;
    if (room.status === 'waiting') return null;
    const votes = seat.bot_votes || [];
    const asked = votes.length
      ? h('span', { class: 'bot-votes muted', dataset: { testid: 'bot-votes' } }, t('room.bot_asked_by', { names: votes.map((v) => this.app.seatName(v)).join(', ') }))
      : null;
    if (s.mySeat === null || votes.includes(s.mySeat)) return asked ? h('span', { class: 'bot-for' }, asked) : null;
    return h('span', { class: 'bot-for' },
      h('button', {
        class: 'small', dataset: { key: `bot-for-${seat.seat}`, testid: 'bot-for' }, onclick: () => this.app.botFor(seat.seat),
      }, icon('robot', 14), s.mySeat === room.host ? t('room.bot_for') : t('room.bot_for_vote')),
      asked);
  }

  // The host may let spectators chat or not, at any time.
  spectatorsChatSwitch(room) {
    const on = room.options?.spectators_chat !== false;
    return h('label', { class: 'switch', dataset: { testid: 'spectators-chat' } },
      h('input', {
        type: 'checkbox', checked: on, disabled: this.app.state.pending > 0, dataset: { key: 'spectators-chat' },
        onchange: (e) => this.app.configure({ spectators_chat: e.target.checked }),
      }),
      t('room.spectators_chat'));
  }

  // Fair races (network delays compensated): the host turns them off or on at any time; the
  // others read which. Nothing when the server has no such option.
  fairRaces(room, isHost) {
    const on = room.options?.fair_races;
    if (typeof on !== 'boolean') return null;
    if (!isHost) return h('p', { class: 'fair-note muted', dataset: { testid: 'fair-races-note' } }, t(on ? 'room.fair_races_on' : 'room.fair_races_off'));
    return h('label', { class: 'switch', dataset: { testid: 'fair-races' } },
      h('input', {
        type: 'checkbox', checked: on, disabled: this.app.state.pending > 0, dataset: { key: 'fair-races' },
        onchange: (e) => this.app.configure({ fair_races: e.target.checked }),
      }),
      t('room.fair_races'));
  }

  // A spectator whose host turned spectators' chat off reads the chat but cannot write.
  updateChatAccess() {
    const s = this.app.state;
    const closed = s.mySeat === null && s.room?.options?.spectators_chat === false;
    this.els.chatInput.disabled = closed;
    this.els.chatSend.disabled = closed;
    this.els.chatInput.placeholder = t(closed ? 'room.chat_closed_short' : 'room.chat_placeholder');
    this.els.chatClosed.hidden = !closed;
    this.els.chatClosed.textContent = t('room.chat_closed');
  }

  // `renderer.logContext(entries)` may add what an entry alone does not say (who made an offer).
  renderLog(renderer) {
    const s = this.app.state;
    const list = clear(this.els.log);
    let entries = s.log;
    try { if (renderer?.logContext) entries = renderer.logContext(entries); } catch (err) { console.error(err); }
    for (const entry of entries.slice(0, 200)) {
      const when = new Date(entry.at);
      const hh = `${String(when.getHours()).padStart(2, '0')}:${String(when.getMinutes()).padStart(2, '0')}`;
      list.append(h('li', {}, h('time', { datetime: when.toISOString() }, hh), ' ', logText(entry)));
    }
    if (!s.log.length) list.append(h('li', { class: 'muted' }, t('room.log_empty')));
  }

  appendChat(msg) {
    const list = this.els.chatList;
    const who = msg.seat === null || msg.seat === undefined
      ? h('span', { class: 'chat-from spectator' }, `${msg.from} (${t('room.spectator')})`)
      : h('span', { class: 'chat-from' }, seatShape(msg.seat, 14), msg.from || this.app.seatName(msg.seat));
    list.append(h('li', {}, who, ' ', h('span', { class: 'chat-text' }, msg.text)));
    while (list.children.length > 200) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
  }

  // A new message: a dot on the panel's button when the chat is folded away.
  chatArrived(msg) {
    this.appendChat(msg);
    const seen = !drawerQuery.matches || (this.open && this.tab === 'chat');
    if (!seen && !this.unread) {
      this.unread = true;
      this.drawTabs();
      this.app.render();
    }
  }
}
