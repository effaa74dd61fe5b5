import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FEATURE_FLAGS } from '@strata/domain';
import { ConfigError, loadConfig } from './load-config';

const STRONG = 'k7Qw2Jm9xZpL4vNc8RtY1bHs6GdF3aEu0oIi5';

describe('loadConfig', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'strata-config-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  function problemsOf(env: NodeJS.ProcessEnv): string[] {
    try {
      loadConfig(env, { cwd: home });
    } catch (e) {
      if (e instanceof ConfigError) return e.problems;
      throw e;
    }
    throw new Error('expected a ConfigError');
  }

  it('applies the defaults: port 8088, embedded storage, ./.strata under the working directory', () => {
    const config = loadConfig({}, { cwd: home });
    expect(config.port).toBe(8088);
    expect(config.embedded).toBe(true);
    expect(config.strataHome).toBe(join(home, '.strata'));
    expect(config.nodeEnv).toBe('development');
    expect(config.redisUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATABASE_URL: 'postgres://u:p@db:5432/strata',
        EXAMPLES_DATABASE_URL: 'postgresql://u:p@db:5432/examples',
        REDIS_URL: 'redis://cache:6379/0',
        SECRET_KEY: STRONG,
        STRATA_HOME: '/var/lib/strata',
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'a long password',
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
      },
      { cwd: home },
    );
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u:p@db:5432/strata',
      examplesDatabaseUrl: 'postgresql://u:p@db:5432/examples',
      redisUrl: 'redis://cache:6379/0',
      secretKey: STRONG,
      strataHome: '/var/lib/strata',
      adminUsername: 'root',
      adminPassword: 'a long password',
      nodeEnv: 'production',
      logLevel: 'debug',
    });
    expect(config.embedded).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ' }, { cwd: home });
    expect(config.port).toBe(8088);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('lists every bad variable in one error, naming each', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'nope',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/^LOG_LEVEL: must be one of fatal, error/m);
    expect(problems.join('\n')).toMatch(/^PORT: /m);
    expect(problems.join('\n')).toMatch(/^DATABASE_URL: must be a postgres:\/\//m);
    expect(problems.join('\n')).toMatch(/^REDIS_URL: must be a redis:\/\//m);
    expect(problems.join('\n')).toMatch(/^NODE_ENV: must be 'development', 'production' or 'test'/m);
  });

  it('reads the SQL Lab switches: force async, payload cap, backend persistence (default on)', () => {
    const defaults = loadConfig({}, { cwd: home });
    // A result cap by default (a 400 MB result grew the server past 1.3 GB); 0 lifts it.
    expect(defaults.sqllab).toMatchObject({ forceRunAsync: false, payloadMaxMb: 50 });
    expect(loadConfig({ SQLLAB_PAYLOAD_MAX_MB: '0' }, { cwd: home }).sqllab.payloadMaxMb).toBe(0);
    expect(defaults.featureFlags.SQLLAB_BACKEND_PERSISTENCE).toBe(true);
    const config = loadConfig(
      { SQLLAB_FORCE_RUN_ASYNC: 'True', SQLLAB_PAYLOAD_MAX_MB: '2.5', SQLLAB_BACKEND_PERSISTENCE: 'off' },
      { cwd: home },
    );
    expect(config.sqllab).toMatchObject({ forceRunAsync: true, payloadMaxMb: 2.5 });
    expect(config.featureFlags.SQLLAB_BACKEND_PERSISTENCE).toBe(false);
    const problems = problemsOf({ SQLLAB_FORCE_RUN_ASYNC: 'sometimes', SQLLAB_PAYLOAD_MAX_MB: '-1' });
    expect(problems.join('\n')).toMatch(/^SQLLAB_FORCE_RUN_ASYNC: must be true or false/m);
    expect(problems.join('\n')).toMatch(/^SQLLAB_PAYLOAD_MAX_MB: must be a number of megabytes, or 0 for no cap/m);
  });

  it('reads TRUST_PROXY as hops or proxy addresses; trusting every sender is refused', () => {
    expect(loadConfig({}, { cwd: home }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, { cwd: home }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }, { cwd: home }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['true', '0', '11', '10.0.0.0/33', 'proxy.example.com', '*']) {
      expect(problemsOf({ TRUST_PROXY: bad }).join('\n')).toContain('TRUST_PROXY:');
    }
  });

  it('reads ALLOWED_ORIGINS as a list of bare origins; anything else is a problem', () => {
    expect(loadConfig({}, { cwd: home }).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: ' https://BI.example.com , http://localhost:5173/' }, { cwd: home }).allowedOrigins,
    ).toEqual(['https://bi.example.com', 'http://localhost:5173']);
    const problems = problemsOf({
      ALLOWED_ORIGINS: 'https://ok.example.com,https://x.example.com/path,*,ftp://files.example.com',
    });
    expect(problems).toHaveLength(3);
    for (const bad of ['https://x.example.com/path', '*', 'ftp://files.example.com'])
      expect(problems.join('\n')).toContain(`ALLOWED_ORIGINS: '${bad}' is not an origin`);
  });

  it('reads FEATURE_FLAGS (JSON) over the defaults; SQLLAB_BACKEND_PERSISTENCE is a shorthand for the same flag', () => {
    expect(loadConfig({}, { cwd: home }).featureFlags).toEqual(DEFAULT_FEATURE_FLAGS);
    const config = loadConfig(
      { FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERIES": true, "SQLLAB_BACKEND_PERSISTENCE": false}' },
      { cwd: home },
    );
    expect(config.featureFlags).toEqual({
      ...DEFAULT_FEATURE_FLAGS,
      GLOBAL_ASYNC_QUERIES: true,
      SQLLAB_BACKEND_PERSISTENCE: false,
    });
    const agreeing = loadConfig(
      { FEATURE_FLAGS: '{"SQLLAB_BACKEND_PERSISTENCE": false}', SQLLAB_BACKEND_PERSISTENCE: 'false' },
      { cwd: home },
    );
    expect(agreeing.featureFlags.SQLLAB_BACKEND_PERSISTENCE).toBe(false);
  });

  it('refuses a bad FEATURE_FLAGS at boot, naming the variable and the flag', () => {
    expect(problemsOf({ FEATURE_FLAGS: '{GLOBAL_ASYNC_QUERIES: true}' })).toEqual([
      'FEATURE_FLAGS: must be a JSON object of flag names to true/false, e.g. {"GLOBAL_ASYNC_QUERIES": true}',
    ]);
    expect(problemsOf({ FEATURE_FLAGS: '[true]' })[0]).toMatch(/^FEATURE_FLAGS: must be a JSON object/);
    expect(problemsOf({ FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERY": true}' })[0]).toMatch(
      /^FEATURE_FLAGS: unknown flag "GLOBAL_ASYNC_QUERY" \(known: SQLLAB_BACKEND_PERSISTENCE, GLOBAL_ASYNC_QUERIES, /,
    );
    expect(problemsOf({ FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERIES": "yes"}' })).toEqual([
      'FEATURE_FLAGS: GLOBAL_ASYNC_QUERIES must be true or false',
    ]);
    expect(
      problemsOf({ FEATURE_FLAGS: '{"SQLLAB_BACKEND_PERSISTENCE": true}', SQLLAB_BACKEND_PERSISTENCE: 'off' })[0],
    ).toMatch(/^SQLLAB_BACKEND_PERSISTENCE: disagrees/);
    // Listed together with the other bad variables.
    expect(problemsOf({ PORT: 'x', FEATURE_FLAGS: '{"NOPE": true}' })).toHaveLength(2);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: must be between 1 and 65535/);
  });

  it('reads COMMAND_RETRY_TIMEOUT_MS, the time a command that lost a race is decided again (default 10 s)', () => {
    expect(loadConfig({}, { cwd: home }).commandRetryTimeoutMs).toBe(10_000);
    expect(loadConfig({ COMMAND_RETRY_TIMEOUT_MS: '2500' }, { cwd: home }).commandRetryTimeoutMs).toBe(2500);
    expect(loadConfig({ COMMAND_RETRY_TIMEOUT_MS: '0' }, { cwd: home }).commandRetryTimeoutMs).toBe(0);
    expect(problemsOf({ COMMAND_RETRY_TIMEOUT_MS: 'soon' })[0]).toMatch(
      /^COMMAND_RETRY_TIMEOUT_MS: must be a number of milliseconds/,
    );
    expect(problemsOf({ COMMAND_RETRY_TIMEOUT_MS: '-1' })[0]).toMatch(/^COMMAND_RETRY_TIMEOUT_MS: must be 0 or more/);
  });

  it('reads the login throttle: failures before the locks start, per username and per address, and the lock times', () => {
    expect(loadConfig({}, { cwd: home }).loginThrottle).toEqual({
      maxFailuresPerUsername: 5,
      maxFailuresPerAddress: 30,
      backoffBaseSeconds: 1,
      backoffMaxSeconds: 900,
      failureWindowSeconds: 86_400,
    });
    const env = {
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '0',
      LOGIN_BACKOFF_BASE_SECONDS: '2',
      LOGIN_BACKOFF_MAX_SECONDS: '600',
      LOGIN_FAILURE_WINDOW_SECONDS: '3600',
    };
    expect(loadConfig(env, { cwd: home }).loginThrottle).toEqual({
      maxFailuresPerUsername: 3,
      maxFailuresPerAddress: 0,
      backoffBaseSeconds: 2,
      backoffMaxSeconds: 600,
      failureWindowSeconds: 3600,
    });
    const problems = problemsOf({ LOGIN_MAX_FAILURES_PER_USERNAME: '0', LOGIN_BACKOFF_BASE_SECONDS: 'soon' });
    expect(problems).toEqual([
      expect.stringMatching(/^LOGIN_MAX_FAILURES_PER_USERNAME: must be at least 1/),
      expect.stringMatching(/^LOGIN_BACKOFF_BASE_SECONDS: must be a whole number/),
    ]);
    expect(problemsOf({ LOGIN_BACKOFF_BASE_SECONDS: '60', LOGIN_BACKOFF_MAX_SECONDS: '30' })).toEqual([
      'LOGIN_BACKOFF_MAX_SECONDS: must be at least LOGIN_BACKOFF_BASE_SECONDS.',
    ]);
  });

  describe('production mode', () => {
    it('refuses to start without SECRET_KEY and says how to set one', () => {
      const [problem] = problemsOf({ NODE_ENV: 'production' });
      expect(problem).toMatch(/SECRET_KEY is required/);
      expect(problem).toMatch(/openssl rand -base64 42/);
    });

    it.each([
      'changeme',
      'secret',
      'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET',
      'thisismysecretkey',
      'superset',
      'SuperSet',
    ])('refuses the well-known key %s', (key) => {
      expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: key })[0]).toMatch(/well-known/);
    });

    it('refuses a key shorter than 32 characters', () => {
      expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(31) })[0]).toMatch(
        /31 characters long; it needs at least 32/,
      );
    });

    it('accepts a long random key and never writes a generated one', () => {
      const config = loadConfig({ NODE_ENV: 'production', SECRET_KEY: STRONG, STRATA_HOME: 'data' }, { cwd: home });
      expect(config.secretKey).toBe(STRONG);
      expect(() => statSync(join(home, 'data', 'secret-key'))).toThrow();
    });

    it('lists a bad SECRET_KEY together with the other bad variables', () => {
      const problems = problemsOf({ NODE_ENV: 'production', PORT: 'x', SECRET_KEY: 'changeme' });
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^PORT: /);
      expect(problems[1]).toMatch(/well-known/);
    });

    it('refuses a short admin password', () => {
      expect(
        problemsOf({ NODE_ENV: 'production', SECRET_KEY: STRONG, ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'short' })[0],
      ).toMatch(/^ADMIN_PASSWORD: must be at least 8/);
    });

    it.each([
      ['one character repeated', 'x'.repeat(64)],
      ['a short pattern repeated', 'ab12'.repeat(12)],
      ['a well-known key repeated', 'thisismysecretkey'.repeat(3)],
      ['few distinct characters', 'aabbccddaabbccddabcdabcdabcdabcdddccbbaa'],
    ])('refuses a low-entropy key: %s', (_name, key) => {
      expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: key })[0]).toMatch(/^SECRET_KEY is guessable/);
    });

    it('accepts random keys as the usual generators print them (base64, hex)', () => {
      for (const key of [
        STRONG,
        '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        'hG3+/kq8ZrT0vW1xYp5LmN2oQs7dUf4eBc6aJi9R',
      ]) {
        expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: key }, { cwd: home }).secretKey).toBe(key);
      }
    });

    it.each([
      'password',
      'Password1',
      'password123!',
      'admin1234',
      'qwertyuiop',
      '12345678',
      'iloveyou',
      'Superset2024',
      'aaaaaaaaaaaa',
    ])('refuses the common admin password %s', (password) => {
      expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: STRONG, ADMIN_PASSWORD: password })[0]).toMatch(
        /^ADMIN_PASSWORD: is a common password/,
      );
    });

    it("refuses an admin password that contains the admin's username", () => {
      expect(
        problemsOf({
          NODE_ENV: 'production',
          SECRET_KEY: STRONG,
          ADMIN_USERNAME: 'marguerite',
          ADMIN_PASSWORD: 'Marguerite!77',
        })[0],
      ).toMatch(/^ADMIN_PASSWORD: must not contain the username/);
      expect(
        problemsOf({ NODE_ENV: 'production', SECRET_KEY: STRONG, ADMIN_PASSWORD: 'the-admin-account' })[0],
      ).toMatch(/^ADMIN_PASSWORD: must not contain the username/);
    });

    it('accepts an uncommon admin password', () => {
      expect(
        loadConfig(
          { NODE_ENV: 'production', SECRET_KEY: STRONG, ADMIN_PASSWORD: 'orbit-lantern-quietly' },
          { cwd: home },
        ).adminPassword,
      ).toBe('orbit-lantern-quietly');
    });
  });

  describe('development without SECRET_KEY', () => {
    it('generates a key once and keeps it in STRATA_HOME/secret-key across restarts', () => {
      const first = loadConfig({}, { cwd: home });
      const file = join(home, '.strata', 'secret-key');
      expect(readFileSync(file, 'utf8').trim()).toBe(first.secretKey);
      expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const second = loadConfig({}, { cwd: home });
      expect(second.secretKey).toBe(first.secretKey);
    });

    it('prefers SECRET_KEY when it is given', () => {
      expect(loadConfig({ SECRET_KEY: 'dev' }, { cwd: home }).secretKey).toBe('dev');
    });
  });
});
