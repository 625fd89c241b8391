import { useId, type FormEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/use-translation';

type DialogProps = {
  title: ReactNode;
  // The title's own classes beyond h5 (say, room for a badge).
  titleClassName?: string;
  children: ReactNode;
  // The buttons at the bottom; a Close button when none are given.
  footer?: ReactNode;
  onClose: () => void;
  // A form around the title, fields and buttons, sent by the footer's submit button (its default held back).
  onSubmit?: () => void;
  size?: 'lg';
  isScrollable?: boolean;
};

// The one dialog frame (react-bootstrap's Modal): centred, named by its h2 title, with a close button
// that says Close; Escape and the close button call onClose. The page that opens it loads its styles
// (styles/dialog.scss, or the admin's).
export function Dialog({
  title,
  titleClassName,
  children,
  footer,
  onClose,
  onSubmit,
  size,
  isScrollable = false,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit?.();
  }

  const content = (
    <>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title
          id={titleId}
          as="h2"
          className={titleClassName ? `h5 text-break ${titleClassName}` : 'h5 text-break'}
        >
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        {footer ?? (
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('common.close')}
          </button>
        )}
      </Modal.Footer>
    </>
  );
  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered size={size} scrollable={isScrollable}>
      {onSubmit ? (
        <form onSubmit={onFormSubmit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </Modal>
  );
}
