import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One invoice per plan change: what was charged, for which plan, on which card. */
@Entity('invoices')
export class InvoiceEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'institution_id' })
  institutionId: string;

  @Column({ type: 'text', insert: false })
  number: string;

  @Column('text', { name: 'from_plan_id', nullable: true })
  fromPlanId: string | null;

  @Column('text', { name: 'to_plan_id' })
  toPlanId: string;

  @Column('integer', { name: 'amount_cents' })
  amountCents: number;

  @Column('text')
  currency: string;

  @Column('text', { name: 'card_brand' })
  cardBrand: string;

  @Column('text', { name: 'card_last4' })
  cardLast4: string;

  @Column('text', { name: 'charge_id' })
  chargeId: string;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** The card on file: brand, last four digits and expiry only — never the number. */
@Entity('payment_methods')
export class PaymentMethodEntity {
  @PrimaryColumn('uuid', { name: 'institution_id' })
  institutionId: string;

  @Column('text')
  brand: string;

  @Column('text')
  last4: string;

  @Column('integer', { name: 'exp_month' })
  expMonth: number;

  @Column('integer', { name: 'exp_year' })
  expYear: number;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}
