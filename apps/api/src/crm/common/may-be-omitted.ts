import { ValidateIf } from 'class-validator';

/**
 * The field may be left out, but not sent as null: its column is NOT NULL (it has a default).
 * IsOptional would let null through to the database and turn a bad request into a 500.
 */
export const MayBeOmitted = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);
