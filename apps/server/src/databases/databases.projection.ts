/**
 * Keeps `databases` and `database_access` equal to the fold of the `database:<id>` streams, inside the
 * append's transaction. Rows with version 0 were registered outside the log (the examples database):
 * a reset leaves them alone, so a rebuild never loses them.
 */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../event-store/event-store.port';
import {
  DATABASE_EVENT_TYPES,
  isDatabaseSettingChange,
  settingsChangedBy,
  type DatabaseEvent,
  type DatabaseSettings,
} from '@strata/domain';

const SETTING_COLUMNS: readonly (keyof DatabaseSettings)[] = [
  'database_name',
  'uri',
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allows_cost_estimate',
  'allows_subquery',
  'allow_file_upload',
  'force_ctas_schema',
  'cache_timeout',
  'extra',
];

const actorId = (actor: string): number | null => (/^\d+$/.test(actor) ? Number(actor) : null);
const dbValue = (key: keyof DatabaseSettings, value: unknown) =>
  key === 'extra' ? JSON.stringify(value ?? {}) : value;

@Injectable()
export class DatabasesProjection implements Projection {
  readonly name = 'databases';
  readonly handles = DATABASE_EVENT_TYPES;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as Envelope & DatabaseEvent;
    const { version, meta } = envelope;
    const by = actorId(meta.actor);
    if (isDatabaseSettingChange(event)) {
      const changed = settingsChangedBy(event);
      const keys = SETTING_COLUMNS.filter((k) => k in changed);
      const sets = keys.map((k, i) => `${k} = $${i + 5}`);
      await tx.query(
        `UPDATE databases SET ${[...sets, 'changed_on = $2', 'changed_by = $3', 'version = $4'].join(', ')} WHERE id = $1`,
        [event.data.id, meta.at, by, version, ...keys.map((k) => dbValue(k, changed[k]))],
      );
      return;
    }
    switch (event.type) {
      case 'database/databaseCreated':
      case 'database/databaseAdopted': {
        const { id, ...settings } = event.data;
        const values = SETTING_COLUMNS.map((k) => dbValue(k, settings[k]));
        const placeholders = SETTING_COLUMNS.map((_, i) => `$${i + 2}`).join(', ');
        const n = SETTING_COLUMNS.length;
        await tx.query(
          `INSERT INTO databases (id, ${SETTING_COLUMNS.join(', ')}, created_on, changed_on, created_by, changed_by, version)
           VALUES ($1, ${placeholders}, $${n + 2}, $${n + 2}, $${n + 3}, $${n + 3}, $${n + 4})
           ON CONFLICT (id) DO UPDATE SET ${SETTING_COLUMNS.map((k) => `${k} = EXCLUDED.${k}`).join(', ')},
             changed_on = EXCLUDED.changed_on, changed_by = EXCLUDED.changed_by, version = EXCLUDED.version`,
          [id, ...values, meta.at, by, version],
        );
        return;
      }
      case 'database/passwordChanged':
      case 'database/passwordRemoved':
        await tx.query(`UPDATE databases SET changed_on = $2, changed_by = $3, version = $4 WHERE id = $1`, [
          event.data.id,
          meta.at,
          by,
          version,
        ]);
        return;
      case 'database/databaseDeleted':
        await tx.query(`DELETE FROM databases WHERE id = $1`, [event.data.id]);
        return;
      case 'database/accessGranted':
        await tx.query(`INSERT INTO database_access (database_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          event.data.id,
          event.data.role,
        ]);
        await tx.query(`UPDATE databases SET version = $2 WHERE id = $1`, [event.data.id, version]);
        return;
      case 'database/accessRevoked':
        await tx.query(`DELETE FROM database_access WHERE database_id = $1 AND role = $2`, [
          event.data.id,
          event.data.role,
        ]);
        await tx.query(`UPDATE databases SET version = $2 WHERE id = $1`, [event.data.id, version]);
        return;
      case 'database/dangerousLoginConfirmed':
        await tx.query(`UPDATE databases SET version = $2 WHERE id = $1`, [event.data.id, version]);
        return;
      default: {
        const unknown: never = event;
        void unknown;
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM database_access WHERE database_id IN (SELECT id FROM databases WHERE version > 0)`);
    await tx.query(`DELETE FROM databases WHERE version > 0`);
  }
}
