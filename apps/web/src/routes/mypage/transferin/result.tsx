import { createFileRoute } from '@tanstack/react-router';
import { TransferResultPage } from '../../../features/transfer/transfer-result-page';

/** Transfer-in result (000 §2), reached with the URL replaced in place. */
export const Route = createFileRoute('/mypage/transferin/result')({ component: TransferResultPage });
