import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults: argon2id, m=19 MiB, t=2, p=1 (the OWASP password storage cheat sheet minimum).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check so an unknown email answers as slowly as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('lumiskin-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
