import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The official EPP schemas (RFC 5730-5733, 3915, 5910) shared by the whole project. */
export const EPP_XSD = process.env.EPP_XSD ?? path.resolve(__dirname, '../../../../../shared/epp-xsd/all-ietf.xsd');

export interface FrameValidation {
  xml: string;
  ok: boolean;
  errors: string;
}

/**
 * Validates EPP frames with xmllint against the official schemas (tests only: it writes files and spawns a process).
 * Returns one result per frame.
 */
export function validateEppFrames(frames: string[], xsd = EPP_XSD): FrameValidation[] {
  if (!frames.length) return [];
  if (!fs.existsSync(xsd)) throw new Error(`EPP schemas not found at ${xsd} (shared/ must sit beside the repository, or set EPP_XSD)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epp-xsd-'));
  try {
    const files = frames.map((xml, i) => {
      const f = path.join(dir, `f${i}.xml`);
      fs.writeFileSync(f, xml);
      return f;
    });
    const out: FrameValidation[] = [];
    for (let i = 0; i < files.length; i += 200) {
      const chunk = files.slice(i, i + 200);
      const r = spawnSync('xmllint', ['--noout', '--schema', xsd, ...chunk], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (r.error) throw r.error;
      const stderr = r.stderr ?? '';
      for (const f of chunk) {
        const idx = files.indexOf(f);
        const lines = stderr.split('\n').filter((l) => l.startsWith(f + ':') || l.startsWith(f + ' '));
        const ok = lines.some((l) => l === `${f} validates`) && !lines.some((l) => /fails to validate|error/i.test(l));
        out.push({ xml: frames[idx], ok, errors: lines.filter((l) => l !== `${f} validates`).join('\n') });
      }
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Throws with the xmllint messages when any frame does not validate. */
export function assertValidEppFrames(frames: string[]): void {
  const bad = validateEppFrames(frames).filter((v) => !v.ok);
  if (bad.length) throw new Error(`${bad.length} EPP frame(s) do not validate:\n${bad.slice(0, 5).map((b) => `${b.errors}\n${b.xml}`).join('\n\n')}`);
}
