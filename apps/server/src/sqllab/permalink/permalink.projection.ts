/** SQL Lab permalinks in `key_value`, written once per key (common/key-value.projection.ts), rebuilt as `sqllab_permalink`. */
import { SQLLAB_PERMALINK_EVENTS, SQLLAB_PERMALINK_RESOURCE, type SqlLabPermalinkCreated } from '@strata/domain';
import { keyValueFold } from '../../common/key-value.projection';

export const sqlLabPermalinkFold = keyValueFold<SqlLabPermalinkCreated, SqlLabPermalinkCreated['data']['state']>({
  name: 'sqllab_permalink',
  resource: SQLLAB_PERMALINK_RESOURCE,
  handles: SQLLAB_PERMALINK_EVENTS,
  value: ({ state }) => state,
});
