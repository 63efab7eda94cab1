import { renderMail, templates } from './templates';

describe('mail templates', () => {
  it('renders the registration mail with the order number, the receipt lines and the refunded failures', () => {
    const m = renderMail('domain.registration-done', {
      orderNumber: 'R0123456789AB', total: 4_378, receiptUrl: 'https://app/r',
      items: [{ name: 'rakko.com', years: 1, amount: 1_408 }, { name: 'rakko.jp', years: 2, amount: 2_970 }],
      failed: [{ name: 'taken.net', reason: 'このドメインは既に登録されています' }],
    });
    expect(m.subject).toBe('【ラッコドメイン】ドメイン登録完了のお知らせ（注文番号 R0123456789AB）');
    expect(m.text).toContain('・rakko.com（1年）1,408円');
    expect(m.text).toContain('合計: 4,378円');
    expect(m.text).toContain('・taken.net: このドメインは既に登録されています');
    expect(m.text).toContain('領収書: https://app/r');
  });

  it('has a subject and a text for every template', () => {
    for (const name of Object.keys(templates)) expect(typeof templates[name as keyof typeof templates]).toBe('function');
    expect(renderMail('domain.expiry-notice', { daysLeft: 1, expiry: '2026-12-01', names: ['a.jp'] }).text).toContain('22:00');
  });
});
