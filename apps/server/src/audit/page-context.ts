/**
 * What audit rows need besides the rows: the earlier events of their streams, so each summary and each
 * object name is as it was then. Each stream is read ONCE per page, from its start up to the highest
 * position the page needs (one query for all of them), never once per row; and every event of a stream
 * read is described while it is at hand (row-cache.ts keeps them), so the next page of the same stream
 * reads nothing.
 */
import { summarize, summarizeStream } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { DataSource } from 'typeorm';
import { toEnvelopes, type EventRow } from '../event-store/event-rows';
import { isFoldedStream, nameSourceOf, objectOfEvent, type AuditObjectRef } from './audit-objects';
import { WHO, type Described } from './row-cache';

/** A name's history on one stream: [position, name after that event], in position order. */
type NameChanges = [number, string][];

export class PageContext {
  private constructor(
    private readonly history: Map<string, Envelope[]>,
    private readonly names: Map<string, NameChanges>,
  ) {}

  /** Reads what `rows` need: their folded streams up to each row, their objects' name streams up to each row. */
  static async load(dataSource: DataSource, rows: readonly Envelope[]): Promise<PageContext> {
    const upTo = new Map<string, number>();
    const need = (stream: string, position: number) => upTo.set(stream, Math.max(upTo.get(stream) ?? 0, position));
    const nameKeys = new Map<string, string>();
    for (const row of rows) {
      if (isFoldedStream(row.stream)) need(row.stream, row.position ?? 0);
      const object = objectOfEvent(row);
      const source = object === null ? null : nameSourceOf(object);
      if (source !== null) {
        need(source.stream, row.position ?? 0);
        nameKeys.set(source.stream, source.key);
      }
    }
    // A folded stream's earlier events are described too: their objects' names are needed up to them.
    for (const stream of upTo.keys()) {
      const source = isFoldedStream(stream) ? objectNameSource(stream) : null;
      if (source !== null) {
        need(source.stream, upTo.get(stream)!);
        nameKeys.set(source.stream, source.key);
      }
    }
    const streams = [...upTo.keys()];
    const found =
      streams.length === 0
        ? []
        : ((await dataSource.query(
            `SELECT e.position, e.id, e.stream, e.version, e.type, e.data, e.meta
               FROM unnest($1::text[], $2::bigint[]) AS w(stream, upto)
               JOIN events e ON e.stream = w.stream AND e.position <= w.upto`,
            [streams, streams.map((s) => upTo.get(s))],
          )) as EventRow[]);
    // Sorted here, not in SQL: for a stream of 10,000 events the database's sort of the wide rows cost
    // more than reading them.
    found.sort((a, b) => Number(a.position) - Number(b.position));
    const history = new Map<string, Envelope[]>();
    for (const event of toEnvelopes(found)) {
      const list = history.get(event.stream) ?? [];
      list.push(event);
      history.set(event.stream, list);
    }
    const names = new Map<string, NameChanges>();
    for (const [stream, key] of nameKeys) {
      const changes: NameChanges = [];
      for (const event of history.get(stream) ?? []) {
        const name = (event.data as Record<string, unknown> | null)?.[key];
        if (typeof name === 'string') changes.push([event.position ?? 0, name]);
      }
      names.set(stream, changes);
    }
    return new PageContext(history, names);
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
   * Each row, and every event of the folded streams read, described with `WHO` for its actor (keyed by
   * event id: an upcaster may turn one stored event into several at the same position). A folded
   * stream's events are summarized with the stream's earlier events (`summarizeStream` names tabs and
   * filters as they were then), the others alone.
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
    for (const [stream, events] of this.history) {
      if (!isFoldedStream(stream)) continue;
      const object = events.length === 0 ? null : objectOfEvent(events[0]);
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

/** The stream holding the name of a folded stream's object (`dashboard-draft:7` -> `dashboard:7`). */
function objectNameSource(stream: string): { stream: string; key: string } | null {
  const object = objectOfEvent({ stream, type: '', data: null } as unknown as Envelope);
  return object === null ? null : nameSourceOf(object);
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
