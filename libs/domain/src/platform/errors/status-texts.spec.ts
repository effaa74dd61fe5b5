import { statusText } from './status-texts';

describe('status texts (sqllab-and-platform §8 Status texts)', () => {
  it.each([
    [400, 'Bad request'],
    [401, 'Unauthorized'],
    [402, 'Payment required'],
    [403, 'Forbidden'],
    [404, 'Not found'],
    [405, 'Method not allowed'],
    [406, 'Not acceptable'],
    [407, 'Proxy authentication required'],
    [408, 'Request timeout'],
    [409, 'Conflict'],
    [410, 'Gone'],
    [411, 'Length required'],
    [412, 'Precondition failed'],
    [413, 'Payload too large'],
    [414, 'URI too long'],
    [415, 'Unsupported media type'],
    [416, 'Range not satisfiable'],
    [417, 'Expectation failed'],
    [418, "I'm a teapot"],
    [500, 'Server error'],
    [501, 'Not implemented'],
    [502, 'Bad gateway'],
    [503, 'Service unavailable'],
    [504, 'Gateway timeout'],
    [599, 'Network error'],
  ])('sqllab-and-platform §8: status %i reads %s', (status, text) => {
    expect(statusText(status)).toBe(text);
  });

  it('sqllab-and-platform §8: 505 to 511 are other server errors, each with its own text', () => {
    const texts = [505, 506, 507, 508, 509, 510, 511].map(statusText);
    expect(new Set(texts).size).toBe(7);
    expect(texts).not.toContain('Unknown error');
  });

  it.each([200, 302, 419, 429, 499, 512, 598, 600])(
    "sqllab-and-platform §8: any other status (%i) is 'Unknown error'",
    (status) => {
      expect(statusText(status)).toBe('Unknown error');
    },
  );
});
