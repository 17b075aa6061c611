import type { ModuleCategory } from '@tessera/data-access/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('plans')
export class PlanEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text')
  name: string;

  @Column('text')
  description: string;

  @Column('integer', { name: 'price_cents' })
  priceCents: number;

  @Column('text', { array: true })
  categories: ModuleCategory[];

  @Column('boolean', { name: 'includes_premium' })
  includesPremium: boolean;

  @Column('integer', { name: 'sort_order' })
  sortOrder: number;
}
