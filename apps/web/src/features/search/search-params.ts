/** Typed search params of /search and /mypage/search: the query lives in the URL (reload and share keep it). */
export interface SearchParams {
  /** keyword tab */
  domain?: string;
  /** bulk tab, one domain a line */
  domain_list?: string;
  /** 1 keyword, 2 bulk */
  type?: 1 | 2;
  categoryId?: number;
  /** createDomain: back from card registration or a payment; the purchase step reopens from session storage */
  action?: 'createDomain';
  cardRegistration?: boolean;
  /** a payment session to run the purchase with (auto-execute) and its result */
  payment_session?: string;
  paymentResult?: 'success' | 'failed';
  autoExecute?: boolean;
  /** the order whose result step is shown (survives a reload) */
  orderId?: string;
  /** back after login, sign-up or the user information: the purchase step opens with the cart's domains */
  purchase?: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export function validateSearchParams(search: Record<string, unknown>): SearchParams {
  const out: SearchParams = {};
  const domain = str(search.domain);
  const list = str(search.domain_list);
  if (domain) out.domain = domain.slice(0, 1000);
  if (list) out.domain_list = list.slice(0, 200_000);
  const type = Number(search.type);
  if (type === 2 || (list && !domain)) out.type = 2;
  else if (type === 1 || domain) out.type = 1;
  const cat = Number(search.categoryId);
  if (Number.isSafeInteger(cat) && cat > 0) out.categoryId = cat;
  if (search.action === 'createDomain') out.action = 'createDomain';
  if (search.cardRegistration === true || search.cardRegistration === 'true') out.cardRegistration = true;
  const session = str(search.payment_session);
  if (session && /^[\w-]{1,100}$/.test(session)) out.payment_session = session;
  if (search.paymentResult === 'success' || search.paymentResult === 'failed') out.paymentResult = search.paymentResult;
  if (search.autoExecute === 1 || search.autoExecute === '1' || search.autoExecute === true) out.autoExecute = true;
  if (search.purchase === 1 || search.purchase === '1' || search.purchase === true) out.purchase = true;
  const orderId = str(search.orderId);
  if (orderId && /^[\w-]{1,100}$/.test(orderId)) out.orderId = orderId;
  return out;
}
