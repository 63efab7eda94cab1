import { createFileRoute } from '@tanstack/react-router';
import { ActionLogPage } from '../../../features/domains/action-log-page';
import { validateActionLogSearch } from '../../../features/domains/action-log-search';

/** The action history (001 spec §2 "Action history page"): page, actionId, description, date1, date2 in the URL. */
export const Route = createFileRoute('/mypage/actionLog/')({ validateSearch: validateActionLogSearch, component: ActionLogPage });
