import type { WhoisMailAttachmentDto } from '@registrar/contracts';

/** What a parse of an inbound mail gives (parse-mail.ts), on the event loop or in a parse worker (parse-pool.ts). */
export interface ParsedInbound {
  subject: string;
  from: string;
  text: string;
  html: string | null;
  messageId: string | null;
  attachments: WhoisMailAttachmentDto[];
  malformed: boolean;
}
