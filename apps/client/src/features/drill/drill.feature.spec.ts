import { firstValueFrom, filter } from 'rxjs';
import type { DrillDetailRequest, DrillState } from '@strata/domain';
import { createTestContext } from '../../shared/test-context';
import { HttpClient } from '../api/http-client';
import type { DrillApi } from './drill-api';
import { createDrill } from './drill.feature';
import { embedCode } from './share';

const target = {
  title: 'Cars by origin',
  datasource: '7__table',
  formData: { viz_type: 'echarts_timeseries_bar', datasource: '7__table', x_axis: 'origin', metrics: ['count'] },
};
const japan = [{ col: 'origin', op: 'IN' as const, val: ['Japan'] }];

function setUp() {
  const asked: DrillDetailRequest[] = [];
  const contexts: unknown[] = [];
  const api: DrillApi = {
    rows: async (request) => {
      asked.push(request);
      return { colnames: ['name'], rows: [{ name: `row of page ${request.params.page}` }], total: 120 };
    },
    chartData: async (context) => {
      contexts.push(context);
      return [{ data: [{ cylinders: 4, count: 69 }], colnames: ['cylinders', 'count'] }];
    },
    download: async () => ({ blob: new Blob(['x']), filename: 'rows.csv' }),
    chartPermalink: async () => 'http://bi.example/explore/p/abc/',
  };
  const drill = createDrill({ context: createTestContext(), http: new HttpClient(), api });
  const settled = (done: (s: DrillState) => boolean) => firstValueFrom(drill.store.state$.pipe(filter(done)));
  return { drill, asked, contexts, settled };
}

describe('drill feature', () => {
  it("drill to detail by a bar reads that bar's rows 50 at a time; Next reads page 2", async () => {
    const { drill, asked, settled } = setUp();
    drill.openDetail(target, japan, 'Japan');
    const first = await settled((s) => s.modal?.kind === 'detail' && s.modal.status === 'loaded');
    expect(first.modal).toMatchObject({ label: 'Japan', total: 120, rows: [{ name: 'row of page 1' }] });
    expect(asked[0]?.body.filters).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
    expect(asked[0]?.params).toMatchObject({ datasource_id: 7, page: 1, per_page: 50 });
    drill.turnPage(2);
    const second = await settled(
      (s) => s.modal?.kind === 'detail' && s.modal.page === 2 && s.modal.status === 'loaded',
    );
    expect(second.modal).toMatchObject({ rows: [{ name: 'row of page 2' }] });
  });

  it('drill by asks for the chart re-grouped by the column, filtered to the point, in one intent', async () => {
    const { drill, contexts, settled } = setUp();
    drill.openBy(target, japan, 'Japan', ['cylinders', 'year'], 'cylinders');
    const state = await settled((s) => s.modal?.kind === 'by' && s.modal.status === 'loaded');
    expect(state.modal).toMatchObject({ column: 'cylinders' });
    const sent = contexts[0] as { form_data: Record<string, unknown> };
    expect(sent.form_data).toMatchObject({ x_axis: 'cylinders' });
    // Opening and choosing the column are one batch: one undo/audit step.
    const batches = new Set(drill.store.store.log$.value.map((e) => e.meta.batchId));
    expect(batches.size).toBe(2);
  });

  it('the embed code is an iframe of the standalone chart at the link handed out', () => {
    expect(embedCode('http://bi.example/explore/p/abc/')).toBe(
      '<iframe width="600" height="400" seamless frameBorder="0" scrolling="no" src="http://bi.example/explore/p/abc/?standalone=1&height=400"></iframe>',
    );
  });
});
