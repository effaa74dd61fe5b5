/**
 * Keeps the `query` table equal to the fold of the `query:<client_id>` streams (REFERENCE §1.2), inside
 * the append's transaction, so an execute answers with the row it just wrote. Each UPDATE carries the
 * same guard as evolveQueryRun (only an unfinished run changes), so the row and the decider never disagree.
 * Two facts of the user's tab stream also land on a run's row (its tab, `sql_editor_id`): a run migrated
 * into a server tab, a run removed from one. They are handled here, not by a projection of their own, so
 * a rebuild of this read model replays them in log order and keeps the tab links.
 */
import { Injectable } from '@nestjs/common';
import {
  QUERY_RUN_EVENT_TYPES,
  tabStateUserOf,
  type QueryMigratedToTab,
  type QueryRunEvent,
  type TabQueryRemoved,
} from '@strata/domain';
import type { Envelope } from '@strata/events';
import type { EntityManager } from 'typeorm';
import type { Projection } from '../../event-store/event-store.port';

const UNFINISHED = `status IN ('pending', 'running')`;

const TAB_LINK_EVENTS = ['sqllab/queryMigratedToTab', 'sqllab/tabQueryRemoved'] as const;
type TabLinkEvent = QueryMigratedToTab | TabQueryRemoved;

@Injectable()
export class QueryProjection implements Projection {
  readonly name = 'sqllab-query';
  readonly handles: readonly string[] = [...QUERY_RUN_EVENT_TYPES, ...TAB_LINK_EVENTS];

  async apply(tx: EntityManager, envelope: Envelope): Promise<void> {
    if ((TAB_LINK_EVENTS as readonly string[]).includes(envelope.type))
      return this.applyTabLink(tx, envelope as unknown as TabLinkEvent & Envelope);
    const event = envelope as unknown as QueryRunEvent & Envelope;
    const clientId = envelope.stream.slice('query:'.length);
    const at = envelope.meta.at;
    switch (event.type) {
      case 'sqllab/queryStarted': {
        const d = event.data;
        await tx.query(
          `INSERT INTO query (client_id, database_id, tmp_table_name, tmp_schema_name, user_id, status, tab_name, sql_editor_id,
             schema, catalog, sql, "limit", limiting_factor, select_as_cta, ctas_method, run_async, start_time, start_running_time, changed_on)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)
           ON CONFLICT (client_id) DO NOTHING`,
          [
            d.clientId,
            d.databaseId,
            d.tmpTableName,
            d.tmpSchemaName,
            d.userId,
            d.status,
            d.tab,
            d.sqlEditorId,
            d.schema,
            d.catalog,
            d.sql,
            d.limit,
            d.limitingFactor,
            d.selectAsCta,
            d.ctasMethod,
            d.runAsync,
            d.startDttm,
            d.status === 'running' ? d.startDttm : null,
            at,
          ],
        );
        return;
      }
      case 'sqllab/queryProgressed':
        await tx.query(
          `UPDATE query SET status = 'running', progress = $2, start_running_time = COALESCE(start_running_time, $3),
             extra = extra || jsonb_build_object('progress', $4::text), changed_on = $5
           WHERE client_id = $1 AND ${UNFINISHED}`,
          [clientId, event.data.progress, event.data.at, event.data.message, at],
        );
        return;
      case 'sqllab/querySucceeded': {
        const d = event.data;
        await tx.query(
          `UPDATE query SET status = 'success', progress = 100, rows = $2, limiting_factor = $3, results_key = $4, executed_sql = $5,
             tmp_table_name = COALESCE($6, tmp_table_name), tmp_schema_name = COALESCE($7, tmp_schema_name), select_sql = $8,
             select_as_cta_used = ($8::text IS NOT NULL), error_message = NULL, end_time = $9,
             extra = (extra - 'errors') || jsonb_build_object('columns', $10::jsonb), changed_on = $11
           WHERE client_id = $1 AND ${UNFINISHED}`,
          [
            clientId,
            d.rows,
            d.limitingFactor,
            d.resultsKey,
            d.executedSql,
            d.tempTable,
            d.tempSchema,
            d.selectSql,
            d.endDttm,
            JSON.stringify(d.columns),
            at,
          ],
        );
        return;
      }
      case 'sqllab/queryFailed':
      case 'sqllab/queryTimedOut': {
        const status = event.type === 'sqllab/queryFailed' ? 'failed' : 'timed_out';
        const executedSql = event.type === 'sqllab/queryFailed' ? event.data.executedSql : null;
        await tx.query(
          `UPDATE query SET status = $2, error_message = $3, end_time = $4, executed_sql = COALESCE($5, executed_sql),
             extra = extra || jsonb_build_object('errors', $6::jsonb), changed_on = $7
           WHERE client_id = $1 AND ${UNFINISHED}`,
          [
            clientId,
            status,
            event.data.errorMessage,
            event.data.endDttm,
            executedSql,
            JSON.stringify(event.data.errors),
            at,
          ],
        );
        return;
      }
      case 'sqllab/queryStopped':
        await tx.query(
          `UPDATE query SET status = 'stopped', end_time = $2, changed_on = $3 WHERE client_id = $1 AND ${UNFINISHED}`,
          [clientId, event.data.endDttm, at],
        );
        return;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  }

  /** A migrated run now belongs to the tab; a removed one leaves it but stays in the history. */
  private async applyTabLink(tx: EntityManager, event: TabLinkEvent & Envelope): Promise<void> {
    const userId = tabStateUserOf(event.stream);
    const tab = String(event.data.tab_id);
    if (event.type === 'sqllab/queryMigratedToTab') {
      await tx.query(`UPDATE query SET sql_editor_id = $2, changed_on = $4 WHERE client_id = $1 AND user_id = $3`, [
        event.data.query_id,
        tab,
        userId,
        event.meta.at,
      ]);
    } else {
      await tx.query(
        `UPDATE query SET sql_editor_id = NULL, changed_on = $4 WHERE client_id = $1 AND sql_editor_id = $2 AND user_id = $3`,
        [event.data.query_id, tab, userId, event.meta.at],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE query RESTART IDENTITY');
  }
}
