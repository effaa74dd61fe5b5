/**
 * The one list of functions user SQL may not call freely, per database, by name after the parser
 * normalized it (schema qualifiers dropped, compared lower-case). The classifiers (pg-classifier.ts,
 * mysql-classifier.ts) and chart SQL fragments (chart-data/sql/adhoc-sql.ts) read it; each decides which
 * rules it refuses.
 * - 'outside': reach files, programs, other databases, other sessions or the server, or run SQL text the
 *   classifier cannot see (query_to_xml, ts_stat): refused everywhere, allow_dml or not.
 * - 'writes': change data or state that a rollback does not undo, or that outlives the run (sequences,
 *   advisory locks, large objects, notifications): refused in a read-only run.
 * - 'server': tell about the server, its sessions and settings, or hold the connection (sleep): allowed in
 *   queries users write whole (SQL Lab, virtual datasets; Stop and timeouts are tested with pg_sleep), but
 *   refused in chart fragments, which are expressions over a dataset's columns that anyone who may
 *   explore the dataset writes.
 */
import type { Backend } from '../engines/query-engine';

export type FunctionRule = 'outside' | 'writes' | 'server' | null;

interface Rules {
  names: ReadonlySet<string>;
  prefixes: readonly string[];
}

const PG: Record<Exclude<FunctionRule, null>, Rules> = {
  outside: {
    names: new Set([
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
    ]),
    prefixes: [
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
    ],
  },
  writes: {
    names: new Set(['setval', 'nextval', 'lowrite', 'loread', 'pg_notify']),
    prefixes: ['lo_', 'pg_advisory', 'pg_try_advisory'],
  },
  // pg_* last: the catalog and statistics functions (pg_sleep, pg_backend_pid, pg_stat_get_activity...).
  server: {
    names: new Set(['set_config', 'current_setting', 'version']),
    prefixes: ['pg_', 'txid_', 'inet_server_', 'inet_client_', 'table_to_xml', 'database_to_xml', 'schema_to_xml'],
  },
};

const MYSQL: Record<Exclude<FunctionRule, null>, Rules> = {
  outside: {
    names: new Set(['load_file', 'sys_exec', 'sys_eval', 'master_pos_wait', 'source_pos_wait']),
    prefixes: [],
  },
  writes: { names: new Set(['get_lock', 'release_lock', 'release_all_locks', 'nextval', 'setval']), prefixes: [] },
  server: {
    names: new Set([
      'sleep',
      'benchmark',
      'is_free_lock',
      'is_used_lock',
      'user',
      'current_user',
      'session_user',
      'system_user',
      'version',
      'database',
      'schema',
      'connection_id',
    ]),
    prefixes: ['sys_'],
  },
};

const ORDER = ['outside', 'writes', 'server'] as const;

export function functionRule(backend: Backend, name: string): FunctionRule {
  const rules = backend === 'postgresql' ? PG : MYSQL;
  const lower = name.toLowerCase();
  return (
    ORDER.find((rule) => rules[rule].names.has(lower) || rules[rule].prefixes.some((p) => lower.startsWith(p))) ?? null
  );
}
