import { Badge } from '@mantine/core';

/** The marker for a Japanese-language (IDN) price or name: 日本語. */
export function IdnMarker() {
  return (
    <Badge size="xs" variant="light" color="grape" radius="sm" style={{ flexShrink: 0 }} aria-label="日本語ドメイン価格" data-idn-marker>
      日本語
    </Badge>
  );
}
