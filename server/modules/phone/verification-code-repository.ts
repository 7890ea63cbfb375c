import type { Kysely, Selectable } from 'kysely';
import type { CodePurpose } from '../../../contract/phone.ts';
import type { Database, VerificationCodesTable } from '../../db/schema.ts';

export type VerificationCodeRow = Selectable<VerificationCodesTable>;

export function createVerificationCodeRepository(db: Kysely<Database>) {
  return {
    /** Stores a new code and voids the older open ones, so only the latest can be guessed at. */
    async insert(code: {
      phone: string;
      purpose: CodePurpose;
      codeHash: string;
      ip: string;
      createdAt: number;
      expiresAt: number;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('verification_codes')
          .set({ used_at: code.createdAt })
          .where('phone', '=', code.phone)
          .where('purpose', '=', code.purpose)
          .where('used_at', 'is', null)
          .execute();
        const row = await trx
          .insertInto('verification_codes')
          .values({
            phone: code.phone,
            purpose: code.purpose,
            code_hash: code.codeHash,
            attempts: 0,
            ip: code.ip,
            expires_at: code.expiresAt,
            used_at: null,
            created_at: code.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /** The one code that may still be used for this phone and purpose. */
    findOpen(
      phone: string,
      purpose: CodePurpose,
      maxAttempts: number,
      now: number,
    ): Promise<VerificationCodeRow | undefined> {
      return db
        .selectFrom('verification_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', maxAttempts)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Counts a guess at the code and says whether it may be checked, in one statement: the row
     * lock makes concurrent guesses (on PostgreSQL as on SQLite) take turns, so no more than
     * `maxAttempts` guesses are ever compared, however many arrive at once.
     */
    async claimGuess(id: number, maxAttempts: number, now: number): Promise<boolean> {
      const claimed = await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** True for the one caller that used the code; a concurrent replay gets false. */
    async markUsed(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type VerificationCodeRepository = ReturnType<typeof createVerificationCodeRepository>;
