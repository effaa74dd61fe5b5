/**
 * Keeps `tab_state` and `table_schema` equal to the fold of the `tabstate:<userId>` streams (the same
 * fold as tabStateDecider.evolve), inside the append's transaction.
 */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../../event-store/event-store.port';
import {
  isTabFieldEdited,
  TAB_STATE_EVENTS,
  tabFieldSetBy,
  tabStateUserOf,
  type TabFields,
  type TabStateEvent,
} from '@strata/domain';

/** Column names of a field edit come from this closed list, never from input. */
const TAB_COLUMNS: readonly (keyof TabFields)[] = [
  'label',
  'database_id',
  'catalog',
  'schema',
  'sql',
  'query_limit',
  'latest_query_id',
  'template_params',
  'hide_left_bar',
  'autorun',
  'saved_query_id',
  'extra_json',
];
const dbValue = (key: keyof TabFields, value: unknown) =>
  key === 'extra_json' && value !== null ? JSON.stringify(value) : value;

@Injectable()
export class TabStateProjection implements Projection {
  readonly name = 'tab_state';
  readonly handles = TAB_STATE_EVENTS;

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    const event = envelope as unknown as TabStateEvent;
    const userId = tabStateUserOf(envelope.stream);
    const at = envelope.meta.at;
    if (isTabFieldEdited(event)) {
      const set = tabFieldSetBy(event);
      const keys = TAB_COLUMNS.filter((k) => k in set);
      const sets = keys.map((k, i) => `${k} = $${i + 4}${k === 'extra_json' ? '::jsonb' : ''}`);
      await tx.query(
        `UPDATE tab_state SET changed_on = $3${sets.length ? ', ' + sets.join(', ') : ''} WHERE id = $1 AND user_id = $2`,
        [event.data.tab_id, userId, at, ...keys.map((k) => dbValue(k, set[k]))],
      );
      return;
    }
    switch (event.type) {
      case 'sqllab/tabStateCreated': {
        const d = event.data;
        await tx.query(`UPDATE tab_state SET active = false WHERE user_id = $1 AND active`, [userId]);
        await tx.query(
          `INSERT INTO tab_state (id, user_id, label, active, database_id, catalog, schema, sql, query_limit, latest_query_id, template_params,
             hide_left_bar, autorun, saved_query_id, extra_json, created_on, changed_on)
           VALUES ($1, $2, $3, true, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $15)`,
          [
            d.tab_id,
            userId,
            d.label,
            d.database_id,
            d.catalog,
            d.schema,
            d.sql,
            d.query_limit,
            d.latest_query_id,
            d.template_params,
            d.hide_left_bar,
            d.autorun,
            d.saved_query_id,
            dbValue('extra_json', d.extra_json),
            at,
          ],
        );
        return;
      }
      case 'sqllab/tabActivated':
        await tx.query(`UPDATE tab_state SET active = (id = $2) WHERE user_id = $1 AND active <> (id = $2)`, [
          userId,
          event.data.tab_id,
        ]);
        return;
      case 'sqllab/tabStateDeleted':
        await tx.query(`DELETE FROM table_schema WHERE tab_state_id = $1`, [event.data.tab_id]);
        await tx.query(`DELETE FROM tab_state WHERE id = $1 AND user_id = $2`, [event.data.tab_id, userId]);
        return;
      case 'sqllab/tabQueryRemoved':
        if (event.data.latest_changed) {
          await tx.query(`UPDATE tab_state SET latest_query_id = $3, changed_on = $4 WHERE id = $1 AND user_id = $2`, [
            event.data.tab_id,
            userId,
            event.data.latest_query_id,
            at,
          ]);
        }
        return;
      case 'sqllab/queryMigratedToTab':
        return; // Changes the query's row (QueryProjection), not the tab.
      case 'sqllab/tableSchemaAdded': {
        const d = event.data;
        if (d.replaced_ids.length > 0)
          await tx.query(`DELETE FROM table_schema WHERE id = ANY($1::int[])`, [d.replaced_ids]);
        await tx.query(
          `INSERT INTO table_schema (id, tab_state_id, database_id, catalog, schema, "table", description, expanded, created_on, changed_on)
           SELECT $1, $2, $3, $4, $5, $6, $7::jsonb, true, $8, $8 WHERE EXISTS (SELECT 1 FROM tab_state WHERE id = $2)`,
          [
            d.table_schema_id,
            d.tab_id,
            d.database_id,
            d.catalog,
            d.schema,
            d.table,
            JSON.stringify(d.description ?? null),
            at,
          ],
        );
        return;
      }
      case 'sqllab/tableSchemaExpanded':
      case 'sqllab/tableSchemaCollapsed':
        await tx.query(`UPDATE table_schema SET expanded = $2, changed_on = $3 WHERE id = $1`, [
          event.data.table_schema_id,
          event.type === 'sqllab/tableSchemaExpanded',
          at,
        ]);
        return;
      case 'sqllab/tableSchemaRemoved':
        await tx.query(`DELETE FROM table_schema WHERE id = $1`, [event.data.table_schema_id]);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM table_schema`);
    await tx.query(`DELETE FROM tab_state`);
  }
}
