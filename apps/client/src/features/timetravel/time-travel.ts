import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  map,
  of,
  switchMap,
  type Observable,
  type Subscription,
} from 'rxjs';
import type { EventLike, LogEntry, Store } from '@strata/events';
import { APP_VERSION, parseExport, type ServerStreamEvents, type TimeTravelExport } from './export-format';

/**
 * What the panel travels over: a feature store (shared/feature-store.ts), or any @strata/events store
 * with a name (the dashboard's draft session). The panel only reads logs and moves cursors, whatever
 * the state's type; `refused$` tells it an intent the store refused because the page showed the past.
 */
export interface TimeTravelSource {
  readonly name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly store: Store<any, EventLike>;
  readonly refused$?: Observable<readonly string[]>;
}
type AnyFeatureStore = TimeTravelSource;

/** Why the page did not do what the user asked: shown by the read-only bar until Live or another scrub. */
export const READ_ONLY_REFUSAL = 'Read-only: you are viewing the past. Return to live to make changes.';

/** One event of the page, across all stores, in the order the page saw them. */
export interface TimelineEntry {
  store: string;
  entry: LogEntry;
}

/**
 * Time travel over every store of the page (DESIGN "Client"). Each store keeps its own log and
 * cursor; this merges the logs into one timeline in arrival order and moves all cursors together:
 * position p shows, in each store, the state after that store's events among the first p.
 */
export class TimeTravel {
  private readonly stores$ = new BehaviorSubject<readonly AnyFeatureStore[]>([]);
  /** Arrival order of every entry ever seen, so logs of separate stores interleave as they happened. */
  private readonly arrival = new WeakMap<LogEntry, number>();
  private nextArrival = 0;
  private readonly subscriptions = new Map<AnyFeatureStore, Subscription>();
  /** Where the server events of the objects on screen are read, and which streams are on screen. */
  private readonly screens = new Set<() => readonly string[]>();

  /** null = live; otherwise how many timeline entries are shown. */
  readonly cursor$ = new BehaviorSubject<number | null>(null);
  /** Whether the panel is open: how the page is looked at, not a fact of any store. */
  readonly open$ = new BehaviorSubject<boolean>(false);
  /** While scrubbed into the past the page is read-only: edit controls bind this to look disabled. */
  readonly readOnly$: Observable<boolean> = this.cursor$.pipe(
    map((c) => c !== null),
    distinctUntilChanged(),
  );
  /** The last refusal while scrubbed (what was refused, why), or null: the read-only bar says it. */
  readonly refusal$ = new BehaviorSubject<string | null>(null);
  /** The server events of the last imported report, by stream (empty before any import of a version 2 file). */
  readonly importedServerEvents$ = new BehaviorSubject<readonly ServerStreamEvents[]>([]);
  readonly timeline$: Observable<TimelineEntry[]> = this.stores$.pipe(
    switchMap((stores) =>
      stores.length === 0
        ? of([] as { name: string; entries: readonly LogEntry[] }[])
        : combineLatest(stores.map((s) => s.store.log$.pipe(map((entries) => ({ name: s.name, entries }))))),
    ),
    map((logs) => this.merge(logs)),
  );

  get readOnly(): boolean {
    return this.cursor$.value !== null;
  }

  /**
   * Joins a store to the timeline; returns how to leave it (a store that lives as long as a part of the
   * page, such as the draft of edit mode or the filter configuration, leaves when that part closes).
   */
  register(store: AnyFeatureStore): () => void {
    if (this.stores$.value.some((s) => s.name === store.name))
      throw new Error(`store '${store.name}' is registered twice`);
    // Subscribed while registered: arrival order is taken when entries appear, panel open or not.
    const subscription = store.store.log$.subscribe((entries) => entries.forEach((e) => this.arrived(e)));
    if (store.refused$) subscription.add(store.refused$.subscribe((types) => this.refuse(types.join(', '))));
    this.subscriptions.set(store, subscription);
    this.stores$.next([...this.stores$.value, store]);
    // Joined while the page shows the past: everything it holds came after that moment.
    if (this.readOnly) store.store.scrubTo(0);
    return () => this.unregister(store);
  }

  /**
   * Names the server streams of what the page shows (`dashboard:12`, `chart:3`) while it shows it;
   * "Report a bug" exports their events. Returns how to say it is no longer on screen.
   */
  onScreen(streams: () => readonly string[]): () => void {
    this.screens.add(streams);
    return () => this.screens.delete(streams);
  }

  /** The server streams of the objects on screen now, each once. */
  streamsOnScreen(): string[] {
    return [...new Set([...this.screens].flatMap((streams) => streams()))];
  }

  /**
   * Something the user asked for was refused because the page shows the past (a store's `record`, the
   * draft session, the read-only guard of the page). Only said while scrubbed.
   */
  refuse(what?: string): void {
    if (!this.readOnly) return;
    this.refusal$.next(what ? `${READ_ONLY_REFUSAL} (refused: ${what})` : READ_ONLY_REFUSAL);
  }

  get storeNames(): string[] {
    return this.stores$.value.map((s) => s.name);
  }

  timeline(): TimelineEntry[] {
    return this.merge(this.stores$.value.map((s) => ({ name: s.name, entries: s.store.log$.value })));
  }

  /** Shows every store as it was after the first `position` events of the timeline (0 = page start). */
  scrubTo(position: number): void {
    const timeline = this.timeline();
    if (!Number.isInteger(position) || position < 0 || position > timeline.length) {
      throw new RangeError(`cannot scrub to ${position}: the timeline has ${timeline.length} events`);
    }
    const counts = new Map<string, number>();
    for (const { store } of timeline.slice(0, position)) counts.set(store, (counts.get(store) ?? 0) + 1);
    for (const s of this.stores$.value) s.store.scrubTo(counts.get(s.name) ?? 0);
    this.refusal$.next(null);
    this.cursor$.next(position);
  }

  /** Back to the present in every store. */
  resume(): void {
    for (const s of this.stores$.value) s.store.resume();
    this.refusal$.next(null);
    this.cursor$.next(null);
  }

  toggle(): void {
    this.open$.next(!this.open$.value);
  }

  /**
   * The page's timeline as a file. A bug report adds the server events of the objects on screen
   * (`server`, read by the caller, see report.ts); the app version says which code the events ran on.
   */
  exportLog(exportedAt: string, server: readonly ServerStreamEvents[] = []): TimeTravelExport {
    return {
      format: 'strata-event-log',
      version: 2,
      exportedAt,
      appVersion: APP_VERSION,
      stores: this.storeNames,
      events: this.timeline().map(({ store, entry }) => ({ store, event: entry })),
      server: [...server],
    };
  }

  /**
   * Replaces the logs of the stores named in the file (a bug report's events) and shows them live.
   * Returns how many events were loaded and the store names the page does not have.
   */
  importLog(data: unknown): { imported: number; unknownStores: string[]; serverEvents: number; appVersion: string } {
    const parsed = parseExport(data);
    this.resume();
    const byStore = new Map<string, LogEntry[]>();
    for (const { store, event } of parsed.events) {
      // Taken in file order, so the imported timeline keeps its interleaving.
      this.arrived(event);
      byStore.set(store, [...(byStore.get(store) ?? []), event]);
    }
    const known = new Set(this.storeNames);
    let imported = 0;
    for (const s of this.stores$.value) {
      const entries = byStore.get(s.name);
      if (entries === undefined) continue;
      s.store.importLog(entries);
      imported += entries.length;
    }
    const unknownStores = [...byStore.keys()].filter((name) => !known.has(name));
    this.importedServerEvents$.next(parsed.server);
    const serverEvents = parsed.server.reduce((n, s) => n + s.events.length, 0);
    return { imported, unknownStores, serverEvents, appVersion: parsed.appVersion };
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.unsubscribe());
    this.subscriptions.clear();
  }

  private unregister(store: AnyFeatureStore): void {
    if (!this.stores$.value.includes(store)) return;
    this.subscriptions.get(store)?.unsubscribe();
    this.subscriptions.delete(store);
    // A store that outlives its part of the page must not stay in the past.
    if (store.store.cursor$.value !== null) store.store.resume();
    this.stores$.next(this.stores$.value.filter((s) => s !== store));
  }

  private arrived(entry: LogEntry): void {
    if (!this.arrival.has(entry)) this.arrival.set(entry, this.nextArrival++);
  }

  private merge(logs: readonly { name: string; entries: readonly LogEntry[] }[]): TimelineEntry[] {
    const all = logs.flatMap(({ name, entries }) =>
      entries.map((entry) => {
        this.arrived(entry);
        return { store: name, entry };
      }),
    );
    return all.sort((a, b) => this.arrival.get(a.entry)! - this.arrival.get(b.entry)!);
  }
}
