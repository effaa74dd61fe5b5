import { ConfigError } from '../config/load-config';
import { DEFAULT_RETRY_DELAYS_MS, loadRunConfig } from './run-config';

describe('loadRunConfig', () => {
  it('defaults: links to this server on its port, three attempts', () => {
    const config = loadRunConfig({}, 8088);
    expect(config.linkBaseUrl).toBe('http://localhost:8088');
    expect(config.retryDelaysMs).toEqual(DEFAULT_RETRY_DELAYS_MS);
  });

  it('reads the base URL (without its trailing slash) and the waits in seconds', () => {
    const config = loadRunConfig(
      { WEBDRIVER_BASEURL_USER_FRIENDLY: 'https://bi.example.com/', REPORT_RETRY_DELAYS_SECONDS: '1, 2.5,10' },
      8088,
    );
    expect(config.linkBaseUrl).toBe('https://bi.example.com');
    expect(config.retryDelaysMs).toEqual([1000, 2500, 10_000]);
  });

  it('lists every problem in one ConfigError', () => {
    expect(() =>
      loadRunConfig({ WEBDRIVER_BASEURL_USER_FRIENDLY: 'bi.example.com', REPORT_RETRY_DELAYS_SECONDS: 'soon' }, 1),
    ).toThrow(ConfigError);
  });
});
