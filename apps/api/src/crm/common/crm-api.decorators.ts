import {
  applyDecorators,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  type Type,
} from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { INSTITUTION_HEADER, type LiveAction, type LiveResource } from '@tessera/data-access/contracts';
import { RequireModuleAccess } from '../../access/tenant-scope';
import { PublishesLiveEvent } from '../../live-updates/live-event.decorator';

/** Every CRM controller: its OpenAPI tag, the session cookie and the optional institution header. */
export const CrmApi = (tag: string) =>
  applyDecorators(
    ApiTags(tag),
    ApiCookieAuth('tessera_at'),
    ApiHeader({
      name: INSTITUTION_HEADER,
      required: false,
      description:
        'Institution to work in (membership and CRM level checked); without it, your personal rows.',
    }),
  );

/**
 * A CRM route that changes a row open screens show: it needs write access to the CRM, and once it
 * has answered, the institution's other screens are told to refetch the resource.
 */
export const ChangesCrmRow = (resource: LiveResource, action?: LiveAction) =>
  applyDecorators(PublishesLiveEvent(resource, action), RequireModuleAccess('crm', 'write'));

/** The class a route answers with, or `[Class]` for a list of them. */
type CrmAnswer = Type<unknown> | [Type<unknown>];
type CrmAccess = MethodDecorator;

/** The `:id` of a CRM row in a route's path; anything but a UUID answers 400. */
export const RowId = () => Param('id', ParseUUIDPipe);

/** A CRM route that reads: GET at `path`, CRM read access, and its answer in the OpenAPI document. */
export const ReadsCrm = (path: string | undefined, type: CrmAnswer) =>
  applyDecorators(Get(path), RequireModuleAccess('crm', 'read'), ApiOkResponse({ type }));

/**
 * The writes of a CRM resource, each with the access it needs (`ChangesCrmRow` for the rows open
 * screens show, CRM admin for configuration): create answers 201 with the row, update 200 with
 * it, and remove 204.
 */
export const CreatesCrmRow = (access: CrmAccess, type: CrmAnswer) =>
  applyDecorators(Post(), access, ApiCreatedResponse({ type }));

export const UpdatesCrmRow = (access: CrmAccess, type: CrmAnswer, path = ':id') =>
  applyDecorators(Patch(path), access, ApiOkResponse({ type }));

export const RemovesCrmRow = (access: CrmAccess, description?: string) =>
  applyDecorators(Delete(':id'), access, HttpCode(204), ApiNoContentResponse({ description }));
