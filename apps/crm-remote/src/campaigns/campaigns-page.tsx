import { PermissionGate } from '@tessera/auth';
import { useCampaigns } from '@tessera/data-access/hooks';
import { Badge, EmptyState, PageHeader, QueryView, DataTable } from '@tessera/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CAMPAIGN_STATUS_LABEL, CAMPAIGN_STATUS_TONE } from './campaign-format';

/** The CRM read gate and the page frame of the campaign screens. */
export function CampaignsFrame({
  basePath,
  title,
  crumbs = [],
  actions,
  children,
}: {
  basePath: string;
  title: string;
  crumbs?: Array<{ label: string; to?: string }>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PermissionGate
      moduleId="crm"
      permission={{ resource: 'crm', action: 'read', module: 'crm' }}
      fallback={
        <EmptyState title="No access to the CRM" description="Ask an administrator for read access to CRM." />
      }
    >
      <PageHeader
        title={title}
        actions={actions}
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'CRM', to: basePath },
          ...crumbs,
          { label: title },
        ]}
      />
      {children}
    </PermissionGate>
  );
}

const date = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

/** /modules/crm/campaigns: the campaigns and where their delivery is; each opens its delivery. */
export function CampaignsPage({ basePath }: { basePath: string }) {
  const campaigns = useCampaigns();
  return (
    <CampaignsFrame basePath={basePath} title="Email Campaigns">
      <QueryView
        query={campaigns}
        loadingLabel="Loading campaigns"
        errorTitle="Failed to load campaigns"
        retryLabel={null}
        empty={<EmptyState title="No campaigns yet" />}
      >
        {() => (
          <DataTable caption="Campaigns" columns={['Name', 'Subject', 'Status', 'Recipients', 'Sent']}>
            {(campaigns.data ?? []).map((campaign) => (
              <tr key={campaign.id}>
                <td>
                  <Link to={`${basePath}/campaigns/${campaign.id}`}>{campaign.name}</Link>
                </td>
                <td>{campaign.subject}</td>
                <td>
                  <Badge $tone={CAMPAIGN_STATUS_TONE[campaign.status]}>
                    {CAMPAIGN_STATUS_LABEL[campaign.status]}
                  </Badge>
                </td>
                <td>{campaign.recipients_count}</td>
                <td>{date(campaign.sent_at)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </CampaignsFrame>
  );
}
