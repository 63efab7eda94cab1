import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { requireMember } from '../features/account/require-member';
import { SalesPage } from '../features/market/sales-page';

/** 売上管理 (the user menu): the member's market sales, listings, offers, trades, payouts and statements. */
export const Route = createFileRoute('/sales')({ beforeLoad: requireMember, component: () => <PageContainer size={1120}><SalesPage /></PageContainer> });
