import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function PaymentPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.payment')} />;
}
