import { Alert, Button, Checkbox, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { PrereqRequest, PrereqResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DEFAULT_COUNTRY, DEFAULT_ORGANIZATION_TYPE, DEFAULT_PHONE_COUNTRY_CODE, normalisePhone, normalisePostCode, normaliseStaff, tokyoDateKey, validatePrereq, type PrereqInput } from '@registrar/rules';
import { ApiError } from '../../lib/api';
import { submitPrereq } from '../purchase/purchase.api';
import { clearJpDrafts, readJpDraft, saveJpDraft } from '../purchase/purchase-storage';
import { OrgFields, StaffFields, type JpContactForm } from './jp-contact-fields';

type Section = 'org' | 'reg' | 'tec' | 'adm' | 'bil';
const blank = (): JpContactForm => ({ cc: DEFAULT_COUNTRY, phone_country_code: DEFAULT_PHONE_COUNTRY_CODE, fax_country_code: DEFAULT_PHONE_COUNTRY_CODE });
const SECTION_TITLES: Record<Section, string> = { org: '組織情報', reg: '登録者情報', tec: '技術担当者情報', adm: '管理担当者情報', bil: '経理担当者情報' };

/** Trims every field and normalises postal codes and phone numbers as the server expects them. */
function clean(c: JpContactForm, staff: boolean): JpContactForm {
  const t = staff ? normaliseStaff(c) : Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
  const jp = (t.cc ?? DEFAULT_COUNTRY) === 'JP';
  return { ...t, pc: normalisePostCode(t.pc, jp), phone: normalisePhone(t.phone), fax: normalisePhone(t.fax) };
}

const DEFAULT_ONLY = new Set(['cc', 'phone_country_code', 'fax_country_code', 'organization_type', 'role']);
function isEntered(c: JpContactForm | undefined): boolean {
  return !!c && Object.entries(c).some(([k, v]) => !DEFAULT_ONLY.has(k) && typeof v === 'string' && v.trim() !== '');
}

export interface JpWhoisModalProps {
  domainName: string | null;
  onClose: () => void;
  /** the registration was accepted for this domain */
  onRegistered: (domainName: string) => void;
  /** the clock (tests); defaults to now */
  now?: () => Date;
  /** the WHOIS change of a held .co.jp (001 §5 organisation form): its current WHOIS, its own submit, no provisional flag */
  change?: {
    /** 'activate': the full registration of a provisional .co.jp (organisation and registrant only, accept mode) */
    mode?: 'change' | 'activate';
    initial: Partial<Record<Section, JpContactForm | null>>;
    submit: (body: PrereqRequest) => Promise<PrereqResult>;
  };
}

interface Draft { contact: Record<Section, JpContactForm>; preRegister: boolean; different: { tec: boolean; adm: boolean; bil: boolean } }
const isDraft = (v: Draft) => !!v.contact?.org && !!v.contact.reg && !!v.different;

/**
 * The .co.jp WHOIS registration modal (000 §2, §5): organisation, registrant, and the technical, administrator and
 * billing contacts when their 'different' box is checked; a provisional-registration flag that hides the registration
 * date. While submitting it is locked (cannot be closed); a failure releases the lock and shows the server's errors.
 */
export function JpWhoisModal({ domainName, onClose, onRegistered, now = () => new Date(), change }: JpWhoisModalProps) {
  // the purchase's form is kept as the member types (session storage, as the cart is kept): closing it to register a
  // card, or the card pages themselves, do not lose it
  // (the purchase mounts it per name while open, so the name is known here)
  const [draftKey] = useState(() => (change || !domainName ? null : domainName));
  const [draft] = useState(() => (draftKey ? readJpDraft<Draft>(draftKey, isDraft) : null));
  const [contact, setContact] = useState<Record<Section, JpContactForm>>(() => draft?.contact ?? {
    org: { ...blank(), organization_type: DEFAULT_ORGANIZATION_TYPE, ...(change?.initial.org ?? {}) },
    reg: { ...blank(), role: 'organization', ...(change?.initial.reg ?? {}) },
    tec: { ...blank(), role: 'organization', ...(change?.initial.tec ?? {}) },
    adm: { ...blank(), role: 'organization', ...(change?.initial.adm ?? {}) },
    bil: { ...blank(), role: 'organization', ...(change?.initial.bil ?? {}) },
  });
  const [preRegister, setPreRegister] = useState(draft?.preRegister ?? false);
  const [different, setDifferent] = useState(draft?.different ?? { tec: !!change?.initial.tec, adm: !!change?.initial.adm, bil: !!change?.initial.bil });
  useEffect(() => {
    if (draftKey) saveJpDraft(draftKey, { contact, preRegister, different });
  }, [draftKey, contact, preRegister, different]);
  const [messages, setMessages] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<PrereqResult['errors']>({});
  const [locked, setLocked] = useState(false);
  const activate = change?.mode === 'activate';
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const top = useRef<HTMLDivElement>(null);
  // errors are listed at the top: bring them into view
  useEffect(() => {
    if (messages.length || Object.keys(fieldErrors).length) top.current?.scrollIntoView({ block: 'start' });
  }, [messages, fieldErrors]);

  const toggle = (k: 'tec' | 'adm' | 'bil', on: boolean) => setDifferent((d) => ({ ...d, [k]: on }));
  const update = (s: Section) => (next: JpContactForm) => setContact((c) => ({ ...c, [s]: next }));
  const close = () => {
    if (!locked) onClose();
  };

  const submit = async () => {
    if (!domainName || locked) return;
    const body: PrereqRequest = {
      domainName,
      contact: {
        org: { ...clean(contact.org, false), registration_date: preRegister ? undefined : contact.org.registration_date?.trim() },
        reg: clean(contact.reg, true),
        ...(different.tec ? { tec: clean(contact.tec, true) } : {}),
        ...(different.adm ? { adm: clean(contact.adm, true) } : {}),
        ...(different.bil ? { bil: clean(contact.bil, true) } : {}),
      },
      preRegister,
      isDifferentTec: different.tec,
      isDifferentAdm: different.adm,
      isDifferentBil: different.bil,
    };
    // a section holding only the form's defaults counts as not entered ('組織情報が未入力です' …)
    const entered = Object.fromEntries(Object.entries(body.contact).map(([k, c]) => [k, isEntered(c) ? c : undefined]));
    // 登記住所 is checked where it is first given (the purchase); a held .co.jp's stored WHOIS may predate the field
    const found = validatePrereq({ ...body, contact: entered } as unknown as PrereqInput, tokyoDateKey(now()), { requireRegistrationAddress: !change });
    // the activation's own wording for a registration date in the future (000 §5 "Provisional activation")
    if (activate) found.errorMsg = found.errorMsg.map((m) => (m === M.futureRegistrationDate ? M.futureRegistrationDateActivate : m));
    setMessages(found.errorMsg);
    setFieldErrors(found.errors);
    if (found.errorMsg.length || Object.keys(found.errors).length) return;
    setLocked(true);
    try {
      const r = await (change ? change.submit(body) : submitPrereq(body));
      if (r.result) {
        if (draftKey) clearJpDrafts(draftKey);
        onRegistered(domainName);
        return;
      }
      setMessages(r.errorMsg?.length ? r.errorMsg : Object.keys(r.errors ?? {}).length ? [] : [M.errorOccurred]);
      setFieldErrors(r.errors ?? {});
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as Partial<PrereqResult> | null) : null;
      setMessages(body?.errorMsg?.length ? body.errorMsg : [M.errorOccurred]);
      setFieldErrors(body?.errors ?? {});
    } finally {
      setLocked(false);
    }
  };

  const section = (s: Section) => (
    <Stack gap="xs" data-testid={`jp-section-${s}`}>
      <Title order={3} fz="sm">
        {SECTION_TITLES[s]}
      </Title>
      {s === 'org' ? (
        <OrgFields section={s} value={contact.org} onChange={update('org')} errors={fieldErrors[s]} disabled={locked} preRegister={preRegister} acceptMode={activate} />
      ) : (
        <StaffFields section={s} value={contact[s]} onChange={update(s)} errors={fieldErrors[s]} disabled={locked} />
      )}
    </Stack>
  );

  return (
    <Modal
      opened={domainName !== null}
      onClose={close}
      closeOnClickOutside={!locked}
      closeOnEscape={!locked}
      withCloseButton={!locked}
      size="xl"
      fullScreen={phone}
      title={`${activate ? '本登録の申請' : change ? 'WHOIS情報の変更' : 'WHOIS情報の登録'}（${domainName ?? ''}）`}
      data-testid="jp-whois-modal"
    >
      <Stack gap="md" ref={top}>
        <Text size="sm" c="dimmed">
          {activate
            ? '登記が完了した組織の情報（登記年月日を含む）と登録者情報を入力して、本登録を申請します。'
            : change
            ? '.co.jpドメインのWHOIS情報（組織情報・登録者情報・各担当者情報）を変更します。'
            : '.co.jpドメインのご購入には、組織情報と登録者情報の登録が必要です。登記前の組織は仮登録をご利用ください（6か月以内に本登録が必要です）。'}
        </Text>
        {messages.length > 0 ? (
          <Alert color="red" variant="light" role="alert" data-testid="jp-whois-errors">
            {messages.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        ) : null}
        {change ? null : <Checkbox label="仮登録（登記前）" checked={preRegister} disabled={locked} onChange={(e) => setPreRegister(e.currentTarget.checked)} data-testid="jp-prereg" />}
        {section('org')}
        <Divider />
        {section('reg')}
        {activate ? null : <Divider />}
        {activate ? null : <Stack gap={6}>
          <Checkbox label="技術担当者は登録者と異なる" checked={different.tec} disabled={locked} onChange={(e) => toggle('tec', e.currentTarget.checked)} data-testid="jp-different-tec" />
          <Checkbox label="管理担当者は登録者と異なる" checked={different.adm} disabled={locked} onChange={(e) => toggle('adm', e.currentTarget.checked)} data-testid="jp-different-adm" />
          <Checkbox label="経理担当者は登録者と異なる" checked={different.bil} disabled={locked} onChange={(e) => toggle('bil', e.currentTarget.checked)} data-testid="jp-different-bil" />
        </Stack>}
        {different.tec ? section('tec') : null}
        {different.adm ? section('adm') : null}
        {different.bil ? section('bil') : null}
        {messages.length > 0 ? (
          <Text size="sm" c="red">
            入力内容をご確認ください（上部にエラーがあります）
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={locked}>
            キャンセル
          </Button>
          <Button onClick={() => void submit()} loading={locked} data-testid="jp-whois-submit">
            {activate ? '本登録を申請する' : change ? '変更する' : '登録する'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
