import { externalHref, readHash } from './links';

describe('links and hash (sqllab-and-platform §2)', () => {
  it("sqllab-and-platform §2: the URL hash is read without its leading '#'", () => {
    expect(readHash('#CHART-abc')).toBe('CHART-abc');
    expect(readHash('')).toBe('');
    expect(readHash('already-bare')).toBe('already-bare');
    expect(readHash('##double')).toBe('#double');
  });

  it.each([
    ['example.com/report', '//example.com/report'],
    ['www.example.com', '//www.example.com'],
    ['localhost:8088/dashboard/1', '//localhost:8088/dashboard/1'],
  ])('sqllab-and-platform §2: a link without a host (%s) becomes protocol-relative', (url, href) => {
    expect(externalHref(url)).toBe(href);
  });

  it.each([
    'https://example.com/x',
    'http://example.com',
    '//cdn.example.com/a',
    'mailto:team@example.com',
    '/dashboard/1',
  ])('sqllab-and-platform §2: a link that already has a host or is a path of this app (%s) is kept', (url) => {
    expect(externalHref(url)).toBe(url);
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>', 'vbscript:x', '  '])(
    'a script, data or empty link (%s) gives no link at all',
    (url) => {
      expect(externalHref(url)).toBeNull();
    },
  );
});
