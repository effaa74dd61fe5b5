import { ConfigError } from '../config/load-config';
import { loadMailConfig } from './mail-config';

describe('mail configuration from the environment', () => {
  it('without SMTP_HOST there is no mail server (the outbox), with Superset’s subject prefix', () => {
    const config = loadMailConfig({ SMTP_HOST: ' ' });
    expect(config.smtp).toBeNull();
    expect(config.subjectPrefix).toBe('[Report] ');
    expect(config.timeouts).toEqual({ connectionMs: 30_000, greetingMs: 30_000, socketMs: 60_000, webhookMs: 60_000 });
  });

  it('reads the SMTP settings, the sender, the prefix and the timeouts', () => {
    const config = loadMailConfig({
      SMTP_HOST: 'mail.example.com',
      SMTP_USER: 'strata',
      SMTP_PASSWORD: 'secret',
      SMTP_SSL: 'true',
      EMAIL_FROM: 'reports@example.com',
      EMAIL_REPORTS_SUBJECT_PREFIX: '',
      SMTP_TIMEOUT_SECONDS: '5',
      WEBHOOK_TIMEOUT_SECONDS: '2',
    });
    expect(config.smtp).toEqual({
      host: 'mail.example.com',
      port: 465,
      user: 'strata',
      password: 'secret',
      starttls: false,
      ssl: true,
    });
    expect(config.from).toBe('reports@example.com');
    expect(config.subjectPrefix).toBe('');
    expect(config.timeouts).toEqual({ connectionMs: 5000, greetingMs: 5000, socketMs: 5000, webhookMs: 2000 });
    expect(loadMailConfig({ SMTP_HOST: 'mail', SMTP_STARTTLS: 'yes' }).smtp).toMatchObject({
      port: 25,
      starttls: true,
    });
  });

  it('lists every bad variable in one error', () => {
    expect(() => loadMailConfig({ SMTP_PORT: 'x', SMTP_SSL: 'maybe' })).toThrow(ConfigError);
    try {
      loadMailConfig({ SMTP_PORT: 'x', SMTP_SSL: 'maybe' });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['SMTP_PORT', 'SMTP_SSL']);
    }
    expect(() => loadMailConfig({ SMTP_HOST: 'mail', SMTP_SSL: '1', SMTP_STARTTLS: '1' })).toThrow(
      /exclude each other/,
    );
  });
});
