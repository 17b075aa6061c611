import { DEAL_STAGE_LABELS, type Deal, formatUsd } from '@tessera/data-access/contracts';
import { useCompanyName } from '../shared/use-company-name';
import { useOwnerName } from '../shared/use-owner-name';
import { useDeal, useDeleteDeal } from '@tessera/data-access/hooks';
import { Button, Dialog, EmptyState, Spinner, Tabs, toast, Actions, AutoColumns } from '@tessera/ui';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { DealActivitiesTab } from './deal-activities-tab';
import { DealContactTab } from './deal-contact-tab';
import { dateTime, Facts, Muted, Section, SectionHead } from './deal-detail-parts';
import { DealFilesTab } from './deal-files-tab';
import { DealLineItemsTab } from './deal-line-items-tab';
import { DealQuotesTab } from './deal-quotes-tab';
import { DealFormDialog } from './deal-form-dialog';
import { DealForecastCategory } from './deal-forecast-category';
import { DealMoreMenu } from './deal-more-menu';
import { LinkAccountDialog } from './link-account-dialog';
import { Link } from 'react-router-dom';
import { CRM_BASE_PATH } from '../shared/lead-format';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { FigureTiles } from '../shared/stat-tile';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xxl}; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; max-width: 70ch; }
`;

const HeaderActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const Tiles = styled(FigureTiles)`
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  margin: 0 0 ${({ theme }) => theme.space(5)};
  dd { font-size: ${({ theme }) => theme.font.size.xl}; }
`;

function formatCloseDate(value: string | null): string {
  if (!value) return 'Not set';
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function OverviewTab({ deal }: { deal: Deal }) {
  const ownerName = useOwnerName();
  const companyName = useCompanyName();
  const canWrite = useCrmCanWrite();
  const [linking, setLinking] = useState(false);
  return (
    <AutoColumns>
      <Section aria-labelledby="deal-information">
        <h3 id="deal-information">Deal Information</h3>
        <Facts>
          <dt>Owner</dt>
          <dd>{ownerName(deal.owner_id)}</dd>
          <dt>Lead Source</dt>
          <dd>{deal.lead_source ? deal.lead_source.replaceAll('_', ' ') : 'Unknown'}</dd>
          <dt>Created</dt>
          <dd>{dateTime(deal.created_at)}</dd>
          <dt>Last Updated</dt>
          <dd>{dateTime(deal.updated_at)}</dd>
        </Facts>
      </Section>
      <Section aria-labelledby="account-information">
        <SectionHead>
          <h3 id="account-information">Account Information</h3>
        </SectionHead>
        {deal.account_id ? (
          <Facts>
            <dt>Account</dt>
            <dd>
              <Link to={`${CRM_BASE_PATH}/companies/${deal.account_id}`}>{companyName(deal.account_id)}</Link>
            </dd>
          </Facts>
        ) : (
          <>
            <Muted>No account linked to this deal.</Muted>
            {canWrite ? <Button onClick={() => setLinking(true)}>Link Account</Button> : null}
          </>
        )}
      </Section>
      <LinkAccountDialog open={linking} onOpenChange={setLinking} deal={deal} />
    </AutoColumns>
  );
}

export interface DealDetailProps {
  dealId: string;
  /** Go Back and after a delete. */
  onBack: () => void;
}

/** Deal detail (docs/product/deals.md#deal-detail). */
export function DealDetail({ dealId, onBack }: DealDetailProps) {
  const canWrite = useCrmCanWrite();
  const query = useDeal(dealId);
  const remove = useDeleteDeal();
  const [tab, setTab] = useState('overview');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const closeConfirm = useCallback(() => setConfirmDelete(false), []);

  useEffect(() => {
    if (query.isError) toast({ title: 'Failed to load deal details', variant: 'destructive' });
  }, [query.isError]);

  if (query.isPending) return <Spinner label="Loading deal" block />;
  const goBack = (
    <Button variant="secondary" onClick={onBack}>
      Go Back
    </Button>
  );
  if (query.isError) return <EmptyState title="Failed to load deal details" action={goBack} />;
  const deal = query.data;
  if (!deal) return <EmptyState title="Deal not found" action={goBack} />;

  async function deleteDeal() {
    try {
      await remove.mutateAsync(dealId);
      toast({ title: 'Deal deleted' });
      setConfirmDelete(false);
      onBack();
    } catch {
      toast({ title: 'Failed to delete deal', variant: 'destructive' });
    }
  }

  const name = deal.name?.trim() || 'Untitled Deal';
  return (
    <article aria-labelledby="deal-detail-title">
      <Header>
        <div>
          <Button variant="ghost" size="sm" onClick={onBack}>
            ← Back
          </Button>
          <h2 id="deal-detail-title">{name}</h2>
          {deal.description ? <p>{deal.description}</p> : null}
        </div>
        {canWrite ? (
          <HeaderActions>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <DealMoreMenu
              label="More deal actions"
              items={[{ label: 'Delete deal', danger: true, onSelect: () => setConfirmDelete(true) }]}
            />
          </HeaderActions>
        ) : null}
      </Header>
      <Tiles>
        <div>
          <dt>Deal Value</dt>
          <dd>{formatUsd(Number(deal.amount) || 0)}</dd>
        </div>
        <div>
          <dt>Probability</dt>
          <dd>
            {deal.probability === null || deal.probability === undefined ? '—' : `${deal.probability}%`}
          </dd>
        </div>
        <div>
          <dt>Stage</dt>
          <dd>{DEAL_STAGE_LABELS[deal.stage ?? 'prospecting']}</dd>
        </div>
        <div>
          <dt>Expected Close</dt>
          <dd>{formatCloseDate(deal.expected_close_date)}</dd>
        </div>
        <div>
          <dt>Forecast Category</dt>
          <dd>
            <DealForecastCategory deal={deal} />
          </dd>
        </div>
      </Tiles>
      <Tabs
        label="Deal sections"
        value={tab}
        onValueChange={setTab}
        items={[
          { id: 'overview', label: 'Overview', content: <OverviewTab deal={deal} /> },
          { id: 'activities', label: 'Activities', content: <DealActivitiesTab deal={deal} /> },
          { id: 'contact', label: 'Contact', content: <DealContactTab deal={deal} /> },
          { id: 'files', label: 'Files', content: <DealFilesTab dealId={deal.id} /> },
          { id: 'products', label: 'Products', content: <DealLineItemsTab deal={deal} /> },
          { id: 'quotes', label: 'Quotes', content: <DealQuotesTab deal={deal} /> },
        ]}
      />
      <DealFormDialog open={editing} onOpenChange={setEditing} deal={deal} />
      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this deal?"
        description={`${name} and its files will be deleted. This cannot be undone.`}
      >
        <Actions>
          <Button variant="secondary" onClick={closeConfirm}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void deleteDeal()} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete Deal'}
          </Button>
        </Actions>
      </Dialog>
    </article>
  );
}
