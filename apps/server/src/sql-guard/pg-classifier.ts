/**
 * The PostgreSQL side of sql-classifier.ts. The script is parsed by libpg-query (PostgreSQL 18's own
 * grammar), so what is classified is what the server will read: identifiers are already normalized
 * (unquoted ones lower-cased, "quoted" and U&"escaped" ones resolved), strings and comments are not
 * code, and each statement is cut from the script at the parser's own offsets.
 */
import { loadModule, parse } from 'libpg-query';
import { dmlRefusal, IDENTITY, OUTSIDE, securityRefusal, type Refusal, type Statement } from './refusals';
import { functionRule } from './sql-functions';

type Node = Record<string, unknown>;
const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/** Settings a read-only run may change (SET, RESET, set_config): they tune this run and nothing else. */
const RUN_SETTINGS = new Set([
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'search_path',
  'timezone',
  'datestyle',
  'intervalstyle',
  'extra_float_digits',
  'bytea_output',
  'xmloption',
  'xmlbinary',
  'lc_monetary',
  'lc_numeric',
  'lc_time',
  'application_name',
  'client_min_messages',
  'work_mem',
  'hash_mem_multiplier',
  'temp_buffers',
  'effective_cache_size',
  'random_page_cost',
  'seq_page_cost',
  'cpu_tuple_cost',
  'cpu_index_tuple_cost',
  'cpu_operator_cost',
  'cursor_tuple_fraction',
  'default_statistics_target',
  'from_collapse_limit',
  'join_collapse_limit',
  'constraint_exclusion',
  'plan_cache_mode',
  'max_parallel_workers_per_gather',
  'row_security',
  'transaction_isolation',
  'transaction_deferrable',
  'default_transaction_isolation',
  'default_transaction_deferrable',
]);
const RUN_SETTING_PREFIXES = ['enable_', 'jit', 'geqo', 'parallel_'];
const isRunSetting = (name: string) => RUN_SETTINGS.has(name) || RUN_SETTING_PREFIXES.some((p) => name.startsWith(p));

/**
 * Settings user SQL never changes: who the session is and its read-only mode; how the server reads SQL
 * text (this classifier parses with the defaults, so changing them would let the server read something
 * else than what was checked); replication role (turns off triggers and foreign keys); and custom
 * `a.b` settings, which row-level security policies often read.
 */
const GUARDED_SETTINGS = new Set([
  'role',
  'session_authorization',
  'default_transaction_read_only',
  'transaction_read_only',
  'standard_conforming_strings',
  'backslash_quote',
  'client_encoding',
  'session_replication_role',
]);
const isGuarded = (name: string) => GUARDED_SETTINGS.has(name) || name.includes('.');

/** Statements that reach beyond the database or change identities, refused on every database. */
const OUTSIDE_STATEMENTS: Record<string, string> = {
  DoStmt: 'a DO block runs SQL this check cannot read',
  LoadStmt: OUTSIDE,
  AlterSystemStmt: OUTSIDE,
  CreateFdwStmt: OUTSIDE,
  CreateForeignServerStmt: OUTSIDE,
  AlterForeignServerStmt: OUTSIDE,
  CreateUserMappingStmt: OUTSIDE,
  AlterUserMappingStmt: OUTSIDE,
  ImportForeignSchemaStmt: OUTSIDE,
  CreateRoleStmt: IDENTITY,
  AlterRoleStmt: IDENTITY,
  AlterRoleSetStmt: IDENTITY,
  DropRoleStmt: IDENTITY,
  GrantRoleStmt: IDENTITY,
  DiscardStmt: IDENTITY,
};
/** Extensions that reach other databases or the file system. */
const OUTSIDE_EXTENSIONS = new Set([
  'dblink',
  'postgres_fdw',
  'file_fdw',
  'adminpack',
  'mysql_fdw',
  'oracle_fdw',
  'tds_fdw',
]);

/** Statements that write wherever they are (a CTE, EXPLAIN ANALYZE). */
const WRITES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
};

interface Findings {
  always: string | null;
  readOnly: string | null;
  writes: boolean;
}

let loaded: Promise<void> | undefined;

export async function classifyPgScript(script: string): Promise<Statement[]> {
  await (loaded ??= loadModule());
  let tree: { stmts?: { stmt?: Node; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = await parse(script);
  } catch (err) {
    const refusal: Refusal = {
      errorType: 'SYNTAX_ERROR',
      message: `PostgreSQL cannot read this SQL: ${(err as Error).message}.`,
    };
    return [{ sql: script.trim(), isSelect: false, isMutation: true, refused: refusal, readOnlyRefused: refusal }];
  }
  const bytes = Buffer.from(script, 'utf8');
  return (tree.stmts ?? []).flatMap(({ stmt, stmt_location = 0, stmt_len }) => {
    // Offsets are in bytes of the UTF-8 text; a statement without a length runs to the end.
    const sql = bytes
      .subarray(stmt_location, stmt_len === undefined || stmt_len === 0 ? undefined : stmt_location + stmt_len)
      .toString('utf8')
      .trim();
    return stmt ? [classifyStatement(sql, stmt)] : [];
  });
}

function classifyStatement(sql: string, stmt: Node): Statement {
  const [kind, body] = Object.entries(stmt)[0] as [string, Node];
  const found: Findings = { always: null, readOnly: null, writes: false };
  walk(stmt, found, true);
  const topWrite = topLevelWrite(kind, body);
  const isMutation = found.writes || topWrite !== null;
  const refused = found.always ? securityRefusal(sql, 'postgresql', found.always) : null;
  let readOnlyRefused: Refusal | null = null;
  if (topWrite) readOnlyRefused = dmlRefusal(sql, 'postgresql', topWrite);
  else if (found.writes) readOnlyRefused = dmlRefusal(sql, 'postgresql', 'contains a statement that changes data');
  else if (found.readOnly) readOnlyRefused = dmlRefusal(sql, 'postgresql', found.readOnly);
  return { sql, isSelect: kind === 'SelectStmt' && !isMutation, isMutation, refused, readOnlyRefused };
}

/** Why the statement itself is not on the read-only allow-list, or null when it is. */
function topLevelWrite(kind: string, body: Node): string | null {
  switch (kind) {
    case 'SelectStmt':
      return body.intoClause ? 'creates a table (SELECT INTO)' : null;
    case 'VariableShowStmt':
      return null;
    case 'ExplainStmt':
      // EXPLAIN ANALYZE runs its statement: it must be allowed itself.
      return analyzes(body) ? topLevelWrite(...(Object.entries(body.query as Node)[0] as [string, Node])) : null;
    case 'VariableSetStmt': {
      const name = String(body.name ?? '').toLowerCase();
      if (body.kind === 'VAR_SET_MULTI' || isRunSetting(name)) return null;
      return `changes \`${name || 'every setting'}\`, which a read-only run may not change`;
    }
    default:
      return WRITES[kind]
        ? `changes data (${WRITES[kind]})`
        : `is not a read-only statement (${kind.replace(/Stmt$/, '')})`;
  }
}

function analyzes(explain: Node): boolean {
  const options = (explain.options as Node[] | undefined) ?? [];
  return options.some((o) => {
    const def = o.DefElem as Node | undefined;
    if (def?.defname !== 'analyze') return false;
    const value = (def.arg as { String?: { sval?: string }; Boolean?: { boolval?: boolean } } | undefined) ?? null;
    if (value?.String) return !['false', 'off', '0', 'no'].includes(String(value.String.sval).toLowerCase());
    if (value?.Boolean) return value.Boolean.boolval === true;
    return true;
  });
}

/** Visits every node; `runs` is false inside an EXPLAIN without ANALYZE (planned, never executed). */
function walk(node: unknown, found: Findings, runs: boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, found, runs);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (!isObject(value)) {
      if (Array.isArray(value)) walk(value, found, runs);
      continue;
    }
    if (key === 'ExplainStmt') {
      walk(value, found, runs && analyzes(value));
      continue;
    }
    if (WRITES[key] && runs) found.writes = true;
    if (key === 'SelectStmt' && value.intoClause && runs) found.writes = true;
    if (key === 'FuncCall') checkFunction(value, found);
    if (key === 'VariableSetStmt') checkSetting(value, found);
    if (key === 'CopyStmt' && (value.filename || value.is_program)) found.always ??= OUTSIDE;
    if (key === 'CreateExtensionStmt' && OUTSIDE_EXTENSIONS.has(String(value.extname).toLowerCase()))
      found.always ??= OUTSIDE;
    if (OUTSIDE_STATEMENTS[key]) found.always ??= OUTSIDE_STATEMENTS[key];
    walk(value, found, runs);
  }
}

function checkSetting(set: Node, found: Findings): void {
  if (set.kind === 'VAR_RESET_ALL') {
    found.always ??= IDENTITY;
    return;
  }
  if (set.kind === 'VAR_SET_MULTI') {
    // SET TRANSACTION / SET SESSION CHARACTERISTICS AS TRANSACTION ...: READ WRITE is transaction_read_only = 0.
    const readWrite = ((set.args as Node[] | undefined) ?? []).some((a) => {
      const def = a.DefElem as Node | undefined;
      return def?.defname === 'transaction_read_only' && !literalOf(def.arg);
    });
    if (readWrite) found.always ??= IDENTITY;
    return;
  }
  if (isGuarded(String(set.name ?? '').toLowerCase())) found.always ??= IDENTITY;
}

/** A constant's value (string, number or boolean), through a cast; undefined when it is an expression. */
function literalOf(node: unknown): string | number | boolean | undefined {
  if (!isObject(node)) return undefined;
  if (isObject(node.TypeCast)) return literalOf(node.TypeCast.arg);
  const constant = node.A_Const as Node | undefined;
  if (!constant) return undefined;
  if (isObject(constant.sval)) return String(constant.sval.sval ?? '');
  if (isObject(constant.ival)) return Number(constant.ival.ival ?? 0);
  if (isObject(constant.boolval)) return constant.boolval.boolval === true;
  return undefined;
}

function checkFunction(call: Node, found: Findings): void {
  const parts = (call.funcname as Node[] | undefined) ?? [];
  const last = parts.at(-1)?.String as { sval?: string } | undefined;
  const name = String(last?.sval ?? '').toLowerCase();
  if (name === 'set_config') {
    const setting = literalOf((call.args as unknown[] | undefined)?.[0]);
    if (typeof setting !== 'string')
      found.always ??= 'set_config() is allowed only with a literal setting name it can be checked against';
    else if (isGuarded(setting.trim().toLowerCase())) found.always ??= IDENTITY;
    else if (!isRunSetting(setting.trim().toLowerCase()))
      found.readOnly ??= `changes \`${setting}\`, which a read-only run may not change`;
    return;
  }
  const rule = functionRule('postgresql', name);
  if (rule === 'outside')
    found.always ??= `${name}() reaches files, programs, other databases or other sessions, which is refused on every database`;
  else if (rule === 'writes') found.readOnly ??= `calls ${name}(), which changes data or the session`;
}
