import { PostProcessingError, PostProcessingMessages } from './data-frame';

/**
 * Typed reads of a step's options. Options come from API clients as JSON, so every read checks its type
 * and a wrong one is a PostProcessingError naming the option, never a crash further down.
 */
export class Options {
  constructor(
    private readonly operation: string,
    private readonly values: Record<string, unknown> = {},
  ) {}

  private fail(key: string, expected: string): never {
    throw new PostProcessingError(PostProcessingMessages.BAD_OPTION, key, this.operation, expected);
  }

  has(key: string): boolean {
    return this.values[key] !== undefined && this.values[key] !== null;
  }

  raw(key: string): unknown {
    return this.values[key];
  }

  string(key: string): string | undefined {
    const v = this.values[key];
    if (v === undefined || v === null) return undefined;
    return typeof v === 'string' ? v : this.fail(key, 'expected a string');
  }

  requiredString(key: string): string {
    return this.string(key) ?? this.fail(key, 'required');
  }

  strings(key: string): string[] {
    const v = this.values[key];
    if (v === undefined || v === null) return [];
    if (typeof v === 'string') return [v];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    return this.fail(key, 'expected a list of column names');
  }

  boolean(key: string, fallback: boolean): boolean {
    const v = this.values[key];
    if (v === undefined || v === null) return fallback;
    return typeof v === 'boolean' ? v : this.fail(key, 'expected true or false');
  }

  number(key: string): number | undefined {
    const v = this.values[key];
    if (v === undefined || v === null) return undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : this.fail(key, 'expected a number');
  }

  integer(key: string, min: number): number | undefined {
    const v = this.number(key);
    if (v === undefined) return undefined;
    return Number.isInteger(v) && v >= min ? v : this.fail(key, `expected an integer of at least ${min}`);
  }

  /** A {source: target} mapping of column names. */
  mapping(key: string): Record<string, string> {
    const v = this.values[key];
    if (v === undefined || v === null) return {};
    if (typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string'))
      return v as Record<string, string>;
    return this.fail(key, 'expected an object mapping column names to column names');
  }

  record(key: string): Record<string, unknown> {
    const v = this.values[key];
    if (v === undefined || v === null) return {};
    return typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : this.fail(key, 'expected an object');
  }
}
