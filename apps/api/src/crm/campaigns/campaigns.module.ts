import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrmEmailModule } from '../email/crm-email.module';
import { CampaignDeliveryService } from './campaign-delivery.service';
import { CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';
import { EmailCampaignEntity } from './email-campaign.entity';

@Module({
  imports: [TypeOrmModule.forFeature([EmailCampaignEntity]), CrmEmailModule],
  controllers: [CampaignsController],
  providers: [CampaignsService, CampaignDeliveryService],
})
export class CampaignsModule {}
