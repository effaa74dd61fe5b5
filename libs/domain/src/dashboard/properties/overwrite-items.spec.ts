import { overwriteItems } from './overwrite-items';

const saved = {
  dashboard_title: 'Renamed elsewhere',
  slug: 'cars',
  css: '',
  owners: [1, 2],
  certified_by: null,
  certification_details: null,
  json_metadata: JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 0, label_colors: { USA: 'red' } }),
};

describe('overwrite items (charts-dashboards-reports §3): what a save would replace of the latest saved dashboard', () => {
  it('given the same values, when compared, then nothing is listed', () => {
    expect(overwriteItems(saved, { ...saved })).toEqual([]);
  });

  it('given a differing title and css, when compared, then one item each with theirs as old and yours as new', () => {
    expect(overwriteItems(saved, { ...saved, dashboard_title: 'Mine', css: '.a { color: red; }' })).toEqual([
      { keyPath: 'dashboard_title', oldValue: 'Renamed elsewhere', newValue: 'Mine' },
      { keyPath: 'css', oldValue: '', newValue: '.a { color: red; }' },
    ]);
  });

  it('given json_metadata as text on one side and an object on the other, when compared, then one item per differing key', () => {
    const mine = {
      ...saved,
      json_metadata: {
        refresh_frequency: 300,
        color_scheme: 'bnbColors',
        label_colors: { USA: 'red' },
        stagger_refresh: false,
      },
    };
    expect(overwriteItems(saved, mine)).toEqual([
      { keyPath: 'json_metadata.refresh_frequency', oldValue: 0, newValue: 300 },
      { keyPath: 'json_metadata.stagger_refresh', oldValue: null, newValue: false },
    ]);
  });

  it('given label colours a page pushed since, when compared, then they are no reason to stop the user', () => {
    const saved = {
      json_metadata: {
        color_scheme: 'bnbColors',
        map_label_colors: { USA: '#ff5a5f' },
        shared_label_colors: ['USA'],
        color_scheme_domain: ['#ff5a5f'],
      },
    };
    expect(overwriteItems(saved, { json_metadata: { color_scheme: 'bnbColors' } })).toEqual([]);
  });

  it('given a metadata key only theirs has, when compared, then it is listed with null as yours', () => {
    const mine = { ...saved, json_metadata: JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 0 }) };
    expect(overwriteItems(saved, mine)).toEqual([
      { keyPath: 'json_metadata.label_colors', oldValue: { USA: 'red' }, newValue: null },
    ]);
  });

  it('given nested metadata whose keys come in another order, when compared, then it is no difference', () => {
    const theirs = {
      json_metadata: { chart_configuration: { '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } } } },
    };
    const mine = {
      json_metadata: { chart_configuration: { '1': { crossFilters: { chartsInScope: [2], scope: 'global' }, id: 1 } } },
    };
    expect(overwriteItems(theirs, mine)).toEqual([]);
    const other = {
      json_metadata: { chart_configuration: { '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [3] } } } },
    };
    expect(overwriteItems(theirs, other)).toEqual([
      {
        keyPath: 'json_metadata.chart_configuration',
        oldValue: theirs.json_metadata.chart_configuration,
        newValue: other.json_metadata.chart_configuration,
      },
    ]);
  });

  it('given owners in another order, when compared, then it is no difference; other owners are', () => {
    expect(overwriteItems(saved, { owners: [2, 1] })).toEqual([]);
    expect(overwriteItems(saved, { owners: [1, 3] })).toEqual([
      { keyPath: 'owners', oldValue: [1, 2], newValue: [1, 3] },
    ]);
  });

  it('given fields left out of what is saved, when compared, then they overwrite nothing', () => {
    expect(overwriteItems({ ...saved, roles: ['Gamma'] }, { css: '' })).toEqual([]);
  });

  it('given a slug only one side has, when compared, then null stands for none', () => {
    expect(overwriteItems({ slug: null }, { slug: 'mine' })).toEqual([
      { keyPath: 'slug', oldValue: null, newValue: 'mine' },
    ]);
    expect(overwriteItems({}, { slug: null })).toEqual([]);
  });

  it('given empty text on one side and none on the other, when compared, then it is no difference', () => {
    expect(
      overwriteItems(
        { certification_details: null, json_metadata: {} },
        { certification_details: '', json_metadata: { color_scheme: '' } },
      ),
    ).toEqual([]);
  });

  it('given json_metadata that is not a JSON object, when compared, then the whole field is one item', () => {
    expect(overwriteItems(saved, { json_metadata: '{oops' })).toEqual([
      { keyPath: 'json_metadata', oldValue: saved.json_metadata, newValue: '{oops' },
    ]);
  });
});
