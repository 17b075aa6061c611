import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue.service';

/** The one background-work queue, injectable everywhere (features register their jobs on it). */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
