import { applyDecorators } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
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
