/** A Markdown file with a front matter of `key: value` lines between `---` lines (values are plain strings). */
export function splitFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!m) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (kv) meta[kv[1]!] = kv[2]!.replace(/^(["'])(.*)\1$/, '$2').trim();
  }
  return { meta, body: m[2]! };
}
