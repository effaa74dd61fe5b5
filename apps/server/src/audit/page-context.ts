/**
 * What audit rows need besides the rows: the earlier events of their streams, so each summary and each
 * object name is as it was then. Two queries for the whole page (in parallel), never one per row:
 * - a stream read whole up to the row, only for a row whose summary folds earlier events
 *   (`summaryReadsEarlierEvents`: a dashboard naming a chart from its layout, a query run naming its tab);
 *   every event of such a stream is described while it is at hand (row-cache.ts keeps them), so the next
 *   page of the same stream reads nothing;
 * - the objects' names, from as few events as exactness allows (name-history.ts).
 * Any other row is summarized alone: for its type that says the same as its stream would.
 *
 * PROBLEM (issue 13 item 6, measured on 1,000,000 events): an actor's page of 25 rows touches about 24
 * charts and dashboards; reading them whole and describing all 1,150 of their events made it 12 to 44
 * times the raw page query (p95 up to 231 ms), when a chart's row needs only the chart's name then.
 */
import { summarize, summarizeStream, summaryReadsEarlierEvents } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { DataSource } from 'typeorm';
import { toEnvelopes, versionAtPosition, type EventRow } from '../event-store/event-rows';
import { isFoldedStream, nameSourceOf, objectOfEvent, type AuditObjectRef } from './audit-objects';
import { readNameChanges, type NameChanges, type NameNeed } from './name-history';
import { WHO, type Described } from './row-cache';

/** Where a stream is read whole: up to the newest row whose summary folds its earlier events. */
type WholeNeeds = Map<string, number>;

export class PageContext {
  private constructor(
    /** The streams read whole (up to the page's newest row needing them), in position order. */
    private readonly whole: Map<string, Envelope[]>,
    private readonly names: Map<string, NameChanges>,
    /** How many events were read (after upcasting): what the page cost, for tests. */
    readonly eventsRead: number,
  ) {}

  /** Reads what `rows` need: the streams their summaries fold, their objects' names at each row. */
  static async load(dataSource: DataSource, rows: readonly Envelope[]): Promise<PageContext> {
    const wholeUpTo: WholeNeeds = new Map();
    const nameNeeds = new Map<string, NameNeed>();
    const needName = (object: AuditObjectRef | null, from: number, upto: number) => {
      const source = object === null ? null : nameSourceOf(object);
      if (source === null) return;
      const need = nameNeeds.get(source.stream) ?? { ...source, from, upto };
      nameNeeds.set(source.stream, { ...need, from: Math.min(need.from, from), upto: Math.max(need.upto, upto) });
    };
    for (const row of rows) {
      const position = row.position ?? 0;
      if (isFoldedStream(row.stream) && summaryReadsEarlierEvents(row.type))
        wholeUpTo.set(row.stream, Math.max(wholeUpTo.get(row.stream) ?? 0, position));
      needName(objectOfEvent(row), position, position);
    }
    // Every event of a stream read whole is described too: its object's names are needed from its start.
    for (const [stream, upto] of wholeUpTo)
      needName(objectOfEvent({ stream, type: '', data: null } as unknown as Envelope), 0, upto);
    const [whole, names] = await Promise.all([
      readWhole(dataSource, wholeUpTo),
      readNameChanges(dataSource, [...nameNeeds.values()]),
    ]);
    let read = names.eventsRead;
    for (const events of whole.values()) read += events.length;
    return new PageContext(whole, names.changes, read);
  }

  /**
   * The object's name just before the event at `position` (what a summary of that event calls it), and
   * the name shown on its row: that one, or for the event that named it first (its creation), the name
   * it got.
   */
  nameAt(object: AuditObjectRef | null, position: number): { before: string | undefined; shown: string | null } {
    const source = object === null ? null : nameSourceOf(object);
    const changes = source === null ? [] : (this.names.get(source.stream) ?? []);
    let before: string | undefined;
    let after: string | undefined;
    for (const [at, name] of changes) {
      if (at < position) before = name;
      if (at <= position) after = name;
      else break;
    }
    return { before, shown: before ?? after ?? null };
  }

  /**
   * Each row, and every event of the streams read whole, described with `WHO` for its actor (keyed by
   * event id: an upcaster may turn one stored event into several at the same position). A stream read
   * whole is summarized with its earlier events (`summarizeStream` names tabs and filters as they were
   * then); any other row alone, which for its type says the same (`summaryReadsEarlierEvents`).
   */
  describe(rows: readonly Envelope[]): Map<string, Described> {
    const out = new Map<string, Described>();
    const describeOne = (event: Envelope, object: AuditObjectRef | null, summary: string | undefined) => {
      const name = this.nameAt(object, event.position ?? 0);
      out.set(event.id, {
        summary: summary ?? `${WHO} recorded '${event.type}'`,
        objectName: name.shown,
      });
    };
    for (const events of this.whole.values()) {
      const object = objectOfEvent(events[0]);
      const texts = safely(events, () =>
        summarizeStream(events, (i) => ({
          who: WHO,
          objectName: this.nameAt(object, events[i].position ?? 0).before,
        })),
      );
      events.forEach((event, i) => {
        if (texts[i] !== undefined) describeOne(event, object, texts[i]);
      });
    }
    for (const row of rows) {
      if (out.has(row.id)) continue;
      const object = objectOfEvent(row);
      const input = { who: WHO, objectName: this.nameAt(object, row.position ?? 0).before };
      describeOne(row, object, safely([row], () => [summarize(row, input)])[0]);
    }
    return out;
  }
}

/** Each stream of `upTo` from its start up to its position, in one query, in position order. */
async function readWhole(dataSource: DataSource, upTo: WholeNeeds): Promise<Map<string, Envelope[]>> {
  const out = new Map<string, Envelope[]>();
  if (upTo.size === 0) return out;
  const found = (await dataSource.query(
    // LATERAL: each stream an index scan of its own range, whatever the planner's statistics say.
    `SELECT e.* FROM unnest($1::text[], $2::bigint[]) AS w(stream, upto)
      CROSS JOIN LATERAL (
        SELECT position, id, stream, version, type, data, meta FROM events
         WHERE stream = w.stream AND version <= ${versionAtPosition('w.stream', 'w.upto')}
      ) e`,
    [[...upTo.keys()], [...upTo.values()]],
  )) as EventRow[];
  // Sorted here, not in SQL: for a stream of 10,000 events the database's sort of the wide rows cost
  // more than reading them.
  found.sort((a, b) => Number(a.position) - Number(b.position));
  for (const event of toEnvelopes(found)) {
    if (!out.has(event.stream)) out.set(event.stream, []);
    out.get(event.stream)!.push(event);
  }
  return out;
}

/**
 * A summary that throws (a stored payload no upcaster brought up to today's shape) must not take the
 * whole audit page down: such a stream's rows are summarized one by one, and one that still throws reads
 * as what was recorded, by type.
 */
function safely(events: readonly Envelope[], texts: () => string[]): (string | undefined)[] {
  try {
    return texts();
  } catch {
    return events.map(() => undefined);
  }
}
