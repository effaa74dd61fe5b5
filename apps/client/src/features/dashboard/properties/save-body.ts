import { normalizeDashboardSave } from '@strata/domain';
import { paletteOf } from '../../charts/viz/shared/color-schemes';
import type { DashboardMetadata, DashboardRecord } from '../api/types';

/** What a dialog changes; the rest of the body is the dashboard as the page has it. */
export interface DashboardChanges {
  dashboard_title?: string;
  slug?: string | null;
  css?: string;
  owners?: number[];
  roles?: string[];
  certified_by?: string | null;
  certification_details?: string | null;
  /** JSON text (the Advanced field) or an object. */
  json_metadata?: string | Record<string, unknown>;
}

export type SaveBody = { ok: true; body: Record<string, unknown> } | { ok: false; problems: string[] };

/**
 * The full PUT body (charts-dashboards-reports §7): the server replaces every field of it, so what a dialog leaves alone is
 * sent as the page has it. The charts-dashboards-reports §5 rules are the domain's `normalizeDashboardSave`: an empty title
 * becomes '[ untitled dashboard ]', an empty slug null, refresh_frequency 0 when unset, roles only under
 * DASHBOARD_RBAC. Certification details travel only with a certifier. Owners and roles left out of
 * `changes` are left out of the body, which keeps them as they are.
 */
export function dashboardSaveBody(
  dashboard: DashboardRecord,
  metadata: DashboardMetadata,
  changes: DashboardChanges,
  roleBasedAccess: boolean,
): SaveBody {
  const input = {
    dashboard_title: dashboard.dashboard_title,
    slug: dashboard.slug,
    css: dashboard.css ?? '',
    certified_by: dashboard.certified_by ?? null,
    certification_details: dashboard.certification_details ?? null,
    json_metadata: metadata as Record<string, unknown>,
    ...changes,
  };
  // Which names exist is the server's to say (custom roles live there): the picker offers only those it
  // listed, so the chosen ones are taken as known here and the server checks them again.
  const normalized = normalizeDashboardSave(input, { roleBasedAccess, customRoles: changes.roles ?? [] });
  if (!normalized.ok) return normalized;
  const { certification_details, json_metadata, ...body } = normalized.body;
  return {
    ok: true,
    body: {
      ...body,
      ...(body.certified_by ? { certification_details } : {}),
      json_metadata: JSON.stringify(json_metadata),
    },
  };
}

/** The Advanced field's text: null when it is a JSON object, else what is wrong with it. */
export function jsonObjectProblem(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? null
      : 'JSON metadata must be a JSON object';
  } catch (error) {
    return `JSON metadata is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

type Metadata = Record<string, unknown>;

const objectOf = (text: string): Metadata | null => {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Metadata) : null;
  } catch {
    return null;
  }
};

const schemeIn = (metadata: Readonly<Metadata>): string | null =>
  typeof metadata.color_scheme === 'string' && metadata.color_scheme ? metadata.color_scheme : null;

/** The color_scheme the Advanced field's text names ('' for none), or null while the text is not a JSON object. */
export function colorSchemeOfJson(text: string): string | null {
  const metadata = objectOf(text);
  return metadata ? (schemeIn(metadata) ?? '') : null;
}

/** The Advanced field's text with `key` set to `value` (undefined removes it); the text as it was when it is not a JSON object. */
export function jsonWithField(text: string, key: string, value: unknown): string {
  const metadata = objectOf(text);
  if (!metadata) return text;
  const { [key]: _, ...rest } = metadata;
  return JSON.stringify(value === undefined ? rest : { ...metadata, [key]: value }, null, 2);
}

/** The Advanced field's text with another color_scheme ('' removes it). */
export const jsonWithColorScheme = (text: string, scheme: string): string =>
  jsonWithField(text, 'color_scheme', scheme || undefined);

/** The refresh_frequency the Advanced field's text saves (0 when unset, as the save body sends it), or null while the text is not a JSON object. */
export function refreshOfJson(text: string): number | null {
  const metadata = objectOf(text);
  if (!metadata) return null;
  return typeof metadata.refresh_frequency === 'number' ? metadata.refresh_frequency : 0;
}

/**
 * The metadata to save when the dashboard had `before`: a new color_scheme starts the label colours over
 * (as Superset resets its label colour map): map_label_colors is emptied and color_scheme_domain is the new
 * scheme's colours, so every label takes a colour of the new scheme. Hand-set label_colors stay.
 */
export function withColorSchemeChange(metadata: Metadata, before: Readonly<DashboardMetadata>): Metadata {
  const scheme = schemeIn(metadata);
  if (scheme === schemeIn(before as Metadata)) return metadata;
  return { ...metadata, map_label_colors: {}, color_scheme_domain: scheme ? paletteOf({ color_scheme: scheme }) : [] };
}

/** The Advanced field's text as the metadata to save (see withColorSchemeChange); text that is no JSON object goes on as it is, to be refused. */
export function metadataToSave(text: string, before: Readonly<DashboardMetadata>): string | Metadata {
  const metadata = objectOf(text);
  return metadata ? withColorSchemeChange(metadata, before) : text;
}
