import { deepFreeze } from '../../testing';
import { dashboardPropertiesFold, type DashboardPropertiesEvent } from './management';

const given = (events: readonly DashboardPropertiesEvent[]) =>
  events.reduce(
    (s, e) => deepFreeze(dashboardPropertiesFold.evolve(s, deepFreeze(e))),
    deepFreeze(dashboardPropertiesFold.initialState()),
  );

const changedElsewhere: DashboardPropertiesEvent = {
  type: 'dashboardProperties/changedElsewhere',
  data: {
    write: 'properties',
    version: 5,
    items: [{ keyPath: 'dashboard_title', oldValue: 'Theirs', newValue: 'Mine' }],
  },
};

describe('dashboard management fold (charts-dashboards-reports §3 overwrite confirmation, §6, §7)', () => {
  it('given a dialog read at version 3, when someone else saved first and the user discards, then a save is based on theirs', () => {
    const state = given([
      { type: 'dashboardProperties/dialogOpened', data: { write: 'properties', version: 3 } },
      { type: 'dashboardProperties/writeStarted', data: { write: 'properties' } },
      changedElsewhere,
      { type: 'dashboardProperties/changesDiscarded', data: { write: 'properties' } },
    ]);
    expect(state).toMatchObject({ writing: null, dialogVersion: 5, overwriteConfirmMetadata: null, formResets: 1 });
  });

  it('given no list yet, the role picker offers the built-in roles; when the server lists them, its custom roles too', () => {
    expect(given([]).roleChoices).toEqual(['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public']);
    const listed = given([{ type: 'dashboardProperties/rolesListed', data: { roles: ['Gamma', 'Analysts'] } }]);
    expect(listed.roleChoices).toEqual(['Gamma', 'Analysts']);
  });

  it('when a write fails, then the confirmation stays up so the user may try again', () => {
    const state = given([
      changedElsewhere,
      { type: 'dashboardProperties/writeStarted', data: { write: 'properties' } },
      { type: 'dashboardProperties/writeFailed', data: { write: 'properties', message: 'Forbidden' } },
    ]);
    expect(state.failure).toEqual({ write: 'properties', message: 'Forbidden' });
    expect(state.overwriteConfirmMetadata?.version).toBe(5);
  });

  it('when the answer of an owners search comes for text typed past, then it only teaches names', () => {
    const state = given([
      { type: 'dashboardProperties/ownerSearchStarted', data: { text: 'ad' } },
      { type: 'dashboardProperties/ownerSearchStarted', data: { text: 'ada' } },
      { type: 'dashboardProperties/ownersFound', data: { text: 'ad', count: 1, owners: [{ id: 4, label: 'Adam' }] } },
    ]);
    expect(state.ownerSearch).toMatchObject({ text: 'ada', status: 'searching', results: [] });
    expect(state.ownerNames).toEqual({ 4: 'Adam' });
  });
});
