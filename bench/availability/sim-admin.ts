/** The registry simulator's admin channel (fault injection), as the bench and the browser tests use it. */
export function simAdminUrl(env: NodeJS.ProcessEnv = process.env): string {
  const epp = Number(env.EPP_PORT ?? 7700);
  const port = Number(env.EPP_ADMIN_PORT || epp + 1);
  return `http://127.0.0.1:${port}`;
}

export interface SimFaults {
  latencyMs?: number;
  failShare?: number;
  dropShare?: number;
  handshakeDelayMs?: number;
  /** only commands whose frame contains this text fail */
  failMatch?: string;
}

export async function setSimFaults(env: NodeJS.ProcessEnv, faults: SimFaults): Promise<SimFaults> {
  const res = await fetch(`${simAdminUrl(env)}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(faults) });
  if (!res.ok) throw new Error(`registry-sim admin: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as SimFaults;
}

export async function clearSimFaults(env: NodeJS.ProcessEnv): Promise<void> {
  await fetch(`${simAdminUrl(env)}/faults`, { method: 'DELETE' });
}

/** Every check command answered after `ms`. */
export async function setSimLatency(env: NodeJS.ProcessEnv, ms: number): Promise<void> {
  await setSimFaults(env, { latencyMs: ms });
}
