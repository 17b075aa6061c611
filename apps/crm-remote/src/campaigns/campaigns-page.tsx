import { describeAudience } from '@tessera/data-access/contracts';
import { useCampaigns } from '@tessera/data-access/hooks';
import { Badge, Button, DataTable, EmptyState, QueryView } from '@tessera/ui';
import { Link, useNavigate } from 'react-router-dom';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { CAMPAIGN_STATUS_LABEL, CAMPAIGN_STATUS_TONE, campaignWhen } from './campaign-format';

/**
 * /modules/crm/campaigns: the campaigns with their status and figures (recipients, delivered,
 * opened, clicked, unsubscribed); each opens its page, New Campaign opens the editor.
 */
export function CampaignsPage({ basePath }: { basePath: string }) {
  const campaigns = useCampaigns();
  const canWrite = useCrmCanWrite();
  const navigate = useNavigate();
  return (
    <CrmPageFrame
      basePath={basePath}
      title="Email Campaigns"
      actions={
        <Button disabled={!canWrite} onClick={() => navigate(`${basePath}/campaigns/new`)}>
          New Campaign
        </Button>
      }
    >
      <QueryView
        query={campaigns}
        loadingLabel="Loading campaigns"
        errorTitle="Failed to load campaigns"
        retryLabel={null}
        empty={<EmptyState title="No campaigns yet" description="Write one with New Campaign." />}
      >
        {() => (
          <DataTable
            caption="Campaigns"
            columns={[
              'Name',
              'Status',
              'Audience',
              'Recipients',
              'Delivered',
              'Opened',
              'Clicked',
              'Unsubscribed',
              'When',
            ]}
          >
            {(campaigns.data ?? []).map((campaign) => (
              <tr key={campaign.id}>
                <td>
                  <Link to={`${basePath}/campaigns/${campaign.id}`}>{campaign.name}</Link>
                  <div>{campaign.subject}</div>
                </td>
                <td>
                  <Badge $tone={CAMPAIGN_STATUS_TONE[campaign.status]}>
                    {CAMPAIGN_STATUS_LABEL[campaign.status]}
                  </Badge>
                </td>
                <td>{describeAudience(campaign.audience ?? {})}</td>
                <td>{campaign.figures.recipients}</td>
                <td>{campaign.figures.delivered}</td>
                <td>{campaign.figures.opened}</td>
                <td>{campaign.figures.clicked}</td>
                <td>{campaign.figures.unsubscribed}</td>
                <td>{campaignWhen(campaign)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </CrmPageFrame>
  );
}
