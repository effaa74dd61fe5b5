import { humanizeAgo } from './humanize';

describe('humanizeAgo', () => {
  const now = new Date('2024-05-10T12:00:00Z');
  it('says how long ago, in the largest whole unit', () => {
    expect(humanizeAgo(new Date('2024-05-10T11:59:30Z'), now)).toBe('a few seconds ago');
    expect(humanizeAgo(new Date('2024-05-10T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(humanizeAgo(new Date('2024-05-10T11:00:00Z'), now)).toBe('an hour ago');
    expect(humanizeAgo(new Date('2024-05-08T12:00:00Z'), now)).toBe('2 days ago');
    expect(humanizeAgo(new Date('2023-05-01T12:00:00Z'), now)).toBe('a year ago');
  });
});
