import { Alert, Badge, Button, Group, Loader, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { WhoisDispatchResult, WhoisResultRow } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { isCoJpLike, isOrgJpLike, jpContactCountryOk, orgJpRegistrantOk, tldOf } from '@registrar/rules';
import { WhoisAddDialog } from '../whois/whois-add-dialog';
import { ContactSelects, ROLES, type RoleKey } from './contact-selects';
import { WhoisOrgModal } from './whois-org-modal';
import { notifyWhoisModalClosed } from './whois-status-polling';
import { cancelWhois, dispatchWhois, whoisQueries } from './whois.api';

/** What the modal needs of a domain row (the domain list's DomainRowDto has it all). */
export interface WhoisTargetDomain {
  id: number;
  name: string;
  punycode: string;
  status: 'active' | 'pending' | 'provisional';
  is_whois_proxy_enabled_flg: 0 | 1;
  is_whois_processing_flg: 0 | 1 | 2;
  tld_policy: { can_proxy: boolean };
}

export interface WhoisChangeModalProps {
  domains: WhoisTargetDomain[];
  onClose: (result?: { changedIds?: number[]; reload?: boolean }) => void;
  setBusy: (busy: boolean) => void;
}

type Step = 'update' | 'loading' | 'complete';

/**
 * The WHOIS modal of the domain list (operation 3; 001 §4, §5): for one or many domains, the WHOIS proxy or a set of
 * contacts (the whole set fills the four roles, each can then be changed; a new contact can be made and comes back
 * selected). A single .co.jp opens the organisation form instead; .co.jp among several is refused per domain. Steps:
 * update, loading, complete with one result per domain. A single domain waiting for the registrant's approval can have
 * its change cancelled. Closing triggers the WHOIS status polling of the page.
 */
export function WhoisChangeModal({ domains, onClose, setBusy }: WhoisChangeModalProps) {
  const qc = useQueryClient();
  const single = domains.length === 1 ? domains[0] : null;
  const contactsQ = useQuery(whoisQueries.contacts());
  const canProxy = !(single && !single.tld_policy.can_proxy);
  const [mode, setMode] = useState<'proxy' | 'contacts'>(canProxy ? 'proxy' : 'contacts');
  const [chosen, setChosen] = useState<Record<RoleKey, number | null>>({ reg: null, adm: null, tec: null, bil: null });
  const [step, setStep] = useState<Step>('update');
  const [errors, setErrors] = useState<string[]>([]);
  const [results, setResults] = useState<WhoisResultRow[]>([]);
  const [adding, setAdding] = useState(false);
  const [cancelMsg, setCancelMsg] = useState<string | null>(null);
  const allCoJp = domains.every((d) => isCoJpLike(d.punycode));
  // 001 §5: nothing to change when every chosen domain is already on the proxy and the proxy is chosen
  const allOnProxy = domains.every((d) => d.is_whois_proxy_enabled_flg === 1);
  const orgForm = !!single && isCoJpLike(single.punycode);
  // 001 §2: the WHOIS modal of a .org.jp-type (attribute-type JP) registrant domain
  const orgJp = !!single && isOrgJpLike(single.punycode);
  useEffect(() => setBusy(step === 'loading'), [step, setBusy]);

  const finish = () => {
    const changedIds = results.filter((r) => r.status === 1).map((r) => r.id);
    notifyWhoisModalClosed();
    onClose({ changedIds: cancelMsg && single ? [single.id] : changedIds });
  };

  if (orgForm) {
    return <WhoisOrgModal domainName={single!.name} provisional={single!.status === 'provisional'} onClose={(changed) => { notifyWhoisModalClosed(); onClose({ changedIds: changed ? [single!.id] : [] }); }} />;
  }

  const contacts = contactsQ.data?.contacts ?? [];
  const submit = async () => {
    setErrors([]);
    if (mode === 'contacts') {
      if (ROLES.some((r) => chosen[r] == null)) {
        setErrors([M.selectWhoisContact]);
        return;
      }
      const ccs = ROLES.map((r) => contacts.find((c) => c.id === chosen[r])?.cc);
      const badJp = domains.find((d) => !jpContactCountryOk(d.punycode, ccs));
      if (badJp) {
        setErrors([M.jpContactCountry]);
        return;
      }
      const regRole = contacts.find((c) => c.id === chosen.reg)?.role;
      if (domains.some((d) => !orgJpRegistrantOk(d.punycode, regRole))) {
        setErrors([M.orgJpRegistrantOrganisation]);
        return;
      }
    }
    setStep('loading');
    try {
      const r: WhoisDispatchResult = await dispatchWhois({
        domains: domains.map((d) => d.id),
        useOriginalWhois: mode === 'contacts' ? 1 : 0,
        contacts: mode === 'contacts' ? { whoisRegType: chosen.reg, whoisAdmType: chosen.adm, whoisTecType: chosen.tec, whoisBilType: chosen.bil } : undefined,
      });
      if (r.status === 2) {
        setErrors(r.errors.length ? r.errors : [M.errorOccurred]);
        setStep('update');
        return;
      }
      setResults(r.contents);
      setStep('complete');
      void qc.invalidateQueries({ queryKey: whoisQueries.all });
    } catch {
      setErrors([M.errorOccurred]);
      setStep('update');
    }
  };
  const cancel = async () => {
    if (!single) return;
    setStep('loading');
    try {
      const r = await cancelWhois(single.name);
      if (r.status === 1) {
        setCancelMsg(r.contents.message);
        setResults([]);
        setStep('complete');
      } else {
        setErrors(r.errors.length ? r.errors : [r.contents.message]);
        setStep('update');
      }
    } catch {
      setErrors([M.errorOccurred]);
      setStep('update');
    }
  };

  if (step === 'loading') {
    return (
      <Group justify="center" py="xl" data-testid="whois-change-loading">
        <Loader role="status" aria-label="処理中" />
        <Text size="sm">処理中です…</Text>
      </Group>
    );
  }
  if (step === 'complete') {
    const byId = new Map(domains.map((d) => [d.id, d]));
    return (
      <Stack gap="md" data-testid="whois-change-complete">
        {cancelMsg ? (
          <Alert color="green" variant="light">
            {cancelMsg}
          </Alert>
        ) : (
          <ScrollArea type="auto">
            <Table data-testid="whois-change-results">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ドメイン</Table.Th>
                  <Table.Th>結果</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{byId.get(r.id)?.name ?? r.id}</Table.Td>
                    <Table.Td>
                      {r.status === 1 ? (
                        <Text size="sm" c="green.9">
                          {r.message}
                        </Text>
                      ) : (
                        <Text size="sm" c="red.8">
                          {M.whoisChangeFailed}：{r.message}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        <Group justify="flex-end">
          <Button onClick={finish} data-testid="whois-change-close">
            閉じる
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <Stack gap="md" data-testid="whois-change-modal">
        <Text size="sm">
          対象ドメイン: {single ? single.name : `${domains.length}件`}
          {single && single.is_whois_proxy_enabled_flg === 1 ? <Badge ml="xs" variant="light">WHOIS代理公開中</Badge> : null}
        </Text>
        {orgJp ? <OrgJpNotice tld={tldOf(single!.punycode)} /> : null}
        {domains.some((d) => isCoJpLike(d.punycode)) && !allCoJp ? (
          <Alert color="yellow" variant="light">
            .co.jpドメインは一括変更できません（個別に組織情報フォームから変更してください）。
          </Alert>
        ) : null}
        {single && single.is_whois_processing_flg === 1 ? (
          <Alert color="blue" variant="light" data-testid="whois-pending-approval">
            <Text size="sm">WHOIS変更が登録者の承認待ちです。承認されると変更が完了します。</Text>
            <Button mt="xs" size="compact-sm" variant="light" color="red" onClick={() => void cancel()} data-testid="whois-cancel">
              変更を取り消す
            </Button>
          </Alert>
        ) : null}
        {errors.length ? (
          <Alert color="red" variant="light" role="alert" data-testid="whois-change-errors">
            {errors.map((e) => (
              <Text key={e} size="sm">
                {e}
              </Text>
            ))}
          </Alert>
        ) : null}
        <Radio.Group
          value={mode}
          onChange={(v) => {
            setMode(v === 'contacts' ? 'contacts' : 'proxy');
            // the proxy publishes our contact in every role: the roles chosen before are cleared
            if (v !== 'contacts') setChosen({ reg: null, adm: null, tec: null, bil: null });
          }}
          label="WHOIS情報"
        >
          <Stack gap={6} mt={6}>
            {canProxy ? <Radio value="proxy" label="WHOIS代理公開（ラッコの情報を公開）" data-testid="whois-mode-proxy" /> : null}
            <Radio value="contacts" label="登録済みのWHOIS情報を公開" data-testid="whois-mode-contacts" />
          </Stack>
        </Radio.Group>
        {mode === 'contacts' ? (
          contactsQ.isPending ? (
            <Loader role="status" size="sm" aria-label="読み込み中" />
          ) : (
            <Stack gap="xs">
              {contacts.length === 0 ? <Text size="sm" c="dimmed">登録済みのWHOIS情報はありません。新規作成してください。</Text> : null}
              <ContactSelects contacts={contacts} value={chosen} onChange={setChosen} testId="whois-change-contacts" />
              <Button variant="subtle" w="fit-content" onClick={() => setAdding(true)} data-testid="whois-change-new">
                WHOIS情報を新規作成
              </Button>
            </Stack>
          )
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            キャンセル
          </Button>
          {mode === 'proxy' && allOnProxy && !allCoJp ? (
            <Text size="sm" c="dimmed" data-testid="whois-all-proxy">選択したドメインはすべてWHOIS代理公開中です</Text>
          ) : null}
          {allCoJp || (mode === 'proxy' && allOnProxy) ? null : (
            <Button onClick={() => void submit()} data-testid="whois-change-submit">
              変更する
            </Button>
          )}
        </Group>
      </Stack>
      <WhoisAddDialog
        opened={adding}
        fromCart={false}
        onClose={() => setAdding(false)}
        onSaved={(c) => {
          if (c) setChosen({ reg: c.id, adm: c.id, tec: c.id, bil: c.id });
          void qc.invalidateQueries({ queryKey: whoisQueries.all });
        }}
      />
    </>
  );
}

/**
 * The .org.jp-type part of the WHOIS modal (001 §2 "A WHOIS modal for .org.jp-type registrant domains"): an
 * attribute-type JP domain (.or.jp, .ne.jp, .ac.jp …) is registered to an organisation of that attribute; its contacts
 * can be changed here, but the registrant must stay an organisation, and moving the domain to another organisation is
 * JPRS's registrant change, not a WHOIS change.
 */
function OrgJpNotice({ tld }: { tld: string }) {
  return (
    <Alert color="blue" variant="light" title={`属性型JPドメイン（.${tld}）のWHOIS`} data-testid="whois-orgjp-notice">
      <Stack gap={4}>
        <Text size="sm">登録者は.{tld}の登録資格を持つ組織です。登録者には種別が「組織」のWHOIS情報を、各担当者には国名が日本のWHOIS情報を選択してください。</Text>
        <Text size="sm">WHOIS代理公開はご利用いただけません。別の組織へ登録者を変更する場合は、JPRSの登録者変更手続きが必要です（サポートへお問い合わせください）。</Text>
      </Stack>
    </Alert>
  );
}
