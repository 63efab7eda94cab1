import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { requireMember } from '../features/account/require-member';
import { PointsPage } from '../features/money/points-page';

/** ラッコポイント (000 spec "money pages"): balance, history, bank-transfer purchase. */
export const Route = createFileRoute('/point')({ beforeLoad: requireMember, component: () => <PageContainer size={960}><PointsPage /></PageContainer> });
