import {
  AppConfig,
  DEFAULT_LOGIN_THROTTLE,
  DEFAULT_SQLLAB_TIMEOUTS,
  type LoginThrottleSettings,
} from '../../config/app-config';
import { lockSeconds, LoginThrottle, LoginThrottled } from './login-throttle';

const settings: LoginThrottleSettings = {
  ...DEFAULT_LOGIN_THROTTLE,
  maxFailuresPerUsername: 3,
  maxFailuresPerAddress: 5,
  backoffBaseSeconds: 60,
  backoffMaxSeconds: 600,
};
const throttleWith = (s: LoginThrottleSettings) =>
  new LoginThrottle(
    new AppConfig(
      0,
      undefined,
      undefined,
      undefined,
      'x'.repeat(40),
      '/tmp/strata-throttle',
      undefined,
      undefined,
      'test',
      'info',
      DEFAULT_SQLLAB_TIMEOUTS,
      undefined,
      undefined,
      undefined,
      s,
    ),
  );

/** The Retry-After a check answers now, or 0 when it lets the attempt through. */
async function retryAfter(throttle: LoginThrottle, username: string, ip: string | null): Promise<number> {
  try {
    await throttle.check(username, ip);
    return 0;
  } catch (error) {
    if (error instanceof LoginThrottled) return error.retryAfterSeconds;
    throw error;
  }
}

describe('lockSeconds', () => {
  it('given fewer failures than the limit, then no lock; from the limit on, the base doubling per failure, capped', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => lockSeconds(n, 3, settings))).toEqual([0, 0, 60, 120, 240, 480, 600]);
    expect(lockSeconds(10_000, 3, settings)).toBe(600);
  });
});

describe('LoginThrottle (in memory)', () => {
  it('locks a username from its limit on, doubling per further failure, until a success clears it', async () => {
    const throttle = throttleWith({ ...settings, maxFailuresPerAddress: 0 });
    await throttle.failed('Ada', '10.0.0.1');
    await throttle.failed('ada', '10.0.0.1');
    expect(await retryAfter(throttle, 'ADA', '10.0.0.1')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await throttle.failed('ada', '10.0.0.1');
      waits.push(await retryAfter(throttle, 'ada', '10.0.0.2'));
    }
    // Each wait is at most its lock, and longer than the whole lock before it: the lock doubled.
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(60);
    expect(waits[1]).toBeLessThanOrEqual(120);
    expect(waits[2]).toBeGreaterThan(120);
    expect(waits[2]).toBeLessThanOrEqual(240);
    expect(await retryAfter(throttle, 'bob', '10.0.0.1')).toBe(0); // addresses are off: only 'ada' is locked
    await throttle.succeeded('ada');
    expect(await retryAfter(throttle, 'ada', '10.0.0.1')).toBe(0);
  });

  it('locks an address after failures for any usernames, and a success does not unlock it', async () => {
    const throttle = throttleWith(settings);
    for (const name of ['a', 'b', 'c', 'd', 'e']) await throttle.failed(name, '10.0.0.9');
    expect(await retryAfter(throttle, 'f', '10.0.0.9')).toBeGreaterThan(55);
    await throttle.succeeded('a');
    expect(await retryAfter(throttle, 'a', '10.0.0.9')).toBeGreaterThan(55);
    expect(await retryAfter(throttle, 'a', '10.0.0.10')).toBe(0);
  });
});
