/**
 * Formula annotations (Superset: a formula in x such as `y = 2*x + 1`, drawn over the chart's x values,
 * which for a time axis are epoch milliseconds). No expression library is installed, so this is a small
 * recursive-descent parser that only knows numbers, x, + - * / % ^, parentheses, a few constants and
 * Math functions: nothing a formula names can reach code or properties.
 */

export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

const FUNCTIONS: Readonly<Record<string, (...args: number[]) => number>> = {
  abs: Math.abs,
  sqrt: Math.sqrt,
  cbrt: Math.cbrt,
  exp: Math.exp,
  log: Math.log,
  ln: Math.log,
  log10: Math.log10,
  log2: Math.log2,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
  sign: Math.sign,
  min: Math.min,
  max: Math.max,
  pow: Math.pow,
};
const CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, e: Math.E };

type Node = (x: number) => number;

interface Token {
  kind: 'num' | 'id' | 'op';
  text: string;
  at: number;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  const re =
    /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/%^(),]))/y;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) throw new FormulaError(`Unexpected '${src.slice(i).trim()[0]}' in the formula`);
    const at = m.index + m[0].length - (m[1] ?? m[2] ?? m[3])!.length;
    if (m[1] !== undefined) tokens.push({ kind: 'num', text: m[1], at });
    else if (m[2] !== undefined) tokens.push({ kind: 'id', text: m[2], at });
    else tokens.push({ kind: 'op', text: m[3] === '**' ? '^' : m[3]!, at });
    i = re.lastIndex;
  }
  return tokens;
}

/** Compiles a formula in x (`y = 2*x + 1`, `x^2`, `sin(x / 1000)`) into a function; FormulaError when it is not one. */
export function compileFormula(formula: string): (x: number) => number {
  if (formula.length > 1000) throw new FormulaError('The formula is too long');
  const body = formula.replace(/^\s*y\s*=(?!=)/i, '');
  const tokens = tokenize(body);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (text: string) => peek()?.kind === 'op' && peek()!.text === text;
  const expect = (text: string) => {
    if (!isOp(text)) throw new FormulaError(`Expected '${text}' in the formula`);
    pos++;
  };

  // expression := term (('+'|'-') term)*
  const expression = (): Node => {
    let left = term();
    while (isOp('+') || isOp('-')) {
      const op = tokens[pos++]!.text;
      const l = left;
      const r = term();
      left = op === '+' ? (x) => l(x) + r(x) : (x) => l(x) - r(x);
    }
    return left;
  };
  // term := unary (('*'|'/'|'%') unary | implicit multiplication)*
  const term = (): Node => {
    let left = unary();
    for (;;) {
      if (isOp('*') || isOp('/') || isOp('%')) {
        const op = tokens[pos++]!.text;
        const l = left;
        const r = unary();
        left = op === '*' ? (x) => l(x) * r(x) : op === '/' ? (x) => l(x) / r(x) : (x) => l(x) % r(x);
      } else if (peek() && (peek()!.kind !== 'op' || peek()!.text === '(')) {
        // 2x, 3(x + 1)
        const l = left;
        const r = unary();
        left = (x) => l(x) * r(x);
      } else return left;
    }
  };
  // unary := ('-'|'+') unary | power
  const unary = (): Node => {
    if (isOp('-')) {
      pos++;
      const inner = unary();
      return (x) => -inner(x);
    }
    if (isOp('+')) {
      pos++;
      return unary();
    }
    return power();
  };
  // power := primary ('^' unary)?   (right-associative)
  const power = (): Node => {
    const base = primary();
    if (!isOp('^')) return base;
    pos++;
    const exponent = unary();
    return (x) => Math.pow(base(x), exponent(x));
  };
  const primary = (): Node => {
    const t = tokens[pos++];
    if (!t) throw new FormulaError('The formula ends too early');
    if (t.kind === 'num') {
      const n = Number(t.text);
      return () => n;
    }
    if (t.kind === 'op' && t.text === '(') {
      const inner = expression();
      expect(')');
      return inner;
    }
    if (t.kind === 'id') {
      const id = t.text.toLowerCase();
      if (id === 'x') return (x) => x;
      if (Object.prototype.hasOwnProperty.call(CONSTANTS, id)) {
        const c = CONSTANTS[id]!;
        return () => c;
      }
      if (Object.prototype.hasOwnProperty.call(FUNCTIONS, id)) {
        const fn = FUNCTIONS[id]!;
        expect('(');
        const args: Node[] = [expression()];
        while (isOp(',')) {
          pos++;
          args.push(expression());
        }
        expect(')');
        return (x) => fn(...args.map((a) => a(x)));
      }
      throw new FormulaError(`Unknown name '${t.text}' in the formula (use x)`);
    }
    throw new FormulaError(`Unexpected '${t.text}' in the formula`);
  };

  if (tokens.length === 0) throw new FormulaError('The formula is empty');
  const node = expression();
  if (pos < tokens.length) throw new FormulaError(`Unexpected '${tokens[pos]!.text}' in the formula`);
  return node;
}

/** The formula's points at the given x values; a value that is not finite (1/0, log(-1)) is a gap (null). */
export function formulaPoints(formula: string, xs: readonly number[]): [number, number | null][] {
  const f = compileFormula(formula);
  return xs.map((x) => {
    const y = f(x);
    return [x, Number.isFinite(y) ? y : null];
  });
}
