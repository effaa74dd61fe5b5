import { deciderSpec } from '../../testing';
import { sqlLabPermalinkDecider } from './permalink.decider';
import type { SqlLabPermalinkEvent } from './permalink.events';

const key = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const state = { dbId: 1, sql: 'SELECT 1', schema: 'public', autorun: false };
const created: SqlLabPermalinkEvent = { type: 'sqllab/permalinkCreated', data: { key, state } };
const spec = deciderSpec(sqlLabPermalinkDecider);

describe('SQL Lab permalink decider (sqllab-and-platform §7)', () => {
  it('sharing a tab records the link under its key, with what it reopens', () => {
    spec.given([]).when({ type: 'CreateSqlLabPermalink', key, state }).then([created]);
  });

  it('a key is used once', () => {
    spec.given([created]).when({ type: 'CreateSqlLabPermalink', key, state }).thenThrows('permalink_exists');
  });

  it('refuses a guessable key and a link without a database', () => {
    spec.given([]).when({ type: 'CreateSqlLabPermalink', key: 'short', state }).thenThrows('permalink_key_invalid');
    spec
      .given([])
      .when({ type: 'CreateSqlLabPermalink', key, state: { ...state, dbId: 0 } })
      .thenThrows('permalink_database_required');
  });
});
