/**
 * What a database login could do beyond reading its own database, found out from the database itself
 * before the login is registered (issue 10 item 6). Users' SQL runs with the login's powers: a superuser
 * can read and write server files, run programs, become any role, and reach Strata's own metadata
 * database (dblink, postgres_fdw, COPY ... PROGRAM); SQL Lab's checks are then the only barrier.
 */
import { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../common/error-body';
import { EngineError, type ConnectionSpec, type QueryEngine } from '../engines/query-engine';
import type { ConfirmedLogin } from '@strata/domain';

/** The body flag an admin sends to register a login after reading the warning. */
export const CONFIRM_FLAG = 'confirm_dangerous_login';

/**
 * Checks the login of `spec` on `engine` (which connects with it): nothing to say for an ordinary login;
 * a 422 warning for a dangerous one unless the admin confirmed it, then what was confirmed (recorded as
 * an event). A login that cannot be checked (no connection) is refused with the connection's error.
 */
export async function checkLogin(
  engine: QueryEngine,
  spec: ConnectionSpec,
  confirmed: boolean | undefined,
): Promise<ConfirmedLogin | undefined> {
  let risks: string[];
  try {
    risks = await loginRisks(engine);
  } catch (err) {
    if (err instanceof EngineError)
      throw new StrataHttpException(err.status === 422 ? 422 : 400, err.errorType as ErrorType, err.message);
    throw err;
  }
  if (risks.length === 0) return undefined;
  if (confirmed !== true) {
    throw new StrataHttpException(
      422,
      ErrorType.CONNECTION_DATABASE_PERMISSIONS_ERROR,
      `The login "${spec.username}" can do more than read this database: ${risks.join('; ')}. ` +
        `Everyone who may query this database in SQL Lab or charts would act with these powers. Use a login ` +
        `with only the privileges users need, or send "${CONFIRM_FLAG}": true to register it anyway.`,
      { dangerous_login: risks },
    );
  }
  return { username: spec.username, risks };
}

const PG_RISKS = `
  SELECT r.rolsuper AS superuser, r.rolcreaterole AS createrole, r.rolbypassrls AS bypassrls,
    (SELECT string_agg(g.rolname, ', ' ORDER BY g.rolname) FROM pg_roles g
      WHERE g.rolname IN ('pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program')
        AND pg_has_role(session_user, g.oid, 'MEMBER')) AS file_roles,
    (SELECT string_agg(extname, ', ' ORDER BY extname) FROM pg_extension WHERE extname IN ('dblink', 'postgres_fdw')) AS extensions
  FROM pg_roles r WHERE r.rolname = session_user`;

// The privileges of the connected account itself, as SHOW GRANTS would list them.
const MYSQL_RISKS = `
  SELECT DISTINCT PRIVILEGE_TYPE AS privilege FROM information_schema.USER_PRIVILEGES
  WHERE GRANTEE = CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1), '''@''', SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''')
    AND PRIVILEGE_TYPE IN ('SUPER', 'FILE', 'CREATE USER', 'GRANT OPTION')
  ORDER BY privilege`;

/** The login's risks, in words an admin reads in the warning; empty when it is an ordinary login. */
export async function loginRisks(engine: QueryEngine): Promise<string[]> {
  const session = await engine.openSession();
  try {
    await session.begin({ readOnly: true });
    const result = await session.execute(engine.backend === 'postgresql' ? PG_RISKS : MYSQL_RISKS);
    await session.rollback();
    return engine.backend === 'postgresql'
      ? pgRisks(result.rows[0] ?? {})
      : result.rows.map((r) => mysqlRisk(String(r.privilege)));
  } finally {
    await session.release();
  }
}

function pgRisks(row: Record<string, unknown>): string[] {
  const risks: string[] = [];
  if (row.superuser === true)
    risks.push('it is a superuser: it can read and write server files, run programs and become any role');
  if (row.createrole === true) risks.push('it can create roles (CREATEROLE)');
  if (row.bypassrls === true) risks.push('it bypasses row-level security (BYPASSRLS)');
  if (row.file_roles) risks.push(`it can reach the server's files or programs (${String(row.file_roles)})`);
  if (row.extensions)
    risks.push(`the database can reach other databases, Strata's own included (${String(row.extensions)})`);
  return risks;
}

function mysqlRisk(privilege: string): string {
  switch (privilege) {
    case 'SUPER':
      return 'it has the SUPER privilege: it can change the server for everyone';
    case 'FILE':
      return "it has the FILE privilege: it can read and write the server's files";
    default:
      return `it has the ${privilege} privilege: it can create users or grant privileges`;
  }
}
