/**
 * PostgreSQL functions the classifier (pg-classifier.ts) refuses, by name after the parser normalized it
 * (schema qualifiers dropped, compared lower-case).
 * - 'outside': reach files, programs, other databases, other sessions or the server, or run SQL text the
 *   classifier cannot see (query_to_xml, ts_stat): refused on every database, allow_dml or not.
 * - 'writes': change data or state that a rollback does not undo, or that outlives the run (sequences,
 *   advisory locks, large objects, notifications): refused in a read-only run.
 * pg_sleep stays allowed: it changes nothing, and Stop/timeouts are tested with it.
 */
export type FunctionRule = 'outside' | 'writes' | null;

const OUTSIDE_NAMES = new Set([
  'pg_stat_file',
  'pg_logdir_ls',
  'lo_import',
  'lo_export',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_signal_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'pg_switch_wal',
  'pg_backup_start',
  'pg_backup_stop',
  'pg_start_backup',
  'pg_stop_backup',
  'pg_import_system_collations',
  'pg_log_backend_memory_contexts',
  'pg_replication_slot_advance',
  'pg_sync_replication_slots',
  'ts_stat',
  'ts_rewrite',
]);
const OUTSIDE_PREFIXES = [
  'dblink',
  'pg_read_',
  'pg_ls_',
  'pg_file_',
  'pg_stat_reset',
  'pg_logical_',
  'pg_replication_',
  'pg_create_',
  'pg_drop_replication',
  'pg_copy_',
  'pg_wal_replay_',
  'binary_upgrade_',
  'query_to_xml',
  'cursor_to_xml',
];

const WRITES_NAMES = new Set(['setval', 'nextval', 'lowrite', 'loread', 'pg_notify']);
const WRITES_PREFIXES = ['lo_', 'pg_advisory', 'pg_try_advisory'];

export function pgFunctionRule(name: string): FunctionRule {
  if (OUTSIDE_NAMES.has(name) || OUTSIDE_PREFIXES.some((p) => name.startsWith(p))) return 'outside';
  if (WRITES_NAMES.has(name) || WRITES_PREFIXES.some((p) => name.startsWith(p))) return 'writes';
  return null;
}
