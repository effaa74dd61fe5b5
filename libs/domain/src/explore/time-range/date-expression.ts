import { addUnits, isCalendarUnit, lastDayOf, truncateTo, type CalendarUnit } from './calendar';
import { parseHumanDatetime } from './human-datetime';
import { TimeRangeError } from './time-range-error';

/**
 * The small date language of the advanced time range (Superset's): DATETIME("text"), DATEADD(expr, n,
 * unit), DATETRUNC(expr, unit), LASTDAY(expr, unit) and DATEDIFF(expr, expr[, day|year]) as the n of a
 * DATEADD. Names and units are case-insensitive; strings take single or double quotes.
 * e.g. DATEADD(DATETIME("2020-03-01"), -7, day) is 2020-02-23.
 */
export const DATE_EXPRESSION = /^(DATETIME|DATEADD|DATETRUNC|LASTDAY|HOLIDAY)\s*\(/i;

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'int'; value: number }
  | { kind: 'punct'; text: '(' | ')' | ',' };

function tokenize(source: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: 'punct', text: ch });
      i++;
    } else if (ch === '"' || ch === "'") {
      const end = source.indexOf(ch, i + 1);
      if (end < 0) return null;
      tokens.push({ kind: 'string', text: source.slice(i + 1, end) });
      i = end + 1;
    } else {
      const m = /^(?:[+-]?\d+|[A-Za-z_]+)/.exec(source.slice(i));
      if (!m) return null;
      const text = m[0];
      tokens.push(/\d/.test(text) ? { kind: 'int', value: Number(text) } : { kind: 'word', text: text.toLowerCase() });
      i += text.length;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly now: Date,
  ) {}

  done(): boolean {
    return this.pos === this.tokens.length;
  }

  private next(): Token | undefined {
    return this.tokens[this.pos++];
  }

  private expect(text: '(' | ')' | ','): void {
    const t = this.next();
    if (!t || t.kind !== 'punct' || t.text !== text) throw new SyntaxError(text);
  }

  /** A trailing comma before ')' is allowed, as in Superset's grammar. */
  private close(): void {
    const t = this.tokens[this.pos];
    if (t && t.kind === 'punct' && t.text === ',') this.pos++;
    this.expect(')');
  }

  private unit(allowed?: readonly CalendarUnit[]): CalendarUnit {
    const t = this.next();
    if (!t || t.kind !== 'word' || !isCalendarUnit(t.text) || (allowed && !allowed.includes(t.text)))
      throw new SyntaxError('unit');
    return t.text;
  }

  date(): Date {
    const t = this.next();
    if (!t || t.kind !== 'word') throw new SyntaxError('function');
    this.expect('(');
    switch (t.text) {
      case 'datetime': {
        const s = this.next();
        if (!s || s.kind !== 'string') throw new SyntaxError('string');
        this.expect(')');
        return parseHumanDatetime(s.text, this.now);
      }
      case 'dateadd': {
        const base = this.date();
        this.expect(',');
        const amount = this.integer();
        this.expect(',');
        const unit = this.unit();
        this.close();
        return addUnits(base, amount, unit);
      }
      case 'datetrunc': {
        const base = this.date();
        this.expect(',');
        const unit = this.unit();
        this.close();
        return truncateTo(base, unit);
      }
      case 'lastday': {
        const base = this.date();
        this.expect(',');
        const unit = this.unit(['year', 'quarter', 'month', 'week', 'day']);
        this.close();
        return lastDayOf(base, unit as 'year' | 'quarter' | 'month' | 'week' | 'day');
      }
      default:
        // HOLIDAY needs a holiday calendar per country, which Strata does not ship.
        throw new SyntaxError(t.text);
    }
  }

  private integer(): number {
    const t = this.tokens[this.pos];
    if (t && t.kind === 'int') {
      this.pos++;
      return t.value;
    }
    if (t && t.kind === 'word' && t.text === 'datediff') {
      this.pos++;
      this.expect('(');
      const from = this.date();
      this.expect(',');
      const to = this.date();
      let unit: CalendarUnit = 'day';
      const sep = this.tokens[this.pos];
      if (sep && sep.kind === 'punct' && sep.text === ',' && this.tokens[this.pos + 1]?.kind === 'word') {
        this.pos++;
        unit = this.unit(['day', 'year']);
      }
      this.close();
      if (unit === 'year') return to.getUTCFullYear() - from.getUTCFullYear();
      // Whole days, truncated toward zero like Python's timedelta.days for positive spans.
      return Math.floor((to.getTime() - from.getTime()) / 86_400_000);
    }
    throw new SyntaxError('integer');
  }
}

/** Evaluates one date expression; anything it cannot read is 'Cannot parse time string [...]'. */
export function evaluateDateExpression(expression: string, now: Date): Date {
  const tokens = tokenize(expression);
  if (!tokens) throw TimeRangeError.cannotParse(expression);
  const parser = new Parser(tokens, now);
  try {
    const result = parser.date();
    if (!parser.done()) throw new SyntaxError('trailing');
    return result;
  } catch (error) {
    if (error instanceof TimeRangeError) throw error;
    throw TimeRangeError.cannotParse(expression);
  }
}
