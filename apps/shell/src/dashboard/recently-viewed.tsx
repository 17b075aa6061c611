import type { RecentlyViewedRecord } from '@tessera/data-access/contracts';
import { type ModuleCatalogue, useModuleCatalogue, useRecentlyViewed } from '@tessera/data-access/hooks';
import { Card, Spinner, TextLink } from '@tessera/ui';
import { Failure, HomeList, Quiet } from './due-today';

/** CRM companies are pages of the CRM without a catalogue submodule of their own. */
const PAGE_NAMES: Record<string, string> = { 'crm/companies': 'Companies' };

/** Where a viewed record lives: `Healthcare · Patients`, `CRM · Deals`. */
function whereItLives(record: RecentlyViewedRecord, { findModule, findSubmodule }: ModuleCatalogue): string {
  const page =
    findSubmodule(record.moduleId, record.submoduleId)?.name ??
    PAGE_NAMES[`${record.moduleId}/${record.submoduleId}`];
  return [findModule(record.moduleId)?.name ?? record.moduleId, page].filter(Boolean).join(' · ');
}

/** The records the user opened lately in this institution (industry records, CRM deals and companies), newest first. */
export function RecentlyViewed() {
  const viewed = useRecentlyViewed();
  const catalogue = useModuleCatalogue();
  let body: React.ReactNode;
  if (viewed.isPending) body = <Spinner label="Loading recently viewed records" />;
  else if (viewed.isError)
    body = <Failure role="alert">Could not load recently viewed records: {viewed.error.message}</Failure>;
  else if (viewed.data.length === 0) body = <Quiet>Records you open appear here.</Quiet>;
  else
    body = (
      <HomeList aria-label="Recently viewed records">
        {viewed.data.map((record) => (
          <li key={record.recordId}>
            <TextLink to={record.path}>{record.title}</TextLink>
            <small>{whereItLives(record, catalogue)}</small>
          </li>
        ))}
      </HomeList>
    );
  return (
    <section aria-labelledby="home-recently-viewed">
      <h3 id="home-recently-viewed">Recently viewed</h3>
      <Card>{body}</Card>
    </section>
  );
}
