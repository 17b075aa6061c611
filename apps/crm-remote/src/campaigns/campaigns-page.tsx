import { describeAudience } from '@tessera/data-access/contracts';
import { useCampaigns } from '@tessera/data-access/hooks';
import { Badge, Button, ButtonLink, DataTable, EmptyState, QueryView } from '@tessera/ui';
import { Link } from 'react-router-dom';
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
  return (
    <CrmPageFrame
      basePath={basePath}
      title="Email Campaigns"
      actions={
        canWrite ? (
          <ButtonLink to={`${basePath}/campaigns/new`}>New Campaign</ButtonLink>
        ) : (
          <Button disabled>New Campaign</Button>
        )
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
