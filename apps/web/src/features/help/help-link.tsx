import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { articlePath } from './help.api';

/** Which article explains what: the operation modals, error messages and pages link here (docs/help-centre.md). */
export const HELP_ARTICLES = {
  renewal: 'renewal',
  gracePeriod: 'grace-restore',
  autoRenew: 'auto-renew',
  nameServers: 'nameservers',
  dns: 'dns-records',
  dnssec: 'dnssec',
  whois: 'whois-proxy',
  whoisContacts: 'whois-contacts',
  move: 'local-transfer',
  lock: 'authcode-lock',
  authcode: 'authcode-lock',
  trash: 'trash',
  memo: 'mypage-overview',
  transferIn: 'transfer-in',
  transferOut: 'transfer-out',
  purchase: 'purchase-flow',
  payment: 'payment-methods',
  creditCard: 'credit-card',
  points: 'points',
  receipts: 'receipts',
  userInfo: 'user-info',
  twoFactor: 'two-factor',
  api: 'public-api',
  defaults: 'default-settings',
  cojp: 'cojp-activation',
  account: 'account-create',
} as const;
export type HelpTopic = keyof typeof HELP_ARTICLES;

/** The domain list's operations (ids of 001 §2) and the article of each. */
export const OPERATION_HELP: Record<number, HelpTopic> = { 1: 'renewal', 2: 'nameServers', 3: 'whois', 4: 'autoRenew', 5: 'move', 6: 'lock', 7: 'authcode', 9: 'dns', 10: 'trash', 11: 'memo', 12: 'dnssec' };

/** A small 「？ ヘルプ」 link to the article that explains a screen or an error; opens in a new tab so nothing typed is lost. */
export function HelpLink({ topic, label = 'ヘルプ', size = 'xs' }: { topic: HelpTopic; label?: string; size?: 'xs' | 'sm' }) {
  return (
    <Anchor href={articlePath(HELP_ARTICLES[topic])} target="_blank" rel="noopener" size={size} data-testid="help-link" data-help-topic={topic} style={{ whiteSpace: 'nowrap' }}>
      <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
        <Text component="span" size={size} fw={700} aria-hidden>？</Text>
        {label}
        <VisuallyHidden>（新しいタブで開きます）</VisuallyHidden>
      </Group>
    </Anchor>
  );
}

/** A modal's title with the help link beside it. */
export function HelpTitle({ title, topic }: { title: string; topic: HelpTopic }) {
  return (
    <Group gap="sm" wrap="wrap" component="span">
      <span>{title}</span>
      <HelpLink topic={topic} />
    </Group>
  );
}
