import { Alert, Anchor, Badge, Button, Card, FileButton, Group, List, Loader, Modal, ScrollArea, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DnsToolsPaths, type DnsChangeDto, type DnsToolsApplyResult, type TemplatePreview, type ZoneImportPreview,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DNS_TEMPLATES, type DnsTemplate, templateDefault, validateTemplateParams } from '@registrar/rules';
import { api, ApiError } from '../../lib/api';

/** The messages of a failed call (the gateway's { errors } or a generic one). */
function messagesOf(e: unknown): string[] {
  const body = e instanceof ApiError ? (e.body as { errors?: unknown } | null) : null;
  const list = Array.isArray(body?.errors) ? (body!.errors as unknown[]).map(String) : [];
  return list.length ? list : [M.errorOccurred];
}

const KIND: Record<DnsChangeDto['kind'], { label: string; color: string }> = {
  add: { label: '追加', color: 'teal' },
  change: { label: '変更', color: 'blue' },
  remove: { label: '削除', color: 'red' },
  same: { label: '設定済み', color: 'gray' },
};
/** Lines of a preview shown at most (a 10,000-record file lists its first ones and a count). */
const SHOWN = 200;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflowWrap: 'anywhere' as const };

function ChangeList({ changes, replaceLabel }: { changes: DnsChangeDto[]; replaceLabel?: string }) {
  const shown = changes.slice(0, SHOWN);
  return (
    <Stack gap={6} data-testid="dns-changes">
      {shown.map((c, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start" data-testid={`dns-change-${c.kind}`}>
          <Badge size="sm" variant="light" color={KIND[c.kind].color} style={{ flexShrink: 0 }}>{c.kind === 'change' && replaceLabel ? replaceLabel : KIND[c.kind].label}</Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            {c.beforeText && <Text size="xs" c="dimmed" td="line-through" style={mono}>{c.beforeText}</Text>}
            <Text size="xs" style={mono}>{c.text}</Text>
          </Stack>
          {c.line ? <Text size="xs" c="dimmed" style={{ flexShrink: 0, marginLeft: 'auto' }}>{c.line}行目</Text> : null}
        </Group>
      ))}
      {changes.length > SHOWN && <Text size="xs" c="dimmed">ほか{changes.length - SHOWN}件</Text>}
    </Stack>
  );
}

function ResultView({ result, served, onClose, onBack }: { result: DnsToolsApplyResult; served: boolean; onClose: () => void; onBack: () => void }) {
  return (
    <Stack gap="md" data-testid="dns-tools-result">
      {result.result ? (
        <Alert color="teal" title={result.message}>
          <Text size="sm">{served ? '変更したレコードはすぐに当社DNS（01〜04.dnsv.jp）から応答されます。' : M.dnsDomainNotServed}</Text>
        </Alert>
      ) : (
        <Alert color="red" title={M.errorOccurred} data-testid="dns-tools-errors">
          <List size="sm" spacing={2}>{result.errors.map((m, i) => <List.Item key={i}>{m}</List.Item>)}</List>
        </Alert>
      )}
      <Group justify="flex-end">
        {!result.result && <Button variant="default" onClick={onBack}>戻る</Button>}
        <Button onClick={onClose}>閉じる</Button>
      </Group>
    </Stack>
  );
}

// ---------- templates

function TemplatePicker({ domainId, zone, served, onApplied, onClose }: { domainId: number; zone: string; served: boolean; onApplied: () => void; onClose: () => void }) {
  const [template, setTemplate] = useState<DnsTemplate | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [previewed, setPreviewed] = useState<TemplatePreview | null>(null);
  const [result, setResult] = useState<DnsToolsApplyResult | null>(null);

  const choose = (t: DnsTemplate) => {
    setTemplate(t);
    setValues(Object.fromEntries(t.params.map((p) => [p.key, templateDefault(p, zone)])));
    setFieldErrors({});
    setPreviewed(null);
  };
  const preview = useMutation({
    mutationFn: () => api<TemplatePreview>(DnsToolsPaths.templatePreview, { body: { id: domainId, template: template!.id, params: values } }),
    onSuccess: (r) => {
      setFieldErrors(r.fieldErrors);
      setPreviewed(Object.keys(r.fieldErrors).length ? null : r);
    },
    onError: (e) => setResult({ result: false, errors: messagesOf(e) }),
  });
  const apply = useMutation({
    mutationFn: () => api<DnsToolsApplyResult>(DnsToolsPaths.templateApply, { body: { id: domainId, template: template!.id, params: values, base: previewed!.base }, timeoutMs: 3_600_000 }),
    onSuccess: (r) => {
      setResult(r);
      if (r.result) onApplied();
    },
    onError: (e) => setResult({ result: false, errors: messagesOf(e) }),
  });
  const check = () => {
    const errs = validateTemplateParams(template!, values);
    setFieldErrors(errs);
    if (!Object.keys(errs).length) preview.mutate();
  };

  if (result) return <ResultView result={result} served={served} onClose={onClose} onBack={() => setResult(null)} />;
  if (!template) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="dns-templates">
        {DNS_TEMPLATES.map((t) => (
          <Card key={t.id} withBorder radius="md" padding="sm">
            <Stack gap={6} h="100%">
              <Text fw={700}>{t.name}</Text>
              <Text size="xs" c="dimmed" style={{ flexGrow: 1 }}>{t.description}</Text>
              <Button size="xs" variant="light" onClick={() => choose(t)} data-testid={`dns-template-${t.id}`} aria-label={`${t.name}を選ぶ`}>選ぶ</Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  const busy = preview.isPending || apply.isPending;
  const meaningful = previewed ? previewed.changes.filter((c) => c.kind !== 'same').length : 0;
  return (
    <Stack gap="md" data-testid="dns-template-form">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700}>{template.name}</Text>
        <Anchor href={template.guideUrl} target="_blank" rel="noopener noreferrer" size="sm">{template.name}の設定ガイド</Anchor>
      </Group>
      <Text size="sm" c="dimmed">{template.description}</Text>
      {template.params.map((p) => p.kind === 'choice' ? (
        <Select
          key={p.key} label={p.label} description={p.description} data={p.choices ?? []} value={values[p.key] ?? ''} allowDeselect={false} disabled={busy}
          onChange={(v) => { setValues((s) => ({ ...s, [p.key]: v ?? '' })); setPreviewed(null); }} error={fieldErrors[p.key]} comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
      ) : (
        <TextInput
          key={p.key} label={p.label} description={p.description} placeholder={p.placeholder} withAsterisk={p.required} value={values[p.key] ?? ''} disabled={busy}
          onChange={(e) => { const v = e.currentTarget.value; setValues((s) => ({ ...s, [p.key]: v })); setPreviewed(null); }} error={fieldErrors[p.key]} data-testid={`dns-param-${p.key}`}
        />
      ))}
      {previewed && (
        <Stack gap="sm" data-testid="dns-template-preview">
          {previewed.errors.length > 0 ? (
            <Alert color="red" title={M.dnsTemplateRefused} data-testid="dns-template-conflicts">
              <List size="sm" spacing={2}>{previewed.errors.map((m, i) => <List.Item key={i}>{m}</List.Item>)}</List>
            </Alert>
          ) : meaningful === 0 ? (
            <Alert color="gray">{M.dnsTemplateNothing}</Alert>
          ) : (
            <Text size="sm">次のレコードを追加します（追加{previewed.counts.add}件・置き換え{previewed.counts.change}件）。</Text>
          )}
          {previewed.errors.length === 0 && <ChangeList changes={previewed.changes} replaceLabel="置き換え" />}
        </Stack>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button variant="default" onClick={() => setTemplate(null)} disabled={busy}>テンプレート一覧へ</Button>
        {previewed && previewed.ok && meaningful > 0 ? (
          <Button onClick={() => apply.mutate()} loading={apply.isPending} data-testid="dns-template-apply">適用する</Button>
        ) : (
          <Button onClick={check} loading={preview.isPending} data-testid="dns-template-check">変更内容を確認</Button>
        )}
      </Group>
    </Stack>
  );
}

// ---------- zone files

function ZoneImport({ domainId, served, onApplied, onClose }: { domainId: number; served: boolean; onApplied: () => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<ZoneImportPreview | null>(null);
  const [result, setResult] = useState<DnsToolsApplyResult | null>(null);
  const preview = useMutation({
    mutationFn: () => api<ZoneImportPreview>(DnsToolsPaths.importPreview, { body: { id: domainId, text }, timeoutMs: 3_600_000 }),
    onSuccess: setPreviewed,
    onError: (e) => setResult({ result: false, errors: messagesOf(e) }),
  });
  const apply = useMutation({
    mutationFn: () => api<DnsToolsApplyResult>(DnsToolsPaths.importApply, { body: { id: domainId, text, base: previewed!.base }, timeoutMs: 3_600_000 }),
    onSuccess: (r) => {
      setResult(r);
      if (r.result) onApplied();
    },
    onError: (e) => setResult({ result: false, errors: messagesOf(e) }),
  });
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > 4 * 1024 * 1024) { setFileError(M.zoneFileTooLarge.replace('{max}', '4')); return; }
    setFileError(null);
    setText(await file.text());
    setPreviewed(null);
  };
  if (result) return <ResultView result={result} served={served} onClose={onClose} onBack={() => setResult(null)} />;
  const busy = preview.isPending || apply.isPending;
  const changes = previewed?.changes.filter((c) => c.kind !== 'same') ?? [];
  return (
    <Stack gap="md" data-testid="dns-import">
      <Text size="sm">BIND形式のゾーンファイルを貼り付けるか、ファイルを選んでください。ファイルの内容でレコードを置き換えます（ファイルにないレコードは削除、DSレコードは残ります）。SOAとドメイン名そのもの（@）のNSは当社ネームサーバーの値が使われます。</Text>
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={(f) => void upload(f)} accept=".zone,.txt,.db,text/plain,text/dns">
          {(props) => <Button {...props} variant="light" size="xs" disabled={busy}>ファイルを選ぶ</Button>}
        </FileButton>
        {fileError && <Text size="xs" c="red">{fileError}</Text>}
      </Group>
      <Textarea
        label="ゾーンファイル" value={text} autosize minRows={6} maxRows={14} disabled={busy} spellCheck={false}
        styles={{ input: { ...mono, fontSize: 12 } }} placeholder={'$ORIGIN example.com.\n$TTL 3600\n@   IN  A     203.0.113.10\nwww IN  CNAME example.com.'}
        onChange={(e) => { setText(e.currentTarget.value); setPreviewed(null); }} data-testid="dns-import-text"
      />
      {previewed && (
        <Stack gap="sm" data-testid="dns-import-preview">
          {previewed.errors.length > 0 ? (
            <Alert color="red" title={M.zoneFileHasErrors} data-testid="dns-import-errors">
              <ScrollArea.Autosize mah={220}>
                <List size="sm" spacing={2}>
                  {previewed.errors.map((e, i) => <List.Item key={i}>{e.line ? `${e.line}行目: ${e.message}` : e.message}</List.Item>)}
                </List>
              </ScrollArea.Autosize>
            </Alert>
          ) : (
            <Group gap="xs" data-testid="dns-import-counts">
              <Badge color="teal" variant="light">追加 {previewed.counts.add}</Badge>
              <Badge color="blue" variant="light">変更 {previewed.counts.change}</Badge>
              <Badge color="red" variant="light">削除 {previewed.counts.remove}</Badge>
              <Badge color="gray" variant="light">変更なし {previewed.counts.same}</Badge>
            </Group>
          )}
          {previewed.skipped.length > 0 && (
            <Alert color="gray" title="読み込まない行">
              <List size="xs" spacing={2}>{previewed.skipped.map((s, i) => <List.Item key={i}>{s.line}行目: {s.message}</List.Item>)}</List>
            </Alert>
          )}
          {previewed.ok && (changes.length ? <ChangeList changes={changes} /> : <Alert color="gray">{M.zoneFileNoChanges}</Alert>)}
        </Stack>
      )}
      <Group justify="flex-end" wrap="wrap" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>キャンセル</Button>
        {previewed && previewed.ok && changes.length > 0 ? (
          <Button onClick={() => apply.mutate()} loading={apply.isPending} color={previewed.counts.remove ? 'red' : undefined} data-testid="dns-import-apply">
            {previewed.counts.remove ? `${previewed.counts.remove}件の削除を含めて読み込む` : '読み込む'}
          </Button>
        ) : (
          <Button onClick={() => preview.mutate()} loading={preview.isPending} disabled={!text.trim()} data-testid="dns-import-check">変更内容を確認</Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Templates and zone files on the domain's DNS screen (issue 29): one-click records for common services, a zone file
 * download, and an import with a preview. Each opens its own dialog; after an apply the screen reloads the records.
 */
export function DnsTools({ domainId, zone, served, disabled, onApplied }: { domainId: number; zone: string; served: boolean; disabled?: boolean; onApplied: () => void }) {
  const [open, setOpen] = useState<'template' | 'import' | null>(null);
  const [downloadError, setDownloadError] = useState(false);
  const phone = useMediaQuery('(max-width: 575px)') ?? false;
  const download = useMutation({
    mutationFn: () => api<string>(DnsToolsPaths.zoneFile(domainId)),
    onSuccess: (text) => {
      setDownloadError(false);
      const url = URL.createObjectURL(new Blob([String(text)], { type: 'text/dns' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${zone}.zone`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    },
    onError: () => setDownloadError(true),
  });
  const close = () => setOpen(null);
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="dns-tools">
        <Button size="xs" variant="light" onClick={() => setOpen('template')} disabled={disabled} data-testid="dns-open-templates">テンプレートから追加</Button>
        <Button size="xs" variant="light" onClick={() => setOpen('import')} disabled={disabled} data-testid="dns-open-import">ゾーンファイルを読み込む</Button>
        <Button size="xs" variant="default" onClick={() => download.mutate()} loading={download.isPending} data-testid="dns-export">ゾーンファイルを書き出す</Button>
      </Group>
      {disabled && <Text size="xs" c="dimmed">未保存の変更があります。保存してからテンプレートやゾーンファイルを使えます。</Text>}
      {downloadError && <Text size="xs" c="red" role="alert">ゾーンファイルを書き出せませんでした。しばらくしてから再度お試しください。</Text>}
      <Modal opened={open === 'template'} onClose={close} title="テンプレートから追加" size="lg" fullScreen={phone} zIndex={300} closeButtonProps={{ 'aria-label': '閉じる' }}>
        {open === 'template' ? <TemplatePicker domainId={domainId} zone={zone} served={served} onApplied={onApplied} onClose={close} /> : <Loader />}
      </Modal>
      <Modal opened={open === 'import'} onClose={close} title="ゾーンファイルを読み込む" size="lg" fullScreen={phone} zIndex={300} closeButtonProps={{ 'aria-label': '閉じる' }}>
        {open === 'import' ? <ZoneImport domainId={domainId} served={served} onApplied={onApplied} onClose={close} /> : <Loader />}
      </Modal>
    </>
  );
}
