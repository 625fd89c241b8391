import NavDropdown from 'react-bootstrap/NavDropdown';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LANGUAGES, type Language } from '@marketplace/shared/constants';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';

// spec §2: the language menu (EN, FR, ES). A dropdown, so arrow keys and Escape work as expected.
export function LanguageMenu() {
  const { t } = useTranslation();
  const language = currentLanguage();

  function onChoose(chosen: Language) {
    changeLanguage(chosen).catch(() => toast.error(t('network.unreachable')));
  }

  return (
    <NavDropdown
      id="language-menu"
      align="end"
      title={
        <>
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <span className="visually-hidden">
            {t('language.menuLabel', { language: t(`language.${language}`) })}
          </span>
        </>
      }
    >
      {LANGUAGES.map((option) => (
        <NavDropdown.Item
          key={option}
          as="button"
          lang={option}
          active={option === language}
          aria-current={option === language ? 'true' : undefined}
          onClick={() => onChoose(option)}
        >
          {option.toUpperCase()} · {t(`language.${option}`)}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
