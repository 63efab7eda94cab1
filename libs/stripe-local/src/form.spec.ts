import { decodeForm } from './form';

describe(decodeForm.name, () => {
  it('decodes Stripe bracket nesting, indexed and empty-bracket arrays', () => {
    const f = decodeForm('amount=550&currency=jpy&metadata[sessionId]=abc&card[number]=4242&expand[0]=setup_intent&expand[1]=setup_intent.payment_method&payment_method_types[]=card');
    expect(f).toEqual({
      amount: '550',
      currency: 'jpy',
      metadata: { sessionId: 'abc' },
      card: { number: '4242' },
      expand: ['setup_intent', 'setup_intent.payment_method'],
      payment_method_types: ['card'],
    });
  });
});
