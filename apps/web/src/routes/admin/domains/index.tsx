import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../../features/admin/admin-page';

/** Domain management (002 §2): the list arrives on top of the member domain search service (issue 10). */
export const Route = createFileRoute('/admin/domains/')({ component: AdminDomainsPage });

function AdminDomainsPage() {
  return (
    <AdminPage title="ドメイン管理">
      <Text c="dimmed" data-testid="admin-domains-pending">ドメイン一覧は準備中です。左のメニューからログや各種設定をご利用ください。</Text>
    </AdminPage>
  );
}
