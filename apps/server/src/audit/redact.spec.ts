import { REDACTED, redact } from './redact';

describe('audit payload redaction', () => {
  it('hides passwords, hashes, secrets and tokens at any depth, and a password inside a connection URI', () => {
    expect(
      redact({
        username: 'carol',
        password: 'hunter2',
        nested: [{ password_hash: 'scrypt$...', api_key: 'k', guest_token: 't', encrypted_extra: '{}' }],
        uri: 'postgresql://ana:s3cret@db:5432/sales',
        plain: 'postgresql://ana@db:5432/sales',
      }),
    ).toEqual({
      username: 'carol',
      password: REDACTED,
      nested: [{ password_hash: REDACTED, api_key: REDACTED, guest_token: REDACTED, encrypted_extra: REDACTED }],
      uri: `postgresql://ana:${REDACTED}@db:5432/sales`,
      plain: 'postgresql://ana@db:5432/sales',
    });
  });

  it('leaves everything else as it was', () => {
    const payload = { slice_name: 'Revenue', params: { metrics: ['count'] }, n: 3, ok: true, none: null };
    expect(redact(payload)).toEqual(payload);
  });
});
