/**
 * What a save would overwrite (charts-dashboards-reports §3 overwrite-confirmation item; REFERENCE §3.5, Superset's
 * getOverwriteItems): the latest saved dashboard against the body the user is about to send. Shown when
 * someone else saved the dashboard since the user read it, so that nothing of theirs is replaced unseen.
 */

/** charts-dashboards-reports §3: `keyPath` is a top-level field (`slug`) or a json_metadata key (`json_metadata.color_scheme`). */
export interface OverwriteItem {
  keyPath: string;
  /** The latest saved value (theirs); null when they have none. */
  oldValue: unknown;
  /** The value about to be saved (yours); null when it has none. */
  newValue: unknown;
}

type Fields = Readonly<Record<string, unknown>>;

/**
 * json_metadata keys that pages keep up to date by themselves (the label colour sync, charts-dashboards-reports §4): nobody
 * types them, and a stale copy is corrected by the next page that draws the charts, so they are never
 * a reason to stop a user.
 */
const MAINTAINED_METADATA: ReadonlySet<string> = new Set([
  'map_label_colors',
  'shared_label_colors',
  'color_scheme_domain',
]);

/** Lists of ids or names whose order the user did not choose: the same members are the same value. */
const SET_FIELDS: ReadonlySet<string> = new Set(['owners', 'roles']);

/**
 * One text per value: object keys sorted, so that key order never counts as a difference; no value, null
 * and '' alike mean "none" (certification details are '' with a certifier, null without).
 */
function canonical(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Fields)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const comparable = (key: string, value: unknown) =>
  SET_FIELDS.has(key) && Array.isArray(value) ? [...value].map(canonical).sort().join(',') : canonical(value);

/** json_metadata as an object (it travels as JSON text); null when it is not one. */
function metadataObject(value: unknown): Fields | null {
  let parsed = value;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Fields) : null;
}

const item = (keyPath: string, oldValue: unknown, newValue: unknown): OverwriteItem => ({
  keyPath,
  oldValue: oldValue ?? null,
  newValue: newValue ?? null,
});

/**
 * One item per top-level field of `toSave` that differs from `saved`, and, for json_metadata, one per
 * differing metadata key (a key one side lacks counts as null). Fields `toSave` leaves out are not
 * saved, so they overwrite nothing. Owners and roles compare as sets. Items follow `toSave`'s key order,
 * then the metadata keys only `saved` has. A missing value, null and '' are the same. Both sides should be normalized the same way (the save-body
 * rules), so that a default filled in on one side only is no difference.
 */
export function overwriteItems(saved: Fields, toSave: Fields): OverwriteItem[] {
  const items: OverwriteItem[] = [];
  for (const [key, mine] of Object.entries(toSave)) {
    if (mine === undefined || key === 'version') continue;
    const theirs = saved[key];
    if (key === 'json_metadata') {
      const [before, after] = [metadataObject(theirs), metadataObject(mine)];
      if (before && after) {
        const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
        for (const k of keys) {
          if (!MAINTAINED_METADATA.has(k) && canonical(before[k]) !== canonical(after[k]))
            items.push(item(`json_metadata.${k}`, before[k], after[k]));
        }
        continue;
      }
    }
    if (comparable(key, theirs) !== comparable(key, mine)) items.push(item(key, theirs, mine));
  }
  return items;
}
