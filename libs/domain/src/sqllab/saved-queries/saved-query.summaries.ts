import { defineSummaries, quote, the } from '../../audit/summary';
import { database } from '../sqllab-names';
import { savedQueryDecider, type SavedQueryState } from './saved-query.decider';
import type { SavedQueryEvent } from './saved-query.events';

type Ctx = { objectName: string | undefined; before: SavedQueryState | undefined };

/** "the saved query 'Top airports'", by its label as the stream had it then (else the caller's name). */
const query = ({ before, objectName }: Ctx) => the('saved query', before?.fields?.label ?? objectName);

const choice = (kind: string, value: string | null) => (value === null ? `no ${kind}` : `the ${kind} ${quote(value)}`);

/** A saved query's life (`saved_query:<id>`, sqllab-and-platform §7), one event per edited field. */
export const savedQuerySummaries = defineSummaries<SavedQueryEvent, SavedQueryState>({
  context: 'saved queries',
  names: { initial: savedQueryDecider.initialState, evolve: savedQueryDecider.evolve },
  of: {
    'sqllab/savedQueryCreated': (d, { who }) => `${who} saved the query ${quote(d.label)}`,
    'sqllab/savedQueryRenamed': (d, ctx) => `${ctx.who} renamed ${query(ctx)} to ${quote(d.label)}`,
    'sqllab/savedQueryDescriptionEdited': (d, ctx) =>
      d.description.trim() === ''
        ? `${ctx.who} removed the description of ${query(ctx)}`
        : `${ctx.who} described ${query(ctx)}`,
    'sqllab/savedQuerySqlEdited': (_d, ctx) => `${ctx.who} edited the SQL of ${query(ctx)}`,
    'sqllab/savedQueryDatabaseChanged': (d, ctx) => `${ctx.who} moved ${query(ctx)} to ${database(d.db_id)}`,
    'sqllab/savedQueryCatalogChanged': (d, ctx) => `${ctx.who} set ${query(ctx)} to ${choice('catalog', d.catalog)}`,
    'sqllab/savedQuerySchemaChanged': (d, ctx) => `${ctx.who} set ${query(ctx)} to ${choice('schema', d.schema)}`,
    'sqllab/savedQueryTemplateParametersEdited': (d, ctx) =>
      d.template_parameters
        ? `${ctx.who} edited the template parameters of ${query(ctx)}`
        : `${ctx.who} cleared the template parameters of ${query(ctx)}`,
    'sqllab/savedQueryDeleted': (_d, ctx) => `${ctx.who} deleted ${query(ctx)}`,
    'sqllab/savedQueryFavorited': (_d, ctx) => `${ctx.who} added ${query(ctx)} to their favorites`,
    'sqllab/savedQueryUnfavorited': (_d, ctx) => `${ctx.who} removed ${query(ctx)} from their favorites`,
  },
});
