import { WhoisMailType } from '@registrar/contracts';
import { classifyWhoisMail } from './classification.rules';

const c = (subject: string, from = 'noreply@registry.example') => classifyWhoisMail({ from, subject });

describe('classifyWhoisMail', () => {
  it.each([
    ['Approval required: change of registrant for example.com', WhoisMailType.Approval],
    ['【承認のお願い】登録者情報変更 example.jp', WhoisMailType.Approval],
    ['Please confirm the registrant change of example.com', WhoisMailType.Approval],
    ['Change of registrant completed: example.com', WhoisMailType.RegistrantChangeComplete],
    ['登録者名変更完了のお知らせ', WhoisMailType.RegistrantChangeComplete],
    ['DES OTE notification', WhoisMailType.DesOte],
    ['WHOIS Data Accuracy verification for example.com', WhoisMailType.AccuracyCheck],
    ['Please verify your contact information', WhoisMailType.AccuracyCheck],
    ['Domain expiration notice: example.com expires in 30 days', WhoisMailType.ExpiryNotice],
    ['【重要】ドメイン有効期限のお知らせ', WhoisMailType.ExpiryNotice],
    ['Transfer request disapproved: example.com', WhoisMailType.TransferOutDisapproved],
    ['移管申請不承認のお知らせ', WhoisMailType.TransferOutDisapproved],
    ['Hello, I would like to buy your domain', WhoisMailType.Nonstandard],
    ['', WhoisMailType.Nonstandard],
  ])('%s -> %s', (subject, type) => {
    expect(c(subject)).toBe(type);
  });

  it('tests the sender when a rule names one', () => {
    const rules = [{ type: WhoisMailType.DesOte, note: 't', from: /@escrow\.example$/, subject: /notice/ }];
    expect(classifyWhoisMail({ from: 'a@escrow.example', subject: 'notice' }, rules)).toBe(WhoisMailType.DesOte);
    expect(classifyWhoisMail({ from: 'a@other.example', subject: 'notice' }, rules)).toBe(WhoisMailType.Nonstandard);
  });
});
