import type { ModuleCategory, RegisterRemoteInput } from '@tessera/data-access/contracts';

/** `Time & Billing` → `time-billing`: a submodule id from the name typed in the console. */
export function submoduleId(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface RegistrationForm {
  key: string;
  name: string;
  moduleId: string;
  moduleName: string;
  category: ModuleCategory;
  /** Names, comma-separated. */
  submodules: string;
}

/** The console's form (one module per remote) as the registration the API takes. */
export function registrationInput(form: RegistrationForm): RegisterRemoteInput {
  const key = form.key.trim();
  const moduleId = form.moduleId.trim() || key;
  return {
    key,
    name: form.name.trim(),
    modules: [
      {
        id: moduleId,
        name: form.moduleName.trim() || form.name.trim(),
        category: form.category,
        submodules: form.submodules
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => ({ id: submoduleId(name), name })),
      },
    ],
  };
}
