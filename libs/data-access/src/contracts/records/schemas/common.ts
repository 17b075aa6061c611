/** Fields several modules share word for word, so their options stay identical everywhere. */

import { recordField as f } from '../field-builders';
import type { EnumFieldDefinition, TextFieldDefinition } from '../field-types';

export function priorityField(): EnumFieldDefinition {
  return f.enum('priority', 'Priority', ['low', 'medium', 'high', 'urgent']);
}

export function personField(key: string, label: string, required = false): TextFieldDefinition {
  return f.text(key, label, { required, searchable: true, sample: 'personName', maxLength: 120 });
}

export function notesField(key = 'notes', label = 'Notes'): TextFieldDefinition {
  return f.longText(key, label, { sample: 'sentence' });
}

export const PHYSICIANS = [
  'Dr. Helen Park',
  'Dr. Marcus Adeyemi',
  'Dr. Ana Lopes',
  'Dr. Victor Lindqvist',
  'Dr. Sara Whitfield',
] as const;
