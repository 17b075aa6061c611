import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportEntity } from './import.entity';
import { ImportJobs } from './import-jobs.service';

/** CSV imports as durable jobs; features bring a CsvImporter for what they import into. */
@Module({
  imports: [TypeOrmModule.forFeature([ImportEntity])],
  providers: [ImportJobs],
  exports: [ImportJobs],
})
export class ImportsModule {}
