import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, MaxLength, registerDecorator, validate } from 'class-validator';
import { keepValidationMetadataLookups } from './validation-metadata';

class Named {
  @IsString()
  name!: string;
}

class Deal extends Named {
  @IsInt()
  amount!: number;
}

function messagesOf(errors: Awaited<ReturnType<typeof validate>>): string[] {
  return errors.flatMap((error) => Object.values(error.constraints ?? {})).sort();
}

describe('kept validation metadata lookups', () => {
  beforeAll(() => keepValidationMetadataLookups());

  it("validates a class with its own and its ancestors' rules, the same on every call", async () => {
    const deal = Object.assign(new Deal(), { name: 7, amount: 'many' });
    const first = messagesOf(await validate(deal));
    expect(first).toEqual(['amount must be an integer number', 'name must be a string']);
    expect(messagesOf(await validate(deal))).toEqual(first);
  });

  it('hands each caller its own list, so a caller changing it changes nothing for the next', () => {
    const storage = getMetadataStorage();
    const one = storage.getTargetValidationMetadatas(Deal, '', false, false);
    one.length = 0;
    expect(storage.getTargetValidationMetadatas(Deal, '', false, false)).toHaveLength(2);
  });

  it('keeps apart lookups with other options (groups)', () => {
    const storage = getMetadataStorage();
    expect(storage.getTargetValidationMetadatas(Deal, '', false, false, ['admin'])).toHaveLength(0);
    expect(storage.getTargetValidationMetadatas(Deal, '', false, false)).toHaveLength(2);
  });

  it('sees a rule registered after a lookup was kept, on the class and on those that inherit it', async () => {
    const deal = Object.assign(new Deal(), { name: 'A name far longer than twelve', amount: 3 });
    expect(messagesOf(await validate(deal))).toEqual([]);
    MaxLength(12)(Named.prototype, 'name');
    expect(messagesOf(await validate(deal))).toEqual(['name must be shorter than or equal to 12 characters']);
    registerDecorator({
      name: 'isEven',
      target: Deal,
      propertyName: 'amount',
      validator: { validate: (value: unknown) => typeof value === 'number' && value % 2 === 0 },
      options: { message: 'amount must be even' },
    });
    expect(messagesOf(await validate(deal))).toEqual([
      'amount must be even',
      'name must be shorter than or equal to 12 characters',
    ]);
  });
});
