import { createFileRoute } from '@tanstack/react-router';
import { UserInfoPage } from '../../../features/account/user-info-page';

export const Route = createFileRoute('/mypage/user/register')({ component: UserInfoPage });
