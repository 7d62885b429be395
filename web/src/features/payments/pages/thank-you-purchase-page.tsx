import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function ThankYouPurchasePage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.thank_you_purchase')} />;
}
