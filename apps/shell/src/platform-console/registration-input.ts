import {
  catalogueEntry,
  type ModuleCatalogueEntry,
  type ModuleCategory,
  type RegisterRemoteInput,
} from '@tessera/data-access/contracts';

/** `Time & Billing` → `time-billing`: an id from the name typed in the console. */
export function submoduleId(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface SubmoduleForm {
  name: string;
  /** Empty: derived from the name. */
  id: string;
}

export interface ModuleForm {
  /** Empty: the remote's key for the first module, else derived from the module's name. */
  id: string;
  /** Empty: the remote's name for the first module. */
  name: string;
  category: ModuleCategory;
  submodules: SubmoduleForm[];
}

export interface RegistrationForm {
  key: string;
  name: string;
  modules: ModuleForm[];
}

export const emptySubmodule = (): SubmoduleForm => ({ name: '', id: '' });
export const emptyModule = (): ModuleForm => ({
  id: '',
  name: '',
  category: 'Core Business',
  submodules: [emptySubmodule()],
});
export const emptyRegistration = (): RegistrationForm => ({ key: '', name: '', modules: [emptyModule()] });

/** The console's form as the registration the API takes; rows left blank are dropped. */
export function registrationInput(form: RegistrationForm): RegisterRemoteInput {
  const key = form.key.trim();
  const name = form.name.trim();
  return {
    key,
    name,
    modules: form.modules.map((module, index) => {
      const moduleName = module.name.trim() || (index === 0 ? name : '');
      return {
        id: module.id.trim() || (index === 0 ? key : submoduleId(moduleName)),
        name: moduleName,
        category: module.category,
        submodules: module.submodules
          .map((sub) => ({ name: sub.name.trim(), id: sub.id.trim() || submoduleId(sub.name) }))
          .filter((sub) => sub.name !== ''),
      };
    }),
  };
}

/** The module as the registry will list it: its route and its submodules' routes, as the API derives them. */
export function previewModule(
  module: RegisterRemoteInput['modules'][number],
  remote: string,
): ModuleCatalogueEntry {
  return catalogueEntry({ ...module, description: '', isPremium: false, remote });
}

/**
 * The API's messages by field (`key`, `modules.0.id`, `modules.0.submodules.1.id`), one string each;
 * `keys` are the fields the form shows: a message about any other field goes under `form`.
 */
export function messagesByField(
  errors: Record<string, string[] | string> | undefined,
  keys: readonly string[],
): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const text = Array.isArray(messages) ? messages.join('; ') : messages;
    const target = keys.includes(field) ? field : 'form';
    byField[target] = byField[target] ? `${byField[target]}; ${text}` : text;
  }
  return byField;
}

/** The API's name of a submodule row (blank rows are not sent, so later rows move up), or null for a blank row. */
export function submoduleField(form: RegistrationForm, moduleIndex: number, subIndex: number): string | null {
  const rows = form.modules[moduleIndex]?.submodules ?? [];
  if (!rows[subIndex]?.name.trim()) return null;
  const sent = rows.slice(0, subIndex).filter((sub) => sub.name.trim() !== '').length;
  return `modules.${moduleIndex}.submodules.${sent}`;
}

/** The fields the form shows, by the API's names, for the form as it is. */
export function formFields(form: RegistrationForm): string[] {
  return [
    'key',
    'name',
    ...form.modules.flatMap((module, index) => [
      `modules.${index}.id`,
      `modules.${index}.name`,
      `modules.${index}.category`,
      ...module.submodules.flatMap((_, subIndex) => {
        const field = submoduleField(form, index, subIndex);
        return field ? [`${field}.id`, `${field}.name`] : [];
      }),
    ]),
  ];
}
