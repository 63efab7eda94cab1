import fs from 'node:fs';
import path from 'node:path';

export interface SmtpTlsFiles {
  key: string;
  cert: string;
  /** where they came from (logged at start, never their content) */
  source: string;
}

/**
 * The key and certificate the inbound SMTP server offers with STARTTLS: the operator's files when
 * SMTP_INBOUND_TLS_KEY_FILE / SMTP_INBOUND_TLS_CERT_FILE are set (a real MX), otherwise, outside production, a
 * self-signed local certificate made once (the selfsigned package) and kept in `dir`, so local and test runs
 * exercise the same TLS path. In production without files: null (STARTTLS is not offered, and the start says so).
 */
export async function inboundTls(o: { keyFile?: string; certFile?: string; dir: string; hosts: string[]; production: boolean }): Promise<SmtpTlsFiles | null> {
  if (o.keyFile && o.certFile) return { key: fs.readFileSync(o.keyFile, 'utf8'), cert: fs.readFileSync(o.certFile, 'utf8'), source: o.certFile };
  if (o.production) return null;
  const keyFile = path.join(o.dir, 'key.pem');
  const certFile = path.join(o.dir, 'cert.pem');
  if (fs.existsSync(keyFile) && fs.existsSync(certFile)) return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), source: certFile };
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: o.hosts[0] ?? 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 5 * 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'subjectAltName', altNames: [...o.hosts.map((value) => ({ type: 2, value })), { type: 7, ip: '127.0.0.1' }] },
    ],
  } as any);
  fs.mkdirSync(o.dir, { recursive: true });
  // written aside then renamed, so two services starting together never read half a file
  const tmp = `.${process.pid}.tmp`;
  fs.writeFileSync(keyFile + tmp, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile + tmp, pems.cert);
  if (fs.existsSync(keyFile) && fs.existsSync(certFile)) {
    fs.rmSync(keyFile + tmp);
    fs.rmSync(certFile + tmp);
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), source: certFile };
  }
  fs.renameSync(keyFile + tmp, keyFile);
  fs.renameSync(certFile + tmp, certFile);
  return { key: pems.private, cert: pems.cert, source: certFile };
}
