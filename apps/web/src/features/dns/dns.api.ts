import { queryOptions } from '@tanstack/react-query';
import { DnsPaths, type DnsDispatchRequest, type DnsDispatchResult, type DnsGetDataResult } from '@registrar/contracts';
import { api } from '../../lib/api';

export const dnsQueries = {
  getData: (id: number) => queryOptions({
    queryKey: ['dns', 'getdata', id],
    queryFn: ({ signal }) => api<DnsGetDataResult>(DnsPaths.getData, { query: { id }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  }),
};

/** Saves a domain's full record list; long operations allow up to an hour (001 §7). */
export const dispatchDns = (body: DnsDispatchRequest) => api<DnsDispatchResult>(DnsPaths.dispatch, { body, timeoutMs: 3_600_000 });
