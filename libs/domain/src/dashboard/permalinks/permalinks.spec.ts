import { deciderSpec } from '../../testing';
import { explorePermalinkDecider } from '../../explore/permalinks';
import { dashboardPermalinkDecider } from '.';

describe('permalinks: a key is written once', () => {
  it('dashboard permalinks (dashboard_permalink:<key>)', () => {
    const data = { key: 'k'.repeat(32), dashboardId: 7, state: { dataMask: {}, activeTabs: ['TAB-a'] } };
    const spec = deciderSpec(dashboardPermalinkDecider);
    spec
      .given([])
      .when({ type: 'CreateDashboardPermalink', data })
      .then([{ type: 'dashboard/permalinkCreated', data }]);
    spec
      .given([{ type: 'dashboard/permalinkCreated', data }])
      .when({ type: 'CreateDashboardPermalink', data })
      .thenThrows('permalink_exists');
  });

  it('Explore permalinks (explore_permalink:<key>)', () => {
    const data = { key: 'k'.repeat(32), state: { formData: { datasource: '1__table' }, urlParams: null } };
    const spec = deciderSpec(explorePermalinkDecider);
    spec
      .given([])
      .when({ type: 'CreateExplorePermalink', data })
      .then([{ type: 'explore/permalinkCreated', data }]);
    spec
      .given([{ type: 'explore/permalinkCreated', data }])
      .when({ type: 'CreateExplorePermalink', data })
      .thenThrows('permalink_exists');
  });
});
