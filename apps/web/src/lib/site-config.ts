import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** A sibling service sharing the one account id (002 §2 services map: keyed by number, url, short_name, name_jp). */
export interface ServiceEntry { url: string; short_name: string; name_jp: string; description: string }
export interface Operator { legal_name: string; address: string; representative: string; phone: string; email: string; business_hours: string; sample: boolean }
export interface SiteConfig { services: Record<string, ServiceEntry>; operator: Operator; legal: { terms: string; privacy: string } }

/** GET site/config: the services map (only services that exist; none by default) and the operator (docs/legal.md). */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'] as const,
  queryFn: ({ signal }) => api<SiteConfig>('/site/config', { signal }),
  staleTime: 10 * 60_000,
  retry: 1,
});

const NONE: Record<string, ServiceEntry> = {};

/** The services map; empty while it loads or when the call fails, so nothing is ever linked that may not exist. */
export function useServices(): Record<string, ServiceEntry> {
  return useQuery(siteConfigQuery).data?.services ?? NONE;
}

export function serviceByName(services: Record<string, ServiceEntry>, shortName: string): ServiceEntry | null {
  return Object.values(services).find((s) => s.short_name === shortName) ?? null;
}
