/**
 * A page's state kept under a short-lived server key named in its address (issue 16 item 1, as Superset
 * does: Explore's `form_data_key`, a dashboard's `native_filters_key`): the first change after an open
 * stores the state (POST -> {key}) and the page puts the key in its address; later changes keep that key
 * current (PUT, after a quiet time). A reload, back, forward or shared link then opens the address's key.
 *
 * WHY an effect of the page and not of a feature: only the page shown has an address, and only it is
 * left (sent at once then, keepalive, so the last change is never lost).
 */
import type { Observable, Subscription } from 'rxjs';
import { hasStatus } from '../../features/api/api-error';

export interface KeyedStateSync {
  /**
   * The page opens what its address names (`key`: its key, updated while it may be), or its address no
   * longer names one (`key` null: the next change gets a new key).
   */
  opened(key: string | null): void;
  /** Sends a change still waiting for its quiet time now, keepalive (the page is being left). */
  flush(): void;
  dispose(): void;
}

export interface KeyedStateSource<B> {
  /** Emits whenever the state may have changed. */
  changes$: Observable<unknown>;
  /** What the key holds for the page shown, or null when there is nothing to keep (no object, a past view). */
  body(): B | null;
  /** What tells one body from another: a change is a body whose text differs from the last kept. */
  text(body: B): string;
  /** An open under way: what it shows is what the address already names, no change. */
  opening(): boolean;
  /**
   * Whether the first body an open shows needs a key (a dashboard's filter defaults do); by default not:
   * it is what the address names.
   */
  firstNeedsKey?(body: B): boolean;
  create(body: B): Promise<string>;
  update(key: string, body: B, keepalive: boolean): Promise<void>;
}

/**
 * `onKey(key, body)`: a new key now holds the state; the page names it in its address. Called only for
 * the open it was made in (an open since then has its own address).
 */
export function keyedStateSync<B>(
  source: KeyedStateSource<B>,
  onKey: (key: string, body: B) => void,
  quietMs: number,
): KeyedStateSync {
  // What one open of the page keeps: its key, and the state as the open showed it, then as last sent
  // (a change is a state different from it). A new open starts a new one; requests of the old one finish.
  let open: { key: string | null; shown: string | null; started: boolean; seen: boolean } = {
    key: null,
    shown: null,
    started: false,
    seen: false,
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  // One request at a time, in order: a later state never loses to an earlier one answered late.
  let chain: Promise<void> = Promise.resolve();
  // WHY stop: a 403 on POST means this user may not make keys at all (no write right on the key store);
  // the right does not come back while the page lives, so asking again would only send a refused POST on
  // every edit. The page keeps working; its address just names no key.
  let refused = false;

  function send(keepalive: boolean): void {
    const body = source.body();
    const sentFor = open;
    if (refused || !body || source.text(body) === sentFor.shown) return;
    sentFor.shown = source.text(body);
    sentFor.started = true;
    chain = chain
      .then(async () => {
        if (sentFor.key) {
          try {
            await source.update(sentFor.key, body, keepalive);
            return;
          } catch (error) {
            // Another user's key (403) or an expired one (404): the state goes under a key of this user.
            if (!hasStatus(error, 403) && !hasStatus(error, 404)) throw error;
          }
        }
        sentFor.key = await source.create(body);
        if (sentFor === open) onKey(sentFor.key, body);
      })
      // A failed store loses nothing on screen: the next change sends the whole state again, unless the
      // POST was refused (403: the update's 403 was caught above, so this one is the create's).
      .catch((error: unknown) => {
        if (hasStatus(error, 403)) refused = true;
        sentFor.shown = null;
      });
  }

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const subscription: Subscription = source.changes$.subscribe(() => {
    const body = source.body();
    if (!body) return;
    const text = source.text(body);
    if (source.opening()) {
      open.shown = text;
      return;
    }
    // The first state an open shows: a key only when it is worth one (filter defaults, not an empty bar).
    if (source.firstNeedsKey && !open.seen) {
      open.seen = true;
      if (!source.firstNeedsKey(body)) {
        open.shown = text;
        return;
      }
    }
    if (text === open.shown) return;
    // The first change gets its key at once (the address names it soon); later ones after a quiet time.
    if (!open.started) {
      send(false);
      return;
    }
    clearTimer();
    timer = setTimeout(() => {
      timer = null;
      send(false);
    }, quietMs);
  });

  function flush(): void {
    if (!timer) return;
    clearTimer();
    send(true);
  }

  return {
    opened(key) {
      flush();
      // Until the open shows its state, the state on screen is no change either (a save moving the address).
      const body = source.body();
      open = { key, shown: body ? source.text(body) : null, started: false, seen: false };
    },
    flush,
    dispose() {
      flush();
      subscription.unsubscribe();
    },
  };
}
