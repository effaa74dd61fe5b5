import { render } from '@testing-library/react';
import type { Options } from 'highcharts';
import { Highcharts } from './highcharts';
import { HighchartsViz } from './HighchartsViz';

const options: Options = { series: [{ type: 'column', data: [1, 2, 3] }] };

describe('HighchartsViz', () => {
  // A dashboard re-renders every chart holder on each fact of its page (a query started, answered, drawn):
  // a chart whose props did not change must not be updated and redrawn each time.
  it('does not update the drawn chart when its host re-renders with the same options and size', () => {
    const update = jest.spyOn(Highcharts.Chart.prototype, 'update');
    try {
      const { rerender } = render(<HighchartsViz options={options} width={400} height={300} onRendered={() => {}} />);
      rerender(<HighchartsViz options={options} width={400} height={300} onRendered={() => {}} />);
      rerender(<HighchartsViz options={options} width={400} height={300} onRendered={() => {}} />);
      expect(update).not.toHaveBeenCalled();
      rerender(<HighchartsViz options={options} width={500} height={300} onRendered={() => {}} />);
      expect(update).toHaveBeenCalledTimes(1);
    } finally {
      update.mockRestore();
    }
  });
});
