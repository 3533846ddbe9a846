// Fair races, the client's part (PROTOCOL.md, "Fair races"): the answer to a clock probe, the
// moment a person acted (sent with `act` as `t`), and how a seat's round trip reads as a signal.
// Pure: no DOM, no imports (tests/js/fair_test.mjs runs it under Node).

// The answer to a `{"type":"clock","n"}` probe, stamped with `now` (performance.now()), or null
// for anything else. Sent at once: the server times the round trip.
export function clockReply(msg, now) {
  if (!msg || msg.type !== 'clock' || !Number.isInteger(msg.n)) return null;
  return { type: 'clock', n: msg.n, t: now };
}

// An input this old no longer stands for the act being sent (one that no click chose).
const INPUT_FRESH_MS = 1000;

// Remembers the moment of the person's last input (click, tap, key) and gives the `t` of an act.
export class InputClock {
  constructor() { this.at = null; }

  // `stamp`: the event's timeStamp (when the input happened, on performance.now()'s clock);
  // `now`: performance.now() in the handler. A stamp that does not fit is replaced by `now`.
  note(stamp, now) {
    this.at = Number.isFinite(stamp) && stamp > 0 && stamp <= now + 1 && now - stamp < INPUT_FRESH_MS ? stamp : now;
  }

  // The `t` of an act sent `now`: the input that chose it, or `now` when none did lately.
  actTime(now) {
    return this.at !== null && now - this.at >= 0 && now - this.at < INPUT_FRESH_MS ? this.at : now;
  }
}

// A round trip as a signal: 'good' (< 80 ms), 'fair' (< 200 ms), 'poor', or null when unknown.
export function signalLevel(rttMs) {
  if (typeof rttMs !== 'number' || !Number.isFinite(rttMs) || rttMs < 0) return null;
  return rttMs < 80 ? 'good' : rttMs < 200 ? 'fair' : 'poor';
}

// The seats without their round trips: what decides whether a seat list is drawn again (a round
// trip changes every few seconds and is updated in place; only its coming or going redraws).
export function seatsWithoutRtt(seats) {
  return (seats || []).map(({ rtt_ms: rtt, ...rest }) => ({ ...rest, rtt: typeof rtt === 'number' }));
}
