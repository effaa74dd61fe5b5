/**
 * `GET /api/v1/audit/?q=<rison>` (issue 13 item 1): what may be asked, checked before anything is read.
 * Unknown keys, a page over 1,000 rows, a time that is not ISO 8601 are 400s in the spec's error shape.
 */
import { z } from 'zod';
import { AUDIT_OBJECT_TYPES } from './audit-objects';

export const MAX_AUDIT_PAGE_SIZE = 1000;

const isoTime = z.iso.datetime({ offset: true });

export const auditQuery = z.strictObject({
  /** A user id: that user's events. */
  actor: z.number().int().positive().optional(),
  object: z
    .strictObject({
      type: z.enum(AUDIT_OBJECT_TYPES),
      id: z.union([z.number().int().positive(), z.string().min(1).max(256)]),
    })
    .optional(),
  types: z.array(z.string().min(1).max(256)).min(1).max(200).optional(),
  since: isoTime.optional(),
  until: isoTime.optional(),
  /** Free text, found in the event's type, its stream or its payload. */
  text: z.string().min(1).max(200).optional(),
  page: z.number().int().min(0).max(1_000_000).default(0),
  page_size: z.number().int().min(1).max(MAX_AUDIT_PAGE_SIZE).default(25),
});
export type AuditQuery = z.output<typeof auditQuery>;
