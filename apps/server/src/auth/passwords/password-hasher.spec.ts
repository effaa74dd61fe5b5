import {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  needsRehash,
  passwordPolicyViolation,
  verifyPassword,
} from './password-hasher';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('stores the algorithm and its parameters with a random salt, never the password', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toEqual(b); // different salts
    expect(a).not.toContain('same password');
  });

  it('verifies hashes made with other (older) parameters and flags them for rehash', async () => {
    const weaker = await hashPassword('old password', { N: 16384, r: 8, p: 1 });
    expect(weaker.startsWith('scrypt$16384$8$1$')).toBe(true);
    await expect(verifyPassword('old password', weaker)).resolves.toBe(true);
    expect(needsRehash(weaker)).toBe(true);
    expect(needsRehash(await hashPassword('new password'))).toBe(false);
  });

  it('refuses parameters below N=16384', async () => {
    await expect(hashPassword('whatever1', { ...DEFAULT_SCRYPT_PARAMS, N: 1024 })).rejects.toThrow(/at least 16384/);
  });

  it('never matches a malformed or tampered hash', async () => {
    const stored = await hashPassword('tamper test');
    const parts = stored.split('$');
    parts[5] = Buffer.from('x'.repeat(64)).toString('base64url');
    await expect(verifyPassword('tamper test', parts.join('$'))).resolves.toBe(false);
    await expect(verifyPassword('tamper test', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('tamper test', 'scrypt$abc$8$1$salt$hash')).resolves.toBe(false);
  });

  it('treats composed and decomposed unicode spellings as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-password');
    await expect(verifyPassword('cafe\u0301-password', stored)).resolves.toBe(true);
  });

  it('applies the password policy: at least 8 characters', () => {
    expect(passwordPolicyViolation('1234567')).toBe('The password must be at least 8 characters long.');
    expect(passwordPolicyViolation('12345678')).toBeNull();
    expect(passwordPolicyViolation('x'.repeat(2000))).toMatch(/at most/);
  });
});
