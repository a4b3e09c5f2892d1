import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWatchlist, validateWatchlistName, type Watchlist } from '../../api/watchlists';
import { TextField } from '../../components/form-field';

/** A new watchlist's name: required, at most 40 characters, not the name of another list. */
export function CreateListForm({
  lists,
  onCreated,
}: {
  lists: readonly Watchlist[];
  onCreated: (list: Watchlist) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateWatchlist();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refusal = validateWatchlistName(name, lists);
    setError(refusal);
    if (refusal) return;
    const created = await create.submit({ name: name.trim() });
    if (created) {
      setName('');
      onCreated(created);
    }
  };

  return (
    <form
      className="form inline-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('favorite.newList')}
    >
      <TextField
        label={t('favorite.newListName')}
        placeholder={t('favorite.newListPlaceholder')}
        value={name}
        maxLength={60}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        error={error ? t(error) : undefined}
      />
      <button type="submit" className="button button--secondary" disabled={create.isPending}>
        {t('favorite.createList')}
      </button>
    </form>
  );
}
