import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { keepValidationMetadataLookups } from './validation-metadata';

function collectMessages(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) byField[field] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(byField, collectMessages(error.children, field));
  }
  return byField;
}

/**
 * DTOs are validated at the edge: unknown properties are refused, values are converted, and a
 * 400 carries every message (`message`) and the same messages by field (`errors`).
 */
export function createValidationPipe(): ValidationPipe {
  keepValidationMetadataLookups();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const byField = collectMessages(errors);
      return new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: Object.values(byField).flat(),
        errors: byField,
      });
    },
  });
}
