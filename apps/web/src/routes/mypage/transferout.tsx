import { createFileRoute } from '@tanstack/react-router';
import { TransferOutPage } from '../../features/transfer/transfer-out-page';

/** Other registrars' transfer requests for the member's domains: approve or reject (issue 12). */
export const Route = createFileRoute('/mypage/transferout')({ component: TransferOutPage });
