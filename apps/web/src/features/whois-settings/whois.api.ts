import { queryOptions } from '@tanstack/react-query';
import {
  WhoisPaths, type ApiSettingsResult, type ApiSettingsSaveRequest, type ApiSettingsSaveResult, type ContactDeleteResult, type DefaultSettingResult,
  type DefaultSettingSaveRequest, type DefaultSettingSaveResult, type WhoisCancelResult, type WhoisContactDto, type WhoisDispatchRequest,
  type WhoisDispatchResult, type WhoisOrgGetResult, type WhoisOrgUpdateRequest, type WhoisOrgUpdateResult,
} from '@registrar/contracts';
import { api } from '../../lib/api';

/** Long operations allow up to an hour (001 §7). */
const LONG = 3_600_000;

export const whoisQueries = {
  all: ['whois'] as const,
  contacts: () => queryOptions({ queryKey: ['whois', 'contacts'], queryFn: ({ signal }) => api<{ contacts: WhoisContactDto[] }>(WhoisPaths.contacts, { signal }), staleTime: 0 }),
  defaults: () => queryOptions({ queryKey: ['whois', 'defaults'], queryFn: ({ signal }) => api<DefaultSettingResult>(WhoisPaths.defaults, { signal }), staleTime: 0, gcTime: 0 }),
  api: () => queryOptions({ queryKey: ['whois', 'api'], queryFn: ({ signal }) => api<ApiSettingsResult>(WhoisPaths.api, { signal }), staleTime: 0, gcTime: 0 }),
  org: (domainName: string) => queryOptions({ queryKey: ['whois', 'org', domainName], queryFn: ({ signal }) => api<WhoisOrgGetResult>(WhoisPaths.orgGet, { query: { domainName }, signal }), staleTime: 0, gcTime: 0, retry: false }),
};

export const deleteContact = (contactId: number) => api<ContactDeleteResult>(WhoisPaths.deleteContact, { body: { contactId } });
export const dispatchWhois = (body: WhoisDispatchRequest) => api<WhoisDispatchResult>(WhoisPaths.dispatch, { body, timeoutMs: LONG });
export const cancelWhois = (domain: string) => api<WhoisCancelResult>(WhoisPaths.cancel, { body: { domain }, timeoutMs: LONG });
export const updateOrgWhois = (body: WhoisOrgUpdateRequest) => api<WhoisOrgUpdateResult>(WhoisPaths.orgUpdate, { body, timeoutMs: LONG });
export const whoisStatusCount = () => api<{ count: number }>(WhoisPaths.statusCheck);
export const saveDefaults = (body: DefaultSettingSaveRequest) => api<DefaultSettingSaveResult>(WhoisPaths.defaults, { body });
export const saveApiSettings = (body: ApiSettingsSaveRequest) => api<ApiSettingsSaveResult>(WhoisPaths.api, { body });
export const rotateApiKey = () => api<ApiSettingsSaveResult>(WhoisPaths.apiKey, { body: {} });
