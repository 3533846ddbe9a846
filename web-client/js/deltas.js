// Snapshot deltas: the baseline (the last full state this client and the server agree on) and
// the full snapshot each `delta` stands for. Pure: net.js feeds it every snapshot and delta of one
// connection; tests/js/ runs it under Node (hence the relative import).
import { applyMergePatch, applyPatch, deepCopy } from './json-patch.js';

// What a snapshot carries that is not state: the rest is the baseline a delta's patch applies to.
const NOT_STATE = new Set(['type', 'id', 'log', 'server_time']);

export class Baseline {
  // `resync(reason)`: called once when a delta cannot be used; the caller asks for a full snapshot.
  constructor({ resync = () => {} } = {}) {
    this.resync = resync;
    this.reset();
  }

  // No baseline (a new connection): deltas wait for a full snapshot.
  reset() {
    this.base = null;
    this.lost = false; // a resync is under way: deltas are ignored until the next full snapshot
  }

  // A full snapshot always becomes the baseline. A copy: the app may keep or change `snap`.
  accept(snap) {
    const base = {};
    for (const key of Object.keys(snap)) if (!NOT_STATE.has(key)) base[key] = deepCopy(snap[key]);
    this.base = base;
    this.lost = false;
    return snap;
  }

  // The full snapshot a delta stands for (handled exactly like a received one), or null when in
  // doubt: the baseline is then dropped and resync() called, once per loss.
  applyDelta(delta) {
    if (this.lost) return null;
    let next = null;
    let doubt = this.doubt(delta);
    if (!doubt) {
      try { next = this.advance(delta); } catch (err) { doubt = err.message; }
    }
    if (!doubt && (!next || typeof next !== 'object' || Array.isArray(next))) doubt = 'the patch made no snapshot';
    else if (!doubt && next.room !== delta.room) doubt = 'the patch changes the room';
    if (doubt) {
      this.base = null;
      this.lost = true;
      this.resync(doubt);
      return null;
    }
    // The rev is not in the patch: it travels beside it.
    next = { ...next, rev: delta.rev };
    this.base = next;
    // The app gets its own copy: the baseline shares parts with the previous one, and a renderer
    // that sorted a list in place must not change what the next patch applies to.
    const snap = { type: 'snapshot', ...deepCopy(next), log: Array.isArray(delta.log) ? delta.log : [], server_time: delta.server_time };
    if (delta.id !== undefined && delta.id !== null) snap.id = delta.id;
    return snap;
  }

  // The baseline after the delta's two parts, each left out when it has nothing to say: the merge
  // patch first, then the JSON Patch.
  advance(delta) {
    let next = this.base;
    if (delta.merge !== undefined) {
      if (delta.merge === null || typeof delta.merge !== 'object' || Array.isArray(delta.merge)) throw new Error('the merge patch is not an object');
      next = applyMergePatch(next, delta.merge);
    }
    return delta.patch === undefined ? next : applyPatch(next, delta.patch);
  }

  doubt(delta) {
    if (!this.base) return 'no baseline';
    if (delta.room !== this.base.room) return `a delta for room ${delta.room}, the baseline is of ${this.base.room}`;
    if (delta.from !== this.base.rev) return `a delta from rev ${delta.from}, the baseline is at ${this.base.rev}`;
    if (!Number.isInteger(delta.rev)) return 'a delta without its rev';
    return null;
  }
}
