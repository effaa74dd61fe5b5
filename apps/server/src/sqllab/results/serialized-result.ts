/**
 * A finished run's rows serialized ONCE, as the bytes every answer sends: execute's first
 * DISPLAY_MAX_ROW rows, /results/ (any `rows`), the results backend's blob. Serving stored rows never
 * parses and re-serializes them (on 100,000 rows that was most of /results/'s time, apps/bench).
 *
 * Layout: one header line (JSON: columns, row count, where each chunk of CHUNK_ROWS rows ends), a
 * newline, then the data as one JSON array. The rows are stringified a chunk at a time (as fast as one
 * JSON.stringify of the whole array; one call per row was twice as slow), so the first N rows are a
 * byte slice when N is a multiple of CHUNK_ROWS (DISPLAY_MAX_ROW, SQL_MAX_ROW) and otherwise a slice plus
 * the re-serialized start of one chunk.
 */
import type { QueryColumn } from '@strata/domain';

const FORMAT = 'strata-rows/1';
export const CHUNK_ROWS = 1000;
const NEWLINE = 0x0a; // ends the header line; JSON.stringify never emits a raw one
const EMPTY = Buffer.from('[]');
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The rows and columns of a run, as execute answers them (REFERENCE §1.2). */
export interface ResultRows {
  data: Record<string, unknown>[];
  columns: QueryColumn[];
  selected_columns: QueryColumn[];
  expanded_columns: QueryColumn[];
}

export interface ResultHeader {
  format: typeof FORMAT;
  rows: number;
  columns: QueryColumn[];
  selected_columns: QueryColumn[];
  expanded_columns: QueryColumn[];
  /** Byte offset in the data array (from its '[') just past each chunk's last row. */
  chunkEnds: number[];
}

export class SerializedResult {
  private constructor(
    /** The whole blob: header line + data array. */
    readonly bytes: Buffer,
    readonly header: ResultHeader,
    private readonly dataStart: number,
  ) {}

  static fromRows(result: ResultRows): SerializedResult {
    const builder = new SerializedResultBuilder();
    builder.add(result.data);
    return builder.finish(result.data.length, result);
  }

  /** For SerializedResultBuilder only. */
  static fromParts(
    parts: Buffer[],
    chunkEnds: number[],
    rows: number,
    columns: Omit<ResultRows, 'data'>,
  ): SerializedResult {
    const header: ResultHeader = {
      format: FORMAT,
      rows,
      columns: columns.columns,
      selected_columns: columns.selected_columns,
      expanded_columns: columns.expanded_columns,
      chunkEnds,
    };
    const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
    return new SerializedResult(Buffer.concat([headerLine, OPEN, ...parts, CLOSE]), header, headerLine.length);
  }

  /** Reads a blob written by fromRows, or a plain JSON result of the earlier format (still within its TTL). */
  static fromBytes(bytes: Buffer): SerializedResult {
    const end = bytes.indexOf(NEWLINE);
    if (end > 0) {
      const header = tryParse(bytes.subarray(0, end).toString('utf8'));
      if (isHeader(header)) return new SerializedResult(bytes, header, end + 1);
    }
    const legacy = JSON.parse(bytes.toString('utf8')) as Partial<ResultRows>;
    return SerializedResult.fromRows({
      data: legacy.data ?? [],
      columns: legacy.columns ?? [],
      selected_columns: legacy.selected_columns ?? legacy.columns ?? [],
      expanded_columns: legacy.expanded_columns ?? [],
    });
  }

  get rowCount(): number {
    return this.header.rows;
  }

  /** The JSON array of the first `rows` rows (all of them when rows >= rowCount). */
  dataJson(rows: number = this.header.rows): Buffer {
    if (rows >= this.header.rows) return this.bytes.subarray(this.dataStart);
    if (rows <= 0) return EMPTY;
    const chunk = Math.floor(rows / CHUNK_ROWS);
    const within = rows % CHUNK_ROWS;
    const ends = this.header.chunkEnds;
    if (within === 0)
      return Buffer.concat([this.bytes.subarray(this.dataStart, this.dataStart + ends[chunk - 1]!), CLOSE]);
    // The cut falls inside a chunk: keep the chunks before it as bytes, re-serialize that chunk's start.
    const chunkStart = chunk === 0 ? 1 : ends[chunk - 1]! + 1;
    const text = this.bytes.toString('utf8', this.dataStart + chunkStart, this.dataStart + ends[chunk]!);
    const head = (JSON.parse(`[${text}]`) as unknown[]).slice(0, within);
    return Buffer.concat([
      this.bytes.subarray(this.dataStart, this.dataStart + chunkStart),
      Buffer.from(JSON.stringify(head).slice(1)),
    ]);
  }

  /** Parsed rows, for the few callers that need values (tests, small results). */
  rows(limit?: number): Record<string, unknown>[] {
    return JSON.parse(this.dataJson(limit).toString('utf8')) as Record<string, unknown>[];
  }
}

/**
 * Serializes rows as they arrive (a run's rows streamed from the engine), each chunk once, as soon as
 * the row after it arrives: the size of the result is known while it is read, so a cap stops the
 * statement there instead of after the whole result was held and serialized; the row objects of a
 * serialized chunk are not kept. The last row is always still pending at `finish`, so a run that read
 * one row past its limit drops it without re-serializing anything.
 */
export class SerializedResultBuilder {
  private readonly parts: Buffer[] = [];
  private readonly chunkEnds: number[] = [];
  /** Bytes of the data array so far, from its '['. */
  private length = 1;
  private serializedRows = 0;
  private pending: Record<string, unknown>[] = [];

  /** `onGrow` sees the size after each chunk and may throw to stop the reading (a payload cap). */
  constructor(private readonly onGrow: (bytes: number) => void = () => undefined) {}

  get rowCount(): number {
    return this.serializedRows + this.pending.length;
  }

  add(rows: readonly Record<string, unknown>[]): void {
    for (const row of rows) {
      if (this.pending.length === CHUNK_ROWS) this.serialize(this.pending.splice(0));
      this.pending.push(row);
    }
  }

  /** The result of the first `keepRows` rows (at most one fewer than were added). */
  finish(keepRows: number, columns: Omit<ResultRows, 'data'>): SerializedResult {
    const last = this.pending.slice(0, Math.max(0, keepRows - this.serializedRows));
    this.pending = [];
    if (last.length > 0) this.serialize(last);
    return SerializedResult.fromParts(this.parts, this.chunkEnds, this.serializedRows, columns);
  }

  private serialize(rows: Record<string, unknown>[]): void {
    const json = Buffer.from(JSON.stringify(rows));
    if (this.serializedRows > 0) {
      this.parts.push(COMMA);
      this.length += 1;
    }
    this.parts.push(json.subarray(1, json.length - 1));
    this.length += json.length - 2;
    this.chunkEnds.push(this.length);
    this.serializedRows += rows.length;
    this.onGrow(this.length);
  }
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isHeader = (v: unknown): v is ResultHeader =>
  typeof v === 'object' && v !== null && (v as ResultHeader).format === FORMAT;
