import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('user_access_control')
export class UserAccessControlEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'sidebar_pinned', array: true })
  sidebarPinned: string[];

  @Column('text', { name: 'recent_modules', array: true })
  recentModules: string[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
