import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse, ApiProduces, ApiResponse } from '@nestjs/swagger';

/** A route that answers 204 with no body. */
export const ApiNoContent = (description = 'Done; no body') => ApiNoContentResponse({ description });

/**
 * A body that is not JSON: a download (bytes or text) or a stream, in the given content type.
 * `binary` marks bytes (a file of any type) rather than text.
 */
export const ApiFile = (contentType: string, description: string, options: { binary?: boolean } = {}) =>
  applyDecorators(
    ApiProduces(contentType),
    ApiResponse({
      status: 200,
      description,
      content: {
        [contentType]: { schema: { type: 'string', ...(options.binary ? { format: 'binary' } : {}) } },
      },
    }),
  );
