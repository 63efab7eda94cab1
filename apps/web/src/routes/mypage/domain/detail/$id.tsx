import { createFileRoute } from '@tanstack/react-router';
import { DomainDetailPage } from '../../../../features/domains/domain-detail-page';

/** The read-only domain detail view (001 spec §2 "Domain detail view"). */
export const Route = createFileRoute('/mypage/domain/detail/$id')({ component: DomainDetailPage });
