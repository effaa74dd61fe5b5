/** The body of `POST /api/v1/sqllab/permalink`, checked at the edge (sqllab-and-platform §7 Permalinks). */
import type { SqlLabPermalinkState } from '@strata/domain';
import { z } from 'zod';
import { coercedRecordId } from '../../common/ids';

/** What the link reopens: the tab's database, SQL and settings (Superset's SqlLabPermalinkSchema). */
export const permalinkStateSchema = z.object({
  dbId: coercedRecordId,
  sql: z.string().max(1_000_000),
  name: z.string().max(256).nullish(),
  schema: z.string().max(256).nullish(),
  catalog: z.string().max(256).nullish(),
  autorun: z.boolean().nullish(),
  templateParams: z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]).nullish(),
}) satisfies z.ZodType<SqlLabPermalinkState>;
