import { useEffect, useRef, useState } from 'react';

/** The field errors of a form: a message for each field that has one. */
type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** The fields of a form that hold text (every input and select of the CRM dialogs). */
type TextKey<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/** The option of a select that stands for no value ("No contact", "Not known"); '' in the form. */
const NONE = 'none';

/**
 * The state of a CRM form dialog: its values, their field errors and the error of the last save.
 * Each time the dialog opens (or `source`, the row it edits, changes while open) the form starts
 * again from `initial()`, so a cancelled edit leaves nothing behind.
 */
export function useDialogForm<Values, Errors extends object = FieldErrors<Values>>({
  open,
  source,
  initial,
  validate,
}: {
  open: boolean;
  source?: unknown;
  initial: () => Values;
  validate: (values: Values) => Errors;
}) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const [serverError, setServerError] = useState<string | null>(null);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `source` is the row whose change restarts the form.
  useEffect(() => {
    if (open) {
      setValues(initialRef.current());
      setErrors({} as Errors);
      setServerError(null);
    }
  }, [open, source]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  /** Runs the form's checks and clears the last save's error: true when the values may be sent. */
  const check = (): boolean => {
    const found = validate(values);
    setErrors(found);
    setServerError(null);
    return Object.keys(found).length === 0;
  };

  /** Props that bind an input or a select to one field of the form. */
  const bind = {
    /** A text field: its value, its error, and setting it. */
    text: (key: TextKey<Values>) => ({
      value: values[key] as string,
      error: (errors as FieldErrors<Values>)[key],
      onValueChange: (value: string) => set(key, value as Values[TextKey<Values>]),
    }),
    /** A select whose first option, NONE, leaves the field empty. */
    optionalChoice: (key: TextKey<Values>) => ({
      value: (values[key] as string) || NONE,
      onValueChange: (value: string) => set(key, (value === NONE ? '' : value) as Values[TextKey<Values>]),
    }),
  };

  return { values, set, setValues, errors, setErrors, serverError, setServerError, check, bind };
}
