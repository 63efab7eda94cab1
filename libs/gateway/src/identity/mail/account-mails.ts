import { PRODUCT } from '@registrar/messages';
import type { OutgoingMail } from './mailer.service';

const footer = `\n\n--\n${PRODUCT.serviceName}\nこのメールに心当たりがない場合は破棄してください。`;

export const accountMails = {
  confirmSignUp: (to: string, link: string): OutgoingMail => ({
    to,
    subject: `【${PRODUCT.serviceName}】メールアドレスの確認`,
    text: `${PRODUCT.serviceName}へのご登録ありがとうございます。\n以下のリンクから登録を完了してください（24時間有効）。\n\n${link}${footer}`,
  }),
  passwordReset: (to: string, link: string): OutgoingMail => ({
    to,
    subject: `【${PRODUCT.serviceName}】パスワードの再設定`,
    text: `パスワード再設定のご依頼を受け付けました。\n以下のリンクから新しいパスワードを設定してください（1時間有効）。\n\n${link}${footer}`,
  }),
  emailChange: (to: string, link: string): OutgoingMail => ({
    to,
    subject: `【${PRODUCT.serviceName}】メールアドレス変更の確認`,
    text: `メールアドレスの変更を受け付けました。\n以下のリンクから変更を完了してください（24時間有効）。\n\n${link}${footer}`,
  }),
};
