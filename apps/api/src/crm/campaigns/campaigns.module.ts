import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';
import { EmailCampaignEntity } from './email-campaign.entity';

@Module({
  imports: [TypeOrmModule.forFeature([EmailCampaignEntity])],
  controllers: [CampaignsController],
  providers: [CampaignsService],
})
export class CampaignsModule {}
