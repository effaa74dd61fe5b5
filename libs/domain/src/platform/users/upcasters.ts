import type { UpcasterMap } from '@strata/events';
import type { UserEvent } from './user.events';

/** Before: the fields one save of the profile form changed, in one event. */
interface ProfileChangedBefore {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** `security/userProfileChanged {firstName?, lastName?, email?}` is read as one event per field it changed. */
export const userUpcasters: UpcasterMap = {
  'security/userProfileChanged': (event) => {
    const { firstName, lastName, email } = event.data as ProfileChangedBefore;
    const events: UserEvent[] = [];
    if (firstName !== undefined) events.push({ type: 'security/userFirstNameChanged', data: { firstName } });
    if (lastName !== undefined) events.push({ type: 'security/userLastNameChanged', data: { lastName } });
    if (email !== undefined) events.push({ type: 'security/userEmailChanged', data: { email } });
    return events;
  },
};
