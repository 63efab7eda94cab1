import { createFileRoute } from '@tanstack/react-router';
import { TransferConfirmPage } from '../../../features/transfer/transfer-confirm-page';

interface ConfirmSearch {
  holdId: string;
  paymentResult?: string;
  cardRegistration?: boolean;
}

/** Transfer-in confirm (000 §2): AUTHCODEs, prices, terms and payment. */
export const Route = createFileRoute('/mypage/transferin/confirm')({
  validateSearch: (s: Record<string, unknown>): ConfirmSearch => ({
    holdId: typeof s.holdId === 'string' ? s.holdId : '',
    paymentResult: typeof s.paymentResult === 'string' ? s.paymentResult : undefined,
    cardRegistration: s.cardRegistration === true || s.cardRegistration === 'true' ? true : undefined,
  }),
  component: Confirm,
});

function Confirm() {
  const s = Route.useSearch();
  return <TransferConfirmPage key={s.holdId} holdId={s.holdId} paymentResult={s.paymentResult} cardRegistration={s.cardRegistration} />;
}
