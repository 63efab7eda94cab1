import { queryOptions } from '@tanstack/react-query';
import {
  ForwardingPaths, type ForwardingListResult, type ForwardingSaveResult, type MailForwardSaveRequest, type UrlForwardSaveRequest,
} from '@registrar/contracts';
import { api } from '../../lib/api';

export const forwardingQueries = {
  list: (id: number) => queryOptions({
    queryKey: ['forwarding', id],
    queryFn: ({ signal }) => api<ForwardingListResult>(ForwardingPaths.list, { query: { id }, signal }),
    staleTime: 0,
    retry: false,
    // a certificate being issued (発行中) is asked for again until it is issued or has failed
    refetchInterval: (q) => (q.state.data?.url.some((u) => u.certificate?.state === 'pending') ? 5_000 : false),
  }),
};

export const saveUrlForward = (body: UrlForwardSaveRequest) => api<ForwardingSaveResult>(ForwardingPaths.saveUrl, { body });
export const saveMailForward = (body: MailForwardSaveRequest) => api<ForwardingSaveResult>(ForwardingPaths.saveMail, { body });
export const removeForward = (body: { id: number; kind: 'url' | 'mail'; forwardId: number }) => api<ForwardingSaveResult>(ForwardingPaths.remove, { body });
