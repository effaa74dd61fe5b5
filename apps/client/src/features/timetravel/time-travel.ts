import { BehaviorSubject, combineLatest, map, of, switchMap, type Observable, type Subscription } from 'rxjs';
import type { EventLike, LogEntry } from '@strata/events';
import type { FeatureStore } from '../../shared/feature-store';
import { parseExport, type TimeTravelExport } from './export-format';

// Any feature's store: the panel only reads logs and moves cursors, whatever the state's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFeatureStore = FeatureStore<any, EventLike>;

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
  private readonly subscriptions: Subscription[] = [];

  /** null = live; otherwise how many timeline entries are shown. */
  readonly cursor$ = new BehaviorSubject<number | null>(null);
  /** Whether the panel is open: how the page is looked at, not a fact of any store. */
  readonly open$ = new BehaviorSubject<boolean>(false);
  readonly timeline$: Observable<TimelineEntry[]> = this.stores$.pipe(
    switchMap((stores) =>
      stores.length === 0
        ? of([] as { name: string; entries: readonly LogEntry[] }[])
        : combineLatest(stores.map((s) => s.store.log$.pipe(map((entries) => ({ name: s.name, entries }))))),
    ),
    map((logs) => this.merge(logs)),
  );

  register(store: AnyFeatureStore): void {
    if (this.stores$.value.some((s) => s.name === store.name))
      throw new Error(`store '${store.name}' is registered twice`);
    // Subscribed for the page's lifetime: arrival order is taken when entries appear, panel open or not.
    this.subscriptions.push(store.store.log$.subscribe((entries) => entries.forEach((e) => this.arrived(e))));
    this.stores$.next([...this.stores$.value, store]);
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
    this.cursor$.next(position);
  }

  /** Back to the present in every store. */
  resume(): void {
    for (const s of this.stores$.value) s.store.resume();
    this.cursor$.next(null);
  }

  toggle(): void {
    this.open$.next(!this.open$.value);
  }

  exportLog(exportedAt: string): TimeTravelExport {
    return {
      format: 'strata-event-log',
      version: 1,
      exportedAt,
      stores: this.storeNames,
      events: this.timeline().map(({ store, entry }) => ({ store, event: entry })),
    };
  }

  /**
   * Replaces the logs of the stores named in the file (a bug report's events) and shows them live.
   * Returns how many events were loaded and the store names the page does not have.
   */
  importLog(data: unknown): { imported: number; unknownStores: string[] } {
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
    return { imported, unknownStores };
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.unsubscribe());
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
