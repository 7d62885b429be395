import { useId, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { BOOK_NAME_MAX_LENGTH } from '@common/rules/book-name';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from 'radix-ui';
import { toast } from '../../../lib/toast';
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH, NEW_BOOK_TOOL_ID, type Language } from '@common/constants';
import { bookTypeOf } from '@common/rules/book-type';
import { forcedLengthOf } from '@common/rules/forced-length';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { FormTextField } from '../../../components/form-text-field';
import { useAuth } from '../../../app/auth';
import { toastFirstError, useSchemaForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { writeTrialSession } from '../../../lib/trial-session';
import { useCreateBook } from '../api/create-book';
import { useLookups } from '../api/get-lookups';
import { useTools } from '../api/get-tools';
import { CoverUpload } from '../components/cover-upload';
import { ToolIcon } from '../components/tool-icon';
import { WaitingScreen } from '../components/waiting-screen';
import {
  checkCoverFile,
  clearTempCover,
  dataUrlToBlob,
  moveTempCoverTo,
  readAsDataUrl,
  readTempCover,
  saveTempCover,
} from '../lib/cover-storage';
import { effectiveLengthId, startFormSchema, type StartValues } from '../lib/validate';
import styles from './options-page.module.css';

/** Options for a new book (spec sections 2, 4, 5): cover, name, new or started, tool, type, text, length. */
export function OptionsPage() {
  const { t } = useTranslation('books');
  const { lang, serviceId = '1', categoryId = '1' } = useParams();
  const lng = lang as Language;
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const lookups = useLookups(categoryId, lng);
  const tools = useTools(lng);
  const create = useCreateBook();
  const ids = { description: useId(), subject: useId(), doc: useId() };

  const kind = bookTypeOf(Number(categoryId));
  const lengths = useMemo(() => lookups.data?.category_length_types ?? [], [lookups.data]);
  const toolList = useMemo(() => tools.data ?? [], [tools.data]);
  const schema = useMemo(() => startFormSchema(t, kind, lengths, toolList), [t, kind, lengths, toolList]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      book_name: '',
      new_book: true,
      tool_id: NEW_BOOK_TOOL_ID,
      type_id: null,
      length_id: null,
      description: '',
      subject: '',
      word_file: null,
    },
    // the choices are radio cards, not focusable inputs: the first invalid block is scrolled to instead
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const values = form.watch();
  const { new_book: newBook, tool_id: toolId, type_id: typeId, description, subject, word_file: wordFile } = values;
  /** A choice made: kept, and its message re-checked once the form has been submitted. */
  const choose = <K extends 'new_book' | 'tool_id' | 'type_id' | 'length_id' | 'word_file'>(name: K, value: StartValues[K]) =>
    form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted });
  const [coverPreview, setCoverPreview] = useState<string | null>(() => readTempCover());
  const [coverBlob, setCoverBlob] = useState<Blob | null>(() => {
    const stored = readTempCover();
    return stored ? dataUrlToBlob(stored) : null;
  });
  const [coverError, setCoverError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const category = lookups.data?.general_categories[0];
  const tool = toolList.find((x) => x.id === toolId) ?? null;
  const forcesOneLength = !newBook && !!tool?.forces_one_length;
  const visibleLengths = lengths.filter((l) => l.new_book === newBook);
  const forcedLength = forcedLengthOf(lengths);
  const visibleTools = (tools.data ?? []).filter((x) => x.id !== NEW_BOOK_TOOL_ID);

  // A forcing tool preselects its one length; otherwise a choice counts only while it is among the visible lengths.
  const lengthId = effectiveLengthId(values, lengths, toolList);

  const answered = kind === 'autobiography' ? description.trim() !== '' : subject.trim() !== '';
  const showStep2 = typeId !== null || answered;

  async function handleCover(file: File) {
    const check = checkCoverFile(file);
    if (check !== 'ok') {
      const message = t(check === 'too_big' ? 'options.image_too_big' : 'options.image_wrong_type');
      setCoverError(message);
      toast.error(message, { toastId: message });
      return;
    }
    setCoverError(null);
    const dataUrl = await readAsDataUrl(file);
    setCoverPreview(dataUrl);
    setCoverBlob(file);
    saveTempCover(dataUrl);
  }

  function handleRemoveCover() {
    setCoverPreview(null);
    setCoverBlob(null);
    clearTempCover();
  }

  function handleBookState(value: string) {
    const isNew = value === 'new';
    choose('new_book', isNew);
    choose('tool_id', isNew ? NEW_BOOK_TOOL_ID : null);
  }

  function handleInvalid(found: FieldErrors) {
    toastFirstError(found);
    window.requestAnimationFrame(() =>
      formRef.current?.querySelector('[data-invalid="true"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    );
  }

  async function submit(start: StartValues) {
    setWaiting(true);
    try {
      const book = await create.mutateAsync({
        asGuest: !isLoggedIn,
        serviceId: Number(serviceId),
        generalCategoryId: Number(categoryId),
        typeIds: [start.type_id!],
        lengthTypeId: effectiveLengthId(start, lengths, toolList)!,
        toolId: start.new_book ? NEW_BOOK_TOOL_ID : start.tool_id!,
        newBook: start.new_book,
        bookName: start.book_name.trim(),
        subject: kind === 'autobiography' ? '' : start.subject.trim(),
        description: kind === 'autobiography' ? start.description.trim() : '',
        wordFile: start.word_file,
        cover: coverBlob,
      });
      if (!isLoggedIn && book.guest_token) {
        const { guest_token, ...session } = book;
        writeTrialSession({ ...session, guest_token });
      }
      moveTempCoverTo(book.id);
      navigate(paths.questions(lng, book.id));
    } catch {
      // The API client has shown the server's message; the form stays as it was.
      setWaiting(false);
    }
  }

  if (lookups.isPending || tools.isPending) return <Loader />;
  if (lookups.isError || !category) {
    return (
      <Screen title={t('options.unavailable')}>
        <Button onClick={() => navigate(paths.generalCategories(lng, serviceId))}>{t('options.back_to_categories')}</Button>
      </Screen>
    );
  }

  const descriptionLength = description.trim().length;
  const counterState =
    descriptionLength >= DESCRIPTION_MAX_LENGTH ? styles.counterOver : descriptionLength >= DESCRIPTION_MIN_LENGTH ? styles.counterOk : '';

  return (
    <Screen title={t('options.title')} lead={category.name} width="normal">
      {waiting ? <WaitingScreen /> : null}
      <form ref={formRef} className={styles.form} onSubmit={(e) => void form.handleSubmit(submit, handleInvalid)(e)} noValidate>
        <section className={styles.section} aria-labelledby="step1">
          <h2 id="step1" className={styles.step}>
            {t('options.step', { n: 1 })}
          </h2>

          <div className={styles.identity}>
            <CoverUpload preview={coverPreview} onFile={(f) => void handleCover(f)} onRemove={handleRemoveCover} error={coverError} />
            <div className={styles.identityFields}>
              <FormTextField
                form={form}
                name="book_name"
                label={t('options.book_name')}
                hint={t('options.book_name_hint')}
                maxLength={BOOK_NAME_MAX_LENGTH}
              />
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>{t('options.book_state')}</legend>
                <RadioGroup.Root className={styles.stateChoices} value={newBook ? 'new' : 'existing'} onValueChange={handleBookState}>
                  <RadioGroup.Item value="new" className={styles.pill}>
                    <span className={styles.dot} aria-hidden="true">
                      <RadioGroup.Indicator className={styles.dotInner} />
                    </span>
                    {t('options.new_book')}
                  </RadioGroup.Item>
                  <RadioGroup.Item value="existing" className={styles.pill}>
                    <span className={styles.dot} aria-hidden="true">
                      <RadioGroup.Indicator className={styles.dotInner} />
                    </span>
                    {t('options.existing_book')}
                  </RadioGroup.Item>
                </RadioGroup.Root>
              </fieldset>
            </div>
          </div>

          {!newBook ? (
            <fieldset className={styles.fieldset} data-invalid={errors.tool_id ? 'true' : undefined}>
              <legend className={styles.heading}>{t('options.tool_title')}</legend>
              <RadioGroup.Root
                className={styles.cards}
                value={toolId ? String(toolId) : ''}
                onValueChange={(v) => choose('tool_id', Number(v))}
                aria-invalid={errors.tool_id ? true : undefined}
              >
                {visibleTools.map((x) => (
                  <RadioGroup.Item key={x.id} value={String(x.id)} className={`${styles.card} ${errors.tool_id ? styles.cardInvalid : ''}`}>
                    <span className={styles.cardIcon}>
                      <ToolIcon iconKey={x.icon_key} />
                    </span>
                    <span className={styles.cardName}>{x.name}</span>
                    <span className={styles.cardText}>{x.description}</span>
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
              {errors.tool_id ? (
                <p className={styles.error} role="alert">
                  {errors.tool_id.message}
                </p>
              ) : null}
            </fieldset>
          ) : null}

          <fieldset className={styles.fieldset} data-invalid={errors.type_id ? 'true' : undefined}>
            <legend className={styles.heading}>{t(`options.type_title.${kind}`)}</legend>
            <RadioGroup.Root
              className={styles.typeList}
              value={typeId ? String(typeId) : ''}
              onValueChange={(v) => choose('type_id', Number(v))}
              aria-invalid={errors.type_id ? true : undefined}
            >
              {groupTypes(lookups.data.category_based_types).map((group) => (
                <div key={group.title?.id ?? 0} className={styles.group} role="group" aria-label={group.title?.name}>
                  {group.title ? (
                    <div className={styles.groupTitle}>
                      <h3>{group.title.name}</h3>
                      {group.title.description ? <p>{group.title.description}</p> : null}
                    </div>
                  ) : null}
                  <div className={styles.cards}>
                    {group.types.map((type) => (
                      <RadioGroup.Item
                        key={type.id}
                        value={String(type.id)}
                        className={`${styles.card} ${errors.type_id ? styles.cardInvalid : ''}`}
                        data-testid={`type-${type.id}`}
                      >
                        <span className={styles.cardName}>{type.name}</span>
                        <span className={styles.cardText}>{type.description}</span>
                      </RadioGroup.Item>
                    ))}
                  </div>
                </div>
              ))}
            </RadioGroup.Root>
            {errors.type_id ? (
              <p className={styles.error} role="alert">
                {errors.type_id.message}
              </p>
            ) : null}
          </fieldset>

          <div className={styles.upload}>
            <label htmlFor={ids.doc} className={styles.heading}>
              {t('options.document_title')}
            </label>
            <p className={styles.muted}>{t('options.document_hint')}</p>
            <div className={styles.uploadRow}>
              <label className={styles.fileButton}>
                <input
                  id={ids.doc}
                  type="file"
                  accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                  className="visually-hidden"
                  data-testid="document-input"
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null;
                    if (file && !/\.docx?$/i.test(file.name)) {
                      toast.error(t('options.document_wrong_type'));
                    } else {
                      choose('word_file', file);
                      // a document stands in for the text: its message is re-checked
                      if (form.formState.isSubmitted) void form.trigger(kind === 'autobiography' ? 'description' : 'subject');
                    }
                    e.target.value = '';
                  }}
                />
                {t('options.document_choose')}
              </label>
              {wordFile ? (
                <span className={styles.fileName}>
                  {wordFile.name}
                  <button type="button" className={styles.linkButton} onClick={() => choose('word_file', null)}>
                    {t('options.document_remove')}
                  </button>
                </span>
              ) : (
                <span className={styles.muted}>{t('options.document_none')}</span>
              )}
            </div>
          </div>

          {kind === 'autobiography' ? (
            <div className={styles.block} data-invalid={errors.description ? 'true' : undefined}>
              <label htmlFor={ids.description} className={styles.heading}>
                {t('options.description_title')}
              </label>
              <p className={styles.muted}>{t('options.description_hint')}</p>
              <textarea
                id={ids.description}
                className={styles.textarea}
                rows={6}
                {...form.register('description')}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={`${ids.description}-counter`}
                placeholder={t('options.description_placeholder')}
              />
              <p id={`${ids.description}-counter`} className={`${styles.counter} ${counterState}`} aria-live="polite">
                {t('options.description_counter', {
                  count: descriptionLength,
                  min: DESCRIPTION_MIN_LENGTH,
                  max: DESCRIPTION_MAX_LENGTH - 1,
                })}
              </p>
              {errors.description ? (
                <p className={styles.error} role="alert">
                  {errors.description.message}
                </p>
              ) : null}
            </div>
          ) : (
            <div className={styles.block} data-invalid={errors.subject ? 'true' : undefined}>
              <label htmlFor={ids.subject} className={styles.heading}>
                {t(`options.subject_title.${kind}`)}
              </label>
              <p className={styles.muted}>{t(`options.subject_hint.${kind}`)}</p>
              <textarea
                id={ids.subject}
                className={styles.textarea}
                rows={3}
                maxLength={DESCRIPTION_MAX_LENGTH - 1}
                {...form.register('subject')}
                aria-invalid={errors.subject ? true : undefined}
                placeholder={t(`options.subject_placeholder.${kind}`)}
              />
              {errors.subject ? (
                <p className={styles.error} role="alert">
                  {errors.subject.message}
                </p>
              ) : null}
            </div>
          )}
        </section>

        {showStep2 ? (
          <section className={styles.section} aria-labelledby="step2" data-testid="step-2">
            <h2 id="step2" className={styles.step}>
              {t('options.step', { n: 2 })}
            </h2>
            {forcesOneLength ? (
              <p className={styles.forced}>{t('options.length_forced', { name: forcedLength?.name ?? '' })}</p>
            ) : (
              <fieldset className={styles.fieldset} data-invalid={errors.length_id ? 'true' : undefined}>
                <legend className={styles.heading}>{t('options.length_title')}</legend>
                <RadioGroup.Root
                  className={styles.cards}
                  value={lengthId ? String(lengthId) : ''}
                  onValueChange={(v) => choose('length_id', Number(v))}
                  aria-invalid={errors.length_id ? true : undefined}
                >
                  {visibleLengths.map((l) => (
                    <RadioGroup.Item
                      key={l.id}
                      value={String(l.id)}
                      className={`${styles.card} ${errors.length_id ? styles.cardInvalid : ''}`}
                      data-testid={`length-${l.id}`}
                    >
                      <span className={styles.cardName}>{l.name}</span>
                      <span className={styles.cardText}>{l.description}</span>
                    </RadioGroup.Item>
                  ))}
                </RadioGroup.Root>
                {errors.length_id ? (
                  <p className={styles.error} role="alert">
                    {errors.length_id.message}
                  </p>
                ) : null}
              </fieldset>
            )}
            <div className={styles.actions}>
              <Button type="submit" busy={waiting} className={styles.start}>
                {t('options.start_writing')}
              </Button>
              {!isLoggedIn ? <p className={styles.muted}>{t('options.guest_note')}</p> : null}
            </div>
          </section>
        ) : null}
      </form>
    </Screen>
  );
}

type TypeRow = { id: number; name: string; description: string; group_id: number; is_group_title: boolean };

/** Group title rows followed by their types → groups (types before any title form an untitled group). */
function groupTypes(rows: TypeRow[]): Array<{ title: TypeRow | null; types: TypeRow[] }> {
  const groups: Array<{ title: TypeRow | null; types: TypeRow[] }> = [];
  for (const row of rows) {
    if (row.is_group_title) groups.push({ title: row, types: [] });
    else {
      const group = groups.find((g) => g.title?.group_id === row.group_id) ?? groups[groups.length - 1];
      if (group) group.types.push(row);
      else groups.push({ title: null, types: [row] });
    }
  }
  return groups.filter((g) => g.types.length > 0);
}
