import { debounceTime, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs';
import { activeQueryEditor, tablesKey, type QueryEditor, type SqlLabState } from '@strata/domain';
import { referencedTables } from '../editor/completions';
import type { CatalogFeature } from './catalog.feature';
import { SQL_EDIT_QUIET_MS } from '../editor/typing';

/**
 * What the pickers and autocomplete of the active tab need, loaded as the tab changes: its database's
 * schemas, every table of its schema, and the columns of the tables its SQL mentions (once per table).
 */
export function catalogEffects(
  catalog: CatalogFeature,
  liveState$: Observable<SqlLabState>,
  state: () => SqlLabState,
): Subscription[] {
  const active$ = liveState$.pipe(map((s) => activeQueryEditor(s)));
  const fetchReferencedColumns = (tab: QueryEditor | undefined) => {
    if (!tab || tab.dbId === null || !tab.schema) return;
    const tables = catalog.store.getState().tables[tablesKey(tab.dbId, tab.schema)];
    if (!tables) return;
    const names = referencedTables(
      tab.sql,
      tables.map((t) => t.value),
    );
    for (const name of names) void catalog.ensureMetadata(tab.dbId, tab.schema, name);
  };
  return [
    active$
      .pipe(
        map((tab) => (tab && tab.dbId !== null ? `${tab.dbId}|${tab.schema ?? ''}` : '')),
        distinctUntilChanged(),
      )
      .subscribe((key) => {
        if (!key) return;
        const [db, schema] = key.split('|');
        void catalog.ensureSchemas(Number(db));
        if (schema) void catalog.ensureTables(Number(db), schema);
      }),
    active$.pipe(debounceTime(SQL_EDIT_QUIET_MS)).subscribe((tab) => fetchReferencedColumns(tab)),
    catalog.store.liveState$.pipe(debounceTime(0)).subscribe(() => fetchReferencedColumns(activeQueryEditor(state()))),
  ];
}
