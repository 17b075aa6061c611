import { Module } from '@nestjs/common';
import { RecordsModule } from '../records/records.module';
import { HomeController } from './home.controller';
import { HomeService } from './home.service';

@Module({
  imports: [RecordsModule],
  controllers: [HomeController],
  providers: [HomeService],
})
export class HomeModule {}
