import { AuthResponse } from '@lumiskin/contract/auth';

/** The part of the login/register answer the client relies on (docs/product-rules.md#entities: user and access_token). */
export const SessionResponse = AuthResponse.pick({ user: true, access_token: true });
