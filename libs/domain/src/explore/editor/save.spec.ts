import { SaveAction } from '../controls/constants';
import { formDataForSave, parseFilterKey, saveToasts } from './save';

describe('saving a chart (charts-dashboards-reports §4 Save chart, §5)', () => {
  it('charts-dashboards-reports §5: extra filters are removed; an extra time range is kept with No filter', () => {
    const saved = formDataForSave({
      datasource: '1__table',
      viz_type: 'table',
      extra_filters: [{ col: 'x' }],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          subject: 'origin',
          operatorId: 'IN',
          operator: 'IN',
          comparator: ['USA'],
          clause: 'WHERE',
          isExtra: true,
        },
        {
          expressionType: 'SIMPLE',
          subject: 'year',
          operatorId: 'TEMPORAL_RANGE',
          operator: 'TEMPORAL_RANGE',
          comparator: 'Last week',
          clause: 'WHERE',
          isExtra: true,
        },
        { expressionType: 'SQL', sqlExpression: 'hp > 1', clause: 'WHERE' },
      ],
    });
    expect(saved).not.toHaveProperty('extra_filters');
    expect(saved.adhoc_filters).toEqual([
      {
        expressionType: 'SIMPLE',
        subject: 'year',
        operatorId: 'TEMPORAL_RANGE',
        operator: 'TEMPORAL_RANGE',
        comparator: 'No filter',
        clause: 'WHERE',
        isExtra: false,
      },
      { expressionType: 'SQL', sqlExpression: 'hp > 1', clause: 'WHERE' },
    ]);
  });

  it('charts-dashboards-reports §4: the toasts of saving new, overwriting, and adding to a dashboard', () => {
    expect(saveToasts({ action: SaveAction.SAVE_NEW, sliceName: 'HP' })).toEqual(['Chart [HP] has been saved']);
    expect(
      saveToasts({ action: SaveAction.OVERWRITE, sliceName: 'HP', dashboard: { title: 'Cars', isNew: false } }),
    ).toEqual(['Chart [HP] has been overwritten', 'Chart [HP] was added to dashboard [Cars]']);
    expect(
      saveToasts({ action: SaveAction.SAVE_NEW, sliceName: 'HP', dashboard: { title: 'New', isNew: true } })[1],
    ).toBe('Dashboard [New] just got created and chart [HP] was added to it');
  });

  it("charts-dashboards-reports §5: a filter key is '<chart id>_<column>'", () => {
    expect(parseFilterKey('12_origin_country')).toEqual({ chartId: 12, column: 'origin_country' });
    expect(() => parseFilterKey('origin')).toThrow('Cannot parse invalid filter key');
  });
});
