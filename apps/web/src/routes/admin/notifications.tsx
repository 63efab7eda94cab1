import { Alert, Badge, Button, Group, Modal, NativeSelect, Stack, Table, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_CATEGORY_COLORS, NOTIFICATION_TYPES, notificationTitle, type AnnouncementCategory } from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { adminErrors } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, tokyoDateTime, WideTable } from '../../features/admin/admin-ui';
import {
  adminNotificationsApi, tokyoInput, type AdminAnnouncement, type AdminNotification, type AnnouncementForm, type NotificationForm,
} from '../../features/admin-notifications/admin-notifications.api';
import { NotificationTypeBadge, SanitisedHtml } from '../../features/notifications/notification-parts';

interface Search { tab?: 'header'; page?: number }

export const Route = createFileRoute('/admin/notifications')({
  validateSearch: (s: Record<string, unknown>): Search => ({
    tab: s.tab === 'header' ? 'header' : undefined,
    page: Number(s.page) > 1 ? Math.floor(Number(s.page)) : undefined,
  }),
  component: AdminNotificationsPage,
});

function fieldErrorsOf(e: unknown): Record<string, string> {
  return e instanceof ApiError ? Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])) : {};
}

/** Super admins write the notifications (bell, top page, all-notifications page) and the header announcements. */
function AdminNotificationsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [done, setDone] = useState<string | null>(null);
  return (
    <AdminPage title="お知らせ管理" superOnly>
      {done ? <Alert color="green" mb="md" withCloseButton onClose={() => setDone(null)} closeButtonLabel="閉じる" data-testid="admin-notice-done">{done}</Alert> : null}
      <Tabs value={search.tab ?? 'notifications'} onChange={(v) => { setDone(null); void navigate({ search: { tab: v === 'header' ? 'header' : undefined } }); }}>
        <Tabs.List mb="md">
          <Tabs.Tab value="notifications">お知らせ</Tabs.Tab>
          <Tabs.Tab value="header">ヘッダーお知らせ</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notifications">{search.tab ? null : <NotificationsTab page={search.page ?? 1} onPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })} onDone={setDone} />}</Tabs.Panel>
        <Tabs.Panel value="header">{search.tab === 'header' ? <AnnouncementsTab onDone={setDone} /> : null}</Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}

function NotificationsTab({ page, onPage, onDone }: { page: number; onPage: (p: number) => void; onDone: (m: string) => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'notifications', page], queryFn: ({ signal }) => adminNotificationsApi.list(page, signal), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<AdminNotification | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminNotification | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => adminNotificationsApi.remove(id),
    onSuccess: (r) => { setRemoving(null); onDone(r.message); void qc.invalidateQueries({ queryKey: ['admin', 'notifications'] }); void qc.invalidateQueries({ queryKey: ['notifications'] }); },
  });
  const rows = q.data?.notifications;
  return (
    <Stack gap="sm">
      <Group><Button onClick={() => setEditing('new')} data-testid="notification-new">新規作成</Button></Group>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : null}
      {q.isPending ? <AdminLoading /> : rows && rows.data.length === 0 ? <AdminEmpty>お知らせはまだありません</AdminEmpty> : rows ? (
        <>
          <WideTable minWidth={760}>
            <Table striped withTableBorder fz="sm">
              <Table.Thead><Table.Tr><Table.Th>公開日時</Table.Th><Table.Th>種別</Table.Th><Table.Th>タイトル</Table.Th><Table.Th>状態</Table.Th><Table.Th>操作</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {rows.data.map((n) => (
                  <Table.Tr key={n.id} data-testid="admin-notification-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{tokyoDateTime(n.release_date)}</Table.Td>
                    <Table.Td><NotificationTypeBadge type={n.type} /></Table.Td>
                    <Table.Td>{notificationTitle(n.title)}</Table.Td>
                    <Table.Td>{n.released ? <Badge color="green" variant="light">公開中</Badge> : <Badge color="gray" variant="light">公開予定</Badge>}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="default" onClick={() => setEditing(n)}>編集</Button>
                        <Button size="compact-xs" variant="default" color="red" onClick={() => setRemoving(n)}>削除</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <Group justify="center"><AdminPager page={rows.current_page ?? 1} last={rows.last_page} onChange={onPage} /></Group>
        </>
      ) : null}
      {editing ? <NotificationEditor item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(m) => { setEditing(null); onDone(m); }} /> : null}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="お知らせの削除" closeButtonProps={{ 'aria-label': '閉じる' }}>
        <Text size="sm" mb="md">「{removing ? notificationTitle(removing.title) : ''}」を削除しますか？</Text>
        {remove.isError ? <AdminError messages={adminErrors(remove.error)} /> : null}
        <Group justify="flex-end"><Button variant="default" onClick={() => setRemoving(null)}>キャンセル</Button><Button color="red" loading={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>削除する</Button></Group>
      </Modal>
    </Stack>
  );
}

function NotificationEditor({ item, onClose, onSaved }: { item: AdminNotification | null; onClose: () => void; onSaved: (m: string) => void }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<NotificationForm>({
    title: item?.title ?? '', type: item ? String(item.type) : '1', release_date: tokyoInput(item?.release_date ?? new Date().toISOString()), description: item?.description ?? '',
  });
  const save = useMutation({
    mutationFn: () => adminNotificationsApi.save(item?.id ?? null, form),
    onSuccess: (r) => { void qc.invalidateQueries({ queryKey: ['admin', 'notifications'] }); void qc.invalidateQueries({ queryKey: ['notifications'] }); onSaved(r.message); },
  });
  const errs = fieldErrorsOf(save.error);
  const set = (k: keyof NotificationForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = (e: FormEvent) => { e.preventDefault(); save.mutate(); };
  return (
    <Modal opened onClose={onClose} title={item ? 'お知らせの編集' : 'お知らせの作成'} size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="タイトル" value={form.title} onChange={(e) => set('title')(e.currentTarget.value)} error={errs.title} required description="一覧では62文字で省略されます" />
          <NativeSelect label="種別" data={Object.entries(NOTIFICATION_TYPES).map(([value, label]) => ({ value, label }))} value={form.type} onChange={(e) => set('type')(e.currentTarget.value)} error={errs.type} required />
          <TextInput label="公開日時（YYYY-MM-DD HH:mm）" value={form.release_date} onChange={(e) => set('release_date')(e.currentTarget.value)} error={errs.release_date} required />
          <Textarea label="本文（HTML可）" autosize minRows={5} value={form.description} onChange={(e) => set('description')(e.currentTarget.value)} error={errs.description} required description="使えるタグ: a, b, strong, em, i, u, s, br, p, span, small, ul, ol, li（それ以外は保存時に取り除かれます）" />
          {save.isError && !Object.keys(errs).length ? <AdminError messages={adminErrors(save.error)} /> : null}
          <Group justify="flex-end"><Button variant="default" onClick={onClose}>キャンセル</Button><Button type="submit" loading={save.isPending}>保存する</Button></Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AnnouncementsTab({ onDone }: { onDone: (m: string) => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'announcements'], queryFn: ({ signal }) => adminNotificationsApi.announcements(signal) });
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => adminNotificationsApi.removeAnnouncement(id),
    onSuccess: (r) => { onDone(r.message); void qc.invalidateQueries({ queryKey: ['admin', 'announcements'] }); void qc.invalidateQueries({ queryKey: ['notifications'] }); },
  });
  return (
    <Stack gap="sm">
      <Group><Button onClick={() => setEditing('new')} data-testid="announcement-new">新規作成</Button></Group>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : null}
      {remove.isError ? <AdminError messages={adminErrors(remove.error)} /> : null}
      {q.isPending ? <AdminLoading /> : q.data && q.data.announcements.length === 0 ? <AdminEmpty>ヘッダーお知らせはまだありません</AdminEmpty> : q.data ? (
        <WideTable minWidth={760}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead><Table.Tr><Table.Th style={{ whiteSpace: 'nowrap' }}>カテゴリ</Table.Th><Table.Th>内容</Table.Th><Table.Th>再表示</Table.Th><Table.Th>掲載期間</Table.Th><Table.Th>操作</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {q.data.announcements.map((a) => (
                <Table.Tr key={a.id} data-testid="admin-announcement-row">
                  <Table.Td><Badge color={ANNOUNCEMENT_CATEGORY_COLORS[a.categoryId as AnnouncementCategory] ?? 'gray'} variant="filled" radius="sm">{ANNOUNCEMENT_CATEGORIES[a.categoryId as AnnouncementCategory]}</Badge></Table.Td>
                  <Table.Td><SanitisedHtml html={a.content} inline /></Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.reDisplayPeriod ? `${a.reDisplayPeriod}日後` : 'しない'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.startAt ? tokyoDateTime(a.startAt) : '指定なし'} 〜 {a.endAt ? tokyoDateTime(a.endAt) : '指定なし'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="default" onClick={() => setEditing(a)}>編集</Button>
                      <Button size="compact-xs" variant="default" color="red" loading={remove.isPending && remove.variables === a.id} onClick={() => { if (window.confirm('このヘッダーお知らせを削除しますか？')) remove.mutate(a.id); }}>削除</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
      {editing ? <AnnouncementEditor item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(m) => { setEditing(null); onDone(m); }} /> : null}
    </Stack>
  );
}

function AnnouncementEditor({ item, onClose, onSaved }: { item: AdminAnnouncement | null; onClose: () => void; onSaved: (m: string) => void }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<AnnouncementForm>({
    categoryId: item ? String(item.categoryId) : '6', content: item?.content ?? '', reDisplayPeriod: item?.reDisplayPeriod ? String(item.reDisplayPeriod) : '',
    startAt: tokyoInput(item?.startAt ?? null), endAt: tokyoInput(item?.endAt ?? null),
  });
  const save = useMutation({
    mutationFn: () => adminNotificationsApi.saveAnnouncement(item?.id ?? null, form),
    onSuccess: (r) => { void qc.invalidateQueries({ queryKey: ['admin', 'announcements'] }); void qc.invalidateQueries({ queryKey: ['notifications'] }); onSaved(r.message); },
  });
  const errs = fieldErrorsOf(save.error);
  const set = (k: keyof AnnouncementForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <Modal opened onClose={onClose} title={item ? 'ヘッダーお知らせの編集' : 'ヘッダーお知らせの作成'} size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <form onSubmit={(e) => { e.preventDefault(); save.mutate(); }} noValidate>
        <Stack gap="sm">
          <NativeSelect label="カテゴリ" data={Object.entries(ANNOUNCEMENT_CATEGORIES).map(([value, label]) => ({ value, label }))} value={form.categoryId} onChange={(e) => set('categoryId')(e.currentTarget.value)} error={errs.categoryId} required />
          <Textarea label="内容（HTML可）" autosize minRows={3} value={form.content} onChange={(e) => set('content')(e.currentTarget.value)} error={errs.content} required description="使えるタグ: a, b, strong, em, i, u, s, br, p, span, small, ul, ol, li（それ以外は保存時に取り除かれます）" />
          <TextInput label="閉じた後に再表示するまでの日数" value={form.reDisplayPeriod} onChange={(e) => set('reDisplayPeriod')(e.currentTarget.value)} error={errs.reDisplayPeriod} inputMode="numeric" description="空欄: 閉じたら再表示しない" />
          <Group grow wrap="wrap" gap="sm">
            <TextInput label="掲載開始（YYYY-MM-DD HH:mm）" value={form.startAt} onChange={(e) => set('startAt')(e.currentTarget.value)} error={errs.startAt} miw={200} />
            <TextInput label="掲載終了（YYYY-MM-DD HH:mm）" value={form.endAt} onChange={(e) => set('endAt')(e.currentTarget.value)} error={errs.endAt} miw={200} />
          </Group>
          {save.isError && !Object.keys(errs).length ? <AdminError messages={adminErrors(save.error)} /> : null}
          <Group justify="flex-end"><Button variant="default" onClick={onClose}>キャンセル</Button><Button type="submit" loading={save.isPending}>保存する</Button></Group>
        </Stack>
      </form>
    </Modal>
  );
}
