import { Alert, Button, Divider, Group, Loader, Modal, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DefaultSettingDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DEFAULT_NAME_SERVERS, NS_MAX_DEFAULT, normaliseNameServers, validateNameServers } from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { snackbar } from '../../lib/snackbar';
import { ContactSelects, type RoleKey } from './contact-selects';
import { saveDefaults, whoisQueries } from './whois.api';
import { HelpTitle } from '../help/help-link';

interface Form {
  lock: boolean;
  autoUpdate: boolean;
  proxy: boolean;
  contacts: Record<RoleKey, number | null>;
  noProxy: Record<RoleKey, number | null>;
  ns: string[];
}

const NO_CONTACTS: Record<RoleKey, number | null> = { reg: null, adm: null, tec: null, bil: null };

function toForm(d: DefaultSettingDto): Form {
  const ns = [...d.domain_create_name_servers];
  while (ns.length < 2) ns.push('');
  return {
    lock: d.domain_create_is_domain_lock_enabled_flg === 1,
    autoUpdate: d.domain_create_is_auto_update_enabled_flg === 1,
    proxy: d.domain_create_is_whois_proxy_enabled_flg === 1,
    contacts: { reg: d.domain_create_reg_record_id, adm: d.domain_create_adm_contact_id, tec: d.domain_create_tec_contact_id, bil: d.domain_create_bil_contact_id },
    noProxy: { reg: d.whois_proxy_disabled_reg_record_id, adm: d.whois_proxy_disabled_adm_contact_id, tec: d.whois_proxy_disabled_tec_contact_id, bil: d.whois_proxy_disabled_bil_contact_id },
    ns,
  };
}

/**
 * Domain initial settings (cog menu; 001 §3 "Default setting", §5): lock, auto-renew (with the warning while it is
 * off), WHOIS proxy, the four contacts, the name servers (2 to 8) and the contacts used where proxy is unavailable.
 * New registrations and accepted transfers use them. Success shows '設定完了：ドメイン初期設定'.
 */
export function DefaultSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const q = useQuery({ ...whoisQueries.defaults(), enabled: opened });
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (opened && q.data && !form) setForm(toForm(q.data.defaultSetting));
    if (!opened) {
      setForm(null);
      setError(null);
    }
  }, [opened, q.data, form]);

  const close = () => {
    if (!saving) onClose();
  };
  const submit = async () => {
    if (!form) return;
    const ns = normaliseNameServers(form.ns);
    const nsError = validateNameServers(ns);
    if (nsError) {
      setError(nsError);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const r = await saveDefaults({
        domain_create_is_domain_lock_enabled_flg: form.lock ? 1 : 0,
        domain_create_is_auto_update_enabled_flg: form.autoUpdate ? 1 : 0,
        domain_create_is_whois_proxy_enabled_flg: form.proxy ? 1 : 0,
        domain_create_reg_record_id: form.contacts.reg, domain_create_adm_contact_id: form.contacts.adm, domain_create_tec_contact_id: form.contacts.tec, domain_create_bil_contact_id: form.contacts.bil,
        domain_create_name_servers: ns,
        whois_proxy_disabled_reg_record_id: form.noProxy.reg, whois_proxy_disabled_adm_contact_id: form.noProxy.adm,
        whois_proxy_disabled_tec_contact_id: form.noProxy.tec, whois_proxy_disabled_bil_contact_id: form.noProxy.bil,
      });
      if (r.status === 1) {
        snackbar(M.defaultSettingsSaved);
        void qc.invalidateQueries({ queryKey: ['purchase', 'defaults'] });
        onClose();
        return;
      }
      setError(r.error_msg ?? M.errorOccurred);
    } catch (e) {
      setError(e instanceof ApiError && (e.body as { message?: string } | null)?.message ? String((e.body as { message?: string }).message) : M.errorOccurred);
    } finally {
      setSaving(false);
    }
  };
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const contacts = q.data?.contacts ?? [];

  return (
    <Modal opened={opened} onClose={close} title={<HelpTitle title="ドメイン初期設定" topic="defaults" />} size="lg" fullScreen={phone} closeOnClickOutside={!saving} closeOnEscape={!saving} withCloseButton={!saving} data-testid="default-settings-modal">
      {q.isError ? (
        <Alert color="red" variant="light" role="alert">
          {M.errorOccurred}
        </Alert>
      ) : !form ? (
        <Group justify="center" py="lg">
          <Loader role="status" size="sm" aria-label="読み込み中" />
        </Group>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            新規登録・移管するドメインに適用される初期設定です。
          </Text>
          <Switch label="ドメインロック" checked={form.lock} onChange={(e) => set({ lock: e.currentTarget.checked })} disabled={saving} data-testid="default-lock" />
          <Switch label="自動更新" checked={form.autoUpdate} onChange={(e) => set({ autoUpdate: e.currentTarget.checked })} disabled={saving} data-testid="default-auto-update" />
          {!form.autoUpdate ? (
            <Alert color="yellow" variant="light" data-testid="default-auto-update-warning">
              {M.defaultAutoUpdateOffWarning}
            </Alert>
          ) : null}
          {/* 002 §5: choosing the proxy clears the four roles; their selects show only while the proxy is off */}
          <Switch label="WHOIS代理公開" checked={form.proxy} onChange={(e) => { const proxy = e.currentTarget.checked; set(proxy ? { proxy, contacts: NO_CONTACTS } : { proxy }); }} disabled={saving} data-testid="default-proxy" />
          <Divider />
          <Title order={3} fz="sm">
            WHOIS情報（WHOIS代理公開をしない場合）
          </Title>
          {form.proxy ? (
            <Text size="sm" c="dimmed" data-testid="default-contacts-proxy-note">
              WHOIS代理公開がオンのため、登録者・各担当者にはラッコの情報が公開されます。個別のWHOIS情報を設定するには、WHOIS代理公開をオフにしてください。
            </Text>
          ) : (
            <ContactSelects contacts={contacts} value={form.contacts} onChange={(contacts) => set({ contacts })} disabled={saving} testId="default-contacts" clearable />
          )}
          <Title order={3} fz="sm">
            WHOIS代理公開ができないドメインのWHOIS情報
          </Title>
          <ContactSelects contacts={contacts} value={form.noProxy} onChange={(noProxy) => set({ noProxy })} disabled={saving} testId="default-noproxy" clearable
            showRoles={Object.values(form.noProxy).some((v) => v != null)} />
          <Divider />
          <Group justify="space-between">
            <Title order={3} fz="sm">
              ネームサーバー
            </Title>
            <Button variant="subtle" size="compact-sm" onClick={() => set({ ns: [...DEFAULT_NAME_SERVERS] })} disabled={saving}>
              初期値に戻す
            </Button>
          </Group>
          <Stack gap={6} data-testid="default-ns">
            {form.ns.map((v, i) => (
              <TextInput key={i} aria-label={`ネームサーバー${i + 1}`} placeholder={`ns${i + 1}.example.com`} value={v} disabled={saving}
                onChange={(e) => {
                  const next = [...form.ns];
                  next[i] = e.currentTarget.value;
                  set({ ns: next });
                }} />
            ))}
            {form.ns.length < NS_MAX_DEFAULT ? (
              <Button variant="light" size="compact-sm" w="fit-content" onClick={() => set({ ns: [...form.ns, ''] })} disabled={saving} data-testid="default-ns-add">
                ネームサーバーを追加
              </Button>
            ) : null}
          </Stack>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="default-settings-error">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              キャンセル
            </Button>
            <Button onClick={() => void submit()} loading={saving} data-testid="default-settings-save">
              保存する
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
