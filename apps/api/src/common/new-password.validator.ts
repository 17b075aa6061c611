import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordRuleBreak,
  passwordRuleMessage,
} from '@tessera/data-access/contracts';
import { IsString, ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * A new password (sign-up, change, reset): the contracts' one rule, so the API refuses exactly what
 * the screens warn about, with one message for the part that is broken.
 */
export function IsNewPassword(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    IsString({ message: ({ property }: ValidationArguments) => `${property} is required` }),
    ValidateBy({
      name: 'isNewPassword',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && passwordRuleBreak(value) === null,
        defaultMessage: ({ property, value }: ValidationArguments) =>
          typeof value === 'string'
            ? passwordRuleMessage(property, passwordRuleBreak(value) ?? 'short')
            : `${property} is required`,
      },
    }),
  );
}
