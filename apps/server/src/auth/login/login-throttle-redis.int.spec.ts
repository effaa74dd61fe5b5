/** With REDIS_URL, every server process counts the same failures (real Redis, two throttles for two processes). */
import { randomUUID } from 'node:crypto';
import { AppConfig, DEFAULT_LOGIN_THROTTLE, DEFAULT_SQLLAB_TIMEOUTS } from '../../config/app-config';
import { LoginThrottle, LoginThrottled } from './login-throttle';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('LoginThrottle with REDIS_URL', () => {
  // A deployment of its own (its metadata database URL), so runs never share keys.
  const databaseUrl = `postgres://127.0.0.1/throttle_${randomUUID()}`;
  const settings = {
    ...DEFAULT_LOGIN_THROTTLE,
    maxFailuresPerUsername: 2,
    backoffBaseSeconds: 600,
    backoffMaxSeconds: 3600,
  };
  const process = () =>
    new LoginThrottle(
      new AppConfig(
        0,
        databaseUrl,
        undefined,
        REDIS_URL,
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
        settings,
      ),
    );
  const one = process();
  const two = process();
  afterAll(async () => {
    await one.onModuleDestroy();
    await two.onModuleDestroy();
  });

  it('locks a username on every process once the failures on all of them reach the limit', async () => {
    await one.failed('shared', '10.1.1.1');
    await two.check('shared', '10.1.1.2');
    await two.failed('shared', '10.1.1.2');
    await expect(one.check('shared', '10.1.1.3')).rejects.toBeInstanceOf(LoginThrottled);
    await expect(two.check('shared', '10.1.1.3')).rejects.toBeInstanceOf(LoginThrottled);
    await two.succeeded('shared');
    await expect(one.check('shared', '10.1.1.3')).resolves.toBeUndefined();
  });
});
