/** The member's server-side cart (orders service) as the search page uses it: which names are in it, add, remove. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OrdersHttpPaths, type CartAddResult, type CartResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { api } from '../../lib/api';

export const cartQueries = {
  all: ['cart'] as const,
  current: () =>
    queryOptions({
      queryKey: [...cartQueries.all, 'current'] as const,
      queryFn: ({ signal }) => api<CartResult>(OrdersHttpPaths.cart, { signal }).then((r) => r.domains ?? []),
      staleTime: 10_000,
    }),
};

export interface MemberCart {
  /** punycode names in the cart */
  inCart: Set<string>;
  /** punycode names being added */
  adding: Set<string>;
  messages: string[];
  add(punycodes: string[]): void;
  remove(punycode: string): void;
}

export function useMemberCart(enabled: boolean): MemberCart {
  const queryClient = useQueryClient();
  const cart = useQuery({ ...cartQueries.current(), enabled });
  const add = useMutation({
    mutationFn: (domainNames: string[]) => api<CartAddResult>(OrdersHttpPaths.cartAdd, { body: { domainNames } }),
    onSuccess: (r) => queryClient.setQueryData(cartQueries.current().queryKey, r.domains),
  });
  const remove = useMutation({
    mutationFn: (domainNames: string[]) => api<CartResult>(OrdersHttpPaths.cartRemove, { body: { domainNames } }),
    onSuccess: (r) => queryClient.setQueryData(cartQueries.current().queryKey, r.domains),
  });
  const messages = add.isError ? [M.cartAddFailed] : (add.data?.errors ?? []);
  return {
    inCart: new Set((cart.data ?? []).map((d) => d.punycode)),
    adding: new Set(add.isPending ? (add.variables ?? []) : []),
    messages,
    add: (names) => add.mutate(names),
    remove: (name) => remove.mutate([name]),
  };
}
