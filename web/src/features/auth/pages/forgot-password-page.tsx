import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.forgot_password')} />;
}
