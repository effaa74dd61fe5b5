// A report page's charts draw without animation, so the report's screenshot never catches one half drawn.
it('turns Highcharts animation off on a report page (standalone=3), and only there', () => {
  window.history.pushState({}, '', '/superset/dashboard/1/?standalone=3');
  jest.isolateModules(() => {
    const { Highcharts } = jest.requireActual<typeof import('./highcharts')>('./highcharts');
    expect(Highcharts.getOptions().plotOptions?.series?.animation).toBe(false);
    expect(Highcharts.getOptions().chart?.animation).toBe(false);
  });
  window.history.pushState({}, '', '/superset/dashboard/1/?standalone=1');
  jest.isolateModules(() => {
    const { Highcharts } = jest.requireActual<typeof import('./highcharts')>('./highcharts');
    expect(Highcharts.getOptions().plotOptions?.series?.animation).not.toBe(false);
  });
});
