import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { z } from 'zod';
import {
  DisputeMessageBodySchema,
  type Dispute,
  type DisputeMessageBody,
} from '@marketplace/shared/schemas/payouts';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { SectionLoading } from '../../../components/ui/page-loading';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { formatDateTime } from '../../../lib/format-date';
import { useAddDisputeMessage, useDisputeMessages, type DisputeReader } from '../api/disputes';

type DisputeMessagesProps = { reader: DisputeReader; dispute: Dispute };

// Both sides and the admins write in the dispute until it is settled; each message says who wrote it.
function MessageForm({ reader, dispute }: DisputeMessagesProps) {
  const { t } = useTranslation();
  const add = useAddDisputeMessage(reader, dispute.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DisputeMessageBody, unknown, z.output<typeof DisputeMessageBodySchema>>({
    resolver: zodResolver(DisputeMessageBodySchema),
    defaultValues: { body: '', photos: [] },
  });
  return (
    <form noValidate onSubmit={handleSubmit((body) => add.mutate(body, { onSuccess: () => reset() }))}>
      <TextAreaField
        label={t('protection.dispute.message')}
        rows={3}
        maxLength={2000}
        error={errors.body?.message}
        {...register('body')}
      />
      <SubmitButton isPending={add.isPending} className="btn btn-primary">
        {t('protection.dispute.send')}
      </SubmitButton>
    </form>
  );
}

export function DisputeMessages({ reader, dispute }: DisputeMessagesProps) {
  const { t } = useTranslation();
  const thread = useDisputeMessages(reader, dispute.id);
  // The pages come newest first; the thread reads oldest first, its earlier pages above it.
  const messages = (thread.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse();
  let list;
  if (thread.data === undefined)
    list = thread.isError ? (
      <LoadFailed
        message={t('protection.dispute.messagesLoadFailed')}
        onRetry={() => void thread.refetch()}
      />
    ) : (
      <SectionLoading />
    );
  else if (messages.length === 0)
    list = <p className="text-body-secondary">{t('protection.dispute.noMessages')}</p>;
  else
    list = (
      <ol className="list-unstyled dispute-messages" aria-label={t('protection.dispute.messages')}>
        {messages.map((message) => {
          const role = t(`protection.dispute.roles.${message.authorRole}`);
          const isMine = message.authorRole === dispute.viewerRole;
          return (
            <li key={message.id} className={isMine ? 'card mb-2 border-primary' : 'card mb-2'}>
              <div className="card-body p-2">
                <p className="small text-body-secondary mb-1">
                  <span className="fw-semibold">
                    {isMine ? t('protection.dispute.you', { role }) : role}
                    {message.author && message.authorRole !== 'admin' && <> · {message.author}</>}
                  </span>{' '}
                  · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </p>
                <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.body}
                </p>
                {message.photos.length > 0 && (
                  <ul className="list-inline mb-0 mt-1">
                    {message.photos.map((photo, index) => (
                      <li key={photo} className="list-inline-item">
                        <a href={photo} target="_blank" rel="noreferrer">
                          {t('protection.dispute.photo', { number: index + 1 })}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    );

  return (
    <section aria-labelledby="dispute-messages-heading" className="mt-4">
      <h2 id="dispute-messages-heading" className="h5">
        {t('protection.dispute.messages')}
      </h2>
      <LoadMore pages={thread} className="text-center mb-3" label={t('messages.earlier')} />
      {list}
      {dispute.status === 'open' ? (
        <MessageForm reader={reader} dispute={dispute} />
      ) : (
        <p className="text-body-secondary">{t('protection.dispute.closed')}</p>
      )}
    </section>
  );
}
