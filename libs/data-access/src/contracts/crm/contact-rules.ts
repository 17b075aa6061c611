/**
 * The checks a contact's own fields pass: the API's DTO, the contact form and the CSV importer read
 * them from here, so the limits and the e-mail rule are the same wherever a contact is written.
 */

/** The most characters each text field of a contact holds (the columns' limits). */
export const CONTACT_FIELD_LIMITS = {
  first_name: 100,
  last_name: 100,
  email: 254,
  phone: 40,
  company: 200,
  title: 120,
} as const;

/** One @, something before it, a dot in the part after it, and no spaces. */
export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the contact form takes as a phone number: a leading + or digit, then digits, spaces and
 * ( ) . - up to the phone limit. The API and the importer keep any text within the limit, as
 * exports carry extensions and notes in that column.
 */
export const CONTACT_PHONE_PATTERN = /^[+\d][\d\s().-]{3,39}$/;
