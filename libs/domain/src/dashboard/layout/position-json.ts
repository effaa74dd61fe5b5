/**
 * position_json (REFERENCE §3.1) in and out: the layout plus `"DASHBOARD_VERSION_KEY": "v2"`. Reading
 * checks the shape with zod and the rules with layoutProblems, so a stored or imported layout that the
 * editor could not keep valid is refused up front instead of failing edit by edit.
 */
import { z } from 'zod';
import { DASHBOARD_VERSION, DASHBOARD_VERSION_KEY } from '../constants';
import { BACKGROUNDS, COMPONENT_TYPES, HEADER_SIZES, ROOT_ID, type Layout, type LayoutItem } from './types';
import { layoutProblems } from './validate';
import { defaultMeta } from './factory';
import { setParents } from './tree';

const metaSchema = z
  .object({
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    chartId: z.number().int().optional(),
    sliceName: z.string().optional(),
    sliceNameOverride: z.string().optional(),
    uuid: z.string().optional(),
    code: z.string().optional(),
    text: z.string().optional(),
    defaultText: z.string().optional(),
    placeholder: z.string().optional(),
    headerSize: z.enum(HEADER_SIZES as [string, ...string[]]).optional(),
    background: z.enum(BACKGROUNDS as [string, ...string[]]).optional(),
  })
  .loose();

const itemSchema = z.object({
  id: z.string().min(1),
  type: z.enum(COMPONENT_TYPES as [string, ...string[]]),
  children: z.array(z.string()).default([]),
  parents: z.array(z.string()).default([]),
  meta: metaSchema.default({}),
});

export type PositionJson = Record<string, unknown>;

export function toPositionJson(layout: Layout): PositionJson {
  return { [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION, ...layout };
}

export type ParsedLayout = { ok: true; layout: Layout } | { ok: false; problems: string[] };

export function parsePositionJson(input: unknown): ParsedLayout {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, problems: ['position_json must be an object'] };
  const layout: Record<string, LayoutItem> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (key === DASHBOARD_VERSION_KEY) continue;
    const parsed = itemSchema.safeParse(value);
    if (!parsed.success) {
      problems.push(
        `${key}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'item'} ${i.message}`).join('; ')}`,
      );
      continue;
    }
    if (parsed.data.id !== key) problems.push(`${key}: id is ${parsed.data.id}`);
    layout[key] = parsed.data as LayoutItem;
  }
  if (problems.length > 0) return { ok: false, problems };
  const normalized = normalize(layout);
  const rules = layoutProblems(normalized);
  return rules.length > 0 ? { ok: false, problems: rules } : { ok: true, layout: normalized };
}

/**
 * Older exports omit ancestor paths and some default sizes: paths are recomputed from the tree and a
 * missing width or height gets the type's default, so such layouts load instead of being refused.
 */
function normalize(layout: Layout): Layout {
  const sized: Record<string, LayoutItem> = {};
  for (const [id, item] of Object.entries(layout)) {
    const defaults = defaultMeta(item.type);
    const meta = {
      ...item.meta,
      ...(item.meta.width === undefined && defaults.width !== undefined ? { width: defaults.width } : {}),
      ...(item.meta.height === undefined && defaults.height !== undefined ? { height: defaults.height } : {}),
    };
    sized[id] = { ...item, meta };
  }
  return sized[ROOT_ID] ? setParents(sized, ROOT_ID, []) : sized;
}
