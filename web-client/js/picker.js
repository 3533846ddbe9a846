// "choose" templates (PROTOCOL.md): checking and filling values, and the small picker dialog.
import { h, clear, keepFocus } from '/js/dom.js';
import { t } from '/js/i18n.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export function isTemplate(action) {
  return action && typeof action === 'object' && action.choose && typeof action.choose === 'object';
}

// Every value a template allows for `key`; a range is expanded (bounded, for buttons).
export function choices(template, key) {
  const spec = template?.choose?.[key];
  if (!spec) return [];
  if (Array.isArray(spec.one_of)) return spec.one_of.slice();
  if (Array.isArray(spec.subset_of)) return spec.subset_of.slice();
  if (Array.isArray(spec.range)) {
    const [lo, hi] = spec.range;
    const step = spec.step || 1;
    const out = [];
    for (let v = lo; v <= hi && out.length < 1000; v += step) out.push(v);
    return out;
  }
  return [];
}

export function fits(spec, value) {
  if (!spec) return false;
  if (Array.isArray(spec.one_of)) return spec.one_of.some((v) => same(v, value));
  if (Array.isArray(spec.subset_of)) {
    if (!Array.isArray(value)) return false;
    const min = spec.min ?? 0;
    const max = spec.max ?? spec.subset_of.length;
    if (value.length < min || value.length > max) return false;
    const distinct = new Set(value.map((v) => JSON.stringify(v)));
    if (distinct.size !== value.length) return false;
    return value.every((v) => spec.subset_of.some((o) => same(o, v)));
  }
  if (Array.isArray(spec.range)) {
    const [lo, hi] = spec.range;
    const step = spec.step || 1;
    return Number.isInteger(value) && value >= lo && value <= hi && (value - lo) % step === 0;
  }
  return false;
}

// The complete action, or null when a value is missing or does not fit.
export function fill(template, values) {
  if (!isTemplate(template)) return template;
  const action = {};
  for (const [k, v] of Object.entries(template)) if (k !== 'choose') action[k] = v;
  for (const [key, spec] of Object.entries(template.choose)) {
    if (!values || !(key in values) || !fits(spec, values[key])) return null;
    action[key] = values[key];
  }
  return action;
}

function defaultLabel(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// Opens the picker for `template`. Resolves to the complete action or null (cancelled).
export function pickFromTemplate(template, opts = {}) {
  const dialog = document.getElementById('picker');
  const label = opts.labels || (() => null);
  const values = {};
  return new Promise((resolve) => {
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      dialog.close();
      resolve(result);
    };
    const redraw = () => keepFocus(dialog, draw);
    const draw = () => {
      clear(dialog);
      const form = h('form', { method: 'dialog', class: 'picker-form' });
      form.append(h('h2', { class: 'picker-title' }, opts.title || t('common.choose')));
      for (const [key, spec] of Object.entries(template.choose)) {
        // A field's name is the renderer's to say (`keyLabel`); a raw key (`put_back`) is never
        // shown: the title says what to choose.
        const keyLabel = opts.keyLabel?.(key);
        const group = h('fieldset', { class: 'picker-group' }, keyLabel ? h('legend', {}, keyLabel) : null);
        const all = choices(template, key);
        if (Array.isArray(spec.subset_of)) {
          const chosen = values[key] || (values[key] = []);
          all.forEach((v, i) => {
            const on = chosen.some((c) => same(c, v));
            group.append(h('button', {
              type: 'button', class: ['choice', on && 'on'], 'aria-pressed': on ? 'true' : 'false',
              dataset: { act: 'pick', key: `pick-${key}-${i}` },
              onclick: () => {
                const at = chosen.findIndex((c) => same(c, v));
                if (at >= 0) chosen.splice(at, 1); else chosen.push(v);
                redraw();
              },
            }, label(key, v) ?? defaultLabel(v)));
          });
          group.append(h('p', { class: 'hint' }, t('common.pick_between', { min: spec.min ?? 0, max: spec.max ?? all.length })));
        } else if (Array.isArray(spec.range) && all.length > 25) {
          const input = h('input', {
            type: 'number', min: spec.range[0], max: spec.range[1], step: spec.step || 1,
            value: values[key] ?? spec.range[0], dataset: { key: `pick-${key}-n` },
            oninput: () => { values[key] = Number(input.value); okButton.disabled = !fill(template, values); },
          });
          values[key] = values[key] ?? spec.range[0];
          group.append(h('label', {}, `${spec.range[0]}–${spec.range[1]} `, input));
        } else {
          all.forEach((v, i) => {
            const on = key in values && same(values[key], v);
            group.append(h('button', {
              type: 'button', class: ['choice', on && 'on'], 'aria-pressed': on ? 'true' : 'false',
              dataset: { act: 'pick', key: `pick-${key}-${i}` },
              onclick: () => { values[key] = v; redraw(); },
            }, label(key, v) ?? defaultLabel(v)));
          });
        }
        form.append(group);
      }
      const okButton = h('button', {
        type: 'button', class: 'primary', dataset: { act: 'confirm', key: 'pick-ok' },
        disabled: !fill(template, values), onclick: () => finish(fill(template, values)),
      }, t('common.confirm'));
      form.append(h('div', { class: 'picker-buttons' },
        h('button', { type: 'button', dataset: { key: 'pick-cancel' }, onclick: () => finish(null) }, t('common.cancel')),
        okButton));
      dialog.append(form);
    };
    dialog.onclose = () => finish(null);
    draw();
    if (!dialog.open) dialog.showModal();
  });
}
