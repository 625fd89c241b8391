import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversations, messages, products, users } from '../../db/schema';
import type { JobHandler } from '../../jobs/runner';
import { mailLanguage } from '../../lib/account-mails';
import { mailRecipientOf } from '../accounts/index';
import type { Mailer } from '../../providers/mail/index';
import { digestMail } from './digest-mail';

export const MESSAGE_DIGEST_JOB = 'message-digest';

const SNIPPET_LENGTH = 160;

// The e-mail digest of unread messages (decision 024). Each message queues a job due 15 minutes later;
// the job finds its message still unread and not yet mailed, then mails every unread, unmailed message
// of that recipient in one digest and marks them mailed, all in one transaction: a failed mail is rolled
// back and retried, a read message is never mailed, and a batch is mailed once (the other messages' jobs
// find nothing left to mail).
export function messageJobs({
  db,
  mailer,
  publicUrl,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}): Record<string, JobHandler> {
  return {
    [MESSAGE_DIGEST_JOB]: {
      async run(payload, run) {
        const messageId = typeof payload.messageId === 'string' ? payload.messageId : null;
        if (!messageId) return;
        await db.transaction(async (tx) => {
          const digest = await claimDigest(tx, messageId);
          if (!digest) return;
          const { recipient, lines } = digest;
          const mail = digestMail({
            language: mailLanguage(recipient.language),
            name: recipient.fullName,
            lines: lines.map((line) => ({
              sender: line.sender,
              title: line.title,
              snippet:
                line.text.length > SNIPPET_LENGTH ? `${line.text.slice(0, SNIPPET_LENGTH - 1)}…` : line.text,
              link: `${publicUrl}/messages/${line.conversationId}`,
            })),
            messagesLink: `${publicUrl}/messages`,
          });
          await mailer.send({ to: recipient.email, ...mail });
          run.log.info({ jobId: run.jobId, messages: lines.length }, 'unread messages digest sent');
        });
      },
    },
  };
}

// The unread messages a digest carries, claimed by the run that mails them (digestedAt), so no batch is
// mailed twice; used by messageJobs.
export async function claimDigest(tx: Database, messageId: string) {
  const [trigger] = await tx
    .select({ recipientId: messages.recipientId })
    .from(messages)
    .where(and(eq(messages.id, messageId), isNull(messages.readAt), isNull(messages.digestedAt)))
    .limit(1);
  if (!trigger) return null;
  // Note: under parallel runs the row locks of the UPDATE order them; the later one sees the rows
  // already digested and claims none.
  const claimed = await tx
    .update(messages)
    .set({ digestedAt: sql`now()` })
    .where(
      and(
        eq(messages.recipientId, trigger.recipientId),
        isNull(messages.readAt),
        isNull(messages.digestedAt),
      ),
    )
    .returning({ id: messages.id });
  if (claimed.length === 0) return null;
  const recipient = await mailRecipientOf(tx, trigger.recipientId);
  const lines = await tx
    .select({
      conversationId: messages.conversationId,
      sender: users.username,
      title: products.title,
      text: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(products, eq(products.id, conversations.productId))
    .where(
      inArray(
        messages.id,
        claimed.map((row) => row.id),
      ),
    )
    .orderBy(messages.createdAt, messages.id);
  return recipient ? { recipient, lines } : null;
}
