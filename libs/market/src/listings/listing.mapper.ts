import { MarketListingDto, MarketOfferDto, MarketPayoutDto, MarketTradeDto } from '@registrar/contracts';

type Row = Record<string, any>;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export function toListing(r: Row, o: { viewerId?: number | null; admin?: boolean } = {}): MarketListingDto {
  const mine = o.viewerId != null && Number(r.seller_id) === o.viewerId;
  return {
    id: Number(r.id), domain: r.domain, tld: r.tld, length: Number(r.length), price: Number(r.price), min_offer: r.min_offer == null ? null : Number(r.min_offer),
    description: r.description ?? '', ends_at: iso(r.ends_at)!, status: r.status, registered_at: iso(r.registered_at), expires_at: iso(r.expires_at), created_at: iso(r.created_at)!,
    ...(mine || o.admin ? { seller_id: Number(r.seller_id), hidden: !!r.hidden, hidden_reason: r.hidden_reason ?? null } : {}),
    ...(o.viewerId != null ? { is_mine: mine } : {}),
  };
}

export function toTrade(r: Row, steps: Row[] = [], role?: MarketTradeDto['role'], dispute: Row | null = null): MarketTradeDto {
  return {
    id: Number(r.id), listing_id: Number(r.listing_id), domain: r.domain, price: Number(r.price), commission: Number(r.commission), payout: Number(r.payout), status: r.status,
    ...(role ? { role } : {}),
    ...(role === 'admin' ? { buyer_id: Number(r.buyer_id), seller_id: Number(r.seller_id) } : {}),
    error: r.error ?? r.cancel_reason ?? null, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)!,
    steps: steps.map((s) => ({ step: s.step, status: s.status, message: s.message ?? null, at: iso(s.at)! })),
    pay_method: r.pay_method ?? null, pay_due_at: iso(r.pay_due_at), points_used: r.points_used == null ? null : Number(r.points_used), charge: r.charge == null ? null : Number(r.charge),
    release_at: iso(r.release_at), receipt_at: iso(r.receipt_at),
    dispute: dispute ? { id: Number(dispute.id), status: dispute.status, opener_role: dispute.opener_role, created_at: iso(dispute.created_at)! } : null,
  };
}

export function toOffer(r: Row): MarketOfferDto {
  return { id: Number(r.id), listing_id: Number(r.listing_id), domain: r.domain, amount: Number(r.amount), message: r.message ?? '', status: r.status, trade_id: r.trade_id == null ? null : Number(r.trade_id), created_at: iso(r.created_at)! };
}

export function toPayout(r: Row, admin = false): MarketPayoutDto {
  return {
    id: Number(r.id), ...(admin ? { user_id: Number(r.user_id) } : {}), amount: Number(r.amount), bank: r.bank, status: r.status, note: r.note ?? null,
    requested_at: iso(r.requested_at)!, ended_at: iso(r.ended_at),
  };
}

/** TypeORM answers UPDATE … RETURNING as [rows, count] on PostgreSQL (INSERT … RETURNING and SELECT as rows). */
export const updated = (raw: unknown): Row[] => (Array.isArray(raw) && Array.isArray(raw[0]) ? (raw[0] as Row[]) : (raw as Row[]));
