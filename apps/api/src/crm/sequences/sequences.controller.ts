import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Sequence, SequenceEnrollment, SequenceEnrollmentResult } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CreateSequenceDto, EnrollInSequenceDto, UpdateSequenceDto } from './dto/sequence.dto';
import { SequenceBody, SequenceEnrollmentBody, SequenceEnrollmentResultBody } from './sequence.body';
import { SequencesService } from './sequences.service';

@CrmApi('crm sequences')
@Controller('crm/sequences')
export class SequencesController {
  constructor(private readonly sequences: SequencesService) {}

  @Get()
  @ApiOkResponse({ type: [SequenceBody] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<Sequence[]> {
    return this.sequences.list(scope);
  }

  @Post()
  @ApiCreatedResponse({ type: SequenceBody })
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateSequenceDto): Promise<Sequence> {
    return this.sequences.create(scope, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: SequenceBody })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<Sequence> {
    return this.sequences.get(scope, id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: SequenceBody })
  @RequireModuleAccess('crm', 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateSequenceDto,
  ): Promise<Sequence> {
    return this.sequences.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @RequireModuleAccess('crm', 'write')
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.sequences.remove(scope, id);
  }

  @Get(':id/enrollments')
  @ApiOkResponse({ type: [SequenceEnrollmentBody] })
  @RequireModuleAccess('crm', 'read')
  enrollments(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<SequenceEnrollment[]> {
    return this.sequences.enrollments(scope, id);
  }

  @Post(':id/enrollments')
  @ApiCreatedResponse({ type: SequenceEnrollmentResultBody })
  @RequireModuleAccess('crm', 'write')
  enroll(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: EnrollInSequenceDto,
  ): Promise<SequenceEnrollmentResult> {
    return this.sequences.enrollByHand(scope, id, body);
  }

  @Delete(':id/enrollments/:enrollmentId')
  @ApiOkResponse({ type: SequenceEnrollmentBody })
  @RequireModuleAccess('crm', 'write')
  unenroll(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('enrollmentId', ParseUUIDPipe) enrollmentId: string,
  ): Promise<SequenceEnrollment> {
    return this.sequences.unenroll(scope, id, enrollmentId);
  }
}
