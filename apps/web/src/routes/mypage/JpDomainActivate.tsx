import { createFileRoute } from '@tanstack/react-router';
import { JpActivationPage } from '../../features/activation/jp-activation-page';

/** Provisional .co.jp full registration (000 spec §2; linked from the domain list's banner). Members only (the /mypage layout). */
export const Route = createFileRoute('/mypage/JpDomainActivate')({ component: JpActivationPage });
