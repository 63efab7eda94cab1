import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

const num = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** One admin action (a state-changing call under /admin), written by AdminAuditInterceptor. */
@Entity({ name: 'admin_audit_log' })
export class AdminAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'admin_id', type: 'bigint', transformer: num })
  adminId!: number;

  @Column({ name: 'admin_role', type: 'smallint' })
  adminRole!: number;

  /** what was done: the handler's audit name, else "METHOD /route/:pattern" */
  @Column({ type: 'text' })
  action!: string;

  @Column({ type: 'text' })
  method!: string;

  /** the concrete path called */
  @Column({ type: 'text' })
  path!: string;

  /** what it was done to (a user id, a domain, a TLD …) when the handler names it */
  @Column({ type: 'text', nullable: true })
  target!: string | null;

  /** route params, query and body, secrets masked */
  @Column({ type: 'jsonb' })
  request!: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  before!: unknown;

  @Column({ type: 'jsonb', nullable: true })
  after!: unknown;

  /** the HTTP status answered */
  @Column({ type: 'integer' })
  status!: number;

  @Column({ type: 'text', nullable: true })
  ip!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
