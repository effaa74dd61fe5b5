/**
 * Explore's form data cache (REFERENCE §2.4 EXPLORE_FORM_DATA_CACHE_CONFIG): each store of an Explore
 * page's form data is `explore/formDataStored` on `explore_form_data:<key>`, projected into `key_value`
 * for 7 days (each store starts the 7 days again). A key's creator is its owner: only they update it, and
 * an update replaces the fields sent and keeps the others.
 */
import { DomainError, type Decider, type EventLike } from '@strata/events';

export interface StoredFormData {
  datasource_id: number;
  datasource_type: string;
  chart_id?: number | null;
  /** The form data as the JSON text the client sent. */
  form_data: string;
  /** The user who created the key. */
  owner: number;
}

export type ExploreFormDataStored = EventLike<'explore/formDataStored', { key: string; state: StoredFormData }>;
export const EXPLORE_FORM_DATA_EVENTS = [
  'explore/formDataStored',
] as const satisfies readonly ExploreFormDataStored['type'][];
export const EXPLORE_FORM_DATA_RESOURCE = 'explore_form_data';
export const EXPLORE_FORM_DATA_TTL_DAYS = 7;
export const exploreFormDataStream = (key: string) => `${EXPLORE_FORM_DATA_RESOURCE}:${key}`;

export interface CreateFormData {
  type: 'CreateFormData';
  data: { key: string; state: StoredFormData };
}
/** The fields sent replace the stored ones; a field left out (undefined) stays. */
export interface UpdateFormData {
  type: 'UpdateFormData';
  data: { key: string; userId: number; changes: Partial<Omit<StoredFormData, 'owner'>> };
}
export type FormDataCommand = CreateFormData | UpdateFormData;

export const FORM_DATA_NOT_OWNER = 'This form data belongs to another user.';

export const exploreFormDataDecider: Decider<StoredFormData | null, ExploreFormDataStored, FormDataCommand, void> = {
  initialState: () => null,
  evolve: (_state, event) => event.data.state,
  decide(command, state) {
    if (command.type === 'CreateFormData') {
      if (state) throw new DomainError('form_data_exists', 'This form data key is taken.');
      return [{ type: 'explore/formDataStored', data: command.data }];
    }
    if (!state) throw new DomainError('form_data_not_found', 'The form data does not exist or has expired.');
    if (state.owner !== command.data.userId) throw new DomainError('form_data_not_owner', FORM_DATA_NOT_OWNER);
    const next: StoredFormData = { ...state };
    for (const [field, value] of Object.entries(command.data.changes))
      if (value !== undefined) Object.assign(next, { [field]: value });
    // Stored even when nothing changed: each store starts the key's 7 days again.
    return [{ type: 'explore/formDataStored', data: { key: command.data.key, state: next } }];
  },
};
export * from './form-data.summaries';
