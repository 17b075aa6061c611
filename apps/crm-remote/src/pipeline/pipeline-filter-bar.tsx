import { Button, Label, Select, SearchInput } from '@tessera/ui';
import styled from 'styled-components';
import type { OwnerOption } from './pipeline-logic';

const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  > div { margin-bottom: 0; min-width: 220px; }
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

export interface PipelineFilterBarProps {
  /** The id the Filters button controls. */
  id: string;
  search: string;
  onSearchChange: (search: string) => void;
  ownerId: string | null;
  owners: OwnerOption[];
  onOwnerChange: (ownerId: string | null) => void;
}

/** docs/product/pipeline.md#search-and-owner-filter: search the deals by name or description and narrow them to one owner. */
export function PipelineFilterBar({
  id,
  search,
  onSearchChange,
  ownerId,
  owners,
  onOwnerChange,
}: PipelineFilterBarProps) {
  const filtered = search.trim() !== '' || ownerId !== null;
  return (
    <FilterBar id={id} role="search" aria-label="Pipeline filters">
      <Field>
        <Label htmlFor="pipeline-search">Search deals</Label>
        <SearchInput
          id="pipeline-search"
          placeholder="Name or description"
          value={search}
          onValueChange={onSearchChange}
        />
      </Field>
      <Select
        label="Owner"
        value={ownerId ?? 'all'}
        options={owners}
        onValueChange={(value) => onOwnerChange(value === 'all' ? null : value)}
      />
      {filtered ? (
        <Button
          variant="ghost"
          onClick={() => {
            onSearchChange('');
            onOwnerChange(null);
          }}
        >
          Clear
        </Button>
      ) : null}
    </FilterBar>
  );
}
