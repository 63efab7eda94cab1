/** The member's server-side cart (orders service) as the search page uses it: which names are in it, add, remove. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OrdersHttpPaths, type CartAddResult, type CartDomainDto, type CartResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { api } from '../../lib/api';

/** How many names one add-all request carries. */
export const CART_ADD_BATCH = 20;

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
  /** the cart's domains in order (empty while loading) */
  domains: CartDomainDto[];
  loading: boolean;
  loadError: boolean;
  reload(): void;
  /** punycode names in the cart */
  inCart: Set<string>;
  /** punycode names being added */
  adding: Set<string>;
  messages: string[];
  add(punycodes: string[]): void;
  remove(punycode: string): void;
  /** empties the cart (「カートを空にする」) */
  clear(): void;
  clearing: boolean;
}

export function useMemberCart(enabled: boolean): MemberCart {
  const queryClient = useQueryClient();
  const cart = useQuery({ ...cartQueries.current(), enabled });
  // add-all goes in batches: each answer updates the cart at once, and the errors of every batch are kept
  const add = useMutation({
    mutationFn: async (domainNames: string[]) => {
      const errors: string[] = [];
      let last: CartAddResult | null = null;
      for (let i = 0; i < domainNames.length; i += CART_ADD_BATCH) {
        last = await api<CartAddResult>(OrdersHttpPaths.cartAdd, { body: { domainNames: domainNames.slice(i, i + CART_ADD_BATCH) } });
        queryClient.setQueryData(cartQueries.current().queryKey, last.domains);
        errors.push(...(last.errors ?? []));
        if (last.errors?.some((m) => m.startsWith(M.cartFull.split('{')[0] ?? ''))) break; // the cart is full: later batches cannot fit
      }
      return { ...(last ?? { domains: [], added: [], skipped: [] }), errors } as CartAddResult;
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: cartQueries.all }),
  });
  const remove = useMutation({
    mutationFn: (domainNames: string[]) => api<CartResult>(OrdersHttpPaths.cartRemove, { body: { domainNames } }),
    onSuccess: (r) => queryClient.setQueryData(cartQueries.current().queryKey, r.domains),
  });
  const messages = add.isError ? [M.cartAddFailed] : (add.data?.errors ?? []);
  return {
    domains: cart.data ?? [],
    loading: cart.isPending && enabled,
    loadError: cart.isError,
    reload: () => void cart.refetch(),
    inCart: new Set((cart.data ?? []).map((d) => d.punycode)),
    adding: new Set(add.isPending ? (add.variables ?? []) : []),
    messages,
    add: (names) => add.mutate(names),
    remove: (name) => remove.mutate([name]),
    clear: () => remove.mutate((cart.data ?? []).map((d) => d.punycode)),
    clearing: remove.isPending && (remove.variables?.length ?? 0) > 1,
  };
}
