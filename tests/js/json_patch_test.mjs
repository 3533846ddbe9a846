// The client's JSON Patch and JSON Merge Patch (web-client/js/json-patch.js): every example of
// RFC 6902 Appendix A (the error cases must throw) and of RFC 7396 Appendix A, edge cases of
// pointers and arrays, then, if a file is given, the cases the server side wrote:
// [{"before": <json>, "merge": {…}, "patch": [ops], "after": <json>}, ...] (either part may be
// missing), each of which must give `after`, the merge patch applied first, and leave `before`
// (and both parts) as they were.
//
// Usage: node tests/js/json_patch_test.mjs [CASES.json]
// Prints "json_patch: N cases passed" (N: the file's cases when one is given, else the built-in
// ones, which always run) or every failure, and exits non-zero on any.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { applyMergePatch, applyPatch, deepEqual, parsePointer } from '../../web-client/js/json-patch.js';

const THROWS = Symbol('throws');

// [name, before, patch, after or THROWS]
const BUILT_IN = [
  // RFC 6902, Appendix A.
  ['A.1 adding an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { baz: 'qux', foo: 'bar' }],
  ['A.2 adding an array element', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  ['A.3 removing an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  ['A.4 removing an array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  ['A.5 replacing a value', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  ['A.6 moving a value', { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }], { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } }],
  ['A.7 moving an array element', { foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }],
    { foo: ['all', 'cows', 'eat', 'grass'] }],
  ['A.8 testing a value: success', { baz: 'qux', foo: ['a', 2, 'c'] },
    [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], { baz: 'qux', foo: ['a', 2, 'c'] }],
  ['A.9 testing a value: error', { baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }], THROWS],
  ['A.10 adding a nested member object', { foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }],
    { foo: 'bar', child: { grandchild: {} } }],
  ['A.11 ignoring unrecognized elements', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }], { foo: 'bar', baz: 'qux' }],
  ['A.12 adding to a nonexistent target', { foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }], THROWS],
  // A.13 repeats "op": JSON.parse keeps the last one, so this is a remove of a missing member.
  ['A.13 invalid JSON Patch document', { foo: 'bar' }, JSON.parse('[{ "op": "add", "path": "/baz", "value": "qux", "op": "remove" }]'), THROWS],
  ['A.14 ~ escape ordering', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }], { '/': 9, '~1': 10 }],
  ['A.15 comparing strings and numbers', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }], THROWS],
  ['A.16 adding an array value', { foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],

  // The whole document.
  ['replace the root', { a: 1 }, [{ op: 'replace', path: '', value: [1, 2] }], [1, 2]],
  ['add at the root replaces it', { a: 1 }, [{ op: 'add', path: '', value: { b: 2 } }], { b: 2 }],
  ['test the root', { a: [1] }, [{ op: 'test', path: '', value: { a: [1] } }], { a: [1] }],
  ['remove the root', { a: 1 }, [{ op: 'remove', path: '' }], THROWS],
  ['then edit the new root', { a: 1 }, [{ op: 'replace', path: '', value: { b: [] } }, { op: 'add', path: '/b/-', value: 3 }], { b: [3] }],

  // Escapes.
  ['~1 in a key', { 'a/b': 1 }, [{ op: 'replace', path: '/a~1b', value: 2 }], { 'a/b': 2 }],
  ['~0 in a key', { 'm~n': 1 }, [{ op: 'remove', path: '/m~0n' }], {}],
  ['~0~1 together', {}, [{ op: 'add', path: '/~0~1~10', value: true }], { '~//0': true }],
  ['an empty key', { '': 1 }, [{ op: 'replace', path: '/', value: 2 }], { '': 2 }],
  ['a bad escape', { a: 1 }, [{ op: 'add', path: '/a~2', value: 1 }], THROWS],
  ['a trailing ~', { a: 1 }, [{ op: 'add', path: '/a~', value: 1 }], THROWS],
  ['a pointer without its /', { a: 1 }, [{ op: 'replace', path: 'a', value: 2 }], THROWS],
  ['a __proto__ member is data', {}, [{ op: 'add', path: '/__proto__', value: { x: 1 } }], JSON.parse('{"__proto__":{"x":1}}')],

  // Arrays.
  ['"-" appends', { a: [1, 2] }, [{ op: 'add', path: '/a/-', value: 3 }], { a: [1, 2, 3] }],
  ['add at the length appends', { a: [1] }, [{ op: 'add', path: '/a/1', value: 2 }], { a: [1, 2] }],
  ['add at 0 prepends', { a: [1] }, [{ op: 'add', path: '/a/0', value: 0 }], { a: [0, 1] }],
  ['add past the end', { a: [1] }, [{ op: 'add', path: '/a/2', value: 2 }], THROWS],
  ['a leading zero', { a: [1, 2] }, [{ op: 'replace', path: '/a/01', value: 3 }], THROWS],
  ['a negative index', { a: [1, 2] }, [{ op: 'remove', path: '/a/-1' }], THROWS],
  ['a non-number index', { a: [1, 2] }, [{ op: 'remove', path: '/a/x' }], THROWS],
  ['remove at the length', { a: [1, 2] }, [{ op: 'remove', path: '/a/2' }], THROWS],
  ['replace "-"', { a: [1, 2] }, [{ op: 'replace', path: '/a/-', value: 3 }], THROWS],
  ['nested arrays', { m: [[1, 2], [3, [4, 5]]] },
    [{ op: 'replace', path: '/m/1/1/0', value: 40 }, { op: 'add', path: '/m/0/-', value: 2.5 }, { op: 'remove', path: '/m/1/0' }],
    { m: [[1, 2, 2.5], [[40, 5]]] }],
  ['an index into an object is a key', { a: { 0: 'x' } }, [{ op: 'replace', path: '/a/0', value: 'y' }], { a: { 0: 'y' } }],
  ['a key into a scalar', { a: 1 }, [{ op: 'add', path: '/a/b', value: 1 }], THROWS],

  // The other operations' rules.
  ['replace a missing member', { a: 1 }, [{ op: 'replace', path: '/b', value: 2 }], THROWS],
  ['remove a missing member', { a: 1 }, [{ op: 'remove', path: '/b' }], THROWS],
  ['add replaces a member', { a: 1 }, [{ op: 'add', path: '/a', value: [2] }], { a: [2] }],
  ['add null', {}, [{ op: 'add', path: '/a', value: null }], { a: null }],
  ['add without a value', {}, [{ op: 'add', path: '/a' }], THROWS],
  ['an unknown op', {}, [{ op: 'merge', path: '/a', value: 1 }], THROWS],
  ['no op', {}, [{ path: '/a', value: 1 }], THROWS],
  ['no path', {}, [{ op: 'add', value: 1 }], THROWS],
  ['not an array of ops', {}, { op: 'add', path: '/a', value: 1 }, THROWS],
  ['a failing op undoes the patch', { a: 1 }, [{ op: 'add', path: '/b', value: 2 }, { op: 'remove', path: '/c' }], THROWS],
  ['move into itself', { a: { b: {} } }, [{ op: 'move', from: '/a', path: '/a/b/c' }], THROWS],
  ['move to the same place', { a: { b: 1 } }, [{ op: 'move', from: '/a/b', path: '/a/b' }], { a: { b: 1 } }],
  ['move from a missing member', { a: 1 }, [{ op: 'move', from: '/b', path: '/c' }], THROWS],
  ['move between arrays', { a: [1, 2], b: [3] }, [{ op: 'move', from: '/a/0', path: '/b/-' }], { a: [2], b: [3, 1] }],
  ['copy, then change the copy', { a: { x: [1] } },
    [{ op: 'copy', from: '/a', path: '/b' }, { op: 'add', path: '/b/x/-', value: 2 }], { a: { x: [1] }, b: { x: [1, 2] } }],
  ['copy, then change the source', { a: { x: [1] } },
    [{ op: 'copy', from: '/a', path: '/b' }, { op: 'replace', path: '/a/x/0', value: 9 }], { a: { x: [9] }, b: { x: [1] } }],
  ['copy from a missing member', { a: 1 }, [{ op: 'copy', from: '/b', path: '/c' }], THROWS],
  ['test deep values', { a: { b: [1, { c: null }] } }, [{ op: 'test', path: '/a', value: { b: [1, { c: null }] } }], { a: { b: [1, { c: null }] } }],
  ['test: an array is not an object', { a: [] }, [{ op: 'test', path: '/a', value: {} }], THROWS],
  ['test: 1 equals 1.0', { a: 1 }, [{ op: 'test', path: '/a', value: 1.0 }], { a: 1 }],
  ['test a missing member', { a: 1 }, [{ op: 'test', path: '/b', value: null }], THROWS],
  ['an empty patch', { a: [1] }, [], { a: [1] }],
  ['a value added twice from one object stays two values', { a: [] },
    (() => { const v = { n: 1 }; return [{ op: 'add', path: '/x', value: v }, { op: 'add', path: '/y', value: v }, { op: 'replace', path: '/x/n', value: 2 }]; })(),
    { a: [], x: { n: 2 }, y: { n: 1 } }],
];

// RFC 7396 Appendix A, every example: [target, merge patch, result].
const MERGE_BUILT_IN = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

// Runs one case: the merge patch (if any) then the patch (if any); `after` THROWS means the
// patch must be refused with an Error.
function check(before, merge, patch, after) {
  const beforeText = JSON.stringify(before);
  const mergeText = JSON.stringify(merge);
  const patchText = JSON.stringify(patch);
  const apply = () => {
    const merged = merge === undefined ? before : applyMergePatch(before, merge);
    return patch === undefined ? merged : applyPatch(merged, patch);
  };
  if (after === THROWS) {
    assert.throws(apply, Error);
  } else {
    const got = apply();
    assert.ok(deepEqual(got, after), `got ${JSON.stringify(got)}, expected ${JSON.stringify(after)}`);
    assert.deepEqual(got, after);
  }
  assert.equal(JSON.stringify(before), beforeText, 'before was modified');
  assert.equal(JSON.stringify(merge), mergeText, 'the merge patch was modified');
  assert.equal(JSON.stringify(patch), patchText, 'the patch was modified');
}

const failures = [];
const run = (name, fn) => { try { fn(); } catch (err) { failures.push(`${name}: ${err.message}`); } };

for (const [name, before, patch, after] of BUILT_IN) run(name, () => check(before, undefined, patch, after));
MERGE_BUILT_IN.forEach(([before, merge, after], i) => run(`RFC 7396 example ${i + 1}`, () => check(before, merge, undefined, after)));

run('pointers', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/a~1b/~0/c~01'), ['a/b', '~', 'c~1']);
  assert.throws(() => parsePointer('a'));
});
run('the error names the failing operation', () => {
  assert.throws(() => applyPatch({ a: [] }, [{ op: 'test', path: '/a', value: [] }, { op: 'remove', path: '/a/3' }]),
    /operation 1 \(remove "\/a\/3"\).*out of bounds/);
});
run('deepEqual', () => {
  assert.ok(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }));
  assert.ok(!deepEqual({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!deepEqual([1, 2], [2, 1]));
  assert.ok(!deepEqual(null, {}));
  assert.ok(!deepEqual('1', 1));
});
run('a merge patch shares what it does not change', () => {
  const before = { a: { big: [1, 2, 3] }, b: { n: 1 } };
  const after = applyMergePatch(before, { b: { n: 2 } });
  assert.equal(after.a, before.a);
  assert.notEqual(after.b, before.b);
  assert.equal(before.b.n, 1);
});

run('a merge patch sets "__proto__" as a plain member', () => {
  const after = applyMergePatch({}, JSON.parse('{"__proto__":{"x":1}}'));
  assert.equal(Object.getPrototypeOf(after), Object.prototype);
  assert.deepEqual(Object.keys(after), ['__proto__']);
});

run('unchanged parts are shared', () => {
  const before = { a: { big: [1, 2, 3] }, b: { n: 1 } };
  const after = applyPatch(before, [{ op: 'replace', path: '/b/n', value: 2 }]);
  assert.equal(after.a, before.a);
  assert.notEqual(after.b, before.b);
});

let count = BUILT_IN.length + MERGE_BUILT_IN.length;
const file = process.argv[2];
if (file) {
  const cases = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(Array.isArray(cases), `${file}: not an array of cases`);
  cases.forEach((c, i) => run(`${file} case ${i}`, () => check(c.before, c.merge, c.patch, c.after)));
  count = cases.length;
}

if (failures.length) {
  for (const f of failures) console.error(`FAIL ${f}`);
  console.error(`json_patch: ${failures.length} failed`);
  process.exit(1);
}
console.log(`json_patch: ${count} cases passed`);
