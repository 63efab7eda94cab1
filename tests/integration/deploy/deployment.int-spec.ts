/**
 * docker-compose.yml and k8s/ describe what runs: every service gets every variable that a config class it loads marks
 * @Deployed() (a variable whose default only fits the local runtime; production refuses to start without it), the
 * registry certificate is mounted where EPP_TLS_CA_FILE points, and the demo parts run as their own compose services.
 * The variables come from the config classes themselves (deployedVariables), so a new @Deployed() variable fails this
 * test until both deployments set it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { BaseConfig, deployedVariables } from '@registrar/infra';
import { AdminConfig } from '../../../libs/admin/src/admin.config';
import { AvailabilityConfig } from '../../../libs/availability/src/availability.config';
import { CatalogConfig } from '../../../libs/catalog/src/catalog.config';
import { DnsConfig } from '../../../libs/dns/src/dns.config';
import { ForwarderConfig } from '../../../libs/dns/src/forwarder/forwarder.config';
import { ForwardingConfig } from '../../../libs/dns/src/forwarding/forwarding.config';
import { DomainOpsConfig } from '../../../libs/domain-ops/src/shared/domain-ops.config';
import { EppClientConfig } from '../../../libs/epp/src/client/epp-client.config';
import { GatewayConfig } from '../../../libs/gateway/src/gateway.config';
import { IdentityConfig } from '@registrar/identity';
import { ApiConfig } from '../../../libs/gateway/src/public-api/api.config';
import { PublicToolsConfig } from '../../../libs/gateway/src/public-whois/public-tools.config';
import { MailConfig } from '../../../libs/mail/src/mail.config';
import { OrdersConfig } from '../../../libs/orders/src/orders.config';
import { RegistrySimConfig } from '../../../libs/registry-sim/src/config/registry-sim.config';
import { WhoisMailConfig } from '../../../libs/whois-mail/src/whois-mail.config';
import { ForwardMailConfig } from '../../../libs/whois-mail/src/forwarding/forward-mail.config';

const ROOT = path.resolve(__dirname, '../../..');

/** The config classes each service's process loads (its module's providers, the EPP client, the mail outbox). */
const SERVICES: Record<string, object[]> = {
  gateway: [GatewayConfig, IdentityConfig, ApiConfig, PublicToolsConfig, MailConfig],
  catalog: [CatalogConfig],
  availability: [AvailabilityConfig, EppClientConfig],
  orders: [OrdersConfig],
  'domain-ops': [DomainOpsConfig, EppClientConfig, MailConfig],
  dns: [DnsConfig, EppClientConfig, ForwardingConfig],
  forwarder: [ForwarderConfig],
  'whois-mail': [WhoisMailConfig, MailConfig, ForwardMailConfig],
  'registry-sim': [RegistrySimConfig],
  admin: [AdminConfig],
};
const EPP_CLIENTS = ['availability', 'domain-ops', 'dns'];
const required = (service: string) => [...new Set(SERVICES[service].flatMap((c) => deployedVariables(c)))].sort();

function composeEnv(): Record<string, Record<string, unknown>> {
  const doc = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
  return Object.fromEntries(Object.entries(doc.services as Record<string, { environment?: Record<string, unknown> }>).map(([k, v]) => [k, v.environment ?? {}]));
}

type K8sDoc = { kind: string; metadata: { name: string }; data?: Record<string, string>; stringData?: Record<string, string>; spec?: any };
function k8sDocs(): K8sDoc[] {
  const dir = path.join(ROOT, 'k8s');
  const files = (parse(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')).resources as string[]);
  return files.flatMap((f) => parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8')).map((d) => d.toJS() as K8sDoc)).filter(Boolean);
}

/** A Deployment's container environment: its env entries plus every key of the ConfigMaps and Secrets it takes whole. */
function k8sEnv(docs: K8sDoc[], name: string): { env: Record<string, string>; pod: any; container: any } {
  const dep = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === name);
  if (!dep) throw new Error(`k8s has no Deployment ${name}`);
  const pod = dep.spec.template.spec;
  const container = pod.containers[0];
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef?.name ?? from.secretRef?.name;
    const src = docs.find((d) => (d.kind === 'ConfigMap' || d.kind === 'Secret') && d.metadata.name === ref);
    if (!src) throw new Error(`${name} takes ${ref}, which k8s does not define`);
    Object.assign(env, src.data ?? {}, src.stringData ?? {});
  }
  for (const e of container.env ?? []) env[e.name] = e.value ?? '(from a reference)';
  return { env, pod, container };
}

describe('deployment descriptions', () => {
  it('derives the variables from the code: the shared ones are among them', () => {
    expect(deployedVariables(BaseConfig)).toEqual(['DATABASE_URL', 'NODE_ENV', 'REDIS_URL']);
    expect(required('gateway')).toEqual(expect.arrayContaining(['SESSION_SECRET', 'SMTP_URL', 'APP_URL']));
  });

  it.each(Object.keys(SERVICES))('docker-compose.yml gives %s every variable its config requires', (service) => {
    const env = composeEnv()[service];
    expect(env).toBeDefined();
    expect(required(service).filter((k) => env[k] === undefined || env[k] === '')).toEqual([]);
    expect(env.APP).toBe(service);
  });

  it.each(Object.keys(SERVICES))('k8s gives %s every variable its config requires', (service) => {
    const { env } = k8sEnv(k8sDocs(), service);
    expect(required(service).filter((k) => env[k] === undefined || env[k] === '')).toEqual([]);
    expect(env.APP).toBe(service);
  });

  it('mounts the registry certificate in k8s where EPP_TLS_CA_FILE points, for every EPP client', () => {
    const docs = k8sDocs();
    for (const service of EPP_CLIENTS) {
      const { env, pod, container } = k8sEnv(docs, service);
      const file = env.EPP_TLS_CA_FILE;
      expect(file).toBeTruthy();
      const mount = (container.volumeMounts ?? []).find((m: { mountPath: string }) => file.startsWith(`${m.mountPath}/`));
      expect({ service, mounted: !!mount }).toEqual({ service, mounted: true });
      const volume = pod.volumes.find((v: { name: string }) => v.name === mount.name);
      expect(volume.secret?.secretName).toBeTruthy();
    }
  });

  it('runs the demo parts as their own compose services, the gateway’s mail going to the catcher', () => {
    const env = composeEnv();
    expect(env['mail-catcher'].APP).toBe('mail-catcher');
    expect(env['stripe-local'].APP).toBe('stripe-local');
    expect(String(env.gateway.SMTP_URL)).toContain('mail-catcher:1025');
    expect(String(env.orders.STRIPE_API_HOST)).toContain('stripe-local');
    expect(String(env.orders.PAYPAL_API_BASE)).toContain('stripe-local:12112');
    for (const app of ['mail-catcher', 'stripe-local']) expect(fs.existsSync(path.join(ROOT, 'apps', app, 'src/main.ts'))).toBe(true);
  });

  it('ships no usable session secret: compose requires one, k8s has a placeholder the gateway refuses', () => {
    const raw = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    expect(raw).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?/);
    const { env } = k8sEnv(k8sDocs(), 'gateway');
    expect(env.SESSION_SECRET).toMatch(/CHANGE_ME/);
  });
});
