import { useAuth } from '@tessera/auth';
import { useDeals, usePipelinePreferences, useSavePipelinePreferences } from '@tessera/data-access/hooks';
import type { DealStage, PipelineCardOrder } from '@tessera/data-access/contracts';
import { Button, toast } from '@tessera/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { DealFormDialog } from '../deals/deal-form-dialog';
import type { CrmFilters } from '../shared/crm-tab-props';
import { dealMatchesFilters } from '../shared/crm-filter-match';
import { ConfigureColumnsDialog } from './configure-columns-dialog';
import { PipelineBoard } from './pipeline-board';
import { PipelineFilterBar } from './pipeline-filter-bar';
import { ownerOptions, visibleDeals } from './pipeline-logic';
import { CrmQueryView } from '../shared/crm-query-view';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Toolbar = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: wrap;
`;

const NO_FILTERS: CrmFilters = { segment: null, source: null, stage: null };
const NO_ORDER: PipelineCardOrder = {};

export interface DealsPipelineProps {
  /** The Enhanced CRM page's filter panel; the pipeline narrows its cards by it too. */
  filters?: CrmFilters;
  onSelectDeal: (dealId: string) => void;
}

/** Deals Pipeline (docs/product/pipeline.md#deals-pipeline) with drag and drop between stages (docs/product/pipeline.md#drag-and-drop). */
export function DealsPipeline({ filters = NO_FILTERS, onSelectDeal }: DealsPipelineProps) {
  const canWrite = useCrmCanWrite();
  const { user } = useAuth();
  const deals = useDeals();
  const preferences = usePipelinePreferences();
  const savePreferences = useSavePipelinePreferences();

  const [search, setSearch] = useState('');
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [configureOpen, setConfigureOpen] = useState(false);
  const [newDealOpen, setNewDealOpen] = useState(false);

  useEffect(() => {
    if (deals.isError) toast({ title: 'Failed to load deals pipeline', variant: 'destructive' });
  }, [deals.isError]);

  const allDeals = useMemo(() => deals.data ?? [], [deals.data]);
  const shownDeals = useMemo(
    () => visibleDeals(allDeals, search, ownerId, (deal) => dealMatchesFilters(deal, filters)),
    [allDeals, search, ownerId, filters],
  );
  const owners = useMemo(() => ownerOptions(allDeals, user?.id), [allDeals, user?.id]);
  const hidden = preferences.data?.hidden_stages ?? [];
  const cardOrder = preferences.data?.card_order ?? NO_ORDER;
  const { mutate: savePreferencesNow } = savePreferences;
  const saveCardOrder = useCallback(
    (stage: DealStage, ids: string[]) =>
      savePreferencesNow(
        { card_order: { [stage]: ids } },
        { onError: () => toast({ title: 'Failed to save the card order', variant: 'destructive' }) },
      ),
    [savePreferencesNow],
  );
  const filtered = search.trim() !== '' || ownerId !== null;

  return (
    <section aria-labelledby="deals-pipeline-heading">
      <Head>
        <div>
          <h2 id="deals-pipeline-heading">Deals Pipeline</h2>
          <p>Manage and track your sales opportunities</p>
        </div>
        <Toolbar>
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls="pipeline-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters{filtered ? ' •' : ''}
          </Button>
          <Button variant="secondary" onClick={() => setConfigureOpen(true)}>
            Configure
          </Button>
          {canWrite ? <Button onClick={() => setNewDealOpen(true)}>New Deal</Button> : null}
        </Toolbar>
      </Head>

      {filtersOpen ? (
        <PipelineFilterBar
          id="pipeline-filters"
          search={search}
          onSearchChange={setSearch}
          ownerId={ownerId}
          owners={owners}
          onOwnerChange={setOwnerId}
        />
      ) : null}

      <CrmQueryView query={deals} loading="deals pipeline">
        {() => (
          <PipelineBoard
            allDeals={allDeals}
            shownDeals={shownDeals}
            hiddenStages={hidden}
            cardOrder={cardOrder}
            onCardOrderChange={saveCardOrder}
            onSelectDeal={onSelectDeal}
          />
        )}
      </CrmQueryView>

      <ConfigureColumnsDialog
        open={configureOpen}
        onOpenChange={setConfigureOpen}
        hiddenStages={hidden}
        saving={false}
        onChange={(hiddenStages) =>
          savePreferences.mutate(
            { hidden_stages: hiddenStages },
            { onError: () => toast({ title: 'Failed to save pipeline columns', variant: 'destructive' }) },
          )
        }
      />
      <DealFormDialog
        open={newDealOpen}
        onOpenChange={setNewDealOpen}
        onSaved={(deal) => onSelectDeal(deal.id)}
      />
    </section>
  );
}
