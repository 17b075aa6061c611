import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

/**
 * A required text field (a name, a subject): a string with something in it, at most `maxLength`
 * characters. Blank answers "<field> must not be empty".
 */
export function RequiredText(maxLength: number): PropertyDecorator {
  // Applied in the order the same decorators take when stacked on a property (bottom first), so
  // a field's messages keep their order.
  return applyDecorators(
    MaxLength(maxLength),
    Matches(/\S/, { message: ({ property }) => `${property} must not be empty` }),
    IsString(),
    ApiProperty({ maxLength }),
  );
}
