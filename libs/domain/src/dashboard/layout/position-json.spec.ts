import fc from 'fast-check';
import { DASHBOARD_POSITION_DATA_LIMIT } from '../constants';
import { LayoutBuilder } from '../testing/layout-builder';
import { emptyLayout } from './factory';
import { parsePositionJson, toPositionJson } from './position-json';
import { GRID_ID } from './types';

describe('position_json (REFERENCE §3.1)', () => {
  it('round-trips a layout with the version key', () => {
    const layout = new LayoutBuilder().chart(1, GRID_ID).add('HEADER', 'H', GRID_ID).layout;
    const json = toPositionJson(layout);
    expect(json.DASHBOARD_VERSION_KEY).toBe('v2');
    expect(parsePositionJson(JSON.parse(JSON.stringify(json)))).toEqual({ ok: true, layout });
    expect(DASHBOARD_POSITION_DATA_LIMIT).toBe(65535);
  });

  it('older exports without ancestor paths or sizes load with them recomputed', () => {
    const old = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'], meta: {} },
      'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 3 } },
    };
    const parsed = parsePositionJson(old);
    expect(parsed.ok && parsed.layout['CHART-1']).toMatchObject({
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { chartId: 3, width: 4, height: 50 },
    });
  });

  it('refuses shapes and trees the editor could not keep valid, cycles included, without crashing', () => {
    const base = toPositionJson(emptyLayout());
    const cases: unknown[] = [
      null,
      [],
      'x',
      { ...base, GRID_ID: { id: 'GRID_ID', type: 'NOPE', children: [] } },
      { ...base, GRID_ID: { id: 'OTHER', type: 'GRID', children: [] } },
      { ...base, GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['MISSING'] } },
      {
        ...base,
        GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['R'] },
        R: { id: 'R', type: 'ROW', children: ['R'] },
      },
      { ...base, ORPHAN: { id: 'ORPHAN', type: 'DIVIDER', children: [] } },
      {
        ...base,
        GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['R'] },
        R: { id: 'R', type: 'ROW', children: ['A', 'B'] },
        A: { id: 'A', type: 'CHART', children: [], meta: { width: 8 } },
        B: { id: 'B', type: 'CHART', children: [], meta: { width: 8 } },
      },
    ];
    for (const input of cases) expect(parsePositionJson(input).ok).toBe(false);
  });

  it('never throws on arbitrary input, including item-shaped objects with random links', () => {
    const id = fc.constantFrom('ROOT_ID', 'GRID_ID', 'A', 'B', 'C');
    const item = fc.record({
      id,
      type: fc.constantFrom('ROOT', 'GRID', 'ROW', 'COLUMN', 'CHART', 'TABS', 'TAB'),
      children: fc.array(id, { maxLength: 3 }),
      meta: fc.record({ width: fc.integer({ min: -1, max: 14 }) }),
    });
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.dictionary(id, item)), (input) => {
        const parsed = parsePositionJson(input);
        expect(typeof parsed.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});
