import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function ManageSubscriptionsPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.manage_subscriptions')} />;
}
