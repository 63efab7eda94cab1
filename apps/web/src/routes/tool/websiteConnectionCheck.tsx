import { createFileRoute } from '@tanstack/react-router';
import { ConnectionCheckPage } from '../../features/public-tools/connection-check-page';

export const Route = createFileRoute('/tool/websiteConnectionCheck')({
  component: ConnectionCheckPage,
});
