import { useCampaigns } from '@tessera/data-access/hooks';
import { Badge, EmptyState, QueryView, DataTable } from '@tessera/ui';
import { Link } from 'react-router-dom';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { CAMPAIGN_STATUS_LABEL, CAMPAIGN_STATUS_TONE } from './campaign-format';

const date = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

/** /modules/crm/campaigns: the campaigns and where their delivery is; each opens its delivery. */
export function CampaignsPage({ basePath }: { basePath: string }) {
  const campaigns = useCampaigns();
  return (
    <CrmPageFrame basePath={basePath} title="Email Campaigns">
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
    </CrmPageFrame>
  );
}
