import { useSmartLeads } from '@tessera/data-access/hooks';
import type { ScoreBand } from '@tessera/data-access/contracts';
import { Button, PageHeader, Tabs, toast } from '@tessera/ui';
import { useDeferredValue, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CrmFilters } from '../shared/crm-tab-props';
import { WorkflowsPanel } from '../automation/workflows-panel';
import { LeadAnalyticsTab } from './lead-analytics-tab';
import { captureLeadPath, percent1 } from '../shared/lead-format';
import { ScoringRulesTab } from './scoring-rules-tab';
import { SmartLeadsList } from './smart-leads-list';
import { ALL_LEADS, filterParams, SMART_LEADS_LIST_LIMIT } from './smart-leads-params';
import { StatTile, TileGrid } from '../shared/stat-tile';

export const LEADS_TABS = ['smart-leads', 'scoring', 'automation', 'analytics'] as const;
type LeadsTab = (typeof LEADS_TABS)[number];
/** Kept apart from the CRM page's own `tab` parameter. */
const TAB_PARAM = 'leadsTab';

export interface SmartLeadsPageProps {
  /** The Enhanced CRM page's filters (segment, source, stage); the list and counts narrow by them. */
  filters?: CrmFilters;
}

/** Advanced Lead Management (docs/product/leads.md#smart-leads) over stored leads, rules, workflows and segments. */
export function SmartLeadsPage({ filters }: SmartLeadsPageProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get(TAB_PARAM);
  const tab: LeadsTab = LEADS_TABS.includes(tabParam as LeadsTab) ? (tabParam as LeadsTab) : 'smart-leads';
  const [search, setSearch] = useState('');
  const [band, setBand] = useState<ScoreBand | typeof ALL_LEADS>(ALL_LEADS);
  const deferredSearch = useDeferredValue(search);
  const summary = useSmartLeads({
    ...filterParams(filters),
    q: deferredSearch.trim() || undefined,
    band: band === ALL_LEADS ? undefined : band,
    limit: SMART_LEADS_LIST_LIMIT,
  });

  useEffect(() => {
    if (summary.isError)
      toast({ title: 'Error', description: 'Failed to load leads', variant: 'destructive' });
  }, [summary.isError]);

  const setTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(TAB_PARAM, next);
        return updated;
      },
      { replace: true },
    );

  const data = summary.data;
  return (
    <>
      <PageHeader
        title="Advanced Lead Management"
        description="Score, segment and automate your leads"
        actions={
          <div style={{ display: 'flex', gap: 8 }}>
            <Button variant="secondary" onClick={() => setTab('scoring')}>
              Settings
            </Button>
            <Button onClick={() => navigate(captureLeadPath)}>New Lead</Button>
          </div>
        }
      />
      <TileGrid>
        <StatTile label="Total Leads" value={data?.total_leads ?? '–'} />
        <StatTile label="High Score Leads" value={data?.high_score_leads ?? '–'} hint="Score 80 or more" />
        <StatTile label="Active Workflows" value={data?.active_workflows ?? '–'} />
        <StatTile
          label="Conversion Rate"
          value={data ? percent1(data.conversion_rate) : '–'}
          hint={data ? `${data.won_leads} won of ${data.total_leads} leads` : undefined}
        />
      </TileGrid>
      <Tabs
        label="Lead management"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            id: 'smart-leads',
            label: 'Smart Leads',
            content: (
              <SmartLeadsList
                summary={data}
                isLoading={summary.isLoading}
                search={search}
                onSearchChange={setSearch}
                band={band}
                onBandChange={setBand}
              />
            ),
          },
          { id: 'scoring', label: 'Lead Scoring', content: <ScoringRulesTab /> },
          { id: 'automation', label: 'Automation', content: <WorkflowsPanel /> },
          { id: 'analytics', label: 'Analytics', content: <LeadAnalyticsTab summary={data} /> },
        ]}
      />
    </>
  );
}
