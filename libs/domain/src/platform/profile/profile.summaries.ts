import { defineSummaries, quote } from '../../audit/summary';
import type { ProfileEvent } from './profile.events';

/** The profile page in the audit log's words; never a password. */
export const profileSummaries = defineSummaries<ProfileEvent>({
  context: 'profile',
  of: {
    'profile/passwordChanged': (_d, { who }) => `${who} changed their password`,
    'profile/passwordChangeRefused': (d, { who }) => `the password change of ${who} was refused: ${quote(d.message)}`,
  },
});
