import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;

/** Marks the storage as wrapped: tests load this module afresh per file, the storage is one per process. */
const KEPT = Symbol.for('tessera.keptValidationMetadataLookups');

/**
 * class-validator looks up a DTO's rules (its own and its ancestors') on every validation by testing
 * the DTO against every decorated class of the process (`instanceof`, one by one): with this API's
 * few hundred DTOs that lookup was the largest cost of validating a small query, about 20 µs per
 * request (class-validator issue #2686; docs/adr/0024-per-request-costs-3.md). The answer for a
 * given class and options only changes when rules are registered, so it is kept per class and
 * options and forgotten whenever a rule or constraint is added. Callers get a copy, as they got a
 * fresh array before. Installed once per process (the storage is marked), on the one metadata storage every validation uses.
 */
export function keepValidationMetadataLookups(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [KEPT]?: true };
  if (marked[KEPT]) return;
  marked[KEPT] = true;
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const addValidationMetadata = storage.addValidationMetadata.bind(storage);
  const addConstraintMetadata = storage.addConstraintMetadata.bind(storage);
  let kept = new WeakMap<object, Map<string, TargetMetadatas>>();

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = kept.get(target);
    if (!byOptions) {
      byOptions = new Map();
      kept.set(target, byOptions);
    }
    let metadatas = byOptions.get(options);
    if (!metadatas) {
      metadatas = lookUp(target, schema, always, strictGroups, groups);
      byOptions.set(options, metadatas);
    }
    return metadatas.slice();
  };
  storage.addValidationMetadata = (metadata) => {
    kept = new WeakMap();
    addValidationMetadata(metadata);
  };
  storage.addConstraintMetadata = (metadata) => {
    kept = new WeakMap();
    addConstraintMetadata(metadata);
  };
}
