import { Alert, Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PurchasePaths, type WhoisContactRequest, type WhoisContactResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DEFAULT_COUNTRY, DEFAULT_PHONE_COUNTRY_CODE, normalisePhone, normalisePostCode, validateWhoisContact } from '@registrar/rules';
import { api, ApiError } from '../../lib/api';
import { usePostalLookup } from '../../lib/postal';
import { snackbar } from '../../lib/snackbar';
import { COUNTRY_OPTIONS, PREFECTURE_EN_OPTIONS } from './address-options';
import { HelpTitle } from '../help/help-link';

type Field = 'email' | 'last_name' | 'first_name' | 'organization' | 'cc' | 'pc' | 'sp' | 'city' | 'street1' | 'street2' | 'phone_country_code' | 'phone' | 'fax_country_code' | 'fax';
type Form = Record<Field, string> & { role: '1' | '2' };
const EMPTY: Form = {
  email: '', last_name: '', first_name: '', role: '1', organization: '', cc: DEFAULT_COUNTRY, pc: '', sp: '', city: '', street1: '', street2: '',
  phone_country_code: DEFAULT_PHONE_COUNTRY_CODE, phone: '', fax_country_code: DEFAULT_PHONE_COUNTRY_CODE, fax: '',
};

/**
 * The WHOIS-add dialog (001 spec §5 "WHOIS contact add form"). From the cart (the default) it is a contact for the
 * domains that cannot use WHOIS proxy, sent with update_ng_contacts=1 so it becomes the member's contact for those
 * domains; from WHOIS information management and the WHOIS change modal (`fromCart` false) it only adds the contact.
 */
export function WhoisAddDialog({ opened, onClose, onSaved, fromCart = true }: { opened: boolean; onClose: () => void; onSaved?: (contact: WhoisContactResult['contact']) => void; fromCart?: boolean }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const jp = form.cc === 'JP';
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  // the fields are half-width only: the romanised prefecture, city and town (銀座 -> Ginza, from the bundled readings)
  // are filled; a town without a reading leaves the street empty, never the kanji 「銀座」
  const lookup = usePostalLookup((a) =>
    setForm((f) => (f.cc !== 'JP' ? f : { ...f, sp: a.en.prefecture || f.sp, city: a.en.address1 || f.city, street1: f.street1 || a.en.address2 })),
  );

  const save = useMutation({
    mutationFn: (body: WhoisContactRequest) => api<WhoisContactResult>(PurchasePaths.whoisContact, { body }),
    onSuccess: (r) => {
      if (r.status === 1) {
        void queryClient.invalidateQueries({ queryKey: ['purchase', 'defaults'] });
        void queryClient.invalidateQueries({ queryKey: ['whois'] });
        snackbar('WHOIS情報を登録しました');
        setForm(EMPTY);
        onSaved?.(r.contact);
        onClose();
        return;
      }
      setErrors(Object.fromEntries(Object.entries(r.errors ?? {}).map(([k, v]) => [k, v[0]])));
      setGeneralError(r.error_msg ?? (Object.keys(r.errors ?? {}).length ? null : M.errorOccurred));
    },
    onError: (e) => {
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length) {
        setErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0]])));
        setGeneralError((e.body as { error_msg?: string } | null)?.error_msg ?? null);
      } else setGeneralError(M.errorOccurred);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(Object.entries(validateWhoisContact(form)).map(([k, v]) => [k, v[0]]));
    setErrors(found);
    setGeneralError(null);
    if (Object.keys(found).length) return;
    const fax = normalisePhone(form.fax);
    save.mutate({
      email: form.email.trim(), first_name: form.first_name.trim(), last_name: form.last_name.trim(), role: form.role === '2' ? 2 : 1,
      organization: form.role === '2' ? form.organization.trim() : `${form.first_name.trim()} ${form.last_name.trim()}`,
      cc: form.cc, pc: normalisePostCode(form.pc, jp), sp: form.sp.trim(), city: form.city.trim(), street1: form.street1.trim(), street2: form.street2.trim() || undefined,
      phone_country_code: form.phone_country_code, phone: normalisePhone(form.phone), fax_country_code: fax ? form.fax_country_code : null, fax: fax || undefined,
      update_ng_contacts: fromCart ? 1 : 0,
    });
  };
  const err = (k: string) => errors[k];

  return (
    <Modal opened={opened} onClose={save.isPending ? () => undefined : onClose} title={<HelpTitle title="WHOIS情報の追加" topic="whoisContacts" />} size="lg" closeOnClickOutside={!save.isPending} closeOnEscape={!save.isPending} withCloseButton={!save.isPending} data-testid="whois-add-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {fromCart ? 'WHOIS代理公開ができないドメインには、WHOISに公開する連絡先が必要です。' : 'WHOISに公開する連絡先を登録します。'}半角英数字で入力してください。
          </Text>
          <SegmentedControl value={form.role} onChange={(v) => set('role')(v === '2' ? '2' : '1')} data={[{ value: '1', label: '個人' }, { value: '2', label: '組織' }]} role="radiogroup" aria-label="種別" />
          {form.role === '2' ? <TextInput label="組織名" required value={form.organization} onChange={(e) => set('organization')(e.currentTarget.value)} error={err('organization')} maxLength={100} /> : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="姓 (Last name)" required value={form.last_name} onChange={(e) => set('last_name')(e.currentTarget.value)} error={err('last_name')} maxLength={50} />
            <TextInput label="名 (First name)" required value={form.first_name} onChange={(e) => set('first_name')(e.currentTarget.value)} error={err('first_name')} maxLength={50} />
          </SimpleGrid>
          <TextInput label="メールアドレス" type="email" required value={form.email} onChange={(e) => set('email')(e.currentTarget.value)} error={err('email')} maxLength={100} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select label="国" required data={COUNTRY_OPTIONS} value={form.cc} allowDeselect={false} searchable onChange={(v) => setForm((f) => ({ ...f, cc: v ?? DEFAULT_COUNTRY, sp: v === 'JP' ? f.sp : '' }))} error={err('cc')} />
            <TextInput
              label="郵便番号"
              required
              value={form.pc}
              onChange={(e) => {
                const v = e.currentTarget.value;
                set('pc')(v);
                if (jp && /^\d{7}$/.test(normalisePostCode(v, true))) void lookup(v);
              }}
              error={err('pc')}
              placeholder={jp ? '1000001' : ''}
            />
          </SimpleGrid>
          {jp ? (
            <Select label="都道府県" required data={PREFECTURE_EN_OPTIONS} value={form.sp || null} searchable onChange={(v) => set('sp')(v ?? '')} error={err('sp')} />
          ) : (
            <TextInput label="州・地域" required value={form.sp} onChange={(e) => set('sp')(e.currentTarget.value)} error={err('sp')} maxLength={20} />
          )}
          <TextInput label="市区町村 (City)" required value={form.city} onChange={(e) => set('city')(e.currentTarget.value)} error={err('city')} maxLength={50} />
          <TextInput label="住所1 (Street)" required value={form.street1} onChange={(e) => set('street1')(e.currentTarget.value)} error={err('street1')} maxLength={50} />
          <TextInput label="住所2" value={form.street2} onChange={(e) => set('street2')(e.currentTarget.value)} error={err('street2')} maxLength={50} />
          <Group grow align="flex-start" wrap="nowrap">
            <TextInput label="国番号" maw={90} value={form.phone_country_code} onChange={(e) => set('phone_country_code')(e.currentTarget.value)} />
            <TextInput label="電話番号" required value={form.phone} onChange={(e) => set('phone')(e.currentTarget.value)} error={err('phone')} />
          </Group>
          <Group grow align="flex-start" wrap="nowrap">
            <TextInput label="国番号" maw={90} value={form.fax_country_code} onChange={(e) => set('fax_country_code')(e.currentTarget.value)} />
            <TextInput label="FAX番号（任意）" value={form.fax} onChange={(e) => set('fax')(e.currentTarget.value)} error={err('fax')} />
          </Group>
          {generalError ? (
            <Alert color="red" variant="light" role="alert" data-testid="whois-add-error">
              {generalError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              キャンセル
            </Button>
            <Button type="submit" loading={save.isPending}>
              登録する
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
