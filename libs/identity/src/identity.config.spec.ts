import 'reflect-metadata';
import { loadConfig } from '@registrar/infra';
import { IdentityConfig, KNOWN_SESSION_SECRETS } from './identity.config';

const prod = {
  NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'ラッコドメイン <no-reply@example.jp>',
  APP_URL: 'https://domain.example.jp', SESSION_SECRET: 'q8Zt4mV1xR7bN2cK9pL5wH3jD6fG0sA!',
};

describe('IdentityConfig in production', () => {
  it('starts with a random secret and phone verification switched off explicitly', () => {
    expect(loadConfig(IdentityConfig, { ...prod, PHONE_VERIFICATION: 'off' }).PHONE_VERIFICATION).toBe('off');
  });

  it('refuses every secret this repository publishes (docker-compose.yml, k8s, the development default)', () => {
    for (const secret of KNOWN_SESSION_SECRETS) {
      expect(() => loadConfig(IdentityConfig, { ...prod, PHONE_VERIFICATION: 'off', SESSION_SECRET: secret })).toThrow(/SESSION_SECRET/);
    }
    expect(() => loadConfig(IdentityConfig, { ...prod, PHONE_VERIFICATION: 'off', SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET/);
  });

  it('refuses to start without an SMS provider unless phone verification is switched off', () => {
    expect(() => loadConfig(IdentityConfig, prod)).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig(IdentityConfig, { ...prod, SMS_PROVIDER: 'dev' })).toThrow(/SMS_PROVIDER/);
  });

  it('needs none of it in the local runtime', () => {
    expect(loadConfig(IdentityConfig, { NODE_ENV: 'development' }).sessionSecret.length).toBeGreaterThanOrEqual(32);
  });
});
