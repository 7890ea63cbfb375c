import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id; 19 MiB, 2 passes is OWASP's minimum recommendation.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
