// The client's own addresses, shared by the modules that link to them (the replay viewer loads
// only when a replay opens, so its address cannot live in it).
export function replayPath(code, game) {
  return `/replay/${code}${game ? `?game=${game}` : ''}`;
}
