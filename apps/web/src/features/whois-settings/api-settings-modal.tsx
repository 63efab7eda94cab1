import { Alert, Button, Code, CopyButton, Group, Loader, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { M } from '@registrar/messages';
import { API_MIN_DOMAINS, API_MIN_POINTS, apiGateOpen, parseAllowedIps, validateApiSettings } from '@registrar/rules';
import { snackbar } from '../../lib/snackbar';
import { rotateApiKey, saveApiSettings, whoisQueries } from './whois.api';
import { HelpTitle } from '../help/help-link';

/**
 * API settings (cog menu; 001 §5): API use, IP restriction and the allowed IPs (one per line). Turning API use on
 * needs 10 managed domains or 10,000 RP. The API key is made the first time API use is turned on and shown once,
 * here, right after saving; it can be replaced by a new one (the old one stops working). Success shows '設定完了：API設定'.
 */
export function ApiSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const q = useQuery({ ...whoisQueries.api(), enabled: opened });
  const [form, setForm] = useState<{ api: boolean; restrict: boolean; ips: string } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  useEffect(() => {
    if (opened && q.data && !form) setForm({ api: q.data.user.is_api_enabled === 1, restrict: q.data.user.is_ip_restriction === 1, ips: q.data.user.api_allowed_ip.map((x) => x.ip).join('\n') });
    if (!opened) {
      setForm(null);
      setErrors([]);
      setNewKey(null);
    }
  }, [opened, q.data, form]);

  const close = () => {
    if (!saving) onClose();
  };
  const submit = async () => {
    if (!form || !q.data) return;
    const ips = parseAllowedIps(form.ips);
    const found = validateApiSettings({ isApiEnabled: form.api, isIpRestriction: form.restrict, apiAllowedIps: ips }, { domainCount: q.data.user.domain_count, point: q.data.point, wasEnabled: q.data.user.is_api_enabled === 1 });
    setErrors(found);
    if (found.length) return;
    setSaving(true);
    try {
      const r = await saveApiSettings({ isApiEnabled: form.api ? 1 : 0, isIpRestriction: form.restrict ? 1 : 0, apiAllowedIps: ips });
      if (r.status === 1) {
        snackbar(M.apiSettingsSaved);
        setForm({ ...form, ips: ips.join('\n') });
        await qc.invalidateQueries({ queryKey: ['whois', 'api'] });
        if (r.apiKey) setNewKey(r.apiKey);
        else onClose();
        return;
      }
      setErrors(r.errors.length ? r.errors : [M.errorOccurred]);
    } catch {
      setErrors([M.errorOccurred]);
    } finally {
      setSaving(false);
    }
  };
  const rotate = async () => {
    setSaving(true);
    try {
      const r = await rotateApiKey();
      if (r.status === 1 && r.apiKey) {
        setNewKey(r.apiKey);
        void qc.invalidateQueries({ queryKey: ['whois', 'api'] });
      } else setErrors(r.errors.length ? r.errors : [M.errorOccurred]);
    } catch {
      setErrors([M.errorOccurred]);
    } finally {
      setSaving(false);
    }
  };
  const user = q.data?.user;

  return (
    <Modal opened={opened} onClose={close} title={<HelpTitle title="API設定" topic="api" />} size="lg" fullScreen={phone} closeOnClickOutside={!saving && !newKey} closeOnEscape={!saving} withCloseButton={!saving} data-testid="api-settings-modal">
      {q.isError ? (
        <Alert color="red" variant="light" role="alert">
          {M.errorOccurred}
        </Alert>
      ) : !form || !user ? (
        <Group justify="center" py="lg">
          <Loader role="status" size="sm" aria-label="読み込み中" />
        </Group>
      ) : newKey ? (
        <Stack gap="md" data-testid="api-key-shown">
          <Alert color="yellow" variant="light">
            {M.apiKeyShownOnce}
          </Alert>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="api-key">
            {newKey}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={newKey}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'コピーしました' : 'コピーする'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-testid="api-key-done">
              閉じる
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {!apiGateOpen(user.domain_count, q.data!.point) && !form.api ? (
            <Text size="sm" c="dimmed">
              APIのご利用には管理ドメイン{API_MIN_DOMAINS}件以上またはラッコポイント{API_MIN_POINTS.toLocaleString('ja-JP')}以上の保有が必要です（現在 {user.domain_count}件・{q.data!.point.toLocaleString('ja-JP')}RP）。
            </Text>
          ) : null}
          <Switch label="API利用" checked={form.api} onChange={(e) => setForm({ ...form, api: e.currentTarget.checked })} disabled={saving} data-testid="api-enabled" />
          <Switch label="IP制限" checked={form.restrict} onChange={(e) => setForm({ ...form, restrict: e.currentTarget.checked })} disabled={saving} data-testid="api-ip-restriction" />
          <Textarea label="許可IP（1行に1つ）" description="IPv4・IPv6アドレスまたはCIDR（例: 192.0.2.0/24）" autosize minRows={3} maxRows={10} value={form.ips}
            onChange={(e) => setForm({ ...form, ips: e.currentTarget.value })} disabled={saving} data-testid="api-allowed-ips" />
          {user.has_api_key ? (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                APIキー: <Code>{user.api_key_prefix}…</Code>
              </Text>
              <Button variant="light" color="orange" size="compact-sm" onClick={() => void rotate()} disabled={saving || !user.is_api_enabled} data-testid="api-key-rotate">
                APIキーを再発行する
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              API利用をONにして保存すると、APIキーを発行して一度だけ表示します。
            </Text>
          )}
          {errors.length ? (
            <Alert color="red" variant="light" role="alert" data-testid="api-settings-errors">
              {errors.map((e) => (
                <Text key={e} size="sm">
                  {e}
                </Text>
              ))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              キャンセル
            </Button>
            <Button onClick={() => void submit()} loading={saving} data-testid="api-settings-save">
              保存する
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
