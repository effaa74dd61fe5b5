import { deciderSpec } from '../../testing';
import { dashboardColorsDecider } from './colors-synced';
import { dashboardFavoritesDecider } from './favorites';

describe('dashboard favourites (dashboard-favorites:<id>)', () => {
  const spec = deciderSpec(dashboardFavoritesDecider);
  it('a star is set once per user; asking for what is already so appends nothing', () => {
    spec
      .given([])
      .when({ type: 'FavoriteDashboard', data: { userId: 3, favorite: true } })
      .then([{ type: 'dashboard/favorited', data: { userId: 3 } }]);
    spec
      .given([{ type: 'dashboard/favorited', data: { userId: 3 } }])
      .when({ type: 'FavoriteDashboard', data: { userId: 3, favorite: true } })
      .then([]);
    spec
      .given([{ type: 'dashboard/favorited', data: { userId: 3 } }])
      .when({ type: 'FavoriteDashboard', data: { userId: 3, favorite: false } })
      .then([{ type: 'dashboard/unfavorited', data: { userId: 3 } }]);
    spec
      .given([])
      .when({ type: 'FavoriteDashboard', data: { userId: 3, favorite: false } })
      .then([]);
    spec
      .given([
        { type: 'dashboard/favorited', data: { userId: 3 } },
        { type: 'dashboard/favorited', data: { userId: 4 } },
        { type: 'dashboard/unfavorited', data: { userId: 3 } },
      ])
      .thenState([4]);
  });
});

describe('dashboard colour syncs (dashboard-colors:<id>)', () => {
  const spec = deciderSpec(dashboardColorsDecider);
  const colors = { color_scheme: 'bnbColors', label_colors: { boys: '#ff0000' } };
  it('charts-dashboards-reports §4: a push of the stored colours appends nothing, unless it marks the dashboard updated', () => {
    spec
      .given([])
      .when({ type: 'SyncDashboardColors', data: { colors, markUpdated: false } })
      .then([{ type: 'dashboard/colorsSynced', data: { colors, markUpdated: false } }]);
    spec
      .given([{ type: 'dashboard/colorsSynced', data: { colors, markUpdated: false } }])
      .when({ type: 'SyncDashboardColors', data: { colors, markUpdated: false } })
      .then([]);
    spec
      .given([{ type: 'dashboard/colorsSynced', data: { colors, markUpdated: false } }])
      .when({ type: 'SyncDashboardColors', data: { colors, markUpdated: true } })
      .then([{ type: 'dashboard/colorsSynced', data: { colors, markUpdated: true } }]);
  });
});
