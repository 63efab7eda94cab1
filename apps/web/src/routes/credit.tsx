import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { requireMember } from '../features/account/require-member';
import { CardsPage } from '../features/money/cards-page';

/** クレジットカード (the user menu): saved cards, add through Stripe, remove, default. */
export const Route = createFileRoute('/credit')({ beforeLoad: requireMember, component: () => <PageContainer size={960}><CardsPage /></PageContainer> });
