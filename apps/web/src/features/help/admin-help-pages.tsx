import { Alert, Anchor, Badge, Button, Checkbox, Grid, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { snackbar } from '../../lib/snackbar';
import { adminErrors } from '../admin/admin.api';
import { AdminPage } from '../admin/admin-page';
import { AdminError, AdminLoading, tokyoDateTime, WideTable } from '../admin/admin-ui';
import { ArticleHtml } from './article-html';
import { adminHelpApi, articlePath, type AdminHelpArticle } from './help.api';

/** /admin/knowledge: every help article (published or not) by category, with a link to edit each. */
export function AdminHelpListPage() {
  const q = useQuery({ queryKey: ['admin', 'help'], queryFn: adminHelpApi.list });
  return (
    <AdminPage title="ヘルプ記事" superOnly actions={<Button component={Link} to={'/admin/knowledge/$id' as never} params={{ id: 'new' } as never} size="sm">記事を追加</Button>}>
      {q.isPending ? <AdminLoading /> : q.isError ? <AdminError messages={adminErrors(q.error)} /> : (
        <WideTable label="ヘルプ記事の一覧" minWidth={760}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr><Table.Th>No.</Table.Th><Table.Th>カテゴリー</Table.Th><Table.Th>タイトル</Table.Th><Table.Th>状態</Table.Th><Table.Th>更新日時</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.articles.map((a) => (
                <Table.Tr key={a.id} data-testid="admin-help-row">
                  <Table.Td>{a.id}</Table.Td>
                  <Table.Td>{q.data.categories.find((c) => c.slug === a.category_slug)?.name ?? a.category_slug}</Table.Td>
                  <Table.Td><Anchor component={Link} to={'/admin/knowledge/$id' as never} params={{ id: String(a.id) } as never} size="sm">{a.title}</Anchor></Table.Td>
                  <Table.Td>{a.published ? <Badge color="green" variant="light">公開</Badge> : <Badge color="gray" variant="light">非公開</Badge>}</Table.Td>
                  <Table.Td><Text size="sm">{tokyoDateTime(a.updated_at)}</Text></Table.Td>
                  <Table.Td><Anchor href={articlePath(a.slug)} target="_blank" rel="noopener" size="sm">表示</Anchor></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
    </AdminPage>
  );
}

interface Form { title: string; slug: string; category_slug: string; summary: string; body_md: string; ordinal: number; published: boolean }
const EMPTY: Form = { title: '', slug: '', category_slug: '', summary: '', body_md: '', ordinal: 0, published: true };

/** /admin/knowledge/<id|new>: Markdown on the left, the server's sanitised rendering live on the right. */
export function AdminHelpEditPage({ id }: { id: number | null }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ['admin', 'help'], queryFn: adminHelpApi.list });
  const one = useQuery({ queryKey: ['admin', 'help', id], queryFn: () => adminHelpApi.one(id!), enabled: id !== null });
  const [form, setForm] = useState<Form | null>(id === null ? EMPTY : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (one.data && !form) setForm(toForm(one.data));
  }, [one.data, form]);

  const [debounced] = useDebouncedValue(form?.body_md ?? '', 400);
  const preview = useQuery({ queryKey: ['admin', 'help', 'preview', debounced], queryFn: ({ signal }) => adminHelpApi.preview(debounced, signal), enabled: debounced.trim() !== '', staleTime: Infinity });

  const save = useMutation({
    mutationFn: (f: Form) => adminHelpApi.save(id, { ...f }),
    onSuccess: async (r) => {
      snackbar(r.message);
      setErrors({});
      await qc.invalidateQueries({ queryKey: ['help'] });
      await qc.invalidateQueries({ queryKey: ['admin', 'help'] });
      if (id === null) void navigate({ to: '/admin/knowledge/$id' as never, params: { id: String(r.article.id) } as never });
    },
    onError: (e) => setErrors(e instanceof ApiError ? Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])) : {}),
  });

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  const title = id === null ? 'ヘルプ記事の追加' : 'ヘルプ記事の編集';
  if ((id !== null && one.isPending) || list.isPending) return <AdminPage title={title} superOnly><AdminLoading /></AdminPage>;
  if (one.isError || list.isError) return <AdminPage title={title} superOnly><AdminError messages={adminErrors(one.error ?? list.error)} /></AdminPage>;
  if (!form) return <AdminPage title={title} superOnly><AdminLoading /></AdminPage>;
  const categories = list.data!.categories;
  const generalError = save.isError && !Object.keys(errors).length ? adminErrors(save.error) : [];
  return (
    <AdminPage title={title} superOnly actions={<Button component={Link} to={'/admin/knowledge' as never} variant="default" size="sm">一覧へ戻る</Button>}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {generalError.length ? <AdminError messages={generalError} /> : null}
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="タイトル" required value={form.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} maxLength={120} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <TextInput label="スラッグ（URL）" description="/knowledge/<スラッグ>/" required value={form.slug} onChange={(e) => set('slug', e.currentTarget.value)} error={errors.slug} maxLength={60} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <NativeSelect label="カテゴリー" required value={form.category_slug} onChange={(e) => set('category_slug', e.currentTarget.value)} error={errors.category_slug}
                data={[{ value: '', label: '選択してください' }, ...categories.map((c) => ({ value: c.slug, label: c.name }))]} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <TextInput label="概要（一覧と検索結果に表示）" value={form.summary} onChange={(e) => set('summary', e.currentTarget.value)} maxLength={300} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <NumberInput label="表示順" min={0} max={100000} value={form.ordinal} onChange={(v) => set('ordinal', Number(v) || 0)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 1 }}>
              <Checkbox mt={30} label="公開" checked={form.published} onChange={(e) => set('published', e.currentTarget.checked)} />
            </Grid.Col>
          </Grid>
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Textarea label="本文（Markdown）" description="見出しは ## から。手順は 1. 2. の番号付きリストで書きます。" required autosize minRows={18} maxRows={40}
                value={form.body_md} onChange={(e) => set('body_md', e.currentTarget.value)} error={errors.body_md} styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} data-testid="help-body-md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Text size="sm" fw={500} mb={4}>プレビュー（公開時と同じ表示・サニタイズ済み）</Text>
              <Paper withBorder radius="md" p="md" mih={300} data-testid="help-preview" aria-live="polite">
                {preview.isError ? <Alert color="red" variant="light">プレビューを表示できませんでした</Alert> : preview.data ? <ArticleHtml html={preview.data} /> : <Text size="sm" c="dimmed">本文を入力するとここに表示されます</Text>}
              </Paper>
            </Grid.Col>
          </Grid>
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="help-save">保存する</Button>
            {id !== null ? <Anchor href={articlePath(form.slug)} target="_blank" rel="noopener" size="sm">公開ページを開く</Anchor> : null}
          </Group>
        </Stack>
      </form>
    </AdminPage>
  );
}

function toForm(a: AdminHelpArticle): Form {
  return { title: a.title, slug: a.slug, category_slug: a.category_slug, summary: a.summary, body_md: a.body_md, ordinal: a.ordinal, published: a.published };
}
