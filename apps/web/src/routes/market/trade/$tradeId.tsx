import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { requireMember } from '../../../features/account/require-member';
import { TradePage } from '../../../features/market/trade-page';

/** A trade's steps, followed by its buyer and its seller. */
export const Route = createFileRoute('/market/trade/$tradeId')({
  beforeLoad: requireMember,
  component: function TradeRoute() {
    return <PageContainer size={800}><TradePage id={Number(Route.useParams().tradeId)} /></PageContainer>;
  },
});
