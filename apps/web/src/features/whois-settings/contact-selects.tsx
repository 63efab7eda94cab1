import { Select, SimpleGrid, Stack } from '@mantine/core';
import type { WhoisContactDto } from '@registrar/contracts';

export type RoleKey = 'reg' | 'adm' | 'tec' | 'bil';
export const ROLE_LABELS: Record<RoleKey, string> = { reg: '登録者', adm: '管理担当者', tec: '技術担当者', bil: '経理担当者' };
export const ROLES: RoleKey[] = ['reg', 'adm', 'tec', 'bil'];

export const contactLabel = (c: WhoisContactDto) => `${c.role === 2 && c.organization ? `${c.organization} / ` : ''}${c.first_name} ${c.last_name}（${c.email}・${c.cc}）`;

/**
 * The four role selects with a "whole set" select above them: choosing a contact for the set fills all four roles;
 * each can then be changed alone (001 §5). `showRoles` false leaves only the set select (002 §5: the per-role selects
 * show only once there is a selection).
 */
export function ContactSelects({
  contacts, value, onChange, disabled, testId, clearable = false, showRoles = true,
}: {
  showRoles?: boolean;
  contacts: WhoisContactDto[];
  value: Record<RoleKey, number | null>;
  onChange: (next: Record<RoleKey, number | null>) => void;
  disabled?: boolean;
  testId: string;
  clearable?: boolean;
}) {
  const data = contacts.map((c) => ({ value: String(c.id), label: contactLabel(c) }));
  const same = ROLES.every((r) => value[r] === value.reg) ? value.reg : null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Select
        label="一括選択"
        placeholder="WHOIS情報を選択"
        data={data}
        value={same == null ? null : String(same)}
        onChange={(v) => {
          const id = v ? Number(v) : null;
          onChange({ reg: id, adm: id, tec: id, bil: id });
        }}
        disabled={disabled}
        clearable={clearable}
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testId}-all`}
      />
      {showRoles ? <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {ROLES.map((r) => (
          <Select
            key={r}
            label={ROLE_LABELS[r]}
            placeholder="WHOIS情報を選択"
            data={data}
            value={value[r] == null ? null : String(value[r])}
            onChange={(v) => onChange({ ...value, [r]: v ? Number(v) : null })}
            disabled={disabled}
            clearable={clearable}
            searchable
            comboboxProps={{ withinPortal: true }}
            data-testid={`${testId}-${r}`}
          />
        ))}
      </SimpleGrid> : null}
    </Stack>
  );
}
