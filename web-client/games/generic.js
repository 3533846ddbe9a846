// The fallback table for a game without its own renderer: every listed action as a button
// (templates open the picker) and the view as plain text. Playable, not pretty.
import { h, clear } from '/js/dom.js';

function describe(action) {
  const rest = Object.entries(action).filter(([k]) => k !== 'type' && k !== 'choose')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  const choose = action.choose ? ` (${Object.keys(action.choose).join(', ')}…)` : '';
  return `${action.type}${rest.length ? ` · ${rest.join(' · ')}` : ''}${choose}`;
}

export function render(root, snap, ctx) {
  clear(root);
  const actions = snap.actions || [];
  const bar = h('div', { class: 'generic-actions' });
  actions.forEach((action, i) => {
    bar.append(h('button', {
      class: action.choose ? 'choice' : 'primary',
      disabled: ctx.pending,
      dataset: { act: action.type || 'act', key: `generic-${i}` },
      onclick: async () => {
        const complete = action.choose ? await ctx.pickFromTemplate(action, { title: action.type }) : action;
        if (complete) ctx.send(complete);
      },
    }, describe(action)));
  });
  root.append(
    h('section', { class: 'generic' },
      actions.length ? bar : null,
      h('pre', { class: 'generic-view' }, JSON.stringify(snap.view, null, 2))));
}
