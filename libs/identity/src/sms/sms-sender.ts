import IORedis from 'ioredis';

/** The port through which SMS leave the system. A real provider adapter plugs in here (docs/accounts.md). */
export const SMS_SENDER = Symbol('SMS_SENDER');

export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

export interface DevSms {
  id: string;
  to: string;
  body: string;
  at: string;
}

export const DEV_SMS_KEY = 'dev:sms';

/** Development sender (local runtime and tests): keeps the messages in Redis, readable at /dev/sms and its API. */
export class DevSmsSender implements SmsSender {
  constructor(private readonly redis: IORedis) {}
  async send(to: string, body: string): Promise<void> {
    const sms: DevSms = { id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, to, body, at: new Date().toISOString() };
    await this.redis.multi().lpush(DEV_SMS_KEY, JSON.stringify(sms)).ltrim(DEV_SMS_KEY, 0, 199).exec();
  }
}

/** Where no provider is configured, sending fails loudly instead of pretending. */
export class UnconfiguredSmsSender implements SmsSender {
  async send(): Promise<void> {
    throw new Error('no SMS provider is configured');
  }
}
