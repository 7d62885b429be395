import { useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { BOOK_NAME_MAX_LENGTH } from '@common/rules/book-name';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NEW_BOOK_TOOL_ID, type Language } from '@common/constants';
import { bookTypeOf } from '@common/rules/book-type';
import { forcedLengthOf } from '@common/rules/forced-length';
import type { CategoryLengthType, Tool } from '@common/schemas/catalog';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { FormTextField } from '../../../components/form-text-field';
import { useAuth } from '../../../app/auth';
import { toastFirstError } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useLookups } from '../api/get-lookups';
import { useTools } from '../api/get-tools';
import { BookIdeaField } from '../components/book-idea-field';
import { BookStateChoice } from '../components/book-state-choice';
import { BookTypeChoice } from '../components/book-type-choice';
import { ChoiceCards } from '../components/choice-cards';
import { CoverUpload } from '../components/cover-upload';
import { DocumentChoice } from '../components/document-choice';
import { ToolIcon } from '../components/tool-icon';
import { WaitingScreen } from '../components/waiting-screen';
import { useCoverChoice } from '../hooks/use-cover-choice';
import { useStartBook } from '../hooks/use-start-book';
import { useStartForm } from '../hooks/use-start-form';
import { effectiveLengthId } from '../lib/validate';
import styles from '../components/options-form.module.css';

const NO_LENGTHS: CategoryLengthType[] = [];
const NO_TOOLS: Tool[] = [];

/** Options for a new book (spec sections 2, 4, 5): cover, name, new or started, tool, type, text, length. */
export function OptionsPage() {
  const { t } = useTranslation('books');
  const { lang, serviceId = '1', categoryId = '1' } = useParams();
  const lng = lang as Language;
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const lookups = useLookups(categoryId, lng);
  const tools = useTools(lng);

  const kind = bookTypeOf(Number(categoryId));
  const lengths = lookups.data?.category_length_types ?? NO_LENGTHS;
  const toolList = tools.data ?? NO_TOOLS;
  const { form, choose } = useStartForm(kind, lengths, toolList);
  const cover = useCoverChoice();
  const { start, waiting } = useStartBook({
    lng,
    serviceId,
    categoryId,
    kind,
    lengths,
    tools: toolList,
    isLoggedIn,
  });
  const formRef = useRef<HTMLFormElement>(null);

  const { errors } = form.formState;
  const values = form.watch();
  const { new_book: newBook, tool_id: toolId, type_id: typeId, description, subject } = values;
  const category = lookups.data?.general_categories[0];
  const tool = toolList.find((x) => x.id === toolId) ?? null;
  const forcesOneLength = !newBook && !!tool?.forces_one_length;
  // A forcing tool preselects its one length; otherwise a choice counts only while it is among the visible lengths.
  const lengthId = effectiveLengthId(values, lengths, toolList);
  const answered = kind === 'autobiography' ? description.trim() !== '' : subject.trim() !== '';
  const showStep2 = typeId !== null || answered;

  function chooseBookState(isNew: boolean) {
    choose('new_book', isNew);
    choose('tool_id', isNew ? NEW_BOOK_TOOL_ID : null);
  }

  function showInvalid(found: FieldErrors) {
    toastFirstError(found);
    window.requestAnimationFrame(() =>
      formRef.current?.querySelector('[data-invalid="true"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    );
  }

  function pickDocument(file: File | null) {
    choose('word_file', file);
    // a document stands in for the text: its message is re-checked
    if (form.formState.isSubmitted) {
      void form.trigger(kind === 'autobiography' ? 'description' : 'subject');
    }
  }

  if (lookups.isPending || tools.isPending) return <Loader fillsScreen />;
  if (lookups.isError || !category) {
    return (
      <Screen title={t('options.unavailable')}>
        <Button onClick={() => navigate(paths.generalCategories(lng, serviceId))}>{t('options.back_to_categories')}</Button>
      </Screen>
    );
  }

  return (
    <Screen title={t('options.title')} lead={category.name} width="normal">
      {waiting ? <WaitingScreen /> : null}
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={(e) => void form.handleSubmit((chosen) => start(chosen, cover.blob), showInvalid)(e)}
        noValidate
      >
        <section className={styles.section} aria-labelledby="step1">
          <h2 id="step1" className={styles.step}>
            {t('options.step', { n: 1 })}
          </h2>

          <div className={styles.identity}>
            <CoverUpload preview={cover.preview} onFile={(f) => void cover.choose(f)} onRemove={cover.remove} error={cover.error} />
            <div className={styles.identityFields}>
              <FormTextField
                form={form}
                name="book_name"
                label={t('options.book_name')}
                hint={t('options.book_name_hint')}
                maxLength={BOOK_NAME_MAX_LENGTH}
              />
              <BookStateChoice newBook={newBook} onChange={chooseBookState} />
            </div>
          </div>

          {!newBook ? (
            <ChoiceCards
              legend={t('options.tool_title')}
              options={toolList.filter((x) => x.id !== NEW_BOOK_TOOL_ID)}
              value={toolId}
              onChoose={(id) => choose('tool_id', id)}
              error={errors.tool_id?.message}
              icon={(x) => <ToolIcon iconKey={x.icon_key} />}
            />
          ) : null}

          <BookTypeChoice
            legend={t(`options.type_title.${kind}`)}
            types={lookups.data.category_based_types}
            value={typeId}
            onChoose={(id) => choose('type_id', id)}
            error={errors.type_id?.message}
          />

          <DocumentChoice file={values.word_file} onPick={pickDocument} onRemove={() => choose('word_file', null)} />

          <BookIdeaField form={form} kind={kind} />
        </section>

        {showStep2 ? (
          <section className={styles.section} aria-labelledby="step2" data-testid="step-2">
            <h2 id="step2" className={styles.step}>
              {t('options.step', { n: 2 })}
            </h2>
            {forcesOneLength ? (
              <p className={styles.forced}>
                {t('options.length_forced', {
                  name: forcedLengthOf(lengths)?.name ?? '',
                })}
              </p>
            ) : (
              <ChoiceCards
                legend={t('options.length_title')}
                options={lengths.filter((l) => l.new_book === newBook)}
                value={lengthId}
                onChoose={(id) => choose('length_id', id)}
                error={errors.length_id?.message}
                testIdPrefix="length"
              />
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
