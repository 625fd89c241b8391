import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Conversation } from '@marketplace/shared/schemas/messages';
import { REPORT_NOTE_MAX_LENGTH } from '@marketplace/shared/constants';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useBlockPerson } from '../api/block-person';
import { useReportConversation } from '../api/report-conversation';
import { useUnblockPerson } from '../api/unblock-person';

// Block (or unblock) the other person, and report the conversation; each asks first. The query client shows
// the server's message for each, done or refused (spec §8).
export function ConversationActions({
  conversation,
  otherName,
}: {
  conversation: Conversation;
  otherName: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'block' | 'report' | null>(null);
  const [note, setNote] = useState('');
  const block = useBlockPerson(conversation.id);
  const unblock = useUnblockPerson(conversation.id);
  const report = useReportConversation(conversation.id);

  function onBlock() {
    setAsking(null);
    block.mutate();
  }

  function onUnblock() {
    unblock.mutate();
  }

  function onReport() {
    setAsking(null);
    report.mutate({ note });
  }

  return (
    <div className="d-flex flex-wrap gap-2">
      {conversation.blockedByMe ? (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm text-break"
          onClick={onUnblock}
          disabled={unblock.isPending}
        >
          {t('messages.unblock', { username: otherName })}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm text-break"
          onClick={() => setAsking('block')}
          disabled={block.isPending}
        >
          {t('messages.block', { username: otherName })}
        </button>
      )}
      {conversation.reportedByMe ? (
        <span className="small text-body-secondary align-self-center">{t('messages.reported')}</span>
      ) : (
        <button
          type="button"
          className="btn btn-link btn-sm link-danger"
          onClick={() => setAsking('report')}
          disabled={report.isPending}
        >
          {t('messages.report')}
        </button>
      )}
      {asking === 'block' && (
        <ConfirmDialog
          title={t('messages.blockTitle', { username: otherName })}
          confirmLabel={t('messages.blockConfirm')}
          tone="danger"
          onConfirm={onBlock}
          onCancel={() => setAsking(null)}
        >
          <p className="mb-0">{t('messages.blockBody', { username: otherName })}</p>
        </ConfirmDialog>
      )}
      {asking === 'report' && (
        <ConfirmDialog
          title={t('messages.reportTitle')}
          confirmLabel={t('messages.reportConfirm')}
          tone="danger"
          onConfirm={onReport}
          onCancel={() => setAsking(null)}
        >
          <p>{t('messages.reportBody')}</p>
          <TextAreaField
            label={`${t('messages.reportNote')} (${t('common.optional')})`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            rows={3}
            className="mb-0"
          />
        </ConfirmDialog>
      )}
    </div>
  );
}
