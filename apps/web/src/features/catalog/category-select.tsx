import { NativeSelect } from '@mantine/core';
import type { CategoryDto } from '@registrar/contracts';
import { useHydrated } from '../../lib/hydrated';

/** The category filter of the price and deadline pages; "すべて" is no category. */
export function CategorySelect({ categories, value, onChange }: { categories: CategoryDto[]; value: number | undefined; onChange: (id: number | undefined) => void }) {
  // a server-rendered page: the select takes a choice once the app listens (a change before that would be lost)
  const live = useHydrated();
  return (
    <NativeSelect
      disabled={!live}
      label="カテゴリー"
      aria-label="カテゴリー"
      data-testid="category-select"
      w={{ base: '100%', xs: 260 }}
      value={value ? String(value) : ''}
      onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}
      data={[{ value: '', label: 'すべてのTLD' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
    />
  );
}
