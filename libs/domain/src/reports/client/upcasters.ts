/**
 * Old report pages facts read as today's (DESIGN.md "Events"). They lived in the client's log only, so
 * they reach this in exported time-travel files.
 */
import type { UpcasterMap } from '@strata/events';

export const reportPagesUpcasters: UpcasterMap = {
  // A setter's name for the schedule as the server answered it: the same fact, named as one.
  'reportPages/scheduleUpdated': (event) => ({ type: 'reportPages/scheduleLoaded', data: event.data }),
};
