import { safeAppPath as safeAppPathRule } from '@registrar/rules';

/**
 * Only app paths are followed (never another site): the one rule of libs/rules, after normalising. Apart from the
 * payments API: the payment routes' search validation (in the route tree, every first load) uses it.
 */
export function safeAppPath(p: unknown, fallback = '/mypage/domain'): string {
  return safeAppPathRule(p, fallback);
}
