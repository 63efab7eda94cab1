/**
 * The demo mail catcher as its own process (docker compose, or by hand): an SMTP server on MAIL_CATCHER_SMTP_PORT
 * (1025) that keeps every message in Redis (REDIS_URL), where the gateway's /dev/mail shows them in the local runtime.
 * Point SMTP_URL of the gateway, domain-ops, whois-mail and the registry simulator at it. Development and demos only.
 */
import 'reflect-metadata';
import { startMailCatcher } from '@registrar/gateway';

async function main() {
  if (process.env.NODE_ENV === 'production' && process.env.ALLOW_MAIL_CATCHER !== '1') throw new Error('the mail catcher is for development and demos only (ALLOW_MAIL_CATCHER=1 to run it anyway)');
  const catcher = await startMailCatcher({
    port: Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025),
    host: process.env.HOST ?? '0.0.0.0',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  console.log(`mail catcher listening on ${catcher.url}`);
  const stop = async () => {
    await catcher.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
