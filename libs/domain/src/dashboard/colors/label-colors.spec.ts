import {
  colorsSyncBody,
  colorsSynced,
  labelColor,
  labelColorsOf,
  mustSyncColors,
  withChartLabels,
} from './label-colors';

const PALETTE = ['#111111', '#222222', '#333333'];

describe('dashboard label colours (charts-dashboards-reports §3 metadata, §4 colour sync flags)', () => {
  it('one label has one colour on every chart of the dashboard', () => {
    // given a dashboard with no stored colours
    let state = labelColorsOf({}, PALETTE);
    // when two charts show overlapping labels
    state = withChartLabels(state, 1, ['SFO', 'LAX']);
    state = withChartLabels(state, 2, ['LAX', 'JFK']);
    // then each label has one colour, taken from the scheme in the order first seen
    expect(labelColor(state, 'SFO')).toBe('#111111');
    expect(labelColor(state, 'LAX')).toBe('#222222');
    expect(labelColor(state, 'JFK')).toBe('#333333');
  });

  it('a colour set by hand in label_colors wins and uses no scheme colour', () => {
    let state = labelColorsOf({ label_colors: { SFO: 'red' } }, PALETTE);
    state = withChartLabels(state, 1, ['SFO', 'LAX']);
    expect(labelColor(state, 'SFO')).toBe('red');
    expect(labelColor(state, 'LAX')).toBe('#111111');
    expect(state.map).toEqual({ LAX: '#111111' });
  });

  it('a stored map keeps colours whatever order the charts load in, and new labels take free colours', () => {
    let state = labelColorsOf({ map_label_colors: { LAX: '#111111' }, color_scheme_domain: PALETTE }, PALETTE);
    state = withChartLabels(state, 2, ['JFK', 'LAX']);
    expect(labelColor(state, 'LAX')).toBe('#111111');
    expect(labelColor(state, 'JFK')).toBe('#222222');
  });

  it('past the end of the scheme, colours repeat in order', () => {
    const state = withChartLabels(labelColorsOf({}, PALETTE), 1, ['a', 'b', 'c', 'd', 'e']);
    expect(['a', 'b', 'c', 'd', 'e'].map((l) => labelColor(state, l))).toEqual([
      '#111111',
      '#222222',
      '#333333',
      '#111111',
      '#222222',
    ]);
  });

  it('a map built with another scheme is dropped, so labels take the new scheme, and that must be synced', () => {
    const state = labelColorsOf({ map_label_colors: { LAX: '#abcdef' }, color_scheme_domain: ['#abcdef'] }, PALETTE);
    expect(state.map).toEqual({});
    expect(mustSyncColors(state)).toBe(true);
    expect(labelColor(withChartLabels(state, 1, ['LAX']), 'LAX')).toBe('#111111');
  });

  it('new labels and newly shared labels set the sync flags; a push clears them', () => {
    // given the server already holds LAX and SFO and no shared label
    let state = labelColorsOf(
      { map_label_colors: { LAX: '#111111', SFO: '#222222' }, color_scheme_domain: PALETTE },
      PALETTE,
    );
    // when a chart shows only known labels, nothing needs syncing
    state = withChartLabels(state, 1, ['LAX', 'SFO']);
    expect(mustSyncColors(state)).toBe(false);
    // when a second chart shares LAX, the shared labels must be synced, not the map
    state = withChartLabels(state, 2, ['LAX']);
    expect(state).toMatchObject({ labelsColorMapMustSync: false, sharedLabelsColorsMustSync: true });
    // when a new label comes, the map must be synced too
    state = withChartLabels(state, 3, ['JFK']);
    expect(state.labelsColorMapMustSync).toBe(true);
    // then the push carries the whole picture and clears both flags
    expect(colorsSyncBody(state)).toEqual({
      color_scheme_domain: PALETTE,
      shared_label_colors: ['LAX'],
      map_label_colors: { LAX: '#111111', SFO: '#222222', JFK: '#333333' },
    });
    state = colorsSynced(state);
    expect(mustSyncColors(state)).toBe(false);
    // and a redraw with the same labels changes nothing
    expect(withChartLabels(state, 2, ['LAX'])).toBe(state);
  });

  it('a shared label stored before stays shared when its other chart is not drawn on this visit', () => {
    let state = labelColorsOf(
      { shared_label_colors: ['LAX'], map_label_colors: { LAX: '#111111' }, color_scheme_domain: PALETTE },
      PALETTE,
    );
    state = withChartLabels(state, 1, ['LAX']);
    expect(mustSyncColors(state)).toBe(false);
    expect(colorsSyncBody(state).shared_label_colors).toEqual(['LAX']);
  });

  it('the legacy object form of shared_label_colors is read as its labels', () => {
    expect(labelColorsOf({ shared_label_colors: { LAX: '#111111' } }, PALETTE).shared).toEqual(['LAX']);
  });
});
