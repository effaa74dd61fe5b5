import {
  DEFAULT_SQLLAB_LIMIT,
  displayLimitReached,
  LimitingFactor,
  planLimit,
  settleLimit,
  SQL_MAX_ROW,
  truncateForDisplay,
} from './limits';

describe('planLimit (REFERENCE §1.5)', () => {
  it('given no LIMIT in the SQL, when the dropdown is 1000, then the dropdown limits', () => {
    expect(planLimit(null, 1000)).toEqual({ limit: 1000, limitingFactor: LimitingFactor.DROPDOWN });
  });
  it('given a SQL LIMIT above the dropdown, then the dropdown limits', () => {
    expect(planLimit(5000, 1000)).toEqual({ limit: 1000, limitingFactor: LimitingFactor.DROPDOWN });
  });
  it('given a SQL LIMIT below the dropdown, then the query limits', () => {
    expect(planLimit(10, 1000)).toEqual({ limit: 10, limitingFactor: LimitingFactor.QUERY });
  });
  it('given equal limits, then both limit', () => {
    expect(planLimit(1000, 1000)).toEqual({ limit: 1000, limitingFactor: LimitingFactor.QUERY_AND_DROPDOWN });
  });
  it('given no dropdown, then DEFAULT_SQLLAB_LIMIT applies', () => {
    expect(planLimit(null, null)).toEqual({ limit: DEFAULT_SQLLAB_LIMIT, limitingFactor: LimitingFactor.DROPDOWN });
  });
  it('given a dropdown above SQL_MAX_ROW, then it is clamped', () => {
    expect(planLimit(null, 5_000_000).limit).toBe(SQL_MAX_ROW);
    expect(planLimit(200_000, 5_000_000)).toEqual({ limit: SQL_MAX_ROW, limitingFactor: LimitingFactor.DROPDOWN });
  });
  it('given LIMIT 0, then the query limits to zero rows', () => {
    expect(planLimit(0, 1000)).toEqual({ limit: 0, limitingFactor: LimitingFactor.QUERY });
  });
});

describe('settleLimit (the limit + 1 fetch)', () => {
  const plan = planLimit(null, 1000);
  it('given 1001 rows fetched for limit 1000, then 1000 are kept and the dropdown limited them', () => {
    expect(settleLimit(plan, 1001)).toEqual({ rows: 1000, limitingFactor: LimitingFactor.DROPDOWN });
  });
  it('given exactly the limit, then the result is complete', () => {
    expect(settleLimit(plan, 1000)).toEqual({ rows: 1000, limitingFactor: LimitingFactor.NOT_LIMITED });
  });
  it('given fewer rows, then NOT_LIMITED', () => {
    expect(settleLimit(planLimit(10, 1000), 3)).toEqual({ rows: 3, limitingFactor: LimitingFactor.NOT_LIMITED });
  });
});

describe('display truncation', () => {
  it('given more rows than DISPLAY_MAX_ROW, then only the first ones are sent and the flag is set', () => {
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(truncateForDisplay(rows, 10)).toEqual({ data: rows.slice(0, 10), displayLimitReached: true });
    expect(truncateForDisplay(rows, 12)).toEqual({ data: rows, displayLimitReached: false });
    expect(displayLimitReached(10_001)).toBe(true);
    expect(displayLimitReached(10_000)).toBe(false);
  });
});
