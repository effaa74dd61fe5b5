import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import { profileFold, type ProfileEvent } from './profile.events';
import { profileSummaries } from './profile.summaries';

describe('profile', () => {
  it('a refusal is shown until the password is changed', () => {
    const refused = profileFold.evolve(profileFold.initialState(), {
      type: 'profile/passwordChangeRefused',
      data: { message: 'The current password is not correct.' },
    });
    expect(refused).toEqual({ passwordError: 'The current password is not correct.', passwordChanged: false });
    expect(profileFold.evolve(refused, { type: 'profile/passwordChanged', data: {} })).toEqual({
      passwordError: null,
      passwordChanged: true,
    });
  });

  it('reads every event type, never with a password', () => {
    const samples: SummarySamples<ProfileEvent> = {
      'profile/passwordChanged': {},
      'profile/passwordChangeRefused': { message: 'The current password is not correct.' },
    };
    expect(unreadableSummaries(profileSummaries, samples)).toEqual([]);
  });
});
