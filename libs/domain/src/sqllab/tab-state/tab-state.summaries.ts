import { defineSummaries, quote, the } from '../../audit/summary';
import { database, tableName } from '../sqllab-names';
import { tabStateDecider, type TabStates } from './tab-state.decider';
import type { TabStateEvent } from './tab-state.events';

type Ctx = { before: TabStates | undefined };

/** "the tab 'Flights'": the server's tabs are named by their label as it was then. */
const tab = ({ before }: Ctx, id: number) => the('tab', before?.tabs[id]?.label);

function table({ before }: Ctx, id: number): string {
  const found = before?.tables[id];
  return found === undefined ? 'a table' : the('table', tableName(found.schema, found.table));
}

/** " in the tab 'Flights'" for a table whose tab is known. */
const inTab = (ctx: Ctx, id: number, preposition = 'in') => {
  const found = ctx.before?.tables[id];
  return found === undefined ? '' : ` ${preposition} ${tab(ctx, found.tab_id)}`;
};

const choice = (kind: string, value: string | null) => (value === null ? `no ${kind}` : `the ${kind} ${quote(value)}`);

/**
 * The server's copy of a user's tabs (`tabstate:<userId>`, sqllab-and-platform §7 Tab state), saved by the
 * editor's autosave one field at a time.
 */
export const tabStateSummaries = defineSummaries<TabStateEvent, TabStates>({
  context: 'sql lab saved tabs',
  names: { initial: tabStateDecider.initialState, evolve: tabStateDecider.evolve },
  of: {
    'sqllab/tabStateCreated': (d, { who }) => `${who} opened the tab ${quote(d.label)}`,
    'sqllab/tabStateRenamed': (d, ctx) => `${ctx.who} renamed ${tab(ctx, d.tab_id)} to ${quote(d.label)}`,
    'sqllab/tabStateDatabaseChanged': (d, ctx) =>
      `${ctx.who} chose ${database(d.database_id)} for ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateCatalogChanged': (d, ctx) =>
      `${ctx.who} chose ${choice('catalog', d.catalog)} for ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateSchemaChanged': (d, ctx) =>
      `${ctx.who} chose ${choice('schema', d.schema)} for ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateSqlEdited': (d, ctx) => `${ctx.who} edited the SQL of ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateQueryLimitChanged': (d, ctx) =>
      d.query_limit === null
        ? `${ctx.who} removed the row limit of ${tab(ctx, d.tab_id)}`
        : `${ctx.who} set the row limit of ${tab(ctx, d.tab_id)} to ${d.query_limit}`,
    'sqllab/tabStateLatestQueryChanged': (d, ctx) =>
      d.latest_query_id === null
        ? `${tab(ctx, d.tab_id)} no longer shows a latest query`
        : `${tab(ctx, d.tab_id)} shows a new latest query`,
    'sqllab/tabStateTemplateParamsEdited': (d, ctx) =>
      d.template_params
        ? `${ctx.who} edited the template parameters of ${tab(ctx, d.tab_id)}`
        : `${ctx.who} cleared the template parameters of ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateLeftBarHidden': (d, ctx) => `${ctx.who} hid the left bar of ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateLeftBarShown': (d, ctx) => `${ctx.who} showed the left bar of ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateAutorunEnabled': (d, ctx) => `${ctx.who} turned on autorun for ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateAutorunDisabled': (d, ctx) => `${ctx.who} turned off autorun for ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateSavedQueryChanged': (d, ctx) =>
      d.saved_query_id === null
        ? `${ctx.who} detached ${tab(ctx, d.tab_id)} from its saved query`
        : `${ctx.who} saved ${tab(ctx, d.tab_id)} as saved query ${d.saved_query_id}`,
    'sqllab/tabStateExtraChanged': (d, ctx) => `the editor updated its bookkeeping of ${tab(ctx, d.tab_id)}`,
    'sqllab/tabActivated': (d, ctx) => `${ctx.who} switched to ${tab(ctx, d.tab_id)}`,
    'sqllab/tabStateDeleted': (d, ctx) => `${ctx.who} closed ${tab(ctx, d.tab_id)}`,
    'sqllab/tabQueryRemoved': (d, ctx) => `${ctx.who} removed a query from ${tab(ctx, d.tab_id)}`,
    'sqllab/queryMigratedToTab': (d, ctx) => `a query ${ctx.who} ran earlier now belongs to ${tab(ctx, d.tab_id)}`,
    'sqllab/tableSchemaAdded': (d, ctx) =>
      `${ctx.who} added ${the('table', tableName(d.schema, d.table))} to ${tab(ctx, d.tab_id)}`,
    'sqllab/tableSchemaExpanded': (d, ctx) =>
      `${ctx.who} expanded ${table(ctx, d.table_schema_id)}${inTab(ctx, d.table_schema_id)}`,
    'sqllab/tableSchemaCollapsed': (d, ctx) =>
      `${ctx.who} collapsed ${table(ctx, d.table_schema_id)}${inTab(ctx, d.table_schema_id)}`,
    'sqllab/tableSchemaRemoved': (d, ctx) =>
      `${ctx.who} removed ${table(ctx, d.table_schema_id)}${inTab(ctx, d.table_schema_id, 'from')}`,
  },
});
