import type { CrmTabProps } from '../shared/crm-tab-props';
import { ContactsList } from './contacts-list';

/** The Contacts tab: the contacts list narrowed by the page's filters. */
export function ContactsTab({ filters }: CrmTabProps) {
  return <ContactsList filters={filters} />;
}
