import { toQueryString } from './query-string';
import {
  StandaloneMode,
  hiddenChrome,
  parseStandaloneMode,
  parseUiConfig,
  permalinkUrlParams,
  readPageUrlParams,
  uiConfigMask,
} from './url-params';

describe('UI-config bit mask (sqllab-and-platform §2)', () => {
  it.each([
    [1, 'hideTitle'],
    [2, 'hideTabs'],
    [4, 'hideNav'],
    [8, 'hideChartControls'],
  ] as const)('sqllab-and-platform §2: bit %i %s', (bit, flag) => {
    const config = parseUiConfig(String(bit));
    expect(config[flag]).toBe(true);
    expect(Object.values(config).filter(Boolean)).toHaveLength(1);
  });

  it('sqllab-and-platform §2: bits combine (5 hides the title and navigation)', () => {
    expect(parseUiConfig('5')).toEqual({ hideTitle: true, hideTabs: false, hideNav: true, hideChartControls: false });
    expect(parseUiConfig(15)).toEqual({ hideTitle: true, hideTabs: true, hideNav: true, hideChartControls: true });
  });

  it('a missing or malformed mask hides nothing', () => {
    for (const value of [null, undefined, '', 'abc', '1.5', '-4', '0x4']) {
      expect(Object.values(parseUiConfig(value)).some(Boolean)).toBe(false);
    }
  });

  it('the mask round-trips', () => {
    for (let mask = 0; mask < 16; mask += 1) expect(uiConfigMask(parseUiConfig(mask))).toBe(mask);
  });
});

describe('standalone modes (sqllab-and-platform §2)', () => {
  it('sqllab-and-platform §2: 0 none, 1 hide navigation, 2 hide navigation and title, 3 report', () => {
    expect(hiddenChrome({ standalone: parseStandaloneMode('0'), uiConfig: parseUiConfig(0) })).toMatchObject({
      hideNav: false,
      hideTitle: false,
    });
    expect(hiddenChrome({ standalone: parseStandaloneMode('1'), uiConfig: parseUiConfig(0) })).toMatchObject({
      hideNav: true,
      hideTitle: false,
    });
    expect(hiddenChrome({ standalone: parseStandaloneMode('2'), uiConfig: parseUiConfig(0) })).toMatchObject({
      hideNav: true,
      hideTitle: true,
    });
    expect(parseStandaloneMode('3')).toBe(StandaloneMode.REPORT);
  });

  it('standalone=true is the older spelling of mode 1; anything unknown is mode 0', () => {
    expect(parseStandaloneMode('true')).toBe(StandaloneMode.HIDE_NAV);
    expect(parseStandaloneMode('7')).toBe(StandaloneMode.NONE);
    expect(parseStandaloneMode(null)).toBe(StandaloneMode.NONE);
  });

  it('the bit mask and the standalone mode both hide: either asking is enough', () => {
    expect(hiddenChrome({ standalone: StandaloneMode.NONE, uiConfig: parseUiConfig(1) }).hideTitle).toBe(true);
  });
});

describe('page parameters (sqllab-and-platform §2)', () => {
  it('sqllab-and-platform §2: explore and dashboard pages read standalone, edit, force, slice id, dashboard id, viz type, uiConfig and preselected filters', () => {
    const params = readPageUrlParams(
      '?standalone=2&edit=true&force=1&slice_id=12&dashboard_id=3&viz_type=table&uiConfig=8&preselect_filters=%7B%7D',
    );
    expect(params).toEqual({
      standalone: 2,
      edit: true,
      force: true,
      sliceId: 12,
      dashboardId: 3,
      vizType: 'table',
      uiConfig: { hideTitle: false, hideTabs: false, hideNav: false, hideChartControls: true },
      preselectFilters: '{}',
    });
  });

  it('reads a URLSearchParams as well as a string', () => {
    const params = readPageUrlParams(new URLSearchParams({ slice_id: '5', force: 'false' }));
    expect(params.sliceId).toBe(5);
    expect(params.force).toBe(false);
  });

  it('absent parameters are off or missing', () => {
    expect(readPageUrlParams('')).toEqual({
      standalone: 0,
      edit: false,
      force: false,
      uiConfig: { hideTitle: false, hideTabs: false, hideNav: false, hideChartControls: false },
    });
  });
});

describe('permalink parameters (sqllab-and-platform §2)', () => {
  it('sqllab-and-platform §2: chart permalinks keep the current parameters minus the reserved ones', () => {
    const current =
      '?form_data_key=abc&slice_id=4&standalone=1&datasource_id=2&datasource_type=table&dataset_id=2&foo=bar';
    expect(permalinkUrlParams(current, 'chart')).toEqual([
      ['standalone', '1'],
      ['foo', 'bar'],
    ]);
  });

  it('sqllab-and-platform §2: dashboard permalinks drop the filter state, the permalink key and edit mode', () => {
    const current = new URLSearchParams(
      'native_filters_key=k&native_filters=(x)&permalink_key=p&edit=true&standalone=2&show_filters=0',
    );
    expect(permalinkUrlParams(current, 'dashboard')).toEqual([
      ['standalone', '2'],
      ['show_filters', '0'],
    ]);
  });

  it('query strings are read and written in the form encoding URLSearchParams uses', () => {
    const pairs = [
      ['q', 'a b&c=d'],
      ['emoji', 'é ✓'],
      ['bang', "it's (ok)!~"],
    ] as const;
    const written = toQueryString(pairs);
    expect(written).toBe(new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, v])).toString());
    expect(permalinkUrlParams(written, 'chart')).toEqual(pairs);
  });
});
