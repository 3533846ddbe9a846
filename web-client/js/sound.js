// Optional sounds, generated with the Web Audio API (no files). Off by default.
let enabled = false;
let ctx = null;

try { enabled = localStorage.getItem('taol.sound') === 'on'; } catch { /* private mode */ }

export function soundOn() { return enabled; }

export function setSound(on) {
  enabled = !!on;
  try { localStorage.setItem('taol.sound', enabled ? 'on' : 'off'); } catch { /* private mode */ }
  if (enabled) { audio(); play('tick'); }
}

function audio() {
  if (!ctx) {
    const Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) return null;
    ctx = new Ctor();
  }
  if (ctx.state === 'suspended') ctx.resume();
  return ctx;
}

function tone(ac, { freq, to, start = 0, dur = 0.15, type = 'sine', gain = 0.15 }) {
  const osc = ac.createOscillator();
  const g = ac.createGain();
  const t0 = ac.currentTime + start;
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

function noise(ac, { start = 0, dur = 0.25, gain = 0.2, filter = 900 }) {
  const len = Math.floor(ac.sampleRate * dur);
  const buf = ac.createBuffer(1, len, ac.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
  const src = ac.createBufferSource();
  src.buffer = buf;
  const f = ac.createBiquadFilter();
  f.type = 'lowpass';
  f.frequency.value = filter;
  const g = ac.createGain();
  g.gain.value = gain;
  src.connect(f).connect(g).connect(ac.destination);
  src.start(ac.currentTime + start);
}

const SOUNDS = {
  turn: (ac) => { tone(ac, { freq: 660, dur: 0.12 }); tone(ac, { freq: 880, start: 0.1, dur: 0.18 }); },
  flip: (ac) => { noise(ac, { dur: 0.08, gain: 0.25, filter: 3000 }); },
  splash: (ac) => { noise(ac, { dur: 0.35, gain: 0.3, filter: 1200 }); tone(ac, { freq: 300, to: 120, dur: 0.2, gain: 0.08 }); },
  tick: (ac) => { tone(ac, { freq: 1200, dur: 0.04, type: 'square', gain: 0.04 }); },
  win: (ac) => { [523, 659, 784, 1047].forEach((f, i) => tone(ac, { freq: f, start: i * 0.09, dur: 0.2, type: 'triangle' })); },
  bell: (ac) => { tone(ac, { freq: 1568, dur: 0.9, gain: 0.12 }); tone(ac, { freq: 2350, dur: 0.6, gain: 0.05 }); },
};

export function play(name) {
  if (!enabled || !SOUNDS[name]) return;
  const ac = audio();
  if (ac) SOUNDS[name](ac);
}
