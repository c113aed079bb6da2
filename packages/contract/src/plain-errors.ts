import { z } from 'zod';

/*
 * zod's own words for a rule a schema states without a message of its own ("Too small: expected
 * string to have >=1 characters") reached people: under the id of staff's new-product form, and in
 * any answer's `fields` from the server. Every contract module imports this one, so wherever a
 * schema parses (server, web, device) a rule without a message reads in the app's plain words
 * (docs/decisions/202). A message a schema gives itself always wins over these.
 */

type Issue = z.core.$ZodRawIssue;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a person can send wrong — empty, too long, too many, a malformed date — in plain words. */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return n <= 1 ? 'Required' : `At least ${n} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return n <= 1 ? 'Add at least one' : `At least ${plural(n, 'entry', 'entries')}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? `More than ${n}` : `At least ${n}`;
      return undefined;
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return `At most ${plural(n, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `At most ${plural(n, 'entry', 'entries')}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? `Less than ${n}` : `At most ${n}`;
      return undefined;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return 'Enter a valid email address';
        case 'url':
          return 'Enter a full web address (https://…)';
        case 'uuid':
        case 'guid':
          return 'Not a valid id';
        case 'datetime':
          return 'Enter a date and time';
        case 'date':
          return 'Enter a date (YYYY-MM-DD)';
        case 'time':
          return 'Enter a time (HH:MM)';
        case 'regex':
          return 'Not in the expected format';
        default:
          return undefined;
      }
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 12
        ? `Choose one of: ${issue.values.map(String).join(', ')}`
        : undefined;
    case 'invalid_type':
      // A field left out; a value of the wrong type only comes from a program, which zod's own
      // words ("expected string, received number") serve better.
      return issue.input === undefined ? 'Required' : undefined;
    default:
      return undefined;
  }
}

z.config({ customError: plainMessage });
