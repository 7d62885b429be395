import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '../../../lib/toast';
import { LANGUAGES, type Language } from '@common/constants';
import { CreateInvitationBodySchema, FAMILY } from '@common/schemas/family';
import type { Chapter } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useFamilyActions } from '../api/author-calls';
import styles from '../family.module.css';

// checkboxes give their values as strings
const InviteFieldsSchema = CreateInvitationBodySchema.omit({ service_session_id: true }).extend({
  question_ids: z.array(z.coerce.number()).max(100).default([]),
});
type InviteInput = z.input<typeof InviteFieldsSchema>;
type InviteOutput = z.output<typeof InviteFieldsSchema>;

/**
 * Inviting a relative: who they are to the author (as it should read in the book), the language of
 * their page, a personal message, and what they may do — answer chosen questions of a chapter (none
 * chosen: memories of the whole chapter) or only read it. The shared schema validates both sides.
 */
export function InviteForm({
  bookId,
  chapters,
  lng,
  onInvited,
}: {
  bookId: number;
  chapters: Chapter[];
  lng: Language;
  onInvited: (url: string) => void;
}) {
  const { t } = useTranslation('family');
  const { invite } = useFamilyActions(bookId);
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(InviteFieldsSchema),
    defaultValues: {
      contributor_name: '',
      relation: '',
      email: null,
      language: lng,
      message: '',
      permission: 'answer',
      chapter_id: chapters[0]?.id,
      question_ids: [],
    },
  });
  const chapterId = Number(useWatch({ control: form.control, name: 'chapter_id' }));
  const permission = useWatch({ control: form.control, name: 'permission' });
  const chapter = chapters.find((c) => c.id === chapterId) ?? chapters[0];
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    const created = await invite.mutateAsync({ ...values, email: values.email || null }).catch(() => null);
    if (!created) return;
    toast.success(t('invite.created', { name: created.contributor_name }), { toastId: 'family-invited' });
    form.reset({ ...values, contributor_name: '', relation: '', email: null, message: '', question_ids: [] });
    onInvited(created.url);
  });

  return (
    <form className={styles.invite} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.pair}>
        <TextField
          label={t('invite.name')}
          maxLength={FAMILY.nameMax}
          error={errors.contributor_name && t('invite.required')}
          {...form.register('contributor_name')}
        />
        <TextField
          label={t('invite.relation')}
          hint={t('invite.relation_hint')}
          maxLength={FAMILY.relationMax}
          error={errors.relation && t('invite.required')}
          {...form.register('relation')}
        />
      </div>
      <TextField
        label={t('invite.email')}
        hint={t('invite.email_hint')}
        type="email"
        error={errors.email && t('invite.email_invalid')}
        {...form.register('email', { setValueAs: (value: string | null) => value?.trim() || null })}
      />
      <label className={styles.field}>
        <span>{t('invite.language')}</span>
        <select {...form.register('language')}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`invite.languages.${language}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{t('invite.message')}</span>
        <textarea
          className={styles.textarea}
          rows={3}
          maxLength={FAMILY.messageMax}
          placeholder={t('invite.message_placeholder')}
          {...form.register('message')}
        />
      </label>
      <fieldset className={styles.choices}>
        <legend>{t('invite.permission')}</legend>
        <label>
          <input type="radio" value="answer" {...form.register('permission')} /> {t('invite.permission_answer')}
        </label>
        <label>
          <input type="radio" value="read" {...form.register('permission')} /> {t('invite.permission_read')}
        </label>
      </fieldset>
      <label className={styles.field}>
        <span>{t('invite.chapter')}</span>
        <select {...form.register('chapter_id', { valueAsNumber: true, onChange: () => form.setValue('question_ids', []) })}>
          {chapters.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {permission === 'answer' && chapter ? (
        <fieldset className={styles.choices}>
          <legend>{t('invite.questions')}</legend>
          <p className={styles.hint}>{t('invite.questions_hint')}</p>
          {chapter.questions.map((question) => (
            <label key={question.id}>
              <input
                type="checkbox"
                value={question.id}
                {...form.register('question_ids', { setValueAs: (ids: string[] | false) => (ids || []).map(Number) })}
              />{' '}
              {question.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={invite.isPending}>
          {t('invite.submit')}
        </Button>
      </div>
    </form>
  );
}
