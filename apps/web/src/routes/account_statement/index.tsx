import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { requireMember } from '../../features/account/require-member';
import { StatementPage } from '../../features/money/statement-page';

/** 利用明細 (the user menu): charges with receipts. */
export const Route = createFileRoute('/account_statement/')({ beforeLoad: requireMember, component: () => <PageContainer size={960}><StatementPage /></PageContainer> });
