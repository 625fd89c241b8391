import '../../styles/forms.scss';
import { useTranslation } from '../../i18n/use-translation';
import { translateMessage } from '../../lib/server-message';

type FieldErrorProps = { id: string; message: string | undefined };

// Form issues are message codes (shared schemas); they are shown, and announced, in the user's language.
export function FieldError({ id, message }: FieldErrorProps) {
  useTranslation();
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {translateMessage(message)}
    </div>
  );
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}
