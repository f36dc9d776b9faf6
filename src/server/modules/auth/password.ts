// argon2 is a native addon: loaded when a password is first hashed or checked, not at start-up.
let argon2: Promise<typeof import("@node-rs/argon2")> | undefined;
const loadArgon2 = () => {
  argon2 ??= import("@node-rs/argon2");
  return argon2;
};

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2ID = 2; // Algorithm.Argon2id, a const enum that isolated modules cannot import
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = async (password: string) => (await loadArgon2()).hash(password, options);

/** An account without a password (made by an institution sign-in) takes as long and never matches. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return verifyAgainstDummy(password);
  try {
    return await (await loadArgon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}
