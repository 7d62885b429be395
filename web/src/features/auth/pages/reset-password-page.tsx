import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.reset_password')} />;
}
