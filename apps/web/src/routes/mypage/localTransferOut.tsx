import { createFileRoute } from '@tanstack/react-router';
import { LocalTransferOutPage } from '../../features/domains/operations/local-transfer-pages';

/** The member's move requests by e-mail, cancellable (001 §2). */
export const Route = createFileRoute('/mypage/localTransferOut')({ component: LocalTransferOutPage });
