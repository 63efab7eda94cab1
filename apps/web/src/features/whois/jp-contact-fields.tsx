import { Select, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { DEFAULT_COUNTRY } from '@registrar/rules';
import type { JpOrgContact } from '@registrar/contracts';
import { normalisePostCode } from '@registrar/rules';
import { usePostalLookup } from '../../lib/postal';
import { COUNTRY_OPTIONS, PREFECTURE_CODE_OPTIONS } from './address-options';

export type JpContactForm = JpOrgContact;
type Errors = Record<string, string> | undefined;

interface Props {
  /** the section id used in field names and test ids (org, reg, tec, adm, bil) */
  section: string;
  value: JpContactForm;
  onChange: (next: JpContactForm) => void;
  errors: Errors;
  disabled: boolean;
}

/** Address and communication fields of every section: country, postal code (7-digit lookup), prefecture, city, streets, phone, fax, e-mail. */
function AddressFields({ section, value, onChange, errors, disabled }: Props) {
  const set = (k: keyof JpContactForm) => (v: string) => onChange({ ...value, [k]: v });
  const jp = (value.cc ?? DEFAULT_COUNTRY) === 'JP';
  // the lookup answers later: read the newest value then (the typed code is already in it)
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const lookup = usePostalLookup((a) => {
    const v = latest.current.value;
    if ((v.cc ?? DEFAULT_COUNTRY) !== 'JP') return;
    latest.current.onChange({ ...v, sp: a.prefcode, city: a.en.address1 || v.city, city_jp: a.ja.address1 || v.city_jp, street1: v.street1 || a.en.address2 || '', street1_jp: v.street1_jp || a.ja.address2 || '' });
  });
  const err = (k: string) => errors?.[k];
  const id = (k: string) => `${section}-${k}`;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select label="国" data={COUNTRY_OPTIONS} value={value.cc ?? DEFAULT_COUNTRY} allowDeselect={false} searchable disabled={disabled} onChange={(v) => onChange({ ...value, cc: v ?? DEFAULT_COUNTRY, sp: v === 'JP' ? value.sp : '' })} error={err('cc')} data-testid={id('cc')} />
        <TextInput
          label="郵便番号"
          required
          disabled={disabled}
          value={value.pc ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set('pc')(v);
            if (jp && /^\d{7}$/.test(normalisePostCode(v, true))) void lookup(v);
          }}
          error={err('pc')}
          data-testid={id('pc')}
        />
      </SimpleGrid>
      {jp ? (
        <Select label="都道府県" required data={PREFECTURE_CODE_OPTIONS} value={value.sp || null} searchable disabled={disabled} onChange={(v) => set('sp')(v ?? '')} error={err('sp')} data-testid={id('sp')} />
      ) : (
        <TextInput label="州・地域" required value={value.sp ?? ''} disabled={disabled} onChange={(e) => set('sp')(e.currentTarget.value)} error={err('sp')} data-testid={id('sp')} />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="市区町村" required value={value.city_jp ?? ''} disabled={disabled} onChange={(e) => set('city_jp')(e.currentTarget.value)} error={err('city_jp')} data-testid={id('city_jp')} />
        <TextInput label="市区町村（英字）" required value={value.city ?? ''} disabled={disabled} onChange={(e) => set('city')(e.currentTarget.value)} error={err('city')} data-testid={id('city')} />
        <TextInput label="番地" required value={value.street1_jp ?? ''} disabled={disabled} onChange={(e) => set('street1_jp')(e.currentTarget.value)} error={err('street1_jp')} data-testid={id('street1_jp')} />
        <TextInput label="番地（英字）" required value={value.street1 ?? ''} disabled={disabled} onChange={(e) => set('street1')(e.currentTarget.value)} error={err('street1')} data-testid={id('street1')} />
        <TextInput label="建物名（任意）" value={value.street2_jp ?? ''} disabled={disabled} onChange={(e) => set('street2_jp')(e.currentTarget.value)} error={err('street2_jp')} />
        <TextInput label="建物名（英字・任意）" value={value.street2 ?? ''} disabled={disabled} onChange={(e) => set('street2')(e.currentTarget.value)} error={err('street2')} />
        <TextInput label="電話番号" required value={value.phone ?? ''} disabled={disabled} onChange={(e) => set('phone')(e.currentTarget.value)} error={err('phone')} leftSection={<Text size="xs">+{value.phone_country_code ?? '81'}</Text>} data-testid={id('phone')} />
        <TextInput label="FAX番号（任意）" value={value.fax ?? ''} disabled={disabled} onChange={(e) => set('fax')(e.currentTarget.value)} error={err('fax')} leftSection={<Text size="xs">+{value.fax_country_code ?? '81'}</Text>} />
      </SimpleGrid>
      <TextInput label="メールアドレス" type="email" required value={value.email ?? ''} disabled={disabled} onChange={(e) => set('email')(e.currentTarget.value)} error={err('email')} data-testid={id('email')} />
    </>
  );
}

export const ORGANIZATION_TYPES = [
  { value: '10', label: '株式会社' },
  { value: '11', label: '有限会社' },
  { value: '12', label: '合名会社' },
  { value: '13', label: '合資会社' },
  { value: '14', label: '合同会社' },
  { value: '15', label: '相互会社' },
  { value: '16', label: '特定目的会社' },
  { value: '20', label: '外国会社' },
  { value: '30', label: '信用金庫・信用組合・その他登記された組織' },
];

/** The organisation section (000 §5): type (default 10), names, registration date (hidden when provisional), registration address, address. */
export function OrgFields(props: Props & { preRegister: boolean; acceptMode?: boolean }) {
  const { section, value, onChange, errors, disabled, preRegister, acceptMode = false } = props;
  const set = (k: keyof JpContactForm) => (v: string) => onChange({ ...value, [k]: v });
  const err = (k: string) => errors?.[k];
  const id = (k: string) => `${section}-${k}`;
  return (
    <Stack gap="sm">
      <Select label="組織種別" data={ORGANIZATION_TYPES} value={String(value.organization_type ?? 10)} allowDeselect={false} disabled={disabled} onChange={(v) => onChange({ ...value, organization_type: Number(v ?? 10) })} error={err('organization_type')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="組織名" required value={value.organization_jp ?? ''} disabled={disabled} onChange={(e) => set('organization_jp')(e.currentTarget.value)} error={err('organization_jp')} placeholder="株式会社ラッコ" data-testid={id('organization_jp')} />
        <TextInput label="組織名（英字）" required value={value.organization ?? ''} disabled={disabled} onChange={(e) => set('organization')(e.currentTarget.value)} error={err('organization')} placeholder="Rakko Inc." data-testid={id('organization')} />
      </SimpleGrid>
      <TextInput label="組織名（フリガナ）" value={value.organization_kana ?? ''} disabled={disabled} onChange={(e) => set('organization_kana')(e.currentTarget.value)} error={err('organization_kana')} />
      {!preRegister ? (
        <TextInput label="登記年月日" required placeholder="YYYY/MM/DD" value={value.registration_date ?? ''} disabled={disabled} onChange={(e) => set('registration_date')(e.currentTarget.value)} error={err('registration_date')} data-testid={id('registration_date')} />
      ) : null}
      <TextInput
        label="登記住所"
        required
        description="都道府県名から入力してください"
        value={value.registration_address ?? ''}
        disabled={disabled}
        onChange={(e) => set('registration_address')(e.currentTarget.value)}
        error={err('registration_address')}
        data-testid={id('registration_address')}
      />
      {acceptMode ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="代表者名" value={value.name_jp ?? ''} disabled={disabled} onChange={(e) => set('name_jp')(e.currentTarget.value)} error={err('name_jp')} />
          <TextInput label="代表者役職" value={value.position_jp ?? ''} disabled={disabled} onChange={(e) => set('position_jp')(e.currentTarget.value)} error={err('position_jp')} />
        </SimpleGrid>
      ) : null}
      <AddressFields {...props} />
    </Stack>
  );
}

/** A staff contact (registrant, technical, administrator, billing): individual or organization, names in Japanese and Latin, address. */
export function StaffFields(props: Props) {
  const { section, value, onChange, errors, disabled } = props;
  const set = (k: keyof JpContactForm) => (v: string) => onChange({ ...value, [k]: v });
  const err = (k: string) => errors?.[k];
  const id = (k: string) => `${section}-${k}`;
  const org = value.role !== 'individual';
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={value.role ?? 'organization'}
        disabled={disabled}
        onChange={(v) => onChange(v === 'individual' ? { ...value, role: 'individual', department: '', department_jp: '', position: '', position_jp: '' } : { ...value, role: 'organization' })}
        data={[{ value: 'organization', label: '組織' }, { value: 'individual', label: '個人' }]}
        role="radiogroup"
        aria-label="種別"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="姓" required value={value.last_name_jp ?? ''} disabled={disabled} onChange={(e) => set('last_name_jp')(e.currentTarget.value)} error={err('last_name_jp')} data-testid={id('last_name_jp')} />
        <TextInput label="名" required value={value.first_name_jp ?? ''} disabled={disabled} onChange={(e) => set('first_name_jp')(e.currentTarget.value)} error={err('first_name_jp')} data-testid={id('first_name_jp')} />
        <TextInput label="姓（英字）" required value={value.last_name ?? ''} disabled={disabled} onChange={(e) => set('last_name')(e.currentTarget.value)} error={err('last_name')} data-testid={id('last_name')} />
        <TextInput label="名（英字）" required value={value.first_name ?? ''} disabled={disabled} onChange={(e) => set('first_name')(e.currentTarget.value)} error={err('first_name')} data-testid={id('first_name')} />
      </SimpleGrid>
      {org ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="組織名" required value={value.organization_jp ?? ''} disabled={disabled} onChange={(e) => set('organization_jp')(e.currentTarget.value)} error={err('organization_jp')} data-testid={id('organization_jp')} />
          <TextInput label="組織名（英字）" required value={value.organization ?? ''} disabled={disabled} onChange={(e) => set('organization')(e.currentTarget.value)} error={err('organization')} data-testid={id('organization')} />
          <TextInput label="部署（任意）" value={value.department_jp ?? ''} disabled={disabled} onChange={(e) => set('department_jp')(e.currentTarget.value)} error={err('department_jp')} />
          <TextInput label="部署（英字・任意）" value={value.department ?? ''} disabled={disabled} onChange={(e) => set('department')(e.currentTarget.value)} error={err('department')} />
          <TextInput label="役職（任意）" value={value.position_jp ?? ''} disabled={disabled} onChange={(e) => set('position_jp')(e.currentTarget.value)} error={err('position_jp')} />
          <TextInput label="役職（英字・任意）" value={value.position ?? ''} disabled={disabled} onChange={(e) => set('position')(e.currentTarget.value)} error={err('position')} />
        </SimpleGrid>
      ) : null}
      <AddressFields {...props} />
    </Stack>
  );
}
