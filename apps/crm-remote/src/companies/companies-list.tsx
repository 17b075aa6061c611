import { useCompanies } from '@tessera/data-access/hooks';
import { Button, DataTable, EmptyState, SearchInput } from '@tessera/ui';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { useOwnerName } from '../shared/use-owner-name';
import { CompanyFormDialog } from './company-form-dialog';
import { CrmQueryView } from '../shared/crm-query-view';

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space(4)};
  input { min-width: 260px; }
`;

const label = (value: string | null) =>
  value ? value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()) : '—';

/** The companies list (docs/product/companies.md#companies-list): search by name or domain; each row opens its company. */
export function CompaniesList({ basePath }: { basePath: string }) {
  const companies = useCompanies();
  const canWrite = useCrmCanWrite();
  const ownerName = useOwnerName();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (companies.data ?? []).filter(
      (company) =>
        !text || company.name.toLowerCase().includes(text) || (company.domain ?? '').includes(text),
    );
  }, [companies.data, search]);
  return (
    <section aria-label="Companies">
      <Tools>
        <SearchInput
          aria-label="Search companies"
          placeholder="Search companies..."
          value={search}
          onValueChange={setSearch}
        />
        {canWrite ? <Button onClick={() => setAdding(true)}>New Company</Button> : null}
      </Tools>
      <CrmQueryView
        query={companies}
        loading="companies"
        shown={rows}
        empty={<EmptyState title={search.trim() ? 'No companies match your search' : 'No companies yet'} />}
      >
        {() => (
          <DataTable label="Companies" columns={['Company', 'Domain', 'Industry', 'Size', 'Phone', 'Owner']}>
            {rows.map((company) => (
              <tr key={company.id}>
                <td>
                  <Link to={`${basePath}/companies/${company.id}`}>{company.name}</Link>
                </td>
                <td>{company.domain ?? '—'}</td>
                <td>{label(company.industry)}</td>
                <td>{company.size ?? '—'}</td>
                <td>{company.phone ?? '—'}</td>
                <td>{ownerName(company.owner_id)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </CrmQueryView>
      <CompanyFormDialog
        open={adding}
        onOpenChange={setAdding}
        onSaved={(company) => navigate(`${basePath}/companies/${company.id}`)}
      />
    </section>
  );
}
