import { useEffect, useId, useState, type ComponentType, type FormEvent } from 'react';
import type { Language } from '@common/constants';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ANSWER_MAX_LENGTH, MAX_IMAGE_BYTES } from '@common/constants';
import type { ContributorView } from '@common/schemas/family';
import { SaveContributionFieldsSchema } from '@common/schemas/family';
import { Button } from '../../../components/button';
import { contributorPhotoUrl, useContributionActions } from '../api/contributor-calls';
import styles from '../family.module.css';

type Own = ContributorView['contributions'][number];

/**
 * The relative's microphone beside the text box: the author's recorder (voice feature), sending
 * through the link; composed by the route (app/routes/contribute-route.tsx).
 */
export type RelativeDictation = ComponentType<{ value: string; onChange: (value: string) => void; token: string; lng: Language }>;

/**
 * One answer of a relative: to a question (with its nudges), or their memory of the whole chapter.
 * Editable until the author uses it; a photo follows the book's image rules.
 */
export function ContributionForm({
  token,
  author,
  questionId,
  label,
  nudges,
  own,
  language,
  Dictation,
}: {
  token: string;
  author: string;
  questionId: number | null;
  label: string;
  nudges: string[];
  own: Own | undefined;
  /** The link's language: the one the relative speaks. */
  language: Language;
  Dictation?: RelativeDictation;
}) {
  const { t } = useTranslation('family');
  const id = useId();
  const actions = useContributionActions(token);
  const [text, setText] = useState(own?.text ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const used = own?.status === 'accepted' || own?.status === 'quoted';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!SaveContributionFieldsSchema.safeParse({ question_id: questionId, text }).success) {
      setError(t('form.empty'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await actions.save({ question_id: questionId, text: text.trim(), photo });
      setPhoto(null);
      toast.success(t('form.saved_toast', { author }), { toastId: `family-saved-${questionId ?? 'chapter'}` });
    } catch {
      // the API client shows the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.answer} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-text`} className={styles.question}>
        {label}
      </label>
      {nudges.length > 0 ? (
        <div className={styles.nudges}>
          <p className={styles.nudgesTitle}>{t('form.nudges')}</p>
          <ul>
            {nudges.map((nudge) => (
              <li key={nudge}>{nudge}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <textarea
        id={`${id}-text`}
        className={styles.textarea}
        value={text}
        maxLength={ANSWER_MAX_LENGTH}
        rows={6}
        readOnly={used}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('form.placeholder')}
      />
      <p id={`${id}-count`} className={text.length >= ANSWER_MAX_LENGTH ? styles.countFull : styles.count}>
        {t('form.count', { count: text.length, max: ANSWER_MAX_LENGTH })}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {Dictation && !used ? <Dictation value={text} onChange={setText} token={token} lng={language} /> : null}
      {own?.has_photo ? <SavedPhoto token={token} contributionId={own.id} /> : null}
      {used ? (
        <p className={styles.status}>{t('form.used', { author })}</p>
      ) : (
        <>
          <PhotoPicker photo={photo} onChange={setPhoto} hasSaved={Boolean(own?.has_photo)} />
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              {own ? t('form.update') : t('form.save')}
            </Button>
            {own && !confirmRemove ? (
              <Button type="button" variant="secondary" onClick={() => setConfirmRemove(true)}>
                {t('form.remove')}
              </Button>
            ) : null}
          </div>
          {own ? <p className={styles.status}>{t('form.pending', { author })}</p> : null}
        </>
      )}
      {own && confirmRemove ? (
        <div className={styles.confirm} role="group" aria-label={t('form.remove_question')}>
          <p>{t('form.remove_question')}</p>
          <div className={styles.actions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() =>
                void actions
                  .remove(own.id)
                  .then(() => {
                    setText('');
                    setConfirmRemove(false);
                  })
                  .catch(() => undefined)
              }
            >
              {t('form.remove_yes')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirmRemove(false)}>
              {t('form.remove_no')}
            </Button>
          </div>
        </div>
      ) : null}
    </form>
  );
}

function PhotoPicker({ photo, onChange, hasSaved }: { photo: File | null; onChange: (file: File | null) => void; hasSaved: boolean }) {
  const { t } = useTranslation('family');
  const id = useId();
  return (
    <div className={styles.photo}>
      <input
        id={id}
        className={styles.fileInput}
        type="file"
        accept="image/jpeg,image/png"
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          if (file && file.size > MAX_IMAGE_BYTES) {
            toast.error(t('form.photo_too_big'), { toastId: 'family-photo-too-big' });
            event.target.value = '';
            onChange(null);
            return;
          }
          onChange(file);
        }}
      />
      <label htmlFor={id} className={styles.fileButton}>
        {hasSaved ? t('form.photo_replace') : t('form.photo')}
      </label>
      <p className={styles.hint}>{photo ? t('form.photo_chosen', { name: photo.name }) : t('form.photo_rules')}</p>
    </div>
  );
}

function SavedPhoto({ token, contributionId }: { token: string; contributionId: number }) {
  const { t } = useTranslation('family');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    contributorPhotoUrl(token, contributionId)
      .then((objectUrl) => {
        made = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [token, contributionId]);
  return url ? <img className={styles.thumbnail} src={url} alt={t('form.photo_alt')} /> : null;
}
