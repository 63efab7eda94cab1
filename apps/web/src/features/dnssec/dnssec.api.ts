import { queryOptions } from '@tanstack/react-query';
import { DnssecPaths, type DnssecStateDto } from '@registrar/contracts';
import { api } from '../../lib/api';

export const dnssecQueries = {
  state: (id: number) => queryOptions({
    queryKey: ['dnssec', id],
    queryFn: ({ signal }) => api<DnssecStateDto>(DnssecPaths.state, { query: { id }, signal }),
    staleTime: 0,
    retry: false,
  }),
};
