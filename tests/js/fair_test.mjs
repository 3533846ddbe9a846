// Fair races on the client's side (web-client/js/fair.js): the answer to a clock probe, the `t`
// an act carries (the moment of the input that chose it), a round trip read as a signal, and the
// seat list a round trip alone does not redraw.
//
// Usage: node tests/js/fair_test.mjs
import assert from 'node:assert/strict';
import { clockReply, InputClock, signalLevel, seatsWithoutRtt } from '../../web-client/js/fair.js';

const tests = {
  'a probe is answered with its number and the time given'() {
    assert.deepEqual(clockReply({ type: 'clock', n: 7 }, 1234.5), { type: 'clock', n: 7, t: 1234.5 });
    assert.deepEqual(clockReply({ type: 'clock', n: 0 }, 0.25), { type: 'clock', n: 0, t: 0.25 });
  },
  'the answer has no id: nothing waits for an answer to it'() {
    assert.equal('id' in clockReply({ type: 'clock', n: 3, id: 9 }, 1), false);
  },
  'other messages and broken probes get no answer'() {
    assert.equal(clockReply({ type: 'pong', t: 1 }, 5), null);
    assert.equal(clockReply({ type: 'clock' }, 5), null);
    assert.equal(clockReply({ type: 'clock', n: '3' }, 5), null);
    assert.equal(clockReply({ type: 'clock', n: 1.5 }, 5), null);
    assert.equal(clockReply(null, 5), null);
  },
  'an act carries the moment of the click that chose it'() {
    const c = new InputClock();
    c.note(1000, 1003); // the click happened at 1000, its handler ran at 1003
    assert.equal(c.actTime(1040), 1000, 'sent 40 ms later (after a picker\'s confirm): still the click');
  },
  'the last input wins (the final click of a two-step choice)'() {
    const c = new InputClock();
    c.note(1000, 1001);
    c.note(1500, 1502);
    assert.equal(c.actTime(1510), 1500);
  },
  'without a recent input the act carries the time it is sent'() {
    const c = new InputClock();
    assert.equal(c.actTime(500), 500, 'no input yet');
    c.note(1000, 1000);
    assert.equal(c.actTime(2500), 2500, 'an input 1.5 s old did not choose this act');
  },
  'an event stamp that does not fit is replaced by the handler\'s time'() {
    const c = new InputClock();
    c.note(1.7e12, 2000); // an epoch time (old browsers)
    assert.equal(c.actTime(2010), 2000);
    c.note(0, 3000);
    assert.equal(c.actTime(3001), 3000);
    c.note(NaN, 4000);
    assert.equal(c.actTime(4001), 4000);
    c.note(100, 5000); // far in the past
    assert.equal(c.actTime(5001), 5000);
  },
  'a round trip reads as 3, 2 or 1 bars'() {
    assert.equal(signalLevel(0), 'good');
    assert.equal(signalLevel(42), 'good');
    assert.equal(signalLevel(79), 'good');
    assert.equal(signalLevel(80), 'fair');
    assert.equal(signalLevel(199), 'fair');
    assert.equal(signalLevel(200), 'poor');
    assert.equal(signalLevel(1500), 'poor');
  },
  'no round trip, no signal'() {
    for (const x of [undefined, null, '42', NaN, -1, Infinity]) assert.equal(signalLevel(x), null, String(x));
  },
  'a new round trip alone leaves the seat list as it was'() {
    const a = [{ seat: 0, name: 'Katell', connected: true, rtt_ms: 42 }, { seat: 1, name: 'Bot', bot: true, connected: true }];
    const b = [{ seat: 0, name: 'Katell', connected: true, rtt_ms: 61 }, { seat: 1, name: 'Bot', bot: true, connected: true }];
    assert.equal(JSON.stringify(seatsWithoutRtt(a)), JSON.stringify(seatsWithoutRtt(b)));
    assert.equal(a[0].rtt_ms, 42, 'the room is untouched');
  },
  'a round trip that comes or goes changes it'() {
    const a = [{ seat: 0, name: 'Katell', connected: true }];
    const b = [{ seat: 0, name: 'Katell', connected: true, rtt_ms: 42 }];
    assert.notEqual(JSON.stringify(seatsWithoutRtt(a)), JSON.stringify(seatsWithoutRtt(b)));
    assert.deepEqual(seatsWithoutRtt(undefined), []);
  },
};

let failed = 0;
for (const [name, fn] of Object.entries(tests)) {
  try { fn(); } catch (err) { failed += 1; console.error(`FAIL ${name}: ${err.message}`); }
}
if (failed) {
  console.error(`fair: ${failed} failed`);
  process.exit(1);
}
console.log(`fair: ${Object.keys(tests).length} cases passed`);
