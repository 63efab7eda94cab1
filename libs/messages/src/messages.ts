/**
 * `M`: the one Japanese message catalogue (catalogue/index.ts), shared by the server and the web app. A namespace of one
 * export per message, so bundlers drop the messages a chunk never reads (`M.key` is a static member access; do not
 * pass `M` around as a value or index it with a computed key, which would keep every message).
 */
export * as M from './catalogue/index';
import type * as Catalogue from './catalogue/index';

export type MessageKey = keyof typeof Catalogue;

/** Fills {placeholders} of a catalogue message. */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
