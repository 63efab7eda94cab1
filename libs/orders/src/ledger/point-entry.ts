import { PointEntryDto, PointEntryKind } from '@registrar/contracts';

/** One row of orders.point_entries (append-only). */
export interface PointEntry {
  id: number;
  userId: number;
  delta: number;
  balanceAfter: number;
  kind: PointEntryKind;
  reference: string | null;
  idempotencyKey: string;
  createdAt: Date;
}

export interface NewPointEntry {
  userId: number;
  delta: number;
  balanceAfter: number;
  kind: PointEntryKind;
  reference: string | null;
  idempotencyKey: string;
}

export function toPointEntryDto(e: PointEntry, replayed = false): PointEntryDto {
  return {
    id: e.id,
    userId: e.userId,
    delta: e.delta,
    balanceAfter: e.balanceAfter,
    kind: e.kind,
    reference: e.reference,
    idempotencyKey: e.idempotencyKey,
    createdAt: e.createdAt.toISOString(),
    ...(replayed ? { replayed: true } : {}),
  };
}
