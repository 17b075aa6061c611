import { renderMergeFields } from '../mail';
import { CRM_MERGE_FIELDS, crmMergeValues, unknownMergeFields, unknownMergeFieldsMessage } from './email';

describe('CRM e-mail merge fields', () => {
  it('gives every known field a value for a person, blank when unknown', () => {
    expect(
      crmMergeValues({ first_name: ' Dana ', last_name: 'Reyes', company: null, email: 'dana@acme.test' }),
    ).toEqual({
      first_name: 'Dana',
      last_name: 'Reyes',
      full_name: 'Dana Reyes',
      company: '',
      email: 'dana@acme.test',
    });
    expect(crmMergeValues({ first_name: '', last_name: 'Solo', company: 'X', email: null }).full_name).toBe(
      'Solo',
    );
    expect(
      Object.keys(crmMergeValues({ first_name: 'a', last_name: 'b', company: 'c', email: 'd' })),
    ).toEqual([...CRM_MERGE_FIELDS]);
  });

  it('renders a template for a person', () => {
    const values = crmMergeValues({
      first_name: 'Lee',
      last_name: 'Park',
      company: 'Parkside',
      email: 'l@p.test',
    });
    expect(renderMergeFields('Hi {{first_name}} of {{ company }} ({{FULL_NAME}})', values)).toBe(
      'Hi Lee of Parkside (Lee Park)',
    );
  });

  it('names the unknown merge fields of a template, once each', () => {
    expect(unknownMergeFields('Hi {{first_name}} {{nickname}} {{Nickname}} {{shoe_size}}')).toEqual([
      '{{nickname}}',
      '{{shoe_size}}',
    ]);
    expect(unknownMergeFields('No fields at all, {not one}')).toEqual([]);
    expect(unknownMergeFieldsMessage(['{{nickname}}'])).toBe(
      'Unknown merge field {{nickname}}; use {{first_name}}, {{last_name}}, {{full_name}}, {{company}}, {{email}}',
    );
  });
});
