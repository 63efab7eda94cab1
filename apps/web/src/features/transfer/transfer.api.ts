/** The transfer pages' calls (000 §7, issue 12). */
import type { TransferHoldDto, TransferInDto, TransferOutDto } from '@registrar/contracts';
import { api } from '../../lib/api';

export const transferQueries = {
  tlds: () => ({ queryKey: ['transfer', 'tlds'] as const, queryFn: () => api<string[]>('/mypage/transferin/tlds'), staleTime: 300_000 }),
  hold: (holdId: string) => ({ queryKey: ['transfer', 'hold', holdId] as const, queryFn: () => api<TransferHoldDto>('/mypage/transferin/hold', { query: { holdId } }), retry: false, staleTime: Infinity }),
  ins: () => ({ queryKey: ['transfer', 'ins'] as const, queryFn: () => api<TransferInDto[]>('/mypage/transferin/list'), retry: false }),
  outs: () => ({ queryKey: ['transfer', 'outs'] as const, queryFn: () => api<TransferOutDto[]>('/mypage/transferout/list'), retry: false }),
};

/** The result page reads the answer of the request from here (the URL is replaced in place). */
export const RESULT_KEY = 'transferin.result';
export interface StoredTransferResult {
  domains: Array<{ domain_name: string; error_msg: string | null }>;
  errors: string[];
}
