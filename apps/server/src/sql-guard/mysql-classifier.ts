/**
 * The MySQL/MariaDB side of sql-classifier.ts: each statement (split by the lexer of sql-tokens.ts, which
 * knows backticks, # comments and backslash escapes) parsed by node-sql-parser's MariaDB grammar. A
 * statement it cannot read is refused (deny by default), as is, in a read-only run, every kind that is not
 * SELECT, SHOW, DESCRIBE, EXPLAIN or SET of a run-tuning variable.
 */
import { Parser } from 'node-sql-parser';
import { dmlRefusal, IDENTITY, OUTSIDE, securityRefusal, type Refusal, type Statement } from './refusals';
import { functionRule } from './sql-functions';
import { splitStatements } from './sql-tokens';

type Node = Record<string, unknown>;
const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null;

const parser = new Parser();

/** Variables a read-only run may set: they tune this run only. User variables (`@x`) are always fine. */
const RUN_VARIABLES = new Set([
  'max_statement_time',
  'max_execution_time',
  'time_zone',
  'sql_select_limit',
  'group_concat_max_len',
  'lc_time_names',
  'div_precision_increment',
  'join_buffer_size',
  'sort_buffer_size',
  'tmp_table_size',
  'max_heap_table_size',
  'optimizer_switch',
  'optimizer_search_depth',
  'cte_max_recursion_depth',
  'max_recursive_iterations',
]);
/**
 * Never set by user SQL: the read-only mode and autocommit (which would end the read-only transaction),
 * how the server reads SQL text (the classifier parses with the defaults), the binary log, and the
 * connection user's password and role.
 */
const GUARDED_VARIABLES = new Set([
  'transaction_read_only',
  'tx_read_only',
  'read_only',
  'super_read_only',
  'autocommit',
  'sql_mode',
  'character_set_client',
  'character_set_connection',
  'sql_log_bin',
  'pseudo_thread_id',
  'password', // SET PASSWORD = '...' parses as a variable
  'role',
]);
const SERVER_SCOPES = new Set(['global', 'persist', 'persist_only']);

const READ_ONLY_TYPES = new Set(['select', 'show', 'desc', 'explain', 'set']);
const IDENTITY_TYPES = new Set(['grant', 'revoke']);

interface Findings {
  always: string | null;
  readOnly: string | null;
}

export function classifyMysqlScript(script: string): Statement[] {
  return splitStatements(script, 'mysql').map(classifyStatement);
}

function parsed(sql: string): Node | null {
  try {
    const ast = parser.astify(sql, { database: 'mariadb' }) as unknown;
    const list = Array.isArray(ast) ? ast : [ast];
    return list.length === 1 && isObject(list[0]) ? list[0] : null;
  } catch {
    return null;
  }
}

function classifyStatement(sql: string): Statement {
  const ast = parsed(sql);
  if (!ast) {
    const refusal = securityRefusal(
      sql,
      'mysql',
      'the SQL check cannot read this statement, and statements it cannot read are refused',
    );
    return { sql, isSelect: false, isMutation: true, refused: refusal, readOnlyRefused: refusal };
  }
  const type = String(ast.type ?? '').toLowerCase();
  const found: Findings = { always: null, readOnly: null };
  if (
    IDENTITY_TYPES.has(type) ||
    (type === 'create' && ['user', 'role'].includes(String(ast.keyword ?? '').toLowerCase()))
  )
    found.always = IDENTITY;
  const into = ast.into as Node | undefined;
  const intoFile = type === 'select' && /^(OUTFILE|DUMPFILE)$/i.test(String(into?.keyword ?? ''));
  if (intoFile) found.always ??= OUTSIDE;
  if (type === 'set') checkSet(ast, found);
  walk(ast, found);
  const selectInto = type === 'select' && !!into?.expr;
  const isMutation = !READ_ONLY_TYPES.has(type) || selectInto;
  let readOnlyRefused: Refusal | null = null;
  if (!READ_ONLY_TYPES.has(type))
    readOnlyRefused = dmlRefusal(sql, 'mysql', `is not a read-only statement (${type.toUpperCase()})`);
  else if (selectInto) readOnlyRefused = dmlRefusal(sql, 'mysql', 'writes its rows somewhere (SELECT ... INTO)');
  else if (found.readOnly) readOnlyRefused = dmlRefusal(sql, 'mysql', found.readOnly);
  return {
    sql,
    isSelect: type === 'select' && !isMutation,
    isMutation,
    refused: found.always ? securityRefusal(sql, 'mysql', found.always) : null,
    readOnlyRefused,
  };
}

/** `SET a = 1, @@session.b = 2, GLOBAL c = 3`: every assignment is checked. */
function checkSet(ast: Node, found: Findings): void {
  if (SERVER_SCOPES.has(String(ast.keyword ?? '').toLowerCase())) found.always ??= IDENTITY;
  for (const assign of (ast.expr as Node[] | undefined) ?? []) {
    const left = assign.left as Node | undefined;
    if (left?.prefix === '@') continue; // a user variable: only this connection's value
    let name = String(left?.name ?? '').toLowerCase();
    const members = ((left?.members as string[] | undefined) ?? []).map((m) => String(m).toLowerCase());
    if (left?.prefix === '@@' && members.length > 0) {
      if (SERVER_SCOPES.has(name)) {
        found.always ??= IDENTITY;
        continue;
      }
      name = members[0];
    }
    if (GUARDED_VARIABLES.has(name)) found.always ??= IDENTITY;
    else if (!RUN_VARIABLES.has(name)) found.readOnly ??= `sets \`${name}\`, which a read-only run may not change`;
  }
}

function walk(node: unknown, found: Findings): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, found);
    return;
  }
  if (!isObject(node)) return;
  if (node.type === 'function') {
    const parts = ((node.name as Node | undefined)?.name as Node[] | undefined) ?? [];
    const name = String(parts.at(-1)?.value ?? '').toLowerCase();
    const rule = functionRule('mysql', name);
    if (rule === 'outside')
      found.always ??= `${name}() reaches files, programs, other databases or other sessions, which is refused on every database`;
    else if (rule === 'writes') found.readOnly ??= `calls ${name}(), which changes data or the session`;
  }
  for (const value of Object.values(node)) walk(value, found);
}
