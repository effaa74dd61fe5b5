import { BUILT_IN_ROLES, BuiltInRole } from './built-in-roles';
import { canAddChart, canDownloadCsv, canWriteDashboard, hasPermission, type PermissionSubject } from './permissions';

const withRole = (role: BuiltInRole): PermissionSubject => ({ roles: [role], permissions: BUILT_IN_ROLES[role] });
const has = (role: BuiltInRole, permission: string, view: string) =>
  BUILT_IN_ROLES[role].some(([p, v]) => p === permission && v === view);

describe('built-in roles (REFERENCE §6.1)', () => {
  it('REFERENCE §6.1: the five roles Admin, Alpha, Gamma, sql_lab and Public exist', () => {
    expect(Object.keys(BUILT_IN_ROLES).sort()).toEqual(['Admin', 'Alpha', 'Gamma', 'Public', 'sql_lab']);
  });

  it('REFERENCE §6.1: Admin holds every pair any other built-in role holds', () => {
    for (const role of Object.values(BuiltInRole)) {
      for (const [p, v] of BUILT_IN_ROLES[role]) expect(has('Admin', p, v)).toBe(true);
    }
  });

  it('REFERENCE §6.1: only Admin administers security, sees all queries and grants guest tokens', () => {
    for (const [p, v] of [
      ['can_write', 'User'],
      ['can_write', 'Role'],
      ['all_query_access', 'all_query_access'],
      ['can_grant_guest_token', 'SecurityRestApi'],
      ['can_read', 'Log'],
    ] as const) {
      expect(has('Admin', p, v)).toBe(true);
      for (const role of ['Alpha', 'Gamma', 'sql_lab', 'Public'] as const) expect(has(role, p, v)).toBe(false);
    }
  });

  it('REFERENCE §6.1: Alpha has all data access and edits datasets; Gamma does not', () => {
    expect(has('Alpha', 'all_database_access', 'all_database_access')).toBe(true);
    expect(has('Alpha', 'all_datasource_access', 'all_datasource_access')).toBe(true);
    expect(has('Alpha', 'can_write', 'Dataset')).toBe(true);
    expect(has('Gamma', 'all_database_access', 'all_database_access')).toBe(false);
    expect(has('Gamma', 'can_write', 'Dataset')).toBe(false);
    expect(has('Gamma', 'can_read', 'Dataset')).toBe(true);
  });

  it('REFERENCE §6.1: Gamma creates and owns charts and dashboards and downloads CSV', () => {
    const gamma = withRole('Gamma');
    expect(canAddChart(gamma)).toBe(true);
    expect(canWriteDashboard(gamma)).toBe(true);
    expect(canDownloadCsv(gamma)).toBe(true);
  });

  it('REFERENCE §6.1: Gamma has no SQL Lab; sql_lab runs queries and keeps saved queries', () => {
    expect(hasPermission(withRole('Gamma'), 'can_execute_sql_query', 'SQLLab')).toBe(false);
    const sqlLab = withRole('sql_lab');
    expect(hasPermission(sqlLab, 'can_execute_sql_query', 'SQLLab')).toBe(true);
    expect(hasPermission(sqlLab, 'can_write', 'SavedQuery')).toBe(true);
    expect(hasPermission(sqlLab, 'can_read', 'Database')).toBe(true);
    expect(canDownloadCsv(sqlLab)).toBe(true);
    expect(canAddChart(sqlLab)).toBe(false);
  });

  it('REFERENCE §6.1: Public starts empty (anonymous and guest users)', () => {
    expect(BUILT_IN_ROLES.Public).toEqual([]);
  });

  it('no role lists a pair twice', () => {
    for (const role of Object.values(BuiltInRole)) {
      const keys = BUILT_IN_ROLES[role].map(([p, v]) => `${p}|${v}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
