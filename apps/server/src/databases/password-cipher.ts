/**
 * Database passwords at rest: AES-256-GCM with a key derived from SECRET_KEY (HKDF, its own label, so
 * the key is not the one that signs sessions). Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * Changing SECRET_KEY makes stored passwords unreadable: admins re-enter them (the error says so).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'strata:database-passwords:v1';

export class PasswordCipher {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), Buffer.alloc(0), INFO, 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
      '.',
    );
  }

  /** Throws when the text was not made with this key (SECRET_KEY changed) or was tampered with. */
  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown password format.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
