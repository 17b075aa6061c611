import { applyDecorators } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { INSTITUTION_HEADER } from '@tessera/data-access/contracts';

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
