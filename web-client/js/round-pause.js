// The moment between two rounds (phase "round_over", PROTOCOL.md "Between two rounds"): the round's
// reveal stays on the table, and each seat presses "Continuer" (or its 15 s run out). Every game
// with rounds puts this bar beside its reveal: the viewer's button with its countdown while its
// `continue` is listed, else whom the table still waits for.
import { h } from '/js/dom.js';

export function continueAction(snap) {
  return (snap.actions || []).find((a) => a.type === 'continue') || null;
}

// The prompt during the pause (null outside it).
export function pausePrompt(snap, ctx) {
  if (snap.view?.phase !== 'round_over') return null;
  if (continueAction(snap)) return ctx.t('room.prompt_continue');
  const waiting = snap.waiting_for || [];
  return waiting.length ? ctx.t('room.continue_waiting', { names: ctx.format.seats(waiting) }) : null;
}

// The bar (null outside the pause). `key` keeps the button's focus across renders.
export function continueBar(snap, ctx, { key = 'round-continue', cls = null } = {}) {
  if (snap.view?.phase !== 'round_over') return null;
  const action = continueAction(snap);
  const waiting = snap.waiting_for || [];
  return h('div', { class: ['round-pause', cls], dataset: { testid: 'round-pause' } },
    action
      ? h('button', {
        class: 'primary big', disabled: ctx.pending, dataset: { act: 'continue', key, testid: 'continue' },
        onclick: () => ctx.send(action),
      }, ctx.t('room.continue'))
      : null,
    action ? ctx.countdownFor('round_over', ctx.mySeat) : null,
    !action && waiting.length
      ? h('span', { class: 'round-pause-wait' }, ctx.t('room.continue_waiting', { names: ctx.format.seats(waiting) }))
      : null);
}
