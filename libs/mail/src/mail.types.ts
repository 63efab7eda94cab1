import type { MailTemplateName, MailTemplates } from './templates';

/** One mail to send: a template with its parameters, to an address or to a member (the host resolves the address). */
export type MailRequest<K extends MailTemplateName = MailTemplateName> = {
  template: K;
  params: MailTemplates[K];
  /**
   * Exactly once per key: the same key again (a retried job, a rerun of a daily schedule) sends nothing more.
   * e.g. `order:{orderId}:done`, `expiry:{domainId}:{expiry}:{days}`.
   */
  key: string;
} & ({ to: string; userId?: number } | { to?: undefined; userId: number });

/** The job's data on QueueName.Mail (JSON). */
export interface SendMailJobData {
  template: MailTemplateName;
  params: unknown;
  key: string;
  to?: string;
  userId?: number;
}

/** The job's data on QueueName.MailBatches (JSON): several mails, each still once per its own key. */
export interface SendMailBatchJobData {
  mails: SendMailJobData[];
}

/** How the host of the mail worker finds a member's address (the identity owner provides it). */
export const MAIL_RECIPIENTS = Symbol('MAIL_RECIPIENTS');
export interface MailRecipients {
  emailOf(userId: number): Promise<string | null>;
}

export interface SentMailRow {
  id: number;
  key: string;
  template: string;
  userId: number | null;
  to: string;
  subject: string;
  status: 'sent' | 'failed';
  attempts: number;
  error: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
}
