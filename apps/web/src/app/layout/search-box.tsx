import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';

// spec §2: the header's search box. It only navigates; the search page reads ?q= itself.
// onSearch: told once a search is sent (the header folds its menu away).
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // On the search page the box shows the words being searched for; elsewhere it starts empty.
  const currentQuery = location.pathname === '/search' ? (searchParams.get('q') ?? '') : '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get('q');
    if (typeof query !== 'string' || query.trim() === '') return;
    onSearch?.();
    void navigate(`/search?${new URLSearchParams({ q: query.trim() }).toString()}`);
  }

  // A GET form to /search: it works before the scripts arrive (decision 060).
  return (
    <form
      role="search"
      method="get"
      action="/search"
      className="header-search d-flex mt-2 mt-lg-0 mx-lg-3"
      onSubmit={onSubmit}
    >
      <label htmlFor="header-search" className="visually-hidden">
        {t('header.searchLabel')}
      </label>
      <input
        id="header-search"
        key={currentQuery}
        name="q"
        type="search"
        defaultValue={currentQuery}
        className="form-control"
        placeholder={t('header.searchPlaceholder')}
        enterKeyHint="search"
      />
      <button type="submit" className="btn btn-primary ms-2">
        <SearchIcon />
        <span className="visually-hidden">{t('header.searchSubmit')}</span>
      </button>
    </form>
  );
}
