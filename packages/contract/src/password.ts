import { MIN_PASSWORD_LENGTH } from './constants';
import { AuthMessages } from './messages';

/**
 * What a new password must be (decision 180): at least MIN_PASSWORD_LENGTH characters, and not
 * one of the first passwords anyone tries — a word from the list below with at most digits and
 * symbols after it ("Password123!", "sunshine2026"), one or two characters repeated, a run along
 * the alphabet, the digits or a keyboard row ("12345678", "qwertyuiop"), or the account's own
 * email address or its name part. The list is ours, of words found at the top of every published
 * list of leaked passwords; it stays short so web and server share it at no cost.
 */
const GUESSED_WORDS = new Set([
  'password',
  'passw0rd',
  'p@ssword',
  'p@ssw0rd',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'basketball',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'superman',
  'batman',
  'trustno1',
  'starwars',
  'whatever',
  'freedom',
  'computer',
  'internet',
  'michael',
  'jennifer',
  'jordan',
  'charlie',
  'hunter',
  'killer',
  'soccer',
  'hockey',
  'ranger',
  'mustang',
  'liverpool',
  'chelsea',
  'arsenal',
  'pokemon',
  'minecraft',
  'flower',
  'lovely',
  'hello',
  'hellokitty',
  'secret',
  'login',
  'admin',
  'administrator',
  'changeme',
  'default',
  'test',
  'guest',
  'qwerty',
  'azerty',
  'abc',
  'lumiskin',
  'skincare',
]);

const KEYBOARD_ROWS = [
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'azertyuiop',
  'qwertzuiop',
];

/** Every character one step along from the one before (up or down): 12345678, hgfedcba. */
function isRun(text: string): boolean {
  if (text.length < 3) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++)
    if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

/** Along one keyboard row, either way, possibly wrapping from its end back to its start. */
function isKeyboardWalk(text: string): boolean {
  return KEYBOARD_ROWS.some((row) => {
    const twice = row + row;
    const back = [...twice].reverse().join('');
    return twice.includes(text) || back.includes(text);
  });
}

/** True when a password is one of the first anyone would try (see above). */
export function isGuessablePassword(password: string, email?: string): boolean {
  const lower = password.toLowerCase();
  // The word before a tail of digits and symbols ("Sunshine2026!" → "sunshine").
  const stem = lower.replace(/[^a-z]+$/, '');
  if (GUESSED_WORDS.has(lower) || GUESSED_WORDS.has(stem)) return true;
  if (new Set(lower).size <= 2) return true;
  if (isRun(lower) || isKeyboardWalk(lower)) return true;
  if (email) {
    const address = email.trim().toLowerCase();
    const name = address.split('@')[0] ?? '';
    if (lower === address || (name.length > 0 && (lower === name || stem === name))) return true;
  }
  return false;
}

/** The message for a new password that will not do, or null when it will. */
export function newPasswordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return AuthMessages.passwordTooShort;
  if (isGuessablePassword(password, email)) return AuthMessages.passwordTooEasy;
  return null;
}
