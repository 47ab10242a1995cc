/** The shop search box: filters 500 ms after typing stops (state/home.ts); a clear button when not empty. */
import { useId } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { useTypedEarly } from '../../components/typed-early.ts';
import { clearQuery, query, setQuery } from '../../state/home.ts';
import { t } from '../../state/i18n.ts';

export function SearchBox() {
  useSignals();
  const id = useId();
  // What was typed into the server's markup before the app took it over searches too.
  const input = useTypedEarly((el) => el.value, query.value, setQuery);
  return (
    // browsers before 2023 give the <search> element no role; the explicit role works in all of them.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div className="home-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        {t('home.search.label')}
      </label>
      <span className="home-search-icon" aria-hidden="true">
        <Icon name="search" size={20} />
      </span>
      <input
        id={id}
        ref={input}
        className="input home-search-input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('home.search.placeholder')}
        value={query.value}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {query.value && (
        <button
          type="button"
          className="icon-button home-search-clear"
          aria-label={t('home.search.clear')}
          onClick={() => {
            clearQuery();
            input.current?.focus();
          }}
        >
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
