import { requestOrigin } from './public-url';

describe('requestOrigin: the origin permalinks are made absolute with', () => {
  it('is the scheme and Host the browser used, port included', () => {
    expect(requestOrigin({ protocol: 'http', host: '127.0.0.1:8088' })).toBe('http://127.0.0.1:8088');
    expect(requestOrigin({ protocol: 'https', host: 'bi.example.com' })).toBe('https://bi.example.com');
    expect(requestOrigin({ protocol: 'http', host: '[::1]:8088' })).toBe('http://[::1]:8088');
  });

  it('is empty (the link stays relative) for a Host that is no host name', () => {
    for (const host of ['', 'evil.com/x', 'a@b.com', 'host name', 'bi.example.com:80:80', '<script>'])
      expect(requestOrigin({ protocol: 'http', host })).toBe('');
  });
});
