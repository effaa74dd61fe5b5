/**
 * The dashboard save body (charts-dashboards-reports §5, §7 PUT /api/v1/dashboard/{id}): validated with zod, then the spec's
 * rules applied: an empty title becomes '[ untitled dashboard ]', an empty slug is null, certification
 * details only with a certifier, refresh_frequency 0 when unset, roles only under role-based access.
 */
import { z } from 'zod';
import { DashboardMessages } from '../messages';
import { parseJsonMetadata, type JsonMetadata } from './json-metadata';
import { BUILT_IN_ROLES } from '../../platform/permissions/built-in-roles';

/** REFERENCE §3.3: dashboard_title ≤ 500. */
export const DASHBOARD_TITLE_MAX_LENGTH = 500;
export const DASHBOARD_SLUG_MAX_LENGTH = 255;

export const dashboardSaveBodySchema = z
  .object({
    dashboard_title: z.string().max(DASHBOARD_TITLE_MAX_LENGTH).nullable().optional(),
    slug: z.string().max(DASHBOARD_SLUG_MAX_LENGTH).nullable().optional(),
    css: z.string().nullable().optional(),
    owners: z.array(z.number().int().positive()).optional(),
    /** Role names (users' roles are stored by name; there is no role table to hold ids). */
    roles: z.array(z.string().min(1).max(100)).max(100).optional(),
    certified_by: z.string().nullable().optional(),
    certification_details: z.string().nullable().optional(),
    published: z.boolean().optional(),
    json_metadata: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .nullable()
      .optional(),
  })
  .strict();

export type DashboardSaveBodyInput = z.infer<typeof dashboardSaveBodySchema>;

export interface DashboardSaveBody {
  dashboard_title: string;
  slug: string | null;
  css: string;
  owners?: number[];
  roles?: string[];
  certified_by: string | null;
  certification_details: string | null;
  published?: boolean;
  json_metadata: JsonMetadata & { refresh_frequency: number };
}

/**
 * REFERENCE §3.3 slug rule: trimmed, spaces to '-', other non-word characters removed. A slug of digits
 * only would read as an id in /dashboard/{id or slug}/, so it is refused.
 */
export function normalizeSlug(slug: string | null | undefined): string | null {
  if (slug === null || slug === undefined) return null;
  const cleaned = slug
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '');
  return cleaned === '' ? null : cleaned;
}

export const SLUG_ALL_DIGITS = 'A slug can not be only digits: it would be read as a dashboard id.';

/**
 * DASHBOARD_RBAC viewers: each must be a known role (built in, or one of `customRoles`, the custom
 * roles' names the caller read from the roles read model: this rule stays pure), matched without regard
 * to case and stored under its canonical name, duplicates dropped; unknown names are the problems returned.
 */
export function normalizeDashboardRoles(
  roles: readonly string[],
  customRoles: readonly string[] = [],
): { ok: true; roles: string[] } | { ok: false; problems: string[] } {
  const known = new Map(
    [...Object.keys(BUILT_IN_ROLES), ...customRoles].map((name) => [name.toLowerCase(), name] as const),
  );
  const unknown = roles.filter((r) => !known.has(r.trim().toLowerCase()));
  if (unknown.length > 0)
    return {
      ok: false,
      problems: [
        `roles: unknown role ${unknown
          .slice(0, 5)
          .map((r) => JSON.stringify(r))
          .join(', ')}`,
      ],
    };
  return { ok: true, roles: [...new Set(roles.map((r) => known.get(r.trim().toLowerCase())!))] };
}

export type NormalizedSave = { ok: true; body: DashboardSaveBody } | { ok: false; problems: string[] };

export function normalizeDashboardSave(
  input: unknown,
  options: { roleBasedAccess: boolean; customRoles?: readonly string[] },
): NormalizedSave {
  const parsed = dashboardSaveBodySchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`) };
  const body = parsed.data;
  const metadata = parseJsonMetadata(body.json_metadata);
  if (!metadata.ok) return { ok: false, problems: metadata.problems };
  const slug = normalizeSlug(body.slug);
  if (slug !== null && /^\d+$/.test(slug)) return { ok: false, problems: [`slug: ${SLUG_ALL_DIGITS}`] };
  const roles = options.roleBasedAccess && body.roles ? normalizeDashboardRoles(body.roles, options.customRoles) : null;
  if (roles && !roles.ok) return { ok: false, problems: roles.problems };
  const title = body.dashboard_title?.trim();
  const certifiedBy = body.certified_by?.trim() ? body.certified_by.trim() : null;
  return {
    ok: true,
    body: {
      dashboard_title: title ? title : DashboardMessages.UNTITLED_DASHBOARD,
      slug,
      css: body.css ?? '',
      ...(body.owners ? { owners: [...new Set(body.owners)] } : {}),
      ...(roles?.ok ? { roles: roles.roles } : {}),
      certified_by: certifiedBy,
      certification_details: certifiedBy ? (body.certification_details ?? '') : null,
      ...(body.published !== undefined ? { published: body.published } : {}),
      json_metadata: { ...metadata.metadata, refresh_frequency: metadata.metadata.refresh_frequency ?? 0 },
    },
  };
}
