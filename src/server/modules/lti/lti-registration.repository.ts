import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { ltiDeploymentTable, ltiPlatformTable, ltiRegistrationInvitationTable } from "./lti.table.ts";

/** A platform as dynamic registration learns it: its addresses, the client id it gave the tool. */
export interface RegisteredPlatform {
  issuer: string;
  clientId: string;
  authLoginUrl: string;
  authTokenUrl: string;
  keysetUrl: string;
}

export type RegistrationOutcome =
  | { kind: "registered"; platformId: string }
  /** The invitation was used, or expired, while the LMS answered. */
  | { kind: "invitation-gone" }
  /** The LMS answered an (issuer, client id) registered for another institution. */
  | { kind: "other-institution" };

/** Thrown inside the transaction so that nothing it wrote stays. */
class InvitationGone extends Error {}

/** The invitations to dynamic registration, and the platform each one registers. */
export function createLtiRegistrationRepository(db: Database) {
  return {
    async insertInvitation(values: { tokenHash: string; institution: string; expiresAt: Date; now: Date }) {
      await db.insert(ltiRegistrationInvitationTable).values({
        tokenHash: values.tokenHash,
        institution: values.institution,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      });
    },

    /** The invitation's institution while it is unused and unexpired. */
    async usableInvitation(tokenHash: string, now: Date): Promise<{ institution: string } | undefined> {
      const [row] = await db
        .select({ institution: ltiRegistrationInvitationTable.institution })
        .from(ltiRegistrationInvitationTable)
        .where(
          and(
            eq(ltiRegistrationInvitationTable.tokenHash, tokenHash),
            isNull(ltiRegistrationInvitationTable.usedAt),
            gt(ltiRegistrationInvitationTable.expiresAt, now),
          ),
        );
      return row;
    },

    /**
     * In one transaction: stores the platform for the invitation's institution (or, when its
     * issuer and client id are already registered for that institution, adds the deployment to
     * it) and marks the invitation used, naming the platform. Nothing stays when the invitation
     * was used meanwhile.
     */
    async register(input: {
      tokenHash: string;
      now: Date;
      institution: string;
      platform: RegisteredPlatform;
      deploymentId: string | null;
    }): Promise<RegistrationOutcome> {
      const { tokenHash, now, institution, platform, deploymentId } = input;
      const transaction = () =>
        db.transaction(async (tx): Promise<RegistrationOutcome> => {
          const [existing] = await tx
            .select({ id: ltiPlatformTable.id, institution: ltiPlatformTable.institution })
            .from(ltiPlatformTable)
            .where(
              and(
                eq(ltiPlatformTable.issuer, platform.issuer),
                eq(ltiPlatformTable.clientId, platform.clientId),
              ),
            );
          if (existing && existing.institution !== institution) return { kind: "other-institution" };
          const platformId = existing?.id ?? randomUUID();
          if (!existing) {
            await tx
              .insert(ltiPlatformTable)
              .values({ ...platform, id: platformId, institution, createdAt: now, updatedAt: now });
          }
          if (deploymentId) {
            await tx.insert(ltiDeploymentTable).values({ platformId, deploymentId }).onConflictDoNothing();
          }
          const used = await tx
            .update(ltiRegistrationInvitationTable)
            .set({ usedAt: now, platformId })
            .where(
              and(
                eq(ltiRegistrationInvitationTable.tokenHash, tokenHash),
                isNull(ltiRegistrationInvitationTable.usedAt),
                gt(ltiRegistrationInvitationTable.expiresAt, now),
              ),
            )
            .returning({ tokenHash: ltiRegistrationInvitationTable.tokenHash });
          if (used.length === 0) throw new InvitationGone();
          return { kind: "registered", platformId };
        });
      const attempt = async (): Promise<RegistrationOutcome> => {
        try {
          return await transaction();
        } catch (error) {
          if (error instanceof InvitationGone) return { kind: "invitation-gone" };
          throw error;
        }
      };
      try {
        return await attempt();
      } catch (error) {
        // Another registration stored the same (issuer, client id) meanwhile: the second attempt finds it.
        if (isUniqueViolation(error)) return attempt();
        throw error;
      }
    },
  };
}

export type LtiRegistrationRepository = ReturnType<typeof createLtiRegistrationRepository>;
