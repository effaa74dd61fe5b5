/**
 * What an audit row says about its event never changes once written: the log is append-only, so the
 * summary and the object's name as they were then are fixed. Only who did it may read differently (a
 * user renamed since), so the summary is kept with `WHO` in place of the actor and filled in per answer.
 *
 * PROBLEM: describing an event of a long stream means folding the stream from its start (a dashboard's
 * draft with 10,000 edits takes about a second on the 2-core machine), and every page of that stream
 * would fold it again.
 * SOLUTION: when a stream is read whole (page-context.ts), every event of it is described and kept here
 * (bounded, least recently used out first), so the following pages read none of it; rows described
 * without their stream (most: a chart's row needs only its name then) are kept too.
 * WHEN TO REMOVE: when summaries come from a read model written as events arrive.
 */
import { Injectable } from '@nestjs/common';

/** Stands for the actor's name in a kept summary (no username can hold a NUL). */
export const WHO = '\u0000who\u0000';

export interface Described {
  /** The summary with `WHO` for the actor. */
  summary: string;
  /** The object's name as the row shows it (as it was then), or null. */
  objectName: string | null;
}

export const ROW_CACHE_SIZE = 200_000;

@Injectable()
export class AuditRowCache {
  private readonly rows = new Map<string, Described>();
  capacity = ROW_CACHE_SIZE;

  get(eventId: string): Described | undefined {
    const found = this.rows.get(eventId);
    if (found !== undefined) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.rows.delete(eventId);
      this.rows.set(eventId, found);
    }
    return found;
  }

  set(eventId: string, described: Described): void {
    this.rows.delete(eventId);
    this.rows.set(eventId, described);
    while (this.rows.size > this.capacity) this.rows.delete(this.rows.keys().next().value!);
  }
}
