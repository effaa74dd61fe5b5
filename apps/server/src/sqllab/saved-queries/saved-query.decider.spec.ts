import { deciderSpec } from '@strata/domain/testing';
import { savedQueryDecider } from './saved-query.decider';
import type { SavedQueryEvent } from './saved-query.events';

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
  it('spec §7: saving records the owner and the fields', () => {
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

  it('an update records only what changed; nothing changed gives no event', () => {
    spec
      .given([created])
      .when({ type: 'UpdateSavedQuery', data: { ...fields, sql: 'select 2' } })
      .then([{ type: 'sqllab/savedQueryUpdated', data: { sql: 'select 2' } }]);
    spec.given([created]).when({ type: 'UpdateSavedQuery', data: fields }).then([]);
  });

  it('only the owner or an admin may update or delete', () => {
    spec
      .given([created])
      .when({ type: 'UpdateSavedQuery', data: { label: 'x' } }, other)
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
      .when({ type: 'UpdateSavedQuery', data: { label: 'x' } })
      .thenThrows('saved_query_not_found');
    spec.given([]).when({ type: 'DeleteSavedQuery' }).thenThrows('saved_query_not_found');
  });
});
