import { MIN_PASSWORD_LENGTH } from './constants';

/**
 * Texts of docs/product-rules.md#errors-and-messages and #validation (shop, blog, sign-in, account,
 * settings), shared by server and web. Zod-free on purpose: a
 * page that imports a sentence should not download the schema library with it.
 */

export const ShopMessages = {
  loadFailed: 'Failed to load products',
  // The product's word is "mix" (issue 13); the spec's 'added to cart' predates it.
  addedToMix: (name: string) => `${name} added to your mix`,
  replacedInMix: (name: string, previous: string) => `${name} replaces ${previous} in your mix`,
  addedToFavorites: 'Added to favourites',
  removedFromFavorites: 'Removed from favourites',
  noProducts: 'No products found',
  noProductsHint: 'Try adjusting your search or filters',
  unknownProduct: 'That product is not in our catalogue.',
} as const;

export const BlogMessages = {
  loadFailed: 'Failed to load blog posts',
  noArticles: 'No articles found',
  addedToLiked: 'Added to liked posts',
  removedFromLiked: 'Removed from liked posts',
  addedToReadingList: 'Added to reading list',
  removedFromReadingList: 'Removed from reading list',
  linkCopied: 'Link copied to clipboard',
  notFound: 'That article could not be found.',
  signInToLike: 'Sign in to like articles and keep a reading list.',
} as const;

/** Messages from docs/product-rules.md#validation, shared so web and server say exactly the same thing. */
export const AuthMessages = {
  fillAllFields: 'Please fill in all fields',
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooEasy:
    'This password is one of the first anyone would try. Choose a longer one, or one that is less common.',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  loginSuccess: 'Welcome back! Login successful.',
  adminLoginSuccess: 'Welcome Admin! Redirecting to admin dashboard...',
  registerSuccess: 'Account created successfully! Welcome to Lumiskin.',
  /** Said after registerSuccess: sign-up mails a link to confirm the address (decision 070). */
  confirmationMailed: (email: string) => `We have sent a link to ${email} to confirm it's yours.`,
  /** On /login after signing out here: it replaces whatever toast was still up ("Welcome back!"). */
  signedOut: "You're signed out.",
  /** On /login after a signed-in page's request was refused (expired, or signed out elsewhere). */
  sessionEnded: 'Your session has ended. Sign in again to pick up where you left off.',
} as const;

export const AccountMessages = {
  profileUpdated: 'Profile updated successfully!',
  nameRequired: 'Please enter your name',
  invalidTimezone: 'Unknown time zone',
  wrongPassword: 'Your current password is not correct',
  passwordRequired: 'Please enter your password',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  accountDeleted: 'Your account and all its data have been deleted.',
  /** DELETE /api/users/me/sessions/{id} of a session that is not (or no longer) live. */
  sessionNotFound: 'That device is already signed out.',
  /** The same answer whether or not the email has an account. */
  resetRequested:
    'If an account exists for that email, we have sent a link to reset the password. It works once, within an hour.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Your password has been reset. Please sign in with the new one.',
  exportRunning: 'Your data is already being downloaded. Please wait for that download to finish.',
  /** The same answer whether or not the new address already has an account. */
  emailChangeRequested:
    'We have sent a confirmation link to the new address. Your email changes when you open it, within an hour.',
  emailUnchanged: 'That is already your email.',
  emailNeedsConfirmation:
    'To change your email, use "Change email": we send a confirmation link to the new address first.',
  emailChangeLimit: 'You have asked to change your email several times. Please try again later.',
  emailChangeCancelled:
    'Email change cancelled: the link no longer works and your email stays as it is.',
  emailConfirmInvalid:
    'This confirmation link is invalid, was already used or has expired. Ask for a new one on your profile.',
  emailChanged: 'Your email has been changed.',
  emailConfirmed: 'Your email address is confirmed.',
  confirmationSent:
    'We have sent a confirmation link to your email address. It works once, within 24 hours.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  confirmationLimit:
    'You have asked for several confirmation links. Please use the newest one or try again later.',
} as const;

export const SettingsMessages = {
  signupsClosed:
    'New sign-ups are paused at the moment. Please try again later; existing accounts can sign in as usual.',
  scansPaused:
    'New skin scans are paused for a short while. Your history and routine are still here; please try again later.',
} as const;
