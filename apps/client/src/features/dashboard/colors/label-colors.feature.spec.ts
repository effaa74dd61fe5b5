import { waitFor } from '@testing-library/react';
import { VirtualTimeScheduler } from 'rxjs';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { dashboardTestApi } from '../testing/dashboard-test-api';
import { sampleDashboard } from '../testing/layouts';
import { COLOR_SYNC_DEBOUNCE_MS, createLabelColors, type LabelColorsFeature } from './label-colors.feature';

/**
 * The colour sync's debounce on virtual time (the page specs draw real charts on real timers, where
 * "nothing was pushed" could only be waited for, never known).
 */
let api: ReturnType<typeof dashboardTestApi>;
let scheduler: VirtualTimeScheduler;
let colors: LabelColorsFeature | null = null;
/** Every PUT the feature makes, passed on to the test server. */
let puts: string[];

beforeEach(async () => {
  api = dashboardTestApi();
  await api.server.start();
  api.dashboards.push(sampleDashboard());
  scheduler = new VirtualTimeScheduler();
  puts = [];
});
afterEach(async () => {
  colors?.dispose();
  await api.server.stop();
});

function labelColors(canEdit: boolean): LabelColorsFeature {
  const http = new HttpClient({ baseUrl: api.server.baseUrl });
  colors = createLabelColors({
    context: createTestContext(),
    http: {
      put: <T>(url: string, body?: unknown) => {
        puts.push(url);
        return http.put<T>(url, body);
      },
    },
    canEdit: () => canEdit,
    scheduler,
  });
  colors.opened(7, {});
  colors.chartLabelsShown(1, ['USA', 'Europe', 'Japan']);
  colors.chartLabelsShown(2, ['Europe', 'Japan']);
  return colors;
}

it(`pushes the colours of an owner ${COLOR_SYNC_DEBOUNCE_MS} ms after the last change, once`, async () => {
  labelColors(true);
  scheduler.maxFrames = COLOR_SYNC_DEBOUNCE_MS - 1;
  scheduler.flush();
  expect(puts).toEqual([]);
  scheduler.maxFrames = Infinity;
  scheduler.flush();
  expect(puts).toEqual(['/api/v1/dashboard/7/colors?mark_updated=false']);
  await waitFor(() => expect(api.colorSaves).toHaveLength(1));
  expect(api.colorSaves[0]!.body).toMatchObject({ shared_label_colors: ['Europe', 'Japan'] });
});

it('pushes nothing for someone who may not edit the dashboard', () => {
  const feature = labelColors(false);
  scheduler.flush();
  expect(puts).toEqual([]);
  // The colours are theirs to see all the same.
  expect(feature.store.getState().colors?.map).toMatchObject({
    USA: expect.any(String),
    Europe: expect.any(String),
    Japan: expect.any(String),
  });
});
