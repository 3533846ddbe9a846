// The client's delta bookkeeping (web-client/js/deltas.js): a full snapshot is the baseline, a
// delta from it gives the next full snapshot, and any doubt drops the baseline and asks for a
// resync once, deltas being ignored until the next full snapshot.
//
// Usage: node tests/js/deltas_test.mjs
import assert from 'node:assert/strict';
import { Baseline } from '../../web-client/js/deltas.js';

const snapshot = (over = {}) => ({
  type: 'snapshot', room: 'K7M2QX9D', rev: 14, status: 'playing', server_time: 1000, seat: 1,
  view: { phase: 'bet', hand: [{ id: 'A1' }, { id: 'B2' }] },
  actions: [{ type: 'bet', choose: { tiles: { range: [0, 4] } } }],
  deadlines: [{ kind: 'turn', at: 5000, seat: 1 }],
  log: [{ at: 900, text_key: 'fishfish.bet', params: { seat: 0, tiles: 2 } }],
  waiting_for: [1], outcome: null, ...over,
});
const delta = (over = {}) => ({
  type: 'delta', room: 'K7M2QX9D', from: 14, rev: 15,
  patch: [{ op: 'replace', path: '/view/phase', value: 'reveal' },
    { op: 'remove', path: '/view/hand/0' }, { op: 'replace', path: '/actions', value: [] }, { op: 'replace', path: '/waiting_for', value: [] }],
  log: [{ at: 1100, text_key: 'fishfish.bet', params: { seat: 1, tiles: 1 } }], server_time: 1200, ...over,
});

function setup() {
  const resyncs = [];
  const b = new Baseline({ resync: (why) => resyncs.push(why) });
  return { b, resyncs };
}

const tests = {
  'a delta gives the full snapshot'() {
    const { b, resyncs } = setup();
    const first = snapshot({ id: 3 });
    assert.equal(b.accept(first), first);
    const snap = b.applyDelta(delta());
    assert.deepEqual(snap, {
      type: 'snapshot', room: 'K7M2QX9D', rev: 15, status: 'playing', seat: 1,
      view: { phase: 'reveal', hand: [{ id: 'B2' }] }, actions: [], deadlines: [{ kind: 'turn', at: 5000, seat: 1 }],
      waiting_for: [], outcome: null, log: delta().log, server_time: 1200,
    });
    assert.equal('id' in snap, false, 'the id of an earlier answer is not carried over');
    assert.deepEqual(resyncs, []);
    // And the next one applies to that.
    const next = b.applyDelta({ type: 'delta', room: 'K7M2QX9D', from: 15, rev: 16, patch: [], log: [], server_time: 1300 });
    assert.equal(next.rev, 16);
    assert.equal(next.view.phase, 'reveal');
    assert.deepEqual(next.log, []);
  },
  'the merge patch applies first, then the patch, and either may be left out'() {
    const { b, resyncs } = setup();
    b.accept(snapshot());
    const snap = b.applyDelta(delta({
      merge: { view: { phase: 'reveal', round: 2 }, waiting_for: [] },
      patch: [{ op: 'remove', path: '/view/hand/0' }, { op: 'replace', path: '/outcome', value: null }],
    }));
    assert.deepEqual(snap.view, { phase: 'reveal', hand: [{ id: 'B2' }], round: 2 });
    assert.deepEqual(snap.waiting_for, []);
    const merged = b.applyDelta(delta({ from: 15, rev: 16, merge: { view: { round: null } }, patch: undefined }));
    assert.deepEqual(merged.view, { phase: 'reveal', hand: [{ id: 'B2' }] });
    assert.equal(b.applyDelta(delta({ from: 16, rev: 17, patch: undefined })).rev, 17, 'a delta with only a log');
    assert.deepEqual(resyncs, []);
  },
  'a merge patch that is not an object is a doubt'() {
    const { b, resyncs } = setup();
    b.accept(snapshot());
    assert.equal(b.applyDelta(delta({ merge: [1] })), null);
    assert.equal(resyncs.length, 1);
  },
  'the answer to a request keeps its id'() {
    const { b } = setup();
    b.accept(snapshot());
    assert.equal(b.applyDelta(delta({ id: 7 })).id, 7);
  },
  'a missing log is no news'() {
    const { b } = setup();
    b.accept(snapshot());
    const d = delta();
    delete d.log;
    assert.deepEqual(b.applyDelta(d).log, []);
  },
  'no baseline: resync'() {
    const { b, resyncs } = setup();
    assert.equal(b.applyDelta(delta()), null);
    assert.equal(resyncs.length, 1);
  },
  'a delta from another rev: resync once, then deltas wait for a full snapshot'() {
    const { b, resyncs } = setup();
    b.accept(snapshot());
    assert.equal(b.applyDelta(delta({ from: 13 })), null);
    assert.equal(b.applyDelta(delta()), null, 'ignored until a full snapshot, even one that would fit');
    assert.equal(b.applyDelta(delta({ from: 15, rev: 16 })), null);
    assert.equal(resyncs.length, 1);
    assert.match(resyncs[0], /rev 13/);
    b.accept(snapshot({ rev: 15 }));
    assert.equal(b.applyDelta(delta({ from: 15, rev: 16, patch: [] })).rev, 16);
  },
  'another room: resync'() {
    const { b, resyncs } = setup();
    b.accept(snapshot());
    assert.equal(b.applyDelta(delta({ room: 'ZZZZZZZZ' })), null);
    assert.equal(resyncs.length, 1);
  },
  'an op that fails: resync'() {
    const { b, resyncs } = setup();
    b.accept(snapshot());
    assert.equal(b.applyDelta(delta({ patch: [{ op: 'remove', path: '/view/hand/5' }] })), null);
    assert.equal(resyncs.length, 1);
    assert.match(resyncs[0], /out of bounds/);
  },
  'the rev is the delta\'s, beside the patch'() {
    const { b, resyncs } = setup();
    b.accept(snapshot());
    assert.equal(b.applyDelta(delta({ patch: [] })).rev, 15);
    assert.equal(b.applyDelta(delta({ from: 15, rev: 15, patch: [] })).rev, 15, 'timers changed at the same rev');
    assert.equal(b.applyDelta(delta({ from: 15, rev: undefined, patch: [] })), null);
    assert.equal(resyncs.length, 1);
  },
  'the patch applies to the baseline, without type, id, log and server_time'() {
    const { b, resyncs } = setup();
    b.accept(snapshot({ id: 4 }));
    assert.equal(b.applyDelta(delta({ patch: [{ op: 'test', path: '/log', value: [] }] })), null);
    b.accept(snapshot({ id: 4 }));
    const keys = ['room', 'rev', 'status', 'seat', 'view', 'actions', 'deadlines', 'waiting_for', 'outcome'];
    const snap = b.applyDelta(delta({ patch: [{ op: 'test', path: '', value: pick(snapshot(), keys) }] }));
    assert.ok(snap, 'the baseline is exactly the snapshot\'s state');
    assert.equal(resyncs.length, 1);
  },
  'what the app holds is its own: changing it changes no baseline'() {
    const { b } = setup();
    const first = snapshot();
    b.accept(first);
    first.view.hand.reverse();
    const snap = b.applyDelta(delta());
    assert.deepEqual(snap.view.hand, [{ id: 'B2' }]);
    snap.view.hand.push({ id: 'ZZ' });
    snap.deadlines.length = 0;
    const next = b.applyDelta({ type: 'delta', room: 'K7M2QX9D', from: 15, rev: 16, patch: [{ op: 'test', path: '/view/hand', value: [{ id: 'B2' }] }], log: [], server_time: 1300 });
    assert.ok(next);
    assert.equal(next.deadlines.length, 1);
  },
  'a reset (a new connection) forgets the baseline'() {
    const { b, resyncs } = setup();
    b.accept(snapshot());
    b.reset();
    assert.equal(b.applyDelta(delta()), null);
    assert.equal(resyncs.length, 1);
  },
  'a full snapshot always replaces the baseline'() {
    const { b } = setup();
    b.accept(snapshot());
    b.accept(snapshot({ rev: 20, room: 'AAAAAAAA' }));
    assert.equal(b.applyDelta(delta()), null);
    b.accept(snapshot({ rev: 20, room: 'AAAAAAAA' }));
    assert.equal(b.applyDelta(delta({ room: 'AAAAAAAA', from: 20, rev: 21, patch: [] })).rev, 21);
  },
};

function pick(o, keys) { return Object.fromEntries(keys.map((k) => [k, o[k]])); }

let failed = 0;
for (const [name, fn] of Object.entries(tests)) {
  try { fn(); } catch (err) { failed += 1; console.error(`FAIL ${name}: ${err.message}`); }
}
if (failed) {
  console.error(`deltas: ${failed} failed`);
  process.exit(1);
}
console.log(`deltas: ${Object.keys(tests).length} cases passed`);
