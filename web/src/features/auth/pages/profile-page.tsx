import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { User } from '@common/schemas/auth';
import { useAuth } from '../../../app/auth';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { profileQueryKey, upsertUser, useProfile } from '../api/accounts';
import styles from '../components/auth.module.css';
import { serverError } from '../lib/errors';

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
  const [values, setValues] = useState({ first_name: profile.first_name, last_name: profile.last_name, city: profile.city });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    for (const field of ['first_name', 'last_name', 'city'] as const) if (!values[field].trim()) found[field] = t('field_required');
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error(t('field_required'), { toastId: 'field_required' });
      return;
    }
    setBusy(true);
    try {
      const { user, message } = await upsertUser({
        id: profile.id,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        city: values.city.trim(),
      });
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
      <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
        <TextField label={t('email')} type="email" name="email" value={profile.email} disabled readOnly hint={t('email_locked')} />
        <div className={styles.row}>
          <TextField
            label={t('first_name')}
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={set('first_name')}
            error={errors.first_name}
            maxLength={100}
          />
          <TextField
            label={t('last_name')}
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={set('last_name')}
            error={errors.last_name}
            maxLength={100}
          />
        </div>
        <TextField
          label={t('city')}
          name="city"
          autoComplete="address-level2"
          value={values.city}
          onChange={set('city')}
          error={errors.city}
          maxLength={100}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={busy}>
            {t('save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
