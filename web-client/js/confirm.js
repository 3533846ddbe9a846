// An in-page confirmation for moves that cannot be undone (leaving a running game, closing the
// market): a small modal dialog, the safe answer focused first. Resolves to true or false.
import { h, clear } from '/js/dom.js';
import { t } from '/js/i18n.js';

let pending = null; // the answer of the dialog on screen: a second ask replaces it (as a "no")

export function confirmDialog({ title, text, yes, no, danger = false, testid = 'confirm' }) {
  let dialog = document.getElementById('confirm');
  if (!dialog) {
    dialog = h('dialog', { id: 'confirm', class: 'dialog confirm', 'aria-labelledby': 'confirm-title' });
    document.body.append(dialog);
  }
  if (pending) pending(false);
  return new Promise((resolve) => {
    const finish = (answer) => {
      if (pending !== finish) return;
      pending = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    pending = finish;
    clear(dialog);
    dialog.dataset.testid = testid;
    dialog.append(h('form', { method: 'dialog', class: 'confirm-form', onsubmit: (e) => e.preventDefault() },
      h('h2', { id: 'confirm-title' }, title),
      text ? h('p', {}, text) : null,
      h('div', { class: 'picker-buttons' },
        h('button', { type: 'button', autofocus: true, dataset: { act: 'cancel', key: 'confirm-no', testid: 'confirm-no' }, onclick: () => finish(false) }, no || t('common.cancel')),
        h('button', { type: 'button', class: danger ? 'danger-strong' : 'primary', dataset: { act: 'confirm', key: 'confirm-yes', testid: 'confirm-yes' }, onclick: () => finish(true) }, yes))));
    dialog.onclose = () => finish(false);
    dialog.showModal();
  });
}
