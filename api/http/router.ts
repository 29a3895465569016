/**
 * The API's router (issue "Performance at scale" §4): Hono's TrieRouter (the catalogue's paths, with a static
 * segment and a parameter at the same place, are beyond its RegExpRouter), with the last MATCH_CACHE_SIZE
 * answers kept by method and path. A register or a form is asked for again and again by the same path, and
 * the trie's walk over every catalogue route was 4-5% of a small read.
 *
 * Hono uses a match only to read from it (handlers in order, and the parameters of each), so one match may
 * serve every request of the same method and path. Adding a route forgets every kept match.
 */
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** At most this many matches are kept; the whole cache is forgotten when it is full (unknown paths cannot grow it). */
export const MATCH_CACHE_SIZE = 2000;

/** A Router that keeps its matches; see the module comment. */
export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter(TrieRouter)';
  private readonly inner: Router<T> = new TrieRouter<T>();
  private readonly matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.matches.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.matches.get(key);
    if (result === undefined) {
      result = this.inner.match(method, path);
      if (this.matches.size >= MATCH_CACHE_SIZE) this.matches.clear();
      this.matches.set(key, result);
    }
    return result;
  }
}
