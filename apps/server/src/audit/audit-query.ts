/**
 * `GET /api/v1/audit/?q=<rison>` (issue 13 item 1): what may be asked, checked before anything is read.
 * Unknown keys, a page over 1,000 rows, a time that is not ISO 8601 are 400s in the spec's error shape.
 */
import { z } from 'zod';
import { AUDIT_OBJECT_TYPES } from './audit-objects';

export const MAX_AUDIT_PAGE_SIZE = 1000;

/** An ISO 8601 time with its offset (`2026-11-27T10:00:00Z`), or a day (`2026-11-27`, from its midnight UTC). */
const isoTime = z.union([z.iso.datetime({ offset: true }), z.iso.date().transform((day) => `${day}T00:00:00Z`)]);

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
