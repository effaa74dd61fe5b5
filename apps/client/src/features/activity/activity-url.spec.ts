import { auditQueryOf, filtersFromSearch, searchOfFilters } from './activity-url';

describe('activity filters in the address', () => {
  it('round-trips every filter through the query string and into the audit query', () => {
    const search = new URLSearchParams(
      'actor=2&object_type=chart&object_id=3&types=chart/chartRenamed,chart/chartSaved&since=2026-03-01T00:00:00.000Z&text=Sales&page=2&page_size=100',
    );
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({
      actor: 2,
      object: { type: 'chart', id: 3 },
      types: ['chart/chartRenamed', 'chart/chartSaved'],
      since: '2026-03-01T00:00:00.000Z',
      text: 'Sales',
      page: 2,
      pageSize: 100,
    });
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual(filters);
    expect(auditQueryOf(filters)).toEqual({
      actor: 2,
      object: { type: 'chart', id: 3 },
      types: ['chart/chartRenamed', 'chart/chartSaved'],
      since: '2026-03-01T00:00:00.000Z',
      text: 'Sales',
      page: 2,
      page_size: 100,
    });
  });

  it('leaves out what it cannot read and holds the page size to 1,000', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams('actor=bob&object_type=spaceship&object_id=1&since=yesterday&page_size=5000'),
      ),
    ).toEqual({
      page: 0,
      pageSize: 1000,
    });
  });
});
