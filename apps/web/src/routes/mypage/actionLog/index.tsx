import { createFileRoute } from '@tanstack/react-router';
import { ActionLogPage, validateActionLogSearch } from '../../../features/domains/action-log-page';

/** The action history (001 spec §2 "Action history page"): page, actionId, description, date1, date2 in the URL. */
export const Route = createFileRoute('/mypage/actionLog/')({ validateSearch: validateActionLogSearch, component: ActionLogPage });
