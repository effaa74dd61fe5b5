/**
 * Old facts of `dashboard-draft:<id>` read as today's (DESIGN.md "Events": stored events are never
 * rewritten). `dashboard/draftDiscarded` did not keep the dropped draft before issue 12: it is read with
 * `layout: null` (listed in the history, not restorable) and no changes.
 */
import type { EventLike, UpcasterMap } from '@strata/events';
import type { DraftDiscarded } from './draft.model';

function draftDiscarded(event: EventLike): DraftDiscarded {
  const data = event.data as Partial<DraftDiscarded['data']> & Pick<DraftDiscarded['data'], 'version' | 'by' | 'at'>;
  return {
    type: 'dashboard/draftDiscarded',
    data: { ...data, layout: data.layout ?? null, changes: data.changes ?? [] },
  };
}

export const draftSessionUpcasters: UpcasterMap = {
  'dashboard/draftDiscarded': draftDiscarded,
};
