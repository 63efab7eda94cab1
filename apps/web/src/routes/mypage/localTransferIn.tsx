import { createFileRoute } from '@tanstack/react-router';
import { LocalTransferInPage } from '../../features/domains/operations/local-transfer-pages';

/** Accept domains moved in from other accounts (001 §2). */
export const Route = createFileRoute('/mypage/localTransferIn')({ component: LocalTransferInPage });
