// A form generated from a game's option schema (PROTOCOL.md: int, enum, bool, int_list).
import { h } from '/js/dom.js';
import { t, has, getLang } from '/js/i18n.js';

// Options every game has (time, spectators, the fair races' cap): folded under "more options".
// fair_races itself stays in sight: it is on by default and concerns every player.
const COMMON = new Set(['turn_seconds', 'absent_seconds', 'spectators_chat', 'spectators_max', 'fair_races_cap_ms']);

// An option that means something only while a bool option is on: its field is disabled otherwise.
const ONLY_WITH = { fair_races_cap_ms: 'fair_races' };

function labelOf(option) {
  const l = option.label || {};
  return l[getLang()] || l.fr || l.en || option.name;
}

function enumLabel(game, option, value) {
  const key = `${game}.options.${option.name}.${value}`;
  return has(key) ? t(key) : String(value);
}

// Returns {el, read}: read() gives {options} or {error} (a sentence naming the option).
export function optionsForm(game, schema, current = {}, prefix = 'opt') {
  const readers = [];
  const controls = {};
  const own = [];
  const common = [];
  for (const option of schema || []) {
    const value = option.name in current ? current[option.name] : option.default;
    const id = `${prefix}-${option.name}`;
    let field;
    let read;
    if (option.type === 'bool') {
      const box = h('input', { type: 'checkbox', id, checked: !!value, dataset: { key: id } });
      field = h('div', { class: 'opt opt-bool' }, box, h('label', { for: id }, labelOf(option)));
      read = () => box.checked;
      controls[option.name] = box;
    } else if (option.type === 'enum') {
      const select = h('select', { id, dataset: { key: id } },
        option.values.map((v) => h('option', { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(value) }, enumLabel(game, option, v))));
      field = h('div', { class: 'opt' }, h('label', { for: id }, labelOf(option)), select);
      read = () => JSON.parse(select.value);
    } else if (option.type === 'int') {
      const input = h('input', {
        type: 'number', id, min: option.min, max: option.max, step: 1, inputmode: 'numeric',
        value: value === null || value === undefined ? '' : value,
        placeholder: option.default === null ? t('common.auto') : '', dataset: { key: id },
      });
      field = h('div', { class: 'opt' }, h('label', { for: id }, labelOf(option)), input);
      controls[option.name] = input;
      read = () => {
        if (input.value === '' && option.default === null) return null;
        const n = Number(input.value);
        if (!Number.isInteger(n) || n < option.min || n > option.max) {
          throw t('common.option_range', { name: labelOf(option), min: option.min, max: option.max });
        }
        return n;
      };
    } else if (option.type === 'int_list') {
      const length = option.length || (Array.isArray(value) ? value.length : 1);
      const list = Array.isArray(value) ? value : [];
      const inputs = [];
      for (let i = 0; i < length; i++) {
        inputs.push(h('input', {
          type: 'number', min: option.min, max: option.max, step: 1, inputmode: 'numeric',
          class: 'int-list-item', value: list[i] ?? '', 'aria-label': `${labelOf(option)} ${i + 1}`,
          dataset: { key: `${id}-${i}` },
        }));
      }
      field = h('fieldset', { class: 'opt opt-list' }, h('legend', {}, labelOf(option)), h('div', { class: 'int-list' }, inputs));
      read = () => inputs.map((input) => {
        const n = Number(input.value);
        if (input.value === '' || !Number.isInteger(n) || n < option.min || n > option.max) {
          throw t('common.option_range', { name: labelOf(option), min: option.min, max: option.max });
        }
        return n;
      });
    } else {
      continue; // a type this client does not know: the server's default applies
    }
    readers.push([option.name, read]);
    (COMMON.has(option.name) ? common : own).push(field);
  }
  for (const [name, on] of Object.entries(ONLY_WITH)) {
    if (!controls[name] || !controls[on]) continue;
    const sync = () => { controls[name].disabled = !controls[on].checked; };
    controls[on].addEventListener('change', sync);
    sync();
  }
  const el = h('div', { class: 'options-form' },
    own,
    common.length ? h('details', { class: 'opt-more' }, h('summary', {}, t('common.more_options')), common) : null);
  const read = () => {
    const options = {};
    try {
      for (const [name, fn] of readers) options[name] = fn();
    } catch (error) {
      return { error: String(error) };
    }
    return { options };
  };
  return { el, read };
}
