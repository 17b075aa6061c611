import { unknownMergeFields, unknownMergeFieldsMessage } from '@tessera/data-access/contracts';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** A subject or body may only use the CRM's merge fields: a typo would reach every recipient. */
export function KnownMergeFields(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'knownMergeFields',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || unknownMergeFields(value).length === 0,
        defaultMessage: (args) =>
          `${args?.property}: ${unknownMergeFieldsMessage(unknownMergeFields(String(args?.value ?? '')))}`,
      },
    },
    options,
  );
}
