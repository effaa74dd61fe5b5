import { jsonDiff } from './json-diff';

describe('jsonDiff', () => {
  it('names the fields added, removed and changed, by path', () => {
    expect(
      jsonDiff(
        { slice_name: 'Sales', owners: [1], cache_timeout: 10, params: '{"metrics":["count"]}' },
        { slice_name: 'Revenue', owners: [1, 2], description: 'new', params: '{"metrics":["sum"]}' },
      ),
    ).toEqual([
      { path: 'cache_timeout', kind: 'removed', before: 10 },
      { path: 'description', kind: 'added', after: 'new' },
      { path: 'owners.1', kind: 'added', after: 2 },
      { path: 'params.metrics.0', kind: 'changed', before: 'count', after: 'sum' },
      { path: 'slice_name', kind: 'changed', before: 'Sales', after: 'Revenue' },
    ]);
  });

  it('says nothing for equal values and the whole object for one that appeared', () => {
    expect(jsonDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(jsonDiff(undefined, { a: 1 })).toEqual([{ path: '', kind: 'added', after: { a: 1 } }]);
  });
});
