// RFC 6902 JSON Patch over RFC 6901 JSON Pointers, and RFC 7396 JSON Merge Patch, for snapshot
// deltas (js/deltas.js). Neither applyPatch nor applyMergePatch changes its inputs: the containers
// on the way to a change are copied once per patch (copy on write) and everything else is shared
// with the input, so a small patch on a small document costs a few shallow copies. Treat both the
// input and the result as read-only.
// No imports, no browser API: Node runs it too (tests/js/).

const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const isContainer = (v) => v !== null && typeof v === 'object';
const INDEX = /^(0|[1-9][0-9]*)$/;

// "__proto__" is a plain member in JSON: assigning it would change the object's prototype instead.
function setMember(obj, key, value) {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

// "/a/b~1c" → ["a", "b/c"]; "" → [] (the whole document).
export function parsePointer(pointer) {
  if (typeof pointer !== 'string') throw new Error('a JSON pointer must be a string');
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new Error(`"${pointer}" is not a JSON pointer (it must be empty or start with "/")`);
  return pointer.slice(1).split('/').map((token) => {
    if (!token.includes('~')) return token;
    if (/~[^01]|~$/.test(token)) throw new Error(`bad escape in "${pointer}" (only ~0 and ~1 are allowed)`);
    return token.replace(/~1/g, '/').replace(/~0/g, '~'); // ~1 first: "~01" is "~1", not "/"
  });
}

const formatPointer = (tokens) => tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

export function deepEqual(a, b) {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b)) return false;
  if (array) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!hasOwn(b, k) || !deepEqual(a[k], b[k])) return false;
  return true;
}

export function deepCopy(v) {
  if (!isContainer(v)) return v;
  if (Array.isArray(v)) return v.map(deepCopy);
  const out = {};
  for (const k of Object.keys(v)) setMember(out, k, deepCopy(v[k]));
  return out;
}

// The array index a token names; `end` allows "-" and the length itself (where add inserts).
function arrayIndex(arr, token, end) {
  if (token === '-') {
    if (end) return arr.length;
    throw new Error('"-" names no element (it only appends, with add)');
  }
  if (!INDEX.test(token)) throw new Error(`"${token}" is not an array index`);
  const i = Number(token);
  if (i > arr.length || (i === arr.length && !end)) throw new Error(`index ${i} is out of bounds (array of ${arr.length})`);
  return i;
}

// The value at `tokens`, or an Error saying where the path stops.
function valueAt(doc, tokens) {
  let node = doc;
  const where = (i) => formatPointer(tokens.slice(0, i)) || 'the document';
  for (let i = 0; i < tokens.length; i++) {
    if (!isContainer(node)) throw new Error(`${where(i)} is not an object or an array`);
    const token = tokens[i];
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
    else if (hasOwn(node, token)) node = node[token];
    else throw new Error(`no member "${token}" in ${where(i)}`);
  }
  return node;
}

// Copies the containers from the root to the parent of `tokens` (those not already copied by
// this patch, kept in `fresh`), then lets `change(parent, lastToken)` edit the parent in place.
// Returns the new root.
function edit(root, tokens, fresh, change) {
  const writable = (node) => {
    if (fresh.has(node)) return node;
    const copy = Array.isArray(node) ? node.slice() : { ...node };
    fresh.add(copy);
    return copy;
  };
  if (!isContainer(root)) throw new Error('the document is not an object or an array');
  const top = writable(root);
  let node = top;
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i];
    let key;
    if (Array.isArray(node)) key = arrayIndex(node, token, false);
    else if (hasOwn(node, token)) key = token;
    else throw new Error(`no member "${token}" in ${formatPointer(tokens.slice(0, i)) || 'the document'}`);
    const child = node[key];
    if (!isContainer(child)) throw new Error(`${formatPointer(tokens.slice(0, i + 1))} is not an object or an array`);
    const copy = writable(child);
    if (copy !== child) setMember(node, key, copy);
    node = copy;
  }
  change(node, tokens[tokens.length - 1]);
  return top;
}

function add(root, tokens, value, fresh) {
  if (!tokens.length) return value;
  return edit(root, tokens, fresh, (parent, token) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, token, true), 0, value);
    else setMember(parent, token, value);
  });
}

function remove(root, tokens, fresh) {
  if (!tokens.length) throw new Error('the whole document cannot be removed');
  return edit(root, tokens, fresh, (parent, token) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, token, false), 1);
    else if (hasOwn(parent, token)) delete parent[token];
    else throw new Error(`no member "${token}" to remove`);
  });
}

function replace(root, tokens, value, fresh) {
  if (!tokens.length) return value;
  return edit(root, tokens, fresh, (parent, token) => {
    if (Array.isArray(parent)) parent[arrayIndex(parent, token, false)] = value;
    else if (hasOwn(parent, token)) setMember(parent, token, value);
    else throw new Error(`no member "${token}" to replace`);
  });
}

function needValue(op) {
  if (!hasOwn(op, 'value')) throw new Error('"value" is missing');
  return op.value;
}

function applyOp(root, op, fresh) {
  if (!isContainer(op) || Array.isArray(op)) throw new Error('an operation must be an object');
  const path = parsePointer(op.path);
  switch (op.op) {
    case 'add': return add(root, path, needValue(op), fresh);
    case 'remove': return remove(root, path, fresh);
    case 'replace': return replace(root, path, needValue(op), fresh);
    case 'move': {
      const from = parsePointer(op.from);
      const value = valueAt(root, from);
      if (from.length === path.length && from.every((t, i) => t === path[i])) return root;
      if (from.length < path.length && from.every((t, i) => t === path[i])) throw new Error('a value cannot be moved into itself');
      return add(remove(root, from, fresh), path, value, fresh);
    }
    // A copy shares nothing with its source: a later op of the same patch may change either.
    case 'copy': return add(root, path, deepCopy(valueAt(root, parsePointer(op.from))), fresh);
    case 'test':
      if (!deepEqual(valueAt(root, path), needValue(op))) throw new Error('the value differs');
      return root;
    default: throw new Error(`unknown op ${JSON.stringify(op.op)}`);
  }
}

// The document `patch` (an array of operations) makes of `doc`. Throws an Error naming the
// failing operation; the input is left as it was either way (a patch applies whole or not at all).
export function applyPatch(doc, patch) {
  if (!Array.isArray(patch)) throw new Error('json-patch: a patch must be an array of operations');
  const fresh = new Set(); // containers this patch made: changed in place by its later operations
  let root = doc;
  for (let i = 0; i < patch.length; i++) {
    try {
      root = applyOp(root, patch[i], fresh);
    } catch (err) {
      const op = patch[i];
      const what = isContainer(op) ? `${op.op} ${JSON.stringify(op.path)}` : JSON.stringify(op);
      throw new Error(`json-patch: operation ${i} (${what}): ${err.message}`);
    }
  }
  return root;
}

// The document merge patch `patch` (RFC 7396) makes of `doc`: its members set, null ones removed,
// objects merged member by member, anything else (arrays too) taken whole. The objects it changes
// are copied; everything else is shared with the inputs.
export function applyMergePatch(doc, patch) {
  if (!isContainer(patch) || Array.isArray(patch)) return patch;
  const out = isContainer(doc) && !Array.isArray(doc) ? { ...doc } : {};
  for (const key of Object.keys(patch)) {
    if (patch[key] === null) delete out[key];
    else setMember(out, key, applyMergePatch(hasOwn(out, key) ? out[key] : undefined, patch[key]));
  }
  return out;
}
