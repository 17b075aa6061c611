import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The one error body every refusal and failure carries (see ApiExceptionFilter). */
export class ApiErrorBody {
  @ApiProperty({ example: 404 })
  statusCode!: number;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'What went wrong, in words a user can read; a 400 of validation lists every message.',
  })
  message!: string | string[];

  @ApiPropertyOptional({ example: 'Bad Request' })
  error?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'The same messages by field (validation and domain refusals about one field).',
  })
  errors?: Record<string, string[]>;
}
