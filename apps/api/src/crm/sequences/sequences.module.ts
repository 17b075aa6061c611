import { Module } from '@nestjs/common';
import { CrmEmailModule } from '../email/crm-email.module';
import { SequenceRunner } from './sequence-runner.service';
import { SequencesController } from './sequences.controller';
import { SequencesService } from './sequences.service';

/** Sequences (docs/product/sequences.md): the builder's routes, enrollments and the step jobs. */
@Module({
  imports: [CrmEmailModule],
  controllers: [SequencesController],
  providers: [SequencesService, SequenceRunner],
  exports: [SequencesService],
})
export class SequencesModule {}
