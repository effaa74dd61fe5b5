import { deepFreeze } from '../../testing';
import { labelColorsFold, previewLabelColors, type LabelColorsEvent } from './label-colors.fold';

const given = (events: readonly LabelColorsEvent[]) =>
  events.reduce(
    (s, e) => deepFreeze(labelColorsFold.evolve(s, deepFreeze(e))),
    deepFreeze(labelColorsFold.initialState()),
  );

const palette = ['#111', '#222', '#333'];
const opened = (metadata = {}): LabelColorsEvent => ({
  type: 'dashboardColors/opened',
  data: { dashboardId: 7, scheme: null, metadata, palette },
});

describe('label colours fold (charts-dashboards-reports §3 label colours, §4 colour sync)', () => {
  it('when a chart shows its labels, then each label keeps one colour across the dashboard', () => {
    const state = given([
      opened(),
      { type: 'dashboardColors/chartLabelsShown', data: { chartId: 1, labels: ['USA', 'Japan'] } },
      { type: 'dashboardColors/chartLabelsShown', data: { chartId: 2, labels: ['Japan'] } },
    ]);
    const first = previewLabelColors(state, 1, ['USA', 'Japan']);
    expect(previewLabelColors(state, 2, ['Japan'])).toEqual({ Japan: first.Japan });
  });

  it('when the same dashboard opens again with a custom colour, then the charts on screen take it at once', () => {
    const state = given([
      opened(),
      { type: 'dashboardColors/chartLabelsShown', data: { chartId: 1, labels: ['USA'] } },
      opened({ label_colors: { USA: '#abcdef' } }),
    ]);
    expect(state.colors?.chartLabels).toEqual({ 1: ['USA'] });
    expect(previewLabelColors(state, 1, ['USA'])).toEqual({ USA: '#abcdef' });
  });

  it('before the dashboard opened, a chart has no dashboard colours', () => {
    expect(previewLabelColors(given([]), 1, ['USA'])).toEqual({});
  });
});
