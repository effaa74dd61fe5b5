import { createUpcaster, foldEntries, type Envelope } from '@strata/events';
import { deciderSpec } from '../../testing';
import { savedQueryDecider } from './saved-query.decider';
import type { SavedQueryEvent } from './saved-query.events';
import { savedQueryUpcasters } from './upcasters';

const fields = {
  label: 'Top airports',
  description: '',
  db_id: 1,
  catalog: null,
  schema: 'public',
  sql: 'select 1',
  template_parameters: null,
};
const created: SavedQueryEvent = { type: 'sqllab/savedQueryCreated', data: { id: 7, owner_id: 3, ...fields } };
const owner = { actorId: 3, actorIsAdmin: false };
const other = { actorId: 4, actorIsAdmin: false };
const admin = { actorId: 1, actorIsAdmin: true };
const spec = deciderSpec(savedQueryDecider, owner);

describe('saved query decider', () => {
  it('sqllab-and-platform §7: saving records the owner and the fields', () => {
    spec
      .given([])
      .when({ type: 'CreateSavedQuery', data: { id: 7, ...fields } })
      .then([created]);
  });

  it('refuses an empty name', () => {
    spec
      .given([])
      .when({ type: 'CreateSavedQuery', data: { id: 7, ...fields, label: '  ' } })
      .thenThrows('label_required');
  });

  it('an edit records one event per field it changed; nothing changed gives no event', () => {
    spec
      .given([created])
      .when({ type: 'EditSavedQuery', data: { ...fields, sql: 'select 2', label: 'Busiest airports' } })
      .then([
        { type: 'sqllab/savedQueryRenamed', data: { label: 'Busiest airports' } },
        { type: 'sqllab/savedQuerySqlEdited', data: { sql: 'select 2' } },
      ]);
    spec.given([created]).when({ type: 'EditSavedQuery', data: fields }).then([]);
  });

  it('fields the edit leaves out stay as they are; null clears the schema', () => {
    spec
      .given([created])
      .when({ type: 'EditSavedQuery', data: { schema: null, db_id: 2 } })
      .thenState({
        id: 7,
        ownerId: 3,
        deleted: false,
        fields: { ...fields, schema: null, db_id: 2 },
        favoritedBy: [],
      });
  });

  it('only the owner or an admin may edit or delete', () => {
    spec
      .given([created])
      .when({ type: 'EditSavedQuery', data: { label: 'x' } }, other)
      .thenThrows('saved_query_forbidden');
    spec.given([created]).when({ type: 'DeleteSavedQuery' }, other).thenThrows('saved_query_forbidden');
    spec
      .given([created])
      .when({ type: 'DeleteSavedQuery' }, admin)
      .then([{ type: 'sqllab/savedQueryDeleted', data: {} }]);
  });

  it('a deleted or unknown saved query is not found', () => {
    const deleted: SavedQueryEvent = { type: 'sqllab/savedQueryDeleted', data: {} };
    spec
      .given([created, deleted])
      .when({ type: 'EditSavedQuery', data: { label: 'x' } })
      .thenThrows('saved_query_not_found');
    spec.given([]).when({ type: 'DeleteSavedQuery' }).thenThrows('saved_query_not_found');
  });

  describe('favourites (issue 15 item 6)', () => {
    const starredBy = (userId: number): SavedQueryEvent => ({ type: 'sqllab/savedQueryFavorited', data: { userId } });
    it('given a saved query, when its owner stars it, then favorited; starring again adds nothing', () => {
      spec
        .given([created])
        .when({ type: 'FavoriteSavedQuery' })
        .then([starredBy(3)]);
      spec
        .given([created, starredBy(3)])
        .when({ type: 'FavoriteSavedQuery' })
        .then([]);
    });
    it('given a star, when the user takes it off, then unfavorited; without a star nothing', () => {
      spec
        .given([created, starredBy(3)])
        .when({ type: 'UnfavoriteSavedQuery' })
        .then([{ type: 'sqllab/savedQueryUnfavorited', data: { userId: 3 } }]);
      spec.given([created]).when({ type: 'UnfavoriteSavedQuery' }).then([]);
    });
    it("each user's star is their own: an admin's star leaves the owner's", () => {
      spec
        .given([created, starredBy(3)])
        .when({ type: 'FavoriteSavedQuery' }, admin)
        .then([starredBy(1)]);
      spec
        .given([created, starredBy(3), starredBy(1)])
        .when({ type: 'UnfavoriteSavedQuery' }, admin)
        .thenState({ id: 7, ownerId: 3, deleted: false, fields, favoritedBy: [3] });
    });
    it("another user's saved query cannot be starred (it is not found, as its GET); nor a deleted one", () => {
      spec.given([created]).when({ type: 'FavoriteSavedQuery' }, other).thenThrows('saved_query_not_found');
      spec
        .given([created, { type: 'sqllab/savedQueryDeleted', data: {} }])
        .when({ type: 'FavoriteSavedQuery' })
        .thenThrows('saved_query_not_found');
      spec.given([]).when({ type: 'UnfavoriteSavedQuery' }).thenThrows('saved_query_not_found');
    });
  });
});

describe('saved query upcasters', () => {
  const upcast = createUpcaster(savedQueryUpcasters);
  const envelope = (version: number, event: { type: string; data: unknown }): Envelope => ({
    id: `e${version}`,
    stream: 'saved_query:7',
    version,
    type: event.type,
    data: event.data,
    meta: { actor: '3', at: '2026-01-01T00:00:00.000Z', batchId: `b${version}` },
  });

  it('an old savedQueryUpdated bag is read as one edit event per field, and folds to the same saved query', () => {
    const log = upcast([
      envelope(1, created),
      envelope(2, { type: 'sqllab/savedQueryUpdated', data: { sql: 'select 2', catalog: 'main', label: 'Renamed' } }),
    ]);
    expect(log.map((e) => [e.type, e.data, e.version, e.meta.batchId])).toEqual([
      ['sqllab/savedQueryCreated', created.data, 1, 'b1'],
      ['sqllab/savedQueryRenamed', { label: 'Renamed' }, 2, 'b2'],
      ['sqllab/savedQueryCatalogChanged', { catalog: 'main' }, 2, 'b2'],
      ['sqllab/savedQuerySqlEdited', { sql: 'select 2' }, 2, 'b2'],
    ]);
    expect(foldEntries(savedQueryDecider, log).fields).toEqual({
      ...fields,
      sql: 'select 2',
      catalog: 'main',
      label: 'Renamed',
    });
  });
});
