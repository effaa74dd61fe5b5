import { originAllowed } from './origin-check';

describe('originAllowed: which pages may open a socket', () => {
  const allowed = ['https://bi.example.com', 'http://localhost:5173'];

  it('allows the server own host (host and port as the request named them) and the listed origins', () => {
    expect(originAllowed('http://strata.internal:8088', 'strata.internal:8088', [])).toBe(true);
    expect(originAllowed('https://Strata.Internal', 'strata.internal', [])).toBe(true);
    expect(originAllowed('https://bi.example.com', 'strata.internal:8088', allowed)).toBe(true);
    expect(originAllowed('http://localhost:5173', 'localhost:8088', allowed)).toBe(true);
  });

  it('refuses any other origin, another port of the same host, and opaque origins', () => {
    expect(originAllowed('https://evil.example.com', 'strata.internal:8088', allowed)).toBe(false);
    expect(originAllowed('http://strata.internal:9999', 'strata.internal:8088', [])).toBe(false);
    expect(originAllowed('http://bi.example.com', 'strata.internal', allowed)).toBe(false);
    expect(originAllowed('null', 'strata.internal', allowed)).toBe(false);
    expect(originAllowed('file://', 'strata.internal', allowed)).toBe(false);
  });

  it('allows a request without Origin: not a browser (a script with a bearer token)', () => {
    expect(originAllowed(undefined, 'strata.internal', [])).toBe(true);
  });
});
