import type { ReplayRow } from './replay.events';
import { unsavedExploreFormAt } from './replay.explore';
import { replaySteps } from './replay.steps';

const row = (position: number, type: string, payload: unknown, object: ReplayRow['object'] = null): ReplayRow => ({
  position,
  time: new Date(Date.UTC(2026, 0, 1, 10, 0, position)).toISOString(),
  actor: { id: 2, username: 'bob' },
  object,
  type,
  summary: `#${position}`,
  payload,
  batch_id: `b${position}`,
  undone: false,
});
const stored = (position: number, key: string, form: Record<string, unknown>, chartId: number | null = null) =>
  row(position, 'explore/formDataStored', {
    key,
    state: { datasource_id: 1, datasource_type: 'table', chart_id: chartId, form_data: JSON.stringify(form), owner: 2 },
  });

describe('unsavedExploreFormAt: the form a form_data key held at a replay step', () => {
  const rows = [
    stored(3, 'A', { viz_type: 'pie', metric: 'count' }),
    stored(5, 'B', { viz_type: 'table' }),
    stored(7, 'A', { viz_type: 'echarts_timeseries_bar', metrics: ['count'] }, 9),
    row(8, 'chart/updated', {}, { type: 'chart', id: 9, name: 'Saved' }),
    row(10, 'explore/controlChanged', {}),
  ];
  const steps = replaySteps(rows);

  it("a step that stored a form shows its key's form as it was then", () => {
    expect(unsavedExploreFormAt(steps[0]!, rows)).toEqual({
      key: 'A',
      formData: { viz_type: 'pie', metric: 'count' },
      datasource: '1__table',
      chartId: null,
    });
    expect(unsavedExploreFormAt(steps[2]!, rows)).toMatchObject({
      key: 'A',
      formData: { viz_type: 'echarts_timeseries_bar', metrics: ['count'] },
      chartId: 9,
    });
  });

  it('an unsaved Explore step shows the last form kept before it; a saved chart step none', () => {
    expect(unsavedExploreFormAt(steps[4]!, rows)).toMatchObject({ key: 'A', chartId: 9 });
    expect(unsavedExploreFormAt(steps[3]!, rows)).toBeNull();
    expect(unsavedExploreFormAt(replaySteps([rows[4]!])[0]!, [rows[4]!])).toBeNull();
  });

  it('a form kept after the step is not shown at it', () => {
    expect(unsavedExploreFormAt(steps[1]!, rows)).toMatchObject({ key: 'B', formData: { viz_type: 'table' } });
    expect(unsavedExploreFormAt(steps[0]!, rows)?.formData).toEqual({ viz_type: 'pie', metric: 'count' });
  });
});
