import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function AudiobookPaymentPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.audiobook_payment')} />;
}
