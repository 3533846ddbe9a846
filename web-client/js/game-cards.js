// A game's static card data as the server publishes it (GET /api/games/<id>, "cards"; the C++
// game holds the one copy). Fetched once per game id; a failed fetch is forgotten, so that the
// next call tries again.
const cache = new Map(); // game id -> Promise<cards>

export function gameCards(id) {
  if (!cache.has(id)) {
    const loading = fetch(`/api/games/${encodeURIComponent(id)}`)
      .then((res) => {
        if (!res.ok) throw new Error(`GET /api/games/${id}: ${res.status}`);
        return res.json();
      })
      .then((entry) => entry.cards ?? null);
    loading.catch(() => cache.delete(id));
    cache.set(id, loading);
  }
  return cache.get(id);
}
