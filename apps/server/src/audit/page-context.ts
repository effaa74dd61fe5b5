/**
 * What a page of audit rows needs besides the rows: the earlier events of their streams, so each summary
 * and each object name is as it was then. Each stream is read ONCE per page, from its start up to the
 * highest position the page needs (one query for all of them), never once per row.
 */
import { summarize, summarizeStream } from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { DataSource } from 'typeorm';
import { toEnvelopes, type EventRow } from '../event-store/event-rows';
import { isFoldedStream, nameSourceOf, type AuditObjectRef } from './audit-objects';

/** A name's history on one stream: [position, name after that event], in position order. */
type NameChanges = [number, string][];

export class PageContext {
  private constructor(
    private readonly history: Map<string, Envelope[]>,
    private readonly names: Map<string, NameChanges>,
  ) {}

  /** Reads what `rows` need: their folded streams up to each row, their objects' name streams up to each row. */
  static async load(dataSource: DataSource, rows: readonly Envelope[], objects: readonly (AuditObjectRef | null)[]) {
    const upTo = new Map<string, number>();
    const need = (stream: string, position: number) => upTo.set(stream, Math.max(upTo.get(stream) ?? 0, position));
    const nameKeys = new Map<string, string>();
    rows.forEach((row, i) => {
      if (isFoldedStream(row.stream)) need(row.stream, row.position ?? 0);
      const object = objects[i];
      const source = object === null ? null : nameSourceOf(object);
      if (source !== null) {
        need(source.stream, row.position ?? 0);
        nameKeys.set(source.stream, source.key);
      }
    });
    const streams = [...upTo.keys()];
    const found =
      streams.length === 0
        ? []
        : ((await dataSource.query(
            `SELECT e.position, e.id, e.stream, e.version, e.type, e.data, e.meta
               FROM unnest($1::text[], $2::bigint[]) AS w(stream, upto)
               JOIN events e ON e.stream = w.stream AND e.position <= w.upto
              ORDER BY e.position`,
            [streams, streams.map((s) => upTo.get(s))],
          )) as EventRow[]);
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
   * The object's name just before the event at `position` (what a summary of that event calls it), or,
   * for the event that named it first (its creation), the name it got.
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
   * The summary of each row (keyed by position): a folded stream's rows are summarized with the stream's
   * earlier events (`summarizeStream` names tabs and filters as they were then), the others alone.
   */
  summaries(
    rows: readonly Envelope[],
    objects: readonly (AuditObjectRef | null)[],
    who: (event: Envelope) => string,
  ): Map<number, string> {
    const out = new Map<number, string>();
    const wanted = new Set(rows.map((r) => r.position ?? 0));
    const objectOfStream = new Map<string, AuditObjectRef | null>();
    rows.forEach((row, i) => objectOfStream.set(row.stream, objects[i]));
    for (const [stream, object] of objectOfStream) {
      if (!isFoldedStream(stream)) continue;
      const events = this.history.get(stream) ?? [];
      const texts = summarizeStream(events, (i) =>
        // Only the page's rows are shown: the earlier events' inputs do not matter, skip the lookups.
        wanted.has(events[i].position ?? 0)
          ? { who: who(events[i]), objectName: this.nameAt(object, events[i].position ?? 0).before }
          : { who: '' },
      );
      events.forEach((event, i) => {
        if (wanted.has(event.position ?? 0)) out.set(event.position ?? 0, texts[i]);
      });
    }
    rows.forEach((row, i) => {
      const position = row.position ?? 0;
      if (!out.has(position))
        out.set(position, summarize(row, { who: who(row), objectName: this.nameAt(objects[i], position).before }));
    });
    return out;
  }
}
