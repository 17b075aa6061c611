import type { ChangePlanResult } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * - pending: the key is claimed, the provider has not answered yet
 * - declined: the provider refused; nothing changed
 * - charged: money taken, the plan change not yet written (a crash here needs an operator)
 * - applied: plan changed, invoice written
 * - failed_needs_refund: the plan change failed after the charge and the refund failed too
 * - refunded: the plan change failed after the charge and the charge was refunded
 */
export type PaymentStatus =
  | 'pending'
  | 'declined'
  | 'charged'
  | 'applied'
  | 'failed_needs_refund'
  | 'refunded';

/** One plan-change checkout, keyed by the client's idempotency key: a double submit charges once. */
@Entity('payments')
export class PaymentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'institution_id' })
  institutionId: string;

  @Column('text', { name: 'idempotency_key' })
  idempotencyKey: string;

  @Column('text', { name: 'plan_id' })
  planId: string;

  @Column('integer', { name: 'amount_cents' })
  amountCents: number;

  @Column('text')
  currency: string;

  @Column('text')
  status: PaymentStatus;

  @Column('text', { name: 'charge_id', nullable: true })
  chargeId: string | null;

  @Column('uuid', { name: 'invoice_id', nullable: true })
  invoiceId: string | null;

  @Column('jsonb', { nullable: true })
  result: ChangePlanResult | null;

  @Column('text', { nullable: true })
  error: string | null;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
