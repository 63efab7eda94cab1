import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { requireMember } from '../../features/account/require-member';
import { SellPage } from '../../features/market/sell-page';

export const Route = createFileRoute('/market/sell')({ beforeLoad: requireMember, component: () => <PageContainer size={800}><SellPage /></PageContainer> });
