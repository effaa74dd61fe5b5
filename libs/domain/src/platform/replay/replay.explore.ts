/**
 * The unsaved chart the replayed user was building at a step (issue 13 item 4, issue 16 item 1): Explore
 * keeps the form under a form_data key (`explore/formDataStored` on `explore_form_data:<key>`), so the
 * form of then is that key's stream folded (exploreFormDataDecider's evolve) up to the step's position.
 * The key is the one the step stored to; a step that stored none (an Explore step of an unsaved chart)
 * shows the key the user stored to last before it.
 */
import type { EventLike } from '@strata/events';
import {
  EXPLORE_FORM_DATA_EVENTS,
  exploreFormDataDecider,
  type ExploreFormDataStored,
  type StoredFormData,
} from '../../explore/form-data';
import type { ReplayRow, ReplayStep } from './replay.events';

export interface ReplayExploreForm {
  key: string;
  /** The form as the key held it at the step (parsed from the stored JSON text). */
  formData: Record<string, unknown>;
  /** '{id}__{type}' */
  datasource: string;
  /** The saved chart the form edits, if any. */
  chartId: number | null;
}

const FORM_TYPES: ReadonlySet<string> = new Set(EXPLORE_FORM_DATA_EVENTS);
const keyOf = (row: ReplayRow): string | null => {
  const key = (row.payload as { key?: unknown } | null)?.key;
  return FORM_TYPES.has(row.type) && typeof key === 'string' ? key : null;
};

/**
 * The unsaved form at `step`, from `rows` (the user's rows up to the step, any order), or null when the
 * step is of a saved chart (it stored no form) or no form was kept before it.
 */
export function unsavedExploreFormAt(step: ReplayStep, rows: readonly ReplayRow[]): ReplayExploreForm | null {
  const upTo = [...rows].filter((row) => row.position <= step.position).sort((a, b) => a.position - b.position);
  const ownKey =
    [...step.rows]
      .reverse()
      .map(keyOf)
      .find((k) => k !== null) ?? null;
  if (ownKey === null && step.objectId !== null) return null;
  const key =
    ownKey ??
    [...upTo]
      .reverse()
      .map(keyOf)
      .find((k) => k !== null) ??
    null;
  if (key === null) return null;
  let state: StoredFormData | null = exploreFormDataDecider.initialState();
  for (const row of upTo)
    if (keyOf(row) === key)
      state = exploreFormDataDecider.evolve(state, {
        type: row.type,
        data: row.payload,
      } as EventLike as ExploreFormDataStored);
  if (!state) return null;
  let formData: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(state.form_data);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    formData = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  return {
    key,
    formData,
    datasource: `${state.datasource_id}__${state.datasource_type}`,
    chartId: state.chart_id ?? null,
  };
}
