import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { UpsertUserBodySchema, type User } from '@common/schemas/auth';
import { useAuth } from '../../../app/auth';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { FormTextField } from '../../../components/form-text-field';
import { TextField } from '../../../components/text-field';
import { toastFirstError, useSchemaForm } from '../../../lib/form';
import { profileQueryKey, upsertUser, useProfile } from '../api/accounts';
import styles from '../components/auth.module.css';
import { serverError } from '../lib/errors';

const ProfileFormSchema = UpsertUserBodySchema.pick({ first_name: true, last_name: true, city: true });

/**
 * First name, last name and city; the e-mail is shown but cannot be changed. The other features'
 * sections come from the route (app/routes/profile-route.tsx): `orders` always, `accountSections`
 * once the profile has loaded.
 */
export function ProfilePage({ orders, accountSections }: { orders: ReactNode; accountSections: ReactNode }) {
  const { t } = useTranslation('auth');
  const { data: profile } = useProfile();
  const { logout } = useAuth();
  return (
    <Screen title={t('profile_title')} lead={t('profile_lead')} width="narrow">
      {profile ? <ProfileForm key={profile.id} profile={profile} /> : <Loader />}
      {orders}
      {profile ? accountSections : null}
      <p className={styles.centered}>
        <Button variant="ghost" onClick={() => void logout()}>
          {t('logout')}
        </Button>
      </p>
    </Screen>
  );
}

function ProfileForm({ profile }: { profile: User }) {
  const { t } = useTranslation('auth');
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const form = useSchemaForm(ProfileFormSchema, {
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, city: profile.city },
  });
  const [busy, setBusy] = useState(false);

  async function submit(values: { first_name: string; last_name: string; city: string }) {
    setBusy(true);
    try {
      const { user, message } = await upsertUser({ id: profile.id, ...values });
      setUser(user);
      queryClient.setQueryData(profileQueryKey, user);
      toast.success(message || t('user_updated'));
    } catch (error) {
      toast.error(serverError(error).message ?? t('profile_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.card}>
      <form className={styles.form} onSubmit={(e) => void form.handleSubmit(submit, toastFirstError)(e)} noValidate>
        <TextField label={t('email')} type="email" name="email" value={profile.email} disabled readOnly hint={t('email_locked')} />
        <div className={styles.row}>
          <FormTextField form={form} name="first_name" label={t('first_name')} autoComplete="given-name" maxLength={100} />
          <FormTextField form={form} name="last_name" label={t('last_name')} autoComplete="family-name" maxLength={100} />
        </div>
        <FormTextField form={form} name="city" label={t('city')} autoComplete="address-level2" maxLength={100} />
        <div className={styles.actions}>
          <Button type="submit" busy={busy}>
            {t('save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
