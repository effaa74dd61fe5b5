import { PasswordCipher } from './password-cipher';

describe('PasswordCipher', () => {
  const cipher = new PasswordCipher('a-secret-key-of-at-least-32-characters!!');

  it('round-trips and never stores the password in clear', () => {
    const stored = cipher.encrypt('pa$$wörd');
    expect(stored).not.toContain('pa$$');
    expect(cipher.decrypt(stored)).toBe('pa$$wörd');
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses another key and tampered text', () => {
    const stored = cipher.encrypt('secret');
    expect(() => new PasswordCipher('another-secret-key-of-32-characters!!!!').decrypt(stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
  });
});
