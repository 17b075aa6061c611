import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, ValidateNested } from 'class-validator';

/**
 * A list of at most `maxItems` objects, each validated as `type` (a rule's or a workflow's actions).
 * An item that is not an object answers "each item of <field> must be an object".
 */
export function NestedObjects(type: () => new () => object, maxItems: number): PropertyDecorator {
  // Applied in the order the same decorators take when stacked on a property (bottom first), so
  // a field's messages keep their order.
  return applyDecorators(
    Type(type),
    ValidateNested({ each: true }),
    IsObject({ each: true, message: ({ property }) => `each item of ${property} must be an object` }),
    ArrayMaxSize(maxItems),
    IsArray(),
  );
}
